//! The table as a web page draws it (`silk play splendor --serve`): the face-up cards with
//! their colour, prestige and cost; the nobles, cities and trading posts; every player's public
//! holdings; and, for the seat asked, its moves tied to the cards and gems they act on, each
//! with a label that names the card and what would be paid.
//!
//! Built for one viewer, a seat or the public (`None`): what the viewer may not know stays out,
//! exactly as in [`crate::View`] — another player's blind reserve is only the deck it came
//! from, and no deck's order is shown. `page_depends_only_on_what_the_viewer_knows` checks it.

mod moves;
mod question;

pub use moves::{action_words, card_name};
pub use question::question;

use crate::action::pos_name;
use crate::colour::{token_name, Colour};
use crate::data::Effect;
use crate::engine::cards;
use crate::history::city_words;
use crate::notation::deck_name;
use crate::rules::{Rules, NONE, SLOTS};
use crate::state::{Phase, State};
use crate::text::power_text;
use crate::text::{effect_words, Mood};
use moves::describe;
use serde::Serialize;
use silk_core::Seat;

/// The script that draws a [`Page`] on a web page (`silk play splendor --serve`) and its
/// styles, kept beside the page's shape so that the two change together. The server knows no
/// game: the command line's adapter hands these to it.
pub const SCRIPT: &str = include_str!("../../assets/board.js");
pub const STYLE: &str = include_str!("../../assets/board.css");

/// Everything the page draws, for one viewer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Page {
    /// Which renderer draws it.
    pub kind: &'static str,
    pub round: u16,
    /// Whose turn it is (from 1).
    pub current: u8,
    /// The viewer's seat (from 1), `None` for the public.
    pub you: Option<u8>,
    /// The game ends when this round is complete.
    pub ending: bool,
    pub over: bool,
    pub token_limit: u8,
    pub prestige_to_end: u8,
    /// The letters the narration uses, each with its colour's name and gem.
    pub legend: Vec<Legend>,
    /// The supply: five colours, then gold.
    pub supply: [u8; 6],
    /// Level 3 first, as on the table.
    pub levels: Vec<Level>,
    pub nobles: Vec<NobleTile>,
    pub cities: Vec<CityTile>,
    pub posts: Vec<PostTile>,
    /// Seat order; the viewer's own entry has its reserved cards face up.
    pub players: Vec<Holdings>,
    /// The viewer's moves when it is asked (empty otherwise).
    pub moves: Vec<Move>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Legend {
    pub letter: char,
    pub name: &'static str,
    pub gem: &'static str,
}

/// A development card face.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Face {
    pub id: u8,
    /// 1 to 3.
    pub level: u8,
    /// Its bonus colour; `"gold"` for an Orient gold card, `"join"` for a join card.
    pub colour: &'static str,
    /// Bonuses it gives (2 for an Orient double).
    pub bonus: u8,
    pub points: u8,
    /// Gems per colour (white, blue, green, red, black).
    pub cost: [u8; 5],
    pub orient: bool,
    /// An Orient effect in words.
    pub effect: Option<String>,
}

/// A face-up place and its card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Slot {
    /// `1a`…`3f`: what a move names.
    pub place: String,
    pub card: Face,
    /// Strongholds on it: `(seat from 1, count)`.
    pub strongholds: Vec<(u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Level {
    pub level: u8,
    /// Cards left in the level's deck (and its Orient deck, with the module).
    pub deck: u8,
    pub orient_deck: Option<u8>,
    pub cards: Vec<Slot>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NobleTile {
    /// From 1, as `noble N` names it.
    pub place: u8,
    pub points: u8,
    pub requires: [u8; 5],
    /// Who received it, who reserved it (seats from 1).
    pub holder: Option<u8>,
    pub reserved_by: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CityTile {
    /// From 1, as `city N` names it.
    pub place: u8,
    pub points: u8,
    pub requires: [u8; 5],
    /// Bonuses of distinct other colours asked besides.
    pub any: Vec<u8>,
    pub text: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PostTile {
    pub place: u8,
    pub power: &'static str,
    pub requires: [u8; 5],
    pub nobles: u8,
    /// Whether the game has nobles at all (The Cities has none: a post that needs one
    /// cannot be taken).
    pub nobles_in_play: bool,
    /// Seats (from 1) with a coat of arms on it.
    pub holders: Vec<u8>,
}

/// A reserved card as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ReservedCard {
    Card {
        /// `r1`…`r3`: what a move names.
        place: String,
        card: Face,
    },
    /// Drawn blind by another player: only the deck is known.
    Hidden { place: String, deck: String },
}

/// A player's public holdings (and, for the viewer, its reserved cards).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Holdings {
    pub seat: u8,
    pub you: bool,
    pub prestige: u8,
    pub cards: u8,
    /// Tokens: five colours, then gold.
    pub tokens: [u8; 6],
    pub held: u32,
    pub bonus: [u8; 5],
    pub nobles: u8,
    pub gold_cards: u8,
    pub reserved: Vec<ReservedCard>,
    pub city: Option<String>,
    /// Strongholds still in front of the player.
    pub strongholds: u8,
}

/// One legal move of the viewer, tied to what it acts on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Move {
    /// The entry to send (the action's text).
    pub text: String,
    /// `take`, `buy`, `reserve`, `return`, `noble`, `city`, `post`, `gem`, the strongholds'
    /// `place`, `move` and `remove`, or `other`.
    pub kind: &'static str,
    /// What it acts on: a place (`2c`, `r1`), `deck 2`, `noble 1`, a colour name… (a
    /// stronghold's move: the card it goes to).
    pub at: Option<String>,
    /// A stronghold moved: the place it leaves, and that card as a button names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from_card: Option<String>,
    /// Gems taken or given back, by colour name (a take, a return, a gem).
    pub colours: Vec<&'static str>,
    /// What a purchase pays: tokens per kind (five colours, then gold) and gold cards.
    pub pay: Option<[u8; 6]>,
    pub gold_cards: u8,
    /// The move in words, naming the card: a button's text.
    pub label: String,
}

fn seat_no(p: u8) -> Option<u8> {
    (p != NONE).then(|| p + 1)
}

fn face(r: &Rules, id: u8) -> Face {
    let c = r.card(id);
    let colour = match c.effect {
        _ if (c.bonus as usize) < 5 => token_name(c.bonus as usize),
        Effect::Gold => "gold",
        _ => "join",
    };
    let effect = effect_words(c.effect, c.sacrifice, Mood::Do);
    Face {
        id,
        level: c.level + 1,
        colour,
        bonus: c.bonus_count,
        points: c.points,
        cost: c.cost,
        orient: c.orient,
        effect,
    }
}

/// The page for `viewer` (a seat, or `None` for the public table).
pub fn page(s: &State, viewer: Option<Seat>) -> Page {
    let r = &s.rules;
    let me = viewer.map(|v| v.index());
    let moves = viewer.map_or_else(Vec::new, |seat| {
        let mut legal = Vec::new();
        crate::engine::legal(s, seat, &mut legal);
        legal
            .iter()
            .map(|&a| describe(s, seat.index(), a, true))
            .collect()
    });
    Page {
        kind: "splendor",
        round: s.round,
        current: s.current + 1,
        you: viewer.map(|v| v.0 + 1),
        ending: s.ending,
        over: s.phase == Phase::Over,
        token_limit: r.config.params.token_limit,
        prestige_to_end: r.config.params.prestige_to_end,
        legend: Colour::ALL
            .iter()
            .map(|c| Legend {
                letter: c.letter(),
                name: c.name(),
                gem: ["diamond", "sapphire", "emerald", "ruby", "onyx"][c.index()],
            })
            .collect(),
        supply: s.bank,
        levels: levels(s),
        nobles: nobles(s),
        cities: cities(s),
        posts: posts(s),
        players: (0..s.players()).map(|p| holdings(s, p, me)).collect(),
        moves,
    }
}

/// The three rows of face-up cards, level 3 first, each card with its strongholds.
fn levels(s: &State) -> Vec<Level> {
    let r = &s.rules;
    let n = s.players();
    (0..3u8)
        .rev()
        .map(|level| Level {
            level: level + 1,
            deck: s.decks.len[level as usize],
            orient_deck: r.orient.then(|| s.decks.len[3 + level as usize]),
            cards: cards::places(s)
                .filter(|&p| p as usize / SLOTS == level as usize)
                .filter_map(|pos| {
                    let id = cards::card_at(s, pos);
                    (id != NONE).then(|| Slot {
                        place: pos_name(pos),
                        card: face(r, id),
                        strongholds: s
                            .strongholds_at(pos)
                            .iter()
                            .take(n)
                            .enumerate()
                            .filter(|(_, &k)| k > 0)
                            .map(|(p, &k)| (p as u8 + 1, k))
                            .collect(),
                    })
                })
                .collect(),
        })
        .collect()
}

/// The nobles on the table (none with the Cities module, which replaces them).
fn nobles(s: &State) -> Vec<NobleTile> {
    let r = &s.rules;
    if r.cities_module {
        return Vec::new();
    }
    (0..s.nobles.len())
        .filter(|&i| s.nobles[i] != NONE)
        .map(|i| {
            let k = &r.nobles[s.nobles[i] as usize];
            NobleTile {
                place: i as u8 + 1,
                points: k.points,
                requires: k.requires,
                holder: seat_no(s.noble_holder[i]),
                reserved_by: seat_no(s.noble_reserver[i]),
            }
        })
        .collect()
}

/// The cities on the table (Cities module only).
fn cities(s: &State) -> Vec<CityTile> {
    let r = &s.rules;
    if !r.cities_module {
        return Vec::new();
    }
    (0..s.cities.len())
        .filter(|&i| s.cities[i] != NONE)
        .map(|i| {
            let c = &r.cities[s.cities[i] as usize];
            CityTile {
                place: i as u8 + 1,
                points: c.points,
                requires: c.requires,
                any: c.any.iter().copied().filter(|&a| a > 0).collect(),
                text: city_words(r, s.cities[i]),
            }
        })
        .collect()
}

/// The trading posts and who holds each (Trading Posts module only).
fn posts(s: &State) -> Vec<PostTile> {
    let r = &s.rules;
    if !r.posts_module {
        return Vec::new();
    }
    r.posts
        .iter()
        .enumerate()
        .map(|(i, post)| PostTile {
            place: i as u8 + 1,
            power: power_text(post.power),
            requires: post.requires,
            nobles: post.nobles,
            nobles_in_play: !r.cities_module,
            holders: (0..s.players())
                .filter(|&p| s.posts[p] >> i & 1 == 1)
                .map(|p| p as u8 + 1)
                .collect(),
        })
        .collect()
}

/// Player `p`'s public holdings as viewer `me` sees them: its reserved cards face up to
/// itself, a blind reserve only as the deck it came from to anyone else.
fn holdings(s: &State, p: usize, me: Option<usize>) -> Holdings {
    let r = &s.rules;
    Holdings {
        seat: p as u8 + 1,
        you: me == Some(p),
        prestige: s.prestige[p],
        cards: s.card_count[p],
        tokens: s.tokens[p],
        held: s.tokens_held(p),
        bonus: s.bonus[p],
        nobles: s.nobles_held[p],
        gold_cards: s.gold_cards[p],
        reserved: (0..3)
            .filter(|&k| s.reserved[p][k] != NONE)
            .map(|k| {
                let id = s.reserved[p][k];
                let place = format!("r{}", k + 1);
                if me != Some(p) && s.blind[p] >> k & 1 == 1 {
                    let c = r.card(id);
                    let deck = c.level + if c.orient { 3 } else { 0 };
                    ReservedCard::Hidden {
                        place,
                        deck: deck_name(deck),
                    }
                } else {
                    ReservedCard::Card {
                        place,
                        card: face(r, id),
                    }
                }
            })
            .collect(),
        city: (s.city_of[p] != NONE).then(|| city_words(r, s.city_of[p])),
        strongholds: if r.strongholds {
            s.strongholds[p]
                .iter()
                .take(r.strongholds_per_player as usize)
                .filter(|&&x| x == NONE)
                .count() as u8
        } else {
            0
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::colour::GOLD;
    use crate::{Module, Splendor, SplendorConfig};
    use silk_core::{Game, SilkRng};

    /// Plays `steps` random moves of a game with `modules`, calling `check` at every state.
    fn walk(modules: &[Module], seed: u64, steps: usize, mut check: impl FnMut(&State)) {
        let config = SplendorConfig::new(3).with_modules(modules);
        let mut s = Splendor::setup(&config, seed).unwrap();
        let mut rng = SilkRng::seed_from(seed);
        let mut legal = Vec::new();
        for _ in 0..steps {
            check(&s);
            let silk_core::ToMove::Seat(seat) = Splendor::to_move(&s) else {
                break;
            };
            Splendor::legal_actions(&s, seat, &mut legal);
            let a = legal[rng.index(legal.len())];
            Splendor::apply(&mut s, seat, a).unwrap();
        }
    }

    /// Issue 34: no seat's page (and not the public page) carries what its viewer may not
    /// know: resampling everything hidden from a seat leaves that seat's page as it was, and
    /// resampling what any seat hides leaves the public page as it was.
    #[test]
    fn issue34_page_depends_only_on_what_the_viewer_knows() {
        let mut rng = SilkRng::seed_from(9);
        let mut blind = 0;
        for (seed, modules) in [
            (1, &[][..]),
            (2, &[Module::Orient][..]),
            (3, &[Module::Cities][..]),
            (4, &[Module::Strongholds][..]),
            (5, &[Module::TradingPosts][..]),
        ] {
            walk(modules, seed, 250, |s| {
                blind += (0..s.players()).filter(|&p| s.blind[p] != 0).count();
                let public = page(s, None);
                for k in 0..s.players() {
                    let seat = Seat(k as u8);
                    let other = Splendor::determinize(s, seat, &mut rng);
                    assert_eq!(page(s, Some(seat)), page(&other, Some(seat)));
                    assert_eq!(public, page(&other, None));
                    assert_eq!(question(s, Some(seat)), question(&other, Some(seat)));
                }
            });
        }
        assert!(blind > 0, "some games had blind reserves to hide");
    }

    /// Issue 34: the page draws cards (colour, prestige, cost), and every move of the seat
    /// asked is tied to a card or gems with a label naming the card, never a slot alone; a
    /// purchase says what it pays, gold included.
    #[test]
    fn issue34_moves_name_cards_and_what_is_paid() {
        let mut bought_with_gold = 0;
        walk(&[], 11, 400, |s| {
            let seat = s.seat();
            let p = page(s, Some(seat));
            if p.over {
                return;
            }
            assert_eq!(p.levels.len(), 3);
            assert_eq!(p.levels[0].level, 3);
            for m in &p.moves {
                assert!(!m.label.is_empty(), "{m:?}");
                match m.kind {
                    "buy" | "reserve" if !m.text.contains("deck") => {
                        assert!(m.label.contains("card"), "{m:?}");
                        assert!(!m.label.contains(m.at.as_deref().unwrap()), "{m:?}");
                    }
                    _ => {}
                }
                if m.kind == "buy" {
                    let pay = m.pay.expect("a purchase says what it pays");
                    if pay[GOLD] > 0 {
                        bought_with_gold += 1;
                        assert!(m.label.contains("gold"), "{m:?}");
                    }
                }
            }
        });
        assert!(bought_with_gold > 0, "some purchase used gold");
    }

    /// Issue 44: the Strongholds step's moves sit on the cards (a stronghold placed on, moved
    /// to or removed from a face-up card, a move naming the card it leaves), and no two moves
    /// of a seat carry the same words, whatever the module: two cards of one name are told
    /// apart by their cost.
    #[test]
    fn issue44_stronghold_moves_are_on_cards_with_distinct_labels() {
        let (mut prompts, mut told_apart) = (0, 0);
        for (seed, modules) in [
            (1, &[Module::Strongholds][..]),
            (2, &[Module::Strongholds][..]),
            (3, &[Module::Strongholds][..]),
            (4, &[Module::Orient][..]),
            (5, &[Module::Cities][..]),
            (6, &[Module::TradingPosts][..]),
            (7, &[][..]),
        ] {
            walk(modules, seed, 400, |s| {
                let seat = s.seat();
                let p = page(s, Some(seat));
                let mut labels = std::collections::BTreeSet::new();
                for m in &p.moves {
                    assert!(labels.insert(&m.label), "two moves say {:?}", m.label);
                    told_apart += m.label.contains(" costing ") as usize;
                }
                if s.phase != Phase::Stronghold {
                    return;
                }
                prompts += 1;
                let places: Vec<&str> = p
                    .levels
                    .iter()
                    .flat_map(|l| l.cards.iter().map(|c| c.place.as_str()))
                    .collect();
                for m in &p.moves {
                    assert!(["place", "move", "remove"].contains(&m.kind), "{m:?}");
                    assert!(places.contains(&m.at.as_deref().unwrap()), "{m:?}");
                    assert_eq!(m.kind == "move", m.from.is_some(), "{m:?}");
                    if let Some(from) = &m.from {
                        assert!(places.contains(&from.as_str()), "{m:?}");
                        assert!(m.from_card.as_ref().is_some_and(|c| c.contains("card")));
                    }
                }
            });
        }
        assert!(prompts > 20, "{prompts} stronghold prompts");
        assert!(
            told_apart > 0,
            "no two cards of one name were ever told apart"
        );
    }

    /// Issue 34: the return step says why: how many tokens are held, the limit, how many to
    /// give back.
    #[test]
    fn issue34_return_step_says_why() {
        let mut seen = 0;
        walk(&[], 5, 600, |s| {
            if s.phase == Phase::Return {
                let held = s.tokens_held(s.current as usize);
                let q = question(s, Some(s.seat())).unwrap();
                assert!(
                    q.starts_with(&format!(
                        "You hold {held} tokens and the limit is 10: return {}",
                        held - 10
                    )),
                    "{q}"
                );
                let t = question(s, None).unwrap();
                assert!(t.contains(&format!("holds {held} tokens")), "{t}");
                seen += 1;
            }
        });
        assert!(seen > 0, "a return step came up");
    }
}

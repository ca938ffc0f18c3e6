//! What one player may know: everything on the table, their own reserved cards, and of the
//! others' blind reserves only the deck each came from. Deck order is hidden from everyone.

use crate::action::pos_name;
use crate::colour::short;
use crate::engine::cards;
use crate::notation::{card_text, city_text, deck_name};
use crate::rules::{
    CITIES_SHOWN, DECKS, MAX_JOINS, MAX_NOBLES, MAX_PLAYERS, MAX_STRONGHOLDS, NONE, SLOTS,
};
use crate::state::{Phase, State};
use serde::Serialize;
use silk_core::{Seat, SilkRng};

/// A reserved card as a seat sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub enum Reserved {
    Card(u8),
    /// Drawn blind from this deck by another player.
    Hidden {
        deck: u8,
    },
}

/// One player's view of the table.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct View {
    pub seat: Seat,
    pub current: Seat,
    pub first: Seat,
    pub round: u16,
    pub phase: Phase,
    pub bank: [u8; 6],
    pub tokens: Vec<[u8; 6]>,
    pub bonus: Vec<[u8; 5]>,
    pub prestige: Vec<u8>,
    pub card_count: Vec<u8>,
    pub owned: Vec<Vec<u8>>,
    pub reserved: Vec<Vec<Reserved>>,
    pub gold_cards: Vec<u8>,
    pub board: [[u8; SLOTS]; 3],
    pub deck_sizes: [u8; DECKS],
    pub nobles: [u8; MAX_NOBLES],
    pub noble_holder: [u8; MAX_NOBLES],
    pub noble_reserver: [u8; MAX_NOBLES],
    pub cities: [u8; CITIES_SHOWN],
    pub city_of: [u8; MAX_PLAYERS],
    pub posts: [u8; MAX_PLAYERS],
    pub strongholds: [[u8; MAX_STRONGHOLDS]; MAX_PLAYERS],
    pub joins: [u8; MAX_JOINS],
    pub ending: bool,
    pub stuck: bool,
}

fn deck_of_card(s: &State, id: u8) -> u8 {
    let c = s.rules.card(id);
    c.level + if c.orient { 3 } else { 0 }
}

pub fn view(s: &State, seat: Seat) -> View {
    let n = s.players();
    let me = seat.index();
    View {
        seat,
        current: s.seat(),
        first: Seat(s.first),
        round: s.round,
        phase: s.phase,
        bank: s.bank,
        tokens: s.tokens[..n].to_vec(),
        bonus: s.bonus[..n].to_vec(),
        prestige: s.prestige[..n].to_vec(),
        card_count: s.card_count[..n].to_vec(),
        owned: (0..n).map(|p| s.owned_cards(p).collect()).collect(),
        reserved: (0..n)
            .map(|p| {
                (0..3)
                    .filter(|&r| s.reserved[p][r] != NONE)
                    .map(|r| {
                        let id = s.reserved[p][r];
                        if p != me && s.blind[p] >> r & 1 == 1 {
                            Reserved::Hidden {
                                deck: deck_of_card(s, id),
                            }
                        } else {
                            Reserved::Card(id)
                        }
                    })
                    .collect()
            })
            .collect(),
        gold_cards: s.gold_cards[..n].to_vec(),
        board: s.board,
        deck_sizes: s.decks.len,
        nobles: s.nobles,
        noble_holder: s.noble_holder,
        noble_reserver: s.noble_reserver,
        cities: s.cities,
        city_of: s.city_of,
        posts: s.posts,
        strongholds: s.strongholds,
        joins: s.joins,
        ending: s.ending,
        stuck: s.stuck,
    }
}

/// Resamples what `seat` cannot see: every deck's order, and the other players' blind
/// reserves (each from the cards `seat` has not seen of the deck it came from).
pub fn determinize(s: &State, seat: Seat, rng: &mut SilkRng) -> State {
    let mut t = *s;
    let me = seat.index();
    for d in 0..DECKS {
        let mut pool = [0u8; 64];
        let mut k = 0;
        for &c in s.decks.deck(d) {
            pool[k] = c;
            k += 1;
        }
        for p in (0..s.players()).filter(|&p| p != me) {
            for r in 0..3 {
                let id = s.reserved[p][r];
                if id != NONE && s.blind[p] >> r & 1 == 1 && deck_of_card(s, id) as usize == d {
                    pool[k] = id;
                    k += 1;
                }
            }
        }
        // Sorted first, so that the sample depends on what the seat knows (which cards are
        // unseen), never on the true order it may not know.
        pool[..k].sort_unstable();
        rng.shuffle(&mut pool[..k]);
        let mut j = 0;
        for p in (0..s.players()).filter(|&p| p != me) {
            for r in 0..3 {
                let id = s.reserved[p][r];
                if id != NONE && s.blind[p] >> r & 1 == 1 && deck_of_card(s, id) as usize == d {
                    t.reserved[p][r] = pool[j];
                    j += 1;
                }
            }
        }
        t.decks.deck_mut(d).copy_from_slice(&pool[j..k]);
    }
    t.rng = SilkRng::seed_from(rng.next_u64());
    t
}

/// The table as the seat reads it in a terminal, with the assist.
pub fn text(s: &State, seat: Seat) -> String {
    text_with(s, seat, true)
}

/// The table as the seat reads it; `assist` marks what the seat can afford now (`*`) and what
/// each card still costs them after bonuses (the online edition's assist, off for competitors).
pub fn text_with(s: &State, seat: Seat, assist: bool) -> String {
    let me = seat.index();
    let mut out = String::new();
    out.push_str(&format!(
        "Round {}  ·  {} to play  ·  supply: {} gold {}\n",
        s.round,
        s.seat(),
        short(&s.bank[..5].try_into().unwrap_or([0; 5])),
        s.bank[5]
    ));
    tiles_text(s, &mut out);
    levels_text(s, me, assist, &mut out);
    players_text(s, me, assist, &mut out);
    out
}

/// The tiles: the cities (or else the nobles, with who holds or reserved each), then the
/// trading posts and their holders.
fn tiles_text(s: &State, out: &mut String) {
    let r = &s.rules;
    if s.rules.cities_module {
        out.push_str("Cities:");
        for (i, &f) in s.cities.iter().enumerate() {
            if f != NONE {
                out.push_str(&format!("  [{}] {}", i + 1, city_text(r, f)));
            }
        }
        out.push('\n');
    } else {
        out.push_str("Nobles:");
        for (i, &k) in s.nobles.iter().enumerate() {
            if k == NONE {
                continue;
            }
            let who = match (s.noble_holder[i], s.noble_reserver[i]) {
                (h, _) if h != NONE => format!(" (P{})", h + 1),
                (_, q) if q != NONE => format!(" (reserved by P{})", q + 1),
                _ => String::new(),
            };
            out.push_str(&format!(
                "  [{}] {}{who}",
                i + 1,
                short(&r.nobles[k as usize].requires)
            ));
        }
        out.push('\n');
    }
    if s.rules.posts_module {
        out.push_str("Trading posts:");
        for (i, post) in r.posts.iter().enumerate() {
            let who: Vec<String> = (0..s.players())
                .filter(|&p| s.posts[p] >> i & 1 == 1)
                .map(|p| format!("P{}", p + 1))
                .collect();
            out.push_str(&format!(
                "\n  [{}] {} needs {}{}{}",
                i + 1,
                crate::text::power_text(post.power),
                short(&post.requires),
                if post.nobles > 0 { " + a noble" } else { "" },
                if who.is_empty() {
                    String::new()
                } else {
                    format!(" — {}", who.join(", "))
                }
            ));
        }
        out.push('\n');
    }
}

/// The face-up cards by level, level 3 first, with their strongholds and (`assist`) what
/// seat `me` would pay.
fn levels_text(s: &State, me: usize, assist: bool, out: &mut String) {
    let r = &s.rules;
    for level in (0..3).rev() {
        out.push_str(&format!("Level {} (deck {}", level + 1, s.decks.len[level]));
        if r.orient {
            out.push_str(&format!(", orient {}", s.decks.len[3 + level]));
        }
        out.push_str("):\n");
        for pos in cards::places(s).filter(|&p| p as usize / SLOTS == level) {
            let id = cards::card_at(s, pos);
            if id == NONE {
                continue;
            }
            let mut line = format!("  {}  {}", pos_name(pos), card_text(r, id));
            if s.rules.strongholds {
                let on = s.strongholds_at(pos);
                for (p, &k) in on.iter().enumerate().take(s.players()) {
                    if k > 0 {
                        line.push_str(&format!("  [P{} stronghold x{k}]", p + 1));
                    }
                }
            }
            if assist && s.phase != Phase::Over && me < s.players() {
                line.push_str(&assist_note(s, me, id));
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
}

/// Every player's holdings and reserved cards, another's blind reserve only as its deck.
fn players_text(s: &State, me: usize, assist: bool, out: &mut String) {
    let r = &s.rules;
    for p in 0..s.players() {
        let mark = if p == me { " (you)" } else { "" };
        out.push_str(&format!(
            "P{}{mark}: {} prestige, {} cards, bonuses {}, tokens {} gold {}",
            p + 1,
            s.prestige[p],
            s.card_count[p],
            short(&s.bonus[p]),
            short(&s.tokens[p][..5].try_into().unwrap_or([0; 5])),
            s.tokens[p][5]
        ));
        if s.gold_cards[p] > 0 {
            out.push_str(&format!(", {} gold card(s)", s.gold_cards[p]));
        }
        out.push('\n');
        for rr in 0..3 {
            let id = s.reserved[p][rr];
            if id == NONE {
                continue;
            }
            if p != me && s.blind[p] >> rr & 1 == 1 {
                out.push_str(&format!(
                    "   r{}  a card from deck {} (hidden)\n",
                    rr + 1,
                    deck_name(deck_of_card(s, id))
                ));
            } else {
                let note = if assist && p == me {
                    assist_note(s, me, id)
                } else {
                    String::new()
                };
                out.push_str(&format!("   r{}  {}{note}\n", rr + 1, card_text(r, id)));
            }
        }
    }
}

/// "  * affordable: you pay U2 K2" or "  (you pay U2 K2; you lack K2)": what the card costs
/// after your bonuses, and which gems you still lack beyond your tokens and gold.
fn assist_note(s: &State, p: usize, id: u8) -> String {
    let owed = crate::engine::payment::owed(s, p, id);
    let mut payable = false;
    crate::engine::payment::each_payment(s, p, &owed, |_| payable = true);
    if payable && crate::engine::cards::may_acquire(s, p, id) {
        return format!("  * affordable: you pay {}", short(&owed));
    }
    let lack: [u8; 5] = std::array::from_fn(|c| owed[c].saturating_sub(s.tokens[p][c]));
    format!("  (you pay {}; you lack {})", short(&owed), short(&lack))
}

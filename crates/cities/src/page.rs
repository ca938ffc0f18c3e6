//! The table as a web page draws it (`silk table cities --serve`, `silk play cities --serve`):
//! the question of the moment naming its phase and what is asked ("Collapse auction: Merchant,
//! high bid 5 by P3 — bid or pass"), and the board in words and small tables — each city's
//! coins, goods and citizens, the empires' tracks with their prices, the coins on the map.
//!
//! Built for one viewer, a seat or the public (`None`), from what [`crate::View`] lets it know:
//! other players' development cards are a count, others' sealed bids are not shown.
//! `page_depends_only_on_what_the_viewer_knows` checks it.

use crate::action::Action;
use crate::engine::{buy_price, growth_cost, sell_price, to_move};
use crate::state::{
    Item, Move, MoveKind, Phase, Res, Role, State, FINE, FOOD_CARD, NONE, STANDARD,
};
use crate::text::dev_effect_text;
use crate::view::{public_phase, view};
use serde::Serialize;
use silk_core::{Seat, SeatSet};
use silk_trade::Auction;

/// The script that draws a [`Page`] on a web page (`silk play cities --serve`) and its
/// styles, kept beside the page's shape so that the two change together. The server knows no
/// game: the command line's adapter hands these to it.
pub const SCRIPT: &str = include_str!("../assets/board.js");
pub const STYLE: &str = include_str!("../assets/board.css");

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Page {
    /// Which renderer draws it.
    pub kind: &'static str,
    pub round: u16,
    pub max_rounds: u16,
    /// The phase, as a heading ("Collapse auction").
    pub phase: String,
    pub target_vp: u8,
    /// The viewer's seat (from 1), `None` for the public.
    pub you: Option<u8>,
    /// Seats asked now (from 1).
    pub asked: Vec<u8>,
    pub cities: Vec<CityRow>,
    /// The viewer's development cards (empty for the public).
    pub hand: Vec<HandCard>,
    pub your_vp: Option<u32>,
    pub tracks: Vec<TrackRow>,
    pub regions: Vec<RegionRow>,
    /// Seats paying the barbarian travel penalty this round (from 1).
    pub penalized: Vec<u8>,
    pub silk_deck: u8,
    pub dev_deck: u8,
    /// The viewer's moves when it is asked (empty otherwise), each a button.
    pub moves: Vec<PageMove>,
}

/// One legal move of the viewer, in words, in a group of moves that do the same kind of thing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PageMove {
    /// The entry to send (the action's text, which the engine reads back).
    pub text: String,
    /// What it does, as a heading over its buttons ("Buy from the empires", "Attack").
    pub group: &'static str,
    /// The move in words: the good, the price, the place ("Buy 1 silk from China for 3 coins").
    pub label: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CityRow {
    pub seat: u8,
    pub you: bool,
    pub region: String,
    /// Where its ruins lie, after a fall.
    pub fallen: Option<String>,
    pub coins: u16,
    pub food: u32,
    pub metal: u32,
    pub silk: u8,
    pub fine_silk: u8,
    pub citizens: Vec<Citizens>,
    pub improvements: Vec<String>,
    pub dev_cards: u32,
    /// Round effects in words (travel credit, gather bonus).
    pub notes: Vec<String>,
}

/// Citizens of one role: ready (untapped) and used this round (tapped).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Citizens {
    pub role: &'static str,
    pub ready: u16,
    pub used: u16,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandCard {
    pub name: String,
    pub count: u8,
    pub effect: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackRow {
    pub empire: String,
    /// `sells` (what a buyer pays) or `buys` (what a sale was paid).
    pub trade: &'static str,
    pub cards: Vec<TrackCard>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackCard {
    pub slot: usize,
    pub good: String,
    pub price: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegionRow {
    pub name: String,
    /// Coin stacks on the region, largest first as they lie.
    pub stacks: Vec<u8>,
    pub treasury: u16,
}

fn seats_of(set: SeatSet) -> Vec<u8> {
    set.iter().map(|s| s.0 + 1).collect()
}

fn role_title(r: Role) -> &'static str {
    match r {
        Role::Merchant => "Merchants",
        Role::Laborer => "Laborers",
        Role::Soldier => "Soldiers",
        Role::Recruit => "Soldiers in training",
    }
}

fn res_words(r: Res) -> &'static str {
    match r {
        Res::Fine => "fine silk",
        other => other.name(),
    }
}

/// The phase as a heading.
fn phase_title(p: &Phase) -> &'static str {
    match p {
        Phase::Claim { .. } => "Setup",
        Phase::Barbarians { .. } => "Barbarian auction",
        Phase::Priority { .. } => "Priority auction",
        Phase::Turn => "Action phase",
        Phase::Offer { .. } => "Sale offer",
        Phase::Route { .. } => "Route",
        Phase::Toll { .. } | Phase::TollAnswer { .. } => "Toll",
        Phase::Combat { .. } | Phase::Defend { .. } => "Battle",
        Phase::RiseFall => "Rise and fall",
        Phase::Lot { .. } => "Collapse",
        Phase::LotAuction { .. } => "Collapse auction",
        Phase::Over => "Game over",
    }
}

/// An auctioned item as a heading names it ("Merchant", "fine silk", "Granary").
fn item_words(s: &State, item: Item) -> String {
    match item {
        Item::Res(r) => res_words(r).to_string(),
        Item::Citizen(r) => {
            let mut name = r.name().to_string();
            name[..1].make_ascii_uppercase();
            name
        }
        Item::Improvement(k) => s
            .rules
            .improvement(k)
            .map_or("?".into(), |i| i.name.clone()),
    }
}

/// What a move under way is, in words ("P1's merchant, buying from China (slot 2)").
fn move_words(s: &State, mv: &Move) -> String {
    let r = &s.rules;
    let who = mv.mover;
    match mv.kind {
        MoveKind::Buy { empire, slot } => format!(
            "{who}'s merchant, buying from {} (slot {})",
            r.empire_name(empire),
            slot + 1
        ),
        MoveKind::Sell { empire, res } => format!(
            "{who}'s merchant, selling {} to {}",
            res_words(res),
            r.empire_name(empire)
        ),
        MoveKind::Deliver { to, res, .. } => {
            format!("{who}'s merchant, delivering {} to {to}", res_words(res))
        }
        MoveKind::Attack { target, army } => {
            format!("{who}'s army of {army}, attacking {target}")
        }
    }
}

/// The seat whose city stands in region `g`, if any.
fn owner_of(s: &State, g: u8) -> Option<Seat> {
    (0..s.players())
        .find(|&i| s.cities[i].region == g)
        .map(|i| Seat(i as u8))
}

fn names(set: SeatSet) -> String {
    set.iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// An auction's state as everyone may see it, and what the asked seat may do.
fn auction_words(a: &Auction, asked: SeatSet, viewer: Option<Seat>, unit: &str) -> String {
    let sealed = a.format().kind == silk_trade::AuctionKind::Sealed;
    let state = if sealed {
        format!(
            "sealed bids, {} of {} in",
            a.committed().len(),
            a.seats().len()
        )
    } else {
        match a.high() {
            Some(b) => format!("high bid {} by {}", b.amount, b.seat),
            None => "no bid yet".into(),
        }
    };
    let todo = match viewer.filter(|&v| asked.contains(v)) {
        Some(v) => match a.bid_range(v) {
            Some((lo, hi)) if lo == hi => format!("bid {lo} {unit} or pass"),
            Some((lo, hi)) => format!("bid {lo} to {hi} {unit}, or pass"),
            None => "you cannot bid: pass".into(),
        },
        None => format!("{} to bid or pass", names(asked)),
    };
    format!("{state} — {todo}")
}

/// What is asked now, naming the phase: to a seat asked ("you"), or to anyone else about the
/// seats asked. `None` once the game is over.
pub fn question(s: &State, viewer: Option<Seat>) -> Option<String> {
    let r = &s.rules;
    let phase = public_phase(s.phase, viewer);
    let asked = to_move(s).seats();
    let you = viewer.is_some_and(|v| asked.contains(v));
    let title = phase_title(&phase);
    let who = names(asked);
    let rest = match phase {
        Phase::Over => return None,
        Phase::Claim { .. } if you => "claim the region of your City-State".into(),
        Phase::Claim { .. } => format!("{who} claims a starting region"),
        Phase::Barbarians { strength, auction } => format!(
            "strength {strength}, bids in Soldiers; {}",
            auction_words(&auction, asked, viewer, "Soldiers")
        ),
        Phase::Priority { auction, .. } => format!(
            "who acts first, bids in coins; {}",
            auction_words(&auction, asked, viewer, "coins")
        ),
        Phase::LotAuction { item, auction, .. } => format!(
            "{}, {}",
            item_words(s, item),
            auction_words(&auction, asked, viewer, "coins")
        ),
        Phase::Turn if you => format!(
            "round {}, your turn — assign, gather, build, grow, trade, attack, play a card, or end your turn",
            s.round
        ),
        Phase::Turn => format!("round {}, {who}'s turn", s.round),
        Phase::Offer { mv } => match mv.kind {
            MoveKind::Deliver { res, price, .. } if you => format!(
                "{} offers you 1 {} for {price} coins — accept or refuse",
                mv.mover,
                res_words(res)
            ),
            MoveKind::Deliver { to, res, price } => format!(
                "{} offers {to} 1 {} for {price} coins — {to} accepts or refuses",
                mv.mover,
                res_words(res)
            ),
            _ => format!("{who} answers an offer"),
        },
        Phase::Route { mv } if you => format!(
            "choose the way for your {}",
            move_words(s, &mv)
                .split_once("'s ")
                .map_or(String::new(), |(_, w)| w.to_string())
        ),
        Phase::Route { mv } => format!("{who} chooses the way for {}", move_words(s, &mv)),
        Phase::Toll { mv, at } => {
            let region = r.region_name(mv.path()[at as usize]);
            if you {
                format!(
                    "{} passes your city in {region} — name your toll",
                    move_words(s, &mv)
                )
            } else {
                format!(
                    "{} passes {who}'s city in {region} — {who} names a toll",
                    move_words(s, &mv)
                )
            }
        }
        Phase::TollAnswer { mv, at, demand } => {
            let g = mv.path()[at as usize];
            let owner = owner_of(s, g).map_or("?".into(), |o| o.to_string());
            let region = r.region_name(g);
            if you {
                format!("{owner} demands {demand} coins to let you pass {region} — pay or refuse")
            } else {
                format!("{owner} demands {demand} coins of {who} to pass {region}")
            }
        }
        Phase::Combat { mv, atk, def, .. } => {
            let cards = format!("cards played add {atk} to the attack and {def} to the defence");
            if you {
                format!("{}; {cards} — play a card or pass", move_words(s, &mv))
            } else {
                format!(
                    "{}; {cards} — {who} plays a card or passes",
                    move_words(s, &mv)
                )
            }
        }
        Phase::Defend { mv, .. } if you => format!(
            "{} — choose your defending army",
            move_words(s, &mv)
        ),
        Phase::Defend { mv, .. } => format!(
            "{} — {who} chooses a defending army",
            move_words(s, &mv)
        ),
        Phase::RiseFall if you => {
            "keep your city, or let it fall and rise in another region".into()
        }
        Phase::RiseFall => format!("{who} keeps its city or lets it fall"),
        Phase::Lot { .. } if you => "choose the next item of your old city to auction".into(),
        Phase::Lot { .. } => format!("{who} chooses the next item of its old city to auction"),
    };
    Some(format!("{title}: {rest}"))
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// An improvement's cost in words ("2 food, 1 metal, 3 coins"; "free").
fn cost_words(c: &crate::data::Cost) -> String {
    let parts: Vec<String> = [(c.food, "food"), (c.metal, "metal")]
        .into_iter()
        .filter(|(k, _)| *k > 0)
        .map(|(k, what)| format!("{k} {what}"))
        .chain((c.coins > 0).then(|| plural(c.coins.into(), "coin", "coins")))
        .collect();
    if parts.is_empty() {
        "free".into()
    } else {
        parts.join(", ")
    }
}

/// The good on a slot of an empire's sell track.
fn good_on(s: &State, empire: u8, slot: u8) -> &'static str {
    match s.sell[empire as usize].card_at(slot as usize).map(|c| c.id) {
        Some(STANDARD) => "silk",
        Some(FINE) => "fine silk",
        Some(FOOD_CARD) => "food",
        Some(_) => "metal",
        None => "?",
    }
}

fn role_words(r: Role) -> &'static str {
    match r {
        Role::Recruit => "soldier in training",
        other => other.name(),
    }
}

/// A move of `seat` in words, and the group it is shown in. Every action the engine may
/// offer has its words here: no seat needs to type a move.
pub fn move_words_for(s: &State, seat: Seat, a: Action) -> (&'static str, String) {
    let r = &s.rules;
    let coins = |k: u32| plural(k, "coin", "coins");
    match (a, s.phase) {
        (Action::Claim(g), _) => ("Choose your region", format!("Claim {}", r.region_name(g))),
        (Action::Bid(k), Phase::Barbarians { .. }) => (
            "Bid",
            format!("Bid {}", plural(k.into(), "Soldier", "Soldiers")),
        ),
        (Action::Bid(k), _) => ("Bid", format!("Bid {}", coins(k.into()))),
        (Action::Pass, Phase::Route { .. }) => ("Route", "Call off the move".into()),
        (Action::Pass, Phase::Combat { .. }) => ("Battle", "Play no card".into()),
        (Action::Pass, Phase::Turn) => ("End your turn", "Pass".into()),
        (Action::Pass, _) => ("Bid", "Pass".into()),
        (Action::Assign { from, to }, _) => (
            "Assign a citizen",
            format!("Make a {} a {}", role_words(from), role_words(to)),
        ),
        (Action::Gather(res), _) => ("Gather", format!("A laborer gathers {}", res_words(res))),
        (Action::Build(k), _) => (
            "Build",
            match r.improvement(k) {
                Some(i) => format!("Build {} ({})", i.name, cost_words(&i.cost)),
                None => "Build".into(),
            },
        ),
        (Action::Grow, _) => (
            "Grow",
            format!("Grow: a new citizen for {} food", growth_cost(s, seat)),
        ),
        (Action::Buy { empire, slot }, _) => (
            "Buy from the empires",
            format!(
                "Buy 1 {} from {} for {} (slot {})",
                good_on(s, empire, slot),
                r.empire_name(empire),
                coins(buy_price(s, empire, slot).unwrap_or(0)),
                slot + 1
            ),
        ),
        (Action::Sell { empire, res }, _) => (
            "Sell to the empires",
            match sell_price(s, empire, res) {
                Some(p) => format!(
                    "Sell 1 {} to {} for {}",
                    res_words(res),
                    r.empire_name(empire),
                    coins(p)
                ),
                None => format!("Sell 1 {} to {}", res_words(res), r.empire_name(empire)),
            },
        ),
        (Action::Offer { to, res, price }, _) => (
            "Offer to a player",
            format!(
                "Offer 1 {} to {to} for {}",
                res_words(res),
                coins(price.into())
            ),
        ),
        (Action::Attack { target, army }, _) => (
            "Attack",
            format!(
                "Attack {target} with {}",
                plural(army.into(), "Soldier", "Soldiers")
            ),
        ),
        (Action::Play(t), _) => (
            "Play a development card",
            match r.dev(t) {
                Some(d) => format!("Play {}: {}", d.name, dev_effect_text(d.effect)),
                None => "Play a card".into(),
            },
        ),
        (Action::EndTurn, _) => ("End your turn", "End your turn".into()),
        (Action::Route(NONE), _) => ("Route", "Go the cheapest way".into()),
        (Action::Route(g), _) => ("Route", format!("Go by way of {}", r.region_name(g))),
        (Action::Accept, _) => ("Answer the offer", "Accept the offer".into()),
        (Action::Refuse, _) => ("Answer the offer", "Refuse the offer".into()),
        (Action::Demand(0), _) => ("Name your toll", "Let them pass for free".into()),
        (Action::Demand(k), _) => ("Name your toll", format!("Ask {}", coins(k.into()))),
        (Action::PayToll, _) => ("Answer the toll", "Pay the toll".into()),
        (Action::RefuseToll, _) => ("Answer the toll", "Refuse: go another way".into()),
        (Action::Defend(0), _) => ("Defend", "Send no defenders".into()),
        (Action::Defend(k), _) => (
            "Defend",
            format!("Defend with {}", plural(k.into(), "Soldier", "Soldiers")),
        ),
        (Action::Keep, _) => ("Rise and fall", "Keep your city".into()),
        (Action::Fall(g), _) => (
            "Rise and fall",
            format!("Let your city fall and rise in {}", r.region_name(g)),
        ),
        (Action::Lot(item), _) => ("Auction next", format!("Auction {}", item_words(s, item))),
    }
}

/// The moves of `seat` now, as the page's buttons.
pub fn moves(s: &State, seat: Seat) -> Vec<PageMove> {
    let mut legal = Vec::new();
    crate::engine::legal(s, seat, &mut legal);
    legal
        .iter()
        .map(|&a| {
            let (group, label) = move_words_for(s, seat, a);
            PageMove {
                text: a.to_text(s),
                group,
                label,
            }
        })
        .collect()
}

/// The page for `viewer` (a seat, or `None` for the public table).
pub fn page(s: &State, viewer: Option<Seat>) -> Page {
    let r = &s.rules;
    // The view of any seat holds the public part; the viewer's own parts are taken only for
    // the viewer.
    let v = view(s, viewer.unwrap_or(Seat(0)));
    let cities = v
        .cities
        .iter()
        .map(|c| {
            let mut notes = Vec::new();
            if c.travel_credit > 0 {
                notes.push(format!(
                    "{} travel cost ignored this round",
                    c.travel_credit
                ));
            }
            if c.gather_boost > 0 {
                notes.push(format!("+{} on the next gather", c.gather_boost));
            }
            CityRow {
                seat: c.seat.0 + 1,
                you: viewer == Some(c.seat),
                region: c.region.clone(),
                fallen: c.fallen.clone(),
                coins: c.coins,
                food: c.food,
                metal: c.metal,
                silk: c.silk,
                fine_silk: c.fine,
                citizens: [
                    (Role::Merchant, c.merchants),
                    (Role::Laborer, c.laborers),
                    (Role::Soldier, c.soldiers),
                    (Role::Recruit, c.recruits),
                ]
                .into_iter()
                .filter(|(_, k)| k[0] + k[1] > 0)
                .map(|(role, k)| Citizens {
                    role: role_title(role),
                    ready: k[0],
                    used: k[1],
                })
                .collect(),
                improvements: c.improvements.clone(),
                dev_cards: c.dev_cards,
                notes,
            }
        })
        .collect();
    let hand = match viewer {
        Some(_) => v
            .my_dev
            .iter()
            .enumerate()
            .filter(|(_, &k)| k > 0)
            .filter_map(|(t, &k)| {
                let d = r.dev(t as u8)?;
                Some(HandCard {
                    name: d.name.clone(),
                    count: k,
                    effect: dev_effect_text(d.effect),
                })
            })
            .collect(),
        None => Vec::new(),
    };
    Page {
        kind: "cities",
        round: s.round,
        max_rounds: r.config.params.max_rounds,
        phase: phase_title(&s.phase).to_string(),
        target_vp: r.config.params.target_vp,
        you: viewer.map(|v| v.0 + 1),
        asked: seats_of(to_move(s).seats()),
        cities,
        hand,
        your_vp: viewer.map(|_| v.my_vp),
        tracks: v
            .tracks
            .iter()
            .map(|t| TrackRow {
                empire: t.empire.clone(),
                trade: if t.sells { "sells" } else { "buys" },
                cards: t
                    .cards
                    .iter()
                    .map(|(slot, what, price)| TrackCard {
                        slot: *slot,
                        good: what.clone(),
                        price: *price,
                    })
                    .collect(),
            })
            .collect(),
        regions: v
            .regions
            .iter()
            .map(|(name, stacks, treasury)| RegionRow {
                name: name.clone(),
                stacks: stacks.clone(),
                treasury: *treasury,
            })
            .collect(),
        penalized: seats_of(v.penalized),
        silk_deck: v.silk_deck,
        dev_deck: v.dev_deck,
        moves: viewer.map_or_else(Vec::new, |seat| moves(s, seat)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cities, CitiesConfig};
    use silk_core::{Game, SilkRng, ToMove};

    /// Plays random moves, calling `check` at every state; stops at `steps` or the end.
    fn walk(seed: u64, steps: usize, mut check: impl FnMut(&State) -> bool) {
        let mut s = Cities::setup(&CitiesConfig::new(3), seed).unwrap();
        let mut rng = SilkRng::seed_from(seed);
        let mut legal = Vec::new();
        for _ in 0..steps {
            if !check(&s) {
                return;
            }
            let seat = match Cities::to_move(&s) {
                ToMove::Seat(seat) => seat,
                ToMove::Simultaneous(set) => set.iter().next().unwrap(),
                ToMove::Terminal => return,
            };
            Cities::legal_actions(&s, seat, &mut legal);
            let a = legal[rng.index(legal.len())];
            Cities::apply(&mut s, seat, a).unwrap();
        }
    }

    /// Issue 34: no seat's page or question carries what its viewer may not know (others'
    /// development cards, others' sealed bids, deck order).
    #[test]
    fn issue34_page_depends_only_on_what_the_viewer_knows() {
        let mut rng = SilkRng::seed_from(4);
        for seed in 1..4 {
            walk(seed, 300, |s| {
                let public = (page(s, None), question(s, None));
                for k in 0..s.players() {
                    let seat = Seat(k as u8);
                    let other = Cities::determinize(s, seat, &mut rng);
                    assert_eq!(page(s, Some(seat)), page(&other, Some(seat)));
                    assert_eq!(question(s, Some(seat)), question(&other, Some(seat)));
                    assert_eq!(public, (page(&other, None), question(&other, None)));
                }
                true
            });
        }
    }

    /// Issue 34: every question names its phase and what is asked, in words: a collapse
    /// auction names the item, the high bid and its bidder ("Collapse auction: Merchant, high
    /// bid 5 by P3 — bid or pass"); nothing reads as engine notation.
    #[test]
    fn issue34_questions_name_the_phase_and_what_is_asked() {
        let mut titles = std::collections::BTreeSet::new();
        let mut lot_auctions = 0;
        for seed in 1..40 {
            walk(seed, 3000, |s| {
                let Some(q) = question(s, None) else {
                    return false;
                };
                let title = phase_title(&s.phase);
                assert!(q.starts_with(&format!("{title}: ")), "{q}");
                let b = q.as_bytes();
                let notation = b
                    .windows(3)
                    .any(|w| w[0].is_ascii_digit() && w[1] == b'+' && w[2].is_ascii_digit());
                assert!(!q.contains('@') && !notation, "{q}");
                titles.insert(title);
                let asked = to_move(s).seats();
                let mine = question(s, asked.iter().next()).unwrap();
                if let Phase::LotAuction { item, auction, .. } = s.phase {
                    lot_auctions += 1;
                    let high = match auction.high() {
                        Some(b) => format!("high bid {} by {}", b.amount, b.seat),
                        None => "no bid yet".into(),
                    };
                    assert_eq!(
                        q,
                        format!(
                            "Collapse auction: {}, {high} — {} to bid or pass",
                            item_words(s, item),
                            names(asked)
                        )
                    );
                    assert!(mine.ends_with("pass"), "{mine}");
                    assert!(mine.contains(&high), "{mine}");
                }
                lot_auctions < 3
            });
        }
        assert!(lot_auctions > 0, "a collapse auction came up");
        for t in [
            "Setup",
            "Barbarian auction",
            "Action phase",
            "Rise and fall",
        ] {
            assert!(titles.contains(t), "{t} never asked: {titles:?}");
        }
    }

    /// Issue 34 (table, round two): a seat asked gets every legal move as a labelled button in
    /// a group, each sending a text the engine reads back as that move, in words with the good,
    /// price and place; also on turns of more than 40 moves (which used to need typing).
    #[test]
    fn issue34_every_cities_move_is_a_labelled_button() {
        let mut big = 0;
        let mut groups = std::collections::BTreeSet::new();
        for seed in 1..25 {
            walk(seed, 1500, |s| {
                let asked = to_move(s).seats();
                for k in 0..s.players() {
                    let seat = Seat(k as u8);
                    let p = page(s, Some(seat));
                    let mut legal = Vec::new();
                    crate::engine::legal(s, seat, &mut legal);
                    if !asked.contains(seat) {
                        assert!(p.moves.is_empty());
                        continue;
                    }
                    assert_eq!(p.moves.len(), legal.len());
                    big += usize::from(legal.len() > 40);
                    for (m, &a) in p.moves.iter().zip(&legal) {
                        assert_eq!(Action::parse(s, &m.text).unwrap(), a, "{}", m.text);
                        let b = m.label.as_bytes();
                        let notation = b.windows(3).any(|w| {
                            w[0].is_ascii_digit() && w[1] == b'+' && w[2].is_ascii_digit()
                        });
                        assert!(
                            !notation && !m.label.contains(['@', '?']) && !m.label.is_empty(),
                            "{}",
                            m.label
                        );
                        assert!(m.label.starts_with(|c: char| c.is_ascii_uppercase()));
                        groups.insert(m.group);
                        if let Action::Buy { empire, .. } = a {
                            assert!(m.label.contains(s.rules.empire_name(empire)), "{}", m.label);
                            assert!(m.label.contains(" coin"), "{}", m.label);
                        }
                        if let Action::Sell { .. } = a {
                            assert!(
                                m.label.contains(" for ") && m.label.contains(" coin"),
                                "{}",
                                m.label
                            );
                        }
                    }
                }
                assert!(page(s, None).moves.is_empty());
                true
            });
        }
        assert!(big > 0, "a turn of more than 40 moves came up");
        for g in [
            "Bid",
            "Buy from the empires",
            "Sell to the empires",
            "Gather",
            "Attack",
        ] {
            assert!(groups.contains(g), "{g} never offered: {groups:?}");
        }
    }
}

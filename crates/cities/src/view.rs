//! What one seat may know, and determinization for search.
//!
//! Hidden (gap 31): the order of the silk and development decks, and other players'
//! development cards (their number is public). Everything else is open: coins, resources,
//! citizens, improvements, tracks, stacks, treasuries, bids, tolls, played cards.

use crate::data::MAX_DEV_TYPES;
use crate::engine::{buy_price, fine_price, phase_name, to_move};
use crate::state::{Phase, State};
use serde::Serialize;
use silk_core::{Seat, SeatSet, SilkRng};

/// A city as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CityView {
    pub seat: Seat,
    pub region: String,
    pub fallen: Option<String>,
    pub coins: u16,
    pub food: u32,
    pub metal: u32,
    pub silk: u8,
    pub fine: u8,
    /// `[untapped, tapped]` per role.
    pub merchants: [u16; 2],
    pub laborers: [u16; 2],
    pub soldiers: [u16; 2],
    pub recruits: [u16; 2],
    pub improvements: Vec<String>,
    pub dev_cards: u32,
    pub travel_credit: u8,
    pub gather_boost: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrackView {
    pub empire: String,
    pub sells: bool,
    /// `(slot from 1, card, price)`: on a sell track what a buyer is charged, on a buy track
    /// what the sale was paid, both under the rules in force (`fine_rule`, `supply_price`).
    pub cards: Vec<(usize, String, u32)>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Seat,
    pub players: u8,
    pub round: u16,
    pub phase_name: &'static str,
    /// The phase with its public details (auctions, moves, tolls, combat, lots).
    pub phase: Phase,
    pub to_move: SeatSet,
    pub actor: Seat,
    pub first: Seat,
    pub cities: Vec<CityView>,
    /// My development cards by type.
    pub my_dev: [u8; MAX_DEV_TYPES],
    pub my_vp: u32,
    pub tracks: Vec<TrackView>,
    pub silk_deck: u8,
    pub silk_discard: Vec<u8>,
    pub dev_deck: u8,
    pub dev_used: [u8; MAX_DEV_TYPES],
    /// `(region, stacks, treasury)` where anything lies.
    pub regions: Vec<(String, Vec<u8>, u16)>,
    pub penalized: SeatSet,
    pub winner: Option<Seat>,
}

pub fn view(s: &State, seat: Seat) -> View {
    let r = &s.rules;
    let n = s.players();
    let cities = (0..n)
        .map(|i| {
            let c = &s.cities[i];
            CityView {
                seat: Seat(i as u8),
                region: r.region_name(c.region).to_string(),
                fallen: (c.fallen != crate::state::NONE)
                    .then(|| r.region_name(c.fallen).to_string()),
                coins: c.coins,
                food: c.food,
                metal: c.metal,
                silk: c.silk,
                fine: c.fine,
                merchants: c.merchants,
                laborers: c.laborers,
                soldiers: c.soldiers,
                recruits: c.recruits,
                improvements: r
                    .config
                    .improvements
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| c.has_improvement(*k as u8))
                    .map(|(_, im)| im.name.clone())
                    .collect(),
                dev_cards: c.dev_count(),
                travel_credit: c.travel_credit,
                gather_boost: c.gather_boost,
            }
        })
        .collect();
    let mut tracks = Vec::new();
    let fine = fine_price(s);
    for (e, emp) in r.empires.iter().enumerate() {
        for (sells, on, track) in [
            (true, emp.sells.is_some(), &s.sell[e]),
            (false, emp.buys.is_some(), &s.buy[e]),
        ] {
            if on {
                tracks.push(TrackView {
                    empire: emp.name.clone(),
                    sells,
                    cards: track
                        .iter()
                        .map(|en| {
                            let what = match en.card.id {
                                crate::state::STANDARD => "silk",
                                crate::state::FINE => "fine silk",
                                crate::state::FOOD_CARD => "food",
                                _ => "metal",
                            };
                            // The price under the rules in force (gap 9 `fine_rule`, ambiguity
                            // 3 `supply_price`): what a buyer is charged, what a sale was paid.
                            let price = if sells {
                                buy_price(s, e as u8, en.slot as u8)
                            } else {
                                track.price_at(en.slot, fine).ok()
                            };
                            (en.slot + 1, what.to_string(), price.unwrap_or(en.price))
                        })
                        .collect(),
                });
            }
        }
    }
    View {
        seat,
        players: s.n,
        round: s.round,
        phase_name: phase_name(s.phase),
        phase: public_phase(s.phase, Some(seat)),
        to_move: to_move(s).seats(),
        actor: s.actor,
        first: s.first,
        cities,
        my_dev: s.city(seat).dev,
        my_vp: s.vp(seat),
        tracks,
        silk_deck: s.silk_len,
        silk_discard: s.silk_discard.to_vec(),
        dev_deck: s.dev_len,
        dev_used: s.dev_used,
        regions: (0..r.map.len() as u8)
            .filter(|&g| s.stacks.stack_count(g) > 0 || s.treasury[g as usize] > 0)
            .map(|g| {
                (
                    r.region_name(g).to_string(),
                    s.stacks.stacks(g).to_vec(),
                    s.treasury[g as usize],
                )
            })
            .collect(),
        penalized: s.penalized,
        winner: s.winner,
    }
}

/// A state `seat` cannot tell from the real one: the silk deck is reshuffled, and the
/// development deck and the other players' hands are redealt from the cards `seat` cannot see,
/// keeping each hand's size. A redeal that would give another player the target VP is redrawn
/// (everyone knows nobody has won yet). The RNG is reseeded so future draws are unknown too.
pub fn determinize(s: &State, seat: Seat, rng: &mut SilkRng) -> State {
    let mut d = *s;
    let n = s.players();
    // Sorted before shuffling, so the sample depends on what `seat` knows only (the cards
    // unseen, not their hidden order): a search's choices then cannot depend on hidden order.
    d.silk_deck[..d.silk_len as usize].sort_unstable();
    rng.shuffle(&mut d.silk_deck[..d.silk_len as usize]);
    let mut pool: Vec<u8> = s.dev_deck[..s.dev_len as usize].to_vec();
    for p in (0..n).filter(|&p| p != seat.index()) {
        for (t, &k) in s.cities[p].dev.iter().enumerate() {
            pool.extend(std::iter::repeat_n(t as u8, k as usize));
        }
    }
    pool.sort_unstable();
    let target = s.rules.config.params.target_vp as u32;
    for attempt in 0..20 {
        let mut t = d;
        let mut cards = pool.clone();
        rng.shuffle(&mut cards);
        if s.dev_ran_out {
            keep_vp_in_hands(s, &mut cards, s.dev_len as usize, rng);
        }
        let mut at = 0;
        for p in (0..n).filter(|&p| p != seat.index()) {
            let count = s.cities[p].dev_count() as usize;
            let mut hand = [0u8; MAX_DEV_TYPES];
            for &c in &cards[at..at + count] {
                hand[c as usize] += 1;
            }
            at += count;
            t.cities[p].dev = hand;
        }
        let deck = &cards[at..];
        t.dev_deck[..deck.len()].copy_from_slice(deck);
        let ok = s.winner.is_some()
            || (0..n)
                .filter(|&p| p != seat.index())
                .all(|p| t.vp(Seat(p as u8)) < target);
        if ok || attempt == 19 {
            if ok {
                d = t;
            }
            break;
        }
    }
    // Others' sealed bids are guessed within what they own.
    if let Some(a) = auction_of(&mut d.phase) {
        *a = a.redraw(Some(seat), None, |b| rng.below(b + 1));
    }
    d.rng = SilkRng::seed_from(rng.next_u64());
    d
}

/// Once the development deck has run out, everyone knows it holds no Victory Point card
/// (`State::dev_ran_out`): `cards` (the others' hands, then the last `deck` cards the deck) is
/// redealt so that the deck is a random draw of the other cards and the hands share the rest.
fn keep_vp_in_hands(s: &State, cards: &mut Vec<u8>, deck: usize, rng: &mut SilkRng) {
    let is_vp = |&c: &u8| {
        matches!(
            s.rules.dev(c).map(|d| d.effect),
            Some(crate::data::DevEffect::Vp(_))
        )
    };
    let (mut hands, mut others): (Vec<u8>, Vec<u8>) = cards.iter().partition(|c| is_vp(c));
    let Some(split) = others.len().checked_sub(deck) else {
        return; // more cards in the deck than non-VP cards: not a state of this game
    };
    let dealt = others.split_off(split);
    hands.extend(others);
    rng.shuffle(&mut hands);
    cards.clear();
    cards.extend(hands);
    cards.extend(dealt);
}

/// The auction a phase holds, if any.
fn auction_of(p: &mut Phase) -> Option<&mut silk_trade::Auction> {
    match p {
        Phase::Barbarians { auction, .. }
        | Phase::Priority { auction, .. }
        | Phase::LotAuction { auction, .. } => Some(auction),
        _ => None,
    }
}

/// The phase as `viewer` may see it (`None`: the public): others' sealed bids blanked.
pub(crate) fn public_phase(mut p: Phase, viewer: Option<Seat>) -> Phase {
    if let Some(a) = auction_of(&mut p) {
        *a = a.public(viewer);
    }
    p
}

/// A person-readable view for the terminal.
pub fn text(s: &State, seat: Seat) -> String {
    let v = view(s, seat);
    let r = &s.rules;
    // Round 0 is the setup before the first round: people read "Round 0" as a mistake.
    let round = match v.round {
        0 => "Before round 1".to_string(),
        r => format!("Round {r}"),
    };
    let mut out = format!(
        "{round} · {} · {} to move\n",
        v.phase_name,
        v.to_move
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    for c in &v.cities {
        out += &format!(
            "{}{} {}: {} coins, {} food, {} metal, {} silk, {} fine; M {}+{} L {}+{} S {}+{} R {}+{} (untapped+tapped); {}; {} dev card(s){}\n",
            if c.seat == seat { "*" } else { " " },
            c.seat,
            c.region,
            c.coins,
            c.food,
            c.metal,
            c.silk,
            c.fine,
            c.merchants[0],
            c.merchants[1],
            c.laborers[0],
            c.laborers[1],
            c.soldiers[0],
            c.soldiers[1],
            c.recruits[0],
            c.recruits[1],
            if c.improvements.is_empty() { "no improvements".into() } else { c.improvements.join(", ") },
            c.dev_cards,
            c.fallen.as_ref().map(|f| format!(" (ruins in {f})")).unwrap_or_default()
        );
    }
    let mine: Vec<String> = v
        .my_dev
        .iter()
        .enumerate()
        .filter(|(_, &k)| k > 0)
        .map(|(t, &k)| format!("{k} {}", r.dev(t as u8).map_or("?", |d| d.name.as_str())))
        .collect();
    out += &format!(
        "Your development cards: {} ({} VP)\n",
        if mine.is_empty() {
            "none".into()
        } else {
            mine.join(", ")
        },
        v.my_vp
    );
    for t in &v.tracks {
        let cards: Vec<String> = t
            .cards
            .iter()
            .map(|(slot, what, price)| format!("{slot}:{what}@{price}"))
            .collect();
        out += &format!(
            "{} {}: {}\n",
            t.empire,
            if t.sells { "sells" } else { "buys" },
            if cards.is_empty() {
                "-".into()
            } else {
                cards.join(" ")
            }
        );
    }
    for (name, stacks, treasury) in &v.regions {
        out += &format!("{name}: stacks {stacks:?}, treasury {treasury}\n");
    }
    if !v.penalized.is_empty() {
        let seats: Vec<String> = v.penalized.iter().map(|t| t.to_string()).collect();
        out += &format!("Barbarian travel penalty: {}\n", seats.join(", "));
    }
    out
}

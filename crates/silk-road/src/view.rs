//! What one seat may know, and determinization for search.
//!
//! Hidden: other players' money and goods (behind their shields), the bag's contents, sealed
//! Vizier reveals not yet shown. Public: the map and every tile on it, the caravan, the pawn,
//! turn tokens, Crooks and Barterers in front of screens, called Viziers, auction bids.

use crate::data::TileKind;
use crate::engine::phase_name;
use crate::goods::{Good, Goods};
use crate::state::{Phase, State, NO_TILE};
use serde::Serialize;
use silk_core::{Seat, SeatSet, SilkRng};
use silk_trade::auction::Bid;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct View {
    pub seat: Seat,
    pub players: u8,
    pub round: u16,
    pub caravan: String,
    pub holder: Seat,
    pub phase: &'static str,
    /// Whose decision it is (a set during a reveal).
    pub to_move: SeatSet,
    pub my_money: u16,
    pub my_goods: Goods,
    pub crooks: Vec<u8>,
    pub barterers: Vec<u8>,
    pub tokens: Vec<u8>,
    /// Tiles on each city still to visit or being visited, by city name.
    pub tiles: Vec<(String, Vec<TileKind>)>,
    pub next_cities: Vec<String>,
    pub viziers_called: Vec<Good>,
    /// Leader auction (or an open Grand Vizier reveal): the high bid so far.
    pub high_bid: Option<Bid>,
    /// A sealed leader auction: who has bid (not what), and my own bid (0: a pass).
    pub bids_sealed: SeatSet,
    pub my_sealed_bid: Option<u32>,
    /// The tile being used (or bonus action).
    pub resolving: Option<TileKind>,
    /// Grand Vizier reveal: the good, who has chosen, what I chose.
    pub vizier_good: Option<Good>,
    pub vizier_committed: SeatSet,
    pub my_reveal: Option<u8>,
}

pub fn view(s: &State, seat: Seat) -> View {
    let n = s.players();
    let r = &s.rules;
    let mut high_bid = None;
    let mut resolving = None;
    let (mut vizier_good, mut vizier_committed, mut my_reveal) = (None, SeatSet::EMPTY, None);
    let (mut bids_sealed, mut my_sealed_bid) = (SeatSet::EMPTY, None);
    match s.phase {
        Phase::Auction(a) => {
            high_bid = a.high();
            bids_sealed = a.committed();
            my_sealed_bid = a.own_sealed_bid(seat);
        }
        Phase::HolderChoice(b) => high_bid = Some(b),
        Phase::Resolve { kind, .. } => resolving = Some(r.kind(kind)),
        Phase::Vizier { good, reveal, .. } => {
            vizier_good = Some(good);
            vizier_committed = reveal.committed();
            my_reveal = reveal.own_sealed_bid(seat).map(|k| k as u8);
            high_bid = reveal.high();
        }
        _ => {}
    }
    View {
        seat,
        players: s.n,
        round: s.round,
        caravan: r.name(s.caravan).to_string(),
        holder: s.holder,
        phase: phase_name(s.phase),
        to_move: crate::engine::to_move(s).seats(),
        my_money: s.money[seat.index()],
        my_goods: s.goods[seat.index()],
        crooks: s.crooks[..n].to_vec(),
        barterers: s.barterers[..n].to_vec(),
        tokens: s.tokens[..n].to_vec(),
        tiles: (0..r.city_names.len())
            .filter(|&c| s.tiles[c].iter().any(|&t| t != NO_TILE))
            .map(|c| {
                let kinds = s.tiles[c]
                    .iter()
                    .filter(|&&t| t != NO_TILE)
                    .map(|&t| r.kind(t))
                    .collect();
                (r.city_names[c].clone(), kinds)
            })
            .collect(),
        next_cities: r.succ[s.caravan as usize]
            .iter()
            .map(|&c| r.name(c).to_string())
            .collect(),
        viziers_called: Good::ALL
            .into_iter()
            .filter(|g| s.vizier_used & (1 << g.index()) != 0)
            .collect(),
        high_bid,
        bids_sealed,
        my_sealed_bid,
        resolving,
        vizier_good,
        vizier_committed,
        my_reveal,
    }
}

/// A state `seat` cannot tell from the real one. The goods colours of the other players and the
/// bag are redealt from the pool `seat` cannot see, keeping each player's number of goods (every
/// purchase, sale and trade is made in the open, so counts can be tracked; colours cannot,
/// because of the starting draw and the Thief). Money is kept for the same reason: every
/// payment is public. Sealed Vizier reveals of others are redrawn, and the RNG reseeded so
/// future draws are unknown too.
pub fn determinize(s: &State, seat: Seat, rng: &mut SilkRng) -> State {
    let mut d = *s;
    let n = s.players();
    let mut pool = s.bag;
    for p in (0..n).filter(|&p| p != seat.index()) {
        for g in Good::ALL {
            pool.add(g, s.goods[p].get(g));
        }
    }
    for p in (0..n).filter(|&p| p != seat.index()) {
        let count = s.goods[p].total();
        let mut hand = Goods::default();
        for _ in 0..count {
            let k = rng.below(pool.total());
            if let Some(g) = pool.nth_token(k) {
                pool.take_up_to(g, 1);
                hand.add(g, 1);
            }
        }
        d.goods[p] = hand;
    }
    d.bag = pool;
    match s.phase {
        Phase::Vizier {
            actor,
            good,
            reveal,
            bonus,
            barter,
        } => {
            // The redrawn hands bound the redrawn reveals.
            let mut budgets = [0u32; crate::state::MAX_PLAYERS];
            for (b, h) in budgets.iter_mut().zip(&d.goods[..n]) {
                *b = h.get(good) as u32;
            }
            d.phase = Phase::Vizier {
                actor,
                good,
                reveal: reveal.redraw(Some(seat), Some(&budgets[..n]), |b| rng.below(b + 1)),
                bonus,
                barter,
            };
        }
        Phase::Auction(a) => {
            d.phase = Phase::Auction(a.redraw(Some(seat), None, |b| rng.below(b + 1)));
        }
        _ => {}
    }
    d.rng = SilkRng::seed_from(rng.next_u64());
    d
}

/// A person-readable view for the terminal.
pub fn text(s: &State, seat: Seat) -> String {
    let v = view(s, seat);
    let mut out = String::new();
    let n = v.players as usize;
    out += &format!(
        "Round {} · caravan at {} · {} holds the leader pawn · {}\n",
        // The state counts rounds played; people count the one being played, as the
        // narration's round headers do.
        v.round + 1,
        v.caravan,
        v.holder,
        v.phase
    );
    out += &format!(
        "You ({}): money {} (1 gold = 5 silver), goods: {}\n",
        seat, v.my_money, v.my_goods
    );
    let table: Vec<String> = (0..n)
        .map(|i| {
            let counted = [
                (v.tokens[i], "turn token"),
                (v.crooks[i], "Crook"),
                (v.barterers[i], "Barterer"),
            ];
            let bits: Vec<String> = counted
                .iter()
                .filter(|(k, _)| *k > 0)
                .map(|(k, what)| format!("{k} {what}{}", if *k == 1 { "" } else { "s" }))
                .collect();
            let held = if bits.is_empty() {
                "none".to_string()
            } else {
                bits.join(", ")
            };
            format!("{} {held}", Seat(i as u8))
        })
        .collect();
    out += &format!(
        "Turn tokens, Crooks and Barterers held: {}\n",
        table.join(" | ")
    );
    if let Some(b) = v.high_bid {
        out += &format!("High bid: {} by {}\n", b.amount, b.seat);
    }
    if !v.bids_sealed.is_empty() {
        let who: Vec<String> = v.bids_sealed.iter().map(|p| p.to_string()).collect();
        out += &format!(
            "Sealed bids in from: {}{}\n",
            who.join(", "),
            v.my_sealed_bid
                .map_or(String::new(), |k| format!(" (yours: {k})"))
        );
    }
    if let Some(k) = v.resolving {
        out += &format!("Using: {}\n", k.label());
    }
    if let Some(g) = v.vizier_good {
        let chosen: Vec<String> = v.vizier_committed.iter().map(|p| p.to_string()).collect();
        out += &format!(
            "Grand Vizier on {g}; chosen so far: {}\n",
            if chosen.is_empty() {
                "nobody".to_string()
            } else {
                chosen.join(", ")
            }
        );
    }
    if !v.viziers_called.is_empty() {
        let called: Vec<&str> = v.viziers_called.iter().map(|g| g.name()).collect();
        out += &format!("Viziers called: {}\n", called.join(", "));
    }
    out += &format!("Next cities: {}\n", v.next_cities.join(", "));
    let near: Vec<&str> = std::iter::once(v.caravan.as_str())
        .chain(v.next_cities.iter().map(String::as_str))
        .collect();
    for (city, kinds) in v.tiles.iter().filter(|(c, _)| near.contains(&c.as_str())) {
        let labels: Vec<String> = kinds.iter().map(|k| k.label()).collect();
        out += &format!("  {city}: {}\n", labels.join(" · "));
    }
    out
}

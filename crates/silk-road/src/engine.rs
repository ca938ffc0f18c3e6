//! The sequence of play: leader auction, caravan move, market, and the action tiles.
//!
//! `legal` generates the decisions of a seat; `check` says why a decision is refused; `perform`
//! carries out a checked decision. Rules are cited from the Z-Man rules summary
//! and the project's decisions ("gap N", docs/silk-road.md).

use crate::action::{ladder_total, Action};
use crate::data::TileKind;
use crate::event::Event;
use crate::goods::Good;
use crate::market::{self, AfterTurn};
use crate::setup::auction_for;
use crate::state::{Phase, State, MAX_PLAYERS, NO_TILE};
use crate::trace::THIEF;
use crate::vizier;
use silk_core::{Chance, EventSink, IllegalAction, Seat, SeatSet, ToMove, MAX_SEATS};
use silk_trade::auction::{Auction, AuctionKind, AuctionResult, Heard, Turn};
use silk_trade::auction::{Bid, TieBreak};

mod legal;
pub use legal::{check, legal, phase_name};

/// Whose decision an auction waits for (`otherwise` once it is over).
fn auction_turn(a: &Auction, otherwise: Seat) -> ToMove {
    match a.turn() {
        Turn::One(seat) => ToMove::Seat(seat),
        Turn::All(set) => ToMove::Simultaneous(set),
        Turn::Over => ToMove::Seat(otherwise),
    }
}

pub fn to_move(s: &State) -> ToMove {
    match s.phase {
        Phase::Auction(a) => auction_turn(&a, s.holder),
        Phase::HolderChoice(_) | Phase::Move => ToMove::Seat(s.holder),
        Phase::ChooseTile { actor, .. }
        | Phase::Resolve { actor, .. }
        | Phase::PassPawn { actor }
        | Phase::GivePawn { actor } => ToMove::Seat(actor),
        Phase::Vizier { reveal, actor, .. } => auction_turn(&reveal, actor),
        Phase::Over => ToMove::Terminal,
    }
}

/// Checks and carries out `action`. On `Err` the state is untouched.
pub fn apply(
    s: &mut State,
    seat: Seat,
    action: Action,
    ev: &mut impl EventSink<Event>,
) -> Result<(), IllegalAction> {
    check(s, seat, action)?;
    perform(s, seat, action, ev);
    Ok(())
}

/// `apply` for an action `legal` has just listed for `seat` here: it passes `check` by
/// construction, so playouts skip it (the conformance suite holds both to the same result).
pub fn apply_listed(s: &mut State, seat: Seat, action: Action, ev: &mut impl EventSink<Event>) {
    debug_assert_eq!(check(s, seat, action), Ok(()), "{action:?} was not listed");
    perform(s, seat, action, ev);
}

fn perform(s: &mut State, seat: Seat, action: Action, ev: &mut impl EventSink<Event>) {
    let i = seat.index();
    match (s.phase, action) {
        (Phase::Auction(a), Action::Pass | Action::Bid(_)) => leader_bid(s, seat, a, action, ev),
        (Phase::HolderChoice(bid), Action::SellPawn) => {
            let price = bid.amount as u16;
            s.money[bid.seat.index()] -= price;
            s.money[i] += price;
            ev.emit(Event::PawnSold {
                from: seat,
                to: bid.seat,
                price,
            });
            s.holder = bid.seat;
            s.phase = Phase::Move;
        }
        (Phase::HolderChoice(bid), Action::KeepPawn) => {
            // Without `keep_needs_funds` a holder short of money pays all they have.
            let price = (bid.amount as u16).min(s.money[i]);
            s.money[i] -= price;
            s.money[bid.seat.index()] += price;
            ev.emit(Event::PawnKept {
                holder: seat,
                paid_to: bid.seat,
                price,
            });
            s.phase = Phase::Move;
        }
        (Phase::Move, Action::Move(c)) => move_caravan(s, seat, c, ev),
        (Phase::ChooseTile { .. }, Action::Take { slot, barter }) => {
            let city = s.caravan as usize;
            let id = s.tiles[city][slot as usize];
            s.tiles[city][slot as usize] = NO_TILE;
            s.tokens[i] += 1;
            if barter {
                s.barterers[i] -= 1;
            }
            let kind = s.rules.kind(id);
            ev.emit(Event::TookTile { seat, kind, barter });
            match kind {
                TileKind::Crook => {
                    s.crooks[i] += 1;
                    after_tile(s, seat, barter, false, ev);
                }
                TileKind::Barterer => {
                    s.barterers[i] += 1;
                    s.fresh_barterers[i] += 1;
                    after_tile(s, seat, barter, false, ev);
                }
                _ => {
                    s.phase = Phase::Resolve {
                        actor: seat,
                        kind: id,
                        step: 0,
                        bonus: false,
                        barter,
                    }
                }
            }
        }
        (Phase::Resolve { bonus, barter, .. }, Action::Decline) => {
            ev.emit(Event::Declined { seat, bonus });
            after_tile(s, seat, barter, bonus, ev);
        }
        (
            Phase::Resolve {
                kind,
                step,
                bonus,
                barter,
                ..
            },
            a,
        ) => resolve_tile(s, seat, s.rules.kind(kind), a, step, bonus, barter, ev),
        (Phase::Vizier { .. }, Action::Reveal(k)) => vizier_reveal(s, seat, k, ev),
        (Phase::PassPawn { actor }, Action::GivePawn(to)) => {
            ev.emit(Event::PawnPassed { from: actor, to });
            s.holder = to;
            s.phase = Phase::ChooseTile {
                actor: to,
                second: false,
            };
        }
        (Phase::GivePawn { actor }, Action::GivePawn(to)) => {
            ev.emit(Event::PawnPassed { from: actor, to });
            s.holder = to;
            start_round(s, ev);
        }
        // `check` admitted only the pairs above.
        _ => {}
    }
}

/// A bid or a pass in the leader auction; when it closes, the holder's choice (or, without
/// bids, the move).
#[inline]
fn leader_bid(
    s: &mut State,
    seat: Seat,
    mut a: Auction,
    action: Action,
    ev: &mut impl EventSink<Event>,
) {
    let bid = match action {
        Action::Bid(k) => Some(k as u32),
        _ => None,
    };
    // Checked above: it cannot fail here. A sealed leader auction tells the amounts
    // only when every bid is in.
    let _ = a.act_told(seat, bid, ev);
    s.phase = match closed(&a, 0, None, ev) {
        None => Phase::Auction(a),
        // The holder sells at, or pays, the price the format sets.
        Some(r) => match r.winner {
            Some(w) => Phase::HolderChoice(Bid {
                seat: w.seat,
                amount: r.price(),
            }),
            None => {
                ev.emit(Event::NoBids { holder: s.holder });
                Phase::Move
            }
        },
    };
}

/// The leader moves the caravan to `c`: the end city ends the game, any other opens its
/// market (with the city's printed action first, where it has one).
#[inline]
fn move_caravan(s: &mut State, seat: Seat, c: u8, ev: &mut impl EventSink<Event>) {
    s.caravan = c;
    s.round += 1;
    ev.emit(Event::Moved {
        leader: seat,
        city: c,
    });
    if c == s.rules.end {
        // Reaching the end city ends the game at once: no market.
        s.phase = Phase::Over;
        ev.emit(Event::GameOver);
        return;
    }
    s.tokens = [0; MAX_PLAYERS];
    s.fresh_barterers = [0; MAX_PLAYERS];
    s.phase = match s.rules.bonus[c as usize] {
        // The leader may first take the city's printed action.
        Some(kind) => {
            ev.emit(Event::BonusOffered {
                seat,
                kind: s.rules.kind(kind),
            });
            Phase::Resolve {
                actor: seat,
                kind,
                step: 0,
                bonus: true,
                barter: false,
            }
        }
        None => Phase::ChooseTile {
            actor: seat,
            second: false,
        },
    };
}

/// A seat's reveal in the Vizier's contest; when every reveal is in, the payout and the end of
/// the tile.
#[inline]
fn vizier_reveal(s: &mut State, seat: Seat, k: u8, ev: &mut impl EventSink<Event>) {
    let Phase::Vizier {
        actor,
        good,
        mut reveal,
        bonus,
        barter,
    } = s.phase
    else {
        return;
    };
    let shown = (k > 0).then_some(k as u32);
    // The rules' reveal is sealed (everyone chooses, then all show together); an open
    // format swapped in shows each choice as it is made. Checked above: it cannot fail.
    let sealed = reveal.format().kind == AuctionKind::Sealed;
    let _ = reveal.act(seat, shown, |h| match h {
        Heard::Sealed(seat) => ev.emit(Event::Committed { seat }),
        // Sealed: the amounts are told together by `Revealed` below.
        _ if sealed => {}
        Heard::Bid(seat, k) => ev.emit(Event::Showed {
            seat,
            count: k as u8,
        }),
        Heard::Passed(seat) => ev.emit(Event::Showed { seat, count: 0 }),
    });
    s.phase = Phase::Vizier {
        actor,
        good,
        reveal,
        bonus,
        barter,
    };
    let Ok(r) = reveal.result() else {
        return;
    };
    let (amounts, tie) = reveal
        .revealed()
        .unwrap_or(([0; MAX_SEATS], TieBreak::Shared));
    let mut counts = [0u8; MAX_PLAYERS];
    for seat in reveal.seats().iter() {
        counts[seat.index()] = amounts[seat.index()] as u8;
    }
    let pay = vizier::payout(&s.rules.config.params, &amounts, reveal.seats(), tie);
    let mut paid = [0u16; MAX_PLAYERS];
    for seat in reveal.seats().iter() {
        paid[seat.index()] = s.bank_pays(seat, pay[seat.index()]) as u16;
        // A format where showing costs the goods shown (the rules: nobody pays).
        let given = s.goods[seat.index()].take_up_to(good, r.pays[seat.index()] as u8);
        s.spend_goods(good, given);
    }
    ev.emit(Event::Revealed { good, counts, paid });
    let value = r.winner.map_or(0, |w| paid[w.seat.index()] as u32);
    closed(&reveal, 1, Some(value), ev);
    after_tile(s, actor, barter, bonus, ev);
}

#[allow(clippy::too_many_arguments)]
fn resolve_tile(
    s: &mut State,
    seat: Seat,
    kind: TileKind,
    a: Action,
    step: u8,
    bonus: bool,
    barter: bool,
    ev: &mut impl EventSink<Event>,
) {
    let i = seat.index();
    spend_crook(s, seat, kind, a, ev);
    let p = &s.rules.config.params;
    match (kind, a) {
        (_, Action::Sell { good, n }) => {
            let earned = ladder_total(&p.seller_prices, n);
            s.goods[i].take_up_to(good, n);
            s.spend_goods(good, n);
            let earned = s.bank_pays(seat, earned) as u16;
            ev.emit(Event::Sold {
                seat,
                good,
                n,
                earned,
            });
        }
        (_, Action::Buy { good, n }) => {
            let cost = ladder_total(&p.buyer_prices, n);
            let got = s.bag.take_up_to(good, n);
            s.goods[i].add(good, got);
            s.pays_bank(seat, cost);
            ev.emit(Event::Bought {
                seat,
                good,
                n: got,
                paid: cost as u16,
            });
        }
        (TileKind::Trader { give_n, get_n, .. }, Action::Trade { times, give, get }) => {
            let given = give_n * times;
            s.goods[i].take_up_to(give, given);
            s.spend_goods(give, given);
            // Gap 3: received goods come from the bag; if fewer remain you get what is there.
            let got = s.bag.take_up_to(get, get_n * times);
            s.goods[i].add(get, got);
            ev.emit(Event::Traded {
                seat,
                give,
                given,
                get,
                got,
            });
        }
        (TileKind::Exchanger(limit), Action::Swap { give, get }) => {
            s.goods[i].take_up_to(give, 1);
            s.spend_goods(give, 1);
            let got = s.bag.take_up_to(get, 1);
            s.goods[i].add(get, got);
            ev.emit(Event::Swapped { seat, give, get });
            if step + 1 < limit {
                if let Phase::Resolve { step, .. } = &mut s.phase {
                    *step += 1;
                }
                return;
            }
        }
        (_, Action::Steal(victim)) => steal(s, seat, victim, ev),
        (_, Action::Vizier(good)) => return call_vizier(s, seat, good, bonus, barter, ev),
        _ => {}
    }
    after_tile(s, seat, barter, bonus, ev);
}

/// A tile used for another good or trade than its own spends one of the seat's Crooks.
fn spend_crook(
    s: &mut State,
    seat: Seat,
    kind: TileKind,
    a: Action,
    ev: &mut impl EventSink<Event>,
) {
    let uses_crook = match (kind, a) {
        (TileKind::Seller(p), Action::Sell { good, .. })
        | (TileKind::Buyer(p), Action::Buy { good, .. }) => good != p,
        (
            TileKind::Trader { give, get, .. },
            Action::Trade {
                give: gv, get: gt, ..
            },
        ) => gv != give || gt != get,
        _ => false,
    };
    if uses_crook {
        // Gap 9: a Crook is used once, then discarded.
        s.crooks[seat.index()] -= 1;
        ev.emit(Event::UsedCrook { seat });
    }
}

/// The Thief: one good drawn at random from the victim's goods (none if they hold none).
fn steal(s: &mut State, seat: Seat, victim: Seat, ev: &mut impl EventSink<Event>) {
    let i = seat.index();
    let v = victim.index();
    let total = s.goods[v].total();
    let good = if total == 0 {
        None
    } else {
        let k = s.rng.below(total);
        s.goods[v].nth_token(k).map(|g| {
            // A trace records the good stolen; its replay imposes it.
            let mut drawn = g.index() as u8;
            ev.chance(Chance::Draw {
                what: THIEF,
                counts: &s.goods[v].0,
                drawn: &mut drawn,
            });
            Good::from_index(drawn as usize).unwrap_or(g)
        })
    };
    if let Some(g) = good {
        s.goods[v].take_up_to(g, 1);
        s.goods[i].add(g, 1);
    }
    ev.emit(Event::Stole {
        thief: seat,
        victim,
        good,
    });
}

/// The Vizier: the good's token called (out of the bag if the rules say so), then its auction
/// opened (should none open, what follows the tile).
fn call_vizier(
    s: &mut State,
    seat: Seat,
    good: Good,
    bonus: bool,
    barter: bool,
    ev: &mut impl EventSink<Event>,
) {
    let p = &s.rules.config.params;
    vizier::call(&mut s.vizier_used, good);
    if p.vizier_token_from_bag {
        let k = s.bag.take_up_to(good, 1);
        s.boxed.add(good, k);
    }
    ev.emit(Event::VizierCalled { seat, good });
    let n = s.players();
    let mut budgets = [0u32; MAX_PLAYERS];
    for (b, h) in budgets.iter_mut().zip(&s.goods[..n]) {
        *b = h.get(good) as u32;
    }
    // Never fails: the set is never empty and budgets cover it. The caller shows first
    // in the open formats; sealed reveals have no order.
    if let Ok(reveal) = Auction::new(p.vizier_auction, SeatSet::full(n), seat, &budgets[..n], 1) {
        s.phase = Phase::Vizier {
            actor: seat,
            good,
            reveal,
            bonus,
            barter,
        };
        return;
    }
    after_tile(s, seat, barter, bonus, ev);
}

/// What follows a tile (or bonus action): the bonus leads to the leader's tile; a Barterer's
/// first tile to its second; otherwise the pawn moves on, or the market ends.
fn after_tile(
    s: &mut State,
    actor: Seat,
    barter: bool,
    bonus: bool,
    ev: &mut impl EventSink<Event>,
) {
    if bonus {
        s.phase = Phase::ChooseTile {
            actor,
            second: false,
        };
        return;
    }
    if barter {
        s.phase = Phase::ChooseTile {
            actor,
            second: true,
        };
        return;
    }
    match market::after_turn(&s.tokens[..s.players()], s.tiles_left(), actor) {
        AfterTurn::PassTo(to) => {
            ev.emit(Event::PawnPassed { from: actor, to });
            s.holder = to;
            s.phase = Phase::ChooseTile {
                actor: to,
                second: false,
            };
        }
        AfterTurn::ChoosePass(_) => s.phase = Phase::PassPawn { actor },
        AfterTurn::ChooseHolder(_) => s.phase = Phase::GivePawn { actor },
        AfterTurn::HeldBy(to) => {
            if to != actor {
                ev.emit(Event::PawnPassed { from: actor, to });
            }
            s.holder = to;
            start_round(s, ev);
        }
    }
}

fn start_round(s: &mut State, ev: &mut impl EventSink<Event>) {
    // The market's turn tokens go back with the pawn: the auction shows none.
    s.tokens = [0; MAX_PLAYERS];
    ev.emit(Event::AuctionOpened { holder: s.holder });
    s.phase = auction_for(s);
}

/// Once `a` is over: its result, and the lab's report of it for auction point `point`
/// (0 the leader auction, 1 the Grand Vizier; `value`: the lot's worth to the winner).
fn closed(
    a: &Auction,
    point: u8,
    value: Option<u32>,
    ev: &mut impl EventSink<Event>,
) -> Option<AuctionResult> {
    if !a.is_done() {
        return None;
    }
    let r = a.result().ok()?;
    a.tell_closed(&r, point, value, ev);
    Some(r)
}

//! What happened, for narration, logs and lab metrics.

use crate::data::TileKind;
use crate::goods::Good;
use crate::state::MAX_PLAYERS;
use serde::Serialize;
use silk_core::Seat;
use silk_trade::AuctionReport;

#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub enum Event {
    AuctionOpened {
        holder: Seat,
    },
    Bid {
        seat: Seat,
        amount: u16,
    },
    Passed {
        seat: Seat,
    },
    /// A sealed bid (or pass) is in; the amounts are told when all are.
    SealedBid {
        seat: Seat,
    },
    NoBids {
        holder: Seat,
    },
    PawnSold {
        from: Seat,
        to: Seat,
        price: u16,
    },
    PawnKept {
        holder: Seat,
        paid_to: Seat,
        price: u16,
    },
    Moved {
        leader: Seat,
        city: u8,
    },
    TookTile {
        seat: Seat,
        kind: TileKind,
        barter: bool,
    },
    /// The leader may first use the city's printed action (or decline it).
    BonusOffered {
        seat: Seat,
        kind: TileKind,
    },
    /// A tile's action, or the city's bonus (`bonus`), not used.
    Declined {
        seat: Seat,
        bonus: bool,
    },
    UsedCrook {
        seat: Seat,
    },
    Sold {
        seat: Seat,
        good: Good,
        n: u8,
        earned: u16,
    },
    Bought {
        seat: Seat,
        good: Good,
        n: u8,
        paid: u16,
    },
    Traded {
        seat: Seat,
        give: Good,
        given: u8,
        get: Good,
        got: u8,
    },
    Swapped {
        seat: Seat,
        give: Good,
        get: Good,
    },
    /// The stolen good is known only to the thief and the victim.
    Stole {
        thief: Seat,
        victim: Seat,
        good: Option<Good>,
    },
    VizierCalled {
        seat: Seat,
        good: Good,
    },
    /// In an open reveal (a format swapped in for the lab), a seat shows this many at once.
    Showed {
        seat: Seat,
        count: u8,
    },
    Committed {
        seat: Seat,
    },
    Revealed {
        good: Good,
        counts: [u8; MAX_PLAYERS],
        paid: [u16; MAX_PLAYERS],
    },
    PawnPassed {
        from: Seat,
        to: Seat,
    },
    /// An auction closed (`point` 0: the leader auction, 1: a Grand Vizier reveal): the lab's
    /// report of it. Silent: it holds the winner's hidden money, and narration has the bids.
    AuctionClosed {
        point: u8,
        report: AuctionReport,
    },
    GameOver,
}

// What the table hears of an auction, and the lab's report when one closes.
silk_trade::auction_events!(Event);

impl Event {
    /// The narration `viewer` may see (`None` = a public observer).
    pub fn text(
        &self,
        city_name: impl Fn(u8) -> String,
        viewer: Option<Seat>,
        n: usize,
    ) -> Option<String> {
        Some(match *self {
            Event::AuctionClosed { .. } => return None,
            Event::AuctionOpened { holder } => {
                format!("{holder} holds the leader pawn: bidding opens")
            }
            Event::Bid { seat, amount } => format!("{seat} bids {amount}"),
            Event::Passed { seat } => format!("{seat} passes"),
            Event::SealedBid { seat } => format!("{seat} has bid (sealed)"),
            Event::NoBids { holder } => format!("nobody bids: {holder} keeps the pawn"),
            Event::PawnSold { from, to, price } => {
                format!("{from} sells the pawn to {to} for {price}")
            }
            Event::PawnKept {
                holder,
                paid_to,
                price,
            } => {
                format!("{holder} pays {paid_to} {price} and keeps the pawn")
            }
            Event::Moved { leader, city } => {
                format!("{leader} moves the caravan to {}", city_name(city))
            }
            Event::TookTile { seat, kind, barter } => format!(
                "{seat} takes {}{}",
                kind.label(),
                if barter { " (with a Barterer)" } else { "" }
            ),
            Event::BonusOffered { seat, kind } => {
                format!("{seat} may first use the city's bonus: {}", kind.label())
            }
            Event::Declined { seat, bonus: true } => format!("{seat} declines the city's bonus"),
            Event::Declined { seat, .. } => format!("{seat} declines the action"),
            Event::UsedCrook { seat } => format!("{seat} uses a Crook"),
            Event::Sold {
                seat,
                good,
                n,
                earned,
            } => format!("{seat} sells {n} {good} for {earned}"),
            Event::Bought {
                seat,
                good,
                n,
                paid,
            } => format!("{seat} buys {n} {good} for {paid}"),
            Event::Traded {
                seat,
                give,
                given,
                get,
                got,
            } => {
                format!("{seat} trades {given} {give} for {got} {get}")
            }
            Event::Swapped { seat, give, get } => format!("{seat} swaps 1 {give} for 1 {get}"),
            Event::Stole {
                thief,
                victim,
                good,
            } => {
                let knows = viewer == Some(thief) || viewer == Some(victim);
                match good {
                    None => format!("{thief} tries to rob {victim}, who has no goods"),
                    Some(g) if knows => format!("{thief} steals 1 {g} from {victim}"),
                    Some(_) => format!("{thief} steals a good from {victim}"),
                }
            }
            Event::VizierCalled { seat, good } => {
                format!("{seat} calls the Grand Vizier on {good}")
            }
            Event::Committed { seat } => format!("{seat} has chosen how many to reveal"),
            Event::Showed { seat, count } => format!("{seat} shows {count}"),
            Event::Revealed { good, counts, paid } => {
                let shown: Vec<String> = (0..n)
                    .map(|i| {
                        let extra = if paid[i] > 0 {
                            format!(" (+{})", paid[i])
                        } else {
                            String::new()
                        };
                        format!("{} {}{extra}", Seat(i as u8), counts[i])
                    })
                    .collect();
                format!("reveal of {good}: {}", shown.join(", "))
            }
            Event::PawnPassed { from, to } => format!("{from} passes the pawn to {to}"),
            Event::GameOver => "the caravan reaches the end: game over".into(),
        })
    }
}

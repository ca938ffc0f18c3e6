//! Who pays what at the end of an auction, under a [`PayRule`]: the one place every format
//! settles, so a swapped-in format pays by its own rule whatever engine holds it.

use super::{Bid, PayRule};
use silk_core::{SeatSet, MAX_SEATS};

/// What each seat pays, indexed by seat. `amounts` are each seat's last (highest) bid, 0 for
/// a seat that never bid; `bidders` the seats that bid; `winner` the winning bid, if any.
/// Second price: the best bid of the other bidders, but never below `min_bid` (the lowest
/// bid the auction accepts) nor above the winner's own bid.
pub fn pays(
    rule: PayRule,
    winner: Option<Bid>,
    amounts: &[u32; MAX_SEATS],
    bidders: SeatSet,
    min_bid: u32,
) -> [u32; MAX_SEATS] {
    let mut out = [0u32; MAX_SEATS];
    match rule {
        PayRule::NoPay => {}
        PayRule::AllPay => {
            for s in bidders.iter() {
                out[s.index()] = amounts[s.index()];
            }
        }
        PayRule::FirstPrice => {
            if let Some(w) = winner {
                out[w.seat.index()] = w.amount;
            }
        }
        PayRule::SecondPrice => {
            if let Some(w) = winner {
                let second = bidders
                    .iter()
                    .filter(|&s| s != w.seat)
                    .map(|s| amounts[s.index()])
                    .max()
                    .unwrap_or(0);
                out[w.seat.index()] = second.max(min_bid).min(w.amount);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::Seat;

    fn amounts(v: &[u32]) -> [u32; MAX_SEATS] {
        let mut a = [0; MAX_SEATS];
        a[..v.len()].copy_from_slice(v);
        a
    }

    #[test]
    fn each_rule_pays_as_it_says() {
        let a = amounts(&[3, 0, 7, 5]);
        let bidders: SeatSet = [Seat(0), Seat(2), Seat(3)].into_iter().collect();
        let w = Some(Bid {
            seat: Seat(2),
            amount: 7,
        });
        assert_eq!(
            pays(PayRule::FirstPrice, w, &a, bidders, 1)[..4],
            [0, 0, 7, 0]
        );
        assert_eq!(
            pays(PayRule::SecondPrice, w, &a, bidders, 1)[..4],
            [0, 0, 5, 0]
        );
        assert_eq!(pays(PayRule::AllPay, w, &a, bidders, 1)[..4], [3, 0, 7, 5]);
        assert_eq!(pays(PayRule::NoPay, w, &a, bidders, 1)[..4], [0; 4]);
        // A lone bidder pays the minimum under second price.
        let lone = SeatSet::single(Seat(2));
        assert_eq!(pays(PayRule::SecondPrice, w, &a, lone, 2)[2], 2);
        // No winner: only all-pay takes anything.
        assert_eq!(
            pays(PayRule::FirstPrice, None, &a, bidders, 1),
            [0; MAX_SEATS]
        );
    }
}

//! What an auction did, for the playtest lab: who won, at what price against what they could
//! bid, whether the richest bidder won, and the lot's value to the winner where the rules give
//! one. Engines put it in an event when an auction closes and count it with [`count_report`],
//! so every auction point of every engine is measured the same way.

use serde::{Deserialize, Serialize};
use silk_core::{MetricCounts, Seat};

/// The counters of one auction point, as `auction.<key>.<name>`, in the order counted.
pub const METRICS: [&str; 7] = [
    "held",
    "no_bid",
    "won",
    "richest_won",
    "price_wealth_permille",
    "valued",
    "surplus_sum",
];

/// One closed auction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct AuctionReport {
    pub winner: Option<Seat>,
    /// What the winner pays under the format's payment rule.
    pub price: u32,
    /// What the winner could bid when the auction opened (its wealth in the auction's unit).
    pub budget: u32,
    /// The winner had the largest budget of the bidders (a tie for largest counts).
    pub richest: bool,
    /// Seats that bid at least once.
    pub bidders: u8,
    /// The lot's value to the winner in the price's unit, where the point defines one.
    pub value: Option<u32>,
}

impl AuctionReport {
    pub fn with_value(self, value: u32) -> AuctionReport {
        AuctionReport {
            value: Some(value),
            ..self
        }
    }

    /// Value minus price, where a value is defined and there is a winner.
    pub fn surplus(&self) -> Option<i64> {
        self.winner?;
        Some(self.value? as i64 - self.price as i64)
    }
}

/// Counts `r` into the point's counters, numbered from `first` in the order of [`METRICS`].
pub fn count_report(c: &mut MetricCounts, first: usize, r: &AuctionReport) {
    c.incr(first);
    if r.bidders == 0 {
        c.incr(first + 1);
    }
    if r.winner.is_none() {
        return;
    }
    c.incr(first + 2);
    c.add(first + 3, r.richest as i64);
    if r.budget > 0 {
        c.add(first + 4, r.price as i64 * 1000 / r.budget as i64);
    }
    if let Some(s) = r.surplus() {
        c.incr(first + 5);
        c.add(first + 6, s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::{Counters, Names};
    use std::sync::Arc;

    /// What `counts` counted, by the names of the point `x`'s metrics.
    fn named(counts: &MetricCounts) -> Counters {
        let names = Arc::new(Names::new(METRICS.iter().map(|m| format!("auction.x.{m}"))));
        let mut c = Counters::default();
        c.set_counts(&names, counts);
        c
    }

    #[test]
    fn a_report_counts_into_the_points_metrics() {
        let mut m = MetricCounts::default();
        let won = AuctionReport {
            winner: Some(Seat(1)),
            price: 3,
            budget: 12,
            richest: true,
            bidders: 2,
            value: None,
        };
        count_report(&mut m, 0, &won);
        count_report(&mut m, 0, &won.with_value(5));
        let none = AuctionReport {
            winner: None,
            price: 0,
            budget: 0,
            richest: false,
            bidders: 0,
            value: None,
        };
        count_report(&mut m, 0, &none);
        let c = named(&m);
        assert_eq!(c.get("auction.x.held"), 3);
        assert_eq!(c.get("auction.x.no_bid"), 1);
        assert_eq!(c.get("auction.x.won"), 2);
        assert_eq!(c.get("auction.x.richest_won"), 2);
        assert_eq!(c.get("auction.x.price_wealth_permille"), 500);
        assert_eq!(c.get("auction.x.valued"), 1);
        assert_eq!(c.get("auction.x.surplus_sum"), 2);
    }

    /// A winner reported with no budget adds no price share (never a division by zero)
    /// (mutation testing, issue 30).
    #[test]
    fn a_winner_without_a_budget_adds_no_price_share() {
        let mut m = MetricCounts::default();
        let r = AuctionReport {
            winner: Some(Seat(0)),
            price: 0,
            budget: 0,
            richest: false,
            bidders: 1,
            value: None,
        };
        count_report(&mut m, 0, &r);
        let c = named(&m);
        assert_eq!(c.get("auction.x.won"), 1);
        assert_eq!(c.get("auction.x.price_wealth_permille"), 0);
    }
}

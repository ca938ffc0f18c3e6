//! What a table's entries tell about its game (issue 47's partial playtest record): the table
//! helper sees only what is said aloud, so a game at the table is known by its leader
//! auctions (who held the pawn, who won it at what price, sold or kept), the tiles taken (by
//! the kind the helper is told), the rounds, and the final count, not by anyone's money or
//! goods before it.

use super::{Entry, Step, Table, Taken};
use crate::scoring::Score;
use silk_core::Seat;

/// One leader auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Auction {
    pub round: u32,
    /// Who held the pawn when it was auctioned.
    pub holder: Seat,
    /// The high bidder, if anyone bid.
    pub winner: Option<Seat>,
    /// The high bid (0 when nobody bid).
    pub price: u32,
    /// The holder sold the pawn (`false`: paid the bidder and kept it, or nobody bid).
    pub sold: bool,
}

/// One tile taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileTaken {
    pub round: u32,
    pub seat: Seat,
    pub tile: Taken,
    /// Taken with a Barterer.
    pub barter: bool,
}

/// A table's game as its entries tell it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub rounds: u32,
    pub auctions: Vec<Auction>,
    pub tiles: Vec<TileTaken>,
    /// The final count (each seat's score, then its rank from 0), once every count is in.
    pub result: Option<(Vec<Score>, Vec<u8>)>,
}

impl Table {
    /// The game its accepted entries tell (the table played again from its first entry).
    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        let Ok(mut t) = Table::new(self.names.clone(), &self.rules.config, self.any_city) else {
            return s;
        };
        for e in &self.entries {
            let (step, round, holder) = (t.step, t.round, t.holder);
            if t.apply(e.clone()).is_err() {
                break;
            }
            match (step, e) {
                (Step::HolderChoice(b), Entry::Sell | Entry::Keep) => s.auctions.push(Auction {
                    round,
                    holder,
                    winner: Some(b.seat),
                    price: b.amount,
                    sold: matches!(e, Entry::Sell),
                }),
                // Everyone passed: the holder keeps the pawn for nothing.
                (Step::Auction(_), Entry::Pass) if t.step == Step::Move => {
                    s.auctions.push(Auction {
                        round,
                        holder,
                        winner: None,
                        price: 0,
                        sold: false,
                    })
                }
                (Step::Take { actor, .. }, Entry::Take { tile, barter }) => {
                    s.tiles.push(TileTaken {
                        round,
                        seat: actor,
                        tile: *tile,
                        barter: *barter,
                    })
                }
                _ => {}
            }
        }
        s.rounds = t.round;
        s.result = t.result.clone();
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SilkRoadConfig;

    fn table() -> Table {
        let names = ["Ana", "Ben", "Cleo"].map(String::from).to_vec();
        Table::new(names, &SilkRoadConfig::new(3), false).unwrap()
    }

    #[test]
    fn issue47_a_table_summary_has_its_auctions_tiles_and_count() {
        let mut t = table();
        for e in ["Ana", "3", "pass"] {
            let e = t.parse(e).unwrap();
            t.apply(e).unwrap();
        }
        t.apply(Entry::Sell).unwrap();
        let s = t.summary();
        assert_eq!(
            s.auctions,
            [Auction {
                round: 1,
                holder: Seat(0),
                winner: Some(Seat(1)),
                price: 3,
                sold: true
            }]
        );
        assert!(s.result.is_none() && s.tiles.is_empty());
        // On to the count by the first answer offered each time: one auction a round, every
        // tile with its taker, and the count.
        let mut guard = 0;
        while t.step != Step::Scoring {
            let answer = match t.step {
                Step::Reveal { sealed, .. } => {
                    format!("{} 1", t.name(sealed.to_move().first().unwrap()))
                }
                _ => t.prompt().choices.first().cloned().unwrap_or("pass".into()),
            };
            let e = t.parse(&answer).unwrap();
            t.apply(e).unwrap();
            guard += 1;
            assert!(guard < 2000);
        }
        for (i, n) in ["Ana", "Ben", "Cleo"].iter().enumerate() {
            let e = t.parse(&format!("{n} 1 {i} 0 0 0 0 0")).unwrap();
            t.apply(e).unwrap();
        }
        let s = t.summary();
        assert_eq!(s.auctions.len() as u32, s.rounds);
        assert!(s.rounds > 1 && !s.tiles.is_empty());
        assert!(s
            .tiles
            .iter()
            .all(|x| x.seat.index() < 3 && x.round <= s.rounds));
        let (scores, ranks) = s.result.unwrap();
        assert_eq!((scores.len(), ranks[2]), (3, 0));
    }
}

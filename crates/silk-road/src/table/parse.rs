//! What a person typed at the current step, read as an [`Entry`].

use super::{err, Entry, Step, Table, TableError, Taken};
use crate::goods::{Good, Goods};

impl Table {
    /// Reads what a person typed at the current step.
    pub fn parse(&self, text: &str) -> Result<Entry, TableError> {
        let t = text.trim();
        let lower = t.to_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        match self.step {
            Step::FirstLeader => Ok(Entry::FirstLeader(self.seat_named(t)?)),
            Step::Auction(_) => match words.as_slice() {
                ["pass"] | ["p"] | ["0"] => Ok(Entry::Pass),
                ["bid", k] | [k] => k.parse().map(Entry::Bid).map_err(|_| {
                    TableError::Refused(format!("{t:?} is not a bid: type a number or `pass`"))
                }),
                _ => err(format!("{t:?} is not a bid: type a number or `pass`")),
            },
            Step::HolderChoice(_) => match words.as_slice() {
                ["sell"] | ["s"] => Ok(Entry::Sell),
                ["keep"] | ["k"] => Ok(Entry::Keep),
                _ => err("answer `sell` or `keep`"),
            },
            Step::Move => Ok(Entry::Move(self.city_named(t)?)),
            Step::Take { .. } => {
                let (barter, rest) = match words.as_slice() {
                    ["barter", rest @ ..] => (true, rest.join(" ")),
                    rest => (false, rest.join(" ")),
                };
                let tile = match rest.as_str() {
                    "" | "tile" | "t" | "other" => Taken::Tile,
                    "vizier" | "grand vizier" | "v" | "gv" => Taken::GrandVizier,
                    "crook" | "c" => Taken::Crook,
                    "barterer" | "b" => Taken::Barterer,
                    other => {
                        return err(format!(
                            "{other:?}: say `tile`, `vizier`, `crook` or `barterer` (with `barter` first to use a Barterer)"
                        ))
                    }
                };
                Ok(Entry::Take { tile, barter })
            }
            Step::Call { .. } => Good::parse(t).map(Entry::Call).ok_or_else(|| {
                TableError::Refused(format!(
                    "{t:?} is not a good (ivory, silk, fruits, jewels, spices)"
                ))
            }),
            Step::Reveal { .. } => match words.as_slice() {
                [name @ .., count] if !name.is_empty() => {
                    let seat = self.seat_named(&name.join(" "))?;
                    let count = count
                        .parse()
                        .map_err(|_| TableError::Refused(format!("{count:?} is not a count")))?;
                    Ok(Entry::Reveal { seat, count })
                }
                _ => err("type `name count`, e.g. `Ana 2`"),
            },
            Step::PassPawn { .. } | Step::GivePawn { .. } => Ok(Entry::Give(self.seat_named(t)?)),
            Step::Scoring | Step::Done => {
                let (fix, words) = match words.as_slice() {
                    ["fix" | "correct", rest @ ..] => (true, rest),
                    rest if self.step == Step::Scoring => (false, rest),
                    _ => return err("the game is over: `fix name gold silver ivory silk fruits jewels spices` corrects a count"),
                };
                let (name, nums) = match words {
                    [name @ .., a, b, c, d, e, f, g] if !name.is_empty() => {
                        (name.join(" "), [*a, *b, *c, *d, *e, *f, *g])
                    }
                    _ => return err("type `name gold silver ivory silk fruits jewels spices`, e.g. `Ana 1 5 0 2 1 0 3`"),
                };
                let seat = self.seat_named(&name)?;
                let mut v = [0u32; 7];
                for (x, s) in v.iter_mut().zip(nums) {
                    *x = s
                        .parse()
                        .map_err(|_| TableError::Refused(format!("{s:?} is not a number")))?;
                }
                let mut goods = Goods::default();
                for (k, g) in Good::ALL.into_iter().enumerate() {
                    let c = u8::try_from(v[2 + k]).map_err(|_| {
                        TableError::Refused(format!("{} {g} is more than the game has", v[2 + k]))
                    })?;
                    goods.add(g, c);
                }
                let (gold, silver) = (v[0], v[1]);
                Ok(if fix {
                    Entry::Fix {
                        seat,
                        gold,
                        silver,
                        goods,
                    }
                } else {
                    Entry::Holdings {
                        seat,
                        gold,
                        silver,
                        goods,
                    }
                })
            }
        }
    }
}

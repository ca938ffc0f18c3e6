//! Chance after setup: the draws an engine makes with its state's RNG once the game is under
//! way (a deck reshuffled, a good stolen at random). The engine reports each through
//! [`EventSink::chance`](crate::EventSink::chance); a trace writer keeps it ([`Recorder`]), a
//! trace replay imposes the recorded outcome instead of the RNG's ([`Forcer`]). Simulations
//! pass `()` or a `Vec`, whose `chance` does nothing, so the hot path pays nothing.

use crate::game::EventSink;

/// One draw of chance, as the engine has just made it. Items are the engine's own small codes
/// (a silk card, a good); its [`Traced`](crate::trace::Traced) impl names them in a trace.
#[derive(Debug)]
pub enum Chance<'a> {
    /// A deck shuffled: `items` is its new order (as the engine stores it), a permutation of
    /// the cards shuffled. A replay may write another permutation of the same cards.
    Shuffle {
        what: &'static str,
        items: &'a mut [u8],
    },
    /// One item drawn from a pool holding `counts[k]` items of kind `k`: `drawn` is the kind
    /// drawn. A replay may write another kind the pool holds.
    Draw {
        what: &'static str,
        counts: &'a [u8],
        drawn: &'a mut u8,
    },
}

/// A draw's outcome, owned: what a trace records and a replay imposes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChanceOutcome {
    Shuffle { what: &'static str, items: Vec<u8> },
    Draw { what: &'static str, kind: u8 },
}

impl ChanceOutcome {
    /// What was drawn (the engine's name for the deck or pool).
    pub fn what(&self) -> &'static str {
        match self {
            ChanceOutcome::Shuffle { what, .. } | ChanceOutcome::Draw { what, .. } => what,
        }
    }

    fn of(draw: &Chance<'_>) -> ChanceOutcome {
        match draw {
            Chance::Shuffle { what, items } => ChanceOutcome::Shuffle {
                what,
                items: items.to_vec(),
            },
            Chance::Draw { what, drawn, .. } => ChanceOutcome::Draw {
                what,
                kind: **drawn,
            },
        }
    }

    /// Writes this outcome over `draw`, or says why it cannot be the outcome of that draw.
    fn impose(&self, draw: Chance<'_>) -> Result<(), String> {
        match (self, draw) {
            (
                ChanceOutcome::Shuffle { what, items },
                Chance::Shuffle {
                    what: w,
                    items: dst,
                },
            ) if *what == w => {
                let (mut a, mut b) = (items.clone(), dst.to_vec());
                a.sort_unstable();
                b.sort_unstable();
                if a != b {
                    return Err(format!(
                        "the recorded order of the {what} is not the {} cards that were shuffled",
                        dst.len()
                    ));
                }
                dst.copy_from_slice(items);
                Ok(())
            }
            (
                ChanceOutcome::Draw { what, kind },
                Chance::Draw {
                    what: w,
                    counts,
                    drawn,
                },
            ) if *what == w => {
                if counts.get(*kind as usize).is_none_or(|&c| c == 0) {
                    return Err(format!("the {what} holds none of the recorded kind"));
                }
                *drawn = *kind;
                Ok(())
            }
            (recorded, draw) => Err(format!(
                "the trace records a draw of the {}, but the game draws the {} here",
                recorded.what(),
                match draw {
                    Chance::Shuffle { what, .. } | Chance::Draw { what, .. } => what,
                }
            )),
        }
    }
}

/// A sink that keeps the events and the draws of chance of one `apply` (a trace writer's).
#[derive(Debug)]
pub struct Recorder<E> {
    pub events: Vec<E>,
    pub chances: Vec<ChanceOutcome>,
}

impl<E> Default for Recorder<E> {
    fn default() -> Self {
        Recorder {
            events: Vec::new(),
            chances: Vec::new(),
        }
    }
}

impl<E> EventSink<E> for Recorder<E> {
    fn emit(&mut self, event: E) {
        self.events.push(event);
    }
    fn chance(&mut self, draw: Chance<'_>) {
        self.chances.push(ChanceOutcome::of(&draw));
    }
}

/// A sink that imposes recorded outcomes on the draws of one `apply`, in order, and keeps the
/// events. The first outcome that does not fit (or a draw with none left) is kept in `error`
/// with the index of its outcome; that draw keeps the RNG's outcome.
#[derive(Debug)]
pub struct Forcer<E> {
    pub events: Vec<E>,
    outcomes: Vec<ChanceOutcome>,
    used: usize,
    pub error: Option<(usize, String)>,
}

impl<E> Forcer<E> {
    pub fn new(outcomes: Vec<ChanceOutcome>) -> Self {
        Forcer {
            events: Vec::new(),
            outcomes,
            used: 0,
            error: None,
        }
    }

    /// After the `apply`: the first problem, as (index of the outcome, reason), counting an
    /// outcome no draw used.
    pub fn finish(self) -> Result<(), (usize, String)> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.used < self.outcomes.len() {
            return Err((
                self.used,
                format!(
                    "no draw of the {} happened after this decision",
                    self.outcomes[self.used].what()
                ),
            ));
        }
        Ok(())
    }
}

impl<E> EventSink<E> for Forcer<E> {
    fn emit(&mut self, event: E) {
        self.events.push(event);
    }
    fn chance(&mut self, draw: Chance<'_>) {
        if self.error.is_some() {
            return;
        }
        let at = self.used;
        match self.outcomes.get(at) {
            None => {
                let what = match draw {
                    Chance::Shuffle { what, .. } | Chance::Draw { what, .. } => what,
                };
                self.error = Some((at, format!("the trace records no outcome for the {what}")));
            }
            Some(outcome) => {
                if let Err(e) = outcome.impose(draw) {
                    self.error = Some((at, e));
                }
                self.used += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forcer_imposes_a_permutation_and_refuses_other_cards() {
        let mut deck = [1u8, 2, 3];
        let mut f = Forcer::<()>::new(vec![ChanceOutcome::Shuffle {
            what: "deck",
            items: vec![3, 1, 2],
        }]);
        f.chance(Chance::Shuffle {
            what: "deck",
            items: &mut deck,
        });
        assert_eq!(deck, [3, 1, 2]);
        assert_eq!(f.finish(), Ok(()));

        let mut f = Forcer::<()>::new(vec![ChanceOutcome::Shuffle {
            what: "deck",
            items: vec![3, 3, 2],
        }]);
        f.chance(Chance::Shuffle {
            what: "deck",
            items: &mut deck,
        });
        assert_eq!(deck, [3, 1, 2], "a refused outcome leaves the draw");
        assert!(f.finish().unwrap_err().1.contains("not the 3 cards"));
    }

    #[test]
    fn a_forcer_checks_the_pool_and_counts_unused_outcomes() {
        let mut drawn = 0u8;
        let mut f = Forcer::<()>::new(vec![ChanceOutcome::Draw {
            what: "bag",
            kind: 1,
        }]);
        f.chance(Chance::Draw {
            what: "bag",
            counts: &[2, 0],
            drawn: &mut drawn,
        });
        assert_eq!(drawn, 0);
        assert_eq!(f.finish().unwrap_err().0, 0);

        let f = Forcer::<()>::new(vec![ChanceOutcome::Draw {
            what: "bag",
            kind: 1,
        }]);
        assert!(f.finish().unwrap_err().1.contains("no draw of the bag"));

        let mut f = Forcer::<()>::new(Vec::new());
        f.chance(Chance::Draw {
            what: "bag",
            counts: &[2, 0],
            drawn: &mut drawn,
        });
        assert!(f.finish().unwrap_err().1.contains("records no outcome"));
    }

    #[test]
    fn a_recorder_keeps_each_draw() {
        let mut r = Recorder::<()>::default();
        let mut drawn = 4u8;
        r.chance(Chance::Draw {
            what: "bag",
            counts: &[0; 5],
            drawn: &mut drawn,
        });
        assert_eq!(
            r.chances,
            vec![ChanceOutcome::Draw {
                what: "bag",
                kind: 4
            }]
        );
    }
}

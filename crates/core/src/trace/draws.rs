//! The sinks that keep or impose chance for traces: a trace writer keeps each draw of one
//! `apply` ([`Recorder`]); a trace replay imposes the recorded outcome instead of the RNG's
//! ([`Forcer`]).

use crate::chance::{Chance, ChanceOutcome};
use crate::game::EventSink;

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

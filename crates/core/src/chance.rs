//! Chance after setup: the draws an engine makes with its state's RNG once the game is under
//! way (a deck reshuffled, a good stolen at random). The engine reports each through
//! [`EventSink::chance`](crate::EventSink::chance); a trace writer keeps it, a trace replay
//! imposes the recorded outcome instead of the RNG's (the sinks of `trace::draws`). Simulations
//! pass `()` or a `Vec`, whose `chance` does nothing, so the hot path pays nothing.

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

    /// The outcome `draw` came to.
    pub(crate) fn of(draw: &Chance<'_>) -> ChanceOutcome {
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
    pub(crate) fn impose(&self, draw: Chance<'_>) -> Result<(), String> {
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

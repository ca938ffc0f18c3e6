//! A findings document's skill curve (issue 46): every finding checked again on batches played
//! at rising skill, weakest first, each with the same bots in every seat, and labelled from its
//! intervals:
//!
//! - **holds at every skill**: every check holds at every level from the document's bots up
//!   (the levels below them, random play, are shown for reference: a design claim is about
//!   players who try);
//! - **fades with skill**: at the strongest level a check no longer holds, and its figure
//!   moved against the stated direction from the document's bots to the strongest level, the
//!   95 % interval of that change excluding 0;
//! - **unclear** otherwise (more games, or a stronger level, would tell).
//!
//! Levels play the same seeds and configs but different bots, so their games differ: a change
//! between two levels is a difference of independent estimates, its interval from both
//! intervals (each ±1.96 standard errors, so the change's is ±1.96 √(se₁² + se₂²)).

use super::{Check, Doc, Finding, Side};
use serde_json::{json, Value};

/// One level of the curve as measured.
pub(super) struct Level<'a, C> {
    /// Its bots, as `--bots` takes them.
    pub bots: String,
    pub games: u64,
    pub doc: Doc<'a, C>,
}

/// The curve: its levels, weakest first, and which of them the document's own bots are.
pub(super) struct Curve<'a, C> {
    pub levels: Vec<Level<'a, C>>,
    pub own: usize,
}

/// A finding's label over the curve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Label {
    Holds,
    Fades,
    Unclear,
}

impl Label {
    pub(super) fn text(self) -> &'static str {
        match self {
            Label::Holds => "holds at every skill",
            Label::Fades => "**fades with skill**",
            Label::Unclear => "unclear over the skill curve",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Label::Holds => "holds",
            Label::Fades => "fades",
            Label::Unclear => "unclear",
        }
    }
}

/// How a check's figure moved from the document's bots to the strongest level.
struct Change {
    diff: f64,
    lo: f64,
    hi: f64,
}

/// The change of `c`'s figure from level `from` to level `to`; none for a sum or a ratio
/// (no interval) or a figure one of them did not measure.
fn change<C>(f: &Finding, c: &Check, from: &Doc<'_, C>, to: &Doc<'_, C>) -> Option<Change> {
    if !c.plus.is_empty() || c.per.is_some() {
        return None;
    }
    let (a, _, _) = from.figure(f, &c.measure, c.of)?;
    let (b, _, _) = to.figure(f, &c.measure, c.of)?;
    let se = |lo: f64, hi: f64| (hi - lo) / (2.0 * 1.96);
    let spread = 1.96 * (se(a.lo, a.hi).powi(2) + se(b.lo, b.hi).powi(2)).sqrt();
    let diff = b.value - a.value;
    Some(Change {
        diff,
        lo: diff - spread,
        hi: diff + spread,
    })
}

/// Whether `ch` moved against `side` with an interval that excludes 0.
fn against(ch: &Change, side: Side) -> bool {
    match side {
        Side::Above => ch.hi < 0.0,
        Side::Below => ch.lo > 0.0,
    }
}

impl<C> Curve<'_, C> {
    /// `f`'s label over the curve.
    pub(super) fn label(&self, f: &Finding) -> Label {
        let from_own = &self.levels[self.own..];
        let holds = |l: &Level<'_, C>, c: &Check| l.doc.check(f, c).holds;
        if from_own
            .iter()
            .all(|l| f.checks.iter().all(|c| holds(l, c)))
        {
            return Label::Holds;
        }
        let own = &self.levels[self.own].doc;
        let Some(top) = self.levels.last() else {
            return Label::Unclear;
        };
        let fades = f.checks.iter().any(|c| {
            !holds(top, c) && change(f, c, own, &top.doc).is_some_and(|ch| against(&ch, c.side))
        });
        if fades {
            Label::Fades
        } else {
            Label::Unclear
        }
    }

    /// `f`'s label, and its section over the curve: a table of each check at each level, the
    /// change to the strongest level, the label; and its JSON.
    pub(super) fn section(&self, f: &Finding) -> (Label, String, Value) {
        let label = self.label(f);
        let mut s = format!(
            "\nOver the skill curve (each level its bots in every seat): **{}**\n\n",
            label.text().trim_matches('*')
        );
        s += "| level | games per config |";
        for c in &f.checks {
            s += &format!(" `{}` |", c.measure);
        }
        s += "\n|---|---|";
        s += &"---|".repeat(f.checks.len());
        s += "\n";
        let mut levels = Vec::new();
        for (i, l) in self.levels.iter().enumerate() {
            let outcomes: Vec<_> = f.checks.iter().map(|c| l.doc.check(f, c)).collect();
            let mark = if i < self.own {
                " (for reference)"
            } else if i == self.own {
                " (the document's)"
            } else {
                ""
            };
            s += &format!("| `{}`{mark} | {} |", l.bots, l.games);
            for o in &outcomes {
                let verdict = if o.holds {
                    "holds"
                } else if o.contradicted {
                    "opposite"
                } else {
                    "unclear"
                };
                s += &format!(" {}: {verdict} |", o.measured);
            }
            s += "\n";
            levels.push(json!({
                "bots": l.bots,
                "games": l.games,
                "holds": outcomes.iter().all(|o| o.holds),
                "checks": super::outcomes_json(&outcomes),
            }));
        }
        let own = &self.levels[self.own];
        let mut changes = Vec::new();
        if let Some(top) = self
            .levels
            .last()
            .filter(|_| self.levels.len() > self.own + 1)
        {
            for c in &f.checks {
                let Some(ch) = change(f, c, &own.doc, &top.doc) else {
                    continue;
                };
                let share = own
                    .doc
                    .figure(f, &c.measure, c.of)
                    .is_some_and(|(_, m, _)| m.is_share());
                // A share's change in percentage points, any other in the measure's unit.
                let (k, unit) = if share { (100.0, " points") } else { (1.0, "") };
                s += &format!(
                    "\nChange of `{}` from `{}` to `{}`: {:+.1} [{:+.1}, {:+.1}]{unit}.",
                    c.measure,
                    own.bots,
                    top.bots,
                    ch.diff * k,
                    ch.lo * k,
                    ch.hi * k
                );
                changes.push(json!({
                    "measure": c.measure,
                    "from": own.bots,
                    "to": top.bots,
                    "diff": ch.diff,
                    "lo": ch.lo,
                    "hi": ch.hi,
                    "against": against(&ch, c.side),
                }));
            }
            s += "\n";
        }
        let value = json!({ "label": label.key(), "levels": levels, "changes": changes });
        (label, s, value)
    }
}

impl<C> Curve<'_, C> {
    /// What the curve is, for the document's opening.
    pub(super) fn preamble(&self) -> String {
        let levels: Vec<String> = self
            .levels
            .iter()
            .map(|l| format!("`{}` ({} games per config)", l.bots, l.games))
            .collect();
        format!(
            "**The skill curve.** Every finding is checked again at rising skill, each level \
             its bots in every seat on the same seeds and configs: {}. A finding **holds at \
             every skill** when every check holds at every level from the document's bots up \
             (the levels below them are shown for reference: a design claim is about players \
             who try); it **fades with skill** when a check no longer holds at the strongest \
             level and its figure moved against the stated direction from the document's bots \
             to the strongest level, the 95 % interval of that change excluding 0 (the levels' \
             games differ, so the change's interval combines both levels' intervals as \
             independent); otherwise it is **unclear over the skill curve**.\n\n",
            levels.join(", ")
        )
    }
}

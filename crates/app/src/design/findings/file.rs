//! A findings file (`data/GAME/findings.json`, or one's own): what it holds, read and checked.

use crate::error::{CliError, CliResult};
use serde::Deserialize;

/// A findings file: the scale the document is measured at, the variants, the findings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingsFile {
    /// The game's name, as `silk games` lists it.
    pub game: String,
    pub title: String,
    /// Paragraphs opening the document.
    #[serde(default)]
    pub intro: Vec<String>,
    pub scale: Scale,
    /// The second batch, played by a strong bot in every seat: each finding is checked on it
    /// too, and one that flips is marked a bot artefact.
    #[serde(default)]
    pub strong: Option<StrongScale>,
    /// The skill curve: the same configs played at rising skill, each finding labelled from its
    /// intervals (`skill.rs`).
    #[serde(default)]
    pub skill: Option<SkillScale>,
    /// Variants of the base config, each a name and `PARAM=VALUE,…` changes.
    #[serde(default)]
    pub variants: Vec<Variant>,
    pub findings: Vec<Finding>,
    /// Paragraphs closing the document: what the findings cannot tell.
    #[serde(default)]
    pub limits: Vec<String>,
}

/// The document's batch: the games every config plays.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scale {
    pub games: u64,
    pub seed: u64,
    /// The bots, as `--bots` takes them.
    pub bots: String,
    pub players: usize,
}

/// The strong-bot batch: its bots (as `--bots` takes them) and games per config; the seed
/// and players are the scale's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrongScale {
    pub bots: String,
    pub games: u64,
}

/// The skill curve's levels, weakest first, each as `--bots` takes them: the document's bots
/// and the strong bots reuse their batches; every other level plays `games` per config (or its
/// own `games`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillScale {
    pub games: u64,
    pub levels: Vec<SkillLevel>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillLevel {
    pub bots: String,
    #[serde(default)]
    pub games: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub name: String,
    pub set: String,
}

/// Whether a finding follows from the rules in force or is measured from how the bots play.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Fact {
    Rule,
    Play,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    pub id: String,
    pub title: String,
    pub fact: Fact,
    /// The variant whose difference from the base the finding reads, if any.
    #[serde(default)]
    pub variant: Option<String>,
    /// Paragraphs: what the figures mean, and for a rule fact the rule (text or engine code)
    /// it follows from.
    #[serde(default)]
    pub text: Vec<String>,
    /// Figures quoted besides the checked ones.
    #[serde(default)]
    pub quotes: Vec<Figure>,
    /// The stated directions; the finding holds when all of them do.
    pub checks: Vec<Check>,
}

/// Which column of the comparison a figure reads.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Of {
    /// The base config's value.
    #[default]
    Base,
    /// The finding's variant's value.
    Variant,
    /// The finding's variant minus the base, game by game.
    Difference,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub measure: String,
    #[serde(default)]
    pub of: Of,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Above,
    Below,
}

/// A stated direction: a figure above or below a threshold (in the measure's own unit: a share
/// as a fraction, 0.25 for 25 %).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub measure: String,
    #[serde(default)]
    pub of: Of,
    /// Further measures added to the first (shares of one whole); the sum has no interval.
    #[serde(default)]
    pub plus: Vec<String>,
    /// A measure the (summed) figure is divided by: a ratio of per-game means, no interval.
    #[serde(default)]
    pub per: Option<String>,
    pub side: Side,
    pub than: f64,
    /// The whole 95 % interval must lie on that side, not only the estimate.
    #[serde(default)]
    pub interval: bool,
}

/// Reads and checks a findings file's text; `source` names it in messages.
pub fn parse(text: &str, source: &str) -> CliResult<FindingsFile> {
    let file: FindingsFile =
        serde_json::from_str(text).map_err(|e| CliError::input(format!("{source}: {e}")))?;
    let bad = |id: &str, why: String| CliError::input(format!("{source}: finding {id}: {why}"));
    if let Some(skill) = &file.skill {
        if !skill.levels.iter().any(|l| l.bots == file.scale.bots) {
            return Err(CliError::input(format!(
                "{source}: skill: the levels must include the document's bots ({})",
                file.scale.bots
            )));
        }
    }
    let mut ids = std::collections::BTreeSet::new();
    for f in &file.findings {
        if !ids.insert(f.id.as_str()) {
            return Err(bad(&f.id, "two findings have this id".into()));
        }
        if let Some(v) = &f.variant {
            if !file.variants.iter().any(|x| &x.name == v) {
                return Err(bad(&f.id, format!("no variant named {v:?}")));
            }
        }
        if f.checks.is_empty() {
            return Err(bad(&f.id, "states no direction (checks is empty)".into()));
        }
        let ofs = f
            .checks
            .iter()
            .map(|c| c.of)
            .chain(f.quotes.iter().map(|q| q.of));
        for of in ofs {
            if of != Of::Base && f.variant.is_none() {
                return Err(bad(&f.id, "reads a variant but names none".into()));
            }
        }
        for c in &f.checks {
            if c.interval && (!c.plus.is_empty() || c.per.is_some()) {
                return Err(bad(
                    &f.id,
                    format!("{}: a sum or ratio has no interval to check", c.measure),
                ));
            }
            if !c.than.is_finite() {
                return Err(bad(&f.id, format!("{}: than must be a number", c.measure)));
            }
        }
    }
    Ok(file)
}

//! `silk tune --state FILE`: every finished evaluation kept on disk as it ends, so a tune that
//! is killed resumes where it stopped. The search itself is not saved: NTBEA is a function of
//! its seed and of the fitness of each evaluation, so replaying the saved fitnesses (exactly, as
//! the bits of each f64) brings every search back to the same point, and the resumed tune
//! reaches the recommendation the unkilled one would have. Every evaluation read back is checked
//! to be one a search could have made (a fitness is minus a sum of misses: finite and at most 0),
//! and a tune that writes the state holds its lock (`FILE.lock`) until it ends.

use crate::error::{CliError, CliResult};
use crate::output::Out;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The state file: what the tune is, and its evaluations so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StateFile {
    /// Everything the search depends on (game config, parameters, targets, budget, seed…):
    /// a state is only resumed by the same tune.
    tune: Value,
    evaluations: Vec<Evaluation>,
}

/// One evaluation: search `search`'s `k`-th, of `setting`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Evaluation {
    pub search: usize,
    pub k: usize,
    pub setting: Vec<usize>,
    /// The sum of normalised misses (for reading; the search resumes from `fitness_bits`).
    pub miss: f64,
    /// The fitness as the bits of its f64, in hex: exactly what the search saw.
    pub fitness_bits: String,
    /// Which targets this evaluation's estimates met, in the targets file's order.
    pub met: Vec<bool>,
}

impl Evaluation {
    pub fn new(search: usize, k: usize, setting: &[usize], fitness: f64, met: Vec<bool>) -> Self {
        Evaluation {
            search,
            k,
            setting: setting.to_vec(),
            miss: -fitness,
            fitness_bits: format!("{:016x}", fitness.to_bits()),
            met,
        }
    }

    /// The fitness the search saw: `None` unless `fitness_bits` is 16 hex digits.
    pub fn fitness(&self) -> Option<f64> {
        let hex = self.fitness_bits.len() == 16
            && self.fitness_bits.bytes().all(|b| b.is_ascii_hexdigit());
        hex.then(|| u64::from_str_radix(&self.fitness_bits, 16).ok())
            .flatten()
            .map(f64::from_bits)
    }

    /// Why this evaluation is not one a tune of `targets` targets could have made, if it is
    /// not: a fitness is minus a sum of normalised misses (finite, at most 0), `miss` is that
    /// sum, and `met` has one entry per target.
    fn impossible(&self, targets: usize) -> Option<String> {
        let Some(fitness) = self.fitness() else {
            return Some(format!(
                "fitness_bits {:?} is not 16 hex digits",
                self.fitness_bits
            ));
        };
        if !fitness.is_finite() || fitness > 0.0 {
            return Some(format!(
                "fitness {fitness} (fitness_bits {}) cannot be: a fitness is minus a sum of \
                 misses, finite and at most 0",
                self.fitness_bits
            ));
        }
        // `miss` went through decimal text: equal to −fitness up to its last digit.
        if (self.miss + fitness).abs() > 1e-12 * fitness.abs().max(1.0) {
            return Some(format!(
                "miss {} is not the fitness's ({})",
                self.miss, -fitness
            ));
        }
        if self.met.len() != targets {
            return Some(format!(
                "met has {} entries for {targets} targets",
                self.met.len()
            ));
        }
        None
    }
}

/// A tune's state, read from its file (or new) and written back after every evaluation.
pub struct TuneState {
    path: PathBuf,
    file: StateFile,
    /// Held by a tune that writes the state: a second one is refused, not interleaved.
    _lock: Option<silk_core::lock::FileLock>,
}

impl TuneState {
    /// Reads `path` if it exists (it must be the state of the same tune, of `targets`
    /// targets), else starts afresh. A tune that `writes` the state takes its lock first (a
    /// shard of a generation only reads it, as its sibling shards do at the same time).
    pub fn open(
        path: &Path,
        (tune, targets): (Value, usize),
        writes: bool,
        out: &mut Out,
    ) -> CliResult<TuneState> {
        let at = |e: &dyn std::fmt::Display| CliError::input(format!("{}: {e}", path.display()));
        let lock = writes.then(|| crate::lock::take(path, out)).transpose()?;
        if !path.exists() {
            return Ok(TuneState {
                path: path.to_path_buf(),
                file: StateFile {
                    tune,
                    evaluations: Vec::new(),
                },
                _lock: lock,
            });
        }
        let text = silk_core::files::read_regular_text(path, silk_core::files::Limit::DATA)
            .map_err(|e| at(&e))?;
        let file: StateFile = silk_core::data::parse_json(&text, &path.display().to_string())
            .map_err(|e| CliError::input(e.to_string()))?;
        if file.tune != tune {
            return Err(at(
                &"the state of another tune (other game, parameters, targets, \
                 budget, seed or games): give a new --state file",
            ));
        }
        for (i, e) in file.evaluations.iter().enumerate() {
            if let Some(why) = e.impossible(targets) {
                return Err(at(&format!(
                    "evaluations[{i}] (search {}, evaluation {}): {why}",
                    e.search + 1,
                    e.k + 1
                )));
            }
        }
        Ok(TuneState {
            path: path.to_path_buf(),
            file,
            _lock: lock,
        })
    }

    pub fn get(&self, search: usize, k: usize) -> Option<&Evaluation> {
        self.file
            .evaluations
            .iter()
            .find(|e| e.search == search && e.k == k)
    }

    pub fn len(&self) -> usize {
        self.file.evaluations.len()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Adds an evaluation and writes the file (whole or not at all: a kill while writing
    /// leaves the previous state).
    pub fn add(&mut self, e: Evaluation) -> CliResult<()> {
        self.file.evaluations.push(e);
        let text = serde_json::to_string_pretty(&self.file)
            .map_err(|e| CliError::Internal(e.to_string()))?
            + "\n";
        Ok(silk_lab::write_atomic(&self.path, text.as_bytes())?)
    }
}

//! `silk tune --state FILE`: every finished evaluation kept on disk as it ends, so a tune that
//! is killed resumes where it stopped. The search itself is not saved: NTBEA is a function of
//! its seed and of the fitness of each evaluation, so replaying the saved fitnesses (exactly, as
//! the bits of each f64) brings every search back to the same point, and the resumed tune
//! reaches the recommendation the unkilled one would have.

use crate::error::{CliError, CliResult};
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

    pub fn fitness(&self) -> Option<f64> {
        u64::from_str_radix(&self.fitness_bits, 16)
            .ok()
            .map(f64::from_bits)
    }
}

/// A tune's state, read from its file (or new) and written back after every evaluation.
pub struct TuneState {
    path: PathBuf,
    file: StateFile,
}

impl TuneState {
    /// Reads `path` if it exists (it must be the state of the same tune), else starts afresh.
    pub fn open(path: &Path, tune: Value) -> CliResult<TuneState> {
        let at = |e: &dyn std::fmt::Display| CliError::input(format!("{}: {e}", path.display()));
        if !path.exists() {
            return Ok(TuneState {
                path: path.to_path_buf(),
                file: StateFile {
                    tune,
                    evaluations: Vec::new(),
                },
            });
        }
        let text = silk_core::files::read_regular_text(path, silk_core::files::Limit::DATA)
            .map_err(|e| at(&e))?;
        let file: StateFile = serde_json::from_str(&text).map_err(|e| {
            CliError::input(format!(
                "{}: line {}, column {}: {e}",
                path.display(),
                e.line(),
                e.column()
            ))
        })?;
        if file.tune != tune {
            return Err(at(
                &"the state of another tune (other game, parameters, targets, \
                 budget, seed or games): give a new --state file",
            ));
        }
        if let Some(e) = file.evaluations.iter().find(|e| e.fitness().is_none()) {
            return Err(at(&format!(
                "evaluation {} of search {}: fitness_bits {:?} is not 16 hex digits",
                e.k, e.search, e.fitness_bits
            )));
        }
        Ok(TuneState {
            path: path.to_path_buf(),
            file,
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

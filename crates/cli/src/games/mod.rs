//! The games the CLI knows, each behind the same [`CliGame`] face.

pub mod cities;
pub mod goofspiel;
pub mod silk_road;
pub mod splendor;

use crate::error::{CliError, CliResult};
use silk_bots::BotKind;
use silk_core::{Game, Player};
use std::path::Path;

/// What the CLI needs of an engine beyond [`Game`]: building a config from flags and files,
/// and its bots. Holds no rules itself (the rules text is [`Game::rules_text`]).
pub trait CliGame: silk_core::Observe<Config: Sync> {
    /// One line for `silk games`.
    const SUMMARY: &'static str;

    /// The config from `--players` and optional data files.
    fn config(players: Option<usize>, files: &DataFiles) -> CliResult<Self::Config>;

    /// A bot of that kind for this game, or why not.
    fn bot(kind: BotKind, seed: u64) -> CliResult<Box<dyn Player<Self>>>;

    /// The bundled data files, `(name, JSON)`: the templates a group edits (`silk data show`).
    const DATA: &'static [(&'static str, &'static str)] = &[];

    /// A human seat's view in the terminal; `assist` adds the game's help (what is affordable)
    /// where the game has one.
    fn table_text(state: &Self::State, seat: silk_core::Seat, assist: bool) -> String {
        let _ = assist;
        Self::view_text(state, seat)
    }
}

/// Data files named on the command line.
#[derive(Default, Debug, Clone)]
pub struct DataFiles<'a> {
    pub config: Option<&'a Path>,
    /// Silk Road: a board and a tile mix of the group's own, and the reverse variant.
    pub map: Option<&'a Path>,
    pub tiles: Option<&'a Path>,
    pub reverse: bool,
    /// Splendor: the modules, the edition, and data files of the group's own (`NAME=PATH`).
    pub modules: &'a [String],
    pub edition: Option<&'a str>,
    pub files: Vec<(String, String)>,
}

impl DataFiles<'_> {
    /// Refuses Splendor's flags for a game that has none of them.
    pub fn no_splendor_flags(&self, game: &str) -> CliResult<()> {
        if !self.modules.is_empty() || self.edition.is_some() || !self.files.is_empty() {
            return Err(CliError::input(format!(
                "{game} takes no --modules, --edition or --file (those are Splendor's)"
            )));
        }
        Ok(())
    }
}

/// Reads a JSON file into `T`, with errors naming the file, line and column.
pub fn read_json<T: serde::de::DeserializeOwned>(path: &Path) -> CliResult<T> {
    silk_core::data::read_json(path).map_err(|e| CliError::input(e.to_string()))
}

/// The generic bots (random, mcts) for a game without a heuristic of its own.
pub fn generic_only<G: Game>(kind: BotKind, seed: u64) -> CliResult<Box<dyn Player<G>>> {
    kind.generic::<G>(seed).ok_or_else(|| {
        CliError::input(format!("{} has no greedy bot; use random or mcts", G::NAME))
    })
}

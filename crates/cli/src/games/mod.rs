//! The games the CLI knows, each behind the same [`CliGame`] face.

pub mod cities;
pub mod goofspiel;
#[macro_use]
mod registry;
pub mod silk_road;
pub mod splendor;

pub use registry::GameName;
pub(crate) use registry::{game_list, with_game, with_game_arms};

use crate::error::{CliError, CliResult};
use silk_bots::BotKind;
use silk_core::{Game, Player};
use std::path::Path;

/// What the CLI needs of an engine beyond [`Game`]: building a config from flags and files,
/// and its bots. Holds no rules itself (the rules text is [`Game::rules_text`]).
pub trait CliGame: silk_core::Observe<Config: Sync> + silk_core::Traced {
    /// One line for `silk games`.
    const SUMMARY: &'static str;

    /// The config from `--players` and optional data files.
    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<Self::Config>;

    /// The config from `--players`, the data files and the `--set PATH=VALUE` changes (a
    /// parameter by its path in the config or a unique tail of it, as in `silk sweep`).
    fn config(players: Option<usize>, files: &DataFiles) -> CliResult<Self::Config> {
        let config = Self::base_config(players, files)?;
        if files.sets.is_empty() {
            return Ok(config);
        }
        let json = serde_json::to_value(&config).map_err(|e| CliError::Internal(e.to_string()))?;
        let mut changes = Vec::new();
        for (path, value) in &files.sets {
            let path = silk_lab::sweep::resolve_path(&json, path).map_err(|e| {
                // The sweep's message names its own flag: say it of this one.
                let why = e.to_string().replacen(&format!("--param {path}: "), "", 1);
                CliError::input(format!("--set {path}={value}: {why}"))
            })?;
            changes.push((path, silk_lab::sweep::parse_value(value)));
        }
        crate::lab::configure::<Self>(&json, &changes, "--set")
    }

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

    /// The first line of a new game's narration: who starts (Silk Road: the first leader).
    fn opening(state: &Self::State) -> Option<String> {
        Self::first_player(state).map(|seat| format!("{seat} starts"))
    }

    /// The header an event opens (a new round), shown on a line of its own instead of the
    /// event; `None` for an ordinary event.
    fn section(state: &Self::State, event: &Self::Event) -> Option<String> {
        let _ = (state, event);
        None
    }

    /// Each seat's final holdings and score breakdown, once the game is over: text lines for
    /// the terminal and a JSON value for `--json`. `None` where the score is a single number.
    fn final_report(state: &Self::State) -> Option<FinalReport> {
        let _ = state;
        None
    }
}

/// The end of a game in detail: what each seat holds and how its score is made.
pub struct FinalReport {
    pub lines: Vec<String>,
    /// `{"holdings": […], "scores": […]}`, one entry per seat.
    pub value: serde_json::Value,
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
    /// `--set PATH=VALUE`: changes to any value of the config, applied last.
    pub sets: Vec<(String, String)>,
}

impl DataFiles<'_> {
    /// Refuses Splendor's flags for a game that has none of them, and `--file` names other
    /// than `known` (the game's own data files besides the board's map and tiles).
    pub fn no_splendor_flags(&self, game: &str, known: &[&str]) -> CliResult<()> {
        if !self.modules.is_empty() || self.edition.is_some() {
            return Err(CliError::input(format!(
                "{game} takes no --modules or --edition (those are Splendor's)"
            )));
        }
        if let Some((name, _)) = self
            .files
            .iter()
            .find(|(n, _)| !known.contains(&n.as_str()))
        {
            return Err(CliError::input(format!(
                "--file {name}=…: {game} has no data file {name:?} (`silk data list {game}` names its files)"
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

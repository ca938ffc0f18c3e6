//! The games silk knows, each behind the same [`CliGame`] face.

pub mod cities;
pub mod goofspiel;
#[cfg(any(test, feature = "testing"))]
pub mod nim;
#[macro_use]
mod registry;
pub mod silk_road;
pub mod splendor;

pub use registry::GameName;
pub use registry::{game_list, with_game, with_game_arms};

/// The engines of the registered games, named by [`game_list!`] wherever it is expanded.
pub mod engines {
    pub use silk_cities::Cities;
    pub use silk_core::goofspiel::Goofspiel;
    pub use silk_road::SilkRoad;
    pub use silk_splendor::Splendor;
}

use crate::error::{CliError, CliResult};
use silk_bots::BotKind;
use silk_core::{Game, Player};
use std::path::Path;

/// What the CLI needs of an engine beyond [`Game`]: building a config from flags and files,
/// and its bots. Holds no rules itself (the rules text is [`Game::rules_text`]).
/// The items of [`CliGame`] a game with a [`silk_core::Heuristic`] takes from it, as is: its
/// features and weights, its styles' and weights' values, and every bot (`greedy…`, `strong`).
#[macro_export]
#[doc(hidden)]
macro_rules! heuristic_items {
    () => {
        const FEATURES: &'static [&'static str] = <Self as silk_core::Heuristic>::FEATURES;

        const STRONG: Option<silk_core::StrongPreset> =
            Some(<Self as silk_core::Heuristic>::STRONG);

        fn features(
            state: &<Self as silk_core::Game>::State,
            seat: silk_core::Seat,
        ) -> silk_core::Features {
            <Self as silk_core::Heuristic>::features(state, seat)
        }

        const WEIGHTS: &'static [&'static str] = <Self as silk_core::Heuristic>::WEIGHTS;

        fn style_weights(style: silk_core::Style) -> silk_core::WeightSet {
            <Self as silk_core::Heuristic>::style_weights(style)
        }

        fn styled_values(
            state: &<Self as silk_core::Game>::State,
            seat: silk_core::Seat,
            legal: &[<Self as silk_core::Game>::Action],
            style: silk_core::Style,
            out: &mut Vec<f32>,
        ) {
            <Self as silk_core::Heuristic>::styled_values(state, seat, legal, style, out)
        }

        fn weighted_values(
            state: &<Self as silk_core::Game>::State,
            seat: silk_core::Seat,
            legal: &[<Self as silk_core::Game>::Action],
            weights: &silk_core::WeightSet,
            out: &mut Vec<f32>,
        ) {
            <Self as silk_core::Heuristic>::weighted_values(state, seat, legal, weights, out)
        }

        fn bot(
            kind: silk_bots::BotKind,
            seed: u64,
        ) -> $crate::error::CliResult<Box<dyn silk_core::Player<Self>>> {
            kind.with_heuristic::<Self>(seed)
                .map_err($crate::error::CliError::input)
        }
    };
}

pub trait CliGame: silk_core::Observe<Config: Sync> + silk_core::Traced {
    /// One line for `silk games`.
    const SUMMARY: &'static str;

    /// Whether `silk mechanics` and `silk compare --mechanic` list the game beside the others
    /// (one without a shared mechanic shows "—" there). A reference or test game says no.
    const MECHANICS_LISTED: bool = true;

    /// The game's bundled findings (`silk findings GAME`): a findings file's text, if it has one.
    const FINDINGS: Option<&'static str> = None;

    /// The config from `--players` and optional data files.
    fn base_config(players: Option<usize>, files: &DataFiles) -> CliResult<Self::Config>;

    /// The config from `--players`, the data files and the `--set PATH=VALUE` changes (a
    /// parameter by its path in the config or a unique tail of it, as in `silk sweep`). The
    /// `--file` names are checked here against [`CliGame::DATA`], once for every game.
    fn config(players: Option<usize>, files: &DataFiles) -> CliResult<Self::Config> {
        files.check_names(Self::NAME, Self::DATA)?;
        let config = Self::base_config(players, files)?;
        if files.sets.is_empty() {
            return Ok(config);
        }
        let json = serde_json::to_value(&config).map_err(|e| CliError::Internal(e.to_string()))?;
        let mut changes = Vec::new();
        for set in &files.sets {
            let path = silk_lab::sweep::resolve_path(&json, &set.path).map_err(|why| {
                CliError::input(format!(
                    "{}: {why} in the {} config (`silk rules {}` shows it)",
                    set.flag,
                    Self::NAME,
                    Self::NAME
                ))
            })?;
            changes.push((path, set.value.clone()));
        }
        let flags: Vec<&str> = files.sets.iter().map(|s| s.flag.as_str()).collect();
        configure::<Self>(&json, &changes, &flags.join(", "))
    }

    /// The features of a seat a value can be learned from (`silk learn`): the game's
    /// [`silk_core::Heuristic::FEATURES`], none for a game without a heuristic.
    const FEATURES: &'static [&'static str] = &[];

    /// The game's strong bot's preset ([`silk_core::Heuristic::STRONG`]); none for a game
    /// without a heuristic.
    const STRONG: Option<silk_core::StrongPreset> = None;

    /// A seat's features, in [`CliGame::FEATURES`] order.
    fn features(state: &Self::State, seat: silk_core::Seat) -> silk_core::Features {
        let _ = (state, seat);
        silk_core::Features::default()
    }

    /// Each greedy style's value of each legal action ([`silk_core::Heuristic::styled_values`]):
    /// `silk playtests` ranks the people's decisions by it. Empty for a game without styles.
    fn styled_values(
        state: &Self::State,
        seat: silk_core::Seat,
        legal: &[Self::Action],
        style: silk_core::Style,
        out: &mut Vec<f32>,
    ) {
        let _ = (state, seat, legal, style);
        out.clear();
    }

    /// The names of the heuristic's weights ([`silk_core::Heuristic::WEIGHTS`]); none for a
    /// game without a heuristic.
    const WEIGHTS: &'static [&'static str] = &[];

    /// A style's weights, in [`CliGame::WEIGHTS`] order.
    fn style_weights(style: silk_core::Style) -> silk_core::WeightSet {
        let _ = style;
        silk_core::WeightSet::default()
    }

    /// The value a greedy player with `weights` puts on each legal action
    /// ([`silk_core::Heuristic::weighted_values`]): `silk tune --imitate` fits weights to
    /// people's choices with it. Empty for a game without a heuristic.
    fn weighted_values(
        state: &Self::State,
        seat: silk_core::Seat,
        legal: &[Self::Action],
        weights: &silk_core::WeightSet,
        out: &mut Vec<f32>,
    ) {
        let _ = (state, seat, legal, weights);
        out.clear();
    }

    /// The bundled value file (`data/GAME/value.json`) the strong bot ranks seats by, if any.
    const VALUE: Option<&'static str> = None;

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

    /// What a web page asks now, naming the phase and what is asked: in the second person
    /// for a seat asked, else about the seats asked (`viewer` `None`: the public table).
    /// `None`: the generic "P2, your move".
    fn page_question(state: &Self::State, viewer: Option<silk_core::Seat>) -> Option<String> {
        let _ = (state, viewer);
        None
    }

    /// What the decision asked of `seat` means (`help` at the terminal): the page's question by
    /// default.
    fn decision_help(state: &Self::State, seat: silk_core::Seat) -> Option<String> {
        Self::page_question(state, Some(seat))
    }

    /// What a choice does, in words (`help` at the terminal): the page's words by default.
    fn choice_help(state: &Self::State, seat: silk_core::Seat, action: Self::Action) -> String {
        Self::page_action(state, seat, action)
    }

    /// A decision as the pages' history tells it, in words; the plain move text by default.
    fn page_action(state: &Self::State, seat: silk_core::Seat, action: Self::Action) -> String {
        let _ = seat;
        Self::action_to_string(state, action)
    }

    /// Whether the pages' history tells every move by its events alone (then a move's own
    /// line, which would say it twice, is left out where its events are told).
    const PAGE_EVENTS_TELL_MOVES: bool = false;

    /// An event as the pages' history tells it (`viewer` `None`: the public), in words; the
    /// narration's text by default. Traces and the terminal keep theirs.
    fn page_event(
        state: &Self::State,
        event: &Self::Event,
        viewer: Option<silk_core::Seat>,
    ) -> Option<String> {
        Self::event_text(state, event, viewer)
    }

    /// The board as structured data a web page draws (`"kind"` names its renderer, the
    /// [`CliGame::DRAWING`]), as `viewer` may see it (`None`: the public table); `None` where
    /// the page shows the text board only.
    fn page_board(
        state: &Self::State,
        viewer: Option<silk_core::Seat>,
    ) -> Option<serde_json::Value> {
        let _ = (state, viewer);
        None
    }

    /// The game's phone and TV board: the script that draws [`CliGame::page_board`]'s value
    /// and its styles, served with the game's pages (silk-serve knows no game; see
    /// [`silk_serve::Drawing`] for what the script is given). None: the text board.
    const DRAWING: silk_serve::Drawing = silk_serve::Drawing::NONE;

    /// Each seat's final holdings and score breakdown, once the game is over: text lines for
    /// the terminal and a JSON value for `--json`. `None` where the score is a single number.
    fn final_report(state: &Self::State) -> Option<FinalReport> {
        let _ = state;
        None
    }

    /// Why a game the round cap ended stalled (issue 46, `silk stalls`): each seat's sources of
    /// points at `state` and what holds each shut. `None` where the engine cannot say.
    fn stall(state: &Self::State) -> Option<silk_core::stall::StallReading> {
        let _ = state;
        None
    }

    /// What the served result screen says of a finished game beyond the ranking.
    fn page_result(state: &Self::State) -> PageResult {
        let _ = state;
        PageResult::default()
    }
}

/// The result screen's explanation of a finished game (issue 44): each seat's score by where
/// it came from, the rule that orders seats tied on score, and what else decided the ranking.
#[derive(Default)]
pub struct PageResult {
    /// Per seat, `(what, points)`; empty where the score is a single number.
    pub parts: Vec<Vec<(String, i64)>>,
    /// The tie-break in words ("fewest development cards"); `None` where ties are shared or
    /// the game does not say.
    pub tie_break: Option<String>,
    pub notes: Vec<String>,
}

/// The end of a game in detail: what each seat holds and how its score is made.
pub struct FinalReport {
    pub lines: Vec<String>,
    /// `{"holdings": […], "scores": […]}`, one entry per seat.
    pub value: serde_json::Value,
}

/// What the command line says of a game's data and parameters, whatever the game: the flags
/// one game alone has (`--map`, `--reverse`, `--modules` …) arrive here as the generic
/// `--file NAME=PATH` and `--set PATH=VALUE` they stand for, so an adapter reads only its own
/// names and every game refuses a name it lacks with the same message.
#[derive(Default, Debug, Clone)]
pub struct DataFiles<'a> {
    pub config: Option<&'a Path>,
    /// `--file NAME=PATH`: data files of the group's own in place of the bundled ones.
    pub files: Vec<(String, String)>,
    /// `--set PATH=VALUE`: changes to any value of the config, applied last.
    pub sets: Vec<SetValue>,
}

/// One change to the config, with the flag as typed (for messages).
#[derive(Debug, Clone)]
pub struct SetValue {
    pub path: String,
    pub value: serde_json::Value,
    pub flag: String,
}

impl DataFiles<'_> {
    /// The file given for `name` (`--file name=PATH` or its alias), if any.
    pub fn file(&self, name: &str) -> Option<&Path> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| Path::new(p.as_str()))
    }

    /// Refuses a `--file` name that is not one of the game's data files, and a name given twice.
    pub fn check_names(&self, game: &str, data: &[(&'static str, &str)]) -> CliResult<()> {
        for (i, (name, _)) in self.files.iter().enumerate() {
            if !data.iter().any(|(n, _)| n == name) {
                let known = data_names(data);
                let known = if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                };
                return Err(CliError::input(format!(
                    "--file {name}=…: {game} has no data file {name:?} (its files: {known}; \
                     `silk data list {game}` names them)"
                )));
            }
            if self.files[..i].iter().any(|(n, _)| n == name) {
                return Err(CliError::input(format!(
                    "--file {name}=…: the {name} file is given twice"
                )));
            }
        }
        Ok(())
    }
}

/// The names of a game's data files (`CliGame::DATA`), as `silk data list` prints them.
pub fn data_names(data: &[(&'static str, &str)]) -> Vec<&'static str> {
    data.iter().map(|(n, _)| *n).collect()
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

/// The config `base` (as JSON) with each resolved parameter path set to its value, read back
/// as the game's config and checked by a setup: what every design command (sweep, compare's
/// variants, tune, the mechanics' formats) plays. Errors begin with `label`.
pub fn configure<G: CliGame>(
    base: &serde_json::Value,
    changes: &[(impl AsRef<str>, serde_json::Value)],
    label: &str,
) -> CliResult<G::Config> {
    let mut json = base.clone();
    for (path, value) in changes {
        silk_lab::sweep::set_path(&mut json, path.as_ref(), value.clone())
            .map_err(|e| CliError::input(format!("{label}: {e}")))?;
    }
    let config: G::Config =
        serde_json::from_value(json).map_err(|e| CliError::input(format!("{label}: {e}")))?;
    G::setup(&config, 0).map_err(|e| CliError::input(format!("{label}: {e}")))?;
    Ok(config)
}

//! `silk data`: the bundled data files (templates for a group's own) and a check of yours.

use crate::args::DataArgs;
use crate::error::{CliError, CliResult};
use crate::games::{data_names, game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use serde_json::json;
use silk_core::Game;

#[derive(clap::Subcommand)]
pub enum DataCommand {
    /// The bundled data files of a game.
    List {
        /// The game (`silk games` lists them).
        game: GameName,
    },
    /// Print a bundled data file (e.g. `silk data show silk-road map > ours.json`).
    Show {
        /// The game (`silk games` lists them).
        game: GameName,
        /// The data file, by the name `silk data list GAME` gives.
        file: String,
    },
    /// Check data files (`--map`, `--tiles`, `--config`, `--file NAME=PATH`): ok, or the file and
    /// place of the first mistake.
    Check {
        /// The game (`silk games` lists them).
        game: GameName,
        /// Number of players (default: the game's default).
        #[arg(long)]
        players: Option<usize>,
        #[command(flatten)]
        data: DataArgs,
    },
}

impl DataCommand {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        match self {
            DataCommand::List { game } => with_game!(game, G => {
                let names = data_names(G::DATA);
                let text: String = names.iter().map(|n| format!("{n}\n")).collect();
                out.doc(&text, &json!(names));
                Ok(())
            }),
            DataCommand::Show { game, file } => with_game!(game, G => {
                let (_, text) = G::DATA
                    .iter()
                    .find(|(n, _)| n.eq_ignore_ascii_case(file.trim_end_matches(".json")))
                    .ok_or_else(|| {
                        let names = data_names(G::DATA);
                        CliError::input(format!("{} has no data file {file:?} (files: {})", G::NAME, names.join(", ")))
                    })?;
                // The bundled text as it is, so `> ours.json` gives a file to edit.
                out.raw(text);
                Ok(())
            }),
            DataCommand::Check {
                game,
                players,
                data,
            } => with_game!(game, G => {
                // Loading validates everything and names the file and place of the first problem.
                let cfg = G::config(players, &data.files()?)?;
                let n = crate::seats::seats::<G>(&cfg)?;
                out.doc(
                    &format!("ok: {} data valid for {n} players\n", G::NAME),
                    &json!({"ok": true, "game": G::NAME, "players": n}),
                );
                Ok(())
            }),
        }
    }
}

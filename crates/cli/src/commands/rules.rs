//! `silk rules`: the rules in force with their parameter values.

use crate::args::DataArgs;
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use serde_json::json;
use silk_core::Game;

#[derive(clap::Args)]
pub struct RulesArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<usize>,
    #[command(flatten)]
    pub data: DataArgs,
}

impl RulesArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        with_game!(self.game, G => {
            let cfg = G::config(self.players, &self.data.files()?)?;
            G::setup(&cfg, 0)?;
            let text = G::rules_text(&cfg);
            out.doc(&text, &json!({"game": G::NAME, "config": cfg, "rules": text}));
            Ok(())
        })
    }
}

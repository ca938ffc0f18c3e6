//! `silk playtests DIR`: the playtest records in a folder (`silk play` keeps one for every game
//! with a person in it) read as a lab run: decided or stalled, wins by player with exact
//! intervals, length, table minutes by the records' clock, and each game.

use crate::error::CliResult;
use crate::games::GameName;
use crate::output::Out;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct PlaytestsArgs {
    /// A folder of playtest records (`playtests/` beside a `silk play --save` file, or the
    /// folder `--playtests DIR` named).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    /// The game whose records to read, when the folder holds records of several games.
    #[arg(long, value_enum)]
    pub game: Option<GameName>,
    /// Also write the book as a self-contained HTML page.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Replace the --html page if it exists.
    #[arg(long, requires = "html")]
    pub force: bool,
}

impl PlaytestsArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let html = self.html.as_deref().map(|p| (p, self.force));
        silk_app::playtest::book::run(&self.dir, self.game, html, out)
    }
}

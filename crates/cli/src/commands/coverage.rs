//! `silk coverage`: which branches of a game's rules the given bots reach, and how often.

use crate::args::BatchArgs;
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::lab;
use crate::output::Out;
use silk_lab::report;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct CoverageArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// Write the coverage as a self-contained HTML report.
    #[arg(long)]
    pub html: Option<PathBuf>,
    /// Replace the report if it exists.
    #[arg(long)]
    pub force: bool,
}

impl CoverageArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let CoverageArgs {
            game,
            batch,
            html,
            force,
        } = self;
        with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            coverage::<G>(&cfg, &batch.batch(out), html.as_deref(), force, out)
        })
    }
}

/// Plays the batch and prints its rule coverage (rarest branches first).
fn coverage<G: CliGame>(
    config: &G::Config,
    batch: &lab::Batch,
    html: Option<&Path>,
    force: bool,
    out: &mut Out,
) -> CliResult<()> {
    if let Some(path) = html {
        lab::check_html(path, force)?;
    }
    let (spec, summary) = lab::run_batch::<G>(config, batch, None)?;
    let c = &summary.coverage;
    if let Some(path) = html {
        lab::write_report(path, &report::coverage_html(c, &spec))?;
        out.message(&format!("wrote {}", path.display()));
    }
    let json = serde_json::json!({
        "game": spec.game,
        "bots": spec.bots,
        "seed": spec.seed,
        "coverage": c,
    });
    out.doc(&c.text(&spec.game, &spec.bots), &json);
    Ok(())
}

//! `silk find`: the games of a run directory or of a new batch where a condition holds.

use crate::args::BatchArgs;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use crate::{find, lab, traces};
use clap::ValueEnum;
use std::path::{Path, PathBuf};

#[derive(clap::Args)]
pub struct FindArgs {
    /// A game (a new batch is played, see --games, --bots) or a run directory written by
    /// `silk simulate --out`.
    #[arg(value_name = "GAME|RUN_DIR")]
    pub target: String,
    /// The condition, e.g. `rounds >= 40`, `vp.attacks / vp.total > 0.9 && winner_seat == 1`,
    /// `winner_bot == "random"`. Names: see `silk find --help`'s long text. Without it (with
    /// --winners), every game counts and none is listed.
    #[arg(long = "where", value_name = "EXPR", long_help = find_where_help(),
          required_unless_present = "winners")]
    pub condition: Option<String>,
    /// Per-player measures (`player.sales,player.attacks`, `player.score`, or `all`) to ask
    /// of the games found: the winners' mean minus the other seats' mean per game, with its
    /// 95% interval (docs/lab.md, "Winners versus others").
    #[arg(long, value_delimiter = ',', value_name = "MEASURE")]
    pub winners: Vec<String>,
    #[command(flatten)]
    pub batch: BatchArgs,
    /// With a game: keep the batch in this run directory, so the games found can be replayed.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace files that already exist at --out.
    #[arg(long)]
    pub force: bool,
    /// List at most this many matching games (all are counted).
    #[arg(long, default_value_t = 20)]
    pub limit: u64,
    /// Write each game listed (at most --limit) as an open trace to RUN_DIR/traces/game-K.json
    /// (the run directory searched, or --out with a game; see docs/traces.md). Each game is
    /// played again: a run directory whose bots include programs (`cmd:…`) needs --bots, the
    /// run's bots with the command that starts each program here (silk never starts a program
    /// a file names).
    #[arg(long)]
    pub traces: bool,
}

impl FindArgs {
    fn ask(&self) -> find::Ask<'_> {
        find::Ask {
            condition: self.condition.as_deref(),
            winners: &self.winners,
        }
    }

    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let query = self.ask().query()?;
        let run_dir = Path::new(&self.target);
        if run_dir.is_dir() {
            if self.out.is_some() {
                return Err(CliError::input(
                    "--out goes with a game, not a run directory",
                ));
            }
            return in_run_dir(&self, run_dir, query, out);
        }
        let game = GameName::from_str(&self.target, true).map_err(|_| {
            CliError::input(format!(
                "{:?} is neither a game ({}) nor a run directory",
                self.target,
                GameName::names()
            ))
        })?;
        if self.traces && self.out.is_none() {
            return Err(CliError::input(
                "--traces writes into the run directory: with a game, give --out DIR",
            ));
        }
        with_game!(game, G => in_new_batch::<G>(&self, query, out))
    }
}

fn find_where_help() -> String {
    format!(
        "The condition each game must meet (an expression: + - * / %, comparisons, && || !, \
         parentheses, \"strings\"; at most {} bytes, nested at most {} deep). Names: {}. Counts \
         are whole numbers; metrics are decimals, so compare them with < > <= >= (or to 0.0).",
        find::MAX_LEN,
        find::MAX_DEPTH,
        find::NAMES
    )
}

/// Over a run directory's records, with the engine its run.json names.
fn in_run_dir(args: &FindArgs, run_dir: &Path, query: find::Query, out: &mut Out) -> CliResult<()> {
    let (ask, limit, traces, force) = (args.ask(), args.limit, args.traces, args.force);
    let spec = silk_lab::read_spec(run_dir)?;
    let name = GameName::named(&spec.game).ok_or_else(|| {
        CliError::input(format!(
            "{}: unknown game {:?}",
            run_dir.join("run.json").display(),
            spec.game
        ))
    })?;
    let metrics = with_game!(name, G => {
        let cfg = traces::config_of::<G>(&spec, run_dir)?;
        silk_lab::declared_metrics::<G>(&cfg, &spec)?
    });
    query.check_names(&spec.game, spec.bots.len(), &metrics)?;
    let mut finder =
        with_game!(name, G => find::Finder::new::<G>(&ask, query, limit, Some(run_dir))?);
    if !traces {
        if !args.batch.bots.is_empty() {
            return Err(CliError::input(
                "--bots with a run directory names the bots to write its traces with \
                 (--traces): the games found are read from the run's records",
            ));
        }
        silk_lab::read_records(run_dir, &spec, &mut |r| {
            finder.each(&spec, &r, out).map(|_| ())
        })?;
        finder.finish(out);
        return Ok(());
    }
    // The games are played again to be traced: programs only as the command line names them.
    args.batch.bot_time.apply();
    let replayed = crate::seats::replay_bots(&spec, run_dir, &args.batch.bots)?;
    with_game!(name, G => {
        let mut tracer = traces::RunTraces::<G>::for_run_dir(run_dir, &spec, force)?;
        silk_lab::read_records(run_dir, &spec, &mut |r| {
            if finder.each(&spec, &r, out)? {
                tracer.write(&replayed, &r)?;
            }
            Ok(())
        })?;
        finder.finish(out);
        tracer.finish(out);
        Ok(())
    })
}

/// Over a new batch as it plays, kept in `--out` if given.
fn in_new_batch<G: CliGame>(args: &FindArgs, query: find::Query, out: &mut Out) -> CliResult<()> {
    let (batch, dir, force) = (&args.batch, args.out.as_deref(), args.force);
    let cfg = G::config(batch.players(), &batch.data.files()?)?;
    let spec = lab::spec_for::<G>(&cfg, &batch.batch(out))?;
    let metrics = silk_lab::declared_metrics::<G>(&cfg, &spec)?;
    query.check_names(G::NAME, spec.bots.len(), &metrics)?;
    let mut writer = dir
        .map(|d| silk_lab::RunWriter::create(d, force))
        .transpose()?;
    let mut tracer = match (args.traces, dir) {
        (true, Some(d)) => Some(traces::RunTraces::<G>::create(d, cfg.clone(), force)?),
        _ => None,
    };
    let limit = args.limit;
    let mut finder = find::Finder::new::<G>(&args.ask(), query, limit, dir)?;
    let (spec, summary) = lab::run_batch_each::<G>(
        &cfg,
        &batch.batch(out),
        writer.as_mut(),
        Some(
            &mut |spec, r| match (finder.each(spec, r, out)?, tracer.as_mut()) {
                (true, Some(t)) => t.write(spec, r),
                _ => Ok(()),
            },
        ),
    )?;
    if let Some(w) = writer {
        w.finish(&spec, &summary)?;
    }
    finder.finish(out);
    if let Some(t) = &tracer {
        t.finish(out);
    }
    Ok(())
}

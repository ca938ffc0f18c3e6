//! `silk simulate`, `silk sweep`, `silk compare`, `silk lab merge`: batches and run directories
//! over silk-lab, for any registered game.

use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame};
use crate::output::{Out, Outputs};
use crate::seats::players_for;
use silk_core::Observe;
use silk_lab::{report, Fold, LabError, RunSpec, RunWriter, Shard, Summary};
use std::path::{Path, PathBuf};

impl From<LabError> for CliError {
    fn from(e: LabError) -> Self {
        match e {
            LabError::Input(m) => CliError::Input(m),
            LabError::Engine(m) => CliError::Internal(m),
        }
    }
}

/// How to run a batch, from the command line.
#[derive(Clone, Debug)]
pub struct Batch {
    pub games: u64,
    pub bots: Vec<String>,
    pub seed: u64,
    pub threads: usize,
    pub shard: Option<String>,
    pub max_decisions: u64,
    /// Check the engine's invariants after every decision.
    pub check: bool,
    /// Keep each bot in its seat instead of rotating different bots round the table.
    pub no_rotate: bool,
    /// Show a progress bar on stderr (see `Out::progress`).
    pub progress: bool,
    /// A design job's games kept in, or read back from, shard directories (crate::jobs).
    pub io: crate::jobs::GamesIo,
}

/// More threads than cores only add switching for this CPU-bound work (and a typo such as
/// `--threads 100000` would spawn threads for minutes): at most the core count.
pub fn threads(requested: usize) -> usize {
    let cores = cores();
    if requested == 0 {
        cores
    } else {
        requested.min(cores)
    }
}

/// The cores this process may use.
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The run a batch describes: the game, its config, a bot per seat, seed, games, shard.
pub fn spec_for<G: CliGame>(config: &G::Config, batch: &Batch) -> CliResult<RunSpec> {
    let seats = crate::seats::seats::<G>(config)?;
    let bots = crate::seats::bots_for(&batch.bots, seats)?;
    let shard = batch.shard.as_deref().map(Shard::parse).transpose()?;
    if batch.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    Ok(RunSpec {
        game: G::NAME.to_string(),
        config: serde_json::to_value(config).map_err(|e| CliError::Internal(e.to_string()))?,
        // Different bots move round the table, so seat and bot effects come apart.
        rotate: !batch.no_rotate && bots.windows(2).any(|w| w[0] != w[1]),
        bots,
        seed: batch.seed,
        games: batch.games,
        shard,
    })
}

/// Runs the batch and returns its spec and summary; each game's record goes to `writer` (if
/// any) as it finishes, so memory does not grow with the number of games. A progress bar shows
/// when the batch asks for one.
pub fn run_batch<G: CliGame + Observe>(
    config: &G::Config,
    batch: &Batch,
    writer: Option<&mut RunWriter>,
) -> CliResult<(RunSpec, Summary)>
where
    G::Config: Sync,
{
    run_batch_each::<G>(config, batch, writer, None)
}

/// What a caller does with each game's record (with the run's spec).
pub type EachGame<'a> = &'a mut dyn FnMut(&RunSpec, &silk_lab::GameRecord) -> Result<(), LabError>;

/// [`run_batch`], handing each game's record to `each` too (with the run's spec).
pub fn run_batch_each<G: CliGame + Observe>(
    config: &G::Config,
    batch: &Batch,
    writer: Option<&mut RunWriter>,
    each: Option<EachGame>,
) -> CliResult<(RunSpec, Summary)>
where
    G::Config: Sync,
{
    let (spec, fold) = run_batch_fold::<G>(config, batch, writer, each)?;
    let summary = fold.summary(&spec);
    Ok((spec, summary))
}

/// [`run_batch_each`], returning the run's fold rather than its summary.
pub fn run_batch_fold<G: CliGame + Observe>(
    config: &G::Config,
    batch: &Batch,
    mut writer: Option<&mut RunWriter>,
    mut each: Option<EachGame>,
) -> CliResult<(RunSpec, Fold)>
where
    G::Config: Sync,
{
    let spec = spec_for::<G>(config, batch)?;
    let r = spec.indices();
    let bar = progress_bar(r.end - r.start, "games", batch.progress);
    let factory = players_for::<G>(config);
    // A hidden bar still reads the clock on every step: a quiet run does not step it.
    let show = batch.progress;
    let tick = || {
        if show {
            bar.inc(1)
        }
    };
    let opts = silk_lab::Options {
        threads: threads(batch.threads),
        max_decisions: batch.max_decisions,
        check: batch.check,
    };
    // Records come back to this thread only for a writer or a caller that reads them; the
    // summary is folded where the games are played.
    let wants_records = writer.is_some() || each.is_some();
    let mut hand_on = |r: silk_lab::GameRecord| {
        if let Some(w) = writer.as_deref_mut() {
            w.write(&r)?;
        }
        match each.as_deref_mut() {
            Some(each) => each(&spec, &r),
            None => Ok(()),
        }
    };
    // A design job's shard keeps the records; its merge reads them instead of playing.
    let mut kept = match &batch.io.record {
        Some(rec) => Some((rec.open(&spec)?, Vec::new())),
        None => None,
    };
    let keeps = kept.is_some();
    let mut keep_and_hand_on = |r: silk_lab::GameRecord| {
        if let Some((file, written)) = kept.as_mut() {
            if file.write(&r)? {
                written.push(r.clone());
            }
        }
        hand_on(r)
    };
    let fold = match &batch.io.replay {
        Some(replay) => {
            let mut fold = Fold::new(&spec).declare(silk_lab::declared_branches::<G>());
            replay.replay(&spec, &mut |r| {
                fold.add(&r);
                tick();
                keep_and_hand_on(r)
            })?;
            fold
        }
        None => {
            let records: Option<silk_lab::EachRecord> = if wants_records || keeps {
                Some(&mut keep_and_hand_on)
            } else {
                None
            };
            silk_lab::simulate_fold::<G>(
                config,
                &spec,
                &factory,
                opts,
                &tick,
                Fold::new(&spec).declare(silk_lab::declared_branches::<G>()),
                records,
            )?
        }
    };
    if let (Some(rec), Some((file, written))) = (&batch.io.record, kept) {
        rec.close(file, &written)?;
    }
    bar.finish_and_clear();
    Ok((spec, fold))
}

/// Checks before a long run that a report can be written at `path`.
pub fn check_html(path: &Path, force: bool) -> CliResult<()> {
    silk_lab::check_new(path, force)?;
    let probe = path.with_extension("html.part");
    silk_core::files::create_temp(&probe)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// A progress bar of `len` steps on stderr, if `show` (see `Out::progress`).
pub fn progress_bar(len: u64, what: &str, show: bool) -> indicatif::ProgressBar {
    if !show {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(len);
    b.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {what} {{per_sec}} eta {{eta}} {{msg}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    b
}

/// Writes an HTML report (atomically: a reader never sees half a report).
pub fn write_report(path: &Path, html: &str) -> CliResult<()> {
    write_html(path, html)
}

fn write_html(path: &Path, html: &str) -> CliResult<()> {
    Ok(silk_lab::write_atomic(path, html.as_bytes())?)
}

/// `silk simulate`; `traces`: also each game's trace in `DIR/traces/` (see `--traces`).
pub fn simulate<G: CliGame + Observe>(
    config: &G::Config,
    batch: &Batch,
    to: Outputs,
    traces: bool,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    // Every output path is checked before the first game, not after the run.
    let mut writer = to.dir.map(|d| RunWriter::create(d, to.force)).transpose()?;
    if let Some(path) = to.html {
        check_html(path, to.force)?;
    }
    let mut tracer = match (traces, to.dir) {
        (true, Some(dir)) => Some(crate::traces::RunTraces::<G>::create(
            dir,
            config.clone(),
            to.force,
        )?),
        (true, None) => return Err(CliError::input("--traces writes into --out DIR: give one")),
        (false, _) => None,
    };
    let started = std::time::Instant::now();
    // Streamed: each trace is written as its game's record comes, never kept. Without traces
    // no record comes back here unless `--out` writes it.
    let mut trace = |spec: &RunSpec, r: &silk_lab::GameRecord| match tracer.as_mut() {
        Some(t) => t.write(spec, r),
        None => Ok(()),
    };
    let each: Option<EachGame> = if traces { Some(&mut trace) } else { None };
    let (spec, summary) = run_batch_each::<G>(config, batch, writer.as_mut(), each)?;
    let secs = started.elapsed().as_secs_f64();
    if let Some(t) = &tracer {
        t.finish(out);
    }
    if let (Some(w), Some(dir)) = (writer, to.dir) {
        w.finish(&spec, &summary)?;
        out.message(&format!(
            "wrote {}/run.json, games.jsonl, summary.json",
            dir.display()
        ));
        let first = spec.indices().start;
        out.message(&format!(
            "replay any game step by step: silk replay {} --game K (e.g. --game {first})",
            dir.display()
        ));
        // Issue 46: a run with stalls says where their explanation is.
        if summary.round_cap > 0 {
            out.message(&format!(
                "{} game(s) stalled at the round cap: silk stalls {} {} says where each froze and why",
                summary.round_cap,
                G::NAME,
                dir.display()
            ));
        }
    }
    if let Some(path) = to.html {
        let records = match to.dir {
            Some(d) => report::Records::dir(d.to_path_buf(), spec.indices()),
            None => report::Records::default(),
        };
        let timelines = report_timelines::<G>(config, &spec, &summary, batch.max_decisions)?;
        write_html(
            path,
            &report::simulate_report(&summary, &spec, &records, &timelines),
        )?;
        out.message(&format!("wrote {}", path.display()));
    }
    let played = summary.games
        + summary.stuck
        + summary.unfinished
        + silk_lab::Forfeits::total(&summary.forfeits);
    out.message(&format!(
        "{played} games in {secs:.2} s ({:.0} games/s)",
        played as f64 / secs.max(1e-9)
    ));
    print_summary(&summary, out);
    Ok(())
}

/// The games a run's report draws round by round (the first with a winner, the first stuck
/// or cut short), each played again as the run played it.
pub fn report_timelines<G: CliGame + Observe>(
    config: &G::Config,
    spec: &RunSpec,
    summary: &Summary,
    max_decisions: u64,
) -> CliResult<Vec<report::GameTimeline>> {
    silk_lab::report_games(summary, spec)
        .into_iter()
        .map(|(index, why)| {
            Ok(silk_lab::game_timeline::<G>(
                config,
                spec,
                index,
                &players_for::<G>(config),
                max_decisions,
                why,
            )?)
        })
        .collect()
}

fn print_summary(summary: &Summary, out: &mut Out) {
    out.doc(
        &summary.text(),
        &serde_json::to_value(summary).unwrap_or_default(),
    );
}

/// `silk lab merge`: the shards are read one record at a time, so a merge of any size needs
/// no more memory than one of a few games.
pub fn merge(
    dirs: &[PathBuf],
    to: Outputs,
    out: &mut Out,
    rerun: crate::jobs::Rerun,
) -> CliResult<()> {
    // The shards of a design job (sweep, compare, ladder, tune) merge by running it again.
    if dirs.first().is_some_and(|d| crate::jobs::is_job(d)) {
        return crate::jobs::merge(dirs, to, out, rerun);
    }
    let refs: Vec<&Path> = dirs.iter().map(PathBuf::as_path).collect();
    let m = silk_lab::Merge::open(&refs)?;
    let mut writer = to.dir.map(|d| RunWriter::create(d, to.force)).transpose()?;
    if let Some(path) = to.html {
        check_html(path, to.force)?;
    }
    // The game's declared branches, when silk knows the game: the merged coverage lists those
    // no game took, as the unsharded run's does.
    let declared = crate::games::GameName::named(&m.spec.game)
        .map(|g| with_game!(g, G => silk_lab::declared_branches::<G>()))
        .unwrap_or_default();
    let mut fold = Fold::new(&m.spec).declare(declared);
    m.each(&mut |r| {
        if let Some(w) = writer.as_mut() {
            w.write(&r)?;
        }
        fold.add(&r);
        Ok(())
    })?;
    let summary = fold.summary(&m.spec);
    if let Some(w) = writer {
        w.finish(&m.spec, &summary)?;
    }
    if let Some(path) = to.html {
        // A game is replayed from the merged run, or else from the shard that holds it.
        let records = match to.dir {
            Some(d) => report::Records::dir(d.to_path_buf(), 0..m.spec.games),
            None => report::Records {
                dirs: m.shards().to_vec(),
            },
        };
        // A merge knows no game type: its report draws no timeline (silk replay RUN_DIR
        // --game K --timeline shows one).
        write_html(
            path,
            &report::simulate_report(&summary, &m.spec, &records, &[]),
        )?;
    }
    print_summary(&summary, out);
    Ok(())
}

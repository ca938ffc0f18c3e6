//! `silk simulate`, `silk sweep`, `silk compare`, `silk lab merge`: batches and run directories
//! over silk-lab, for any registered game.

use crate::design::space::Space;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame};
use crate::output::Out;
use silk_bots::BotKind;
use silk_core::Observe;
use silk_lab::time::TimeSpec;
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

/// One bot name per seat: a single name fills every seat; otherwise one per seat.
pub fn bots_for(bots: &[String], seats: usize) -> CliResult<Vec<String>> {
    let names: Vec<String> = match bots {
        [] => vec!["random".to_string(); seats],
        [one] => vec![one.trim().to_string(); seats],
        many if many.len() == seats => many.iter().map(|b| b.trim().to_string()).collect(),
        many => {
            return Err(CliError::input(format!(
                "{} bots named for {seats} seats (name one for all seats, or one per seat)",
                many.len()
            )))
        }
    };
    for n in &names {
        if BotKind::parse(n).is_none() && !crate::outside::is_outside(n) {
            return Err(CliError::input(format!(
                "unknown bot {n:?}: choose from {}, or cmd:PROGRAM (docs/bot-protocol.md)",
                BotKind::NAMES.join(", ")
            )));
        }
    }
    Ok(names)
}

/// The lab's bot of `name` with `seed` for a seat: how `silk simulate` and `silk replay RUN_DIR`
/// make their bots.
pub fn bot_factory<G: CliGame>(
    _seat: usize,
    name: &str,
    seed: u64,
) -> Result<Box<dyn silk_core::Player<G>>, LabError> {
    let kind =
        BotKind::parse(name).ok_or_else(|| LabError::Input(format!("unknown bot {name:?}")))?;
    G::bot(kind, seed).map_err(|e| LabError::Input(e.to_string()))
}

/// The lab's bot of `name` for a seat in games of `config`: silk's bots as [`bot_factory`]
/// makes them, and players outside silk (`cmd:PROGRAM`, registered names; see
/// [`crate::outside`]), which are told the game's config and rules.
pub fn players_for<G: CliGame>(
    config: &G::Config,
) -> impl Fn(usize, &str, u64) -> Result<Box<dyn silk_core::Player<G>>, LabError> + Sync {
    let table = silk_bots::Table::of::<G>(config);
    move |seat, name, seed| {
        crate::outside::player::<G>(seat, name, &table)
            .unwrap_or_else(|| bot_factory::<G>(seat, name, seed))
    }
}

/// How many seats the games of `config` have (a game set up to count them: the config alone
/// may leave the number to the game).
pub fn seats<G: CliGame>(config: &G::Config) -> CliResult<usize> {
    Ok(G::num_seats(&G::setup(config, 0)?))
}

/// The run a batch describes: the game, its config, a bot per seat, seed, games, shard.
pub fn spec_for<G: CliGame>(config: &G::Config, batch: &Batch) -> CliResult<RunSpec> {
    let seats = seats::<G>(config)?;
    let bots = bots_for(&batch.bots, seats)?;
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
            let mut fold = Fold::new(&spec).declare(silk_lab::coverage::declared::<G>());
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
                Fold::new(&spec).declare(silk_lab::coverage::declared::<G>()),
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

/// Where a run's results go.
pub struct Outputs<'a> {
    pub dir: Option<&'a Path>,
    pub html: Option<&'a Path>,
    /// Replace existing files.
    pub force: bool,
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
        + silk_lab::summary::Forfeits::total(&summary.forfeits);
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
    silk_lab::replay::report_games(summary, spec)
        .into_iter()
        .map(|(index, why)| {
            Ok(silk_lab::replay::game_timeline::<G>(
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
        .map(|g| with_game!(g, G => silk_lab::coverage::declared::<G>()))
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

pub use crate::design::space::configure;

/// `silk sweep`: the same batch for each value (or pair of values) of one or two parameters.
pub fn sweep_run<G: CliGame + Observe>(
    base: &G::Config,
    params: &[(String, Vec<String>)],
    batch: &Batch,
    html: Option<&Path>,
    targets: Option<&Path>,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    if params.is_empty() || params.len() > 2 {
        return Err(CliError::input(
            "sweep one or two parameters: --param P --values V1 V2 …",
        ));
    }
    let space = Space::<G>::new(base, params)?;
    let (base_json, axes) = (&space.base_json, &space.axes);
    // Every setting plays the same games (a chunk at a time), so each is compared with the
    // base setting game by game: the setting the config already has, else the first.
    let every = space.every();
    let mut configs: Vec<(String, G::Config)> = Vec::with_capacity(every.len());
    for setting in &every {
        configs.push((space.label(setting), space.config(setting)?));
    }
    let base_at = configs
        .iter()
        .position(|(_, c)| serde_json::to_value(c).ok().as_ref() == Some(base_json))
        .unwrap_or(0);
    // The base setting first: measure_paired compares every other config with the first.
    let mut order: Vec<usize> = vec![base_at];
    order.extend((0..configs.len()).filter(|&i| i != base_at));
    let ordered: Vec<(String, G::Config)> = order.iter().map(|&i| configs[i].clone()).collect();
    let runs = crate::design::measure_paired::<G>(&ordered, batch, &TimeSpec::default(), &[], out)?;
    let targets = match targets {
        Some(path) => Some(crate::design::targets_for::<G>(path)?.0),
        None => None,
    };
    // Back in the sweep's order.
    let mut settings: Vec<Option<SweepSetting>> = vec![None; configs.len()];
    for (k, &i) in order.iter().enumerate() {
        let (spec, summary) = runs.summaries[k].clone();
        let compared = (k > 0).then(|| {
            silk_lab::paired::compare(&runs.measures[0], &runs.measures[k], &runs.paired[k - 1])
        });
        settings[i] = Some(SweepSetting {
            label: configs[i].0.clone(),
            values: space.values(&every[i]),
            spec,
            summary,
            measures: runs.measures[k].clone(),
            compared,
        });
    }
    let settings: Vec<SweepSetting> = settings.into_iter().flatten().collect();
    let targeted: Vec<String> = targets
        .as_ref()
        .map(|t| t.targets.iter().map(|t| t.measure.clone()).collect())
        .unwrap_or_default();
    if let Some(path) = html {
        let paths: Vec<String> = axes.iter().map(|(p, _)| p.clone()).collect();
        let title = format!("silk sweep — {}", G::NAME);
        // The report's settings: the run every value changes, before any value is set.
        let base_spec = RunSpec {
            config: base_json.clone(),
            ..settings[base_at].spec.clone()
        };
        let rows: Vec<report::SweepRow> = settings
            .iter()
            .map(|s| report::SweepRow {
                values: s.values.clone(),
                summary: s.summary.clone(),
                measures: s.measures.clone(),
                compared: s.compared.clone(),
            })
            .collect();
        write_html(
            path,
            &report::sweep_report(
                &title,
                Some(&base_spec),
                &paths,
                &rows,
                targets.as_ref().map(|t| t.targets.as_slice()),
            ),
        )?;
    }
    let rows: Vec<(String, Summary)> = settings
        .iter()
        .map(|s| (s.label.clone(), s.summary.clone()))
        .collect();
    let (diff_text, notes) = sweep_differences(&settings, base_at, &targeted);
    let json_rows: Vec<serde_json::Value> = settings
        .iter()
        .zip(&notes)
        .map(|(s, note)| {
            let names: Vec<&String> = s.measures.keys().collect();
            let measures: Vec<serde_json::Value> = silk_lab::order::ordered(&names, &targeted)
                .into_iter()
                .map(|(group, name)| {
                    serde_json::json!({
                        "measure": name,
                        "group": group,
                        "estimate": s.measures.get(&name),
                        "difference_from_base": s.compared.as_ref().and_then(|c| c.get(&name)),
                    })
                })
                .collect();
            serde_json::json!({"values": s.label, "summary": s.summary, "base": s.compared.is_none(),
                               "measures": measures, "comparison": note})
        })
        .collect();
    out.doc(
        &(sweep_table(&rows) + &diff_text + &sweep_metrics(&rows)),
        &serde_json::Value::Array(json_rows),
    );
    Ok(())
}

/// One setting of a sweep, measured.
#[derive(Clone)]
struct SweepSetting {
    label: String,
    values: Vec<String>,
    spec: RunSpec,
    summary: Summary,
    measures: std::collections::BTreeMap<String, silk_lab::measure::Measured>,
    /// Its game-by-game differences from the base setting (`None`: it is the base).
    compared: Option<std::collections::BTreeMap<String, silk_lab::paired::Compared>>,
}

/// The text of each setting's paired differences from the base setting, in report order, and
/// each setting's whole-table note for JSON (`null` for the base).
fn sweep_differences(
    settings: &[SweepSetting],
    base_at: usize,
    targeted: &[String],
) -> (String, Vec<serde_json::Value>) {
    let Some(base) = settings.get(base_at) else {
        return (String::new(), Vec::new());
    };
    let others: Vec<&SweepSetting> = settings.iter().filter(|s| s.compared.is_some()).collect();
    let notes: Vec<serde_json::Value> = settings
        .iter()
        .map(|s| match &s.compared {
            Some(c) => serde_json::to_value(silk_lab::paired::TableNote::of(c)).unwrap_or_default(),
            None => serde_json::Value::Null,
        })
        .collect();
    if others.is_empty() {
        return (String::new(), notes);
    }
    let mut text = format!(
        "\nDifferences from the base setting ({}), taken game by game: every setting plays the \
         same games; * where the 95% interval excludes 0, † where it also survives the \
         Benjamini–Hochberg control at a {:.0}% false-discovery rate\n{:<34}",
        base.label,
        100.0 * silk_lab::paired::FDR,
        "measure"
    );
    for s in &others {
        text += &format!(" {:>27}", s.values.join(", "));
    }
    text += "\n";
    let names: Vec<&String> = base
        .measures
        .keys()
        .filter(|n| !n.starts_with("metric.") && !n.ends_with(".max"))
        .collect();
    let mut group = None;
    for (g, name) in silk_lab::order::ordered(&names, targeted) {
        if group != Some(g) {
            text += &format!("-- {} --\n", g.title());
            group = Some(g);
        }
        let Some(m) = base.measures.get(&name) else {
            continue;
        };
        let unit = if m.is_share() { " %" } else { "" };
        text += &format!("{:<34}", format!("{name}{unit}"));
        for s in &others {
            let cell = s
                .compared
                .as_ref()
                .and_then(|c| c.get(&name))
                .map_or("—".to_string(), |d| crate::design::difference_cell(m, d));
            text += &format!(" {cell:>27}");
        }
        text += "\n";
    }
    for s in &others {
        if let Some(c) = &s.compared {
            text += &format!(
                "{}: {}{}\n",
                s.label,
                silk_lab::paired::TableNote::of(c).text(),
                silk_lab::paired::printed_note(
                    c,
                    |n| !n.starts_with("metric.") && !n.ends_with(".max"),
                    "only --json and --html show"
                )
            );
        }
    }
    (text, notes)
}

/// Values side by side: one column per value, one row per statistic.
fn sweep_table(rows: &[(String, Summary)]) -> String {
    let mut lines: Vec<(String, Vec<String>)> = Vec::new();
    // A sweep of the player count has values without the last seats: "—" there.
    let n = Summary::max_seats(rows.iter().map(|r| &r.1));
    // Stalls (cut at the round cap) are no wins: when any setting has some, the figures are
    // over the decided games and say so, and the stall share is a headline row.
    let stalls = rows.iter().any(|r| r.1.round_cap > 0);
    let decided = if stalls { " (decided games)" } else { "" };
    for i in 0..n {
        lines.push((
            format!("P{} win %{decided}", i + 1),
            rows.iter()
                .map(|r| {
                    r.1.win_by_seat
                        .get(i)
                        .map_or("—".into(), |w| format!("{:.1}", 100.0 * w.rate))
                })
                .collect(),
        ));
    }
    lines.push((
        if stalls {
            "decided games"
        } else {
            "games with winners"
        }
        .into(),
        rows.iter().map(|r| r.1.games.to_string()).collect(),
    ));
    if stalls {
        lines.push((
            "stalls at the round cap".into(),
            rows.iter().map(|r| r.1.round_cap.to_string()).collect(),
        ));
        lines.push((
            "stall % [95% interval]".into(),
            rows.iter()
                .map(|r| {
                    let share = silk_lab::stats::Rate::new(r.1.round_cap, r.1.played());
                    format!(
                        "{:.1} [{:.1}, {:.1}]",
                        100.0 * share.rate,
                        100.0 * share.lo,
                        100.0 * share.hi
                    )
                })
                .collect(),
        ));
    }
    lines.push((
        "stuck games".into(),
        rows.iter().map(|r| r.1.stuck.to_string()).collect(),
    ));
    lines.push((
        "unfinished games".into(),
        rows.iter().map(|r| r.1.unfinished.to_string()).collect(),
    ));
    // Games a player outside silk gave up: in no figure above, so counted here.
    if rows.iter().any(|r| !r.1.forfeits.is_empty()) {
        lines.push((
            "forfeited games".into(),
            rows.iter()
                .map(|r| silk_lab::summary::Forfeits::total(&r.1.forfeits).to_string())
                .collect(),
        ));
    }
    lines.push((
        format!("shared wins %{decided}"),
        rows.iter()
            .map(|r| format!("{:.1}", 100.0 * r.1.ties.rate))
            .collect(),
    ));
    lines.push((
        format!("rounds{decided}"),
        rows.iter()
            .map(|r| format!("{:.1}", r.1.rounds.mean))
            .collect(),
    ));
    lines.push((
        format!("decisions{decided}"),
        rows.iter()
            .map(|r| format!("{:.0}", r.1.decisions.mean))
            .collect(),
    ));
    lines.push((
        format!("margin{decided}"),
        rows.iter()
            .map(|r| format!("{:.1}", r.1.margin.mean))
            .collect(),
    ));
    lines.push((
        format!("lead changes{decided}"),
        rows.iter()
            .map(|r| format!("{:.2}", r.1.lead_changes.mean))
            .collect(),
    ));
    columns(rows, lines)
}

/// The engine's metrics per game, one row each: printed after the headline figures and the
/// differences, which answer the sweep (issue 44: the answer sat below ~90 metric rows).
fn sweep_metrics(rows: &[(String, Summary)]) -> String {
    let names = Summary::metric_names(rows.iter().map(|r| &r.1));
    if names.is_empty() {
        return String::new();
    }
    let lines = names
        .into_iter()
        .map(|name| {
            let cells = rows
                .iter()
                .map(|r| {
                    format!(
                        "{:.2}",
                        r.1.metric(&name).map(|m| m.per_game).unwrap_or(0.0)
                    )
                })
                .collect();
            (name, cells)
        })
        .collect();
    format!(
        "\nThe engine's metrics, mean per game with winners:\n{}",
        columns(rows, lines)
    )
}

/// Rows of cells under one column per setting.
fn columns(rows: &[(String, Summary)], lines: Vec<(String, Vec<String>)>) -> String {
    let widest_cell = lines.iter().flat_map(|l| &l.1).map(|c| c.chars().count());
    let width = rows
        .iter()
        .map(|r| r.0.len())
        .chain(widest_cell)
        .max()
        .unwrap_or(8)
        .max(8);
    let mut t = format!("{:<34}", "");
    for (label, _) in rows {
        t += &format!(" {label:>width$}");
    }
    t += "\n";
    for (name, cells) in lines {
        t += &format!("{name:<34}");
        for c in cells {
            t += &format!(" {c:>width$}");
        }
        t += "\n";
    }
    t
}

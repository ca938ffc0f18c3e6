//! `silk tune`: independent NTBEA searches for the settings closest to the targets, their
//! recommendations validated side by side on fresh games.

use super::space::Space;
use super::tune_state::TuneState;
use super::*;

/// What `silk tune` is given.
pub struct TuneArgs<'a> {
    pub params: &'a [(String, Vec<String>)],
    /// The targets (a design's tune); `None` when a bot's weights are tuned.
    pub targets: Option<&'a Path>,
    pub budget: usize,
    pub validate_games: u64,
    pub explore: f64,
    /// Independent searches, each with its own seeds.
    pub repeats: usize,
    /// Where every finished evaluation is kept, so a killed tune resumes (`--state`).
    pub state: Option<&'a Path>,
}

/// `silk tune`: NTBEA over the parameters' values, minimising the sum of normalised misses of
/// the targets, each evaluation a batch on fresh seeds; the best setting and the base config
/// are then validated on seeds no evaluation used.
pub fn tune<G: CliGame + Observe>(
    base: &G::Config,
    args: &TuneArgs,
    batch: &Batch,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let targets = args
        .targets
        .ok_or_else(|| CliError::input("give the targets with --targets FILE"))?;
    let (file, model) = targets_for::<G>(targets)?;
    check_args(args)?;
    // Every value must make a valid config before the long run starts.
    let space = Space::<G>::new(base, args.params)?;
    space.check_each_value()?;
    let quiet = Batch {
        progress: false,
        ..batch.clone()
    };
    // The per-player measures the targets name (`winners.player.…`).
    let per_player = targets_winners::<G>(&file)?;
    // A shard of a tune (--shard K/N --out DIR) plays its slice of the next generation's
    // evaluations (one per search) for the state given; the merge of the slices adds that
    // generation to the state. Without a generation left, both go on to the validation.
    let sharded = batch.io.record.is_some() && batch.shard.is_some();
    let mut state = match args.state {
        Some(path) => Some(TuneState::open(
            path,
            (identity::<G>(base, args, &file, batch)?, file.targets.len()),
            !sharded,
            out,
        )?),
        None => None,
    };
    if sharded && state.is_none() {
        return Err(CliError::input(
            "silk tune --shard K/N --out DIR plays one generation of the search at a time: give \
             --state FILE, where the merges keep the evaluations (see examples/scale-out)",
        ));
    }
    let step = Step {
        one_generation: state.is_some() && (sharded || batch.io.replay.is_some()),
        keep: !sharded,
    };
    let (searches, reached) = match search::<G>(
        &space,
        (&file, &per_player),
        args,
        (batch, &quiet),
        (&mut state, step),
    )? {
        Searched::Done(searches, reached) => (searches, reached),
        Searched::Generation(played) => {
            let (text, json) = generation_doc(&space, &played, state.as_ref(), args, sharded);
            out.doc(&text, &json);
            return Ok(());
        }
    };
    // The distinct recommendations, in the order the searches first made them.
    let mut winners: Vec<(Vec<usize>, usize)> = Vec::new();
    for (_, f) in &searches {
        match winners.iter_mut().find(|(w, _)| *w == f.best) {
            Some((_, n)) => *n += 1,
            None => winners.push((f.best.clone(), 1)),
        }
    }
    // Validation: the base config and every recommendation on the same seeds, which no
    // evaluation used, compared game by game.
    let validate = Batch {
        games: args.validate_games,
        seed: batch.seed ^ 0x5EED_F7A1_1DA7_E000,
        ..quiet
    };
    out.message(&format!(
        "validating {} recommended setting{} and the base config on the same {} fresh games",
        winners.len(),
        if winners.len() == 1 { "" } else { "s" },
        args.validate_games
    ));
    let mut configs: Vec<(String, G::Config)> = vec![("base".into(), base.clone())];
    for (w, _) in &winners {
        configs.push((label(&space.axes, w), space.config(w)?));
    }
    let runs = measure_paired::<G>(&configs, &validate, &file.time, &per_player, out)?;
    let validated: Vec<Vec<Gap>> = runs
        .measures
        .iter()
        .map(|m| targets::gaps(&file.targets, m))
        .collect();
    // The recommendation: the lowest validated miss (the first search's on a tie).
    let best_i = (0..winners.len())
        .min_by(|&a, &b| {
            targets::total_miss(&validated[a + 1])
                .total_cmp(&targets::total_miss(&validated[b + 1]))
        })
        .unwrap_or(0);
    let unreached: Vec<String> = file
        .targets
        .iter()
        .zip(&reached)
        .filter(|(_, r)| !**r)
        .map(|(t, _)| t.label())
        .collect();
    let tuned = Tuned {
        axes: space.axes,
        searches,
        winners,
        runs,
        validated,
        best_i,
        unreached,
    };
    let text = tuned.text(G::NAME, args, batch.games, &model, &file);
    out.doc(&text, &tuned.json(G::NAME, args, batch.games));
    Ok(())
}

/// Refuses a search that cannot run: no parameter, a budget, exploration or repeat count out
/// of range.
pub(crate) fn check_args(args: &TuneArgs) -> CliResult<()> {
    if args.params.is_empty() {
        return Err(CliError::input(
            "tune at least one --param P --values V1 V2 …",
        ));
    }
    if !(1..=MAX_BUDGET).contains(&args.budget) {
        return Err(CliError::input(format!(
            "--budget {}: give 1 to {MAX_BUDGET} evaluations",
            args.budget
        )));
    }
    if !(args.explore.is_finite() && args.explore >= 0.0) {
        return Err(CliError::input(format!(
            "--explore {}: give a number of 0 or more (2 by default)",
            args.explore
        )));
    }
    if args.repeats == 0 {
        return Err(CliError::input("--repeats must be at least 1"));
    }
    args.budget
        .checked_mul(args.repeats)
        .map(|_| ())
        .ok_or_else(|| CliError::input("--budget × --repeats is too large"))
}

/// One search: its seed and what it found.
pub(crate) type Search = (u64, silk_lab::Found);

/// How far a tune goes this time.
#[derive(Clone, Copy)]
struct Step {
    /// Evaluate at most one evaluation per search (the next generation), then stop.
    one_generation: bool,
    /// Keep new evaluations in the state (not a shard's, made of a slice of its games).
    keep: bool,
}

/// What the searches came to: finished, or one generation further.
enum Searched {
    Done(Vec<Search>, Vec<bool>),
    /// The evaluations made this time (search, k, setting, miss; no miss for a shard's slice).
    Generation(Vec<(usize, usize, Vec<usize>, Option<f64>)>),
}

/// What a tune's state depends on: a state is resumed only by the same tune.
fn identity<G: CliGame>(
    base: &G::Config,
    args: &TuneArgs,
    file: &TargetsFile,
    batch: &Batch,
) -> CliResult<Value> {
    Ok(json!({
        "game": G::NAME,
        "config": serde_json::to_value(base).map_err(|e| CliError::Internal(e.to_string()))?,
        "params": args.params,
        "targets": file,
        "budget": args.budget,
        "explore": args.explore.to_bits(),
        "repeats": args.repeats,
        "games": batch.games,
        "bots": batch.bots,
        "seed": batch.seed,
        "max_decisions": batch.max_decisions,
        "no_rotate": batch.no_rotate,
    }))
}

/// In a merge, whether its shards hold the games of this evaluation (`None` outside merges).
fn in_shards<G: CliGame>(space: &Space<G>, setting: &[usize], eval: &Batch) -> Option<bool> {
    let replay = eval.io.replay.as_ref()?;
    let spec = space
        .config(setting)
        .and_then(|c| lab::spec_for::<G>(&c, eval));
    Some(spec.is_ok_and(|s| replay.holds(&s)))
}

/// What one generation did, for the person running the tune step by step.
fn generation_doc<G: CliGame>(
    space: &Space<G>,
    played: &[(usize, usize, Vec<usize>, Option<f64>)],
    state: Option<&TuneState>,
    args: &TuneArgs,
    sharded: bool,
) -> (String, Value) {
    let total = args.budget * args.repeats;
    let kept = state.map_or(0, TuneState::len);
    let mut text = if played.is_empty() {
        format!("this generation is in the state already: {kept} of {total} evaluations\n")
    } else if sharded {
        format!(
            "played this shard's games of {} evaluation{} (one per search); merge the shards \
             (silk lab merge) to add them to the state\n",
            played.len(),
            if played.len() == 1 { "" } else { "s" }
        )
    } else {
        format!("{kept} of {total} evaluations in the state; run again for the next generation\n")
    };
    for (r, k, setting, miss) in played {
        text += &format!(
            "  search {} evaluation {}: {}{}\n",
            r + 1,
            k + 1,
            label(&space.axes, setting),
            miss.map_or(String::new(), |m| format!(": miss {m:.2}"))
        );
    }
    let json = json!({
        "generation": played.iter().map(|(r, k, setting, miss)| json!({
            "search": r, "evaluation": k, "setting": setting, "miss": miss,
        })).collect::<Vec<_>>(),
        "evaluations_in_state": kept,
        "evaluations": total,
        "state": state.map(|s| s.path().display().to_string()),
    });
    (text, json)
}

/// `--repeats` independent searches, each with its own seed and games: what each found, and
/// which targets some evaluated setting met (its estimate inside the band). Evaluations in
/// the state are not played again; new ones are added to it as they end.
/// `(file, winners)`: the targets and the per-player measures they name.
fn search<G: CliGame + Observe>(
    space: &Space<G>,
    (file, winners): (&TargetsFile, &[String]),
    args: &TuneArgs,
    (batch, quiet): (&Batch, &Batch),
    (state, step): (&mut Option<TuneState>, Step),
) -> CliResult<Searched>
where
    G::Config: Sync,
{
    let mut best_miss = f64::INFINITY;
    let mut reached = vec![false; file.targets.len()];
    let mut played = Vec::new();
    let mut merged_already = false;
    let state_path = state
        .as_ref()
        .map_or(String::new(), |s| s.path().display().to_string());
    let searches = ntbea_searches(
        &space.sizes(),
        (args.budget, args.repeats, args.explore),
        batch,
        quiet,
        &mut |at, setting, eval, bar| {
            let (r, k) = (at.search, at.evaluation);
            // A merge finds its shards' runs among the evaluations (see `in_shards`).
            let shards_hold = in_shards::<G>(space, setting, eval);
            if let Some(e) = state.as_ref().and_then(|s| s.get(r, k)) {
                merged_already |= shards_hold == Some(true);
                if e.setting != setting {
                    return Err(CliError::input(format!(
                        "{state_path}: search {} evaluation {} was of setting {:?}, the search \
                         now asks for {setting:?}: the state of another tune or version",
                        r + 1,
                        k + 1,
                        e.setting
                    )));
                }
                for (i, met) in e.met.iter().enumerate() {
                    if let Some(x) = reached.get_mut(i) {
                        *x |= met;
                    }
                }
                best_miss = best_miss.min(e.miss);
                return Ok(Evaluated::Go(e.fitness().unwrap_or(f64::NEG_INFINITY)));
            }
            if shards_hold == Some(false) {
                // Merged again (a retried merge job): nothing new to add.
                if !merged_already {
                    return Err(CliError::input(format!(
                        "the shards are not of this tune's next generation (search {} \
                         evaluation {}): the shards of another generation or tune",
                        r + 1,
                        k + 1
                    )));
                }
                return Ok(Evaluated::Stop);
            }
            let g = space
                .config(setting)
                .and_then(|c| measure::<G>(&c, eval, &file.time, winners))
                .map(|run| targets::gaps(&file.targets, &run.measures))?;
            let mut met = vec![false; file.targets.len()];
            for gap in &g {
                if let Some(i) = file.targets.iter().position(|t| t.label() == gap.target) {
                    met[i] |= gap.measured.is_some() && gap.miss == 0.0;
                }
            }
            for (x, m) in reached.iter_mut().zip(&met) {
                *x |= m;
            }
            let m = targets::total_miss(&g);
            best_miss = best_miss.min(m);
            bar.set_message(format!("lowest miss so far {best_miss:.2}"));
            if let (Some(s), true) = (state.as_mut(), step.keep) {
                s.add(super::tune_state::Evaluation::new(r, k, setting, -m, met))?;
            }
            // In one-generation steps, each search stops after its first new evaluation.
            if step.one_generation {
                played.push((r, k, setting.to_vec(), step.keep.then_some(m)));
                return Ok(Evaluated::Last(-m));
            }
            Ok(Evaluated::Go(-m))
        },
    )?;
    if step.one_generation && (!played.is_empty() || merged_already) {
        return Ok(Searched::Generation(played));
    }
    Ok(Searched::Done(searches, reached))
}

/// What a tune found: the searches, their distinct recommendations and the validation (the
/// base config first, then each recommendation).
struct Tuned {
    axes: Vec<(String, Vec<String>)>,
    searches: Vec<Search>,
    /// Each distinct recommendation and how many searches made it.
    winners: Vec<(Vec<usize>, usize)>,
    runs: PairedRuns,
    validated: Vec<Vec<Gap>>,
    /// The recommendation with the lowest validated miss.
    best_i: usize,
    unreached: Vec<String>,
}

impl Tuned {
    fn settings(&self) -> usize {
        self.axes.iter().map(|(_, v)| v.len()).product()
    }

    fn text(
        &self,
        game: &str,
        args: &TuneArgs,
        games: u64,
        model: &TimeModel,
        file: &TargetsFile,
    ) -> String {
        let (winners, validated, best_i) = (&self.winners, &self.validated, self.best_i);
        let range = |g: &[Gap]| {
            let (lo, hi) = targets::total_miss_range(g);
            format!("{:.2} (range {lo:.2}–{hi:.2})", targets::total_miss(g))
        };
        let mut text = format!(
            "{game}: NTBEA, {} independent search{} of {} evaluations of {games} games each over {} settings\n{}\n",
            args.repeats,
            if args.repeats == 1 { "" } else { "es" },
            args.budget,
            self.settings(),
            time_text(model),
        );
        text += &match (args.repeats, winners.len()) {
            (1, _) => {
                "one search: --repeats 3 or more says whether its recommendation is stable\n".into()
            }
            (r, 1) => format!("all {r} searches recommend the same setting\n"),
            (r, w) => {
                format!("the {r} searches disagree: {w} different recommendations (not sure)\n")
            }
        };
        for (i, (w, n)) in winners.iter().enumerate() {
            text += &format!(
                "  {:<40} chosen by {n} of {} searches; validated miss {}\n",
                label(&self.axes, w),
                args.repeats,
                range(&validated[i + 1])
            );
        }
        text += &format!(
            "the base config: validated miss {}\n\nbest setting: {}\n\
             validated on {} fresh games — the best setting:\n{}",
            range(&validated[0]),
            label(&self.axes, &winners[best_i].0),
            args.validate_games,
            gaps_text(&validated[best_i + 1]),
        );
        text += &self.best_vs_base_text(file);
        text += &format!(
            "\nthe base config on the same games:\n{}",
            gaps_text(&validated[0])
        );
        if !self.unreached.is_empty() {
            let mut evaluated: Vec<&Vec<usize>> = self
                .searches
                .iter()
                .flat_map(|(_, f)| f.evaluated.iter().map(|(p, _)| p))
                .collect();
            evaluated.sort();
            evaluated.dedup();
            text += &format!(
                "\nno evaluated setting met: {} (the evaluations' estimates; {} of {} settings evaluated at least once)\n",
                self.unreached.join("; "),
                evaluated.len(),
                self.settings(),
            );
        }
        text
    }

    /// The best setting against the base, game by game, on the measures the targets name.
    fn best_vs_base_text(&self, file: &TargetsFile) -> String {
        let runs = &self.runs;
        let mut text = "\nthe best setting − the base, game by game (95% interval):\n".to_string();
        let best_vs_base = paired::compare(
            &runs.measures[0],
            &runs.measures[self.best_i + 1],
            &runs.paired[self.best_i],
        );
        let mut seen = Vec::new();
        for t in &file.targets {
            if seen.contains(&&t.measure) {
                continue;
            }
            seen.push(&t.measure);
            // Only the differences taken game by game (not the `*.max` ones).
            let d = best_vs_base.get(&t.measure).filter(|d| d.paired);
            let m = runs.measures[0].get(&t.measure);
            if let (Some(d), Some(m)) = (d, m) {
                text += &format!(
                    "  {:<38} {} [{}, {}]{}\n",
                    t.measure,
                    fmt(m, d.value),
                    fmt(m, d.lo),
                    fmt(m, d.hi),
                    if d.clear { " *" } else { "" }
                );
            }
        }
        text
    }

    fn json(&self, game: &str, args: &TuneArgs, games: u64) -> Value {
        let setting_json = |s: &[usize]| -> Value {
            self.axes
                .iter()
                .zip(s)
                .map(|((p, v), &i)| (p.clone(), sweep::parse_value(&v[i])))
                .collect::<serde_json::Map<String, Value>>()
                .into()
        };
        let miss_json = |g: &[Gap]| {
            let (lo, hi) = targets::total_miss_range(g);
            json!({"gaps": g, "total_miss": targets::total_miss(g), "total_miss_range": [lo, hi]})
        };
        let evaluations = |f: &silk_lab::Found| {
            f.evaluated
                .iter()
                .map(|(s, x)| json!({"setting": setting_json(s), "miss": -x}))
                .collect::<Vec<_>>()
        };
        let first = &self.searches[0].1;
        json!({
            "game": game,
            "budget": args.budget,
            "repeats": args.repeats,
            "games_per_evaluation": games,
            "best": setting_json(&self.winners[self.best_i].0),
            "model_estimate_of_miss": -first.estimate,
            "evaluations": evaluations(first),
            "searches": self.searches.iter().map(|(seed, f)| json!({
                "seed": seed,
                "best": setting_json(&f.best),
                "model_estimate_of_miss": -f.estimate,
                "evaluations": evaluations(f),
            })).collect::<Vec<_>>(),
            "recommendations": self.winners.iter().enumerate().map(|(i, (w, n))| json!({
                "setting": setting_json(w),
                "chosen_by": n,
                "validation": miss_json(&self.validated[i + 1]),
                "differences_from_base": self.runs.paired[i],
            })).collect::<Vec<_>>(),
            "unreached_targets": self.unreached,
            "validation": {
                "games": args.validate_games,
                "best": miss_json(&self.validated[self.best_i + 1]),
                "base": miss_json(&self.validated[0]),
            },
        })
    }
}

/// Which evaluation of which search is asked for (0-based).
#[derive(Clone, Copy)]
pub(crate) struct At {
    pub search: usize,
    pub evaluation: usize,
}

/// What one evaluation gives its search.
pub(crate) enum Evaluated {
    /// Its fitness (to maximise); the search goes on.
    Go(f64),
    /// Its fitness, and this search asks for no more (a one-generation step).
    Last(f64),
    /// No evaluation: this search stops here.
    Stop,
}

/// One evaluation of a setting on the games of a batch (its own seeds). It may show its
/// progress on the bar.
pub(crate) type Evaluate<'a> =
    dyn FnMut(At, &[usize], &Batch, &indicatif::ProgressBar) -> CliResult<Evaluated> + 'a;

/// `repeats` independent NTBEA searches of `budget` evaluations each over settings of `sizes`
/// values, each search with its own seed and each evaluation on its own games (`quiet` with a
/// fresh seed); the first error stops every search. `(budget, repeats, explore)`. The one
/// loop of both tunes: a design's targets and a bot's weights.
pub(crate) fn ntbea_searches(
    sizes: &[usize],
    (budget, repeats, explore): (usize, usize, f64),
    batch: &Batch,
    quiet: &Batch,
    evaluate: &mut Evaluate,
) -> CliResult<Vec<Search>> {
    let bar = lab::progress_bar((budget * repeats) as u64, "evaluations", batch.progress);
    let mut failure: Option<CliError> = None;
    let mut searches = Vec::with_capacity(repeats);
    for r in 0..repeats {
        // Search r explores with its own seed and plays its own games: the repeats are
        // independent searches, and search 0 is the single search of earlier versions.
        let search_seed = batch
            .seed
            .wrapping_add((r as u64).wrapping_mul(0xA24B_AED4_963E_E407));
        let opts = silk_lab::Ntbea {
            explore,
            seed: search_seed,
            ..Default::default()
        };
        let mut stopped = false;
        let found = silk_lab::ntbea(sizes, budget, &opts, &mut |setting, k| {
            if failure.is_some() || stopped {
                return f64::NEG_INFINITY;
            }
            bar.inc(1);
            // Evaluation k plays its own seeds.
            let eval = Batch {
                seed: search_seed
                    .wrapping_add(1 + k as u64)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15),
                ..quiet.clone()
            };
            let at = At {
                search: r,
                evaluation: k,
            };
            match evaluate(at, setting, &eval, &bar) {
                Ok(Evaluated::Go(f)) => f,
                Ok(Evaluated::Last(f)) => {
                    stopped = true;
                    f
                }
                Ok(Evaluated::Stop) => {
                    stopped = true;
                    f64::NEG_INFINITY
                }
                Err(e) => {
                    failure = Some(e);
                    f64::NEG_INFINITY
                }
            }
        });
        if let Some(e) = failure.take() {
            return Err(e);
        }
        searches.push((search_seed, found));
    }
    bar.finish_and_clear();
    Ok(searches)
}

//! `silk tune`: independent NTBEA searches for the settings closest to the targets, their
//! recommendations validated side by side on fresh games.

use super::*;

/// What `silk tune` is given.
pub struct TuneArgs<'a> {
    pub params: &'a [(String, Vec<String>)],
    pub targets: &'a Path,
    pub budget: usize,
    pub validate_games: u64,
    pub explore: f64,
    /// Independent searches, each with its own seeds.
    pub repeats: usize,
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
    let (file, model) = targets_for::<G>(args.targets)?;
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
    let base_json = serde_json::to_value(base).map_err(|e| CliError::Internal(e.to_string()))?;
    let mut axes: Vec<(String, Vec<String>)> = Vec::new();
    for (p, values) in args.params {
        if values.is_empty() {
            return Err(CliError::input(format!(
                "--param {p}: give at least one value with --values"
            )));
        }
        axes.push((sweep::resolve_path(&base_json, p)?, values.clone()));
    }
    let config_of = |setting: &[usize]| -> CliResult<G::Config> {
        let changes: Vec<(&str, serde_json::Value)> = axes
            .iter()
            .zip(setting)
            .map(|((path, values), &i)| (path.as_str(), sweep::parse_value(&values[i])))
            .collect();
        crate::lab::configure::<G>(&base_json, &changes, &label(&axes, setting))
    };
    // Every value must make a valid config before the long run starts.
    for (d, (_, values)) in axes.iter().enumerate() {
        for i in 0..values.len() {
            let mut setting = vec![0; axes.len()];
            setting[d] = i;
            config_of(&setting)?;
        }
    }
    if args.repeats == 0 {
        return Err(CliError::input("--repeats must be at least 1"));
    }
    let evaluations = args
        .budget
        .checked_mul(args.repeats)
        .ok_or_else(|| CliError::input("--budget × --repeats is too large"))?;
    let bar = lab::progress_bar(evaluations as u64, "evaluations", batch.progress);
    let quiet = Batch {
        progress: false,
        ..batch.clone()
    };
    let mut failure: Option<CliError> = None;
    let sizes: Vec<usize> = axes.iter().map(|(_, v)| v.len()).collect();
    let mut best_miss = f64::INFINITY;
    // Which targets some evaluated setting met (its estimate inside the band).
    let mut reached = vec![false; file.targets.len()];
    let mut searches = Vec::with_capacity(args.repeats);
    for r in 0..args.repeats as u64 {
        // Search r explores with its own seed and plays its own games: the repeats are
        // independent searches, and search 0 is the single search of earlier versions.
        let search_seed = batch
            .seed
            .wrapping_add(r.wrapping_mul(0xA24B_AED4_963E_E407));
        let found = silk_lab::tune::ntbea(
            &sizes,
            args.budget,
            &silk_lab::tune::Ntbea {
                explore: args.explore,
                seed: search_seed,
                ..Default::default()
            },
            &mut |setting, k| {
                if failure.is_some() {
                    return f64::NEG_INFINITY;
                }
                // Evaluation k plays its own seeds.
                let eval = Batch {
                    seed: search_seed
                        .wrapping_add(1 + k as u64)
                        .wrapping_mul(0x9E37_79B9_7F4A_7C15),
                    ..quiet.clone()
                };
                let gaps = config_of(setting)
                    .and_then(|c| measure::<G>(&c, &eval, &file.time))
                    .map(|run| targets::gaps(&file.targets, &run.measures));
                bar.inc(1);
                match gaps {
                    Ok(g) => {
                        for gap in &g {
                            if let Some(i) =
                                file.targets.iter().position(|t| t.label() == gap.target)
                            {
                                reached[i] |= gap.measured.is_some() && gap.miss == 0.0;
                            }
                        }
                        let m = targets::total_miss(&g);
                        best_miss = best_miss.min(m);
                        bar.set_message(format!("lowest miss so far {best_miss:.2}"));
                        -m
                    }
                    Err(e) => {
                        failure = Some(e);
                        f64::NEG_INFINITY
                    }
                }
            },
        );
        if let Some(e) = failure.take() {
            return Err(e);
        }
        searches.push((search_seed, found));
    }
    bar.finish_and_clear();
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
        ..quiet.clone()
    };
    out.message(&format!(
        "validating {} recommended setting{} and the base config on the same {} fresh games",
        winners.len(),
        if winners.len() == 1 { "" } else { "s" },
        args.validate_games
    ));
    let mut configs: Vec<(String, G::Config)> = vec![("base".into(), base.clone())];
    for (w, _) in &winners {
        configs.push((label(&axes, w), config_of(w)?));
    }
    let runs = measure_paired::<G>(&configs, &validate, &file.time, &[], out)?;
    let validated: Vec<Vec<Gap>> = runs
        .measures
        .iter()
        .map(|m| targets::gaps(&file.targets, m))
        .collect();
    let base_gaps = &validated[0];
    // The recommendation: the lowest validated miss (the first search's on a tie).
    let best_i = (0..winners.len())
        .min_by(|&a, &b| {
            targets::total_miss(&validated[a + 1])
                .total_cmp(&targets::total_miss(&validated[b + 1]))
        })
        .unwrap_or(0);
    let best = &winners[best_i].0;
    let best_label = label(&axes, best);
    let tuned_gaps = &validated[best_i + 1];
    let unreached: Vec<String> = file
        .targets
        .iter()
        .zip(&reached)
        .filter(|(_, r)| !**r)
        .map(|(t, _)| t.label())
        .collect();
    let range = |g: &[Gap]| {
        let (lo, hi) = targets::total_miss_range(g);
        format!("{:.2} (range {lo:.2}–{hi:.2})", targets::total_miss(g))
    };
    let mut text = format!(
        "{}: NTBEA, {} independent search{} of {} evaluations of {} games each over {} settings\n{}\n",
        G::NAME,
        args.repeats,
        if args.repeats == 1 { "" } else { "es" },
        args.budget,
        batch.games,
        sizes.iter().product::<usize>(),
        time_text(&model),
    );
    text += &match (args.repeats, winners.len()) {
        (1, _) => {
            "one search: --repeats 3 or more says whether its recommendation is stable\n".into()
        }
        (r, 1) => format!("all {r} searches recommend the same setting\n"),
        (r, w) => format!("the {r} searches disagree: {w} different recommendations (not sure)\n"),
    };
    for (i, (w, n)) in winners.iter().enumerate() {
        text += &format!(
            "  {:<40} chosen by {n} of {} searches; validated miss {}\n",
            label(&axes, w),
            args.repeats,
            range(&validated[i + 1])
        );
    }
    text += &format!(
        "the base config: validated miss {}\n\nbest setting: {best_label}\n\
         validated on {} fresh games — the best setting:\n{}",
        range(base_gaps),
        args.validate_games,
        gaps_text(tuned_gaps),
    );
    // The best setting against the base, game by game, on the measures the targets name.
    text += "\nthe best setting − the base, game by game (95% interval):\n";
    let best_vs_base = paired::compare(
        &runs.measures[0],
        &runs.measures[best_i + 1],
        &runs.paired[best_i],
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
    text += &format!(
        "\nthe base config on the same games:\n{}",
        gaps_text(base_gaps)
    );
    if !unreached.is_empty() {
        text += &format!(
            "\nno evaluated setting met: {} (the evaluations' estimates; {} of {} settings evaluated at least once)\n",
            unreached.join("; "),
            {
                let mut s: Vec<&Vec<usize>> = searches.iter().flat_map(|(_, f)| f.evaluated.iter().map(|(p, _)| p)).collect();
                s.sort();
                s.dedup();
                s.len()
            },
            sizes.iter().product::<usize>(),
        );
    }
    let setting_json = |s: &[usize]| -> Value {
        axes.iter()
            .zip(s)
            .map(|((p, v), &i)| (p.clone(), sweep::parse_value(&v[i])))
            .collect::<serde_json::Map<String, Value>>()
            .into()
    };
    let miss_json = |g: &[Gap]| {
        let (lo, hi) = targets::total_miss_range(g);
        json!({"gaps": g, "total_miss": targets::total_miss(g), "total_miss_range": [lo, hi]})
    };
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "budget": args.budget,
            "repeats": args.repeats,
            "games_per_evaluation": batch.games,
            "best": setting_json(best),
            "model_estimate_of_miss": -searches[0].1.estimate,
            "evaluations": searches[0].1.evaluated.iter().map(|(s, f)| json!({"setting": setting_json(s), "miss": -f})).collect::<Vec<_>>(),
            "searches": searches.iter().map(|(seed, f)| json!({
                "seed": seed,
                "best": setting_json(&f.best),
                "model_estimate_of_miss": -f.estimate,
                "evaluations": f.evaluated.iter().map(|(s, x)| json!({"setting": setting_json(s), "miss": -x})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "recommendations": winners.iter().enumerate().map(|(i, (w, n))| json!({
                "setting": setting_json(w),
                "chosen_by": n,
                "validation": miss_json(&validated[i + 1]),
                "differences_from_base": runs.paired[i],
            })).collect::<Vec<_>>(),
            "unreached_targets": unreached,
            "validation": {
                "games": args.validate_games,
                "best": miss_json(tuned_gaps),
                "base": miss_json(base_gaps),
            },
        }),
    );
    Ok(())
}


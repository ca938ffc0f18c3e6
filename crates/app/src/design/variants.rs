//! `silk compare GAME --variant`: the base config and each variant on the same games, every
//! measure with its interval and each variant's paired difference from the base.

use super::*;

/// What `silk compare GAME` is given besides the batch.
pub struct VariantArgs<'a> {
    /// `NAME=CONFIG` each.
    pub variants: &'a [String],
    pub players: Option<usize>,
    /// The data flags, for a variant given as a config file.
    pub data: &'a DataFiles<'a>,
    /// Every engine metric in the text table too.
    pub all: bool,
    /// Per-player measures to compare as winners versus others (`--winners`).
    pub winners: &'a [String],
    pub html: Option<&'a Path>,
    /// Replace an existing report at `html`.
    pub force: bool,
    /// A targets file: its measures first, and the report opens on the verdicts.
    pub targets: Option<&'a Path>,
}

/// `silk compare GAME --variant NAME=CONFIG …`: the base config and each variant on the same
/// seeds, each measure with its interval and each variant's difference from the base.
pub fn compare_variants<G: CliGame + Observe>(
    base: &G::Config,
    args: &VariantArgs,
    batch: &Batch,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    let VariantArgs {
        variants,
        players,
        data,
        all,
        winners,
        html,
        force,
        targets,
    } = *args;
    let winners =
        silk_lab::check_asked(G::NAME, winners, G::PLAYER_MEASURES).map_err(CliError::input)?;
    let targets = match targets {
        Some(path) => Some(targets_for::<G>(path)?.0),
        None => None,
    };
    let targeted: Vec<String> = targets
        .as_ref()
        .map(|t| t.targets.iter().map(|t| t.measure.clone()).collect())
        .unwrap_or_default();
    if let Some(path) = html {
        lab::check_html(path, force)?;
    }
    let configs = variant_configs::<G>(base, variants, players, data)?;
    let runs = measure_paired::<G>(&configs, batch, &TimeSpec::default(), &winners, out)?;
    let cmp = Comparison::new(&configs, &runs, &targeted, all);
    let mut text = cmp.heading(G::NAME, batch);
    let (table, rows_json) = cmp.table();
    text += &table;
    let (notes, tables) = cmp.notes();
    text += &notes;
    if let Some(path) = html {
        let targets = targets.as_ref().map(|t| t.targets.as_slice());
        write_html::<G>(path, &configs, &runs, &cmp.compared, targets)?;
    }
    out.doc(
        &text,
        &json!({
            "game": G::NAME,
            "games": batch.games,
            "seed": batch.seed,
            "bots": runs.spec.bots,
            "variants": configs.iter().zip(&runs.summaries).map(|((n, c), (_, s))| json!({"name": n, "config": c, "forfeits": s.forfeits, "decided": s.games, "stalls": s.round_cap})).collect::<Vec<_>>(),
            "measures": rows_json,
            "comparisons": tables,
        }),
    );
    Ok(())
}

/// The runs of the base and its variants, compared, for the report.
struct Comparison<'a, C> {
    configs: &'a [(String, C)],
    runs: &'a PairedRuns,
    /// Each variant's paired comparison with the base, measure by measure.
    compared: Vec<BTreeMap<String, Compared>>,
    /// Every measure in report order, with its group.
    names: Vec<(silk_lab::MetricGroup, String)>,
    /// Every engine metric in the text table too.
    all: bool,
}

impl<'a, C> Comparison<'a, C> {
    /// Compares each variant with the base and puts the measures in report order: the
    /// targets' measures, then length, balance, VP sources, mechanics.
    fn new(
        configs: &'a [(String, C)],
        runs: &'a PairedRuns,
        targeted: &[String],
        all: bool,
    ) -> Self {
        let mut n: Vec<String> = runs
            .measures
            .iter()
            .flat_map(|m| m.keys().cloned())
            .collect();
        n.sort();
        n.dedup();
        let base_m = &runs.measures[0];
        let compared = runs
            .measures
            .iter()
            .skip(1)
            .zip(&runs.paired)
            .map(|(m, p)| paired::compare(base_m, m, p))
            .collect();
        Comparison {
            configs,
            runs,
            compared,
            names: silk_lab::ordered_metrics(&n, targeted),
            all,
        }
    }

    /// The text before the table: the batch, the forfeits and the headline (stall share and
    /// the decided games' length).
    fn heading(&self, game: &str, batch: &Batch) -> String {
        let runs = self.runs;
        let mut text = format!(
            "{}: {} games per variant on the same seeds (from seed {}), bots {}{}\n\
             value [95% interval]; differences are variant − base taken game by game, * where the \
             interval excludes 0, † where it also survives the false-discovery control\n\n",
            game,
            batch.games,
            batch.seed,
            runs.spec.bots.join(","),
            if runs.spec.rotate { " rotating" } else { "" }
        );
        // Games a player outside silk forfeited are in no figure but share.forfeit: said first.
        for ((name, _), (_, summary)) in self.configs.iter().zip(&runs.summaries) {
            for line in summary.forfeit_text().lines() {
                text += &format!("{name}: {line}\n");
            }
        }
        if runs.summaries.iter().any(|(_, s)| !s.forfeits.is_empty()) {
            text += "\n";
        }
        // Stalls are no wins: the stall share and the decided games' length come first.
        let named: Vec<(String, &BTreeMap<String, Measured>)> = self
            .configs
            .iter()
            .map(|(n, _)| n.clone())
            .zip(&runs.measures)
            .collect();
        if let Some(h) = silk_lab::populations_headline(&named, &self.compared, difference_cell) {
            text += &h;
            text += "\n";
        }
        text
    }

    /// The table (one row per shown measure: each run's value, then each variant's
    /// difference) and every measure's row as JSON.
    fn table(&self) -> (String, Vec<Value>) {
        let configs = self.configs;
        let mut text = format!("{:<38}", "measure");
        for (name, _) in configs {
            text += &format!(" {name:>24}");
        }
        for (name, _) in configs.iter().skip(1) {
            text += &format!(" {:>27}", format!("{name} − base"));
        }
        text += "\n";
        let mut rows_json = Vec::new();
        let mut group = None;
        for (g, name) in &self.names {
            let cells: Vec<Option<&Measured>> =
                self.runs.measures.iter().map(|m| m.get(name)).collect();
            let Some(first) = cells.iter().flatten().next() else {
                continue;
            };
            let diffs: Vec<Option<&Compared>> = self.compared.iter().map(|c| c.get(name)).collect();
            rows_json.push(json!({
                "measure": name,
                "group": g,
                "about": first.about,
                "kind": first.kind,
                "values": configs.iter().zip(&cells).map(|((n, _), c)| json!({"variant": n, "estimate": c})).collect::<Vec<_>>(),
                "differences": configs.iter().skip(1).zip(&diffs).map(|((n, _), d)| json!({"variant": n, "difference": d})).collect::<Vec<_>>(),
            }));
            if !shown(name, self.all) {
                continue;
            }
            if group != Some(*g) {
                text += &format!("-- {} --\n", g.title());
                group = Some(*g);
            }
            text += &format!("{:<38}", format!("{name}{}", unit(first)));
            for c in &cells {
                text += &format!(" {:>24}", c.map_or("—".into(), fmt_ci));
            }
            for d in &diffs {
                text += &format!(
                    " {:>27}",
                    d.map_or("—".into(), |d| difference_cell(first, d))
                );
            }
            text += &fewer_games(configs, &cells, &diffs);
            text += "\n";
        }
        (text, rows_json)
    }

    /// The text after the table (what each shown measure is, each variant's table note, how
    /// the differences are paired) and each variant's note as JSON.
    fn notes(&self) -> (String, Vec<Value>) {
        let all = self.all;
        let mut text = String::from("\nmeasures:\n");
        for (_, name) in self.names.iter().filter(|(_, n)| shown(n, all)) {
            if let Some(m) = self.runs.measures.iter().find_map(|m| m.get(name)) {
                text += &format!("  {name}: {}\n", m.about);
            }
        }
        let mut tables = Vec::new();
        for ((name, _), c) in self.configs.iter().skip(1).zip(&self.compared) {
            let note = paired::TableNote::of(c);
            let hidden_in = if all {
                "only --json and --html show"
            } else {
                "--all adds (or only --json and --html show)"
            };
            text += &format!(
                "\n{name}: {}{}",
                note.text(),
                paired::printed_note(c, |m| shown(m, all), hidden_in)
            );
            let mut row = json!(note);
            row["variant"] = json!(name);
            tables.push(row);
        }
        text += "\n\nDifferences are paired: each variant's game K is the base's game K (same seeds, same \
                 bots in the same seats), and the interval is that of the per-game differences over the \
                 games counted in both (a share: the mean of the 0/1 differences; a ratio: the delta \
                 method on the pairs); \"(N games)\" after a row: the difference is over the N games \
                 counted in both, fewer than a column beside it is over. \"0 in every game\": the measure \
                 is the same in each pair of games (a ratio: one value in every game), so there is \
                 nothing to test. The measures move together, so several \
                 stars from one change are one finding, not several.\n";
        if !all {
            text += "Per-game engine metrics: --all (and in --json, --html).\n";
        }
        (text, tables)
    }
}

/// The comparison's HTML report.
fn write_html<G: CliGame>(
    path: &Path,
    configs: &[(String, G::Config)],
    runs: &PairedRuns,
    compared: &[BTreeMap<String, Compared>],
    targets: Option<&[silk_lab::targets::Target]>,
) -> CliResult<()> {
    let variants: Vec<(String, &BTreeMap<String, Measured>)> = configs
        .iter()
        .map(|(n, _)| n.clone())
        .zip(&runs.measures)
        .collect();
    let settings: Vec<(String, Value)> = configs
        .iter()
        .map(|(n, c)| (n.clone(), serde_json::to_value(c).unwrap_or(Value::Null)))
        .collect();
    lab::write_report(
        path,
        &silk_lab::report::compare_html(
            G::NAME,
            &runs.spec,
            &variants,
            compared,
            &settings,
            targets,
        ),
    )
}

/// The base config and each `--variant NAME=CONFIG`, each name once.
fn variant_configs<G: CliGame>(
    base: &G::Config,
    variants: &[String],
    players: Option<usize>,
    data: &DataFiles,
) -> CliResult<Vec<(String, G::Config)>> {
    let mut named: Vec<(&str, &str)> = Vec::with_capacity(variants.len());
    for v in variants {
        let (name, spec) = v.split_once('=').ok_or_else(|| {
            CliError::input(format!(
                "--variant {v}: write NAME=CONFIG (a config file, or PARAM=VALUE,…)"
            ))
        })?;
        let name = name.trim();
        if name.is_empty() || name == "base" || named.iter().any(|(n, _)| *n == name) {
            return Err(CliError::input(format!(
                "--variant {v}: give each variant its own name (\"base\" is the config without changes)"
            )));
        }
        named.push((name, spec));
    }
    space::with_variants::<G>(base, &named, players, data)
}

/// What a row adds when a paired difference is over fewer games than a column beside it (a
/// measure over the games where something happened, which differ between the runs): `(N
/// games)` after the row, per variant when there are several.
fn fewer_games<C>(
    configs: &[(String, C)],
    cells: &[Option<&Measured>],
    diffs: &[Option<&Compared>],
) -> String {
    let base_n = cells.first().copied().flatten().map_or(0, |m| m.n);
    let fewer: Vec<(&str, u64)> = configs
        .iter()
        .skip(1)
        .zip(cells.iter().skip(1))
        .zip(diffs)
        .filter_map(|(((name, _), m), d)| {
            let d = (*d)?;
            let most = base_n.max(m.map_or(0, |m| m.n));
            (d.paired && d.pairs < most).then_some((name.as_str(), d.pairs))
        })
        .collect();
    match fewer.as_slice() {
        [] => String::new(),
        [(_, n)] if diffs.len() == 1 => format!(" ({n} games)"),
        _ => {
            let each: Vec<String> = fewer
                .iter()
                .map(|(v, n)| format!("{v}: {n} games"))
                .collect();
            format!(" ({})", each.join("; "))
        }
    }
}

//! `silk findings GAME`: a game's findings kept as data (the bundled `data/GAME/findings.json`,
//! or a file of one's own), each re-measured on one batch of paired games and written out as a
//! document that says, finding by finding, whether its stated direction still holds.
//!
//! Every config a findings file names (the base and its variants) is played on the same games
//! by [`measure_paired`], so each figure equals what the finding's own `silk compare` command
//! prints: a base figure is the base column of any comparison on those games, and a variant's
//! paired difference depends only on the base's games and the variant's.

use super::*;
use serde::Deserialize;

/// A findings file: the scale the document is measured at, the variants, the findings.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FindingsFile {
    /// The game's name, as `silk games` lists it.
    pub game: String,
    pub title: String,
    /// Paragraphs opening the document.
    #[serde(default)]
    pub intro: Vec<String>,
    pub scale: Scale,
    /// The second batch, played by a strong bot in every seat: each finding is checked on it
    /// too, and one that flips is marked a bot artefact.
    #[serde(default)]
    pub strong: Option<StrongScale>,
    /// Variants of the base config, each a name and `PARAM=VALUE,…` changes.
    #[serde(default)]
    pub variants: Vec<Variant>,
    pub findings: Vec<Finding>,
    /// Paragraphs closing the document: what the findings cannot tell.
    #[serde(default)]
    pub limits: Vec<String>,
}

/// The document's batch: the games every config plays.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scale {
    pub games: u64,
    pub seed: u64,
    /// The bots, as `--bots` takes them.
    pub bots: String,
    pub players: usize,
}

/// The strong-bot batch: its bots (as `--bots` takes them) and games per config; the seed
/// and players are the scale's.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrongScale {
    pub bots: String,
    pub games: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    pub name: String,
    pub set: String,
}

/// Whether a finding follows from the rules in force or is measured from how the bots play.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Fact {
    Rule,
    Play,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Finding {
    pub id: String,
    pub title: String,
    pub fact: Fact,
    /// The variant whose difference from the base the finding reads, if any.
    #[serde(default)]
    pub variant: Option<String>,
    /// Paragraphs: what the figures mean, and for a rule fact the rule (text or engine code)
    /// it follows from.
    #[serde(default)]
    pub text: Vec<String>,
    /// Figures quoted besides the checked ones.
    #[serde(default)]
    pub quotes: Vec<Figure>,
    /// The stated directions; the finding holds when all of them do.
    pub checks: Vec<Check>,
}

/// Which column of the comparison a figure reads.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Of {
    /// The base config's value.
    #[default]
    Base,
    /// The finding's variant's value.
    Variant,
    /// The finding's variant minus the base, game by game.
    Difference,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figure {
    pub measure: String,
    #[serde(default)]
    pub of: Of,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Above,
    Below,
}

/// A stated direction: a figure above or below a threshold (in the measure's own unit: a share
/// as a fraction, 0.25 for 25 %).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub measure: String,
    #[serde(default)]
    pub of: Of,
    /// Further measures added to the first (shares of one whole); the sum has no interval.
    #[serde(default)]
    pub plus: Vec<String>,
    /// A measure the (summed) figure is divided by: a ratio of per-game means, no interval.
    #[serde(default)]
    pub per: Option<String>,
    pub side: Side,
    pub than: f64,
    /// The whole 95 % interval must lie on that side, not only the estimate.
    #[serde(default)]
    pub interval: bool,
}

/// One figure as measured.
struct Value3 {
    value: f64,
    lo: f64,
    hi: f64,
}

/// A check's outcome.
pub struct Outcome {
    pub holds: bool,
    /// The figure says the opposite: the whole interval (or the estimate, for a check without
    /// one) on the other side of the threshold. Neither this nor `holds`: unclear.
    pub contradicted: bool,
    /// The direction in words, its figure and its population.
    pub stated: String,
    pub measured: String,
}

/// Reads and checks a findings file's text; `source` names it in messages.
pub fn parse(text: &str, source: &str) -> CliResult<FindingsFile> {
    let file: FindingsFile =
        serde_json::from_str(text).map_err(|e| CliError::input(format!("{source}: {e}")))?;
    let bad = |id: &str, why: String| CliError::input(format!("{source}: finding {id}: {why}"));
    let mut ids = std::collections::BTreeSet::new();
    for f in &file.findings {
        if !ids.insert(f.id.as_str()) {
            return Err(bad(&f.id, "two findings have this id".into()));
        }
        if let Some(v) = &f.variant {
            if !file.variants.iter().any(|x| &x.name == v) {
                return Err(bad(&f.id, format!("no variant named {v:?}")));
            }
        }
        if f.checks.is_empty() {
            return Err(bad(&f.id, "states no direction (checks is empty)".into()));
        }
        let ofs = f
            .checks
            .iter()
            .map(|c| c.of)
            .chain(f.quotes.iter().map(|q| q.of));
        for of in ofs {
            if of != Of::Base && f.variant.is_none() {
                return Err(bad(&f.id, "reads a variant but names none".into()));
            }
        }
        for c in &f.checks {
            if c.interval && (!c.plus.is_empty() || c.per.is_some()) {
                return Err(bad(
                    &f.id,
                    format!("{}: a sum or ratio has no interval to check", c.measure),
                ));
            }
            if !c.than.is_finite() {
                return Err(bad(&f.id, format!("{}: than must be a number", c.measure)));
            }
        }
    }
    Ok(file)
}

/// The base and every variant of the file, played on the same games.
fn configs<G: CliGame>(file: &FindingsFile) -> CliResult<Vec<(String, G::Config)>> {
    let data = DataFiles::default();
    let players = Some(file.scale.players);
    let base = G::config(players, &data)?;
    let named: Vec<(&str, &str)> = file
        .variants
        .iter()
        .map(|v| (v.name.as_str(), v.set.as_str()))
        .collect();
    space::with_variants::<G>(&base, &named, players, &data)
}

/// What `silk findings` is given.
pub struct FindingsRun<'a> {
    pub file: FindingsFile,
    /// How to name the file in the document (`data/cities/findings.json`).
    pub source: &'a str,
    /// The command that regenerates the document, as the document quotes it.
    pub command: &'a str,
    pub games: u64,
    /// Games per config of the strong-bot batch (0: no strong-bot column).
    pub strong_games: u64,
    pub seed: u64,
    pub threads: usize,
}

/// Plays the findings' batch and returns the document and each finding's outcomes.
pub fn findings<G: CliGame + Observe>(
    run: &FindingsRun,
    out: &mut Out,
) -> CliResult<(String, Value)>
where
    G::Config: Sync,
{
    let file = &run.file;
    if file.game != G::NAME {
        return Err(CliError::input(format!(
            "{}: the findings are of {}, not {}",
            run.source,
            file.game,
            G::NAME
        )));
    }
    let configs = configs::<G>(file)?;
    let batch = Batch {
        games: run.games,
        bots: file.scale.bots.split(',').map(str::to_string).collect(),
        seed: run.seed,
        threads: run.threads,
        shard: None,
        max_decisions: 100_000,
        check: false,
        no_rotate: false,
        progress: out.progress(),
        io: Default::default(),
    };
    let runs = measure_paired::<G>(&configs, &batch, &TimeSpec::default(), &[], out)?;
    let strong_runs = match &file.strong {
        Some(strong) if run.strong_games > 0 => {
            let batch = Batch {
                games: run.strong_games,
                bots: strong.bots.split(',').map(str::to_string).collect(),
                ..batch
            };
            Some(measure_paired::<G>(
                &configs,
                &batch,
                &TimeSpec::default(),
                &[],
                out,
            )?)
        }
        _ => None,
    };
    let doc = Doc {
        file,
        run,
        runs: &runs,
        configs: &configs,
        strong: strong_runs.as_ref(),
    };
    Ok(doc.render())
}

struct Doc<'a, C> {
    file: &'a FindingsFile,
    run: &'a FindingsRun<'a>,
    runs: &'a PairedRuns,
    configs: &'a [(String, C)],
    /// The same configs played by the strong bot (the strong-bot column), if asked.
    strong: Option<&'a PairedRuns>,
}

impl<'a, C> Doc<'a, C> {
    fn scale_flags(&self) -> String {
        let s = &self.file.scale;
        format!(
            "--games {} --bots {} --players {} --seed {}",
            self.run.games, s.bots, s.players, self.run.seed
        )
    }

    /// The same document read on the strong bot's games.
    fn strong_doc(&self) -> Option<Doc<'a, C>> {
        self.strong.map(|runs| Doc {
            file: self.file,
            run: self.run,
            runs,
            configs: self.configs,
            strong: None,
        })
    }

    /// The strong bots, as `--bots` takes them.
    fn strong_bots(&self) -> &str {
        self.file.strong.as_ref().map_or("", |s| s.bots.as_str())
    }

    /// The comparison that measures every figure: each variant against the base.
    fn batch_command(&self) -> String {
        let mut c = format!("silk compare {} --all", self.file.game);
        for v in &self.file.variants {
            c += &format!(" --variant {}={}", v.name, quoted(&v.set));
        }
        format!("{c} {}", self.scale_flags())
    }

    /// A finding's own command: its variant against the base, or the whole batch (base column).
    fn command(&self, f: &Finding) -> String {
        match f.variant.as_ref().and_then(|n| self.variant(n)) {
            Some(v) => format!(
                "silk compare {} --all --variant {}={} {}",
                self.file.game,
                v.name,
                quoted(&v.set),
                self.scale_flags()
            ),
            None => format!("{}   # the base column", self.batch_command()),
        }
    }

    fn variant(&self, name: &str) -> Option<&Variant> {
        self.file.variants.iter().find(|v| v.name == name)
    }

    /// The index of a finding's variant among the configs (0 is the base).
    fn index(&self, f: &Finding) -> Option<usize> {
        let name = f.variant.as_deref()?;
        self.configs.iter().position(|(n, _)| n == name)
    }

    /// A figure's value and interval, the measure (for its unit) and its population in words.
    fn figure(&self, f: &Finding, name: &str, of: Of) -> Option<(Value3, &Measured, String)> {
        let base = self.runs.measures[0].get(name);
        match of {
            Of::Base => base.map(|m| (three(m), m, population(m, "base"))),
            Of::Variant => {
                let i = self.index(f)?;
                let m = self.runs.measures[i].get(name)?;
                Some((three(m), m, population(m, &self.configs[i].0)))
            }
            Of::Difference => {
                let i = self.index(f)?;
                let d = self.runs.paired[i - 1].get(name)?;
                let m = base.or_else(|| self.runs.measures[i].get(name))?;
                let v = Value3 {
                    value: d.value,
                    lo: d.lo,
                    hi: d.hi,
                };
                let who = format!(
                    "{} − base, game by game over {} matched games",
                    self.configs[i].0, d.pairs
                );
                Some((v, m, who))
            }
        }
    }

    fn label(&self, f: &Finding, name: &str, of: Of) -> String {
        match (of, f.variant.as_deref()) {
            (Of::Base, _) | (_, None) => format!("`{name}`"),
            (Of::Variant, Some(v)) => format!("`{name}` ({v})"),
            (Of::Difference, Some(v)) => format!("`{name}` ({v} − base)"),
        }
    }

    fn check(&self, f: &Finding, c: &Check) -> Outcome {
        let side = match c.side {
            Side::Above => ">",
            Side::Below => "<",
        };
        let mut label = self.label(f, &c.measure, c.of);
        for p in &c.plus {
            label += &format!(" + `{p}`");
        }
        if let Some(p) = &c.per {
            label = format!("{label} / `{p}`");
        }
        let Some((first, m, population)) = self.figure(f, &c.measure, c.of) else {
            return Outcome {
                holds: false,
                contradicted: false,
                stated: format!("{label} {side} {}", c.than),
                measured: format!("not measured (no `{}` in these games)", c.measure),
            };
        };
        let mut value = first.value;
        let mut missing = None;
        for p in &c.plus {
            match self.figure(f, p, c.of) {
                Some((v, _, _)) => value += v.value,
                None => missing = Some(p),
            }
        }
        let ratio = c.per.as_ref().map(|p| self.figure(f, p, c.of));
        if let Some(r) = &ratio {
            match r {
                Some((v, _, _)) => value /= v.value,
                None => missing = c.per.as_ref(),
            }
        }
        // A ratio is a plain number; a figure or a sum keeps the measure's unit.
        let show = |v: f64| {
            if ratio.is_some() {
                format!("{v:.3}")
            } else {
                m.show_unit(v)
            }
        };
        let stated = format!(
            "{label} {side} {}{}",
            show(c.than),
            if c.interval {
                ", the whole 95 % interval"
            } else {
                ""
            }
        );
        if let Some(p) = missing {
            return Outcome {
                holds: false,
                contradicted: false,
                stated,
                measured: format!("not measured (no `{p}` in these games)"),
            };
        }
        let (low, high) = if c.interval {
            (first.lo, first.hi)
        } else {
            (value, value)
        };
        let (holds, contradicted) = match c.side {
            Side::Above => (low > c.than, high <= c.than),
            Side::Below => (high < c.than, low >= c.than),
        };
        let measured = if c.interval || (c.plus.is_empty() && ratio.is_none()) {
            format!(
                "{}{} [{}, {}] ({population})",
                signed(m, first.value, c.of),
                if m.is_share() { "%" } else { "" },
                signed(m, first.lo, c.of),
                signed(m, first.hi, c.of)
            )
        } else {
            format!("{} (estimates; {population})", show(value))
        };
        Outcome {
            holds,
            contradicted,
            stated,
            measured,
        }
    }

    /// The document and its JSON: the preamble, the summary table, a section per finding
    /// (rule facts first), then the limits.
    fn render(&self) -> (String, Value) {
        let file = self.file;
        let strong = self.strong_doc();
        let mut t = self.preamble(strong.is_some());
        let mut results = Vec::new();
        let mut sections = String::new();
        let mut summary = if strong.is_some() {
            String::from(
                "| finding | fact | stated direction holds | with the strong bot |\n|---|---|---|---|\n",
            )
        } else {
            String::from("| finding | fact | stated direction holds |\n|---|---|---|\n")
        };
        for (fact, heading) in [(Fact::Rule, "Rule facts"), (Fact::Play, "Play facts")] {
            let mut any = false;
            for f in file.findings.iter().filter(|f| f.fact == fact) {
                if !any {
                    sections += &format!("## {heading}\n\n");
                    any = true;
                }
                let (row, section, result) = self.finding(f, strong.as_ref());
                summary += &row;
                sections += &section;
                results.push(result);
            }
        }
        t += &summary;
        t += "\n";
        t += &sections;
        if !file.limits.is_empty() {
            t += "## What these findings cannot tell\n\n";
            for p in &file.limits {
                t += &format!("{p}\n\n");
            }
        }
        let all = results.iter().all(|r| r["holds"] == true);
        let value = json!({
            "game": file.game,
            "games": self.run.games,
            "seed": self.run.seed,
            "all_hold": all,
            "strong_bots": strong.as_ref().map(|_| self.strong_bots()),
            "strong_games": strong.as_ref().map(|_| self.run.strong_games),
            "findings": results,
        });
        (t.trim_end().to_string() + "\n", value)
    }

    /// The document's opening: the title, what the document is, the intro, the batch and,
    /// with a strong-bot column, what that column is.
    fn preamble(&self, strong: bool) -> String {
        let file = self.file;
        let mut t = format!(
            "<!-- Generated by `{}`; edit {}, not this file. -->\n\n# {}\n\n",
            self.run.command, self.run.source, file.title
        );
        t += &format!(
            "This document is generated. `{}` plays every finding's games again and rewrites it; \
             the findings, their commands and their stated directions are kept in `{}`. A \
             **rule fact** follows from the rules in force whatever the players do (the games \
             only show it at work); a **play fact** is measured from the bots' games and holds \
             for those bots only. Each finding states a direction that is checked on every \
             run, here and by the test suite at a small scale, so a change of bot or rule that \
             reverses one cannot pass unseen.\n\n",
            self.run.command, self.run.source
        );
        for p in &file.intro {
            t += &format!("{p}\n\n");
        }
        t += &format!(
            "Every figure comes from one batch: {} games for each config, seed {}, bots `{}`, {} \
             players, every config on the same games. A share's interval is the 95 % Wilson \
             interval, a mean's ±1.96 standard errors, a ratio's the delta method; a \
             difference is the variant minus the base taken game by game, with its paired \
             95 % interval. Each figure says what it is over (all games, or the decided \
             games: a game stalled at the round cap is no win). The batch:\n\n```sh\n{}\n```\n\n",
            self.run.games,
            self.run.seed,
            file.scale.bots,
            file.scale.players,
            self.batch_command()
        );
        if strong {
            t += &format!(
                "**The strong-bot column.** Every finding is checked again on a second batch \
                 played by `{}` in every seat ({} games for each config, the same seed and \
                 configs; [bots.md](bots.md) says what it is and how it fares against the \
                 heuristics). Each check is read from its interval: a play fact that holds for \
                 the greedy bot while the strong bot's figure says the opposite (its whole \
                 interval on the other side) is marked **flips: a bot artefact**: it says how \
                 the greedy bot plays, not what the design does; one whose strong-bot interval \
                 spans the threshold is **unclear** (more games, or stronger bots, would tell: \
                 `silk stalls {} --skill` reads the round-cap share at rising skill). The \
                 strong batch alone is `{}`.\n\n",
                self.strong_bots(),
                self.run.strong_games,
                self.file.game,
                self.batch_command().replace(
                    &format!("--games {} --bots {}", self.run.games, self.file.scale.bots),
                    &format!(
                        "--games {} --bots {}",
                        self.run.strong_games,
                        self.strong_bots()
                    )
                )
            );
        }
        t
    }

    /// One finding, checked here and on the strong bot's games (if any): its summary row,
    /// its section and its JSON.
    fn finding(&self, f: &Finding, strong: Option<&Self>) -> (String, String, Value) {
        let outcomes: Vec<Outcome> = f.checks.iter().map(|c| self.check(f, c)).collect();
        let holds = outcomes.iter().all(|o| o.holds);
        let verdict = if holds { "holds" } else { "**does not hold**" };
        let strong_outcomes: Option<Vec<Outcome>> =
            strong.map(|d| f.checks.iter().map(|c| d.check(f, c)).collect());
        let strong_holds = strong_outcomes.as_ref().map(|o| o.iter().all(|o| o.holds));
        // Labelled by the evidence (issue 46): a flip needs a figure that says the opposite;
        // an interval across the threshold is unclear, not a flip.
        let strong_flips = strong_outcomes
            .as_ref()
            .is_some_and(|o| o.iter().any(|o| o.contradicted));
        let strong_verdict = match strong_holds {
            Some(true) => "holds".to_string(),
            Some(false) if holds && strong_flips => "**flips: a bot artefact**".to_string(),
            Some(false) if holds => "unclear: the interval spans the threshold".to_string(),
            Some(false) => "**does not hold**".to_string(),
            None => String::new(),
        };
        let row = format!(
            "| [{}](#{}) | {} | {verdict} |{}\n",
            f.title,
            f.id,
            fact_name(f.fact),
            if strong.is_some() {
                format!(" {strong_verdict} |")
            } else {
                String::new()
            }
        );
        let mut s = format!(
            "<a id=\"{}\"></a>\n### {} ({} fact)\n\n",
            f.id,
            f.title,
            fact_name(f.fact)
        );
        for p in &f.text {
            s += &format!("{p}\n\n");
        }
        s += &format!("```sh\n{}\n```\n\n", self.command(f));
        s += &self.figures(f);
        s += "\nStated direction";
        s += if outcomes.len() > 1 {
            "s:\n\n"
        } else {
            ":\n\n"
        };
        s += &outcome_list(&outcomes);
        if let Some(so) = &strong_outcomes {
            s += &format!(
                "\nWith the strong bot (`{}` in every seat, {} games per config): **{}**\n\n",
                self.strong_bots(),
                self.run.strong_games,
                strong_verdict.trim_matches('*')
            );
            s += &outcome_list(so);
        }
        s += "\n";
        let result = json!({
            "id": f.id,
            "title": f.title,
            "fact": f.fact,
            "holds": holds,
            "checks": outcomes_json(&outcomes),
            "strong": strong_outcomes.as_ref().map(|so| json!({
                "holds": strong_holds,
                "bot_artefact": holds && strong_holds == Some(false) && strong_flips,
                "unclear": holds && strong_holds == Some(false) && !strong_flips,
                "checks": outcomes_json(so),
            })),
        });
        (row, s, result)
    }

    /// A finding's table of figures: every measure its checks and quotes read, once each.
    fn figures(&self, f: &Finding) -> String {
        let quoted = f
            .checks
            .iter()
            .flat_map(|c| {
                std::iter::once((c.measure.as_str(), c.of))
                    .chain(c.plus.iter().map(|p| (p.as_str(), c.of)))
                    .chain(c.per.iter().map(|p| (p.as_str(), c.of)))
            })
            .chain(f.quotes.iter().map(|q| (q.measure.as_str(), q.of)));
        let mut t = String::from("| figure | value [95 % interval] | over |\n|---|---|---|\n");
        let mut seen = Vec::new();
        for (name, of) in quoted {
            if seen.contains(&(name, of)) {
                continue;
            }
            seen.push((name, of));
            let (value, over) = match self.figure(f, name, of) {
                Some((v, m, who)) => (
                    format!(
                        "{} [{}, {}]{}",
                        signed(m, v.value, of),
                        signed(m, v.lo, of),
                        signed(m, v.hi, of),
                        if m.is_share() { " %" } else { "" }
                    ),
                    format!("{}; {who}", m.about),
                ),
                None => ("—".into(), "not measured in these games".into()),
            };
            t += &format!("| {} | {value} | {over} |\n", self.label(f, name, of));
        }
        t
    }
}

/// The checks' outcomes as a markdown list, each with its verdict.
fn outcome_list(outcomes: &[Outcome]) -> String {
    outcomes
        .iter()
        .map(|o| {
            format!(
                "- {} — measured {}: **{}**\n",
                o.stated,
                o.measured,
                if o.holds {
                    "holds"
                } else if o.contradicted {
                    "does not hold"
                } else {
                    "unclear"
                }
            )
        })
        .collect()
}

/// The checks' outcomes as JSON.
fn outcomes_json(outcomes: &[Outcome]) -> Vec<Value> {
    outcomes
        .iter()
        .map(|o| {
            json!({"stated": o.stated, "measured": o.measured, "holds": o.holds,
                   "contradicted": o.contradicted})
        })
        .collect()
}

fn fact_name(fact: Fact) -> &'static str {
    match fact {
        Fact::Rule => "rule",
        Fact::Play => "play",
    }
}

/// A figure as shown; a difference with its sign.
fn signed(m: &Measured, v: f64, of: Of) -> String {
    let shown = m.show(v);
    if of == Of::Difference && !shown.starts_with('-') {
        format!("+{shown}")
    } else {
        shown
    }
}

fn three(m: &Measured) -> Value3 {
    Value3 {
        value: m.value,
        lo: m.lo,
        hi: m.hi,
    }
}

fn population(m: &Measured, config: &str) -> String {
    format!("{config}, {} games", m.n)
}

/// A shell word: quoted when it holds anything a shell would read.
fn quoted(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "_=.,-/".contains(c))
    {
        s.to_string()
    } else {
        format!("'{s}'")
    }
}

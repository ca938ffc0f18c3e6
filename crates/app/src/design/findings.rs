//! `silk findings GAME`: a game's findings kept as data (the bundled `data/GAME/findings.json`,
//! or a file of one's own), each re-measured on one batch of paired games and written out as a
//! document that says, finding by finding, whether its stated direction still holds.
//!
//! Every config a findings file names (the base and its variants) is played on the same games
//! by [`measure_paired`], so each figure equals what the finding's own `silk compare` command
//! prints: a base figure is the base column of any comparison on those games, and a variant's
//! paired difference depends only on the base's games and the variant's.

use super::*;

mod file;
mod skill;

pub use file::*;

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
    /// Games per config of each skill level that plays its own batch (`None`: the file's;
    /// 0: no skill curve).
    pub skill_games: Option<u64>,
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
            let batch = other_bots(&batch, run.strong_games, &strong.bots);
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
        skill: None,
    };
    let own_runs = skill_runs::<G>(run, &configs, &batch, out)?;
    let curve = own_runs.as_ref().map(|levels| doc.curve(levels));
    Ok(Doc {
        skill: curve.as_ref(),
        ..doc
    }
    .render())
}

/// The batches of the skill levels that are neither the document's bots nor the strong ones,
/// in the file's order (`None` at a level that reuses a batch); `None` without a curve.
fn skill_runs<G: CliGame + Observe>(
    run: &FindingsRun,
    configs: &[(String, G::Config)],
    batch: &Batch,
    out: &mut Out,
) -> CliResult<Option<Vec<Option<PairedRuns>>>>
where
    G::Config: Sync,
{
    let file = &run.file;
    let Some(skill) = file.skill.as_ref().filter(|_| run.skill_games != Some(0)) else {
        return Ok(None);
    };
    let strong = file.strong.as_ref().filter(|_| run.strong_games > 0);
    let mut levels = Vec::new();
    for level in &skill.levels {
        if level.bots == file.scale.bots || strong.is_some_and(|s| s.bots == level.bots) {
            levels.push(None);
            continue;
        }
        let batch = other_bots(batch, level_games(run, skill, level), &level.bots);
        let runs = measure_paired::<G>(configs, &batch, &TimeSpec::default(), &[], out)?;
        levels.push(Some(runs));
    }
    Ok(Some(levels))
}

/// `batch` played by other bots (as `--bots` takes them), `games` per config.
fn other_bots(batch: &Batch, games: u64, bots: &str) -> Batch {
    Batch {
        games,
        bots: bots.split(',').map(str::to_string).collect(),
        ..batch.clone()
    }
}

/// The games per config of a skill level that plays its own batch.
fn level_games(run: &FindingsRun, skill: &SkillScale, level: &SkillLevel) -> u64 {
    run.skill_games
        .unwrap_or_else(|| level.games.unwrap_or(skill.games))
}

struct Doc<'a, C> {
    file: &'a FindingsFile,
    run: &'a FindingsRun<'a>,
    runs: &'a PairedRuns,
    configs: &'a [(String, C)],
    /// The same configs played by the strong bot (the strong-bot column), if asked.
    strong: Option<&'a PairedRuns>,
    /// The skill curve, if asked.
    skill: Option<&'a skill::Curve<'a, C>>,
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
        self.strong.map(|runs| self.on(runs))
    }

    /// The same document read on other games of the same configs.
    fn on(&self, runs: &'a PairedRuns) -> Doc<'a, C> {
        Doc {
            file: self.file,
            run: self.run,
            runs,
            configs: self.configs,
            strong: None,
            skill: None,
        }
    }

    /// The skill curve over the file's levels: `own` holds the batches of the levels that
    /// play their own ([`skill_runs`]).
    fn curve(&self, own: &'a [Option<PairedRuns>]) -> skill::Curve<'a, C> {
        let file = self.file;
        let mut levels = Vec::new();
        let mut mine = 0;
        let skill = file
            .skill
            .as_ref()
            .expect("a curve is asked of a file with one");
        for (level, runs) in skill.levels.iter().zip(own) {
            let (doc, games) = match runs {
                Some(runs) => (self.on(runs), level_games(self.run, skill, level)),
                None if level.bots == file.scale.bots => {
                    mine = levels.len();
                    (self.on(self.runs), self.run.games)
                }
                None => (
                    self.strong_doc().expect("a reused strong batch"),
                    self.run.strong_games,
                ),
            };
            levels.push(skill::Level {
                bots: level.bots.clone(),
                games,
                doc,
            });
        }
        skill::Curve { levels, own: mine }
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
        if let Some(curve) = self.skill {
            t += &curve.preamble();
        }
        let mut results = Vec::new();
        let mut sections = String::new();
        let mut summary = String::from("| finding | fact | stated direction holds |");
        let mut rule = String::from("|---|---|---|");
        for (on, column) in [
            (strong.is_some(), " with the strong bot |"),
            (self.skill.is_some(), " over the skill curve |"),
        ] {
            if on {
                summary += column;
                rule += "---|";
            }
        }
        summary += &format!("\n{rule}\n");
        for (fact, heading) in [(Fact::Rule, "Rule facts"), (Fact::Play, "Play facts")] {
            let mut any = false;
            for f in file.findings.iter().filter(|f| f.fact == fact) {
                if !any {
                    sections += &format!("## {heading}\n\n");
                    any = true;
                }
                let (mut row, mut section, mut result) = self.finding(f, strong.as_ref());
                if let Some(curve) = self.skill {
                    let (label, text, value) = curve.section(f);
                    row = format!("{} {} |\n", row.trim_end(), label.text());
                    section = format!("{}\n{text}\n", section.trim_end());
                    result["skill"] = value;
                }
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
            "skill_levels": self.skill.map(|c| c.levels.iter().map(|l| json!({
                "bots": l.bots,
                "games": l.games,
            })).collect::<Vec<_>>()),
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

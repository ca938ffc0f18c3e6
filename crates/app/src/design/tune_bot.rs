//! `silk tune GAME --bot STYLE`: the same NTBEA searches as a design's tune, over a heuristic's
//! weights instead of the rules' parameters, maximising the bot's share of games won against a
//! field of bots (the ladder's pairings, [`crate::skill`]). The recommendations and the bot as
//! given are then validated on the same fresh games, the gain taken game by game.

use super::tune::{check_args, ntbea_searches, Evaluated, Search, TuneArgs};
use super::*;
use crate::skill::{self, SubjectArgs, SubjectResult};

/// `silk tune --bot`: what is searched and against whom.
pub struct BotTune<'a> {
    /// The bot whose weights are searched, as given (`greedy-aggressive`).
    pub bot: &'a str,
    pub field: &'a [String],
}

/// A setting as a bot name: the bot with each weight of the setting changed, in place where the
/// bot's name already changes it (`greedy+attack=1` searched over `attack` reads
/// `greedy+attack=1.8`), so a guessed style's weights can be searched from its own name.
fn bot_name(bot: &str, axes: &[(String, Vec<String>)], setting: &[usize]) -> String {
    axes.iter()
        .zip(setting)
        .fold(bot.to_string(), |name, ((w, values), &i)| {
            silk_bots::tweaks::set_weight(&name, w, &values[i])
        })
}

/// Searches the bot's weights, validates the recommendations against the bot as given and
/// reports both.
pub fn tune_bot<G: CliGame + Observe>(
    config: &G::Config,
    what: &BotTune,
    args: &TuneArgs,
    batch: &Batch,
    out: &mut Out,
) -> CliResult<()>
where
    G::Config: Sync,
{
    check_args(args)?;
    let axes: Vec<(String, Vec<String>)> = args.params.to_vec();
    check_bots::<G>(what, &axes)?;
    let searches = search::<G>(config, what, &axes, args, batch)?;
    let mut winners: Vec<(Vec<usize>, usize)> = Vec::new();
    for (_, f) in &searches {
        match winners.iter_mut().find(|(w, _)| *w == f.best) {
            Some((_, n)) => *n += 1,
            None => winners.push((f.best.clone(), 1)),
        }
    }
    // Validation: the bot as given and each recommendation on the same fresh games.
    let seed = batch.seed ^ 0x5EED_F7A1_1DA7_E000;
    let games = subject_args(what, batch, args.validate_games, seed);
    let (base, validated) =
        validate::<G>(config, what, &axes, &winners, &games, batch.progress, out)?;
    let gains = validated
        .iter()
        .map(|r| skill::paired_gain(&base, r))
        .collect();
    let tuned = Tuned {
        game: G::NAME,
        what,
        args,
        axes: &axes,
        games: batch.games,
        searches,
        winners,
        seed,
        base,
        validated,
        gains,
    };
    out.doc(&tuned.text(), &tuned.json());
    Ok(())
}

/// Fails before the long run unless every value makes a bot of this game and the field is
/// made of bots.
fn check_bots<G: CliGame>(what: &BotTune, axes: &[(String, Vec<String>)]) -> CliResult<()> {
    for (d, (w, values)) in axes.iter().enumerate() {
        if values.is_empty() {
            return Err(CliError::input(format!(
                "--param {w}: give at least one value with --values"
            )));
        }
        for (i, value) in values.iter().enumerate() {
            let mut setting = vec![0; axes.len()];
            setting[d] = i;
            let name = bot_name(what.bot, axes, &setting);
            crate::seats::bot_factory::<G>(0, &name, 0).map_err(|e| {
                CliError::input(format!(
                    "--bot {} --param {w} --values {value}: {e}",
                    what.bot
                ))
            })?;
        }
    }
    crate::seats::bots_for(what.field, what.field.len())?;
    Ok(())
}

/// How the subject plays against the field: `games` per field bot from `seed`.
fn subject_args(what: &BotTune, batch: &Batch, games: u64, seed: u64) -> SubjectArgs {
    SubjectArgs {
        field: what.field.to_vec(),
        games,
        seed,
        threads: batch.threads,
        max_decisions: batch.max_decisions,
        progress: false,
    }
}

/// The NTBEA searches, each setting scored by the share the bot so weighted wins.
fn search<G: CliGame + Observe>(
    config: &G::Config,
    what: &BotTune,
    axes: &[(String, Vec<String>)],
    args: &TuneArgs,
    batch: &Batch,
) -> CliResult<Vec<Search>>
where
    G::Config: Sync,
{
    let hidden = indicatif::ProgressBar::hidden();
    let quiet = Batch {
        progress: false,
        ..batch.clone()
    };
    let sizes: Vec<usize> = axes.iter().map(|(_, v)| v.len()).collect();
    let mut best = 0.0f64;
    ntbea_searches(
        &sizes,
        (args.budget, args.repeats, args.explore),
        batch,
        &quiet,
        &mut |_, setting, eval, bar| {
            let name = bot_name(what.bot, axes, setting);
            let subject = subject_args(what, batch, eval.games, eval.seed);
            let r = skill::play_subject::<G>(config, &name, &subject, &hidden)?;
            best = best.max(r.all.share);
            bar.set_message(format!("best share so far {:.1}%", 100.0 * best));
            Ok(Evaluated::Go(r.all.share))
        },
    )
}

/// Plays the bot as given and each recommended setting on the same fresh games (`v`).
fn validate<G: CliGame + Observe>(
    config: &G::Config,
    what: &BotTune,
    axes: &[(String, Vec<String>)],
    winners: &[(Vec<usize>, usize)],
    v: &SubjectArgs,
    progress: bool,
    out: &mut Out,
) -> CliResult<(SubjectResult, Vec<SubjectResult>)>
where
    G::Config: Sync,
{
    out.message(&format!(
        "validating {} recommended setting{} and {} on the same {} fresh games per field bot",
        winners.len(),
        if winners.len() == 1 { "" } else { "s" },
        what.bot,
        v.games
    ));
    let bar = lab::progress_bar(
        (winners.len() as u64 + 1) * v.games * what.field.len() as u64,
        "games",
        progress,
    );
    let base = skill::play_subject::<G>(config, what.bot, v, &bar)?;
    let mut validated: Vec<SubjectResult> = Vec::new();
    for (w, _) in winners {
        validated.push(skill::play_subject::<G>(
            config,
            &bot_name(what.bot, axes, w),
            v,
            &bar,
        )?);
    }
    bar.finish_and_clear();
    Ok((base, validated))
}

/// A bot tune's searches and validation, for its report.
struct Tuned<'a> {
    game: &'static str,
    what: &'a BotTune<'a>,
    args: &'a TuneArgs<'a>,
    axes: &'a [(String, Vec<String>)],
    /// Games per evaluation against each field bot.
    games: u64,
    searches: Vec<Search>,
    /// Each recommended setting and how many searches chose it.
    winners: Vec<(Vec<usize>, usize)>,
    /// The validation's seed.
    seed: u64,
    /// The bot as given, validated.
    base: SubjectResult,
    /// Each recommendation validated, in the winners' order.
    validated: Vec<SubjectResult>,
    /// Each recommendation's gain over the base, game by game: mean, interval, games.
    gains: Vec<(f64, f64, f64, u64)>,
}

impl Tuned<'_> {
    /// The validated recommendation that won the largest share.
    fn best(&self) -> &str {
        let v = &self.validated;
        let best_i = (0..v.len())
            .max_by(|&a, &b| v[a].all.share.total_cmp(&v[b].all.share))
            .unwrap_or(0);
        &v[best_i].subject
    }

    /// The report as text.
    fn text(&self) -> String {
        let (what, args) = (self.what, self.args);
        let share = |r: &SubjectResult| {
            format!(
                "{:.1}% [{:.1}%, {:.1}%] of {} games",
                100.0 * r.all.share,
                100.0 * r.all.lo,
                100.0 * r.all.hi,
                r.all.games
            )
        };
        let mut text = format!(
            "{}: NTBEA over {}'s weights, {} search{} of {} evaluations, each {} games against \
             every bot of the field {} (share of finished games won, a shared first place half)\n",
            self.game,
            what.bot,
            args.repeats,
            if args.repeats == 1 { "" } else { "es" },
            args.budget,
            self.games,
            what.field.join(", ")
        );
        for (w, n) in &self.winners {
            text += &format!(
                "  {:<44} chosen by {n} of {} searches\n",
                label(self.axes, w),
                args.repeats
            );
        }
        text += &format!(
            "\nvalidated on the same {} fresh games per field bot (seed {}):\n  {:<44} {}\n",
            args.validate_games,
            self.seed,
            what.bot,
            share(&self.base)
        );
        for (r, g) in self.validated.iter().zip(&self.gains) {
            let verdict = if g.1 > 0.0 {
                "better"
            } else if g.2 < 0.0 {
                "worse"
            } else {
                "not clear of zero"
            };
            text += &format!(
                "  {:<44} {}; − {}, game by game: {:+.1} points [{:+.1}, {:+.1}] over {} games: {verdict}\n",
                r.subject,
                share(r),
                what.bot,
                100.0 * g.0,
                100.0 * g.1,
                100.0 * g.2,
                g.3
            );
        }
        text += &format!("\nbest: {}\n", self.best());
        text
    }

    /// The report as JSON.
    fn json(&self) -> Value {
        let (what, args, axes) = (self.what, self.args, self.axes);
        let result_json = |r: &SubjectResult| json!({"bot": r.subject, "share": r.all.share, "lo": r.all.lo, "hi": r.all.hi, "games": r.all.games});
        json!({
            "game": self.game,
            "bot": what.bot,
            "field": what.field,
            "budget": args.budget,
            "repeats": args.repeats,
            "games_per_evaluation": self.games,
            "searches": self.searches.iter().map(|(seed, f)| json!({
                "seed": seed,
                "best": bot_name(what.bot, axes, &f.best),
                "model_estimate_of_share": f.estimate,
                "evaluations": f.evaluated.iter().map(|(s, x)| json!({"bot": bot_name(what.bot, axes, s), "share": x})).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "validation": {
                "games": args.validate_games,
                "seed": self.seed,
                "base": result_json(&self.base),
                "recommendations": self.validated.iter().zip(&self.gains).zip(&self.winners).map(|((r, g), (_, n))| json!({
                    "result": result_json(r),
                    "chosen_by": n,
                    "gain": {"mean": g.0, "lo": g.1, "hi": g.2, "games": g.3},
                })).collect::<Vec<_>>(),
            },
            "best": self.best(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::bot_name;

    #[test]
    fn a_searched_weight_the_bot_already_names_is_changed_in_place() {
        let axes = vec![
            (
                "attack".to_string(),
                vec!["1".to_string(), "1.8".to_string()],
            ),
            ("army".to_string(), vec!["3".to_string()]),
        ];
        assert_eq!(
            bot_name("greedy", &axes, &[1, 0]),
            "greedy+attack=1.8+army=3"
        );
        assert_eq!(
            bot_name("greedy-trader+attack=0.8+build=1", &axes, &[1, 0]),
            "greedy-trader+attack=1.8+build=1+army=3"
        );
    }
}

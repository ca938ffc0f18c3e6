//! `silk find`: the games of a run (a run directory, or a new batch) where an expression over
//! each game's figures holds, listed with their key figures and the command that replays them.
//! Expressions are read by the `evalexpr` crate, once they are known to be within its bounds
//! ([`MAX_LEN`], [`MAX_DEPTH`]: its parser recurses, so a deep expression would overflow the
//! stack, and long runs of `!` took it quadratic time), and every name they read is checked
//! against the names the run's games have. `--winners` asks the games found whether their
//! winners did more of a per-player measure than the other seats ([`silk_lab::players`]).

use crate::error::{CliError, CliResult};
use crate::output::Out;
use evalexpr::{
    build_operator_tree, ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node,
    Value,
};
use serde_json::json;
use silk_lab::Winners;
use silk_lab::{GameRecord, LabError, RunSpec};
use std::path::Path;

/// A `--where` expression, parsed once.
pub struct Query {
    text: String,
    tree: Node<DefaultNumericTypes>,
    vars: Vec<String>,
}

/// The longest `--where` expression, in bytes.
pub const MAX_LEN: usize = 4096;
/// The deepest nesting of a `--where` expression: parentheses and prefix operators (`!`,
/// `-`) waiting for their operand, together.
pub const MAX_DEPTH: usize = 64;

/// The names every run's games answer to, besides `score1 … scoreN` and the game's metrics.
const FIXED: [&str; 16] = [
    "index",
    "seed",
    "rounds",
    "decisions",
    "margin",
    "lead_changes",
    "branching",
    "players",
    "winner_seat",
    "winners",
    "winner_bot",
    "first_seat",
    "round_cap",
    "decided",
    "stuck",
    "finished",
];

/// The names an expression may use besides the game's own metrics.
pub const NAMES: &str = "index, seed, rounds, decisions, margin, lead_changes, branching, \
    players, winner_seat (1-based; 0 if none or shared; in a stall, its first place at the cap), \
    winners, winner_bot, first_seat, round_cap (a stall: cut at the rules' round cap, ranked \
    there by score then the rules' tie-break), decided (a winner by the rules' goal), stuck, \
    finished, score1 … scoreN, \
    and every metric the game declares by its name \
    (vp.attacks, cards.level3; 0 in a game that did not count it); any other name is an error";

/// How deeply `text` nests (see [`MAX_DEPTH`]), in one pass: strings are skipped, `!` is a
/// prefix operator unless it begins `!=`, `-` when no operand comes before it.
fn nesting(text: &str) -> usize {
    // Prefix operators pending at each open parenthesis, and since then.
    let mut open: Vec<usize> = Vec::new();
    let (mut pending, mut deepest, mut after_operand) = (0usize, 0usize, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(s) = chars.next() {
                    match s {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
                pending = open.last().copied().unwrap_or(0);
                after_operand = true;
            }
            '(' => {
                open.push(pending);
                after_operand = false;
            }
            ')' => {
                open.pop();
                pending = open.last().copied().unwrap_or(0);
                after_operand = true;
            }
            '!' if chars.peek() != Some(&'=') => {
                pending += 1;
                after_operand = false;
            }
            '-' if !after_operand => {
                pending += 1;
            }
            c if c.is_whitespace() => {}
            c if c.is_alphanumeric() || c == '_' || c == '.' || c == '@' => {
                if !after_operand {
                    pending = open.last().copied().unwrap_or(0);
                }
                after_operand = true;
            }
            _ => after_operand = false,
        }
        deepest = deepest.max(open.len() + pending);
    }
    deepest
}

impl Query {
    pub fn parse(text: &str) -> CliResult<Query> {
        let depth = nesting(text);
        if depth > MAX_DEPTH {
            return Err(CliError::input(format!(
                "--where is nested {depth} deep (parentheses and prefix operators such as !): \
                 at most {MAX_DEPTH}"
            )));
        }
        if text.len() > MAX_LEN {
            return Err(CliError::input(format!(
                "--where is {} bytes long: at most {MAX_LEN}",
                text.len()
            )));
        }
        let tree = build_operator_tree::<DefaultNumericTypes>(text)
            .map_err(|e| CliError::input(format!("--where {text:?}: {e}")))?;
        let mut vars: Vec<String> = tree
            .iter_read_variable_identifiers()
            .map(str::to_string)
            .collect();
        vars.sort();
        vars.dedup();
        Ok(Query {
            text: text.to_string(),
            tree,
            vars,
        })
    }

    /// Checks every name the expression reads: one of [`FIXED`], `scoreK` for a seat of the
    /// table (`players` seats), or a metric the game declares (`metrics`). A typo would read
    /// 0 and match, or miss, every game.
    pub fn check_names(&self, game: &str, players: usize, metrics: &[String]) -> CliResult<()> {
        let known = |v: &str| {
            FIXED.contains(&v)
                || metrics.iter().any(|m| m == v)
                || v.strip_prefix("score")
                    .and_then(|k| k.parse::<usize>().ok())
                    .is_some_and(|k| (1..=players).contains(&k) && v == format!("score{k}"))
        };
        match self.vars.iter().find(|v| !known(v)) {
            None => Ok(()),
            Some(v) => Err(CliError::input(format!(
                "--where: unknown name {v} (names: {}, score1 … score{players}, and the metrics \
                 of {game}: {})",
                FIXED.join(", "),
                metrics.join(", ")
            ))),
        }
    }

    /// Whether game `r` of the run `spec` matches.
    pub fn matches(&self, spec: &RunSpec, r: &GameRecord) -> Result<bool, LabError> {
        let mut ctx = HashMapContext::<DefaultNumericTypes>::new();
        for v in &self.vars {
            ctx.set_value(v.clone(), value_of(v, spec, r))
                .map_err(|e| LabError::Input(format!("--where {:?}: {e}", self.text)))?;
        }
        self.tree.eval_boolean_with_context(&ctx).map_err(|e| {
            LabError::Input(format!(
                "--where {:?}: {e} (a condition such as `rounds >= 40 && winner_seat == 1`)",
                self.text
            ))
        })
    }
}

/// The seat (from 0) of the sole winner of a game that ended normally.
fn sole_winner(r: &GameRecord) -> Option<usize> {
    if !r.finished || r.stuck {
        return None;
    }
    let mut w = r.ranks.iter().enumerate().filter(|(_, &k)| k == 0);
    match (w.next(), w.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// A name's value in game `r`. Counts are whole numbers; metrics are decimals, so that `/`
/// divides exactly (`vp.attacks / vp.total > 0.9`).
fn value_of(name: &str, spec: &RunSpec, r: &GameRecord) -> Value<DefaultNumericTypes> {
    let int = |v: i64| Value::Int(v);
    match name {
        "index" => int(r.index as i64),
        "seed" => int(r.seed as i64),
        "rounds" => int(r.rounds as i64),
        "decisions" => int(r.decisions as i64),
        "margin" => int(r.margin()),
        "lead_changes" => int(r.lead_changes as i64),
        "branching" => Value::Float(r.branching_sum as f64 / r.decisions.max(1) as f64),
        "players" => int(r.ranks.len() as i64),
        "winner_seat" => int(sole_winner(r).map_or(0, |s| s as i64 + 1)),
        "winners" => int(if r.finished && !r.stuck {
            r.ranks.iter().filter(|&&k| k == 0).count() as i64
        } else {
            0
        }),
        "winner_bot" => Value::String(
            sole_winner(r)
                .and_then(|s| spec.bots.get(spec.bot_at(r.index, s)).cloned())
                .unwrap_or_default(),
        ),
        "first_seat" => int(r.first.map_or(0, |f| f as i64 + 1)),
        "round_cap" => Value::Boolean(r.ended_by == Some(silk_core::EndedBy::RoundCap)),
        "decided" => Value::Boolean(silk_lab::decided(r)),
        "stuck" => Value::Boolean(r.stuck),
        "finished" => Value::Boolean(r.finished && !r.stuck),
        _ => match name
            .strip_prefix("score")
            .and_then(|k| k.parse::<usize>().ok())
        {
            Some(k) if k >= 1 => int(r.scores.get(k - 1).copied().unwrap_or(0) as i64),
            _ => Value::Float(r.metrics.get(name) as f64),
        },
    }
}

/// One matching game, as a line and as JSON.
fn report(spec: &RunSpec, r: &GameRecord, dir: Option<&Path>, out: &mut Out) {
    let winner = match sole_winner(r) {
        Some(s) => format!(
            "P{} ({}) wins",
            s + 1,
            spec.bots
                .get(spec.bot_at(r.index, s))
                .map_or("", String::as_str)
        ),
        None if r.stuck => "stuck, no winner".into(),
        None if !r.finished => "unfinished".into(),
        None => "shared win".into(),
    };
    // A stall's first place reached no goal of the rules: labelled, never called a win.
    let winner = match r.ended_by {
        Some(by) if r.finished && !r.stuck => {
            let first = winner
                .strip_suffix(" wins")
                .unwrap_or("a shared first place");
            format!("{}: {first} first", by.label())
        }
        _ => winner,
    };
    let replay = dir.map(|d| format!("silk replay {} --game {}", d.display(), r.index));
    out.line(
        &format!(
            "game {}: {winner}, scores {:?}, {} rounds, {} decisions{}",
            r.index,
            r.scores,
            r.rounds,
            r.decisions,
            replay.as_ref().map_or(String::new(), |c| format!(" — {c}"))
        ),
        json!({"type": "match", "index": r.index, "seed": r.seed, "scores": r.scores,
               "ranks": r.ranks, "rounds": r.rounds, "decisions": r.decisions,
               "stuck": r.stuck, "ended_by": r.ended_by, "finished": r.finished,
               "replay": replay}),
    );
}

/// What `silk find` asks of each game: a condition (`--where`; none: every game), and the
/// per-player measures whose winners-versus-others figure to give over the games that meet it.
pub struct Ask<'a> {
    pub condition: Option<&'a str>,
    pub winners: &'a [String],
}

impl Ask<'_> {
    /// The condition to check each game against (every game without `--where`).
    pub fn query(&self) -> CliResult<Query> {
        Query::parse(self.condition.unwrap_or("true"))
    }
}

/// Tallies matches and prints the first `limit` of them.
pub struct Finder<'a> {
    pub query: Query,
    pub limit: u64,
    pub dir: Option<&'a Path>,
    pub matched: u64,
    pub games: u64,
    /// Winners versus others over the matching games (`--winners`).
    pub winners: Option<Winners>,
    /// No condition was given: every game counts, none is listed.
    pub every: bool,
}

impl<'a> Finder<'a> {
    /// A finder of the games of game `G` that meet `ask`, listing the first `limit` (none
    /// without a condition: then every game counts, for `--winners`).
    pub fn new<G: silk_core::Observe>(
        ask: &Ask,
        query: Query,
        limit: u64,
        dir: Option<&'a Path>,
    ) -> CliResult<Finder<'a>> {
        let winners = if ask.winners.is_empty() {
            None
        } else {
            let asked = silk_lab::check_asked(G::NAME, ask.winners, G::PLAYER_MEASURES)
                .map_err(CliError::input)?;
            Some(Winners::new(&asked))
        };
        Ok(Finder {
            query,
            limit: if ask.condition.is_some() { limit } else { 0 },
            dir,
            matched: 0,
            games: 0,
            winners,
            every: ask.condition.is_none(),
        })
    }

    /// Counts game `r`, lists it if it matches and the limit allows: whether it was listed.
    pub fn each(
        &mut self,
        spec: &RunSpec,
        r: &GameRecord,
        out: &mut Out,
    ) -> Result<bool, LabError> {
        self.games += 1;
        if self.query.matches(spec, r)? {
            self.matched += 1;
            if let Some(w) = &mut self.winners {
                w.add(r);
            }
            if self.matched <= self.limit {
                report(spec, r, self.dir, out);
                return Ok(true);
            }
        }
        Ok(false)
    }

    pub fn finish(&self, out: &mut Out) {
        if let Some(w) = &self.winners {
            self.winners_lines(w, out);
        }
        if self.every {
            out.line(
                &format!("{} games, every one counted (no --where)", self.games),
                json!({"type": "found", "matched": self.matched, "games": self.games,
                       "where": null}),
            );
            return;
        }
        let more = self.matched.saturating_sub(self.limit);
        out.line(
            &format!(
                "{} of {} games match `{}`{}{}",
                self.matched,
                self.games,
                self.query.text,
                if more > 0 {
                    format!(" ({more} more not listed: --limit)")
                } else {
                    String::new()
                },
                if self.dir.is_none() && self.matched > 0 {
                    " — add --out DIR to replay them with silk replay DIR --game K"
                } else {
                    ""
                }
            ),
            json!({"type": "found", "matched": self.matched, "games": self.games,
                   "where": self.query.text}),
        );
    }

    /// Each `--winners` figure over the matching games: one line (and a `winners` record).
    fn winners_lines(&self, w: &Winners, out: &mut Out) {
        let figures = w.finish();
        // Many figures star some by chance alone: the note (and daggers) a comparison has.
        let tests: Vec<(bool, Option<f64>)> = figures.iter().map(|f| (f.clear(), f.p)).collect();
        let kept = silk_lab::paired::fdr_kept(&tests);
        for (f, kept) in figures.iter().zip(&kept) {
            let d = &f.difference;
            let text = if d.n == 0 {
                format!(
                    "winners − others, {}: no game of the {} found is decided with another seat",
                    f.measure, self.matched
                )
            } else {
                let signed = |v: f64| match d.show(v) {
                    t if v >= 0.0 && t != "—" => format!("+{t}"),
                    t => t,
                };
                format!(
                    "winners − others, {}: {} [{}, {}] per game{} (winners {:.2}, others {:.2}), \
                     over {} of the {} games found (decided, with another seat; stalls left out)",
                    f.measure,
                    signed(d.value),
                    signed(d.lo),
                    signed(d.hi),
                    match (f.clear(), kept) {
                        (true, true) => " *†",
                        (true, false) => " *",
                        _ => "",
                    },
                    f.winners_mean,
                    f.others_mean,
                    d.n,
                    self.matched
                )
            };
            out.line(
                &text,
                json!({"type": "winners", "measure": f.measure, "value": d.value, "lo": d.lo,
                       "hi": d.hi, "clear": f.clear(), "p": f.p, "fdr_kept": kept, "games": d.n,
                       "winners_mean": f.winners_mean, "others_mean": f.others_mean,
                       "matched": self.matched, "about": d.about}),
            );
        }
        let note = silk_lab::paired::TableNote::of_tests(&tests);
        let mut json = json!(note);
        json["type"] = json!("winners_note");
        out.line(&format!("winners − others: {}", note.text()), json);
    }
}

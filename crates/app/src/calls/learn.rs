//! `silk learn`: a value of a seat's standing learned from bot games, for the strong bot's
//! search to rank the seats where it cuts a playout short (silk_bots::learn).

use super::Data;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::lab;
use crate::output::Out;
use serde::Deserialize;
use silk_bots::learn::{check, fit, play_and_sample, split, Samples};
use silk_core::value::{FeatureWeight, HeldOut, ValueFile};
use silk_core::{Features, LearnedValue};
use std::path::PathBuf;

/// A value learned from bot games of one game.
#[derive(Clone, Debug, Deserialize)]
pub struct Learn {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// Bots, comma-separated: one name for every seat, or several that take the seats in turn
    /// (greedy,strong on four seats: greedy, strong, greedy, strong), moved round the table
    /// from game to game.
    #[serde(default = "greedy")]
    pub bots: Vec<String>,
    /// How many games to learn from (every fifth is held out to check the value).
    #[serde(default = "learn_games")]
    pub games: u64,
    /// Number of players (default: the game's default).
    #[serde(default)]
    pub players: Option<usize>,
    /// The run seed: game K is set up and played from this seed and K (as in `silk simulate`).
    #[serde(default = "super::default::one")]
    pub seed: u64,
    /// Keep the seats' features at every Nth decision.
    #[serde(default = "every")]
    pub every: u64,
    /// Keep at most this many decisions, chosen evenly from all games (memory stays bounded).
    #[serde(default = "super::default::hundred_thousand")]
    pub max_samples: u64,
    /// A game still running after this many decisions is cut short and left out.
    #[serde(default = "super::default::hundred_thousand")]
    pub max_decisions: u64,
    /// Write the value file here (an existing file is refused without --force). The bundled
    /// one is data/GAME/value.json.
    #[serde(default)]
    pub out: Option<PathBuf>,
    /// With --out: replace the file if it exists.
    #[serde(default)]
    pub force: bool,
    #[serde(default)]
    pub data: Data,
}

fn greedy() -> Vec<String> {
    vec!["greedy".into()]
}

fn learn_games() -> u64 {
    2000
}

fn every() -> u64 {
    10
}

impl Learn {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        // The command line's bounds, for callers that build the request themselves.
        let bounds = [
            ("games", self.games, 5, u64::MAX),
            ("every", self.every, 1, u64::MAX),
            ("max samples", self.max_samples, 1, 10_000_000),
            ("max decisions", self.max_decisions, 1, u64::MAX),
        ];
        for (name, v, lo, hi) in bounds {
            if v < lo {
                return Err(CliError::input(format!("{name}: {v} is under {lo}")));
            }
            if v > hi {
                return Err(CliError::input(format!("{name}: {v} is over {hi}")));
            }
        }
        if let Some(path) = &self.out {
            silk_lab::check_new(path, self.force)?;
        }
        let game = self.game;
        with_game!(game, G => {
            let cfg = G::config(self.players, &self.data.files()?)?;
            learn::<G>(&cfg, &self, out)
        })
    }
}

/// The command that makes the same file again (defaults left out).
fn command(a: &Learn) -> String {
    let mut c = format!("silk learn {} --bots {}", a.game.name(), a.bots.join(","));
    c += &format!(" --games {}", a.games);
    if let Some(p) = a.players {
        c += &format!(" --players {p}");
    }
    if a.seed != 1 {
        c += &format!(" --seed {}", a.seed);
    }
    if a.every != 10 {
        c += &format!(" --every {}", a.every);
    }
    if a.max_samples != 100_000 {
        c += &format!(" --max-samples {}", a.max_samples);
    }
    if a.max_decisions != 100_000 {
        c += &format!(" --max-decisions {}", a.max_decisions);
    }
    c
}

fn learn<G: CliGame>(config: &G::Config, a: &Learn, out: &mut Out) -> CliResult<()> {
    let names = G::FEATURES;
    if names.is_empty() {
        return Err(CliError::input(format!(
            "{} names no features to learn a value from",
            G::NAME
        )));
    }
    let seats = crate::seats::seats::<G>(config)?;
    let batch = lab::Batch {
        games: a.games,
        bots: (0..seats)
            .map(|i| a.bots[i % a.bots.len()].clone())
            .collect(),
        seed: a.seed,
        threads: 1,
        shard: None,
        max_decisions: a.max_decisions,
        check: false,
        no_rotate: false,
        progress: false,
        io: Default::default(),
    };
    let spec = lab::spec_for::<G>(config, &batch)?;
    // Silk's bots and players outside it (`cmd:PROGRAM`, Python callables).
    let factory = crate::seats::players_for::<G>(config);
    let mut samples = Samples::new(a.max_samples as usize, a.seed);
    for index in 0..a.games {
        let mut players = silk_lab::game_players::<G>(&spec, index, &factory)?;
        let state = G::setup(config, silk_lab::game_seed(a.seed, index))?;
        play_and_sample::<G>(
            state,
            G::features,
            &mut players,
            a.every,
            a.max_decisions,
            &mut samples,
        )
        .map_err(|e| CliError::Internal(format!("game {index}: {e}")))?;
    }
    let (train, test) = split(&samples);
    if train.is_empty() || test.is_empty() {
        return Err(CliError::input(format!(
            "{} of {} games were won in play: too few to learn from and check (play more \
             games, or bots that finish them)",
            samples.games - samples.left_out,
            samples.games
        )));
    }
    let k = names.len();
    let fitted = fit(&train, k, 1.0);
    let w = fitted.weights.clone();
    let learned = move |f: &Features| (0..k).map(|j| w[j] * f.0[j] as f64).sum::<f64>();
    let held_out = check(&test, &learned);
    let in_use: Option<HeldOut> = G::VALUE
        .and_then(|json| LearnedValue::parse(json, names).ok())
        .map(|v| check(&test, &move |f: &Features| v.of(f) as f64));
    let file = ValueFile {
        game: G::NAME.to_string(),
        command: command(a),
        bots: a.bots.clone(),
        games: samples.games,
        left_out: samples.left_out,
        samples: samples.kept.len() as u64,
        features: names
            .iter()
            .zip(fitted.weights.iter().zip(&fitted.errors))
            .map(|(n, (&weight, &error))| FeatureWeight {
                name: n.to_string(),
                weight: round(weight),
                error: round(error),
            })
            .collect(),
        held_out,
    };
    let text = report(&file, in_use.as_ref());
    if let Some(path) = &a.out {
        let json =
            serde_json::to_string_pretty(&file).map_err(|e| CliError::Internal(e.to_string()))?;
        silk_lab::write_atomic(path, (json + "\n").as_bytes())?;
        out.message(&format!("wrote {}", path.display()));
    }
    let json = serde_json::json!({ "value": file, "in_use": in_use });
    out.doc(&text, &json);
    Ok(())
}

/// Six significant digits: the file stays readable and the same fit writes the same bytes.
fn round(x: f64) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let digits = 5 - x.abs().log10().floor() as i32;
    let p = 10f64.powi(digits);
    (x * p).round() / p
}

fn report(f: &ValueFile, in_use: Option<&HeldOut>) -> String {
    let mut t = format!(
        "{}: a value learned from {} games of {} ({} left out: cut short, stuck, ended by a round cap or all tied), \
         {} decisions kept\n\n",
        f.game,
        f.games,
        f.bots.join(", "),
        f.left_out,
        f.samples
    );
    t += "feature            weight   std. error   (the chance a seat wins ∝ e^(Σ weight·feature))\n";
    for w in &f.features {
        t += &format!("{:<16} {:>+9.4} {:>10.4}\n", w.name, w.weight, w.error);
    }
    t += "A weight says how a seat's chance to win went with the feature in these bots' games,\n\
          the other features held equal: an association, not what changing the feature would do.\n";
    let h = &f.held_out;
    t += &format!(
        "\nOn the {} decisions of the held-out games (every fifth), how well each names the \
         eventual winner:\n",
        h.samples
    );
    t += "                        log-likelihood per decision   winner ranked first\n";
    t += &format!(
        "  this value            {:>14.4}              {:>6.1} %\n",
        h.log_likelihood,
        100.0 * h.hits
    );
    if let Some(u) = in_use {
        t += &format!(
            "  the bundled value     {:>14.4}              {:>6.1} %\n",
            u.log_likelihood,
            100.0 * u.hits
        );
    }
    t += &format!(
        "  a coin toss           {:>14.4}              {:>6.1} %\n",
        h.coin_log_likelihood,
        100.0 * h.coin_hits
    );
    t
}

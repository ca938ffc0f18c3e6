//! silk-bots: players generic over [`Game`].
//!
//! - [`RandomBot`]: uniform among legal actions (the baseline of every statistic).
//! - [`GreedyBot`]: delegates to the game's own [`Heuristic`] policy, in one of its [`Style`]s.
//! - [`MctsBot`]: information-set Monte Carlo tree search over determinized states.
//! - [`OutsidePlayer`]: a player outside Rust deciding from JSON: an external program
//!   ([`Program`], `--bots 'cmd:python3 bot.py'`) or a Python callable.
//! - `strong`: the game's cheap strong bot ([`silk_core::StrongPreset`]), a short search with
//!   heuristic playouts cut early and ranked by the game's estimate.

pub mod learn;
pub mod mcts;
pub mod outside;
pub mod program;
pub mod tweaks;
pub use mcts::{search_totals, Budget, MctsBot, MctsConfig};
pub use outside::{Chooser, OutsidePlayer, Table};
pub use program::Program;
pub use tweaks::Tweaks;

use silk_core::{Game, Player, Seat, SilkRng, WeightSet};

pub use silk_core::{best_by, Heuristic, StrongPreset, Style};

pub use silk_core::RandomPlayer as RandomBot;

/// Plays the game's [`Heuristic`] policy in one [`Style`].
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: SilkRng,
    style: Style,
    /// Weights of its own in place of the style's (`greedy+attack=1.8`).
    weights: Option<WeightSet>,
    /// A softened choice (`greedy-aggressive~0.5`): each action with probability in proportion
    /// to `exp(value / temperature)` rather than the best at once — a player who mostly plays
    /// the style and sometimes does not (the lab's synthetic people).
    temperature: Option<f32>,
    /// The style's values of the legal actions, reused from decision to decision.
    values: Vec<f32>,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        Self::styled(seed, Style::Balanced)
    }

    pub fn styled(seed: u64, style: Style) -> Self {
        GreedyBot {
            rng: SilkRng::seed_from(seed),
            style,
            weights: None,
            temperature: None,
            values: Vec::new(),
        }
    }

    /// The style with its choice softened at `temperature` (in the heuristic's value units).
    pub fn softened(seed: u64, style: Style, temperature: f32) -> Self {
        GreedyBot {
            temperature: Some(temperature),
            ..Self::styled(seed, style)
        }
    }

    /// The heuristic with these weights (see [`Heuristic::WEIGHTS`]).
    pub fn weighted(seed: u64, weights: WeightSet) -> Self {
        GreedyBot {
            weights: Some(weights),
            ..Self::new(seed)
        }
    }
}

impl<G: Heuristic> Player<G> for GreedyBot {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        if let Some(t) = self.temperature {
            G::styled_values(state, seat, legal, self.style, &mut self.values);
            if self.values.len() == legal.len() {
                return legal[soft_pick(&self.values, t, &mut self.rng)];
            }
        }
        match &self.weights {
            Some(w) => G::weighted_choose(state, seat, legal, &mut self.rng, w),
            None => G::styled_choose(state, seat, legal, &mut self.rng, self.style),
        }
    }

    fn may_forfeit(&self) -> bool {
        false
    }
}

/// An index drawn with probability in proportion to `exp(value / t)`.
fn soft_pick(values: &[f32], t: f32, rng: &mut SilkRng) -> usize {
    let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let weight = |v: f32| ((v - max) as f64 / t as f64).exp();
    let total: f64 = values.iter().map(|&v| weight(v)).sum();
    // A uniform draw in [0, total) from 53 random bits.
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (i, &v) in values.iter().enumerate() {
        x -= weight(v);
        if x < 0.0 {
            return i;
        }
    }
    values.len() - 1
}

/// The bot kinds a command line may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    /// The game's heuristic in a style (`greedy` is the balanced one).
    Greedy(Style),
    /// ISMCTS with random rollouts.
    Mcts(Budget),
    /// ISMCTS whose rollouts (and first expansions) follow the game's heuristic in a style
    /// (`mcts-greedy-aggressive400`; plain `mcts-greedy` is the balanced one).
    MctsGreedy(Budget, Style),
    /// The heuristic in a style with some weights changed (`greedy-aggressive+attack=1.8`).
    Tuned(Style, Tweaks),
    /// The heuristic in a style with its choice softened (`greedy-aggressive~0.5`: each action
    /// in proportion to `exp(value / 0.5)`), the temperature in thousandths.
    Soft(Style, u32),
    /// The game's cheap strong bot (`strong`), its iterations and playout depth the game's
    /// preset unless named (`strong40`, `strong40d25`; 0 means the preset's), and how sure
    /// the search must be to overrule the heuristic (`strongc2`: 2 standard errors; in tenths,
    /// 0 means the default 1).
    Strong {
        iterations: u32,
        depth: u32,
        confidence_tenths: u32,
    },
}

impl BotKind {
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "greedy",
        "greedy-aggressive",
        "greedy-trader",
        "greedy-builder",
        "mcts (mctsN: N iterations, mctsNms: N ms per decision)",
        "mcts-greedy (mcts-greedyN, mcts-greedyNms: heuristic rollouts; mcts-greedy-STYLEN: a style's)",
        "greedy-STYLE+WEIGHT=V… (the heuristic with weights changed: greedy+attack=1.8)",
        "greedy-STYLE~T (the style's choice softened: each action in proportion to exp(value / T), greedy-aggressive~0.5)",
        "strong (the game's cheap strong bot; strongN: N iterations, strongNdD: playouts of D moves, …cZ: overrules its heuristic only Z standard errors sure, strong20d40c2)",
    ];

    pub fn parse(name: &str) -> Option<BotKind> {
        let n = name.trim().to_ascii_lowercase();
        if let Some((base, t)) = n.split_once('~') {
            let style = match base {
                "greedy" => Style::Balanced,
                s => Style::parse(s.strip_prefix("greedy-")?)?,
            };
            let t = t
                .parse::<f64>()
                .ok()
                .filter(|t| (0.001..=1000.0).contains(t))?;
            return Some(BotKind::Soft(style, (t * 1000.0).round() as u32));
        }
        if let Some(at) = n.find('+') {
            let style = match &n[..at] {
                "greedy" => Style::Balanced,
                s => Style::parse(s.strip_prefix("greedy-")?)?,
            };
            return Tweaks::parse(&n[at..]).map(|t| BotKind::Tuned(style, t));
        }
        if let Some(k) = n.strip_prefix("strong") {
            let (k, confidence) = k.split_once('c').unwrap_or((k, ""));
            let tenths = match confidence {
                "" if n.ends_with('c') => return None,
                "" => 0,
                z => {
                    let z = z.parse::<f64>().ok().filter(|z| (0.1..=10.0).contains(z))?;
                    (z * 10.0).round() as u32
                }
            };
            let (it, depth) = k.split_once('d').unwrap_or((k, ""));
            let num = |x: &str| -> Option<u32> {
                if x.is_empty() {
                    Some(0)
                } else {
                    x.parse::<u32>().ok().filter(|&v| v > 0 && v <= 1_000_000)
                }
            };
            if k.contains('d') && depth.is_empty() {
                return None;
            }
            return Some(BotKind::Strong {
                iterations: num(it)?,
                depth: num(depth)?,
                confidence_tenths: tenths,
            });
        }
        match n.as_str() {
            "random" => Some(BotKind::Random),
            "greedy" | "heuristic" => Some(BotKind::Greedy(Style::Balanced)),
            "mcts" | "ismcts" => Some(BotKind::Mcts(MctsConfig::default().budget)),
            "mcts-greedy" => Some(BotKind::MctsGreedy(
                Budget::Iterations(400),
                Style::Balanced,
            )),
            _ => {
                if let Some(style) = n.strip_prefix("greedy-") {
                    return Style::parse(style).map(BotKind::Greedy);
                }
                if let Some(k) = n.strip_prefix("mcts-greedy-") {
                    // A style, then the budget: `aggressive400`, `trader100ms`.
                    let at = k.find(|c: char| c.is_ascii_digit())?;
                    let style = Style::parse(&k[..at])?;
                    parse_budget(&k[at..]).map(|b| BotKind::MctsGreedy(b, style))
                } else if let Some(k) = n.strip_prefix("mcts-greedy") {
                    parse_budget(k).map(|b| BotKind::MctsGreedy(b, Style::Balanced))
                } else {
                    n.strip_prefix("mcts")
                        .and_then(parse_budget)
                        .map(BotKind::Mcts)
                }
            }
        }
    }

    fn config(budget: Budget) -> MctsConfig {
        MctsConfig::with_budget(budget)
    }

    /// The generic bots every game has (greedy needs the game's [`Heuristic`]).
    pub fn generic<G: Game>(self, seed: u64) -> Option<Box<dyn Player<G>>> {
        match self {
            BotKind::Random => Some(Box::new(RandomBot::new(seed))),
            BotKind::Mcts(budget) => Some(Box::new(MctsBot::new(seed, Self::config(budget)))),
            BotKind::Greedy(_)
            | BotKind::MctsGreedy(..)
            | BotKind::Tuned(..)
            | BotKind::Soft(..)
            | BotKind::Strong { .. } => None,
        }
    }

    /// Every bot, for a game with a [`Heuristic`]; a weight name the game does not know is
    /// refused, saying which it has.
    pub fn with_heuristic<G: Heuristic>(self, seed: u64) -> Result<Box<dyn Player<G>>, String> {
        Ok(match self {
            BotKind::Tuned(style, tweaks) => {
                Box::new(GreedyBot::weighted(seed, tweaks.weights::<G>(style)?))
            }
            BotKind::Strong {
                iterations,
                depth,
                confidence_tenths,
            } => Box::new(strong::<G>(seed, iterations, depth, confidence_tenths)),
            BotKind::Greedy(style) => Box::new(GreedyBot::styled(seed, style)),
            BotKind::Soft(style, milli) => {
                Box::new(GreedyBot::softened(seed, style, milli as f32 / 1000.0))
            }
            BotKind::MctsGreedy(budget, style) => Box::new(
                MctsBot::<G>::with_rollout(seed, Self::config(budget), styled_rollout::<G>(style))
                    .with_estimate(G::estimate),
            ),
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Mcts(budget) => Box::new(MctsBot::<G>::new(seed, Self::config(budget))),
        })
    }
}

/// The game's strong bot ([`Heuristic::STRONG`]), with `iterations` and `depth` in place of
/// the preset's when not 0, and its confidence in tenths of a standard error when not 0. Its playouts follow the preset's style and stop after `depth`
/// moves, where the game's estimate ranks the seats: cheap enough to play every seat of a
/// findings batch.
pub fn strong<G: Heuristic>(
    seed: u64,
    iterations: u32,
    depth: u32,
    confidence_tenths: u32,
) -> MctsBot<G> {
    let p = G::STRONG;
    let pick = |x: u32, preset: u32| if x == 0 { preset } else { x };
    let defaults = MctsConfig::default();
    let config = MctsConfig {
        rollout_depth: pick(depth, p.depth) as u64,
        confidence: match confidence_tenths {
            0 => defaults.confidence,
            t => t as f64 / 10.0,
        },
        ..MctsConfig::with_budget(Budget::Iterations(pick(iterations, p.iterations)))
    };
    MctsBot::<G>::with_rollout(seed, config, styled_rollout::<G>(p.style))
        .with_estimate(G::estimate)
        .with_gate(G::worth_searching)
}

/// The heuristic in `style` as a rollout policy (a plain function: the search keeps no state
/// for its rollouts).
fn styled_rollout<G: Heuristic>(style: Style) -> mcts::RolloutPolicy<G> {
    fn rollout<G: Heuristic, const S: usize>(
        s: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut SilkRng,
    ) -> G::Action {
        G::styled_choose(s, seat, legal, rng, Style::ALL[S])
    }
    match style {
        Style::Balanced => rollout::<G, 0>,
        Style::Aggressive => rollout::<G, 1>,
        Style::Trader => rollout::<G, 2>,
        Style::Builder => rollout::<G, 3>,
    }
}

/// `400` (iterations) or `100ms` (milliseconds per decision); zero is refused.
fn parse_budget(k: &str) -> Option<Budget> {
    let count = |k: &str| k.parse::<u32>().ok().filter(|&k| k > 0);
    match k.strip_suffix("ms") {
        Some(ms) => count(ms).map(Budget::Millis),
        None => count(k).map(Budget::Iterations),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::goofspiel::{GoofConfig, Goofspiel};
    use silk_core::play;

    #[test]
    fn bot_names_parse() {
        use Budget::{Iterations, Millis};
        assert_eq!(
            BotKind::parse("Greedy"),
            Some(BotKind::Greedy(Style::Balanced))
        );
        assert_eq!(
            BotKind::parse("greedy-trader"),
            Some(BotKind::Greedy(Style::Trader))
        );
        assert_eq!(BotKind::parse("greedy-lazy"), None);
        assert_eq!(BotKind::parse("mcts"), Some(BotKind::Mcts(Iterations(300))));
        assert_eq!(
            BotKind::parse("mcts50"),
            Some(BotKind::Mcts(Iterations(50)))
        );
        assert_eq!(BotKind::parse("mcts0"), None);
        assert_eq!(BotKind::parse("mcts0ms"), None);
        assert_eq!(
            BotKind::parse("mcts-greedy40"),
            Some(BotKind::MctsGreedy(Iterations(40), Style::Balanced))
        );
        assert_eq!(
            BotKind::parse("mcts-greedy-aggressive800"),
            Some(BotKind::MctsGreedy(Iterations(800), Style::Aggressive))
        );
        assert_eq!(BotKind::parse("mcts-greedy-lazy800"), None);
        assert_eq!(BotKind::parse("mcts-greedy-trader"), None);
        assert_eq!(
            BotKind::parse("mcts-greedy100ms"),
            Some(BotKind::MctsGreedy(Millis(100), Style::Balanced))
        );
        assert_eq!(BotKind::parse("alphazero"), None);
    }

    #[test]
    fn issue47_softened_greedy_names_parse() {
        assert_eq!(
            BotKind::parse("greedy-aggressive~0.5"),
            Some(BotKind::Soft(Style::Aggressive, 500))
        );
        assert_eq!(
            BotKind::parse("greedy~2"),
            Some(BotKind::Soft(Style::Balanced, 2000))
        );
        for bad in [
            "greedy~0",
            "greedy~",
            "greedy-nope~1",
            "greedy~x",
            "random~1",
        ] {
            assert_eq!(BotKind::parse(bad), None, "{bad}");
        }
    }

    /// A softened choice follows exp(value / t): at a tiny temperature the best action, at a
    /// large one each action about equally often.
    #[test]
    fn issue47_soft_pick_follows_the_temperature() {
        let values = [1.0f32, 0.0, 0.5];
        let mut rng = SilkRng::seed_from(3);
        assert!((0..200).all(|_| soft_pick(&values, 0.001, &mut rng) == 0));
        let mut counts = [0u32; 3];
        for _ in 0..3000 {
            counts[soft_pick(&values, 1000.0, &mut rng)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..=1100).contains(&c)),
            "{counts:?}"
        );
        // t = 1: probabilities e^1 : e^0 : e^0.5 over their sum (0.506, 0.186, 0.307).
        let mut counts = [0u32; 3];
        for _ in 0..10000 {
            counts[soft_pick(&values, 1.0, &mut rng)] += 1;
        }
        assert!(
            (4800..=5300).contains(&counts[0]) && (1650..=2050).contains(&counts[1]),
            "{counts:?}"
        );
    }

    #[test]
    fn issue33_strong_and_weighted_bot_names_parse() {
        assert_eq!(
            BotKind::parse("strong"),
            Some(BotKind::Strong {
                iterations: 0,
                depth: 0,
                confidence_tenths: 0
            })
        );
        assert_eq!(
            BotKind::parse("strong40d25"),
            Some(BotKind::Strong {
                iterations: 40,
                depth: 25,
                confidence_tenths: 0
            })
        );
        assert_eq!(
            BotKind::parse("strong20d40c1.5"),
            Some(BotKind::Strong {
                iterations: 20,
                depth: 40,
                confidence_tenths: 15
            })
        );
        assert_eq!(
            BotKind::parse("strongc2"),
            Some(BotKind::Strong {
                iterations: 0,
                depth: 0,
                confidence_tenths: 20
            })
        );
        for bad in [
            "strong0",
            "strongd",
            "strong4d",
            "strong4d0",
            "strongx",
            "strongc",
            "strong4c0",
            "strongc99",
            "strong4cx",
            "strongc2d4",
        ] {
            assert_eq!(BotKind::parse(bad), None, "{bad}");
        }
        let Some(BotKind::Tuned(Style::Aggressive, t)) =
            BotKind::parse("greedy-aggressive+attack=1.8")
        else {
            panic!("a style with a weight changed");
        };
        assert_eq!(t.to_string(), "+attack=1.8");
        assert!(matches!(
            BotKind::parse("greedy+army=2"),
            Some(BotKind::Tuned(Style::Balanced, _))
        ));
        assert_eq!(BotKind::parse("greedy-lazy+army=2"), None);
        assert_eq!(BotKind::parse("mcts+army=2"), None);
        // Goofspiel has no heuristic: neither bot is made for it.
        for name in ["strong", "greedy+army=1"] {
            let kind = BotKind::parse(name).unwrap();
            assert!(kind.generic::<silk_core::goofspiel::Goofspiel>(1).is_none());
        }
    }

    /// Issue 46, point 4: a search bot with a gate searches only the decisions the gate names
    /// and plays the others by its rollout policy, without a playout; a decision the gate
    /// names is searched with the whole budget.
    #[test]
    fn issue46_a_gated_search_plays_the_decisions_it_skips_by_its_policy() {
        use silk_core::goofspiel::{Bid, GoofState};
        // The policy bids the lowest card; the gate searches only while more than three cards
        // are left: the first three decisions of six.
        fn lowest(_: &GoofState, _: Seat, legal: &[Bid], _: &mut SilkRng) -> Bid {
            *legal.iter().min_by_key(|b| b.0).unwrap()
        }
        fn early(_: &GoofState, _: Seat, legal: &[Bid]) -> bool {
            legal.len() > 3
        }
        let config = GoofConfig {
            players: 2,
            cards: 6,
        };
        let budget = MctsConfig::with_budget(Budget::Iterations(50));
        let mut bot = MctsBot::<Goofspiel>::with_rollout(1, budget, lowest).with_gate(early);
        let mut state = Goofspiel::setup(&config, 1).unwrap();
        let (mut searched, mut skipped) = (0, 0);
        let mut legal = Vec::new();
        while let Some(seat) = silk_core::next_decider(Goofspiel::to_move(&state)) {
            Goofspiel::legal_actions(&state, seat, &mut legal);
            let a = if seat == Seat(0) {
                let a = bot.choose(&state, seat, &legal);
                if legal.len() > 3 {
                    assert_eq!(bot.last_iterations, 50, "a named decision is searched");
                    searched += 1;
                } else if legal.len() > 1 {
                    assert_eq!(
                        bot.last_iterations, 0,
                        "a skipped decision plays no playout"
                    );
                    assert_eq!(a, lowest(&state, seat, &legal, &mut SilkRng::seed_from(0)));
                    skipped += 1;
                }
                a
            } else {
                legal[legal.len() - 1]
            };
            Goofspiel::apply(&mut state, seat, a).unwrap();
        }
        assert_eq!(
            (searched, skipped),
            (3, 2),
            "six cards: the last decision has no choice"
        );
    }

    /// ISMCTS must beat random play clearly at Goofspiel (sealed bids, hidden deck order).
    #[test]
    fn mcts_beats_random_at_goofspiel() {
        let config = GoofConfig {
            players: 2,
            cards: 6,
        };
        let mut wins = 0;
        let games = 30;
        for g in 0..games {
            let mut mcts = MctsBot::new(g, MctsConfig::with_budget(Budget::Iterations(200)));
            let mut random = RandomBot::new(1000 + g);
            let mut players: [&mut dyn Player<Goofspiel>; 2] = [&mut mcts, &mut random];
            let played = play::<Goofspiel>(&config, g, &mut players, 1000).unwrap();
            let o = played.outcome.unwrap();
            if o.ranks[0] == 0 && o.ranks[1] == 1 {
                wins += 1;
            }
        }
        assert!(
            wins >= 20,
            "ISMCTS won only {wins} of {games} against random"
        );
    }
}

//! silk-bots: players generic over [`Game`].
//!
//! - [`RandomBot`]: uniform among legal actions (the baseline of every statistic).
//! - [`GreedyBot`]: delegates to the game's own [`Heuristic`] policy.
//! - [`MctsBot`]: information-set Monte Carlo tree search over determinized states.

pub mod mcts;
pub use mcts::{search_totals, MctsBot, MctsConfig};

use silk_core::{Game, Player, Seat, SilkRng};

pub use silk_core::{best_by, Heuristic};

pub use silk_core::RandomPlayer as RandomBot;

/// Plays the game's [`Heuristic`] policy.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: SilkRng,
}

impl GreedyBot {
    pub fn new(seed: u64) -> Self {
        GreedyBot {
            rng: SilkRng::seed_from(seed),
        }
    }
}

impl<G: Heuristic> Player<G> for GreedyBot {
    fn choose(&mut self, state: &G::State, seat: Seat, legal: &[G::Action]) -> G::Action {
        G::heuristic_choose(state, seat, legal, &mut self.rng)
    }
}

/// The bot kinds a command line may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Greedy,
    /// ISMCTS with this many iterations per decision, random rollouts.
    Mcts(u32),
    /// ISMCTS whose rollouts follow the game's heuristic.
    MctsGreedy(u32),
}

impl BotKind {
    pub const NAMES: &'static [&'static str] =
        &["random", "greedy", "mcts (or mctsN: N iterations)"];

    pub fn parse(name: &str) -> Option<BotKind> {
        let n = name.trim().to_ascii_lowercase();
        match n.as_str() {
            "random" => Some(BotKind::Random),
            "greedy" | "heuristic" => Some(BotKind::Greedy),
            "mcts" | "ismcts" => Some(BotKind::Mcts(MctsConfig::default().iterations)),
            "mcts-greedy" => Some(BotKind::MctsGreedy(400)),
            _ => {
                let count = |k: &str| k.parse().ok().filter(|&k| k > 0);
                if let Some(k) = n.strip_prefix("mcts-greedy") {
                    count(k).map(BotKind::MctsGreedy)
                } else {
                    n.strip_prefix("mcts").and_then(count).map(BotKind::Mcts)
                }
            }
        }
    }

    /// The generic bots every game has (greedy needs the game's [`Heuristic`]).
    pub fn generic<G: Game>(self, seed: u64) -> Option<Box<dyn Player<G>>> {
        match self {
            BotKind::Random => Some(Box::new(RandomBot::new(seed))),
            BotKind::Mcts(iterations) => Some(Box::new(MctsBot::new(
                seed,
                MctsConfig {
                    iterations,
                    ..MctsConfig::default()
                },
            ))),
            BotKind::Greedy | BotKind::MctsGreedy(_) => None,
        }
    }

    /// Every bot, for a game with a [`Heuristic`].
    pub fn with_heuristic<G: Heuristic>(self, seed: u64) -> Box<dyn Player<G>> {
        match self {
            BotKind::Greedy => Box::new(GreedyBot::new(seed)),
            BotKind::MctsGreedy(iterations) => Box::new(MctsBot::<G>::with_rollout(
                seed,
                MctsConfig {
                    iterations,
                    ..MctsConfig::default()
                },
                G::heuristic_choose,
            )),
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Mcts(iterations) => Box::new(MctsBot::<G>::new(
                seed,
                MctsConfig {
                    iterations,
                    ..MctsConfig::default()
                },
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use silk_core::goofspiel::{GoofConfig, Goofspiel};
    use silk_core::play;

    #[test]
    fn bot_names_parse() {
        assert_eq!(BotKind::parse("Greedy"), Some(BotKind::Greedy));
        assert_eq!(BotKind::parse("mcts"), Some(BotKind::Mcts(300)));
        assert_eq!(BotKind::parse("mcts50"), Some(BotKind::Mcts(50)));
        assert_eq!(BotKind::parse("mcts0"), None);
        assert_eq!(
            BotKind::parse("mcts-greedy40"),
            Some(BotKind::MctsGreedy(40))
        );
        assert_eq!(BotKind::parse("alphazero"), None);
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
            let mut mcts = MctsBot::new(
                g,
                MctsConfig {
                    iterations: 200,
                    ..MctsConfig::default()
                },
            );
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

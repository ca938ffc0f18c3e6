//! What a run is: `(game, config, bots, seed, games)`, optionally one shard of it, and the
//! seeds of its games. Every game is seeded from the run seed and its index alone, so a run
//! gives the same records on any number of threads or machines, and shards merge into exactly
//! the unsharded run.

use crate::LabError;
use serde::{Deserialize, Serialize};
use silk_core::SilkRng;
use std::ops::Range;

/// One slice `k` of `n` (1-based) of a run's games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// Reads `K/N`.
    pub fn parse(text: &str) -> Result<Shard, LabError> {
        let bad = || LabError::Input(format!("--shard {text:?}: expected K/N with 1 ≤ K ≤ N"));
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        Shard { k, n }.checked().map_err(|_| bad())
    }

    /// The shard if it is one (1 ≤ K ≤ N), as one read from a file must be before it is used.
    pub fn checked(self) -> Result<Shard, LabError> {
        if self.n == 0 || self.k == 0 || self.k > self.n {
            return Err(LabError::Input(format!(
                "shard {} of {}: expected K of N with 1 ≤ K ≤ N",
                self.k, self.n
            )));
        }
        Ok(self)
    }

    /// The game indices of this shard: contiguous, and the shards of a run cover it exactly.
    pub fn range(&self, games: u64) -> Range<u64> {
        // In u128: games × k overflows u64 for long runs; a shard read from a file is checked
        // (k ≥ 1, n ≥ 1) before it gets here, and an unchecked one gives an empty range.
        let (g, k, n) = (games as u128, self.k as u128, self.n as u128);
        if n == 0 || k == 0 {
            return 0..0;
        }
        let lo = (g * (k - 1) / n) as u64;
        let hi = (g * k.min(n) / n) as u64;
        lo..hi
    }
}

/// What a run is: enough to reproduce it and to check that shards belong together.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunSpec {
    pub game: String,
    pub config: serde_json::Value,
    /// One bot name per seat.
    pub bots: Vec<String>,
    pub seed: u64,
    /// Games in the whole run (all shards).
    pub games: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The bots move round the table from game to game (game K: seat S plays bot
    /// `(S + K) mod N`), so a seat's advantage is not mistaken for a bot's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rotate: bool,
}

impl RunSpec {
    /// The index into `bots` of the bot in `seat` in game `index`.
    pub fn bot_at(&self, index: u64, seat: usize) -> usize {
        let n = self.bots.len().max(1);
        if self.rotate {
            ((seat as u64 + index) % n as u64) as usize
        } else {
            seat
        }
    }

    pub fn indices(&self) -> Range<u64> {
        match self.shard {
            Some(s) => s.range(self.games),
            None => 0..self.games,
        }
    }

    /// The run a game belongs to, as each record names it ([`GameRecord::run`]): a
    /// fingerprint of what makes game K of the run what it is — game, config, bots, seed and
    /// rotation, not the shard nor the run's length. The settings of a sweep share their seed
    /// (their games are paired), so the seed alone cannot tell their records apart.
    ///
    /// [`GameRecord::run`]: crate::record::GameRecord::run
    pub fn id(&self) -> String {
        let what = serde_json::json!([self.game, self.config, self.bots, self.seed, self.rotate]);
        format!("{:016x}", fnv1a(what.to_string().as_bytes()))
    }
}

/// FNV-1a, 64 bits: a fingerprint that is the same on every platform and version (std's
/// hasher is not).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The seed of game `index` of a run.
pub fn game_seed(run_seed: u64, index: u64) -> u64 {
    SilkRng::for_stream(run_seed, index).next_u64()
}

/// A seat's bot seed in game `index`.
pub fn bot_seed(run_seed: u64, index: u64, seat: usize) -> u64 {
    SilkRng::for_stream(run_seed ^ 0xB07_B07, index.wrapping_mul(16) + seat as u64).next_u64()
}

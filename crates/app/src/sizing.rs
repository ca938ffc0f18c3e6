//! `silk bench --size GAMES --cores C`: what a run of GAMES games costs on C cores, from the rate
//! bench measured (one core: a shard runs as one process of one thread, and shards on
//! different cores do not slow each other down the way threads sharing memory can).

use serde_json::{json, Value};

/// A run sized: its cost in core-hours, its shards and its wall time.
pub struct Sizing {
    pub games: u64,
    pub cores: u64,
    pub games_per_core_hour: f64,
    pub core_hours: f64,
    /// Shards of about `shard_minutes` each, a multiple of the cores so they end together.
    pub shards: u64,
    pub shard_minutes: f64,
    /// Waves of shards one after another, each as long as a shard.
    pub wall_minutes: f64,
}

/// Sizes a run of `games` on `cores` at `games_per_s` a core, aiming at shards of about
/// `target_minutes` (never more shards than games).
pub fn size(games: u64, cores: u64, games_per_s: f64, target_minutes: f64) -> Sizing {
    let cores = cores.max(1);
    let per_core_hour = games_per_s.max(1e-9) * 3600.0;
    let core_minutes = games as f64 / per_core_hour * 60.0;
    // Waves of `cores` shards: enough that no shard is much longer than the target.
    let waves = (core_minutes / (cores as f64 * target_minutes.max(1e-9)))
        .ceil()
        .max(1.0) as u64;
    let shards = waves.saturating_mul(cores).min(games.max(1));
    let shard_minutes = core_minutes / shards as f64;
    Sizing {
        games,
        cores,
        games_per_core_hour: per_core_hour,
        core_hours: core_minutes / 60.0,
        shards,
        shard_minutes,
        wall_minutes: shard_minutes * shards.div_ceil(cores) as f64,
    }
}

impl Sizing {
    pub fn text(&self) -> String {
        format!(
            "sizing: {} games on {} cores at {:.0} games per core-hour (the one-thread lab rate \
             above): {:.2} core-hours; --shard K/{} ({} shards of one core, about {} each), \
             wall time about {} plus the scheduler's queueing\n",
            self.games,
            self.cores,
            self.games_per_core_hour,
            self.core_hours,
            self.shards,
            self.shards,
            minutes(self.shard_minutes),
            minutes(self.wall_minutes),
        )
    }

    pub fn json(&self) -> Value {
        json!({
            "games": self.games,
            "cores": self.cores,
            "games_per_core_hour": self.games_per_core_hour,
            "core_hours": self.core_hours,
            "shards": self.shards,
            "shard_minutes": self.shard_minutes,
            "wall_minutes": self.wall_minutes,
        })
    }
}

/// `45 s`, `12.5 min` or `3.2 h`.
fn minutes(m: f64) -> String {
    if m < 1.0 {
        format!("{:.0} s", m * 60.0)
    } else if m < 120.0 {
        format!("{m:.1} min")
    } else {
        format!("{:.1} h", m / 60.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 35's example: 10^7 greedy Cities games at ~170 games/s a core is ~16 core-hours;
    /// on 64 cores with shards of at most 30 minutes, one wave of 64 shards of ~15 minutes.
    #[test]
    fn issue35_sizing_turns_a_rate_into_core_hours_shards_and_wall_time() {
        let s = size(10_000_000, 64, 170.0, 30.0);
        assert!((s.core_hours - 16.34).abs() < 0.01, "{}", s.core_hours);
        assert_eq!(s.shards, 64);
        assert!(
            (s.shard_minutes - 15.32).abs() < 0.01,
            "{}",
            s.shard_minutes
        );
        assert!((s.wall_minutes - s.shard_minutes).abs() < 1e-9);
        // On 4 cores: waves of 4 shards, none longer than the target.
        let s = size(10_000_000, 4, 170.0, 30.0);
        assert_eq!(s.shards % 4, 0);
        assert!(s.shard_minutes <= 30.0);
        assert!(
            (s.wall_minutes - 16.34 * 60.0 / 4.0).abs() < 1.0,
            "{}",
            s.wall_minutes
        );
        // Never more shards than games.
        assert_eq!(size(3, 64, 1.0, 0.001).shards, 3);
    }
}

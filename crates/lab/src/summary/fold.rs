//! The fold behind a [`Summary`]: one game at a time, in constant memory.

use super::{BotRate, Forfeits, Metric, RatioMetric, SeatBot, Summary};
use crate::extremes::Extremes;
use crate::record::GameRecord;
use crate::spec::RunSpec;
use crate::stats::{Dist, Rate, Tally};
use silk_core::{EndedBy, ForfeitKind, Names};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A summary folded one game at a time: what it holds grows with the seats, the metric names
/// and the distinct values of each distribution, never with the number of games, so a run of
/// any length is summarised in constant memory (and gives exactly `Summary::of` its records).
#[derive(Clone, Debug, Default)]
pub struct Fold {
    spec: Option<RunSpec>,
    /// For each entry of `spec.bots`, its bot kind (index into the sorted kinds).
    kind_of: Vec<usize>,
    wins: Vec<u64>,
    /// Per bot kind (index into the sorted kinds): games played, games won.
    bot_games: Vec<(u64, u64)>,
    /// Per seat and bot kind, at `seat * bot_games.len() + kind`: games, wins (a seat's row is
    /// made when the seat first plays; a pair that never played stays at 0 games).
    seat_bot: Vec<(u64, u64)>,
    first_games: u64,
    first_wins: u64,
    games: u64,
    round_cap: u64,
    stuck: u64,
    unfinished: u64,
    /// By bot and kind: games, the first game's index and reason (bounded by bots × kinds).
    forfeits: BTreeMap<(String, ForfeitKind), (u64, u64, String)>,
    ties: u64,
    rounds: Tally,
    decisions: Tally,
    margin: Tally,
    lead_changes: Tally,
    /// Each metric's slot below, by name (the summary lists them in name order).
    metric_slot: BTreeMap<String, usize>,
    /// By slot: each metric's values per game, in the games that counted it (their sum is the
    /// metric's total).
    per_game: Vec<Tally>,
    /// The metric values of the games folded last, by slot, not yet in `per_game`: a game
    /// appends its values here (a few cache lines, written in order) and they are added to the
    /// distributions [`PENDING`] at a time, in one pass that finds each distribution's lines
    /// still in the cache, rather than a game at a time, after the game's play has evicted them.
    pending: Vec<(u32, i64)>,
    /// The last record's metric names and the slot here of each of theirs: the records of a
    /// simulation share their names, so each name is looked up once per run, not per game.
    mapped: Option<(Arc<Names>, Vec<usize>)>,
    extremes: Extremes,
    decisions_sum: u64,
    branching_sum: u64,
    /// Decisions of every game folded, cut short or not (what `silk bench` compares).
    played_decisions: u64,
    /// The rule coverage of every game folded, cut short or not.
    coverage: crate::coverage::CoverageFold,
}

/// A record's metric that has no slot in the fold yet.
const UNMAPPED: usize = usize::MAX;

/// Metric values held back before they are added to their distributions (64 KB: the memory
/// does not grow with the number of games).
const PENDING: usize = 4096;

fn kinds(spec: &RunSpec) -> Vec<String> {
    let mut kinds: Vec<String> = spec.bots.clone();
    kinds.sort();
    kinds.dedup();
    kinds
}

impl Fold {
    /// A fold for the games of `spec` (which bot sat where in each game).
    pub fn new(spec: &RunSpec) -> Fold {
        let names = kinds(spec);
        let kind_of = spec
            .bots
            .iter()
            .map(|b| names.iter().position(|x| x == b).unwrap_or(0))
            .collect();
        Fold {
            spec: Some(spec.clone()),
            kind_of,
            bot_games: vec![(0, 0); names.len()],
            ..Fold::default()
        }
    }

    /// The rule branches the game declares (see [`crate::coverage::declared`]): the summary's
    /// coverage lists each, those no game took included.
    pub fn declare(mut self, branches: Vec<crate::coverage::Declared>) -> Fold {
        self.coverage.declared = branches;
        self
    }

    pub fn add(&mut self, r: &GameRecord) {
        self.played_decisions = self.played_decisions.saturating_add(r.decisions);
        self.coverage.add(r);
        self.extremes.add(r);
        if let Some(f) = &r.forfeit {
            self.forfeit(&f.bot, f.kind, (1, r.index, &f.reason));
            return;
        }
        if !r.finished {
            self.unfinished += 1;
            return;
        }
        if r.stuck {
            self.stuck += 1;
            return;
        }
        if r.ended_by == Some(EndedBy::RoundCap) {
            self.round_cap += 1;
            return;
        }
        self.games += 1;
        if self.wins.len() < r.ranks.len() {
            self.wins.resize(r.ranks.len(), 0);
        }
        for (seat, &rank) in r.ranks.iter().enumerate() {
            if rank == 0 {
                self.wins[seat] += 1;
            }
        }
        if r.ranks.iter().filter(|&&x| x == 0).count() > 1 {
            self.ties += 1;
        }
        if let Some(f) = r.first {
            self.first_games += 1;
            if r.ranks.get(f as usize) == Some(&0) {
                self.first_wins += 1;
            }
        }
        if let Some(spec) = &self.spec {
            // Bot kinds are at most the seats, so a bit per kind fits.
            let kinds = self.bot_games.len();
            let (mut played, mut won) = (0u64, 0u64);
            for (seat, &rank) in r.ranks.iter().enumerate() {
                let Some(&k) = self.kind_of.get(spec.bot_at(r.index, seat)) else {
                    continue;
                };
                played |= 1 << k;
                won |= ((rank == 0) as u64) << k;
                if self.seat_bot.len() <= seat * kinds + k {
                    self.seat_bot.resize((seat + 1) * kinds, (0, 0));
                }
                let e = &mut self.seat_bot[seat * kinds + k];
                e.0 += 1;
                e.1 += (rank == 0) as u64;
            }
            for (k, g) in self.bot_games.iter_mut().enumerate() {
                g.0 += (played >> k) & 1;
                g.1 += (won >> k) & 1;
            }
        }
        self.margin.add(r.margin());
        self.rounds.add(r.rounds as i64);
        self.decisions.add(r.decisions as i64);
        self.lead_changes.add(r.lead_changes as i64);
        let (names, values) = r.metrics.slots();
        // The map is taken out for the loop, so that each value costs a lookup and a push.
        let (map_names, mut map) = match self.mapped.take() {
            Some((n, m)) if Arc::ptr_eq(&n, names) => (n, m),
            _ => (names.clone(), vec![UNMAPPED; names.slots().len()]),
        };
        for &(slot, v) in values {
            let m = &mut map[slot as usize];
            // A metric no game has counted yet has no slot (nor a line in the summary).
            if *m == UNMAPPED {
                *m = self.slot_of(&names.slots()[slot as usize]);
            }
            self.pending.push((*m as u32, v));
        }
        self.mapped = Some((map_names, map));
        if self.pending.len() >= PENDING {
            self.add_pending();
        }
        self.decisions_sum = self.decisions_sum.saturating_add(r.decisions);
        self.branching_sum = self.branching_sum.saturating_add(r.branching_sum);
    }

    /// Counts `games` forfeits of `bot` for `kind`, the first at game `first` for `reason`.
    #[inline(never)]
    fn forfeit(&mut self, bot: &str, kind: ForfeitKind, (games, first, reason): (u64, u64, &str)) {
        let e = self
            .forfeits
            .entry((bot.to_string(), kind))
            .or_insert_with(|| (0, first, reason.to_string()));
        e.0 += games;
        if first < e.1 {
            (e.1, e.2) = (first, reason.to_string());
        }
    }

    /// An empty fold for other games of the same run.
    pub fn empty_like(&self) -> Fold {
        Fold {
            spec: self.spec.clone(),
            kind_of: self.kind_of.clone(),
            bot_games: vec![(0, 0); self.bot_games.len()],
            coverage: self.coverage.empty_like(),
            ..Fold::default()
        }
    }

    /// Decisions of every game folded, including those cut short.
    pub fn played_decisions(&self) -> u64 {
        self.played_decisions
    }

    /// Adds the values held back in `pending` to their distributions.
    fn add_pending(&mut self) {
        for (slot, v) in self.pending.drain(..) {
            self.per_game[slot as usize].add(v);
        }
    }

    /// Adds the games folded into `other` (other games of the same run, as a thread folds
    /// them): the summary is then that of all the games together, in any order of merging.
    pub fn merge(&mut self, other: &Fold) {
        self.played_decisions = self.played_decisions.saturating_add(other.played_decisions);
        self.coverage.merge(&other.coverage);
        self.extremes.merge(&other.extremes);
        self.unfinished += other.unfinished;
        self.stuck += other.stuck;
        for ((bot, kind), (games, first, reason)) in &other.forfeits {
            self.forfeit(bot, *kind, (*games, *first, reason));
        }
        self.games += other.games;
        self.round_cap += other.round_cap;
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (w, &o) in self.wins.iter_mut().zip(&other.wins) {
            *w += o;
        }
        self.ties += other.ties;
        self.first_games += other.first_games;
        self.first_wins += other.first_wins;
        for (g, o) in self.bot_games.iter_mut().zip(&other.bot_games) {
            g.0 += o.0;
            g.1 += o.1;
        }
        if self.seat_bot.len() < other.seat_bot.len() {
            self.seat_bot.resize(other.seat_bot.len(), (0, 0));
        }
        for (e, o) in self.seat_bot.iter_mut().zip(&other.seat_bot) {
            e.0 += o.0;
            e.1 += o.1;
        }
        self.margin.merge(&other.margin);
        self.rounds.merge(&other.rounds);
        self.decisions.merge(&other.decisions);
        self.lead_changes.merge(&other.lead_changes);
        self.add_pending();
        let mut mine_of = vec![0; other.per_game.len()];
        for (name, &theirs) in &other.metric_slot {
            let mine = self.slot_of(name);
            self.per_game[mine].merge(&other.per_game[theirs]);
            mine_of[theirs] = mine;
        }
        for &(theirs, v) in &other.pending {
            self.per_game[mine_of[theirs as usize]].add(v);
        }
        self.decisions_sum = self.decisions_sum.saturating_add(other.decisions_sum);
        self.branching_sum = self.branching_sum.saturating_add(other.branching_sum);
    }

    /// The slot of metric `name`, made on first sight.
    #[inline(never)]
    fn slot_of(&mut self, name: &str) -> usize {
        if let Some(&s) = self.metric_slot.get(name) {
            return s;
        }
        let s = self.per_game.len();
        self.metric_slot.insert(name.to_string(), s);
        self.per_game.push(Tally::default());
        s
    }

    pub fn summary(&self, spec: &RunSpec) -> Summary {
        if !self.pending.is_empty() {
            let mut all = self.clone();
            all.add_pending();
            return all.summary(spec);
        }
        let n = spec.bots.len();
        let games = self.games;
        let wins = |seat: usize| self.wins.get(seat).copied().unwrap_or(0);
        let win_by_seat: Vec<Rate> = (0..n).map(|s| Rate::new(wins(s), games)).collect();
        let win_by_bot = kinds(spec)
            .into_iter()
            .enumerate()
            .map(|(k, bot)| {
                let (played, won) = self.bot_games.get(k).copied().unwrap_or((0, 0));
                BotRate {
                    win: Rate::new(won, played),
                    seats: spec.bots.iter().filter(|b| **b == bot).count(),
                    bot,
                }
            })
            .collect();
        let names = kinds(spec);
        let per_seat = self.bot_games.len().max(1);
        let win_by_seat_bot = self
            .seat_bot
            .iter()
            .enumerate()
            .filter(|(_, &(played, _))| played > 0)
            .map(|(i, &(played, won))| SeatBot {
                seat: i / per_seat,
                bot: names.get(i % per_seat).cloned().unwrap_or_default(),
                win: Rate::new(won, played),
            })
            .collect();
        let fair = 1.0 / n.max(1) as f64;
        let first_mover =
            (self.first_games > 0).then(|| Rate::new(self.first_wins, self.first_games));
        let (first_player_advantage, first_player_from) = match &first_mover {
            Some(r) => (r.rate - fair, "the player who moved first".to_string()),
            None => (
                win_by_seat.first().map(|r| r.rate).unwrap_or(0.0) - fair,
                "seat 1".to_string(),
            ),
        };
        let total = |name: &str| {
            self.metric_slot.get(name).map(|&s| {
                self.per_game[s]
                    .sum()
                    .clamp(i64::MIN as i128, i64::MAX as i128) as i64
            })
        };
        let ratios = silk_core::metrics::RATIOS
            .iter()
            .filter_map(|&(name, num, den, scale, unit)| {
                let d = total(den).filter(|&d| d > 0)?;
                Some(RatioMetric {
                    name: name.to_string(),
                    value: scale * total(num).unwrap_or(0) as f64 / d as f64,
                    unit: unit.to_string(),
                    over: d,
                })
            })
            .collect();
        Summary {
            ratios,
            game: spec.game.clone(),
            games,
            round_cap: self.round_cap,
            unfinished: self.unfinished,
            stuck: self.stuck,
            forfeits: self
                .forfeits
                .iter()
                .map(|((bot, kind), (games, first, reason))| Forfeits {
                    bot: bot.clone(),
                    kind: *kind,
                    games: *games,
                    first: *first,
                    reason: reason.clone(),
                })
                .collect(),
            bots: spec.bots.clone(),
            first_player_advantage,
            first_player_from,
            first_mover,
            win_by_seat,
            win_by_bot,
            win_by_seat_bot,
            ties: Rate::new(self.ties, games),
            rounds: self.rounds.dist(),
            decisions: self.decisions.dist(),
            margin: self.margin.dist(),
            lead_changes: self.lead_changes.dist(),
            mean_branching: if self.decisions_sum == 0 {
                0.0
            } else {
                self.branching_sum as f64 / self.decisions_sum as f64
            },
            metrics: self
                .metric_slot
                .iter()
                .map(|(name, &slot)| (name, self.per_game[slot].sum(), slot))
                .map(|(name, total, slot)| Metric {
                    name: name.clone(),
                    total: total.clamp(i64::MIN as i128, i64::MAX as i128) as i64,
                    per_game: if games == 0 {
                        0.0
                    } else {
                        total as f64 / games as f64
                    },
                    unit: silk_core::metrics::unit(name).to_string(),
                    dist: self.metric_dist(slot, games),
                })
                .collect(),
            extremes: self.extremes.clone(),
            coverage: self.coverage.coverage(),
        }
    }

    /// A metric's distribution over all `games`: a game that never counted it counted 0.
    fn metric_dist(&self, slot: usize, games: u64) -> Dist {
        let mut t = self.per_game[slot].clone();
        let counted = t.dist().n;
        t.add_times(0, games.saturating_sub(counted));
        t.dist()
    }
}

//! The policy interface an engine implements for its own hand-written bot. It sits in core,
//! beside [`Player`](crate::Player), so engines never depend on the bots crate (OpenSpiel keeps
//! its bot interface in the core library for the same reason): bots sit above the games.

use crate::game::Game;
use crate::rng::SilkRng;
use crate::seat::Seat;

/// A game's hand-written policy: what a sensible player of that game would do. Each engine
/// documents its policy where it implements this trait.
pub trait Heuristic: Game {
    /// The default style's choice ([`Style::Balanced`]).
    fn heuristic_choose(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut SilkRng,
    ) -> Self::Action {
        Self::styled_choose(state, seat, legal, rng, Style::Balanced)
    }

    /// The choice of a player of this `style`: the same heuristic with other weights, so a
    /// designer can pit styles against each other. Engines without styles play one policy.
    fn styled_choose(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut SilkRng,
        style: Style,
    ) -> Self::Action;

    /// A seat's standing mid-game in the game's own score units (higher is better), for a
    /// search that stops its playouts early in a long game. `None` (the default): no estimate,
    /// playouts run to the end. It is called on determinized states, so it may read them whole.
    fn estimate(state: &Self::State, seat: Seat) -> Option<f32> {
        let _ = (state, seat);
        None
    }

    /// Whether a search bot should search this decision: the `strong` bot decides the others by
    /// its style, so a game of thousands of small decisions spends its search on those that
    /// shape it. `true` (the default): every decision with a choice is searched.
    fn worth_searching(state: &Self::State, seat: Seat, legal: &[Self::Action]) -> bool {
        let _ = (state, seat, legal);
        true
    }

    /// The names of the features of a seat's standing that a value can be learned from
    /// (`silk learn`), in [`Features`] order. Empty (the default): nothing to learn from.
    const FEATURES: &'static [&'static str] = &[];

    /// A seat's features (see [`Heuristic::FEATURES`]) on a determinized state: open facts
    /// and the seat's own hidden ones, in the game's own units.
    fn features(state: &Self::State, seat: Seat) -> Features {
        let _ = (state, seat);
        Features::default()
    }

    /// The names of the policy's weights, in [`WeightSet`] order: the parameters a style sets
    /// and `silk tune --bot` searches. Empty (the default): the policy has no tunable weights.
    const WEIGHTS: &'static [&'static str] = &[];

    /// A style's weights, in [`Heuristic::WEIGHTS`] order.
    fn style_weights(style: Style) -> WeightSet {
        let _ = style;
        WeightSet::default()
    }

    /// The value `style` puts on each action of `legal`, in order, into `out` (its choice is
    /// the best of them, ties drawn at random): `silk playtests` ranks people's decisions by
    /// it. The default leaves `out` empty: a policy that is not a value over the actions.
    fn styled_values(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        style: Style,
        out: &mut Vec<f32>,
    ) {
        let _ = (state, seat, legal, style);
        out.clear();
    }

    /// The value a player with these `weights` ([`Heuristic::weighted_choose`]'s) puts on each
    /// action of `legal`, in order, into `out`: `silk tune --imitate` fits weights under which
    /// people's choices are likely. The default leaves `out` empty.
    fn weighted_values(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        weights: &WeightSet,
        out: &mut Vec<f32>,
    ) {
        let _ = (state, seat, legal, weights);
        out.clear();
    }

    /// The choice of a player with these weights (a style, or a style with some weights
    /// changed). The default, for a policy without weights: the balanced style.
    fn weighted_choose(
        state: &Self::State,
        seat: Seat,
        legal: &[Self::Action],
        rng: &mut SilkRng,
        weights: &WeightSet,
    ) -> Self::Action {
        let _ = weights;
        Self::styled_choose(state, seat, legal, rng, Style::Balanced)
    }

    /// The game's cheap strong bot (`strong`): a search whose playouts follow this policy and
    /// stop early, ranked by [`Heuristic::estimate`]. Each engine chooses (and measures) it.
    const STRONG: StrongPreset = StrongPreset {
        iterations: 20,
        depth: 40,
        style: Style::Balanced,
    };
}

/// The settings of a game's `strong` bot: iterations of search per decision, moves per
/// playout before the estimate ranks the seats, and the style its playouts follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StrongPreset {
    pub iterations: u32,
    pub depth: u32,
    pub style: Style,
}

/// The most weights a policy may name.
pub const MAX_WEIGHTS: usize = 12;

/// A policy's weights by position in [`Heuristic::WEIGHTS`] (`Copy`, no heap: bots and
/// playouts pass it by value). A style is one such set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WeightSet([f32; MAX_WEIGHTS]);

impl Default for WeightSet {
    fn default() -> Self {
        WeightSet([0.0; MAX_WEIGHTS])
    }
}

impl WeightSet {
    /// The weights `values`, in order (at most [`MAX_WEIGHTS`]; the rest are 0).
    pub fn of(values: &[f32]) -> WeightSet {
        let mut w = WeightSet::default();
        for (slot, &v) in w.0.iter_mut().zip(values) {
            *slot = v;
        }
        w
    }

    /// Weight `i` (0 beyond [`MAX_WEIGHTS`]).
    pub fn get(&self, i: usize) -> f32 {
        self.0.get(i).copied().unwrap_or(0.0)
    }

    /// Sets weight `i` (ignored beyond [`MAX_WEIGHTS`]).
    pub fn set(&mut self, i: usize, v: f32) {
        if let Some(slot) = self.0.get_mut(i) {
            *slot = v;
        }
    }
}

/// The most features a game may name.
pub const MAX_FEATURES: usize = 16;

/// A seat's features by position in [`Heuristic::FEATURES`] (`Copy`, no heap: a search reads
/// them at the end of every playout).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Features(pub [f32; MAX_FEATURES]);

impl Features {
    /// The features `values`, in order (at most [`MAX_FEATURES`]; the rest are 0).
    pub fn of(values: &[f32]) -> Features {
        let mut f = Features::default();
        for (slot, &v) in f.0.iter_mut().zip(values) {
            *slot = v;
        }
        f
    }

    /// The weighted sum `Σ wᵢ·fᵢ` (a learned value, weights in feature order).
    pub fn dot(&self, weights: &[f32]) -> f32 {
        self.0.iter().zip(weights).map(|(f, w)| f * w).sum()
    }
}

/// A way to play a game's heuristic, as parameters of one policy. Each engine says what the
/// styles mean for it (in Cities: attacks, trade, improvements).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// The default weights (`greedy`).
    #[default]
    Balanced,
    /// Fights and races: attacks, barbarians, leadership, points now.
    Aggressive,
    /// Trade first: markets, goods, gems.
    Trader,
    /// Builds an engine: improvements, growth, discounts.
    Builder,
}

impl Style {
    pub const ALL: [Style; 4] = [
        Style::Balanced,
        Style::Aggressive,
        Style::Trader,
        Style::Builder,
    ];

    /// The bot-name suffix (`greedy-aggressive`); the balanced style is plain `greedy`.
    pub fn name(self) -> &'static str {
        match self {
            Style::Balanced => "balanced",
            Style::Aggressive => "aggressive",
            Style::Trader => "trader",
            Style::Builder => "builder",
        }
    }

    pub fn parse(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// The action of highest `value`, ties broken uniformly at random: the choice rule of every
/// hand-written policy.
pub fn best_by<A: Copy>(legal: &[A], rng: &mut SilkRng, value: impl Fn(A) -> f32) -> A {
    let mut best = f32::NEG_INFINITY;
    let mut choice = legal[0];
    let mut ties = 0u32;
    for &a in legal {
        let v = value(a);
        if v > best + 1e-4 {
            best = v;
            choice = a;
            ties = 1;
        } else if (v - best).abs() <= 1e-4 {
            // Reservoir sampling: each of the k equal bests kept with probability 1/k.
            ties += 1;
            if rng.below(ties) == 0 {
                choice = a;
            }
        }
    }
    choice
}

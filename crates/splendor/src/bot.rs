//! The greedy policy: buy the card worth most (prestige, then a bonus that brings a noble, city
//! or trading post nearer); otherwise take the gems that bring the most wanted card nearest;
//! reserve a valuable card it cannot yet afford; return the tokens it needs least. Module
//! features: it claims cities and posts (automatic), joins and takes free cards by the same
//! worth, places strongholds on the card it wants most and removes those on it, and conquers.
//!
//! It plans towards nobles and cities: a colour is worth more the nearer the noble or city that
//! needs it is to completion. Styles ([`Style`], tuned): aggressive weighs prestige 5 (3
//! balanced) and gem taking 4×; builder bonuses 4×, prestige 1.5 and gem taking 4×; trader gem
//! taking 12×, bonuses 3× and prestige 1.5.
//!
//! Since issue 33 ([`more_rules`]) it also reserves unseen from a deck for the gold when no
//! face-up card is worth reserving (weight `blind`), reserves a card of 2+ prestige a rival
//! could buy next (`deny`), declines a stronghold conquest that would spend what a better card
//! it can pay for needs (`keep`), and chooses a noble to reserve, a noble or city among several
//! and a trading post by their worth.

use crate::action::{Action, RESERVED_SRC};
use crate::colour::GOLD;
use crate::engine::{cards, payment, strongholds};
use crate::rules::NONE;
use crate::state::Phase;
use crate::state::State;
use crate::Splendor;
use silk_core::{Heuristic, Seat, SilkRng, Style, WeightSet};

mod more_rules;

/// The bundled value of a seat's standing, learned from greedy games (see `estimate`).
pub const VALUE_JSON: &str = include_str!("../../../data/splendor/value.json");

impl Heuristic for Splendor {
    fn styled_choose(
        s: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut SilkRng,
        style: Style,
    ) -> Action {
        let p = seat.index();
        let wants = Wants::new(s, p, Weights::of(style));
        silk_core::best_by(legal, rng, |a| value(s, p, &wants, a))
    }

    fn styled_values(s: &State, seat: Seat, legal: &[Action], style: Style, out: &mut Vec<f32>) {
        let p = seat.index();
        let wants = Wants::new(s, p, Weights::of(style));
        out.clear();
        out.extend(legal.iter().map(|&a| value(s, p, &wants, a)));
    }

    /// The learned value (`silk learn splendor`, data/splendor/value.json) of the seat's
    /// features: what the strong bot's search ranks the seats by where it cuts a playout short.
    fn estimate(s: &State, seat: Seat) -> Option<f32> {
        static VALUE: std::sync::OnceLock<silk_core::LearnedValue> = std::sync::OnceLock::new();
        silk_core::value::estimate::<Self>(&VALUE, VALUE_JSON, s, seat)
    }

    const FEATURES: &'static [&'static str] = &[
        "prestige",
        "bonus",
        "bonus_colours",
        "tokens",
        "gold",
        "reserved",
        "nobles",
        "prestige_late",
    ];

    /// Prestige; permanent bonuses, and how many colours have one; gem tokens and gold;
    /// reserved cards; nobles; and
    /// prestige times the round in tens (points weigh more as the end nears).
    fn features(s: &State, seat: Seat) -> silk_core::Features {
        let p = seat.index();
        let bonus = s.bonus[p];
        let tokens = s.tokens[p];
        let reserved = s.reserved[p]
            .iter()
            .filter(|&&c| c != crate::rules::NONE)
            .count();
        silk_core::Features::of(&[
            s.prestige[p] as f32,
            bonus.iter().map(|&b| b as f32).sum(),
            bonus.iter().filter(|&&b| b > 0).count() as f32,
            tokens[..5].iter().map(|&t| t as f32).sum(),
            tokens[5] as f32,
            reserved as f32,
            s.nobles_held[p] as f32,
            s.prestige[p] as f32 * s.round as f32 / 10.0,
        ])
    }

    /// 40 playouts of 40 moves in the tuned builder style, with the trader the best Splendor
    /// heuristic: measured against both in docs/bots.md, its time per decision in docs/speed.md.
    const STRONG: silk_core::StrongPreset = silk_core::StrongPreset {
        iterations: 40,
        depth: 40,
        style: Style::Builder,
    };

    const WEIGHTS: &'static [&'static str] = &["points", "bonus", "gems", "blind", "deny", "keep"];

    fn style_weights(style: Style) -> WeightSet {
        let w = Weights::of(style);
        WeightSet::of(&[w.points, w.bonus, w.gems, w.blind, w.deny, w.keep])
    }

    fn weighted_choose(
        s: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut SilkRng,
        weights: &WeightSet,
    ) -> Action {
        let p = seat.index();
        let w = Weights::from_params(weights);
        let wants = Wants::new(s, p, w);
        silk_core::best_by(legal, rng, |a| value(s, p, &wants, a))
    }

    fn weighted_values(
        s: &State,
        seat: Seat,
        legal: &[Action],
        weights: &WeightSet,
        out: &mut Vec<f32>,
    ) {
        let p = seat.index();
        let w = Weights::from_params(weights);
        let wants = Wants::new(s, p, w);
        out.clear();
        out.extend(legal.iter().map(|&a| value(s, p, &wants, a)));
    }
}

/// A style's weights: one heuristic, several ways to play it.
#[derive(Clone, Copy)]
struct Weights {
    /// Prestige on a card (aggressive races for points).
    points: f32,
    /// A card's bonus (builders grow an engine of cheap bonuses first).
    bonus: f32,
    /// Gems taken (traders keep the gems flowing and reserve less).
    gems: f32,
    /// A blind reserve from a deck, for the gold (0: never).
    blind: f32,
    /// Reserving a card a rival could buy next (0: never).
    deny: f32,
    /// Declining a conquest that would cost a better card (0: never).
    keep: f32,
}

impl Weights {
    /// The weights a [`WeightSet`] names, in [`Heuristic::WEIGHTS`] order.
    fn from_params(p: &WeightSet) -> Weights {
        Weights {
            points: p.get(0),
            bonus: p.get(1),
            gems: p.get(2),
            blind: p.get(3),
            deny: p.get(4),
            keep: p.get(5),
        }
    }

    /// The styles as tuned by `silk tune splendor --bot …` against the other styles (docs/bots.md,
    /// "Tuned: Silk Road's and Splendor's styles"); each keeps its kind: the aggressive style
    /// prizes prestige at least 4× a bonus, the builder a bonus above prestige, the trader gems
    /// above the balanced 1. `balanced` is the documented heuristic, left as it is.
    fn of(style: Style) -> Weights {
        let base = Weights {
            points: 3.0,
            bonus: 1.0,
            gems: 1.0,
            blind: 1.0,
            deny: 1.0,
            keep: 1.0,
        };
        match style {
            Style::Balanced => base,
            Style::Aggressive => Weights {
                points: 5.0,
                gems: 4.0,
                blind: 0.5,
                deny: 2.0,
                ..base
            },
            Style::Trader => Weights {
                gems: 12.0,
                points: 1.5,
                bonus: 3.0,
                blind: 0.5,
                deny: 2.0,
                ..base
            },
            Style::Builder => Weights {
                bonus: 4.0,
                points: 1.5,
                gems: 4.0,
                deny: 2.0,
                ..base
            },
        }
    }
}

/// How much each bonus colour is worth to `p` now: nobles, cities and posts still needing it,
/// the nearer ones more (a plan: the bonuses that complete a noble or a city soonest).
struct Wants {
    w: Weights,
    colour: [f32; 5],
    /// Per colour, gems the most wanted cards still need.
    need: [f32; 5],
    /// The two most promising cards (`NONE` where there is none), best first.
    best: [u8; 2],
    /// The most promising card.
    target: u8,
    /// Per level, the mean promise of its face-up cards open to the bot (what a blind card of
    /// that level is worth to it, as far as it may know).
    level: [f32; 3],
}

impl Wants {
    /// The most promising card other than `card`.
    fn other_than(&self, card: u8) -> Option<u8> {
        self.best.into_iter().find(|&c| c != NONE && c != card)
    }
}

impl Wants {
    fn new(s: &State, p: usize, w: Weights) -> Wants {
        let mut colour = [0.2f32; 5];
        let b = &s.bonus[p];
        // Bonuses still missing for a requirement: a noble 2 bonuses away is a plan, one 9
        // away a wish.
        let missing =
            |req: &[u8]| -> u32 { (0..5).map(|c| req[c].saturating_sub(b[c]) as u32).sum() };
        for (i, &k) in s.nobles.iter().enumerate() {
            if k == NONE || s.noble_holder[i] != NONE {
                continue;
            }
            let req = &s.rules.nobles[k as usize].requires;
            let near = 0.3 + 1.2 / (1.0 + missing(&req[..]) as f32);
            for c in 0..5 {
                if req[c] > b[c] {
                    colour[c] += near;
                }
            }
        }
        for &f in s.cities.iter().filter(|&&f| f != NONE) {
            let req = &s.rules.cities[f as usize].requires;
            let near = 0.2 + 1.0 / (1.0 + missing(&req[..]) as f32);
            for c in 0..5 {
                if req[c] > b[c] {
                    colour[c] += near;
                }
            }
        }
        if s.rules.posts_module {
            for (i, post) in s.rules.posts.iter().enumerate() {
                if s.posts[p] >> i & 1 == 0 {
                    for c in 0..5 {
                        if post.requires[c] > b[c] {
                            colour[c] += 0.3;
                        }
                    }
                }
            }
        }
        // Work towards the most promising card (worth over what it still lacks), and a little
        // towards the runner-up: their missing gems are what to take and what to keep.
        let mut best = [(f32::MIN, NONE); 2];
        let (mut level, mut seen) = ([0f32; 3], [0u8; 3]);
        for (card, pos) in targets(s, p) {
            if !cards::may_acquire(s, p, card) {
                continue;
            }
            let score = worth(s, &w, &colour, card) / (1.0 + shortfall(s, p, card) as f32);
            if pos < RESERVED_SRC {
                let l = s.rules.card(card).level as usize % 3;
                level[l] += score;
                seen[l] += 1;
            }
            if score > best[0].0 {
                best[1] = best[0];
                best[0] = (score, card);
            } else if score > best[1].0 {
                best[1] = (score, card);
            }
        }
        let mut need = [0f32; 5];
        for (weight, (_, card)) in [1.0f32, 0.4].into_iter().zip(best) {
            if card == NONE {
                continue;
            }
            let owed = payment::owed(s, p, card);
            for c in 0..5 {
                need[c] += weight * owed[c].saturating_sub(s.tokens[p][c]) as f32;
            }
        }
        for (sum, n) in level.iter_mut().zip(seen) {
            *sum /= n.max(1) as f32;
        }
        Wants {
            w,
            colour,
            need,
            best: [best[0].1, best[1].1],
            target: best[0].1,
            level,
        }
    }
}

/// Cards `p` could work towards: face-up ones not held by another's stronghold, and reserved.
fn targets(s: &State, p: usize) -> impl Iterator<Item = (u8, u8)> + '_ {
    let face = cards::places(s)
        .map(move |pos| (cards::card_at(s, pos), pos))
        .filter(move |&(c, pos)| c != NONE && !strongholds::blocked(s, p, pos));
    let held = (0..3u8)
        .map(move |r| (s.reserved[p][r as usize], RESERVED_SRC + r))
        .filter(|&(c, _)| c != NONE);
    face.chain(held)
}

/// A card's worth: prestige first, then its bonus.
fn worth(s: &State, w: &Weights, colour: &[f32; 5], card: u8) -> f32 {
    let c = s.rules.card(card);
    let bonus = if (c.bonus as usize) < 5 {
        colour[c.bonus as usize] * c.bonus_count as f32 + 0.8
    } else {
        0.8
    };
    w.points * c.points as f32 + w.bonus * bonus
}

/// Gems `p` still lacks for `card` after tokens and gold.
fn shortfall(s: &State, p: usize, card: u8) -> u32 {
    let owed = payment::owed(s, p, card);
    let lack: u32 = (0..5)
        .map(|c| owed[c].saturating_sub(s.tokens[p][c]) as u32)
        .sum();
    lack.saturating_sub(s.tokens[p][GOLD] as u32 + 2 * s.gold_cards[p] as u32)
}

/// Taking tokens only to give them back at once is a wasted turn: a penalty per token over.
fn over_limit(s: &State, p: usize, taking: u32) -> f32 {
    let limit = s.rules.config.params.token_limit as u32;
    (s.tokens_held(p) + taking).saturating_sub(limit) as f32 * 0.6
}

fn value(s: &State, p: usize, w: &Wants, a: Action) -> f32 {
    match a {
        Action::Buy { src, pay } => {
            let card = cards::source_card(s, p, src);
            if s.phase == Phase::Conquest {
                if let Some(v) = more_rules::conquest_value(s, p, w, card, pay) {
                    return v;
                }
            }
            10.0 + 2.0 * worth(s, &w.w, &w.colour, card) - 0.3 * pay.total() as f32
        }
        Action::TakeDifferent(mask) => {
            let gain: f32 = (0..5)
                .filter(|c| mask >> c & 1 == 1)
                .map(|c| 0.1 + w.need[c].min(1.0))
                .sum::<f32>()
                * w.w.gems;
            gain - over_limit(s, p, mask.count_ones())
        }
        Action::TakeTwo(c) => (0.2 + w.need[c as usize].min(2.0)) * w.w.gems - over_limit(s, p, 2),
        Action::Reserve(pos) => {
            let card = cards::card_at(s, pos);
            let c = s.rules.card(card);
            let gold = if s.bank[GOLD] > 0 { 0.6 } else { 0.0 };
            // Reserve a valuable card within reach, chiefly for the gold.
            if c.points >= 2 && shortfall(s, p, card) <= 3 && s.reserved_count(p) < 2 {
                0.8 + c.points as f32 * 0.3 + gold
            } else {
                gold - 1.0 + more_rules::deny_value(s, p, w, card)
            }
        }
        Action::ReserveDeck(d) => more_rules::deck_value(s, p, w, d),
        Action::Return(k) => {
            if k as usize == GOLD {
                -5.0
            } else {
                -w.need[k as usize] - s.tokens[p][k as usize] as f32 * 0.01
            }
        }
        Action::Gem(c) => w.need[c as usize] + 0.1,
        Action::Join(c) => w.colour[c as usize],
        Action::Free(pos) => worth(s, &w.w, &w.colour, cards::card_at(s, pos)),
        Action::Discard(card) => -(s.rules.card(card).points as f32),
        Action::Noble(i) => match s.nobles.get(i as usize) {
            Some(&k) if k != NONE => {
                more_rules::denied_value(s, p, &s.rules.nobles[k as usize].requires)
            }
            _ => 1.0,
        },
        Action::City(i) => match s.cities.get(i as usize) {
            Some(&f) if f != NONE => {
                more_rules::denied_value(s, p, &s.rules.cities[f as usize].requires)
            }
            _ => 1.0,
        },
        Action::Post(i) => more_rules::post_value(s, i),
        Action::ReserveNoble(i) => more_rules::noble_reserve_value(s, p, i),
        Action::Place { to, .. } => {
            let card = cards::card_at(s, to);
            worth(s, &w.w, &w.colour, card) / (1.0 + shortfall(s, p, card) as f32)
        }
        Action::Remove { at, .. } => {
            let card = cards::card_at(s, at);
            worth(s, &w.w, &w.colour, card) / (1.0 + shortfall(s, p, card) as f32) + 0.5
        }
        Action::Decline => 0.0,
        Action::Pass => 0.0,
    }
}

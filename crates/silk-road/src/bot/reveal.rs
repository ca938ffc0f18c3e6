//! The Grand Vizier's reveal when showing costs the goods shown (`vizier_auction = …/all_pay`):
//! under the rules' format nobody gives anything up, so the bot shows all it has; where every
//! good shown is given up, it weighs the prize it may win against the goods it loses (issue 33:
//! `silk coverage` under that format showed the bot handing over its whole stock for 5 silver).

use super::{good_value, Weights};
use crate::goods::Good;
use crate::state::{Phase, State};
use silk_core::Seat;
use silk_trade::auction::PayRule;

/// Whether the reveal under way makes every seat give up what it shows.
pub(super) fn costs_goods(s: &State) -> bool {
    matches!(s.phase, Phase::Vizier { reveal, .. } if reveal.format().payment == PayRule::AllPay)
}

/// What showing `k` goods of the called good is worth when the goods shown are given up: the
/// prizes it is expected to win (5 for the most, 3 for the second under the defaults) less the
/// goods lost, each at its worth to the bot, times the weight `shown`.
pub(super) fn paid_reveal_value(s: &State, seat: Seat, k: u8, w: &Weights) -> f32 {
    let Phase::Vizier { good, .. } = s.phase else {
        return k as f32;
    };
    let p = &s.rules.config.params;
    let prize = if k == 0 && !p.vizier_zero_places {
        0.0
    } else {
        let below = rivals_below(s, seat, good, k);
        let rivals = (s.players().max(2) - 1) as i32;
        let first = below.powi(rivals);
        let second = rivals as f32 * (1.0 - below) * below.powi(rivals - 1);
        first * p.vizier_prizes[0] as f32 + second * p.vizier_prizes[1] as f32
    };
    prize - w.shown * k as f32 * good_value(s, w)
}

/// The chance that one rival holds at most `k` of `good`: each good the bot cannot see is in a
/// given rival's shield with the share of the unseen goods the shields hold, split evenly (a
/// binomial; a tie at the top shares the first prize, so `k` itself counts as not beaten).
fn rivals_below(s: &State, seat: Seat, good: Good, k: u8) -> f32 {
    let rivals = (s.players().max(2) - 1) as f32;
    let in_shields: u32 = (0..s.players())
        .filter(|&p| p != seat.index())
        .map(|p| s.goods[p].total())
        .sum();
    let unseen_all = in_shields + s.bag.total();
    let n = super::unseen(s, seat, good) as i32;
    if n == 0 || unseen_all == 0 {
        return 1.0;
    }
    let q = (in_shields as f32 / unseen_all as f32 / rivals).clamp(0.0, 1.0);
    // P(X <= k) for X ~ Binomial(n, q), term by term.
    let mut term = (1.0 - q).powi(n);
    let mut sum = term;
    for i in 0..(k as i32).min(n) {
        term *= (n - i) as f32 / (i + 1) as f32 * q / (1.0 - q).max(1e-6);
        sum += term;
    }
    sum.min(1.0)
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::state::{Phase, State};
    use crate::{SilkRoad, SilkRoadConfig};
    use silk_core::{next_decider, Game, Heuristic, Seat, SilkRng, Style};

    /// States of greedy games where a seat holding 4 or more of the called good reveals, under
    /// the reveal format `format`.
    fn big_reveals(format: &str) -> Vec<(State, Seat, u8)> {
        let mut config = SilkRoadConfig::new(4);
        config.params.vizier_auction = format.parse().unwrap();
        let mut found = Vec::new();
        let mut legal = Vec::new();
        for seed in 0..12 {
            let mut s = SilkRoad::setup(&config, seed).unwrap();
            let mut rng = SilkRng::seed_from(seed);
            while let Some(seat) = next_decider(SilkRoad::to_move(&s)) {
                SilkRoad::legal_actions(&s, seat, &mut legal);
                if let Phase::Vizier { good, .. } = s.phase {
                    let held = s.goods[seat.index()].get(good);
                    if held >= 4 && legal.contains(&Action::Reveal(held)) {
                        found.push((s, seat, held));
                    }
                }
                let a = SilkRoad::styled_choose(&s, seat, &legal, &mut rng, Style::Balanced);
                SilkRoad::apply(&mut s, seat, a).unwrap();
            }
        }
        assert!(found.len() >= 5, "only {} big reveals", found.len());
        found
    }

    fn reveal(s: &State, seat: Seat, shown: f32) -> u8 {
        let mut legal = Vec::new();
        SilkRoad::legal_actions(s, seat, &mut legal);
        let mut w = SilkRoad::style_weights(Style::Balanced);
        w.set(3, shown);
        match SilkRoad::weighted_choose(s, seat, &legal, &mut SilkRng::seed_from(1), &w) {
            Action::Reveal(k) => k,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn issue33_silk_road_greedy_keeps_its_goods_when_showing_gives_them_up() {
        for (s, seat, held) in big_reveals("sealed/all_pay/shared") {
            let k = reveal(&s, seat, 1.0);
            assert!(k < held, "showed {k} of {held}, all given up");
            assert_eq!(reveal(&s, seat, 0.0), held, "the heuristic before issue 33");
        }
        // Under the rules' reveal nothing is given up: it shows everything.
        for (s, seat, held) in big_reveals("sealed/none/shared") {
            assert_eq!(reveal(&s, seat, 1.0), held);
        }
    }
}

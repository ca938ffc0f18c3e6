//! The decisions the heuristic never took, or took at random, before issue 33 (`silk coverage
//! splendor` showed them unused): reserving unseen from a deck for the gold, reserving a card a
//! rival is about to buy, declining a stronghold conquest that would cost a better card, and
//! choosing among nobles, cities and trading posts by what they are worth rather than at
//! random. Each stays a move a player trying to win would make.

use super::{shortfall, worth, Wants};
use crate::action::Pay;
use crate::colour::GOLD;
use crate::data::Power;
use crate::engine::payment;
use crate::rules::NONE;
use crate::state::State;

/// The worth of the gold a reserve brings: more when the card the bot works towards still lacks
/// gems (a gold token pays any of them), nothing when the supply has none left.
pub(super) fn gold_value(s: &State, p: usize, w: &Wants) -> f32 {
    if s.bank[GOLD] == 0 {
        0.0
    } else if w.target != NONE && shortfall(s, p, w.target) > 0 {
        0.6
    } else {
        0.3
    }
}

/// Reserving the top card of deck `d` unseen: taken for the gold when no face-up card is worth
/// reserving, a blind card of a level is worth what the level's face-up cards are worth to the
/// bot on average (a fair sample of the deck: the deck's own order stays hidden), and unlike a
/// face-up card it tells the others nothing. `blind` 0: never (the heuristic before issue 33).
pub(super) fn deck_value(s: &State, p: usize, w: &Wants, d: u8) -> f32 {
    if w.w.blind <= 0.0 || s.bank[GOLD] == 0 {
        return -1.0;
    }
    gold_value(s, p, w) - 1.0 + w.w.blind * 0.3 * w.level[d as usize % 3]
}

/// Reserving a face-up card to keep it from a rival: a card worth 2 prestige or more that
/// another player could buy on their next turn, valued by its prestige (0 for any other
/// card). `deny` 0: never (the heuristic before issue 33).
pub(super) fn deny_value(s: &State, p: usize, w: &Wants, card: u8) -> f32 {
    let points = s.rules.card(card).points;
    if w.w.deny <= 0.0 || points < 2 {
        return 0.0;
    }
    let threat = (0..s.players()).any(|q| q != p && shortfall(s, q, card) == 0);
    if threat {
        w.w.deny * 0.3 * points as f32
    } else {
        0.0
    }
}

/// A conquest purchase (strongholds: all of the bot's on one card, bought after its action)
/// that would spend the gems or gold of a better card it can already pay for: the bot declines
/// it (its strongholds keep the card from the others) and buys the better card next turn. Any
/// other conquest purchase is valued as a purchase (`None`). `keep` 0: never declines.
pub(super) fn conquest_value(s: &State, p: usize, w: &Wants, card: u8, pay: Pay) -> Option<f32> {
    let (target, gain) = (w.other_than(card)?, w.w.keep);
    if gain <= 0.0 || shortfall(s, p, target) > 0 {
        return None;
    }
    let (wt, wc) = (
        worth(s, &w.w, &w.colour, target),
        worth(s, &w.w, &w.colour, card),
    );
    if wt < wc {
        return None;
    }
    // What the purchase leaves: gems and gold spent on the conquest card.
    let owed = payment::owed(s, p, card);
    let mut after = *s;
    let mut gold = 0u8;
    for (c, &due) in owed.iter().enumerate() {
        let by_gold = pay.units(c);
        gold += by_gold;
        let held = &mut after.tokens[p][c];
        *held = held.saturating_sub(due.saturating_sub(by_gold));
    }
    after.tokens[p][GOLD] = after.tokens[p][GOLD].saturating_sub(gold);
    after.gold_cards[p] = after.gold_cards[p].saturating_sub(pay.cards);
    (shortfall(&after, p, target) > 0).then(|| -gain * (wt - wc + 1.0))
}

/// Which noble to reserve (The Orient): the one the bot is nearest to, since a reserved noble
/// visits only its reserver.
pub(super) fn noble_reserve_value(s: &State, p: usize, i: u8) -> f32 {
    let k = s.nobles[i as usize];
    if k == NONE {
        return 0.0;
    }
    let req = &s.rules.nobles[k as usize].requires;
    1.0 + 1.0 / (1.0 + missing(&s.bonus[p], req) as f32)
}

/// Which of two visiting nobles, or two cities met at once (2017: the tile is taken), to take
/// first: the one a rival is nearest to, so the other waits for the bot alone.
pub(super) fn denied_value(s: &State, p: usize, req: &[u8; 5]) -> f32 {
    let nearest = (0..s.players())
        .filter(|&q| q != p)
        .map(|q| missing(&s.bonus[q], req))
        .min()
        .unwrap_or(u32::MAX);
    1.0 + 1.0 / (1.0 + nearest as f32)
}

/// Which trading post to claim first when several qualify (2024): prestige now before powers.
pub(super) fn post_value(s: &State, i: u8) -> f32 {
    match s.rules.posts.get(i as usize).map(|post| post.power) {
        Some(Power::FivePoints) => 1.5,
        Some(Power::PointPerPost) => 1.4,
        Some(Power::TakeGemAfterBuy) => 1.3,
        Some(Power::ExtraGemWithPair) => 1.2,
        _ => 1.0,
    }
}

/// Bonuses still missing for a requirement.
fn missing(bonus: &[u8; 5], req: &[u8; 5]) -> u32 {
    (0..5).map(|c| req[c].saturating_sub(bonus[c]) as u32).sum()
}

#[cfg(test)]
mod tests {
    use crate::action::Action;
    use crate::data::{Edition, Module, Power, SplendorConfig};
    use crate::rules::{NONE, SLOTS};
    use crate::state::{Phase, State};
    use crate::Splendor;
    use silk_core::{Game, Heuristic, Seat, SilkRng, Style, WeightSet};

    fn game(modules: &[Module], edition: Edition) -> State {
        let mut c = SplendorConfig::new(3).with_modules(modules);
        c.edition = edition;
        let mut s = Splendor::setup(&c, 11).unwrap();
        s.current = 0;
        s
    }

    /// The balanced greedy's choices over a few random draws, and the same with weight `off`
    /// (by name) set to 0: the heuristic before the rule.
    fn choices(s: &State, off: Option<&str>) -> Vec<Action> {
        let mut legal = Vec::new();
        Splendor::legal_actions(s, Seat(s.current), &mut legal);
        let mut w = Splendor::style_weights(Style::Balanced);
        if let Some(name) = off {
            let i = Splendor::WEIGHTS.iter().position(|n| *n == name).unwrap();
            w.set(i, 0.0);
        }
        (0..6)
            .map(|k| {
                let mut rng = SilkRng::seed_from(k);
                Splendor::weighted_choose(s, Seat(s.current), &legal, &mut rng, &w)
            })
            .collect()
    }

    /// A table where seat 0 cannot take a gem (the supply holds only gold) nor buy anything (it
    /// holds nothing): its turn is a reserve.
    fn only_reserves() -> State {
        let mut s = game(&[], Edition::E2017);
        for p in 0..3 {
            s.tokens[p] = [0; 6];
        }
        s.bank = [0, 0, 0, 0, 0, 5];
        s
    }

    #[test]
    fn issue33_splendor_greedy_reserves_from_the_deck_when_it_wants_gold() {
        let s = only_reserves();
        let now = choices(&s, None);
        assert!(
            now.iter().all(|a| matches!(a, Action::ReserveDeck(_))),
            "no face-up card is worth reserving: the gold, and a blind card, {now:?}"
        );
        let before = choices(&s, Some("blind"));
        assert!(
            before.iter().all(|a| matches!(a, Action::Reserve(_))),
            "{before:?}"
        );
    }

    #[test]
    fn issue33_splendor_greedy_reserves_a_card_a_rival_could_buy_next() {
        let mut s = only_reserves();
        // The face-up card of most prestige; seat 1 holds its price.
        let (pos, card) = (0..3 * SLOTS as u8)
            .map(|pos| (pos, crate::engine::cards::card_at(&s, pos)))
            .filter(|&(_, c)| c != NONE)
            .max_by_key(|&(_, c)| s.rules.card(c).points)
            .unwrap();
        assert!(s.rules.card(card).points >= 3);
        s.tokens[1][..5].copy_from_slice(&s.rules.card(card).cost);
        let now = choices(&s, None);
        assert!(now.iter().all(|&a| a == Action::Reserve(pos)), "{now:?}");
        assert!(choices(&s, Some("deny"))
            .iter()
            .all(|&a| a != Action::Reserve(pos)));
    }

    #[test]
    fn issue33_splendor_greedy_declines_a_conquest_that_would_cost_a_better_card() {
        let mut s = game(&[Module::Strongholds], Edition::E2024);
        let r = s.rules;
        // A target of 3+ prestige and a level-1 card whose price is part of the target's.
        let (target, cheap) = (0..r.cards.len() as u8)
            .filter(|&t| r.card(t).points >= 3 && !r.card(t).orient)
            .find_map(|t| {
                (0..r.cards.len() as u8)
                    .find(|&c| {
                        let (ct, cc) = (r.card(t).cost, r.card(c).cost);
                        r.card(c).level == 0
                            && !r.card(c).orient
                            && (0..5).all(|k| cc[k] <= ct[k])
                            && (0..5).any(|k| cc[k] > 0)
                    })
                    .map(|c| (t, c))
            })
            .unwrap();
        s.board[r.card(target).level as usize][0] = target;
        s.board[0][1] = cheap;
        let at = 1u8;
        s.strongholds[0] = [at; 3];
        s.tokens[0] = [0; 6];
        s.tokens[0][..5].copy_from_slice(&r.card(target).cost);
        s.phase = Phase::Conquest;
        let now = choices(&s, None);
        assert!(now.iter().all(|&a| a == Action::Decline), "{now:?}");
        let before = choices(&s, Some("keep"));
        assert!(
            before.iter().all(|a| matches!(a, Action::Buy { .. })),
            "{before:?}"
        );
        // Without the better card on the table, the conquest is bought.
        s.board[r.card(target).level as usize][0] = NONE;
        assert!(choices(&s, None)
            .iter()
            .all(|a| matches!(a, Action::Buy { .. })));
    }

    #[test]
    fn issue33_splendor_greedy_reserves_the_noble_it_is_nearest() {
        let mut s = game(&[Module::Orient], Edition::E2017);
        let k = s.nobles[1];
        s.bonus[0] = s.rules.nobles[k as usize].requires;
        s.bonus[0][(0..5).find(|&c| s.bonus[0][c] > 0).unwrap()] -= 1;
        s.phase = Phase::ReserveNoble;
        let now = choices(&s, None);
        assert!(now.iter().all(|&a| a == Action::ReserveNoble(1)), "{now:?}");
    }

    #[test]
    fn issue33_splendor_greedy_takes_first_the_noble_a_rival_is_nearest() {
        let mut s = game(&[], Edition::E2017);
        // Seat 0 meets nobles 0 and 1; seat 1 lacks one bonus of noble 1 only.
        let (a, b) = (s.nobles[0], s.nobles[1]);
        let (ra, rb) = (
            s.rules.nobles[a as usize].requires,
            s.rules.nobles[b as usize].requires,
        );
        s.bonus[0] = std::array::from_fn(|c| ra[c].max(rb[c]));
        s.bonus[1] = rb;
        s.bonus[1][(0..5).find(|&c| rb[c] > 0).unwrap()] -= 1;
        s.bonus[2] = [0; 5];
        s.phase = Phase::Noble;
        let now = choices(&s, None);
        assert!(now.iter().all(|&a| a == Action::Noble(1)), "{now:?}");
    }

    #[test]
    fn issue33_splendor_greedy_claims_the_post_worth_most_first() {
        let mut s = game(&[Module::TradingPosts], Edition::E2024);
        let five = s
            .rules
            .posts
            .iter()
            .position(|p| p.power == Power::FivePoints)
            .unwrap();
        let gem = s
            .rules
            .posts
            .iter()
            .position(|p| p.power == Power::TakeGemAfterBuy)
            .unwrap();
        let (a, b) = (s.rules.posts[five].requires, s.rules.posts[gem].requires);
        s.bonus[0] = std::array::from_fn(|c| a[c].max(b[c]));
        s.nobles_held[0] = s.rules.posts[five].nobles;
        s.phase = Phase::Post;
        let now = choices(&s, None);
        assert!(
            now.iter().all(|&x| x == Action::Post(five as u8)),
            "{now:?}"
        );
    }

    /// Every weight of the styles is on: the rules above are the styles' play, not an option.
    #[test]
    fn issue33_splendor_styles_use_the_new_rules() {
        for style in Style::ALL {
            let w: WeightSet = Splendor::style_weights(style);
            for i in 3..6 {
                assert!(w.get(i) > 0.0, "{style:?} {}", Splendor::WEIGHTS[i]);
            }
        }
    }
}

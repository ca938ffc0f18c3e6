//! Where the strong bot spends its search. A Cities game is thousands of decisions, most of
//! them a city's own steps and its trade with the empires; the course of the game is set by a
//! few: the auctions (barbarians, priority, a fallen city's lots), war, development cards, the
//! setup claims and Rise and Fall. The strong bot searches those and plays the rest by its
//! style (`Heuristic::worth_searching`). Once the development deck has run out, no city's VP
//! can change any more (`State::dev_ran_out`, public): the game can only stall to the round
//! cap, so nothing is searched. Measured, the stalled games of four strong bots held 94 % of
//! their decisions after that point, most of them a fallen city's store auctioned unit by unit.

use crate::action::Action;
use crate::state::State;
use crate::Cities;
use silk_core::Observe;

/// The decision kinds the style plays, by their number in `Observe::DECISION_KINDS` (the test
/// below checks the names): a city's own steps (`citizens`, `produce`, `end`) and its trade
/// with the empires and the other cities (`trade`: buying, selling, offers and answers, routes
/// and tolls).
const BY_STYLE: u32 = 1 << 2 | 1 << 3 | 1 << 4 | 1 << 7;

/// Whether a decision among `legal` is searched: not when every choice is of a kind the style
/// plays. Measured (docs/bots.md): searching trade too won no measurably more games and took
/// four times as long.
pub(super) fn worth_searching(s: &State, legal: &[Action]) -> bool {
    !s.dev_ran_out
        && !legal
            .iter()
            .all(|a| BY_STYLE & 1 << Cities::decision_kind(a) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Res, Role};
    use crate::CitiesConfig;
    use silk_core::{Game, Seat};

    /// Issue 46, point 4: the strong bot searches the auctions, war, cards, claims and Rise and
    /// Fall, and plays a city's own steps and its trade by its style.
    #[test]
    fn issue46_the_strong_bot_searches_what_sets_the_games_course() {
        let by_style: Vec<&str> = (0..Cities::DECISION_KINDS.len())
            .filter(|k| BY_STYLE & 1 << k != 0)
            .map(|k| Cities::DECISION_KINDS[k].name)
            .collect();
        assert_eq!(by_style, ["citizens", "produce", "trade", "end"]);
        let mut s = Cities::setup(&CitiesConfig::new(4), 1).unwrap();
        let own_steps = [
            Action::Assign {
                from: Role::Laborer,
                to: Role::Soldier,
            },
            Action::Gather(Res::Food),
            Action::Build(0),
            Action::Grow,
            Action::Buy { empire: 0, slot: 1 },
            Action::Sell {
                empire: 1,
                res: Res::Silk,
            },
            Action::Route(2),
            Action::PayToll,
            Action::EndTurn,
        ];
        assert!(!worth_searching(&s, &own_steps));
        for course in [
            Action::Bid(3),
            Action::Pass,
            Action::Attack {
                target: Seat(1),
                army: 2,
            },
            Action::Play(0),
            Action::Claim(4),
            Action::Keep,
        ] {
            // One such choice among a city's own steps makes the decision worth a search.
            let mut legal = own_steps.to_vec();
            legal.push(course);
            assert!(worth_searching(&s, &legal), "{course:?}");
            assert!(worth_searching(&s, &[course]), "{course:?}");
            // Once the deck has run out, no VP can change: nothing is searched.
            s.dev_ran_out = true;
            assert!(!worth_searching(&s, &[course]), "{course:?}");
            s.dev_ran_out = false;
        }
    }
}

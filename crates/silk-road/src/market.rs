//! The market order: who may receive the leader pawn during a market and who holds it when the
//! market ends. Shared by the engine and the table helper, so both follow one rule.
//!
//! Rules summary: the leader acts first, takes a turn token and passes the pawn to a player with
//! no token; the last player receives the pawn with no tile left and does not act. With 3
//! players each may act twice: the pawn may not go to a player with 2 tokens, and the player who
//! acted only once ends with it. Project decision (gap 10): after a Barterer leaves several
//! players without a turn, the last actor chooses which of them gets the pawn.
//!
//! Two points the texts leave open with 3 players, decided here (`silk rules silk-road` says so):
//! a player takes at most [`MAX_TILES_PER_MARKET`] tiles in one market, so a Barterer (two tiles)
//! is used only on a player's first turn of the market, never for a third action; and the pawn
//! is never passed to oneself: a last actor who is the only player who acted least keeps it.

use silk_core::{Seat, SeatSet};

/// Turn tokens a player may hold and still be passed the pawn: 2 with 3 players, else 1.
pub const fn token_cap(players: usize) -> u8 {
    if players == 3 {
        2
    } else {
        1
    }
}

/// The most tiles one player takes in one market: with 3 players each acts twice ("the pawn
/// may not be passed to a player with 2 turn tokens"); with more, once, or twice with a
/// Barterer.
pub const MAX_TILES_PER_MARKET: u8 = 2;

/// Whether a player holding `tokens` turn tokens may use a Barterer now: its two tiles must not
/// take them past [`MAX_TILES_PER_MARKET`].
pub const fn may_barter(tokens: u8) -> bool {
    tokens + 2 <= MAX_TILES_PER_MARKET
}

/// Other players the pawn may be passed to during the market (`tokens` has one entry per seat).
pub fn pass_targets(tokens: &[u8], actor: Seat) -> SeatSet {
    let cap = token_cap(tokens.len());
    Seat::all(tokens.len())
        .filter(|&p| p != actor && tokens[p.index()] < cap)
        .collect()
}

/// Who may hold the pawn when the market ends: players who did not act; if everyone acted
/// (3 players), those who acted least. The last actor is among them only when no one else is:
/// the pawn is never passed to oneself.
pub fn final_holders(tokens: &[u8], actor: Seat) -> SeatSet {
    let least = tokens.iter().copied().min().unwrap_or(0);
    let all: SeatSet = Seat::all(tokens.len())
        .filter(|p| tokens[p.index()] == least)
        .collect();
    let others: SeatSet = all.iter().filter(|&p| p != actor).collect();
    if others.is_empty() {
        all
    } else {
        others
    }
}

/// What follows a player's turn in the market.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AfterTurn {
    /// Only one player may receive the pawn: it goes to them, and they act.
    PassTo(Seat),
    /// The actor chooses among these players, who then act.
    ChoosePass(SeatSet),
    /// The market is over; this player holds the pawn for the next auction.
    HeldBy(Seat),
    /// The market is over; the actor chooses who holds the pawn among these.
    ChooseHolder(SeatSet),
}

/// The market order after `actor` finished a turn with `tiles_left` tiles still in the city.
pub fn after_turn(tokens: &[u8], tiles_left: usize, actor: Seat) -> AfterTurn {
    if tiles_left > 0 {
        let targets = pass_targets(tokens, actor);
        match (targets.len(), targets.first()) {
            (1, Some(to)) => return AfterTurn::PassTo(to),
            (0, _) => {}
            _ => return AfterTurn::ChoosePass(targets),
        }
    }
    let holders = final_holders(tokens, actor);
    match (holders.len(), holders.first()) {
        (1, Some(to)) => AfterTurn::HeldBy(to),
        (0, _) => AfterTurn::HeldBy(actor),
        _ => AfterTurn::ChooseHolder(holders),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// When no one may receive the pawn any more (every other player has acted), the market ends
    /// even with tiles left in the city: the last actor chooses who holds the pawn among those who
    /// acted least.
    #[test]
    fn the_market_ends_with_tiles_left_when_no_one_may_receive_the_pawn() {
        assert_eq!(
            after_turn(&[1, 1, 1, 1], 2, Seat(3)),
            AfterTurn::ChooseHolder(SeatSet::from_iter([Seat(0), Seat(1), Seat(2)]))
        );
        assert_eq!(
            after_turn(&[1, 1, 1, 0], 2, Seat(2)),
            AfterTurn::PassTo(Seat(3))
        );
    }

    /// The market never offers an empty choice: with nobody to hold the pawn, the actor keeps it.
    #[test]
    fn with_nobody_to_choose_the_actor_keeps_the_pawn() {
        assert_eq!(after_turn(&[], 0, Seat(0)), AfterTurn::HeldBy(Seat(0)));
    }

    #[test]
    fn four_players_last_player_gets_the_pawn_without_acting() {
        // 3 tiles: P1, P2, P3 acted; P4 holds the pawn.
        assert_eq!(
            after_turn(&[1, 1, 1, 0], 0, Seat(2)),
            AfterTurn::HeldBy(Seat(3))
        );
    }

    #[test]
    fn three_players_may_act_twice_but_not_thrice() {
        // P1 acted twice: only P3 (1 token) or P2 (0) may receive the pawn from P2? P2 is the actor.
        assert_eq!(
            after_turn(&[2, 1, 1], 1, Seat(1)),
            AfterTurn::PassTo(Seat(2)),
            "P1 has 2 tokens and P2 is the actor"
        );
        // Market over: the player who acted once ends with the pawn.
        assert_eq!(
            after_turn(&[2, 2, 1], 0, Seat(1)),
            AfterTurn::HeldBy(Seat(2))
        );
    }

    #[test]
    fn a_barterer_is_used_only_on_a_first_turn() {
        assert!(may_barter(0));
        assert!(!may_barter(1), "a third tile in one market");
        assert!(!may_barter(2));
    }

    #[test]
    fn the_pawn_is_never_passed_to_oneself() {
        // A game where the actor ties for fewest tokens: the choice is among the others.
        assert_eq!(
            after_turn(&[2, 1, 1], 0, Seat(2)),
            AfterTurn::HeldBy(Seat(1))
        );
        assert_eq!(
            after_turn(&[2, 1, 1, 1], 0, Seat(3)),
            AfterTurn::ChooseHolder(SeatSet::from_iter([Seat(1), Seat(2)]))
        );
        // The actor alone acted least: keeps the pawn, no pass.
        assert_eq!(
            after_turn(&[2, 2, 1], 0, Seat(2)),
            AfterTurn::HeldBy(Seat(2))
        );
    }

    #[test]
    fn barterer_leaves_the_choice_to_the_last_actor() {
        // P1 bartered (2 tokens), P2 took the last tile: P3 and P4 did not act.
        assert_eq!(
            after_turn(&[2, 1, 0, 0], 0, Seat(1)),
            AfterTurn::ChooseHolder(SeatSet::from_iter([Seat(2), Seat(3)]))
        );
    }
}

//! What the page asks: the step the game waits on and why, to the seat asked or about it.

use crate::action::Action;
use crate::colour::token_name;
use crate::state::{Phase, State};
use silk_core::Seat;

/// What is asked now, naming the step and why: to the seat asked ("you"), or to anyone else
/// about that seat. `None` once the game is over.
pub fn question(s: &State, viewer: Option<Seat>) -> Option<String> {
    let seat = s.seat();
    let p = seat.index();
    let you = viewer == Some(seat);
    // (the seat's own words, everyone else's)
    let (mine, theirs): (String, String) = match s.phase {
        Phase::Over => return None,
        Phase::Act => {
            // Only the seat asked learns it can do nothing (its blind reserves count).
            let mut legal = Vec::new();
            if you {
                crate::engine::legal(s, seat, &mut legal);
            }
            if legal == [Action::Pass] {
                (
                    "No action is possible for you: pass".into(),
                    format!("{seat} cannot act and passes"),
                )
            } else {
                (
                    "Your turn: take gems, reserve a card or buy one".into(),
                    format!("{seat}'s turn: take gems, reserve a card or buy one"),
                )
            }
        }
        Phase::Return => {
            let held = s.tokens_held(p);
            let limit = s.rules.config.params.token_limit as u32;
            let over = held.saturating_sub(limit);
            (
                format!(
                    "You hold {held} tokens and the limit is {limit}: return {over} (tap a token of yours)"
                ),
                format!("{seat} holds {held} tokens, over the limit of {limit}: returns {over}"),
            )
        }
        Phase::Noble => (
            "More than one noble would visit you: choose one".into(),
            format!("{seat} chooses which noble visits"),
        ),
        Phase::City => (
            "You meet more than one city: claim one".into(),
            format!("{seat} chooses a city to claim"),
        ),
        Phase::Post => (
            "You qualify for more than one trading post: choose one".into(),
            format!("{seat} chooses a trading post"),
        ),
        Phase::ExtraGem { not } => (
            format!(
                "Trading post: take 1 gem of a colour other than {}",
                token_name(not as usize)
            ),
            format!("{seat} takes an extra gem (trading post)"),
        ),
        Phase::BonusGem => (
            "Trading post: after your purchase, take 1 gem".into(),
            format!("{seat} takes a gem after buying (trading post)"),
        ),
        Phase::Join { .. } => (
            "Join the card you bought to a colour you have".into(),
            format!("{seat} joins a card to a colour"),
        ),
        Phase::FreeCard { level } => (
            format!("Take a face-up level {} card free", level + 1),
            format!("{seat} takes a level {} card free", level + 1),
        ),
        Phase::ReserveNoble => (
            "Reserve a noble: only you will be able to receive it".into(),
            format!("{seat} reserves a noble"),
        ),
        Phase::Sacrifice { colour, left, .. } => (
            format!(
                "Sacrifice: discard cards until {left} {} bonus(es) are gone",
                token_name(colour as usize)
            ),
            format!("{seat} discards cards for a sacrifice"),
        ),
        Phase::Stronghold => (
            "Strongholds: place or move one of yours, or remove another's".into(),
            format!("{seat} places, moves or removes a stronghold"),
        ),
        Phase::Conquest => (
            "All your strongholds are on one card: buy it now, or decline".into(),
            format!("{seat} may buy the card its strongholds hold"),
        ),
    };
    Some(if you { mine } else { theirs })
}

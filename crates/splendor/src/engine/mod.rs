//! The rules, one module per rule area; this file dispatches on the phase.
//!
//! - [`tokens`]: taking gems, the token limit, the trading posts' gem powers;
//! - [`cards`]: reserving, buying (payment with gold), refilling the face-up cards;
//! - [`orient`]: The Orient's card effects (join, free card, reserve a noble, sacrifice);
//! - [`strongholds`]: placing, moving, removing, conquest;
//! - [`turn`]: the order of the end of a turn (nobles, trading posts, cities) and of the game;
//! - [`draw`]: one legal action drawn at random without listing them all (random playouts).

pub mod cards;
pub mod draw;
pub mod orient;
pub mod payment;
pub mod reach;
pub mod strongholds;
pub mod tokens;
pub mod turn;

use crate::action::Action;
use crate::engine::payment::Spent;
use crate::event::Event;
use crate::state::{Phase, State, Step};
use silk_core::{EventSink, IllegalAction, Seat, ToMove};

pub fn to_move(s: &State) -> ToMove {
    match s.phase {
        Phase::Over => ToMove::Terminal,
        _ => ToMove::Seat(s.seat()),
    }
}

/// The legal actions of `seat` into `out` (cleared first).
pub fn legal(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if s.phase == Phase::Over || seat != s.seat() {
        return;
    }
    let p = s.current as usize;
    match s.phase {
        Phase::Act => {
            act_actions(s, p, out);
            if out.is_empty() {
                out.push(Action::Pass);
            }
        }
        Phase::ExtraGem { not } => tokens::legal_gems(s, Some(not), out),
        Phase::BonusGem => tokens::legal_gems(s, None, out),
        Phase::Return => tokens::legal_returns(s, p, out),
        Phase::Join { .. } => orient::legal_joins(s, p, out),
        Phase::FreeCard { level } => orient::legal_free(s, p, level, out),
        Phase::ReserveNoble => orient::legal_noble_reserves(s, p, out),
        Phase::Sacrifice { colour, left, card } => {
            orient::legal_discards(s, p, colour, left, card, out)
        }
        Phase::Stronghold => strongholds::legal(s, p, out),
        Phase::Conquest => {
            strongholds::legal_conquest(s, p, out);
            out.push(Action::Decline);
        }
        Phase::Noble => turn::legal_nobles(s, p, out),
        Phase::Post => turn::legal_posts(s, p, out),
        Phase::City => turn::legal_cities(s, p, out),
        Phase::Over => {}
    }
}

/// The turn's possible actions: take, reserve, buy.
fn act_actions(s: &State, p: usize, out: &mut Vec<Action>) {
    // Room for a whole list at once, so the pushes below never grow the buffer.
    out.reserve(64);
    tokens::legal_takes(s, out);
    cards::legal_reserves(s, p, out);
    cards::legal_buys(s, p, cards::means(s, p), out);
}

/// Why `action` is not legal for the player to move now, or `Ok` with the settled payment of a
/// purchase (so that `apply` settles it once).
fn check(s: &State, action: Action) -> Result<Option<Spent>, String> {
    let p = s.current as usize;
    match (s.phase, action) {
        (Phase::Act, Action::Buy { src, pay }) => cards::check_buy(s, p, src, pay).map(Some),
        (Phase::Conquest, Action::Buy { src, pay }) => {
            strongholds::check_conquest(s, p, src, pay).map(Some)
        }
        _ => check_other(s, p, action).map(|()| None),
    }
}

/// `check` for every decision but a purchase.
fn check_other(s: &State, p: usize, action: Action) -> Result<(), String> {
    match (s.phase, action) {
        (Phase::Act, Action::Pass) => {
            let mut any = Vec::new();
            act_actions(s, p, &mut any);
            if any.is_empty() {
                Ok(())
            } else {
                Err("you may pass only when no action is possible".into())
            }
        }
        (Phase::Act, Action::TakeDifferent(mask)) => tokens::check_take_different(s, mask),
        (Phase::Act, Action::TakeTwo(c)) => tokens::check_take_two(s, c),
        (Phase::Act, Action::Reserve(pos)) => cards::check_reserve(s, p, pos),
        (Phase::Act, Action::ReserveDeck(d)) => cards::check_reserve_deck(s, p, d),
        (Phase::ExtraGem { not }, Action::Gem(c)) => tokens::check_gem(s, Some(not), c),
        (Phase::BonusGem, Action::Gem(c)) => tokens::check_gem(s, None, c),
        (Phase::Return, Action::Return(k)) => tokens::check_return(s, p, k),
        (Phase::Join { .. }, Action::Join(c)) => orient::check_join(s, p, c),
        (Phase::FreeCard { level }, Action::Free(pos)) => orient::check_free(s, p, level, pos),
        (Phase::ReserveNoble, Action::ReserveNoble(i)) => orient::check_noble_reserve(s, i),
        (Phase::Sacrifice { colour, left, card }, Action::Discard(id)) => {
            orient::check_discard(s, p, colour, left, card, id)
        }
        (Phase::Stronghold, Action::Place { from, to }) => strongholds::check_place(s, p, from, to),
        (Phase::Stronghold, Action::Remove { at, seat }) => {
            strongholds::check_remove(s, p, at, seat)
        }
        (Phase::Conquest, Action::Decline) => Ok(()),
        (Phase::Noble, Action::Noble(i)) => turn::check_noble(s, p, i),
        (Phase::Post, Action::Post(i)) => turn::check_post(s, p, i),
        (Phase::City, Action::City(i)) => turn::check_city(s, p, i),
        _ => Err(format!(
            "that is not a decision of this moment ({})",
            phase_name(s.phase)
        )),
    }
}

/// Plays `action` for `seat`; an illegal action leaves the state unchanged and says why.
pub fn apply(
    s: &mut State,
    seat: Seat,
    action: Action,
    ev: &mut impl EventSink<Event>,
) -> Result<(), IllegalAction> {
    if s.phase == Phase::Over {
        return Err(IllegalAction::GameOver);
    }
    if seat != s.seat() {
        return Err(IllegalAction::NotYourTurn(seat));
    }
    let paid = check(s, action).map_err(IllegalAction::Rule)?;
    play(s, seat, action, paid, ev);
    Ok(())
}

/// `apply` for an action `legal` has just listed for this state (a random playout's): the
/// checks are left out (a debug build still makes them), and a purchase is settled without
/// them.
pub fn apply_listed(
    s: &mut State,
    seat: Seat,
    action: Action,
    ev: &mut impl EventSink<Event>,
) -> Result<(), IllegalAction> {
    debug_assert_eq!(
        check(s, action).map(|_| ()),
        Ok(()),
        "{action:?} was not a legal action"
    );
    if s.phase == Phase::Over {
        return Err(IllegalAction::GameOver);
    }
    if seat != s.seat() {
        return Err(IllegalAction::NotYourTurn(seat));
    }
    // A purchase is settled as it is carried out.
    play(s, seat, action, None, ev);
    Ok(())
}

/// Carries out a checked action; `paid` is the settled payment of a purchase (`None`: a
/// listed purchase, settled as it is carried out).
fn play(
    s: &mut State,
    seat: Seat,
    action: Action,
    paid: Option<Spent>,
    ev: &mut impl EventSink<Event>,
) {
    let p = s.current as usize;
    // A new chain of consequences starts with the turn's action and with a conquest purchase.
    let act = matches!(s.phase, Phase::Act);
    let restart = act || matches!((s.phase, action), (Phase::Conquest, Action::Buy { .. }));
    if act && !matches!(action, Action::Pass) {
        s.passes = 0;
    }
    // By the action alone: the phase is read only where its fields matter (`check` admitted
    // the action in this phase).
    match action {
        Action::Pass => {
            s.passes += 1;
            ev.emit(Event::Passed { seat });
        }
        Action::TakeDifferent(mask) => tokens::take_different(s, p, mask, ev),
        Action::TakeTwo(c) => tokens::take_two(s, p, c, ev),
        Action::Gem(c) => tokens::take_gem(s, p, c, ev),
        Action::Return(k) => tokens::give_back(s, p, k, ev),
        Action::Reserve(pos) => cards::reserve(s, p, pos, ev),
        Action::ReserveDeck(d) => cards::reserve_deck(s, p, d, ev),
        Action::Buy { src, pay } => {
            let conquest = matches!(s.phase, Phase::Conquest);
            if conquest {
                s.conquered = true;
            }
            match paid {
                Some(spent) => cards::buy(s, p, src, spent, conquest, ev),
                None => cards::buy_listed(s, p, src, pay, conquest, ev),
            }
        }
        Action::Join(c) => {
            let Phase::Join { card } = s.phase else {
                misplaced()
            };
            orient::join(s, p, card, c, ev)
        }
        Action::Free(pos) => orient::take_free(s, p, pos, ev),
        Action::ReserveNoble(i) => orient::reserve_noble(s, p, i, ev),
        Action::Discard(id) => {
            let Phase::Sacrifice { colour, left, card } = s.phase else {
                misplaced()
            };
            orient::discard(s, p, id, ev);
            let gone = s.rules.card(id).bonus_count;
            if left > gone {
                s.phase = Phase::Sacrifice {
                    colour,
                    left: left - gone,
                    card,
                };
                return;
            }
        }
        Action::Place { from, to } => strongholds::place(s, p, from, to, ev),
        Action::Remove { at, seat: owner } => strongholds::remove(s, p, at, owner, ev),
        Action::Decline => {
            if !matches!(s.phase, Phase::Conquest) {
                misplaced()
            }
            s.conquered = true;
        }
        Action::Noble(i) => turn::receive_noble(s, p, i, ev),
        Action::Post(i) => turn::place_post(s, p, i, ev),
        Action::City(i) => turn::claim_city(s, p, i, ev),
    }
    // A pass too: a turn without an action is still a turn, whose end (token limit, nobles,
    // trading posts, cities) follows as after any action.
    if restart {
        s.step = Step::Effects;
    }
    turn::advance(s, ev);
}

/// An action played in a phase where `check` admits it not: a bug.
#[cold]
fn misplaced() -> ! {
    unreachable!("check() admits the action in this phase only")
}

/// The phase as players say it, for messages.
pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Act => "your turn's action",
        Phase::ExtraGem { .. } => "a gem of another colour (trading post)",
        Phase::Join { .. } => "the colour to join the card to",
        Phase::FreeCard { .. } => "a free face-up card",
        Phase::ReserveNoble => "a noble to reserve",
        Phase::Sacrifice { .. } => "a card to discard",
        Phase::Stronghold => "a stronghold to place, move or remove",
        Phase::BonusGem => "a gem after buying (trading post)",
        Phase::Conquest => "buy the card your strongholds hold, or decline",
        Phase::Return => "a token to give back",
        Phase::Noble => "the noble who visits",
        Phase::Post => "the trading post",
        Phase::City => "the city to claim",
        Phase::Over => "nothing: the game is over",
    }
}

//! The order of a turn after its action, and of the game: card effects, strongholds, the
//! bonus-gem power, refilling, conquest, the token limit, nobles, trading posts, cities; then
//! the end-of-game check when a round is complete.

use crate::action::Action;
use crate::colour::{covers, total};
use crate::data::{Edition, NoAction, Power};
use crate::engine::{cards, orient, strongholds};
use crate::event::Event;
use crate::rules::{MAX_NOBLES, NONE};
use crate::state::{effect, Phase, State, Step};
use silk_core::{EventSink, Seat};

/// Carries the turn forward from `s.step` to the next decision, or to the next player's turn.
#[inline]
pub fn advance(s: &mut State, ev: &mut impl EventSink<Event>) {
    if s.rules.base_only && s.queue_len == 0 {
        return advance_base(s, ev);
    }
    let p = s.current as usize;
    let mut buf = Vec::new();
    loop {
        let stop = match s.step {
            Step::Effects => effects_step(s, p, &mut buf),
            Step::Stronghold => {
                s.step = Step::BonusGem;
                s.bought && s.rules.strongholds && choose(s, p, Phase::Stronghold, &mut buf)
            }
            Step::BonusGem => {
                s.step = Step::Refill;
                s.bought
                    && s.has_power(p, Power::TakeGemAfterBuy)
                    && choose(s, p, Phase::BonusGem, &mut buf)
            }
            Step::Refill => {
                cards::refill(s, ev);
                s.bought = false;
                s.step = Step::Conquest;
                false
            }
            Step::Conquest => {
                s.step = Step::Return;
                conquest_step(s, p, &mut buf)
            }
            Step::Return => {
                if s.tokens_held(p) > s.rules.config.params.token_limit as u32 {
                    s.phase = Phase::Return;
                    true
                } else {
                    s.step = Step::Nobles;
                    false
                }
            }
            Step::Nobles => {
                s.step = Step::Posts;
                nobles_step(s, p, ev)
            }
            Step::Posts => {
                s.step = Step::Cities;
                s.rules.posts_module && posts_step(s, p, ev)
            }
            Step::Cities => {
                s.step = Step::EndTurn;
                s.rules.cities_module && s.city_of[p] == NONE && cities_step(s, p, ev)
            }
            Step::EndTurn => {
                end_turn(s, ev);
                true
            }
        };
        if stop {
            return;
        }
    }
}

/// One card effect off the queue, as its phase (true: the player has a choice in it); with
/// the queue empty, on to the strongholds step.
#[inline]
fn effects_step(s: &mut State, p: usize, buf: &mut Vec<Action>) -> bool {
    let Some((kind, arg)) = orient::pop(s) else {
        s.step = Step::Stronghold;
        return false;
    };
    let phase = match kind {
        effect::JOIN => Phase::Join { card: arg },
        effect::FREE => Phase::FreeCard { level: arg },
        effect::RESERVE_NOBLE => Phase::ReserveNoble,
        effect::EXTRA_GEM => Phase::ExtraGem { not: arg },
        _ => Phase::Sacrifice {
            colour: s.rules.card(arg).sacrifice,
            left: 2,
            card: arg,
        },
    };
    choose(s, p, phase, buf)
}

/// Enters `phase`, and tells whether the player has a choice in it.
#[inline]
fn choose(s: &mut State, p: usize, phase: Phase, buf: &mut Vec<Action>) -> bool {
    s.phase = phase;
    has_choice(s, p, buf)
}

/// The conquest step: a stronghold the player may take this turn (true: the phase is now
/// that choice).
#[inline]
fn conquest_step(s: &mut State, p: usize, buf: &mut Vec<Action>) -> bool {
    if !s.rules.strongholds || s.conquered || strongholds::conquest_place(s, p).is_none() {
        return false;
    }
    buf.clear();
    strongholds::legal_conquest(s, p, buf);
    if buf.is_empty() {
        return false;
    }
    s.phase = Phase::Conquest;
    true
}

/// The trading posts step: every post the player qualifies for (2017), or the one post, or
/// else a choice of them (2024; true: the phase is now that choice).
#[inline]
fn posts_step(s: &mut State, p: usize, ev: &mut impl EventSink<Event>) -> bool {
    let (count, first) = count_where(s.rules.posts.len(), |i| post_qualifies(s, p, i));
    match (s.rules.edition, count) {
        (_, 0) => {}
        (Edition::E2024, 1) => place_post(s, p, first, ev),
        // 2017: every post the player qualifies for.
        (Edition::E2017, _) => {
            for i in 0..s.rules.posts.len() as u8 {
                if post_qualifies(s, p, i) {
                    place_post(s, p, i, ev);
                }
            }
        }
        (Edition::E2024, _) => {
            s.phase = Phase::Post;
            return true;
        }
    }
    false
}

/// The cities step, for a player without a city: the city they qualify for comes (2017: the
/// one; 2024: the first), or else they choose (true: the phase is now that choice).
#[inline]
fn cities_step(s: &mut State, p: usize, ev: &mut impl EventSink<Event>) -> bool {
    let (count, first) = count_where(s.cities.len(), |i| {
        let face = s.cities[i as usize];
        face != NONE && meets_city(s, p, face)
    });
    match (s.rules.edition, count) {
        (_, 0) => false,
        (Edition::E2024, _) | (Edition::E2017, 1) => {
            claim_city(s, p, first, ev);
            false
        }
        (Edition::E2017, _) => {
            s.phase = Phase::City;
            true
        }
    }
}

/// `advance` with no module in play, where only three steps can do anything: refilling, the
/// token limit and the nobles (no card effect is ever queued, and the strongholds, gem powers,
/// trading posts and cities steps pass). The same steps in the same order, without the walk
/// through the others.
#[inline]
fn advance_base(s: &mut State, ev: &mut impl EventSink<Event>) {
    let p = s.current as usize;
    if s.step <= Step::Refill {
        cards::refill(s, ev);
        s.bought = false;
        s.step = Step::Return;
    }
    if s.step <= Step::Return {
        if s.tokens_held(p) > s.rules.config.params.token_limit as u32 {
            s.phase = Phase::Return;
            s.step = Step::Return;
            return;
        }
        s.step = Step::Nobles;
    }
    if s.step == Step::Nobles {
        s.step = Step::Posts;
        if nobles_step(s, p, ev) {
            return;
        }
    }
    s.step = Step::EndTurn;
    end_turn(s, ev);
}

/// The nobles step: the one noble who visits comes; when several would, the player chooses
/// (true: the phase is now that choice).
#[inline(always)]
fn nobles_step(s: &mut State, p: usize, ev: &mut impl EventSink<Event>) -> bool {
    let bonus = s.bonus_packed(p);
    if total(bonus) < s.rules.noble_floor as u32 {
        return false; // Too few bonuses for any noble (the common case, tested inline).
    }
    nobles_visit(s, p, bonus, ev)
}

/// `nobles_step` for a player with bonuses `bonus` (packed), enough in number for a noble.
#[inline(never)]
fn nobles_visit(s: &mut State, p: usize, bonus: u64, ev: &mut impl EventSink<Event>) -> bool {
    let visiting = visiting_nobles(s, p, bonus);
    if visiting == 0 {
        false
    } else if visiting & (visiting - 1) == 0 {
        receive_noble(s, p, visiting.trailing_zeros() as u8, ev);
        false
    } else {
        s.phase = Phase::Noble;
        true
    }
}

/// How many of `0..n` satisfy `f`, and the first that does.
fn count_where(n: usize, f: impl Fn(u8) -> bool) -> (usize, u8) {
    let mut count = 0;
    let mut first = NONE;
    for i in 0..n as u8 {
        if f(i) {
            if count == 0 {
                first = i;
            }
            count += 1;
        }
    }
    (count, first)
}

/// Whether the phase just set offers any choice (an effect with none is skipped).
fn has_choice(s: &State, p: usize, buf: &mut Vec<Action>) -> bool {
    crate::engine::legal(s, Seat(p as u8), buf);
    !buf.is_empty()
}

#[inline(always)]
fn end_turn(s: &mut State, ev: &mut impl EventSink<Event>) {
    let p = s.current as usize;
    let params = &s.rules.config.params;
    if !s.ending && !s.rules.cities_module && s.prestige[p] >= params.prestige_to_end {
        s.ending = true;
        ev.emit(Event::LastRound {
            seat: Seat(p as u8),
        });
    }
    if s.passes >= s.n {
        return game_over(s, true, ev);
    }
    let next = if s.current + 1 >= s.n {
        0
    } else {
        s.current + 1
    };
    if next == s.first {
        s.round += 1;
        if s.ending {
            return game_over(s, false, ev);
        }
        if params.round_cap > 0 && s.round > params.round_cap {
            return game_over(s, true, ev);
        }
    }
    s.current = next;
    s.phase = Phase::Act;
    s.step = Step::Effects;
    s.bought = false;
    s.conquered = false;
    if params.no_action == NoAction::Stuck {
        let mut buf = Vec::new();
        crate::engine::legal(s, s.seat(), &mut buf);
        if buf == [Action::Pass] {
            game_over(s, true, ev);
        }
    }
}

fn game_over(s: &mut State, stuck: bool, ev: &mut impl EventSink<Event>) {
    s.phase = Phase::Over;
    s.stuck = stuck;
    ev.emit(Event::GameOver { stuck });
}

/// Nobles who would visit `p` now: revealed, not received, not reserved by another.
pub fn legal_nobles(s: &State, p: usize, out: &mut Vec<Action>) {
    let visiting = visiting_nobles(s, p, s.bonus_packed(p));
    out.extend(
        (0..MAX_NOBLES as u8)
            .filter(|i| visiting >> i & 1 == 1)
            .map(Action::Noble),
    );
}

/// The nobles who would visit `p` now, as bits by place: revealed, not received, not reserved
/// by another, and `bonus` (`p`'s, packed) meets their requirement. The requirements first,
/// place by place without a branch on the answers (most often nobody's is met); then whether
/// those nobles are free.
#[inline]
fn visiting_nobles(s: &State, p: usize, bonus: u64) -> u8 {
    let mut meets = 0;
    for (i, &noble) in s.nobles.iter().enumerate() {
        // No noble in the place: a requirement nobody meets.
        meets |= (covers(bonus, s.rules.noble_needs[noble as usize]) as u8) << i;
    }
    if meets == 0 {
        return 0;
    }
    let mut visiting = 0;
    for i in 0..MAX_NOBLES {
        let reserver = s.noble_reserver[i];
        let free = (s.noble_holder[i] == NONE) & ((reserver == NONE) | (reserver as usize == p));
        visiting |= (free as u8) << i;
    }
    meets & visiting
}

pub fn check_noble(s: &State, p: usize, i: u8) -> Result<(), String> {
    if i < MAX_NOBLES as u8 && visiting_nobles(s, p, s.bonus_packed(p)) >> i & 1 == 1 {
        Ok(())
    } else {
        Err("that noble does not visit you (bonuses short, taken, or reserved)".into())
    }
}

pub fn receive_noble(s: &mut State, p: usize, i: u8, ev: &mut impl EventSink<Event>) {
    let noble = s.nobles[i as usize];
    s.noble_holder[i as usize] = p as u8;
    s.nobles_held[p] += 1;
    s.prestige[p] += s.rules.nobles[noble as usize].points;
    ev.emit(Event::NobleVisit {
        seat: Seat(p as u8),
        noble,
    });
}

/// Trading posts `p` qualifies for and has no coat of arms on yet.
pub fn legal_posts(s: &State, p: usize, out: &mut Vec<Action>) {
    for i in 0..s.rules.posts.len() as u8 {
        if post_qualifies(s, p, i) {
            out.push(Action::Post(i));
        }
    }
}

fn post_qualifies(s: &State, p: usize, i: u8) -> bool {
    let Some(post) = s.rules.posts.get(i as usize) else {
        return false;
    };
    s.posts[p] >> i & 1 == 0
        && s.posts[p].count_ones() < s.rules.coats_per_player as u32
        && (0..5).all(|c| s.bonus[p][c] >= post.requires[c])
        && s.nobles_held[p] >= post.nobles
}

pub fn check_post(s: &State, p: usize, i: u8) -> Result<(), String> {
    if post_qualifies(s, p, i) {
        Ok(())
    } else {
        Err("you do not meet that trading post's requirement, or hold it already".into())
    }
}

/// Prestige from trading posts: 5 once for one power, 1 per coat of arms for another.
pub fn post_points(s: &State, p: usize) -> u8 {
    let mut points = 0u8;
    for (i, post) in s.rules.posts.iter().enumerate() {
        if s.posts[p] >> i & 1 == 1 {
            match post.power {
                Power::FivePoints => points += 5,
                Power::PointPerPost => points += s.posts[p].count_ones() as u8,
                _ => {}
            }
        }
    }
    points
}

pub fn place_post(s: &mut State, p: usize, i: u8, ev: &mut impl EventSink<Event>) {
    let before = post_points(s, p);
    s.posts[p] |= 1 << i;
    s.prestige[p] += post_points(s, p) - before;
    ev.emit(Event::PostPlaced {
        seat: Seat(p as u8),
        post: i,
    });
}

/// Whether `p` meets city face `face`'s requirements.
pub fn meets_city(s: &State, p: usize, face: u8) -> bool {
    let c = &s.rules.cities[face as usize];
    if s.prestige[p] < c.points || (0..5).any(|k| s.bonus[p][k] < c.requires[k]) {
        return false;
    }
    // The "any other colour" counts go to distinct unnamed colours: largest to largest.
    let mut free = [0u8; 5];
    let mut n = 0;
    for k in 0..5 {
        if c.requires[k] == 0 {
            free[n] = s.bonus[p][k];
            n += 1;
        }
    }
    free[..n].sort_unstable_by(|a, b| b.cmp(a));
    c.any
        .iter()
        .take_while(|&&a| a > 0)
        .enumerate()
        .all(|(j, &a)| j < n && free[j] >= a)
}

/// City places shown whose face `p` meets.
pub fn legal_cities(s: &State, p: usize, out: &mut Vec<Action>) {
    for i in 0..s.cities.len() as u8 {
        let face = s.cities[i as usize];
        if face != NONE && meets_city(s, p, face) {
            out.push(Action::City(i));
        }
    }
}

pub fn check_city(s: &State, p: usize, i: u8) -> Result<(), String> {
    match s.cities.get(i as usize) {
        Some(&face) if face != NONE && meets_city(s, p, face) => Ok(()),
        _ => Err("you do not meet that city's requirements".into()),
    }
}

/// 2017: the tile is taken; 2024: meeting a city is what counts, the tile stays.
pub fn claim_city(s: &mut State, p: usize, i: u8, ev: &mut impl EventSink<Event>) {
    let face = s.cities[i as usize];
    s.city_of[p] = face;
    if s.rules.edition == Edition::E2017 {
        s.cities[i as usize] = NONE;
    }
    ev.emit(Event::CityClaimed {
        seat: Seat(p as u8),
        city: face,
    });
    if !s.ending {
        s.ending = true;
        ev.emit(Event::LastRound {
            seat: Seat(p as u8),
        });
    }
}

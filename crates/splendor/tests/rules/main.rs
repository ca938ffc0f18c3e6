//! Rule tests written from the rules texts (the 2017 rulebooks and the 2024 online edition).

use silk_core::{Game, Seat, ToMove};
use silk_splendor::data::Effect;
use silk_splendor::parse_pos;
use silk_splendor::DECK_START;
use silk_splendor::NONE;
use silk_splendor::{Edition, Module, Phase, Splendor, SplendorConfig, State};

const W: usize = 0;
const U: usize = 1;
const G: usize = 2;
const R: usize = 3;
const K: usize = 4;
const GOLD: usize = 5;

fn game(n: usize, modules: &[Module], edition: Edition) -> State {
    let mut c = SplendorConfig::new(n).with_modules(modules);
    c.edition = edition;
    game_of(&c)
}

/// A game of this config, P1 first and to move.
fn game_of(c: &SplendorConfig) -> State {
    let mut s = Splendor::setup(c, 7).expect("setup");
    s.first = 0;
    s.current = 0;
    s
}

fn base(n: usize) -> State {
    game(n, &[], Edition::E2017)
}

fn mover(s: &State) -> Seat {
    match Splendor::to_move(s) {
        ToMove::Seat(x) => x,
        other => panic!("no single seat to move: {other:?}"),
    }
}

fn legal(s: &State) -> Vec<String> {
    let mut v = Vec::new();
    Splendor::legal_actions(s, mover(s), &mut v);
    v.into_iter()
        .map(|a| Splendor::action_to_string(s, a))
        .collect()
}

fn act(s: &mut State, text: &str) {
    let seat = mover(s);
    let a = Splendor::parse_action(s, seat, text).expect("parse");
    if let Err(e) = Splendor::apply(s, seat, a) {
        panic!("{text}: {e}; legal: {:?}", legal(s));
    }
}

/// Applies `text` for `seat` on a copy, expects a refusal that leaves the state unchanged, and
/// returns the reason.
fn refuse_as(s: &State, seat: Seat, text: &str) -> String {
    let mut t = *s;
    let a = Splendor::parse_action(s, seat, text).expect("parse");
    let e = Splendor::apply(&mut t, seat, a).expect_err(&format!("{text} should be refused"));
    assert_eq!(t, *s, "a refused {text} changed the state");
    let why = e.to_string();
    assert!(!why.trim().is_empty(), "a refusal gives a reason");
    why
}

fn refuse(s: &State, text: &str) -> String {
    refuse_as(s, mover(s), text)
}

fn is_legal(s: &State, text: &str) -> bool {
    let seat = mover(s);
    let a = Splendor::parse_action(s, seat, text).expect("parse");
    let mut v = Vec::new();
    Splendor::legal_actions(s, seat, &mut v);
    v.contains(&a)
}

fn pos(name: &str) -> u8 {
    parse_pos(name).expect("a place")
}

fn at(s: &State, name: &str) -> u8 {
    let p = pos(name) as usize;
    s.board[p / 6][p % 6]
}

fn deck_of(s: &State, id: u8) -> usize {
    let c = s.rules.card(id);
    c.level as usize + if c.orient { 3 } else { 0 }
}

fn top(s: &State, d: usize) -> u8 {
    *s.decks.deck(d).last().expect("a card in the deck")
}

/// Takes card `id` out of wherever it is (a deck, the board — refilled from its deck — or a
/// hand).
fn extract(s: &mut State, id: u8) {
    for (d, &start) in DECK_START.iter().enumerate() {
        if let Some(i) = s.decks.deck(d).iter().position(|&c| c == id) {
            let st = start as usize;
            let len = s.decks.len[d] as usize;
            for j in i..len - 1 {
                s.decks.cards[st + j] = s.decks.cards[st + j + 1];
            }
            s.decks.cards[st + len - 1] = NONE;
            s.decks.len[d] -= 1;
            return;
        }
    }
    let d = deck_of(s, id);
    for l in 0..3 {
        for k in 0..6 {
            if s.board[l][k] == id {
                s.board[l][k] = s.decks.draw(d).unwrap_or(NONE);
                return;
            }
        }
    }
    for p in 0..s.players() {
        for r in 0..3 {
            if s.reserved[p][r] == id {
                s.reserved[p][r] = NONE;
                return;
            }
        }
    }
}

fn push_deck(s: &mut State, id: u8) {
    let d = deck_of(s, id);
    let i = DECK_START[d] as usize + s.decks.len[d] as usize;
    s.decks.cards[i] = id;
    s.decks.len[d] += 1;
}

/// Puts card `id` face up at `name` (the card there goes back on top of its deck).
fn show(s: &mut State, name: &str, id: u8) {
    extract(s, id);
    let p = pos(name) as usize;
    let old = s.board[p / 6][p % 6];
    if old != NONE {
        push_deck(s, old);
    }
    s.board[p / 6][p % 6] = id;
}

/// Gives player `p` card `id` as if bought earlier: its bonus and prestige count.
fn give(s: &mut State, p: usize, id: u8) {
    extract(s, id);
    s.set_owned(p, id, true);
    let c = *s.rules.card(id);
    if (c.bonus as usize) < 5 {
        s.bonus[p][c.bonus as usize] += c.bonus_count;
    }
    s.card_count[p] += 1;
    s.prestige[p] += c.points;
}

/// Puts card `id` in player `p`'s hand as reserved face up.
fn reserve_for(s: &mut State, p: usize, id: u8) {
    extract(s, id);
    let r = s.reserved[p].iter().position(|&c| c == NONE).expect("room");
    s.reserved[p][r] = id;
}

/// Player `p` holds exactly these tokens (white blue green red black gold), from or to the supply.
fn set_tokens(s: &mut State, p: usize, t: [u8; 6]) {
    for (k, &want) in t.iter().enumerate() {
        s.bank[k] = s.bank[k] + s.tokens[p][k] - want;
        s.tokens[p][k] = want;
    }
}

/// A base card still in a deck: level (1–3), bonus colour, prestige, cost.
fn base_card(s: &State, level: u8, bonus: usize, points: u8, cost: [u8; 5]) -> u8 {
    (0..90u8)
        .find(|&id| {
            let c = s.rules.card(id);
            c.level + 1 == level
                && c.bonus as usize == bonus
                && c.points == points
                && c.cost == cost
        })
        .unwrap_or_else(|| panic!("no level {level} card {bonus} {points} {cost:?}"))
}

/// `count` cards of a colour given to player `p`: level 1 cards without prestige from the deck,
/// then from the table; when those run out, level 1 cards with prestige.
fn give_bonus(s: &mut State, p: usize, colour: usize, count: usize) {
    for _ in 0..count {
        let fits = |s: &State, id: u8, points: bool| {
            if id == NONE {
                return false;
            }
            let c = s.rules.card(id);
            !c.orient && c.level == 0 && c.bonus as usize == colour && (points || c.points == 0)
        };
        let id = [false, true]
            .iter()
            .find_map(|&points| {
                s.decks
                    .deck(0)
                    .iter()
                    .copied()
                    .find(|&id| fits(s, id, points))
                    .or_else(|| s.board[0].iter().copied().find(|&id| fits(s, id, points)))
            })
            .expect("a level 1 card of that colour");
        give(s, p, id);
    }
}

/// Base cards worth exactly `points` prestige, whose bonuses are among `colours`, given to `p`.
fn give_points(s: &mut State, p: usize, points: u8, colours: &[usize]) {
    let mut left = points;
    while left > 0 {
        let mut best: Option<u8> = None;
        for d in 0..3 {
            for &id in s.decks.deck(d) {
                let c = s.rules.card(id);
                if c.points > 0
                    && c.points <= left
                    && colours.contains(&(c.bonus as usize))
                    && best.is_none_or(|b| s.rules.card(b).points < c.points)
                {
                    best = Some(id);
                }
            }
        }
        let id = best.expect("a card worth the points left");
        left -= s.rules.card(id).points;
        give(s, p, id);
    }
}

/// The `n`th Orient card (0-based) with this effect.
fn orient_card(s: &State, effect: Effect, n: usize) -> u8 {
    (90..120u8)
        .filter(|&id| s.rules.card(id).effect == effect)
        .nth(n)
        .expect("an Orient card")
}

/// Gives P1 the first Orient join card, already joined to `colour` (its bonus counted there).
fn give_joined(s: &mut State, colour: usize) -> u8 {
    let j = orient_card(s, Effect::Join, 0);
    give(s, 0, j);
    s.joins[s.rules.join_slot[j as usize] as usize] = colour as u8;
    s.bonus[0][colour] += 1;
    j
}

/// The nobles shown (ids into the noble list); no noble held or reserved.
fn set_nobles(s: &mut State, ids: &[u8]) {
    for i in 0..s.nobles.len() {
        s.nobles[i] = ids.get(i).copied().unwrap_or(NONE);
        s.noble_holder[i] = NONE;
        s.noble_reserver[i] = NONE;
    }
}

/// The noble with these requirements.
fn noble(s: &State, requires: [u8; 5]) -> u8 {
    s.rules
        .nobles
        .iter()
        .position(|n| n.requires == requires)
        .expect("a noble") as u8
}

fn over(s: &State) -> bool {
    Splendor::outcome(s).is_some()
}

fn ranks(s: &State) -> Vec<u8> {
    Splendor::outcome(s).expect("the game is over").ranks
}

fn held(s: &State, p: usize) -> u32 {
    s.tokens_held(p)
}

// The rules, a module per part of the rules text; what one part defines for the others is
// imported here.
mod buying;
mod end_of_the_game;
mod illegal_actions;
mod issue_30_points_found_by_an_independent;
mod issue_44_points_found_by_outside_checks;
mod more_module_details;
mod nobles;
mod reserving;
mod setup_rules;
mod taking_tokens;
mod the_cities;
mod the_orient;
mod the_strongholds;
mod trading_posts;
use buying::*;
use end_of_the_game::*;
use the_orient::*;
use the_strongholds::*;
use trading_posts::*;

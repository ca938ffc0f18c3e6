//! Rule tests written from the rules texts (the 2017 rulebooks and the 2024 online edition).

use silk_core::{Game, Seat, ToMove};
use silk_splendor::action::parse_pos;
use silk_splendor::data::Effect;
use silk_splendor::rules::NONE;
use silk_splendor::state::DECK_START;
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
    let mut s = Splendor::setup(&c, 7).expect("setup");
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

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

/// 000 Setup: "With 2 players: 3 tokens of each gem color except gold are removed (there should
/// be only 4 of each remaining). With 3 players: 2 tokens ... (there should be only 5 of each
/// remaining)." Four players use the full 7; gold is 5 (project parameters `gems_by_players`,
/// `gold`, as `silk rules splendor` prints them).
#[test]
fn setup_gem_tokens_by_player_count() {
    for (n, gems) in [(2, 4), (3, 5), (4, 7)] {
        let s = base(n);
        assert_eq!(s.bank[..5], [gems; 5], "{n} players");
        assert_eq!(s.bank[GOLD], 5, "{n} players: 5 gold");
        for p in 0..n {
            assert_eq!(s.tokens[p], [0; 6]);
        }
    }
}

/// 000 Setup: "The noble tiles are shuffled, and as many of them are revealed as there are players
/// plus one (example: 5 tiles for a 4 player game)."
#[test]
fn setup_nobles_players_plus_one() {
    for n in 2..=4 {
        let s = base(n);
        let shown: Vec<u8> = s.nobles.iter().copied().filter(|&x| x != NONE).collect();
        assert_eq!(shown.len(), n + 1, "{n} players");
        let mut d = shown.clone();
        d.sort();
        d.dedup();
        assert_eq!(d.len(), shown.len(), "different nobles");
        assert!(s.noble_holder.iter().all(|&h| h == NONE));
    }
}

/// 000 Setup: "Each development card deck is shuffled separately ... 4 cards are revealed from
/// each level."
#[test]
fn setup_four_face_up_cards_per_level() {
    for n in 2..=4 {
        let s = base(n);
        for l in 0..3 {
            for k in 0..4 {
                let id = s.board[l][k];
                assert_ne!(id, NONE);
                let c = s.rules.card(id);
                assert_eq!(c.level as usize, l);
                assert!(!c.orient);
            }
            assert_eq!(s.board[l][4], NONE);
            assert_eq!(s.board[l][5], NONE);
        }
        assert_eq!(s.decks.len[..3], [36, 26, 16]);
    }
}

/// Splendor is a game for 2 to 4 players (000 Setup speaks of 2, 3 and 4 players only).
#[test]
fn setup_refuses_one_or_five_players() {
    for n in [0, 1, 5] {
        assert!(Splendor::setup(&SplendorConfig::new(n), 1).is_err(), "{n}");
    }
}

/// 000 Variants, Cities: "During setup, remove the Nobles and reveal 3 City tiles." 001 The
/// Cities: "always place 3 of them on either of their sides randomly (whatever the number of
/// players)".
#[test]
fn setup_cities_no_nobles_three_city_tiles() {
    for n in 2..=4 {
        let s = game(n, &[Module::Cities], Edition::E2017);
        assert!(s.nobles.iter().all(|&x| x == NONE), "no nobles");
        assert!(s.cities.iter().all(|&c| c != NONE), "3 cities");
        let mut tiles: Vec<u8> = s.cities.iter().map(|c| c / 2).collect();
        tiles.sort();
        tiles.dedup();
        assert_eq!(tiles.len(), 3, "three different tiles, one face each");
    }
}

/// 001 The Orient, Setup: "Shuffle the 10 new level 1 cards and reveal 2 of them which you place
/// to the right of the base game cards. Then place the 8 remaining cards of the Orient deck in a
/// pile ... Proceed identically with levels 2 and 3".
#[test]
fn setup_orient_two_orient_cards_per_level() {
    let s = game(3, &[Module::Orient], Edition::E2017);
    for l in 0..3 {
        for k in 0..4 {
            let c = s.rules.card(s.board[l][k]);
            assert!(!c.orient && c.level as usize == l);
        }
        for k in 4..6 {
            let id = s.board[l][k];
            assert_ne!(id, NONE);
            let c = s.rules.card(id);
            assert!(c.orient && c.level as usize == l);
        }
    }
    assert_eq!(s.decks.len, [36, 26, 16, 8, 8, 8]);
}

/// 001 The Strongholds, Setup: "Each player takes 3 strongholds of the same color and places them
/// before them." 001 Trading Posts: coats of arms start off the board.
#[test]
fn setup_strongholds_and_coats_start_in_front_of_players() {
    let s = game(4, &[Module::Strongholds], Edition::E2017);
    for p in 0..4 {
        assert_eq!(s.strongholds[p], [NONE; 3]);
    }
    let s = game(4, &[Module::TradingPosts], Edition::E2017);
    assert!(s.posts.iter().all(|&b| b == 0));
    assert!(s.nobles.iter().filter(|&&x| x != NONE).count() == 5);
}

/// 001: "These four expansions must be played singly." The 2024 online edition allows The
/// Cities with Trading Posts only (project decision, `Edition::E2024`). Setup refuses the rest.
#[test]
fn module_combinations_2017_singly_2024_only_cities_with_trading_posts() {
    let all = Module::ALL;
    for edition in [Edition::E2017, Edition::E2024] {
        for &m in &all {
            let mut c = SplendorConfig::new(2).with_modules(&[m]);
            c.edition = edition;
            assert!(Splendor::setup(&c, 1).is_ok(), "{m:?} alone, {edition:?}");
        }
        for i in 0..4 {
            for j in i + 1..4 {
                let mut c = SplendorConfig::new(2).with_modules(&[all[i], all[j]]);
                c.edition = edition;
                let allowed = edition == Edition::E2024
                    && all[i] == Module::Cities
                    && all[j] == Module::TradingPosts;
                assert_eq!(
                    Splendor::setup(&c, 1).is_ok(),
                    allowed,
                    "{:?} + {:?}, {edition:?}",
                    all[i],
                    all[j]
                );
            }
        }
        let mut c = SplendorConfig::new(2).with_modules(&all);
        c.edition = edition;
        assert!(Splendor::setup(&c, 1).is_err(), "all four, {edition:?}");
        let mut c = SplendorConfig::new(2).with_modules(&[
            Module::Cities,
            Module::TradingPosts,
            Module::Orient,
        ]);
        c.edition = edition;
        assert!(Splendor::setup(&c, 1).is_err(), "three, {edition:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Taking tokens
// ---------------------------------------------------------------------------------------------

/// 000 Gameplay: "Take 3 gem tokens of different colors." The turn is then over ("perform only
/// one of the following four actions").
#[test]
fn take_three_different_colours() {
    let mut s = base(2);
    act(&mut s, "take white blue green");
    assert_eq!(s.tokens[0], [1, 1, 1, 0, 0, 0]);
    assert_eq!(s.bank, [3, 3, 3, 4, 4, 5]);
    assert_eq!(mover(&s), Seat(1), "one action per turn");
    assert_eq!(s.phase, Phase::Act);
}

/// 000 Gameplay: "Take 3 gem tokens of different colors." Fewer than three is not that action
/// while three colours are there; with fewer colours left the project decided
/// `take_three_short = fewer` (one of each colour left).
#[test]
fn take_three_needs_three_colours_unless_fewer_left() {
    let s = base(2);
    refuse(&s, "take white blue");
    refuse(&s, "take white");
    assert!(!is_legal(&s, "take white blue"));
    let mut s = base(2);
    set_tokens(&mut s, 1, [0, 0, 4, 4, 4, 0]);
    assert!(is_legal(&s, "take white blue"));
    assert!(!legal(&s).iter().any(|a| a.split(' ').count() == 4));
    refuse(&s, "take white");
    act(&mut s, "take white blue");
    assert_eq!(s.tokens[0], [1, 1, 0, 0, 0, 0]);
}

/// 000 Gameplay: "Take 2 gem tokens of the same color. This action is only possible if there are
/// at least 4 tokens of the chosen color left when the player takes them."
#[test]
fn take_two_same_colour_only_with_four_left() {
    let mut s = base(2);
    assert!(is_legal(&s, "take 2 red"));
    act(&mut s, "take 2 red");
    assert_eq!(s.tokens[0], [0, 0, 0, 2, 0, 0]);
    assert_eq!(s.bank[R], 2);
    // Two left: refused to the next player.
    refuse(&s, "take 2 red");
    assert!(!is_legal(&s, "take 2 red"));
    // Exactly three left: refused.
    let mut s = base(2);
    set_tokens(&mut s, 1, [0, 0, 0, 1, 0, 0]);
    assert_eq!(s.bank[R], 3);
    refuse(&s, "take 2 red");
    assert!(is_legal(&s, "take 2 blue"));
}

/// 000 Selecting Tokens: "A player can never have more than 10 tokens at the end of their turn
/// (including jokers). If this happens, they must return tokens until they only have 10 left."
#[test]
fn token_limit_return_down_to_ten() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 0, [2, 2, 1, 2, 2, 0]);
    act(&mut s, "take white blue green");
    assert_eq!(held(&s, 0), 12);
    assert_eq!(s.phase, Phase::Return);
    assert_eq!(mover(&s), Seat(0), "the turn is not over before returning");
    assert!(legal(&s).iter().all(|a| a.starts_with("return ")));
    refuse(&s, "return gold");
    refuse(&s, "take white blue green");
    act(&mut s, "return red");
    assert_eq!(mover(&s), Seat(0));
    act(&mut s, "return black");
    assert_eq!(held(&s, 0), 10);
    assert_eq!(s.tokens[0], [3, 3, 2, 1, 1, 0]);
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Selecting Tokens: "A player can return all or some of those they've just drawn."
#[test]
fn token_limit_may_return_tokens_just_taken() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 0, [2, 2, 2, 2, 2, 0]);
    act(&mut s, "take white blue green");
    act(&mut s, "return white");
    act(&mut s, "return blue");
    act(&mut s, "return green");
    assert_eq!(s.tokens[0], [2, 2, 2, 2, 2, 0]);
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Selecting Tokens: the limit is "(including jokers)", so a gold token counts and may be
/// returned.
#[test]
fn token_limit_counts_gold_and_gold_may_be_returned() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 0, [2, 2, 2, 2, 2, 0]);
    act(&mut s, "reserve 1a");
    assert_eq!(s.phase, Phase::Return);
    assert!(is_legal(&s, "return gold"));
    act(&mut s, "return gold");
    assert_eq!(s.tokens[0], [2, 2, 2, 2, 2, 0]);
    assert_eq!(s.bank[GOLD], 5);
    assert_eq!(mover(&s), Seat(1));
}

// ---------------------------------------------------------------------------------------------
// Reserving
// ---------------------------------------------------------------------------------------------

/// 000 Reserve: "To reserve a card, a player simply needs to take a face-up development from the
/// middle of the table ... Reserve 1 development card and take 1 gold token (joker)."
#[test]
fn reserve_face_up_card_takes_gold_and_refills() {
    let mut s = base(2);
    let card = at(&s, "1a");
    let next = top(&s, 0);
    act(&mut s, "reserve 1a");
    assert!(s.reserved[0].contains(&card));
    assert_eq!(s.tokens[0][GOLD], 1);
    assert_eq!(s.bank[GOLD], 4);
    assert_eq!(at(&s, "1a"), next, "the place is refilled from its deck");
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Reserve: "If there is no gold left, you can still reserve a card, but you won't get any
/// gold."
#[test]
fn reserve_without_gold_left_takes_no_gold() {
    let mut s = base(2);
    set_tokens(&mut s, 1, [0, 0, 0, 0, 0, 5]);
    let card = at(&s, "2c");
    assert!(is_legal(&s, "reserve 2c"));
    act(&mut s, "reserve 2c");
    assert!(s.reserved[0].contains(&card));
    assert_eq!(s.tokens[0][GOLD], 0);
    assert_eq!(s.bank[GOLD], 0);
}

/// 000 Reserve: "Players may not have more than three reserved cards in hand".
#[test]
fn reserve_at_most_three_cards() {
    let mut s = base(2);
    for _ in 0..3 {
        let id = top(&s, 0);
        reserve_for(&mut s, 0, id);
    }
    refuse(&s, "reserve 1a");
    refuse(&s, "reserve deck 3");
    assert!(!legal(&s).iter().any(|a| a.starts_with("reserve")));
}

/// 000 Reserve: "or (if you're feeling lucky) draw the first card from one of the three decks
/// ... without showing it to the other players." The drawn card is known to its owner only.
#[test]
fn reserve_blind_from_deck_hidden_from_others() {
    let mut s = base(3);
    let hidden = top(&s, 1);
    let shown = s.board;
    act(&mut s, "reserve deck 2");
    assert!(s.reserved[0].contains(&hidden), "the top card of the deck");
    assert_eq!(s.decks.len[1], 25);
    assert_eq!(s.board, shown, "no face-up card moves");
    assert_eq!(s.tokens[0][GOLD], 1);
    // Swap the reserved card for another unseen card: the others cannot tell the difference.
    let mut alt = s;
    let r = alt.reserved[0].iter().position(|&c| c == hidden).unwrap();
    let i = DECK_START[1] as usize + alt.decks.len[1] as usize - 1;
    let other = alt.decks.cards[i];
    alt.decks.cards[i] = hidden;
    alt.reserved[0][r] = other;
    for seat in [1, 2] {
        assert_eq!(
            Splendor::view(&s, Seat(seat)),
            Splendor::view(&alt, Seat(seat)),
            "seat {seat} must not see a blind reserve"
        );
    }
    assert_ne!(
        Splendor::view(&s, Seat(0)),
        Splendor::view(&alt, Seat(0)),
        "the owner knows the card"
    );
}

/// 000 Reserve: a card taken face up from the table is public (contrast with the blind reserve).
#[test]
fn reserve_face_up_card_stays_known_to_others() {
    let mut s = base(2);
    let card = at(&s, "1b");
    act(&mut s, "reserve 1b");
    let mut alt = s;
    let r = alt.reserved[0].iter().position(|&c| c == card).unwrap();
    let i = DECK_START[0] as usize + alt.decks.len[0] as usize - 1;
    let other = alt.decks.cards[i];
    alt.decks.cards[i] = card;
    alt.reserved[0][r] = other;
    assert_ne!(Splendor::view(&s, Seat(1)), Splendor::view(&alt, Seat(1)));
}

/// Project decision `reserve_orient_deck = true`: with The Orient a blind reserve may draw from
/// an Orient deck.
#[test]
fn reserve_blind_from_orient_deck_decision() {
    let mut s = game(2, &[Module::Orient], Edition::E2017);
    let hidden = top(&s, 4);
    assert!(is_legal(&s, "reserve deck orient 2"));
    act(&mut s, "reserve deck orient 2");
    assert!(s.reserved[0].contains(&hidden));
}

// ---------------------------------------------------------------------------------------------
// Buying
// ---------------------------------------------------------------------------------------------

fn red3(s: &State) -> u8 {
    // Level 1, green bonus, costs 3 red.
    base_card(s, 1, G, 0, [0, 0, 0, 3, 0])
}

/// 000 Buying: "To purchase a card, a player must spend the number of tokens indicated on the
/// card. ... The spent tokens ... are returned to the middle of the table." "Purchased
/// development cards ... give that player prestige points equal to the number in the top-left
/// corner".
#[test]
fn buy_face_up_card_pays_tokens_to_supply_and_scores() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    show(&mut s, "1c", c);
    set_tokens(&mut s, 0, [0, 0, 4, 0, 0, 0]);
    act(&mut s, "buy 1c");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank, [4, 4, 4, 4, 4, 5]);
    assert_eq!(s.prestige[0], 1);
    assert_eq!(s.bonus[0], [1, 0, 0, 0, 0]);
    assert_eq!(s.card_count[0], 1);
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Buying: "if you have purchased 2 development cards that have red tokens in the top-right
/// corner, you can buy a card that requires 3 red tokens at a cost of 1 red token because you
/// have a bonus of 2 red."
#[test]
fn buy_bonuses_are_permanent_discounts() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    give_bonus(&mut s, 0, R, 2);
    // Without the last red it is not affordable.
    refuse(&s, "buy 1a");
    set_tokens(&mut s, 0, [0, 0, 0, 1, 0, 0]);
    act(&mut s, "buy 1a");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank[R], 4);
    assert_eq!(s.bonus[0][R], 2, "bonuses are not spent");
    assert_eq!(s.bonus[0][G], 1);
}

/// 000 Buying: "A joker token can replace any color. The spent tokens (including any jokers) are
/// returned to the middle of the table."
#[test]
fn buy_gold_replaces_a_missing_gem() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 2, 0, 1]);
    refuse(&s, "buy 1a");
    assert!(is_legal(&s, "buy 1a gold red"));
    act(&mut s, "buy 1a gold red");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank[GOLD], 5);
    assert_eq!(s.bank[R], 4);
}

/// 000 Buying: "A joker token can replace any color" — the player chooses: gold may be spent
/// even where the player's gems would do (project text: "gold pays for any colour, where you
/// choose").
#[test]
fn buy_gold_use_is_the_players_choice() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 1]);
    assert!(is_legal(&s, "buy 1a"));
    assert!(is_legal(&s, "buy 1a gold red"));
    let mut plain = s;
    act(&mut plain, "buy 1a");
    assert_eq!(plain.tokens[0], [0, 0, 0, 0, 0, 1]);
    act(&mut s, "buy 1a gold red");
    assert_eq!(s.tokens[0], [0, 0, 0, 1, 0, 0]);
    assert!(s.owns(0, c));
}

/// 000 Buying: "a player must spend the number of tokens indicated on the card" — tokens the
/// player does not have cannot pay, and gold replaces only colours the card costs.
#[test]
fn buy_refused_with_tokens_not_held() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 2, 0, 0]);
    refuse(&s, "buy 1a");
    refuse(&s, "buy 1a gold red");
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 1]);
    refuse(&s, "buy 1a gold blue");
    refuse(&s, "buy 1a gold red red");
    // Exactly the price: 4 gold for a 3-red card is not a payment the rules know.
    set_tokens(&mut s, 0, [0, 0, 0, 0, 0, 4]);
    refuse(&s, "buy 1a gold red red red red");
    assert!(is_legal(&s, "buy 1a gold red red red"));
}

/// 000 Buying: "A player may purchase one of the face-up development cards in the middle of the
/// table or a card in their hand that was reserved on a previous turn." "the only way to get rid
/// of a card is to buy it".
#[test]
fn buy_reserved_card_from_hand() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    reserve_for(&mut s, 0, c);
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    let board = s.board;
    act(&mut s, "buy r1");
    assert!(s.owns(0, c));
    assert_eq!(s.reserved[0], [NONE; 3]);
    assert_eq!(s.board, board);
    // The other player cannot buy from a hand that is not theirs (nothing reserved).
    refuse(&s, "buy r1");
}

/// 000 Reserve + Buying: a reserved card is replaced on the table; a bought one too, from the
/// deck of its level (001 The Orient: "A purchased or reserved card must be replaced by a card
/// from its original pile ... unless the deck in question is depleted, in which case the empty
/// spaces remain as is").
#[test]
fn bought_card_replaced_from_its_deck_or_left_empty() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    let next = top(&s, 0);
    let len = s.decks.len[0];
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(at(&s, "1a"), next);
    assert_eq!(s.decks.len[0], len - 1);
    // An empty deck leaves the place empty.
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    s.decks.len[0] = 0;
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(at(&s, "1a"), NONE);
    refuse(&s, "reserve 1a");
    refuse(&s, "reserve deck 1");
}

// ---------------------------------------------------------------------------------------------
// Nobles
// ---------------------------------------------------------------------------------------------

/// 000 The Nobles: "At the end of their turn, each player checks the noble tiles ... A player can
/// be visited if they have (at least) the quantity and type of bonuses indicated on the noble
/// tile. It is impossible to refuse the visit from a noble, which is not considered to be an
/// action." "give that player prestige points equal to the number in the top-left corner".
#[test]
fn noble_visits_automatically_at_end_of_turn() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let gr = noble(&s, [0, 0, 4, 4, 0]);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[gr, wu, rk]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 3);
    let c = base_card(&s, 1, U, 0, [0, 0, 0, 0, 3]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 0, 3, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.noble_holder[1], 0, "the white-blue noble visits");
    assert_eq!(s.noble_holder[0], NONE);
    assert_eq!(s.noble_holder[2], NONE);
    assert_eq!(s.nobles_held[0], 1);
    assert_eq!(s.prestige[0], 3);
    assert_eq!(mover(&s), Seat(1), "no decision was asked");
}

/// 000 The Nobles: the check is at the end of every turn, whatever the action (here taking
/// gems), and a noble not met does not visit.
#[test]
fn noble_checked_after_any_action_and_only_when_met() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[wu, rk]);
    give_bonus(&mut s, 0, R, 4);
    give_bonus(&mut s, 0, K, 3);
    give_bonus(&mut s, 1, W, 4);
    give_bonus(&mut s, 1, U, 4);
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[..2], [NONE, NONE], "3 black is not 4");
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[0], 1);
    assert_eq!(s.prestige[1], 3);
}

/// 000 The Nobles: "If a player has enough bonuses to be visited by more than one noble at the
/// end of their turn, that player chooses the noble to be received." One noble per turn; the
/// other can visit on a later turn.
#[test]
fn noble_choice_when_several_and_one_per_turn() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let wk = noble(&s, [4, 0, 0, 0, 4]);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[wu, wk, rk]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 4);
    give_bonus(&mut s, 0, K, 3);
    let c = base_card(&s, 1, K, 0, [0, 0, 3, 0, 0]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 3, 0, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::Noble);
    assert_eq!(mover(&s), Seat(0));
    let mut choices = legal(&s);
    choices.sort();
    assert_eq!(choices, ["noble 1", "noble 2"]);
    refuse(&s, "noble 3");
    act(&mut s, "noble 2");
    assert_eq!(s.noble_holder, [NONE, 0, NONE, NONE, NONE]);
    assert_eq!(s.prestige[0], 3, "one noble a turn");
    assert_eq!(mover(&s), Seat(1));
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    assert_eq!(
        s.noble_holder[0], 0,
        "the other visits at the end of the next turn"
    );
    assert_eq!(s.prestige[0], 6);
}

// ---------------------------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------------------------

/// 000 End of the Game: "When a player reaches 15 prestige points, complete the current round so
/// that each player has played the same number of turns. The player who then has the highest
/// number of prestige points is declared the winner".
#[test]
fn end_round_completed_after_fifteen() {
    let mut s = base(3);
    set_nobles(&mut s, &[]);
    let c = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    show(&mut s, "1a", c);
    give_points(&mut s, 1, 14, &[U, R, K]);
    set_tokens(&mut s, 1, [0, 0, 4, 0, 0, 0]);
    act(&mut s, "take white blue red");
    assert!(!over(&s));
    act(&mut s, "buy 1a");
    assert_eq!(s.prestige[1], 15);
    assert!(!over(&s), "the round is completed");
    assert_eq!(mover(&s), Seat(2));
    act(&mut s, "take white blue red");
    assert!(over(&s), "the round is complete");
    let r = ranks(&s);
    assert_eq!(r[1], 0);
    assert!(r[0] > 0 && r[2] > 0);
}

/// 000 End of the Game: "complete the current round so that each player has played the same
/// number of turns" — when the first player reaches 15, everyone else still plays, and the most
/// prestige wins (not the first to 15).
#[test]
fn end_first_player_reaching_fifteen_others_still_play_most_prestige_wins() {
    let mut s = base(3);
    set_nobles(&mut s, &[]);
    let c1 = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    let c2 = base_card(&s, 1, U, 1, [0, 0, 0, 4, 0]);
    show(&mut s, "1a", c1);
    show(&mut s, "1b", c2);
    give_points(&mut s, 0, 14, &[U, R, K]);
    give_points(&mut s, 2, 15, &[W, G, K]);
    set_tokens(&mut s, 0, [0, 0, 4, 0, 0, 0]);
    set_tokens(&mut s, 2, [0, 0, 0, 4, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.prestige[0], 15);
    assert!(!over(&s));
    act(&mut s, "take white blue green");
    assert!(!over(&s));
    assert_eq!(mover(&s), Seat(2));
    act(&mut s, "buy 1b");
    assert_eq!(s.prestige[2], 16);
    assert!(over(&s), "seat 0 does not play again");
    let r = ranks(&s);
    assert_eq!(r[2], 0);
    assert!(r[0] > 0);
}

/// Gives 0-prestige level 1 cards of `colour` so that `more` has `by` more cards than `fewer`.
fn more_cards(s: &mut State, fewer: usize, more: usize, by: u8, colour: usize) {
    while s.card_count[more] < s.card_count[fewer] + by {
        give_bonus(s, more, colour, 1);
    }
    while s.card_count[fewer] + by < s.card_count[more] {
        give_bonus(s, fewer, colour, 1);
    }
}

fn two_reach_fifteen(extra_cards_for_p1: u8) -> State {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    let c1 = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    let c2 = base_card(&s, 1, U, 1, [0, 0, 0, 4, 0]);
    show(&mut s, "1a", c1);
    show(&mut s, "1b", c2);
    give_points(&mut s, 0, 14, &[W, U, R, K]);
    give_points(&mut s, 1, 14, &[W, U, G, K]);
    more_cards(&mut s, 0, 1, extra_cards_for_p1, G);
    set_tokens(&mut s, 0, [0, 0, 4, 0, 0, 0]);
    set_tokens(&mut s, 1, [0, 0, 0, 4, 0, 0]);
    act(&mut s, "buy 1a");
    act(&mut s, "buy 1b");
    assert_eq!(s.prestige[..2], [15, 15]);
    assert!(over(&s));
    s
}

/// 000 End of the Game: "In case of a tie, the player who has purchased the fewest development
/// cards wins!"
#[test]
fn end_tie_broken_by_fewest_development_cards() {
    let s = two_reach_fifteen(1);
    assert_eq!(ranks(&s), [0, 1]);
}

/// Project decision ("a further tie is shared"): equal prestige and equal cards share the win.
#[test]
fn end_further_tie_is_shared() {
    let s = two_reach_fifteen(0);
    assert_eq!(s.card_count[0], s.card_count[1]);
    assert_eq!(ranks(&s), [0, 0]);
    assert_eq!(Splendor::outcome(&s).unwrap().winners().count(), 2);
}

/// 000 End of the Game: "(don't forget to count your nobles)".
#[test]
fn end_nobles_count_for_prestige() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    // P1 reaches 15 with a noble (3) and cards (12); P0 has 14 from cards.
    give_points(&mut s, 0, 14, &[G, R, K]);
    give_points(&mut s, 1, 12, &[G, R, K]);
    give_bonus(&mut s, 1, W, 4);
    give_bonus(&mut s, 1, U, 4);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    assert_eq!(s.prestige[1], 15);
    assert!(over(&s));
    assert_eq!(ranks(&s), [1, 0]);
}

// ---------------------------------------------------------------------------------------------
// The Cities
// ---------------------------------------------------------------------------------------------

/// City faces used below: 13 prestige with 4 red + 3 black; 13 with 3 white + 4 blue; 13 with
/// 3 blue + 4 green.
fn cities_game(n: usize, edition: Edition) -> State {
    let mut s = game(n, &[Module::Cities], edition);
    assert_eq!(s.rules.cities[0].points, 13);
    assert_eq!(s.rules.cities[0].requires, [0, 0, 0, 4, 3]);
    assert_eq!(s.rules.cities[2].requires, [3, 4, 0, 0, 0]);
    assert_eq!(s.rules.cities[10].requires, [0, 3, 4, 0, 0]);
    s.cities = [0, 2, 10];
    s
}

/// P0: 13 prestige (white/green cards), 4 red, 2 black; a black card on 1a it can buy.
fn p0_one_black_short_of_city_1(s: &mut State) {
    give_points(s, 0, 13, &[W, G]);
    give_bonus(s, 0, R, 4);
    give_bonus(s, 0, K, 2);
    let c = base_card(s, 1, K, 0, [0, 0, 3, 0, 0]);
    show(s, "1a", c);
    set_tokens(s, 0, [0, 0, 3, 0, 0, 0]);
}

/// 001 The Cities: "At the end of your turn, automatically take a city tile if you meet its
/// requirements: You have a prestige points total at least equal to the value shown on the tile.
/// You have at least the quantity and type of bonuses shown on the tile". "When a player takes a
/// city tile, complete the current round."
#[test]
fn cities_claim_at_end_of_turn_then_round_completed() {
    let mut s = cities_game(3, Edition::E2017);
    p0_one_black_short_of_city_1(&mut s);
    act(&mut s, "buy 1a");
    assert_eq!(s.city_of[0], 0, "the city is taken automatically");
    assert_eq!(s.cities[0], NONE, "the tile leaves the table");
    assert_eq!(mover(&s), Seat(1));
    assert!(!over(&s));
    act(&mut s, "take white blue green");
    assert!(!over(&s));
    act(&mut s, "take white blue green");
    assert!(over(&s));
    assert_eq!(ranks(&s)[0], 0);
}

/// 000 Variants, Cities: "Only players meeting the requirements of any city tiles can win the
/// game." 001: "At the end of that round, if only one player took a city tile, they win the
/// game."
#[test]
fn cities_only_claimants_win() {
    let mut s = cities_game(2, Edition::E2017);
    p0_one_black_short_of_city_1(&mut s);
    give_points(&mut s, 1, 20, &[W, R]);
    act(&mut s, "buy 1a");
    act(&mut s, "take white blue green");
    assert!(over(&s));
    assert!(s.prestige[1] > s.prestige[0]);
    let r = ranks(&s);
    assert_eq!(r[0], 0);
    assert!(r[1] > 0, "more prestige without a city does not win");
}

/// 000 Variants, Cities: "Instead of winning directly with prestige points, if a player meets the
/// requirements of a city tile at the end of their turn, the game ends" — 15 prestige alone does
/// not end the game.
#[test]
fn cities_fifteen_prestige_does_not_end_the_game() {
    let mut s = cities_game(2, Edition::E2017);
    give_points(&mut s, 0, 16, &[W, R]);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue red");
    assert!(!over(&s));
    assert_eq!(s.city_of[0], NONE);
}

/// 001 The Cities: "If you meet the requirements allowing you to take several tiles, choose one
/// (and only one) of them."
#[test]
fn cities_choice_among_several_only_one() {
    let mut s = cities_game(2, Edition::E2017);
    give_points(&mut s, 0, 13, &[W, R]);
    give_bonus(&mut s, 0, R, 4);
    give_bonus(&mut s, 0, K, 3);
    give_bonus(&mut s, 0, W, 3);
    give_bonus(&mut s, 0, U, 4);
    act(&mut s, "take white blue green");
    assert_eq!(s.phase, Phase::City);
    let mut choices = legal(&s);
    choices.sort();
    assert_eq!(choices, ["city 1", "city 2"]);
    refuse(&s, "city 3");
    act(&mut s, "city 2");
    assert_eq!(s.city_of[0], 2);
    assert_eq!(s.cities, [0, NONE, 10]);
    assert_eq!(mover(&s), Seat(1));
}

/// Two claimants in the round: P0 claims the red-black city (13 prestige), P1 the white-blue one
/// with `p1_points`; P1 has `p1_extra_cards` more cards than P0.
fn two_claimants(edition: Edition, p1_points: u8, p1_extra_cards: u8) -> State {
    let mut s = cities_game(2, edition);
    give_points(&mut s, 0, 13, &[W, G]);
    give_bonus(&mut s, 0, R, 4);
    give_bonus(&mut s, 0, K, 3);
    give_points(&mut s, 1, p1_points, &[W, R]);
    give_bonus(&mut s, 1, W, 3);
    give_bonus(&mut s, 1, U, 4);
    more_cards(&mut s, 0, 1, p1_extra_cards, W);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    assert_eq!(s.city_of[0], 0);
    assert_eq!(s.city_of[1], 2);
    assert!(over(&s));
    s
}

/// 001 The Cities: "If several players took a city tile, the player who has the highest number of
/// prestige points amongst them is the winner."
#[test]
fn cities_several_claimants_most_prestige_wins() {
    let s = two_claimants(Edition::E2017, 14, 0);
    assert_eq!(ranks(&s), [1, 0]);
}

/// 000 Variants, Cities (2024): "If there is still a tie, the player with the fewest cards wins."
/// The 2017 text is silent; the project decided `city_tie = fewest_cards` for it too.
#[test]
fn cities_tie_among_claimants_fewest_cards() {
    for edition in [Edition::E2017, Edition::E2024] {
        let s = two_claimants(edition, 13, 1);
        assert_eq!(s.prestige[0], s.prestige[1]);
        assert_eq!(ranks(&s), [0, 1], "{edition:?}");
    }
}

/// 2017 (001 The Cities): a city is a tile a player takes and keeps ("Keep an acquired tile until
/// the game ends"; "if only one player took a city tile, they win"), so a player who meets only a
/// city already taken is not a claimant. 2024 (000 Variants): "Only players meeting the
/// requirements of any city tiles can win the game" — meeting it is enough.
#[test]
fn cities_claimants_2017_took_a_tile_2024_meet_requirements() {
    for edition in [Edition::E2017, Edition::E2024] {
        let mut s = cities_game(2, edition);
        p0_one_black_short_of_city_1(&mut s);
        give_points(&mut s, 1, 14, &[W, G]);
        give_bonus(&mut s, 1, R, 4);
        give_bonus(&mut s, 1, K, 3);
        act(&mut s, "buy 1a");
        assert_eq!(s.city_of[0], 0);
        act(&mut s, "take white blue red");
        assert!(over(&s));
        let r = ranks(&s);
        match edition {
            Edition::E2017 => assert_eq!(r, [0, 1], "2017: only P0 took a tile"),
            Edition::E2024 => assert_eq!(r, [1, 0], "2024: P1 meets the city, more prestige"),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Trading Posts
// ---------------------------------------------------------------------------------------------

const TAKE_GEM: usize = 0;
const EXTRA_GEM: usize = 1;
const GOLD_DOUBLE: usize = 2;
const FIVE: usize = 3;
const PER_POST: usize = 4;

fn posts_game(edition: Edition) -> State {
    let mut s = game(2, &[Module::TradingPosts], edition);
    set_nobles(&mut s, &[]);
    s
}

/// Gives player `p` a noble tile directly (held, with its prestige).
fn give_noble(s: &mut State, p: usize) {
    let id = noble(s, [4, 4, 0, 0, 0]);
    s.nobles[4] = id;
    s.noble_holder[4] = p as u8;
    s.nobles_held[p] += 1;
    s.prestige[p] += s.rules.nobles[id as usize].points;
}

/// 001 Trading Posts: the five requirements — "3 red bonuses and 1 white bonus"; "2 white
/// bonuses"; "3 blue bonuses and 1 black bonus"; "5 green bonuses and 1 noble tile"; "3 black
/// bonuses". "At the end of your turn (immediately after the possible visit of a noble), if you
/// meet the requirement of a power, place one of your coats of arms".
#[test]
fn trading_posts_each_requirement() {
    let reqs: [([u8; 5], bool); 5] = [
        ([1, 0, 0, 3, 0], false),
        ([2, 0, 0, 0, 0], false),
        ([0, 3, 0, 0, 1], false),
        ([0, 0, 5, 0, 0], true),
        ([0, 0, 0, 0, 3], false),
    ];
    for (i, &(req, noble_needed)) in reqs.iter().enumerate() {
        for short in [false, true] {
            for skip_noble in [false, true] {
                if skip_noble && !noble_needed {
                    continue;
                }
                let mut s = posts_game(Edition::E2017);
                let mut have = req;
                if short {
                    let c = have.iter().position(|&x| x > 0).unwrap();
                    have[c] -= 1;
                }
                for (c, &k) in have.iter().enumerate() {
                    give_bonus(&mut s, 0, c, k as usize);
                }
                if noble_needed && !skip_noble {
                    give_noble(&mut s, 0);
                }
                act(&mut s, "take white blue green");
                let expect = if short || skip_noble { 0 } else { 1 << i };
                assert_eq!(
                    s.posts[0],
                    expect,
                    "post {} short {short} without noble {skip_noble}",
                    i + 1
                );
                assert_eq!(mover(&s), Seat(1));
            }
        }
    }
}

/// 001 Trading Posts: "Requirement: You must have 5 green bonuses and 1 noble tile. Power: Gain 5
/// prestige points." The post comes "immediately after the possible visit of a noble", so a
/// noble received this turn counts.
#[test]
fn trading_post_five_points_after_noble_visit_same_turn() {
    let mut s = posts_game(Edition::E2017);
    let ug = noble(&s, [0, 4, 4, 0, 0]);
    set_nobles(&mut s, &[ug]);
    give_bonus(&mut s, 0, U, 4);
    give_bonus(&mut s, 0, G, 5);
    act(&mut s, "take white red black");
    assert_eq!(s.noble_holder[0], 0);
    assert_eq!(s.posts[0], 1 << FIVE);
    assert_eq!(s.prestige[0], 3 + 5);
}

/// 001 Trading Posts: "Requirement: You must have 3 black bonuses. Power: Gain 1 prestige point
/// for each coat of arms you placed on the board." 2017: every post met is placed at once
/// ("if you meet the requirement of a power, place one of your coats of arms").
#[test]
fn trading_post_point_per_coat_and_2017_all_at_once() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, W, 2);
    give_bonus(&mut s, 0, K, 3);
    act(&mut s, "take white blue green");
    assert_eq!(s.posts[0], (1 << EXTRA_GEM) | (1 << PER_POST));
    assert_eq!(
        s.prestige[0], 2,
        "one per coat of arms placed, itself included"
    );
    assert_eq!(mover(&s), Seat(1));
}

/// 000 Variants (2024): "A player can take up to one trading post at the end of their turn if
/// they meet its requirements." The other follows on a later turn.
#[test]
fn trading_posts_2024_one_a_turn() {
    let mut s = posts_game(Edition::E2024);
    give_bonus(&mut s, 0, W, 2);
    give_bonus(&mut s, 0, K, 3);
    act(&mut s, "take white blue green");
    if s.phase == Phase::Post {
        let mut choices = legal(&s);
        choices.sort();
        assert_eq!(choices, ["post 2", "post 5"]);
        act(&mut s, "post 2");
    }
    assert_eq!(s.posts[0].count_ones(), 1, "one post this turn");
    assert_eq!(mover(&s), Seat(1));
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue red");
    if s.phase == Phase::Post {
        act(&mut s, "post 5");
    }
    assert_eq!(s.posts[0], (1 << EXTRA_GEM) | (1 << PER_POST));
    assert_eq!(s.prestige[0], 2);
}

/// 001 Trading Posts: "Power: After you purchase 1 development card, take 1 gem token. ... You
/// must take the token before the card is replaced. You can take one of the tokens you have just
/// spent."
#[test]
fn trading_post_take_gem_after_buy() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, W, 1);
    give_bonus(&mut s, 0, R, 3);
    s.posts[0] = 1 << TAKE_GEM;
    let c = base_card(&s, 1, K, 0, [0, 0, 3, 0, 0]);
    show(&mut s, "1a", c);
    let next = top(&s, 0);
    set_tokens(&mut s, 0, [0, 0, 3, 0, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::BonusGem);
    assert_eq!(mover(&s), Seat(0));
    assert_ne!(at(&s, "1a"), next, "the card is not yet replaced");
    assert!(legal(&s).iter().all(|a| a.starts_with("gem ")));
    act(&mut s, "gem green");
    assert_eq!(s.tokens[0], [0, 0, 1, 0, 0, 0]);
    assert_eq!(at(&s, "1a"), next);
    assert_eq!(mover(&s), Seat(1));
    // Taking gems is not a purchase: no bonus gem.
    act(&mut s, "take white blue red");
    act(&mut s, "take white blue red");
    assert_eq!(mover(&s), Seat(1));
}

/// 001 Trading Posts: "Do not take a token during the turn in which you place your coat of
/// arms."
#[test]
fn trading_post_take_gem_not_in_the_turn_the_coat_is_placed() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, W, 1);
    give_bonus(&mut s, 0, R, 2);
    let c = base_card(&s, 1, R, 0, [3, 0, 0, 0, 0]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [2, 0, 0, 0, 0, 0]);
    act(&mut s, "buy 1a");
    assert_eq!(s.posts[0], 1 << TAKE_GEM, "the coat of arms is placed");
    assert_eq!(mover(&s), Seat(1), "no gem this turn");
    assert_eq!(s.tokens[0], [0; 6]);
}

/// 001 Trading Posts: "Power: When you take 2 gem tokens of the same color, take 1 gem token of
/// another color. As usual, taking 2 gem tokens of the same color is only possible if there are
/// at least 4 tokens available in that color."
#[test]
fn trading_post_extra_gem_with_pair() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, W, 2);
    s.posts[0] = 1 << EXTRA_GEM;
    let mut short = s;
    act(&mut s, "take 2 red");
    assert_eq!(s.phase, Phase::ExtraGem { not: R as u8 });
    assert_eq!(mover(&s), Seat(0));
    refuse(&s, "gem red");
    assert!(!is_legal(&s, "gem red"));
    act(&mut s, "gem blue");
    assert_eq!(s.tokens[0], [0, 1, 0, 2, 0, 0]);
    assert_eq!(mover(&s), Seat(1));
    // Three different: no extra gem.
    act(&mut s, "take white green black");
    act(&mut s, "take white green black");
    assert_eq!(mover(&s), Seat(1));
    // Still only with 4 left.
    set_tokens(&mut short, 1, [0, 0, 0, 1, 0, 0]);
    refuse(&short, "take 2 red");
}

/// 001 Trading Posts: "Power: Each of your gold tokens is worth 2 gem tokens of the same color.
/// This capacity is used when you purchase a card."
#[test]
fn trading_post_gold_counts_double() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, U, 3);
    give_bonus(&mut s, 0, K, 1);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 1, 0, 1]);
    let without = s;
    s.posts[0] = 1 << GOLD_DOUBLE;
    refuse(&without, "buy 1a gold red red");
    act(&mut s, "buy 1a gold red red");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.bank[GOLD], 5);
}

/// 001 Trading Posts: "2 gem tokens of the same color" — one gold token cannot pay two
/// different colours.
#[test]
fn trading_post_gold_counts_double_same_colour_only() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, U, 3);
    give_bonus(&mut s, 0, K, 1);
    s.posts[0] = 1 << GOLD_DOUBLE;
    let c = base_card(&s, 1, K, 0, [2, 0, 2, 0, 0]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 0, 0, 1]);
    refuse(&s, "buy 1a gold white green");
    refuse(&s, "buy 1a gold white white green green");
    set_tokens(&mut s, 0, [0, 0, 0, 0, 0, 2]);
    act(&mut s, "buy 1a gold white white green green");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
}

/// 001 Trading Posts: "Each of your gold tokens is still worth 1 token against the limit of 10
/// tokens you can have at the end of your turn."
#[test]
fn trading_post_gold_counts_double_still_one_token_for_the_limit() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, U, 3);
    give_bonus(&mut s, 0, K, 1);
    s.posts[0] = 1 << GOLD_DOUBLE;
    set_tokens(&mut s, 0, [2, 2, 0, 0, 2, 1]);
    act(&mut s, "take white blue green");
    assert_eq!(held(&s, 0), 10);
    assert_eq!(mover(&s), Seat(1));
}

// ---------------------------------------------------------------------------------------------
// The Orient
// ---------------------------------------------------------------------------------------------

fn orient_game() -> State {
    let mut s = game(2, &[Module::Orient], Edition::E2017);
    set_nobles(&mut s, &[]);
    s
}

/// 001 The Orient: "A purchased or reserved card must be replaced by a card from its original
/// pile. Therefore, at all times during the game, there must be 4 base game cards and 2 Orient
/// cards of each level face up".
#[test]
fn orient_cards_replaced_from_their_own_pile() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    show(&mut s, "1e", gc);
    let next = top(&s, 3);
    let base_len = s.decks.len[0];
    set_tokens(&mut s, 0, [3, 0, 0, 0, 0, 0]);
    act(&mut s, "buy 1e");
    assert_eq!(at(&s, "1e"), next);
    assert!(s.rules.card(next).orient);
    assert_eq!(s.decks.len[0], base_len);
    let card = at(&s, "2a");
    let next = top(&s, 1);
    act(&mut s, "reserve 2a");
    assert!(s.reserved[1].contains(&card));
    assert_eq!(at(&s, "2a"), next);
    assert!(!s.rules.card(next).orient);
}

/// 001 The Orient, level 1 gold card: "This card is worth 2 gold tokens (do not draw them ...)
/// and can be spent during a single purchase. Each of these 2 gold tokens can replace any color.
/// ... Once used, this card is discarded".
#[test]
fn orient_gold_card_worth_two_gold() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    show(&mut s, "1e", gc);
    set_tokens(&mut s, 0, [3, 0, 0, 1, 0, 0]);
    act(&mut s, "buy 1e");
    assert_eq!(s.gold_cards[0], 1);
    assert_eq!(s.bonus[0], [0; 5], "no bonus");
    assert_eq!(s.tokens[0], [0, 0, 0, 1, 0, 0], "no gold token drawn");
    assert_eq!(s.bank[GOLD], 5);
    act(&mut s, "take white blue green");
    let c = red3(&s);
    show(&mut s, "1a", c);
    refuse(&s, "buy 1a");
    act(&mut s, "buy 1a gold red red cards 1");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.gold_cards[0], 0, "spent");
    assert!(!s.owns(0, gc), "discarded");
    assert_eq!(
        s.card_count[0], 1,
        "a spent gold card is not a development card in front of the player"
    );
    assert_eq!(s.bank[GOLD], 5);
}

/// 001 The Orient, gold card: "If you use only one, the second one is wasted."
#[test]
fn orient_gold_card_second_gold_wasted() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    show(&mut s, "1e", gc);
    set_tokens(&mut s, 0, [3, 0, 0, 2, 0, 0]);
    act(&mut s, "buy 1e");
    act(&mut s, "take white blue green");
    let c = red3(&s);
    show(&mut s, "1a", c);
    act(&mut s, "buy 1a gold red cards 1");
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.gold_cards[0], 0, "nothing is left of the card");
    act(&mut s, "take white blue green");
    let c2 = base_card(&s, 1, K, 0, [0, 0, 3, 0, 0]);
    show(&mut s, "1b", c2);
    set_tokens(&mut s, 0, [0, 0, 2, 0, 0, 0]);
    refuse(&s, "buy 1b gold green cards 1");
}

/// 001 The Orient, gold card: "(do not draw them, they do not count against your limit of 10
/// tokens)".
#[test]
fn orient_gold_card_not_counted_in_ten_tokens() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    show(&mut s, "1e", gc);
    set_tokens(&mut s, 0, [3, 0, 0, 0, 0, 0]);
    act(&mut s, "buy 1e");
    act(&mut s, "take white blue green");
    set_tokens(&mut s, 0, [0, 0, 0, 2, 3, 2]);
    act(&mut s, "take white blue green");
    assert_eq!(held(&s, 0), 10);
    assert_eq!(s.gold_cards[0], 1);
    assert_eq!(mover(&s), Seat(1), "no token to return");
}

/// 001 The Orient, join card: "Associate - immediately and permanently - this card to a card you
/// acquired previously. It is now worth 1 bonus identical to the card's bonus to which it is
/// associated. You cannot purchase this card if you don't have at least one card with a gem
/// bonus."
#[test]
fn orient_join_needs_a_card_with_a_gem_bonus() {
    let mut s = orient_game();
    let j = orient_card(&s, Effect::Join, 0);
    assert_eq!(s.rules.card(j).cost, [3, 0, 0, 2, 0]);
    show(&mut s, "1e", j);
    set_tokens(&mut s, 0, [3, 0, 0, 2, 0, 0]);
    refuse(&s, "buy 1e");
    assert!(!is_legal(&s, "buy 1e"));
    // A reserved card is not a card acquired.
    let w = *s
        .decks
        .deck(0)
        .iter()
        .find(|&&id| s.rules.card(id).bonus as usize == W)
        .unwrap();
    reserve_for(&mut s, 0, w);
    refuse(&s, "buy 1e");
    give_bonus(&mut s, 0, U, 1);
    let next = top(&s, 3);
    act(&mut s, "buy 1e");
    assert_eq!(s.phase, Phase::Join { card: j });
    assert_ne!(
        at(&s, "1e"),
        next,
        "\"you must associate before replacing the acquired card\""
    );
    assert_eq!(mover(&s), Seat(0));
    assert_eq!(legal(&s), ["join blue"]);
    refuse(&s, "join red");
    act(&mut s, "join blue");
    assert_eq!(s.bonus[0], [0, 2, 0, 0, 0]);
    assert!(s.owns(0, j));
    assert_eq!(mover(&s), Seat(1));
}

/// 001 The Orient, join card: a gold card has no gem bonus, so it does not allow a join.
#[test]
fn orient_join_not_allowed_with_only_a_gold_card() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    show(&mut s, "1e", gc);
    set_tokens(&mut s, 0, [3, 0, 0, 0, 0, 0]);
    act(&mut s, "buy 1e");
    act(&mut s, "take white blue green");
    let j = orient_card(&s, Effect::Join, 0);
    show(&mut s, "1f", j);
    set_tokens(&mut s, 0, [3, 0, 0, 2, 0, 0]);
    refuse(&s, "buy 1f");
}

/// 001 The Orient, level 2: "Associate - immediately and permanently - this card to a card you
/// acquired previously (see above), then take a level 1 card face up (base or Orient) and place
/// it before you at no cost."
#[test]
fn orient_join_then_take_level_one_card_free() {
    let mut s = orient_game();
    let j = orient_card(&s, Effect::JoinTake1, 0);
    assert_eq!(s.rules.card(j).cost, [4, 3, 0, 0, 1]);
    show(&mut s, "2e", j);
    give_bonus(&mut s, 0, K, 1);
    set_tokens(&mut s, 0, [4, 3, 0, 0, 0, 0]);
    act(&mut s, "buy 2e");
    assert!(matches!(s.phase, Phase::Join { .. }));
    act(&mut s, "join black");
    assert_eq!(s.phase, Phase::FreeCard { level: 0 });
    assert_eq!(mover(&s), Seat(0));
    assert!(legal(&s).iter().all(|a| a.starts_with("free 1")));
    assert!(is_legal(&s, "free 1e"), "an Orient card too");
    assert!(is_legal(&s, "free 1a"));
    refuse(&s, "free 2a");
    let f = at(&s, "1b");
    let fb = s.rules.card(f).bonus as usize;
    act(&mut s, "free 1b");
    assert!(s.owns(0, f));
    assert!(s.owns(0, j));
    assert_eq!(s.tokens[0], [0; 6], "the free card costs nothing");
    assert_eq!(s.card_count[0], 3);
    let mut expect = [0, 0, 0, 0, 2];
    expect[fb] += 1;
    assert_eq!(s.bonus[0], expect);
    assert_ne!(at(&s, "1b"), f);
    assert_eq!(mover(&s), Seat(1));
}

/// 001 The Orient, level 2: "This card confers 2 bonuses of the indicated color. These bonuses add
/// up for purchasing new cards, receiving the visit of nobles and discarding".
#[test]
fn orient_double_bonus_counts_two_for_nobles_and_purchases() {
    let mut s = orient_game();
    let d = (0..5)
        .map(|k| orient_card(&s, Effect::Double, k))
        .find(|&id| s.rules.card(id).bonus as usize == U)
        .unwrap();
    assert_eq!(s.rules.card(d).bonus_count, 2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 2);
    show(&mut s, "2e", d);
    let cost = s.rules.card(d).cost;
    let mut t = [0u8; 6];
    for c in 0..5 {
        t[c] = cost[c].saturating_sub(s.bonus[0][c]);
    }
    set_tokens(&mut s, 0, t);
    act(&mut s, "buy 2e");
    assert_eq!(s.bonus[0], [4, 4, 0, 0, 0]);
    assert_eq!(s.noble_holder[0], 0, "2 + 2 blue meets 4 blue");
    assert_eq!(s.prestige[0], 3);
    // And as a discount: a card costing 4 blue is free now.
    let c = base_card(&s, 1, K, 1, [0, 4, 0, 0, 0]);
    show(&mut s, "1a", c);
    act(&mut s, "take white green red");
    set_tokens(&mut s, 0, [0; 6]);
    act(&mut s, "buy 1a");
    assert!(s.owns(0, c));
}

/// 001 The Orient, level 2: "Reserve a noble. Take the noble of your choice amongst those
/// available and place it face down before you: from now on, only you can be visited by this
/// noble (if you meet the requirements). You do not gain a gold token."
#[test]
fn orient_reserve_a_noble_only_you_can_be_visited() {
    let mut s = orient_game();
    let rn = orient_card(&s, Effect::ReserveNoble, 0);
    assert_eq!(s.rules.card(rn).cost, [0, 2, 2, 2, 2]);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let wk = noble(&s, [4, 0, 0, 0, 4]);
    let ug = noble(&s, [0, 4, 4, 0, 0]);
    set_nobles(&mut s, &[wu, wk, ug]);
    show(&mut s, "2e", rn);
    set_tokens(&mut s, 0, [0, 2, 2, 2, 2, 0]);
    act(&mut s, "buy 2e");
    assert_eq!(s.phase, Phase::ReserveNoble);
    let mut choices = legal(&s);
    choices.sort();
    assert_eq!(
        choices,
        ["reserve noble 1", "reserve noble 2", "reserve noble 3"]
    );
    act(&mut s, "reserve noble 1");
    assert_eq!(s.noble_reserver[0], 0);
    assert_eq!(s.tokens[0][GOLD], 0, "no gold token");
    assert_eq!(s.prestige[0], 1);
    assert_eq!(mover(&s), Seat(1));
    give_bonus(&mut s, 1, W, 4);
    give_bonus(&mut s, 1, U, 4);
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[0], NONE, "another player cannot be visited");
    assert_eq!(s.nobles_held[1], 0);
    give_bonus(&mut s, 0, W, 3);
    give_bonus(&mut s, 0, U, 4);
    let before = s.prestige[0];
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[0], 0, "the reserver can");
    assert_eq!(s.prestige[0], before + 3);
}

/// 001 The Orient, level 3: "Take a level 2 card face up (base or Orient) and place it before you
/// at no cost."
#[test]
fn orient_take_level_two_card_free() {
    let mut s = orient_game();
    let t = orient_card(&s, Effect::Take2, 0);
    assert_eq!(s.rules.card(t).cost, [1, 6, 3, 0, 0]);
    show(&mut s, "3e", t);
    give_bonus(&mut s, 0, U, 3);
    set_tokens(&mut s, 0, [1, 3, 3, 0, 0, 0]);
    act(&mut s, "buy 3e");
    assert_eq!(s.phase, Phase::FreeCard { level: 1 });
    refuse(&s, "free 1a");
    refuse(&s, "free 3a");
    assert!(legal(&s).iter().all(|a| a.starts_with("free 2")));
    assert!(is_legal(&s, "free 2e"));
    let f = at(&s, "2b");
    act(&mut s, "free 2b");
    assert!(s.owns(0, f) && s.owns(0, t));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(mover(&s), Seat(1));
}

fn sacrifice_black(s: &State) -> u8 {
    (0..5)
        .map(|k| orient_card(s, Effect::Sacrifice, k))
        .find(|&id| s.rules.card(id).sacrifice as usize == K)
        .unwrap()
}

fn discard_until_done(s: &mut State) {
    while matches!(s.phase, Phase::Sacrifice { .. }) {
        let first = legal(s)[0].clone();
        act(s, &first);
    }
}

/// 001 The Orient, level 3: "To purchase one of these cards, you must discard 2 bonuses of the
/// indicated color that you previously acquired (put them back in the box.)" Project decision: a
/// discarded card's prestige goes with it.
#[test]
fn orient_sacrifice_discards_two_bonuses() {
    let mut s = orient_game();
    let sac = sacrifice_black(&s);
    assert_eq!(s.rules.card(sac).points, 3);
    show(&mut s, "3e", sac);
    let a = base_card(&s, 1, K, 1, [0, 4, 0, 0, 0]);
    give(&mut s, 0, a);
    refuse(&s, "buy 3e");
    assert!(!is_legal(&s, "buy 3e"));
    give_bonus(&mut s, 0, K, 1);
    let b = s.owned_cards(0).find(|&c| c != a).unwrap();
    act(&mut s, "buy 3e");
    assert!(matches!(s.phase, Phase::Sacrifice { .. }) || s.phase == Phase::Act);
    if matches!(s.phase, Phase::Sacrifice { .. }) {
        let mut choices = legal(&s);
        choices.sort();
        let mut expect = vec![format!("discard #{a}"), format!("discard #{b}")];
        expect.sort();
        assert_eq!(choices, expect);
    }
    discard_until_done(&mut s);
    assert!(!s.owns(0, a) && !s.owns(0, b));
    assert!(s.owns(0, sac));
    assert_eq!(s.bonus[0], [1, 0, 0, 0, 0]);
    assert_eq!(s.card_count[0], 1);
    assert_eq!(s.prestige[0], 3, "the discarded card's prestige is gone");
    assert_eq!(mover(&s), Seat(1));
}

/// 001 The Orient, sacrifice: "You must discard, as a priority, the cards bearing the [join
/// symbol] associated with this color, if you have any."
#[test]
fn orient_sacrifice_joined_cards_first() {
    let mut s = orient_game();
    let sac = sacrifice_black(&s);
    show(&mut s, "3e", sac);
    let j = orient_card(&s, Effect::Join, 0);
    give(&mut s, 0, j);
    s.joins[s.rules.join_slot[j as usize] as usize] = K as u8;
    s.bonus[0][K] += 1;
    give_bonus(&mut s, 0, K, 2);
    act(&mut s, "buy 3e");
    assert!(matches!(s.phase, Phase::Sacrifice { .. }));
    assert_eq!(legal(&s), [format!("discard #{j}")]);
    let other = s.owned_cards(0).find(|&c| c != j && c != sac).unwrap();
    refuse(&s, &format!("discard #{other}"));
    act(&mut s, &format!("discard #{j}"));
    discard_until_done(&mut s);
    assert!(!s.owns(0, j));
    assert_eq!(s.bonus[0][K], 1, "one black card is left");
    assert_eq!(s.bonus[0][W], 1);
}

/// 001 The Orient, sacrifice: "You cannot discard reserved cards."
#[test]
fn orient_sacrifice_reserved_cards_not_discardable() {
    let mut s = orient_game();
    let sac = sacrifice_black(&s);
    show(&mut s, "3e", sac);
    give_bonus(&mut s, 0, K, 1);
    let r = *s
        .decks
        .deck(0)
        .iter()
        .find(|&&id| s.rules.card(id).bonus as usize == K)
        .unwrap();
    reserve_for(&mut s, 0, r);
    refuse(&s, "buy 3e");
    assert!(!is_legal(&s, "buy 3e"));
}

/// 001 The Orient: a double card's "bonuses add up for ... discarding": one double card of the
/// colour pays the whole sacrifice.
#[test]
fn orient_sacrifice_double_card_counts_two() {
    let mut s = orient_game();
    let sac = sacrifice_black(&s);
    show(&mut s, "3e", sac);
    let d = (0..5)
        .map(|k| orient_card(&s, Effect::Double, k))
        .find(|&id| s.rules.card(id).bonus as usize == K)
        .unwrap();
    give(&mut s, 0, d);
    assert_eq!(s.bonus[0][K], 2);
    act(&mut s, "buy 3e");
    discard_until_done(&mut s);
    assert!(!s.owns(0, d));
    assert_eq!(s.bonus[0], [1, 0, 0, 0, 0]);
    assert_eq!(s.card_count[0], 1);
}

// ---------------------------------------------------------------------------------------------
// The Strongholds
// ---------------------------------------------------------------------------------------------

fn strongholds_game(edition: Edition) -> State {
    let mut s = game(2, &[Module::Strongholds], edition);
    set_nobles(&mut s, &[]);
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [0, 0, 0, 3, 0, 0]);
    s
}

/// 001 The Strongholds: "Each time you purchase a card (from your hand or from the table), you
/// must choose one of the following two options (BEFORE the purchased card may be replaced):
/// Place or move one of YOUR strongholds on one of the visible cards on the table ... OR Remove
/// another player's stronghold".
#[test]
fn strongholds_must_place_after_a_purchase_before_replacement() {
    let mut s = strongholds_game(Edition::E2017);
    let next = top(&s, 0);
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::Stronghold);
    assert_eq!(mover(&s), Seat(0));
    let choices = legal(&s);
    assert!(!choices.is_empty());
    assert!(choices
        .iter()
        .all(|a| a.starts_with("place ") || a.starts_with("move ") || a.starts_with("remove ")));
    refuse(&s, "pass");
    refuse(&s, "decline");
    refuse(&s, "take white blue green");
    assert!(
        !is_legal(&s, "place 1a"),
        "the replacement card is not yet on the table"
    );
    assert_ne!(at(&s, "1a"), next);
    act(&mut s, "place 1b");
    assert_eq!(
        s.strongholds[0].iter().filter(|&&x| x == pos("1b")).count(),
        1
    );
    assert_eq!(at(&s, "1a"), next);
    assert_eq!(mover(&s), Seat(1));
    // Other actions do not place a stronghold.
    act(&mut s, "take white blue green");
    assert_eq!(mover(&s), Seat(0));
}

/// 001 The Strongholds: "Each time you purchase a card (from your hand or from the table)".
#[test]
fn strongholds_place_after_buying_a_reserved_card_too() {
    let mut s = strongholds_game(Edition::E2017);
    let c = at(&s, "1a");
    reserve_for(&mut s, 0, c);
    act(&mut s, "buy r1");
    assert_eq!(s.phase, Phase::Stronghold);
}

/// 001 The Strongholds: "only if that card has not any other stronghold of another color.
/// However, you can place a stronghold on a card on which one or two of your strongholds are
/// already placed."
#[test]
fn strongholds_not_onto_another_players_card_own_may_stack_or_move() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[1][0] = pos("1b");
    s.strongholds[0][0] = pos("1c");
    act(&mut s, "buy 1a");
    refuse(&s, "place 1b");
    refuse(&s, "move 1c 1b");
    assert!(is_legal(&s, "place 1c"), "onto your own");
    assert!(is_legal(&s, "place 1d"));
    assert!(is_legal(&s, "move 1c 2a"));
    act(&mut s, "move 1c 2a");
    let mut mine = s.strongholds[0];
    mine.sort();
    let mut expect = [pos("2a"), NONE, NONE];
    expect.sort();
    assert_eq!(mine, expect);
}

/// 001 The Strongholds, occupation power: "A card on which is placed a stronghold can only be
/// purchased or reserved by that stronghold's owner."
#[test]
fn strongholds_others_cannot_buy_or_reserve_occupied_card() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[1][0] = pos("1a");
    refuse(&s, "buy 1a");
    refuse(&s, "reserve 1a");
    assert!(!is_legal(&s, "reserve 1a"));
    assert!(is_legal(&s, "reserve 1b"));
}

/// 001 The Strongholds: "In both instances, the player takes back their strongholds placed on
/// that card." (000: "When a player buys or reserves a card with at least 1 of their strongholds,
/// they must take back all their strongholds.")
#[test]
fn strongholds_owner_reserving_takes_them_back() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"), pos("1a"), pos("2b")];
    let c = at(&s, "1a");
    act(&mut s, "reserve 1a");
    assert!(s.reserved[0].contains(&c));
    assert_eq!(
        s.strongholds[0].iter().filter(|&&x| x == pos("1a")).count(),
        0
    );
    assert!(s.strongholds[0].contains(&pos("2b")));
    assert_eq!(mover(&s), Seat(1), "a reserve is not a purchase");
}

/// As above, for a purchase: the owner takes them back, then places or removes one.
#[test]
fn strongholds_owner_buying_takes_them_back() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"), pos("1a"), NONE];
    act(&mut s, "buy 1a");
    assert_eq!(s.phase, Phase::Stronghold);
    assert!(!s.strongholds[0].contains(&pos("1a")));
    act(&mut s, "place 2c");
    assert_eq!(
        s.strongholds[0].iter().filter(|&&x| x != NONE).count(),
        1,
        "both came back, one placed"
    );
}

/// 001 The Strongholds, conquest power: "While your 3 strongholds are on the same card, you can
/// purchase this card after your action (whether you took gem tokens, or reserved or purchased 1
/// development card). You must pay for the card, take back your strongholds, then place or remove
/// a stronghold before replacing the purchased card."
#[test]
fn strongholds_conquest_with_all_three_on_one_card() {
    let mut s = strongholds_game(Edition::E2017);
    let c = at(&s, "1a");
    s.strongholds[0] = [pos("1a"); 3];
    act(&mut s, "take white blue green");
    assert_eq!(s.phase, Phase::Conquest);
    assert_eq!(mover(&s), Seat(0));
    assert!(is_legal(&s, "decline"));
    act(&mut s, "buy 1a");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [1, 1, 1, 0, 0, 0], "paid 3 red");
    assert_eq!(s.strongholds[0], [NONE; 3]);
    assert_eq!(s.phase, Phase::Stronghold);
    act(&mut s, "place 2a");
    assert_eq!(mover(&s), Seat(1));
}

/// The conquest is optional ("you can purchase"), and needs all 3 strongholds on the card.
#[test]
fn strongholds_conquest_optional_and_needs_all_three() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"); 3];
    act(&mut s, "take white blue green");
    act(&mut s, "decline");
    assert_eq!(mover(&s), Seat(1));
    assert_eq!(s.strongholds[0], [pos("1a"); 3]);
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"), pos("1a"), NONE];
    act(&mut s, "take white blue green");
    assert_eq!(mover(&s), Seat(1), "two are not enough");
}

/// 001 The Strongholds: "Specification: This purchase must be done before a noble visits you and
/// before checking the number of tokens."
#[test]
fn strongholds_conquest_before_token_limit_and_nobles() {
    let mut s = strongholds_game(Edition::E2017);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 3);
    let c = base_card(&s, 1, U, 0, [0, 0, 0, 0, 3]);
    show(&mut s, "1a", c);
    s.strongholds[0] = [pos("1a"); 3];
    set_tokens(&mut s, 0, [1, 1, 2, 0, 3, 2]);
    act(&mut s, "take white blue green");
    assert_eq!(held(&s, 0), 12);
    assert_eq!(s.phase, Phase::Conquest, "before returning tokens");
    act(&mut s, "buy 1a");
    act(&mut s, "place 2a");
    assert_eq!(held(&s, 0), 9);
    assert_eq!(
        s.noble_holder[0], 0,
        "the conquered card's bonus brings the noble"
    );
    assert_eq!(mover(&s), Seat(1), "nothing to return");
}

/// 2017 (001): "Remove another player's stronghold from a card on the table" — any of them.
/// 2024 (000 Variants): "choose a card containing exactly 1 of an opponent's strongholds and
/// remove it".
#[test]
fn strongholds_remove_2017_any_2024_only_a_lone_one() {
    for edition in [Edition::E2017, Edition::E2024] {
        let mut s = strongholds_game(edition);
        s.strongholds[1] = [pos("1b"), pos("1b"), pos("1c")];
        act(&mut s, "buy 1a");
        assert!(is_legal(&s, "remove P2 1c"));
        match edition {
            Edition::E2017 => assert!(is_legal(&s, "remove P2 1b")),
            Edition::E2024 => {
                assert!(!is_legal(&s, "remove P2 1b"));
                refuse(&s, "remove P2 1b");
            }
        }
        refuse(&s, "remove P1 1b");
        refuse(&s, "remove P2 1d");
        act(&mut s, "remove P2 1c");
        let mut theirs = s.strongholds[1];
        theirs.sort();
        let mut expect = [pos("1b"), pos("1b"), NONE];
        expect.sort();
        assert_eq!(theirs, expect, "{edition:?}: given back to its owner");
        assert_eq!(mover(&s), Seat(1));
    }
}

// ---------------------------------------------------------------------------------------------
// Illegal actions
// ---------------------------------------------------------------------------------------------

/// 000 Gameplay: "Play then proceeds clockwise." Only the player whose turn it is may act; a
/// refused action leaves the game unchanged and says why.
#[test]
fn illegal_out_of_turn_refused_unchanged() {
    let s = base(3);
    refuse_as(&s, Seat(1), "take white blue green");
    refuse_as(&s, Seat(2), "reserve 1a");
    let mut v = Vec::new();
    Splendor::legal_actions(&s, Seat(1), &mut v);
    assert!(v.is_empty(), "no decision for a seat out of turn");
}

/// 000 Gameplay: "a player must choose to perform only one of the following four actions" —
/// decisions belonging to other moments are refused.
#[test]
fn illegal_decisions_out_of_their_moment_refused() {
    let s = base(2);
    for text in [
        "noble 1",
        "return white",
        "gem red",
        "decline",
        "pass",
        "join red",
        "free 1a",
        "place 1a",
        "city 1",
        "post 1",
    ] {
        refuse(&s, text);
    }
    refuse(&s, "buy 1e");
    refuse(&s, "reserve 1e");
}

/// A finished game takes no further action.
#[test]
fn illegal_after_the_game_is_over() {
    let s = two_reach_fifteen(1);
    for seat in 0..2 {
        refuse_as(&s, Seat(seat), "take white blue green");
    }
    assert_eq!(Splendor::to_move(&s), ToMove::Terminal);
}

// ---------------------------------------------------------------------------------------------
// More module details
// ---------------------------------------------------------------------------------------------

/// 001 The Strongholds, example of a turn: the player buys a card, places their third stronghold
/// with the first two, the purchased card is replaced; then by the conquest power they buy the
/// card, recover their 3 strongholds and "place one on the card revealed in 2", then that card
/// is replaced.
#[test]
fn strongholds_conquest_after_a_purchase_placing_the_third() {
    let mut s = strongholds_game(Edition::E2017);
    let target = base_card(&s, 1, K, 0, [0, 0, 3, 0, 0]);
    show(&mut s, "1b", target);
    s.strongholds[0] = [pos("1b"), pos("1b"), NONE];
    set_tokens(&mut s, 0, [0, 0, 3, 3, 0, 0]);
    let next = top(&s, 0);
    act(&mut s, "buy 1a");
    act(&mut s, "place 1b");
    assert_eq!(s.phase, Phase::Conquest);
    assert_eq!(at(&s, "1a"), next, "the first purchase is replaced (c)");
    act(&mut s, "buy 1b");
    assert!(s.owns(0, target));
    assert_eq!(s.strongholds[0], [NONE; 3]);
    assert!(is_legal(&s, "place 1a"), "onto the card revealed in 2");
    assert!(!is_legal(&s, "place 1b"), "not yet replaced");
    act(&mut s, "place 1a");
    assert_ne!(at(&s, "1b"), target);
    assert_ne!(at(&s, "1b"), NONE);
    assert_eq!(mover(&s), Seat(1));
}

/// 001 The Strongholds, conquest: "after your action (whether you took gem tokens, or reserved or
/// purchased 1 development card)".
#[test]
fn strongholds_conquest_after_a_reserve() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0] = [pos("1a"); 3];
    act(&mut s, "reserve 2a");
    assert_eq!(s.phase, Phase::Conquest);
}

/// 001 The Strongholds: "Remove another player's stronghold" — never your own.
#[test]
fn strongholds_cannot_remove_your_own() {
    let mut s = strongholds_game(Edition::E2017);
    s.strongholds[0][0] = pos("1d");
    act(&mut s, "buy 1a");
    refuse(&s, "remove P1 1d");
}

/// 001 The Cities: "You must have at least 15 prestige points and 5 bonuses of the same type
/// (e.g. 5 blue bonuses)."
#[test]
fn cities_five_bonuses_of_one_colour() {
    let mut s = game(2, &[Module::Cities], Edition::E2017);
    assert_eq!(s.rules.cities[8].points, 15);
    assert_eq!(s.rules.cities[8].any[0], 5);
    assert_eq!(s.rules.cities[4].points, 17);
    s.cities = [8, 4, 11];
    give_points(&mut s, 0, 15, &[W, K]);
    give_bonus(&mut s, 0, U, 4);
    give_bonus(&mut s, 0, R, 4);
    act(&mut s, "take white blue green");
    assert_eq!(s.city_of[0], NONE, "4 and 4 are not 5 of one colour");
    give_bonus(&mut s, 0, U, 1);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue red");
    assert_eq!(s.city_of[0], 8);
}

/// 001 The Cities: "You must have at least 14 prestige points, 4 green bonuses and 4 bonuses in
/// any other color (e.g. 4 black bonuses)."
#[test]
fn cities_bonuses_in_any_other_colour() {
    let mut s = game(2, &[Module::Cities], Edition::E2017);
    assert_eq!(s.rules.cities[11].points, 14);
    assert_eq!(s.rules.cities[11].requires, [0, 0, 4, 0, 0]);
    assert_eq!(s.rules.cities[11].any[0], 4);
    s.cities = [11, 4, 12];
    give_points(&mut s, 0, 14, &[W, R]);
    give_bonus(&mut s, 0, G, 8);
    act(&mut s, "take white blue green");
    assert_eq!(s.city_of[0], NONE, "green is not another colour");
    give_bonus(&mut s, 0, K, 4);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue red");
    assert_eq!(s.city_of[0], 11);
}

/// 001 Trading Posts: "You benefit from this power only once even if you have several nobles."
#[test]
fn trading_post_five_points_only_once() {
    let mut s = posts_game(Edition::E2017);
    give_noble(&mut s, 0);
    s.nobles[3] = noble(&s, [0, 0, 0, 4, 4]);
    s.noble_holder[3] = 0;
    s.nobles_held[0] += 1;
    s.prestige[0] += 3;
    give_bonus(&mut s, 0, G, 5);
    act(&mut s, "take white blue red");
    assert_eq!(s.posts[0], 1 << FIVE);
    assert_eq!(s.prestige[0], 6 + 5);
    act(&mut s, "take white blue red");
    act(&mut s, "take white blue black");
    assert_eq!(s.prestige[0], 6 + 5);
}

/// 001 Trading Posts: "Gain 1 prestige point for each coat of arms you placed on the board" —
/// coats placed later count too.
#[test]
fn trading_post_point_per_coat_counts_later_coats() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, K, 3);
    act(&mut s, "take white blue green");
    assert_eq!(s.posts[0], 1 << PER_POST);
    assert_eq!(s.prestige[0], 1);
    give_bonus(&mut s, 0, W, 2);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue red");
    assert_eq!(s.posts[0], (1 << PER_POST) | (1 << EXTRA_GEM));
    assert_eq!(s.prestige[0], 2);
}

/// 000 Variants, Trading Posts: "place 5 stacks of trading posts, each stack containing 1 tile
/// per player" (001: "Each player takes 5 identical coats of arms") — every player can have
/// every power.
#[test]
fn trading_posts_every_player_may_have_each_power() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, W, 2);
    give_bonus(&mut s, 1, W, 2);
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    assert_eq!(s.posts[..2], [1 << EXTRA_GEM, 1 << EXTRA_GEM]);
}

/// 001 Trading Posts: "This can trigger the end of the game (just like the acquisition of a
/// noble or the purchase of a card)."
#[test]
fn trading_post_points_can_trigger_the_end() {
    let mut s = posts_game(Edition::E2017);
    give_noble(&mut s, 0);
    give_points(&mut s, 0, 7, &[W, R]);
    give_bonus(&mut s, 0, G, 5);
    assert_eq!(s.prestige[0], 10);
    act(&mut s, "take white blue black");
    assert_eq!(s.prestige[0], 15);
    assert!(!over(&s));
    act(&mut s, "take white blue black");
    assert!(over(&s));
    assert_eq!(ranks(&s)[0], 0);
}

/// 000 Selecting Tokens: the 10-token limit holds "at the end of their turn" — a gem taken by the
/// trading-post power counts.
#[test]
fn trading_post_take_gem_counts_for_the_limit() {
    let mut s = posts_game(Edition::E2017);
    give_bonus(&mut s, 0, W, 1);
    give_bonus(&mut s, 0, R, 3);
    s.posts[0] = 1 << TAKE_GEM;
    let c = red3(&s);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [2, 2, 2, 0, 2, 2]);
    act(&mut s, "buy 1a");
    act(&mut s, "gem green");
    assert_eq!(held(&s, 0), 11);
    assert_eq!(s.phase, Phase::Return);
}

/// 001 The Orient: "Take the noble of your choice amongst those available" — a noble reserved
/// by another player is not available.
#[test]
fn orient_reserve_noble_only_among_available() {
    let mut s = orient_game();
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    let wk = noble(&s, [4, 0, 0, 0, 4]);
    set_nobles(&mut s, &[wu, wk]);
    s.noble_reserver[0] = 1;
    let rn = orient_card(&s, Effect::ReserveNoble, 0);
    show(&mut s, "2e", rn);
    set_tokens(&mut s, 0, [0, 2, 2, 2, 2, 0]);
    act(&mut s, "buy 2e");
    assert_eq!(legal(&s), ["reserve noble 2"]);
    refuse(&s, "reserve noble 1");
}

/// Project decision `no_action = pass`: a player who can do nothing passes.
#[test]
fn no_action_possible_pass() {
    let mut s = base(2);
    set_nobles(&mut s, &[]);
    set_tokens(&mut s, 1, [4, 4, 4, 4, 4, 0]);
    for _ in 0..3 {
        let id = top(&s, 2);
        reserve_for(&mut s, 0, id);
    }
    assert_eq!(legal(&s), ["pass"]);
    act(&mut s, "pass");
    assert_eq!(mover(&s), Seat(1));
    // Pass is not allowed when something else is.
    refuse(&s, "pass");
}

/// 001 The Orient, gold card: "Each of these 2 gold tokens can replace any color" — two
/// different colours in one purchase.
#[test]
fn orient_gold_card_two_different_colours() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    show(&mut s, "1e", gc);
    set_tokens(&mut s, 0, [3, 0, 0, 0, 0, 0]);
    act(&mut s, "buy 1e");
    act(&mut s, "take white blue red");
    let c = base_card(&s, 1, K, 0, [2, 0, 2, 0, 0]);
    show(&mut s, "1a", c);
    set_tokens(&mut s, 0, [1, 0, 1, 0, 0, 0]);
    act(&mut s, "buy 1a gold white green cards 1");
    assert!(s.owns(0, c));
    assert_eq!(s.tokens[0], [0; 6]);
    assert_eq!(s.gold_cards[0], 0);
}

/// 003 Selecting tokens: "The tokens owned by a player must be visible by all players at all
/// times."
#[test]
fn tokens_visible_to_all_players() {
    let mut s = base(3);
    act(&mut s, "take white blue green");
    let mut alt = s;
    alt.tokens[0] = [1, 1, 0, 1, 0, 0];
    alt.bank = [4, 4, 5, 4, 5, 5];
    for seat in 1..3 {
        assert_ne!(
            Splendor::view(&s, Seat(seat)),
            Splendor::view(&alt, Seat(seat))
        );
    }
}

/// 001 First Player tile: "Place it before the player who starts to remember that the player
/// sitting on their right will be the last to play at the end of the game."
#[test]
fn end_round_ends_with_the_player_before_the_first() {
    let mut s = base(3);
    set_nobles(&mut s, &[]);
    s.first = 1;
    s.current = 1;
    let c = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    show(&mut s, "1a", c);
    give_points(&mut s, 1, 14, &[U, R, K]);
    set_tokens(&mut s, 1, [0, 0, 4, 0, 0, 0]);
    act(&mut s, "buy 1a");
    assert!(!over(&s));
    assert_eq!(mover(&s), Seat(2));
    act(&mut s, "take white blue red");
    assert!(!over(&s));
    assert_eq!(mover(&s), Seat(0));
    act(&mut s, "take white blue red");
    assert!(over(&s), "seat 0 sits before the first player, seat 1");
    assert_eq!(ranks(&s)[1], 0);
}

/// 000 Variants, The Orient: "They follow the same rules as the base game cards" — an Orient card
/// reserved and bought later from the hand has its effect then.
#[test]
fn orient_reserved_card_effect_applies_when_bought_from_hand() {
    let mut s = orient_game();
    let j = orient_card(&s, Effect::Join, 0);
    show(&mut s, "1e", j);
    give_bonus(&mut s, 0, R, 1);
    act(&mut s, "reserve 1e");
    assert!(s.reserved[0].contains(&j));
    act(&mut s, "take white blue green");
    set_tokens(&mut s, 0, [3, 0, 0, 2, 0, 0]);
    act(&mut s, "buy r1");
    assert_eq!(s.phase, Phase::Join { card: j });
    act(&mut s, "join red");
    assert_eq!(s.bonus[0][R], 2);
}

// ---------------------------------------------------------------------------------------------
// Issue 30: points found by an independent implementation and by mutation testing
// ---------------------------------------------------------------------------------------------

/// Issue 30, point 1. `silk rules splendor`: the tie-break counts "the development cards in front
/// of a player at the end (spent gold cards and discarded cards do not count)" — so an Orient
/// gold card not yet spent counts: with equal prestige and otherwise equal cards, its holder has
/// one card more and loses the tie.
#[test]
fn issue30_p1_unspent_gold_card_counts_for_the_tie_break() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    let c1 = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    let c2 = base_card(&s, 1, U, 1, [0, 0, 0, 4, 0]);
    show(&mut s, "1e", gc);
    show(&mut s, "1a", c1);
    show(&mut s, "1b", c2);
    give_points(&mut s, 0, 14, &[W, U, R, K]);
    give_points(&mut s, 1, 14, &[W, U, G, K]);
    more_cards(&mut s, 0, 1, 0, G);
    set_tokens(&mut s, 0, [3, 0, 4, 0, 0, 0]);
    set_tokens(&mut s, 1, [0, 0, 0, 4, 0, 0]);
    act(&mut s, "buy 1e");
    assert_eq!(s.gold_cards[0], 1);
    assert_eq!(
        s.card_count[0],
        s.card_count[1] + 1,
        "the gold card is a card"
    );
    act(&mut s, "take white blue black");
    act(&mut s, "buy 1a");
    act(&mut s, "buy 1b");
    assert_eq!(s.prestige[..2], [15, 15]);
    assert_eq!(s.gold_cards[0], 1, "never spent");
    assert_eq!(s.card_count[0], s.card_count[1] + 1);
    assert_eq!(ranks(&s), [1, 0], "P2 has fewer cards");
    let trace_result = <Splendor as silk_core::Traced>::result_json(&s);
    assert_eq!(
        trace_result["cards"],
        serde_json::json!([s.card_count[0], s.card_count[1]])
    );
}

/// The double black Orient card.
fn double_black(s: &State) -> u8 {
    (0..5)
        .map(|k| orient_card(s, Effect::Double, k))
        .find(|&id| s.rules.card(id).bonus as usize == K)
        .unwrap()
}

/// Issue 30, point 2. 001 The Orient, sacrifice: "you must discard 2 bonuses of the indicated
/// color". The cost is two bonuses, so the cards discarded form a minimal set (project decision,
/// in `silk rules splendor`): a single and then a double (three bonuses) is refused, whichever
/// order the player tries; a double alone, or two singles, pay it.
#[test]
fn issue30_p2_sacrifice_discards_a_minimal_set() {
    // One single and one double: the double alone pays; the single first would leave only the
    // double for the last bonus.
    let mut s = orient_game();
    let sac = sacrifice_black(&s);
    show(&mut s, "3e", sac);
    let d = double_black(&s);
    give(&mut s, 0, d);
    give_bonus(&mut s, 0, K, 1);
    let single = s.owned_cards(0).find(|&c| c != d).unwrap();
    act(&mut s, "buy 3e");
    assert!(matches!(s.phase, Phase::Sacrifice { left: 2, .. }));
    assert_eq!(legal(&s), [format!("discard #{d}")]);
    let why = refuse(&s, &format!("discard #{single}"));
    assert!(why.contains("double"), "{why}");
    act(&mut s, &format!("discard #{d}"));
    assert_eq!(mover(&s), Seat(1), "the double paid both bonuses");
    assert!(s.owns(0, single), "the single is kept");
    assert_eq!(s.bonus[0][K], 1);

    // Two singles and a double: a single first, then the second bonus by the other single —
    // not by the double.
    let mut s = orient_game();
    show(&mut s, "3e", sac);
    give(&mut s, 0, d);
    give_bonus(&mut s, 0, K, 2);
    let singles: Vec<u8> = s.owned_cards(0).filter(|&c| c != d).collect();
    act(&mut s, "buy 3e");
    let mut first = legal(&s);
    first.sort();
    let mut all: Vec<String> = [singles[0], singles[1], d]
        .iter()
        .map(|id| format!("discard #{id}"))
        .collect();
    all.sort();
    assert_eq!(first, all, "any card may go first");
    act(&mut s, &format!("discard #{}", singles[0]));
    assert!(matches!(s.phase, Phase::Sacrifice { left: 1, .. }));
    assert_eq!(legal(&s), [format!("discard #{}", singles[1])]);
    let why = refuse(&s, &format!("discard #{d}"));
    assert!(why.contains("1 black bonus is still owed"), "{why}");
    act(&mut s, &format!("discard #{}", singles[1]));
    assert_eq!(mover(&s), Seat(1));
    assert!(s.owns(0, d), "the double is kept");
    assert_eq!(s.bonus[0][K], 2);
    assert_eq!(s.card_count[0], 2, "the double and the sacrifice card");
}

/// Issue 30, point 2, with the joined cards first: a card joined to the colour goes first even
/// when a double alone would pay, and then a double may pay the last bonus only when no single
/// can.
#[test]
fn issue30_p2_sacrifice_joined_card_then_a_double_only_without_a_single() {
    let setup = |singles: usize| {
        let mut s = orient_game();
        let sac = sacrifice_black(&s);
        show(&mut s, "3e", sac);
        let j = orient_card(&s, Effect::Join, 0);
        give(&mut s, 0, j);
        s.joins[s.rules.join_slot[j as usize] as usize] = K as u8;
        s.bonus[0][K] += 1;
        let d = double_black(&s);
        give(&mut s, 0, d);
        give_bonus(&mut s, 0, K, singles);
        act(&mut s, "buy 3e");
        assert_eq!(legal(&s), [format!("discard #{j}")]);
        act(&mut s, &format!("discard #{j}"));
        (s, d)
    };
    let (mut s, d) = setup(0);
    assert_eq!(
        legal(&s),
        [format!("discard #{d}")],
        "only a double is left"
    );
    act(&mut s, &format!("discard #{d}"));
    assert_eq!(mover(&s), Seat(1));
    let (s, d) = setup(1);
    let single = s
        .owned_cards(0)
        .find(|&c| c != d && s.rules.card(c).bonus as usize == K && !s.rules.card(c).orient)
        .unwrap();
    assert_eq!(legal(&s), [format!("discard #{single}")]);
    refuse(&s, &format!("discard #{d}"));
}

/// Issue 30, point 3. 000 The Nobles: "At the end of their turn, each player checks the noble
/// tiles". A player with no possible action passes (project decision `no_action = pass`), and a
/// turn passed is still a turn: its end follows, so a noble the player qualifies for visits
/// them on that turn rather than being left for another player.
#[test]
fn issue30_p3_pass_runs_end_of_turn() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 4);
    // Nothing to take, reserve or buy: no gem in the supply, a full hand of level 3 cards out
    // of reach, no face-up card.
    set_tokens(&mut s, 1, [4, 4, 4, 4, 4, 0]);
    for _ in 0..3 {
        let id = top(&s, 2);
        reserve_for(&mut s, 0, id);
    }
    for row in s.board.iter_mut() {
        row.fill(NONE);
    }
    assert_eq!(legal(&s), ["pass"]);
    act(&mut s, "pass");
    assert_eq!(s.noble_holder[0], 0, "the noble visits on the turn passed");
    assert_eq!(s.prestige[0], 3);
    assert_eq!(mover(&s), Seat(1));
}

/// An Orient game with `join_onto_joined` set; player 0 holds a join card joined to blue (their
/// only card), and the second join card is face up at 1e with the gems to buy it.
fn joined_blue_only(join_onto_joined: bool) -> (State, u8) {
    let mut c = SplendorConfig::new(2).with_modules(&[Module::Orient]);
    c.params.join_onto_joined = join_onto_joined;
    let mut s = Splendor::setup(&c, 7).expect("setup");
    s.first = 0;
    s.current = 0;
    set_nobles(&mut s, &[]);
    let j0 = orient_card(&s, Effect::Join, 0);
    give(&mut s, 0, j0);
    s.joins[s.rules.join_slot[j0 as usize] as usize] = U as u8;
    s.bonus[0][U] += 1;
    let j1 = orient_card(&s, Effect::Join, 1);
    show(&mut s, "1e", j1);
    let cost = s.rules.card(j1).cost;
    set_tokens(&mut s, 0, [cost[0], cost[1], cost[2], cost[3], cost[4], 0]);
    (s, j1)
}

/// Issue 30, point 4. 001 The Orient, join card: "Associate ... this card to a card you
/// acquired previously. It is now worth 1 bonus identical to the card's bonus to which it is
/// associated." Whether that card may itself be a join card is not said: project decision
/// `join_onto_joined`, `true` by default (a join card's bonus is a card's bonus).
#[test]
fn issue30_p4_join_onto_joined_true_allows_a_join_onto_a_joined_card() {
    let (mut s, j1) = joined_blue_only(true);
    assert!(is_legal(&s, "buy 1e"));
    act(&mut s, "buy 1e");
    assert_eq!(s.phase, Phase::Join { card: j1 });
    assert_eq!(legal(&s), ["join blue"]);
    act(&mut s, "join blue");
    assert_eq!(s.bonus[0][U], 2);
    assert_eq!(mover(&s), Seat(1));
}

/// Issue 30, point 4, `join_onto_joined = false`: a join card needs a card with a bonus of its
/// own in the colour; join cards joined before do not count (so a player whose only bonuses are
/// join cards cannot buy one), and with a card of its own in another colour only that colour is
/// offered.
#[test]
fn issue30_p4_join_onto_joined_false_needs_a_card_with_its_own_bonus() {
    let (s, _) = joined_blue_only(false);
    assert!(!is_legal(&s, "buy 1e"));
    let why = refuse(&s, "buy 1e");
    assert!(why.contains("join_onto_joined"), "{why}");

    let (mut s, j1) = joined_blue_only(false);
    give_bonus(&mut s, 0, R, 1);
    assert!(is_legal(&s, "buy 1e"));
    act(&mut s, "buy 1e");
    assert_eq!(s.phase, Phase::Join { card: j1 });
    assert_eq!(legal(&s), ["join red"]);
    let why = refuse(&s, "join blue");
    assert!(why.contains("join_onto_joined"), "{why}");
    act(&mut s, "join red");
    assert_eq!(s.bonus[0][R], 2);
    assert_eq!(s.bonus[0][U], 1);
}

/// Every parameter is printed by `silk rules splendor` with its value and documented in
/// docs/splendor.md with its default (the parameters given in the rules' prose — gems, gold,
/// face-up cards — are named in the doc).
#[test]
fn every_parameter_is_printed_and_documented() {
    let config = SplendorConfig::new(2);
    let text = Splendor::rules_text(&config);
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/splendor.md"),
    )
    .unwrap();
    let params = serde_json::to_value(&config.params).unwrap();
    for (name, value) in params.as_object().unwrap() {
        if name == "version" {
            continue;
        }
        assert!(
            doc.contains(&format!("`{name}`")),
            "{name} in docs/splendor.md"
        );
        if ["gems_by_players", "gold", "face_up"].contains(&name.as_str()) {
            continue;
        }
        let shown = value.as_str().map_or(value.to_string(), str::to_string);
        assert!(
            text.contains(&format!("{name} = {shown}:")),
            "{name} = {shown} in silk rules splendor:\n{text}"
        );
    }
}

/// Issue 30, point 20. Project decision `reserve_orient_deck = false`: a blind reserve draws
/// from the base decks only — the Orient's level 1 deck (the first of them) is refused too.
#[test]
fn issue30_p20_reserve_orient_deck_off_refuses_the_orient_level_one_deck() {
    let mut c = SplendorConfig::new(2).with_modules(&[Module::Orient]);
    c.params.reserve_orient_deck = false;
    let mut s = Splendor::setup(&c, 7).expect("setup");
    s.first = 0;
    s.current = 0;
    for d in 1..=3 {
        let text = format!("reserve deck orient {d}");
        assert!(!is_legal(&s, &text), "{text}");
        let why = refuse(&s, &text);
        assert!(why.contains("no such deck"), "{why}");
    }
    assert!(legal(&s).iter().all(|a| !a.contains("orient")));
    assert!(is_legal(&s, "reserve deck 1"));
    assert!(
        is_legal(&s, "reserve 1e"),
        "a face-up Orient card may still be reserved"
    );
    let hidden = top(&s, 0);
    act(&mut s, "reserve deck 1");
    assert!(s.reserved[0].contains(&hidden));
}

/// Issue 30, point 20. 000 Reserve: a card reserved face up is known to all, one drawn blind
/// from a deck only to its owner. A player holding both kinds keeps each as it was: the
/// others see the face-up ones (before and after the blind one) and only the deck of the blind
/// one, which stays in its place between them.
#[test]
fn issue30_p20_others_see_face_up_reserves_beside_a_blind_one() {
    use silk_splendor::view::Reserved;
    let mut s = base(3);
    let a = at(&s, "1b");
    act(&mut s, "reserve 1b");
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    let hidden = top(&s, 1);
    act(&mut s, "reserve deck 2");
    act(&mut s, "take white blue red");
    act(&mut s, "take white blue red");
    let c = at(&s, "3a");
    act(&mut s, "reserve 3a");
    assert_eq!(s.reserved[0], [a, hidden, c]);
    let theirs = [
        Reserved::Card(a),
        Reserved::Hidden { deck: 1 },
        Reserved::Card(c),
    ];
    for seat in [1, 2] {
        assert_eq!(
            Splendor::view(&s, Seat(seat)).reserved[0],
            theirs,
            "seat {seat}"
        );
    }
    let mine = [Reserved::Card(a), Reserved::Card(hidden), Reserved::Card(c)];
    assert_eq!(Splendor::view(&s, Seat(0)).reserved[0], mine);
}

/// Issue 30, point 20. 000 The Nobles: "A player can be visited if they have (at least) the
/// quantity and type of bonuses indicated on the noble tile" — enough bonuses in all is not
/// enough: one short in a colour, no visit.
#[test]
fn issue30_p20_noble_needs_each_colour_not_the_total() {
    let mut s = base(2);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[rk]);
    give_bonus(&mut s, 0, R, 4);
    give_bonus(&mut s, 0, K, 3);
    give_bonus(&mut s, 0, G, 6);
    assert!(
        s.bonus[0].iter().sum::<u8>() >= 8 + 5,
        "more than the noble's 8 in all"
    );
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[0], NONE, "3 black is one short of 4");
    assert_eq!(s.prestige[0], 0);
    act(&mut s, "take white blue green");
    give_bonus(&mut s, 0, K, 1);
    act(&mut s, "take white blue red");
    assert_eq!(s.noble_holder[0], 0, "4 red and 4 black");
}

//! Rule points the rest of the suite left open, found by mutation testing (docs/testing.md):
//! each test names the rule it pins.

use silk_core::{Game, Seat, ToMove};
use silk_splendor::data::Effect;
use silk_splendor::token_name;
use silk_splendor::DECK_START;
use silk_splendor::{Edition, Module, Splendor, SplendorConfig, State};

const GOLD: usize = 5;

fn game(n: usize, modules: &[Module]) -> State {
    let mut c = SplendorConfig::new(n).with_modules(modules);
    c.edition = Edition::E2017;
    let mut s = Splendor::setup(&c, 7).expect("setup");
    s.first = 0;
    s.current = 0;
    s
}

fn mover(s: &State) -> Seat {
    match Splendor::to_move(s) {
        ToMove::Seat(x) => x,
        other => panic!("no single seat to move: {other:?}"),
    }
}

fn act(s: &mut State, text: &str) {
    let seat = mover(s);
    let a = Splendor::parse_action(s, seat, text).expect("parse");
    if let Err(e) = Splendor::apply(s, seat, a) {
        panic!("{text}: {e}");
    }
}

fn is_legal(s: &State, text: &str) -> bool {
    let seat = mover(s);
    let a = Splendor::parse_action(s, seat, text).expect("parse");
    let mut v = Vec::new();
    Splendor::legal_actions(s, seat, &mut v);
    v.contains(&a)
}

/// Player `p` holds exactly these gems (white blue green red black), from or to the supply;
/// their gold is left as it is.
fn set_gems(s: &mut State, p: usize, gems: [u8; 5]) {
    for (k, &want) in gems.iter().enumerate() {
        s.bank[k] = s.bank[k] + s.tokens[p][k] - want;
        s.tokens[p][k] = want;
    }
}

/// Player `p` acquires Orient card `id` as if bought earlier, taken from its deck or from the
/// table (its place then holds the deck's top card instead): every card stays accounted for.
fn acquire_orient_gold(s: &mut State, p: usize, id: u8) {
    let d = 3 + s.rules.card(id).level as usize;
    let place = s.board.as_flattened().iter().position(|&c| c == id);
    if let Some(place) = place {
        let top = *s.decks.deck(d).last().expect("a card in the deck");
        let i = DECK_START[d] as usize + s.decks.len[d] as usize - 1;
        s.decks.cards[i] = id;
        s.board.as_flattened_mut()[place] = top;
    }
    let deck = s.decks.deck_mut(d);
    let i = deck.iter().position(|&c| c == id).expect("in its deck");
    let last = deck.len() - 1;
    deck.swap(i, last);
    assert_eq!(s.decks.draw(d), Some(id));
    s.gold_cards[p] += 1;
    s.card_count[p] += 1;
}

/// 001 The Orient, gold card: "can be spent during a single purchase ... If you use only one,
/// the second one is wasted" — only the second: a gold card spent pays at least one gem, so two
/// gold cards are never spent on two gems (one card pays both).
#[test]
fn orient_gold_card_spent_pays_at_least_one_gem() {
    let mut s = game(2, &[Module::Orient]);
    for n in 0..2 {
        let gc = (90..120u8)
            .filter(|&id| s.rules.card(id).effect == Effect::Gold)
            .nth(n)
            .expect("two Orient gold cards");
        acquire_orient_gold(&mut s, 0, gc);
    }
    assert_eq!(s.gold_cards[0], 2);
    // A face-up level 1 card costing two gems or more of one colour: the player holds every
    // gem it costs but two of that colour.
    let (slot, c) = (0..4)
        .find_map(|k| {
            let cost = s.rules.card(s.board[0][k]).cost;
            (0..5).find(|&c| cost[c] >= 2).map(|c| (k, c))
        })
        .expect("such a card face up");
    let card = s.board[0][slot];
    let mut gems = s.rules.card(card).cost;
    gems[c] -= 2;
    let (place, name) = (format!("1{}", (b'a' + slot as u8) as char), token_name(c));
    set_gems(&mut s, 0, gems);
    assert_eq!(s.tokens[0][GOLD], 0);
    let two_cards = format!("buy {place} gold {name} {name} cards 2");
    let one_card = format!("buy {place} gold {name} {name} cards 1");
    assert!(!is_legal(&s, &two_cards), "a second card would pay nothing");
    let mut t = s;
    let a = Splendor::parse_action(&s, Seat(0), &two_cards).expect("parse");
    let why = Splendor::apply(&mut t, Seat(0), a).expect_err("refused");
    assert_eq!(t, s, "a refused buy leaves the state unchanged");
    assert!(why.to_string().contains("pay for nothing"), "{why}");
    assert!(is_legal(&s, &one_card));
    act(&mut s, &one_card);
    assert!(s.owns(0, card));
    assert_eq!(s.gold_cards[0], 1, "one gold card spent, one kept");
    assert_eq!(s.tokens[0], [0; 6]);
}

/// 000 Reserve: a card drawn from a deck is reserved "without showing it to the other players".
/// It stays hidden when its owner later buys another reserved card.
#[test]
fn blind_reserve_stays_hidden_after_buying_another_reserved_card() {
    let mut s = game(2, &[]);
    let face_up = s.board[0][0];
    act(&mut s, "reserve 1a");
    act(&mut s, "reserve 1b");
    act(&mut s, "reserve deck 1");
    act(&mut s, "reserve 1c");
    assert_eq!(s.reserved[0][0], face_up);
    let hidden = s.reserved[0][1];
    assert_eq!(s.blind[0], 0b10, "r2 blind");
    let cost = s.rules.card(face_up).cost;
    set_gems(&mut s, 0, cost);
    act(&mut s, "buy r1");
    assert!(s.owns(0, face_up));
    assert_eq!(s.reserved[0][1], hidden);
    // Swap the blind card with the top of its deck: player 1 cannot tell the difference.
    let mut alt = s;
    let i = DECK_START[0] as usize + alt.decks.len[0] as usize - 1;
    alt.reserved[0][1] = alt.decks.cards[i];
    alt.decks.cards[i] = hidden;
    assert_ne!(alt.reserved[0][1], hidden);
    assert_eq!(
        Splendor::view(&s, Seat(1)),
        Splendor::view(&alt, Seat(1)),
        "the blind card is shown to player 1"
    );
    assert_ne!(Splendor::view(&s, Seat(0)), Splendor::view(&alt, Seat(0)));
}

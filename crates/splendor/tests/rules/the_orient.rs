//! The Orient.

use super::*;

pub(crate) fn orient_game() -> State {
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

pub(crate) fn sacrifice_black(s: &State) -> u8 {
    (0..5)
        .map(|k| orient_card(s, Effect::Sacrifice, k))
        .find(|&id| s.rules.card(id).sacrifice as usize == K)
        .unwrap()
}

/// The double black Orient card.
pub(crate) fn double_black(s: &State) -> u8 {
    (0..5)
        .map(|k| orient_card(s, Effect::Double, k))
        .find(|&id| s.rules.card(id).bonus as usize == K)
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
    let j = give_joined(&mut s, K);
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

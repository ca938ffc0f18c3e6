//! More module details.

use super::*;

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

//! The Cities.

use super::*;

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

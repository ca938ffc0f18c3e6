//! Trading Posts.

use super::*;

pub(crate) const TAKE_GEM: usize = 0;
pub(crate) const EXTRA_GEM: usize = 1;
const GOLD_DOUBLE: usize = 2;
pub(crate) const FIVE: usize = 3;
pub(crate) const PER_POST: usize = 4;

pub(crate) fn posts_game(edition: Edition) -> State {
    let mut s = game(2, &[Module::TradingPosts], edition);
    set_nobles(&mut s, &[]);
    s
}

/// Gives player `p` a noble tile directly (held, with its prestige).
pub(crate) fn give_noble(s: &mut State, p: usize) {
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

//! III. Market.

use super::*;

/// Rules summary: III — at a bonus city (Dunhuang, Koria, Kasgar, Merv, Susia) the leader may
/// take the printed action first, then must take a tile.
#[test]
fn bonus_city_printed_action_first_then_a_tile() {
    let mut s = setup(4, 9);
    no_goods(&mut s);
    let ev = arrive_sellers(&mut s, P2, "Dunhuang");
    assert!(ev.contains(&Event::BonusOffered {
        seat: P2,
        kind: TileKind::Buyer(Good::Silk)
    }));
    assert_eq!(mover(&s), P2);
    let l = legal(&s, P2);
    assert!(l.contains(&Action::Decline), "the bonus is optional");
    assert!(l.contains(&Action::Buy {
        good: Good::Silk,
        n: 2
    }));
    assert!(!l.iter().any(|a| matches!(a, Action::Take { .. })));
    act(&mut s, P2, "buy 2 silk");
    assert_eq!(s.money[1], 7);
    assert_eq!(s.goods[1].get(Good::Silk), 2);
    // Now the leader must take a tile: only takes are legal.
    assert!(legal(&s, P2)
        .iter()
        .all(|a| matches!(a, Action::Take { barter: false, .. })));
    assert_refused(&s, P2, "decline", "not possible now");
    assert_refused(&s, P2, "give P3", "not possible now");
    act(&mut s, P2, "take 1");
    check(&s);

    // Declining the bonus also leads to the obligatory tile.
    let mut s = setup(4, 9);
    arrive_sellers(&mut s, P1, "Koria");
    act(&mut s, P1, "decline");
    assert!(matches!(s.phase, Phase::ChooseTile { actor: P1, .. }));
    check(&s);
}

/// Rules summary: III — Kasgar's printed bonus (an Exchanger here) may be used or stopped, and
/// the leader then takes a tile.
#[test]
fn bonus_exchanger_at_kasgar_then_a_tile() {
    let mut s = setup(4, 25);
    set_goods(&mut s, P4, [0, 0, 0, 2, 0]);
    arrive_sellers(&mut s, P4, "Kasgar");
    act(&mut s, P4, "swap jewels for silk");
    assert!(matches!(s.phase, Phase::Resolve { actor: P4, .. }));
    act(&mut s, P4, "done");
    assert_eq!(s.goods[3].0, [0, 1, 0, 1, 0]);
    assert!(matches!(s.phase, Phase::ChooseTile { actor: P4, .. }));
    assert_eq!(s.tokens[3], 0, "the bonus takes no turn token");
    act(&mut s, P4, "take 1");
    assert_eq!(s.tokens[3], 1);
    check(&s);
}

/// Rules summary: III — the leader must take a tile but may decline to take its action.
#[test]
fn must_take_a_tile_but_may_decline_its_action() {
    let mut s = market4([SELL_IVORY, TileKind::Thief, TileKind::GrandVizier]);
    assert_eq!(mover(&s), P1);
    let l = legal(&s, P1);
    assert_eq!(l.len(), 3);
    assert!(l.iter().all(|a| matches!(a, Action::Take { .. })));
    assert_refused(&s, P1, "give P2", "not possible now");
    let thief = slot(&s, TileKind::Thief);
    act(&mut s, P1, &format!("take {thief}"));
    assert_eq!(s.tokens[0], 1, "a turn token is taken with the tile");
    let goods = s.goods;
    let ev = act(&mut s, P1, "decline");
    assert!(ev.contains(&Event::Declined {
        seat: P1,
        bonus: false
    }));
    assert_eq!(s.goods, goods);
    assert_eq!(s.tiles_left(), 2);
    check(&s);
}

/// Rules summary: III — the pawn is passed only to a player with no turn token (4 players).
#[test]
fn pawn_never_passed_to_a_player_with_a_turn_token() {
    let mut s = market4([SELL_IVORY; 3]);
    take_and_decline(&mut s, P1);
    assert_eq!(gives(&s, P1), [P2, P3, P4]);
    act(&mut s, P1, "give P3");
    take_and_decline(&mut s, P3);
    assert_eq!(gives(&s, P3), [P2, P4]);
    assert_refused(&s, P3, "give P1", "acted as often as allowed");
    assert_refused(&s, P3, "give P3", "acted as often as allowed");
    act(&mut s, P3, "give P2");
    assert_eq!(mover(&s), P2);
    check(&s);
}

/// Rules summary: III — the last player receives the pawn with no tile left, takes no action,
/// and holds it for the next auction.
#[test]
fn last_player_gets_the_pawn_without_acting() {
    let mut s = market4([SELL_IVORY; 3]);
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P4");
    take_and_decline(&mut s, P4);
    act(&mut s, P4, "give P2");
    let ev = take_and_decline(&mut s, P2);
    assert_eq!(
        passed(&ev),
        [(P2, P3)],
        "the pawn goes to the player who did not act"
    );
    assert!(ev.contains(&Event::AuctionOpened { holder: P3 }));
    assert_eq!(s.tokens[2], 0, "P3 took no turn");
    assert_eq!(s.holder, P3);
    assert!(matches!(s.phase, Phase::Auction(_)));
    assert_eq!(mover(&s), P4, "bidding starts at the new holder's left");
    assert!(legal(&s, P3).is_empty());
    check(&s);
}

/// Rules summary: III — with 3 players each may act twice, the pawn may not go to a player with
/// 2 turn tokens, and the player who acted only once ends with the pawn.
#[test]
fn three_players_act_twice_and_the_single_actor_ends_with_the_pawn() {
    let mut s = setup(3, 10);
    arrive_sellers(&mut s, P1, "Hami");
    assert_eq!(s.tiles_left(), 5);
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    assert_eq!(gives(&s, P2), [P1, P3], "P1 has one token: may act again");
    act(&mut s, P2, "give P3");
    take_and_decline(&mut s, P3);
    act(&mut s, P3, "give P1");
    take_and_decline(&mut s, P1);
    assert_eq!(s.tokens[..3], [2, 1, 1]);
    assert_eq!(gives(&s, P1), [P2, P3]);
    act(&mut s, P1, "give P2");
    // P2's second action: P1 has 2 tokens, so it cannot take the pawn back.
    let first = s.city_tiles().next().unwrap().0 + 1;
    act(&mut s, P2, &format!("take {first}"));
    let ev = act(&mut s, P2, "decline");
    assert_eq!(s.tiles_left(), 0);
    assert_eq!(passed(&ev), [(P2, P3)], "P3 acted once and gets the pawn");
    assert_eq!(s.holder, P3);
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);

    // Refusal of a player with 2 tokens, mid-market.
    let mut s = setup(3, 10);
    arrive_sellers(&mut s, P1, "Hami");
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    take_and_decline(&mut s, P1);
    assert_eq!(gives(&s, P1), [P2, P3]);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    // P1 and P2 have 2 tokens: the only choice is made for P2 (P3).
    assert_eq!(mover(&s), P3);
    assert_eq!(s.tokens[..3], [2, 2, 0]);
    take_and_decline(&mut s, P3);
    assert_eq!(s.holder, P3, "P3 acted once and keeps the pawn");
    check(&s);
}

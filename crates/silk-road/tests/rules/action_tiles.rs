//! Action tiles.

use super::*;

/// Rules summary: Seller — sell any number of the printed good for 4, 3, 2, then 1 silver each
/// (selling 5 earns 11).
#[test]
fn seller_ladder_four_three_two_one_one() {
    let mut s = market4([SELL_IVORY; 3]);
    set_goods(&mut s, P1, [6, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    let sells: Vec<u8> = legal(&s, P1)
        .iter()
        .filter_map(|a| match a {
            Action::Sell { good, n } => {
                assert_eq!(*good, Good::Ivory, "only the printed good without a Crook");
                Some(*n)
            }
            _ => None,
        })
        .collect();
    assert_eq!(sells, [1, 2, 3, 4, 5, 6]);
    let ev = act(&mut s, P1, "sell 5 ivory");
    assert!(ev.contains(&Event::Sold {
        seat: P1,
        good: Good::Ivory,
        n: 5,
        earned: 11
    }));
    assert_eq!(s.money[0], 21);
    assert_eq!(s.goods[0].get(Good::Ivory), 1);
    check(&s);

    for (n, earned) in [(1, 4), (2, 7), (3, 9), (4, 10), (6, 12)] {
        let mut s = market4([SELL_IVORY; 3]);
        set_goods(&mut s, P1, [6, 0, 0, 0, 0]);
        act(&mut s, P1, "take 1");
        act(&mut s, P1, &format!("sell {n} ivory"));
        assert_eq!(s.money[0], 10 + earned, "selling {n}");
    }
}

/// Rules summary: Buyer — buy any number of the printed good for 1, 2, 3, then 4 silver each
/// (buying 5 costs 14).
#[test]
fn buyer_ladder_one_two_three_four_four() {
    let mut s = market4([TileKind::Buyer(Good::Jewels); 3]);
    set_money(&mut s, P1, 30);
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "buy 5 jewels");
    assert!(ev.contains(&Event::Bought {
        seat: P1,
        good: Good::Jewels,
        n: 5,
        paid: 14
    }));
    assert_eq!(s.money[0], 16);
    check(&s);
    for (n, cost) in [(1, 1), (2, 3), (3, 6), (4, 10), (6, 18)] {
        let mut s = market4([TileKind::Buyer(Good::Jewels); 3]);
        set_money(&mut s, P1, 30);
        let had = s.goods[0].get(Good::Jewels);
        act(&mut s, P1, "take 1");
        act(&mut s, P1, &format!("buy {n} jewels"));
        assert_eq!(s.money[0], 30 - cost, "buying {n}");
        assert_eq!(s.goods[0].get(Good::Jewels), had + n as u8);
    }
}

/// Project decision gap 3 — a Buyer is limited by its money and by the goods left in the bag
/// (bought goods come from the bag).
#[test]
fn buyer_limited_by_money_and_by_the_bag() {
    let mut s = market4([TileKind::Buyer(Good::Silk); 3]);
    act(&mut s, P1, "take 1");
    // 10 silver: 1 + 2 + 3 + 4 = 10 buys 4, not 5.
    let most = legal(&s, P1)
        .iter()
        .filter_map(|a| match a {
            Action::Buy { n, .. } => Some(*n),
            _ => None,
        })
        .max();
    assert_eq!(most, Some(4));
    assert_refused(&s, P1, "buy 5 silk", "cost 14");

    let mut s = market4([TileKind::Buyer(Good::Silk); 3]);
    set_money(&mut s, P1, 40);
    // Only 2 silk left in the bag: the rest are behind P2's shield.
    let in_bag = s.bag.get(Good::Silk);
    let mut p2 = s.goods[1].0;
    p2[Good::Silk.index()] += in_bag - 2;
    set_goods(&mut s, P2, p2);
    assert_eq!(s.bag.get(Good::Silk), 2);
    act(&mut s, P1, "take 1");
    assert!(!legal(&s, P1).contains(&Action::Buy {
        good: Good::Silk,
        n: 3
    }));
    assert_refused(&s, P1, "buy 3 silk", "only 2 silk left in the bag");
    act(&mut s, P1, "buy 2 silk");
    assert_eq!(s.bag.get(Good::Silk), 0);
    assert_eq!(s.money[0], 37);
    check(&s);
}

/// Rules summary: Trader — give the left goods and receive the right goods, once or twice but no
/// more.
#[test]
fn trader_once_or_twice_not_three_times() {
    let trader = TileKind::Trader {
        give: Good::Ivory,
        give_n: 1,
        get: Good::Silk,
        get_n: 2,
    };
    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    let l = legal(&s, P1);
    assert!(l.contains(&parse(&s, "trade x1 ivory for silk")));
    assert!(l.contains(&parse(&s, "trade x2 ivory for silk")));
    assert!(!l.contains(&parse(&s, "trade x3 ivory for silk")));
    assert_refused(&s, P1, "trade x3 ivory for silk", "once or twice");
    assert_refused(&s, P1, "trade x1 silk for ivory", "trades ivory for silk");
    act(&mut s, P1, "trade x2 ivory for silk");
    assert_eq!(s.goods[0].0, [1, 4, 0, 0, 0]);
    assert!(
        !matches!(s.phase, Phase::Resolve { actor: P1, .. }),
        "used up"
    );
    check(&s);

    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [1, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_refused(&s, P1, "trade x2 ivory for silk", "needs 2 ivory");
    act(&mut s, P1, "trade x1 ivory for silk");
    assert_eq!(s.goods[0].0, [0, 2, 0, 0, 0]);
    check(&s);
}

/// Project decision gap 3 — goods received from a Trader come from the bag; if fewer remain, the
/// player gets what is there.
#[test]
fn trader_receives_only_what_the_bag_holds() {
    let trader = TileKind::Trader {
        give: Good::Ivory,
        give_n: 1,
        get: Good::Silk,
        get_n: 2,
    };
    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [2, 0, 0, 0, 0]);
    let mut p2 = s.goods[1].0;
    p2[Good::Silk.index()] += s.bag.get(Good::Silk) - 3;
    set_goods(&mut s, P2, p2);
    assert_eq!(s.bag.get(Good::Silk), 3);
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "trade x2 ivory for silk");
    assert!(ev.contains(&Event::Traded {
        seat: P1,
        give: Good::Ivory,
        given: 2,
        get: Good::Silk,
        got: 3
    }));
    assert_eq!(s.goods[0].0, [0, 3, 0, 0, 0]);
    assert_eq!(s.bag.get(Good::Silk), 0);
    check(&s);
}

/// Project decision gap 14 — the Seller's price ladder restarts with each tile used.
#[test]
fn seller_ladder_restarts_with_each_tile() {
    let mut s = setup(3, 22);
    arrive_sellers(&mut s, P1, "Hami");
    set_goods(&mut s, P1, [4, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    act(&mut s, P1, "sell 2 ivory");
    assert_eq!(s.money[0], 17);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    act(&mut s, P1, "take 3");
    act(&mut s, P1, "sell 1 ivory");
    assert_eq!(
        s.money[0], 21,
        "the second Seller pays 4 for its first good"
    );
    check(&s);
}

/// Rules summary: Exchanger — swap up to N goods of your choice for as many of your choice.
#[test]
fn exchanger_up_to_n_swaps() {
    let mut s = market4([TileKind::Exchanger(2); 3]);
    set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    act(&mut s, P1, "swap ivory for silk");
    assert_eq!(mover(&s), P1, "a second swap is allowed");
    assert!(legal(&s, P1).contains(&Action::Decline), "or stop");
    act(&mut s, P1, "swap ivory for spices");
    assert_eq!(s.goods[0].0, [1, 1, 0, 0, 1]);
    assert!(
        matches!(s.phase, Phase::PassPawn { actor: P1 }),
        "no third swap with an Exchanger 2"
    );
    assert_refused(&s, P1, "swap ivory for jewels", "not possible now");
    check(&s);

    // Stopping early.
    let mut s = market4([TileKind::Exchanger(2); 3]);
    set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_refused(&s, P1, "swap silk for ivory", "has no silk");
    act(&mut s, P1, "swap ivory for fruits");
    act(&mut s, P1, "done");
    assert_eq!(s.goods[0].0, [2, 0, 1, 0, 0]);
    assert!(matches!(s.phase, Phase::PassPawn { actor: P1 }));
    check(&s);
}

/// Project decision gap 9 — a Crook is needed to change a good on a tile, and is used once.
#[test]
fn crook_needed_to_change_a_good_and_single_use() {
    let mut s = market4([SELL_IVORY; 3]);
    set_goods(&mut s, P1, [0, 4, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert!(!legal(&s, P1)
        .iter()
        .any(|a| matches!(a, Action::Sell { .. })));
    assert_refused(&s, P1, "sell 2 silk", "needs a Crook");

    let mut s = market4([SELL_IVORY; 3]);
    set_goods(&mut s, P1, [0, 4, 0, 0, 0]);
    set_goods(&mut s, P2, [0, 4, 0, 0, 0]);
    s.crooks[0] = 1;
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "sell 2 silk");
    assert!(ev.contains(&Event::UsedCrook { seat: P1 }));
    assert_eq!(s.crooks[0], 0, "the Crook is discarded");
    assert_eq!(s.money[0], 17);
    check(&s);

    // Two Crooks are two uses; a Trader's either side may be changed, not both.
    let trader = TileKind::Trader {
        give: Good::Ivory,
        give_n: 1,
        get: Good::Silk,
        get_n: 2,
    };
    let mut s = market4([trader; 3]);
    set_goods(&mut s, P1, [0, 0, 2, 0, 0]);
    s.crooks[0] = 1;
    act(&mut s, P1, "take 1");
    assert_refused(
        &s,
        P1,
        "trade x1 fruits for jewels",
        "a Crook may change one",
    );
    act(&mut s, P1, "trade x1 fruits for silk");
    assert_eq!(s.crooks[0], 0);
    assert_eq!(s.goods[0].0, [0, 2, 1, 0, 0]);
    check(&s);
}

/// Project decision gap 9 — a Crook may change the good of a city's printed bonus action.
#[test]
fn crook_usable_on_a_bonus_action() {
    let mut s = setup(4, 11);
    s.crooks[2] = 1;
    arrive_sellers(&mut s, P3, "Dunhuang");
    let had = s.goods[2].get(Good::Jewels);
    assert!(legal(&s, P3).contains(&Action::Buy {
        good: Good::Jewels,
        n: 1
    }));
    let ev = act(&mut s, P3, "buy 2 jewels");
    assert!(ev.contains(&Event::UsedCrook { seat: P3 }));
    assert_eq!(s.crooks[2], 0);
    assert_eq!(s.goods[2].get(Good::Jewels), had + 2);
    assert!(matches!(s.phase, Phase::ChooseTile { actor: P3, .. }));
    check(&s);
}

/// Project decision gap 9 — a Crook is usable in the city where it was taken (3 players, second
/// action).
#[test]
fn crook_usable_in_the_city_where_taken() {
    let mut s = setup(3, 12);
    let tiles = [
        TileKind::Crook,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
    ];
    arrive(&mut s, P1, "Hami", &tiles);
    set_goods(&mut s, P1, [0, 0, 3, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_eq!(s.crooks[0], 1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    act(&mut s, P1, "take 3");
    act(&mut s, P1, "sell 3 fruits");
    assert_eq!(s.crooks[0], 0);
    assert_eq!(s.money[0], 19);
    check(&s);
}

/// Rules summary: Barterer — may not be used in the city where collected; usable later.
#[test]
fn barterer_not_usable_where_collected_but_later() {
    let mut s = setup(3, 13);
    let tiles = [
        TileKind::Barterer,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
        SELL_IVORY,
    ];
    arrive(&mut s, P1, "Hami", &tiles);
    act(&mut s, P1, "take 1");
    assert_eq!(s.barterers[0], 1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    // P1's second action, same city, 3 tiles left.
    assert!(!legal(&s, P1)
        .iter()
        .any(|a| matches!(a, Action::Take { barter: true, .. })));
    assert_refused(&s, P1, "barter 3", "city where it was taken");
    take_and_decline(&mut s, P1);
    check(&s);

    // Next city: P1 may use it.
    arrive_sellers(&mut s, P1, "Miran");
    assert!(legal(&s, P1).contains(&Action::Take {
        slot: 0,
        barter: true
    }));
    act(&mut s, P1, "barter 1");
    assert_eq!(s.barterers[0], 0, "used up");
    check(&s);
}

/// Rules summary: Barterer — take 2 tiles one after another (Project decision gap 10: two turn
/// tokens, single use, needs 2 tiles); then the last actor chooses who of those who did not act
/// receives the pawn.
#[test]
fn barterer_takes_two_tiles_and_the_last_actor_chooses() {
    let mut s = setup(4, 14);
    s.barterers[0] = 1;
    arrive(
        &mut s,
        P1,
        "Hami",
        &[SELL_IVORY, TileKind::Thief, SELL_IVORY],
    );
    act(&mut s, P1, "barter 2");
    assert_eq!(s.tokens[0], 1);
    act(&mut s, P1, "decline");
    assert!(matches!(
        s.phase,
        Phase::ChooseTile {
            actor: P1,
            second: true
        }
    ));
    assert!(legal(&s, P1)
        .iter()
        .all(|a| matches!(a, Action::Take { barter: false, .. })));
    assert_refused(&s, P1, "give P2", "not possible now");
    act(&mut s, P1, "take 1");
    act(&mut s, P1, "decline");
    assert_eq!(s.tokens[0], 2, "two tiles, two turn tokens");
    assert_eq!(s.barterers[0], 0);
    assert_eq!(gives(&s, P1), [P2, P3, P4]);
    act(&mut s, P1, "give P3");
    take_and_decline(&mut s, P3);
    // No tiles left; P2 and P4 did not act: P3, the last actor, chooses.
    assert!(matches!(s.phase, Phase::GivePawn { actor: P3 }));
    assert_eq!(mover(&s), P3);
    assert_eq!(gives(&s, P3), [P2, P4]);
    assert_refused(&s, P3, "give P1", "did not act");
    assert_refused(&s, P3, "give P3", "to themselves");
    let ev = act(&mut s, P3, "give P4");
    assert_eq!(passed(&ev), [(P3, P4)]);
    assert_eq!(s.holder, P4);
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);
}

/// Project decision (the texts are silent; `silk rules silk-road` states it): a player takes at
/// most 2 tiles in one market, so with 3 players a Barterer is used only on a player's first
/// turn of the market, never for a third action. On a first turn it works as with 4 players.
#[test]
fn three_players_at_most_two_tiles_a_market_so_no_barterer_on_a_second_turn() {
    let mut s = setup(3, 23);
    s.barterers[0] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P1");
    assert_eq!(s.tokens[..3], [1, 1, 0]);
    assert!(
        !legal(&s, P1)
            .iter()
            .any(|a| matches!(a, Action::Take { barter: true, .. })),
        "a Barterer now would be P1's third tile"
    );
    assert_refused(&s, P1, "barter 3", "at most 2 per market");
    take_and_decline(&mut s, P1);
    assert_eq!(s.barterers[0], 1, "the Barterer is kept for a later market");
    act(&mut s, P1, "give P3");
    take_and_decline(&mut s, P3);
    // P1 has 2 tokens: P3 must pass to P2, who takes the last tile.
    take_and_decline(&mut s, P2);
    assert_eq!(s.tokens, [0; 6], "tokens go back when the market ends");
    assert_eq!(s.holder, P3, "P3 acted once and ends with the pawn");
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);

    // On a first turn a Barterer is allowed with 3 players: two tiles, two tokens.
    let mut s = setup(3, 23);
    s.barterers[0] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    act(&mut s, P1, "barter 1");
    act(&mut s, P1, "decline");
    act(&mut s, P1, "take 2");
    act(&mut s, P1, "decline");
    assert_eq!(s.tokens[..3], [2, 0, 0]);
    assert_eq!(gives(&s, P1), [P2, P3]);
    check(&s);
}

/// Project decision (the texts are silent; `silk rules silk-road` states it): the pawn is never
/// passed to oneself. With 3 players, when the last actor is the one who acted least (here after
/// two Barterers), they keep the pawn: no "P3 passes the pawn to P3".
#[test]
fn three_players_the_pawn_is_never_passed_to_oneself() {
    let mut s = setup(3, 23);
    s.barterers[0] = 1;
    s.barterers[1] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    act(&mut s, P1, "barter 1");
    act(&mut s, P1, "decline");
    act(&mut s, P1, "take 2");
    act(&mut s, P1, "decline");
    act(&mut s, P1, "give P2");
    act(&mut s, P2, "barter 3");
    act(&mut s, P2, "decline");
    act(&mut s, P2, "take 4");
    let mut ev = act(&mut s, P2, "decline");
    assert_eq!(mover(&s), P3, "the only player who may still act");
    ev.extend(take_and_decline(&mut s, P3));
    assert_eq!(s.tiles_left(), 0);
    assert!(
        !passed(&ev).iter().any(|(from, to)| from == to),
        "a pass to oneself: {:?}",
        passed(&ev)
    );
    assert_eq!(s.holder, P3, "P3 acted once and keeps the pawn");
    assert!(matches!(s.phase, Phase::Auction(_)));
    check(&s);

    // Asked directly in a market end where the last actor would be among the choices, the
    // choice is only among the others.
    let mut t = setup(4, 23);
    t.phase = Phase::GivePawn { actor: P4 };
    t.tokens[..4].copy_from_slice(&[1, 1, 0, 0]);
    assert_eq!(gives(&t, P4), [P3]);
    assert_refused(&t, P4, "give P4", "to themselves");
}

/// Rules summary: III — a Barterer's first tile may be a Grand Vizier: after the reveal the same
/// player takes the second tile.
#[test]
fn barterer_second_tile_follows_a_grand_vizier() {
    let mut s = setup(4, 24);
    s.barterers[1] = 1;
    arrive(
        &mut s,
        P2,
        "Hami",
        &[TileKind::GrandVizier, SELL_IVORY, SELL_IVORY],
    );
    act(&mut s, P2, "barter 1");
    act(&mut s, P2, "vizier ivory");
    for seat in [P1, P2, P3, P4] {
        act(&mut s, seat, "reveal 0");
    }
    assert!(matches!(
        s.phase,
        Phase::ChooseTile {
            actor: P2,
            second: true
        }
    ));
    act(&mut s, P2, "take 2");
    act(&mut s, P2, "decline");
    assert_eq!(s.tokens[1], 2);
    check(&s);
}

/// Project decision gap 10 — a Barterer needs at least 2 tiles left in the city.
#[test]
fn barterer_needs_two_tiles() {
    let mut s = setup(4, 15);
    s.barterers[2] = 1;
    arrive_sellers(&mut s, P1, "Hami");
    take_and_decline(&mut s, P1);
    act(&mut s, P1, "give P2");
    take_and_decline(&mut s, P2);
    act(&mut s, P2, "give P3");
    assert_eq!(s.tiles_left(), 1);
    assert!(!legal(&s, P3)
        .iter()
        .any(|a| matches!(a, Action::Take { barter: true, .. })));
    assert_refused(&s, P3, "barter 3", "two tiles");
    assert_refused(&s, P2, "barter 3", "not P2's decision");
    let mut t = setup(4, 15);
    arrive_sellers(&mut t, P1, "Hami");
    assert_refused(&t, P1, "barter 1", "has no Barterer");
}

/// Rules summary: Thief — steal one goods token from a chosen player; Project decision gap 8:
/// a player with no goods yields nothing.
#[test]
fn thief_steals_one_good_from_the_chosen_player() {
    let mut s = market4([TileKind::Thief; 3]);
    set_goods(&mut s, P2, [0, 0, 0, 2, 0]);
    let p3 = s.goods[2];
    act(&mut s, P1, "take 1");
    let l = legal(&s, P1);
    assert!(l.contains(&Action::Steal(P2)) && l.contains(&Action::Steal(P4)));
    assert_refused(&s, P1, "steal P1", "another player");
    let before = s.goods[0].get(Good::Jewels);
    let ev = act(&mut s, P1, "steal P2");
    assert_eq!(s.goods[1].0, [0, 0, 0, 1, 0], "exactly one good");
    assert_eq!(s.goods[0].get(Good::Jewels), before + 1);
    assert_eq!(s.goods[2], p3, "nobody else is robbed");
    check(&s);

    // Who may read the colour in the narration.
    let stole = ev
        .iter()
        .find(|e| matches!(e, Event::Stole { .. }))
        .expect("a Stole event");
    let text = |v: Option<Seat>| <SilkRoad as Game>::event_text(&s, stole, v).unwrap();
    assert!(text(Some(P1)).contains("jewels"), "{}", text(Some(P1)));
    assert!(text(Some(P2)).contains("jewels"));
    assert!(!text(Some(P3)).contains("jewels"), "{}", text(Some(P3)));
    assert!(!text(Some(P4)).contains("jewels"));
    assert!(!text(None).contains("jewels"));

    // A victim with no goods yields nothing.
    let mut s = market4([TileKind::Thief; 3]);
    set_goods(&mut s, P4, [0; 5]);
    let goods = s.goods;
    act(&mut s, P1, "take 1");
    let ev = act(&mut s, P1, "steal P4");
    assert_eq!(s.goods, goods);
    assert!(ev.contains(&Event::Stole {
        thief: P1,
        victim: P4,
        good: None
    }));
    check(&s);
}

//! Scoring.

use super::*;

/// Ends the game from Aleppo with the given money and goods.
fn finish(config: &SilkRoadConfig, money: [u16; 4], goods: [[u8; 5]; 4]) -> silk_core::Outcome {
    let mut s = setup_with(config, 18);
    no_goods(&mut s);
    for i in 0..4 {
        set_money(&mut s, Seat(i as u8), money[i]);
        set_goods(&mut s, Seat(i as u8), goods[i]);
    }
    s.holder = P1;
    s.caravan = city(&s, "Tyre") as u8;
    s.phase = Phase::Move;
    act(&mut s, P1, "move Antioch");
    check(&s);
    SilkRoad::outcome(&s).expect("game over")
}

/// Rules summary: End of the Game — 5 per gold, 1 per silver (money value), 1 per goods token,
/// and 2 to the player with the most goods of each colour; a tie for the most gives nobody the 2.
#[test]
fn scoring_money_goods_and_sole_majorities() {
    let o = finish(
        &SilkRoadConfig::new(4),
        [20, 15, 15, 10],
        [
            [3, 0, 0, 0, 0],
            [0, 2, 0, 0, 0],
            [0, 2, 0, 0, 0],
            [1, 0, 1, 0, 0],
        ],
    );
    // P1: 20 + 3 + 2 (ivory); P2, P3: 15 + 2, silk tied; P4: 10 + 2 + 2 (fruits).
    assert_eq!(o.scores, [25, 17, 17, 14]);
    assert_eq!(o.ranks, [0, 1, 1, 3]);
    assert_eq!(o.winners().collect::<Vec<_>>(), [P1]);
}

/// Project decision gap 12 — tie_break: shared by default, or most money, or most goods.
#[test]
fn tie_break_shared_most_money_most_goods() {
    let money = [16, 15, 15, 10];
    // Ivory tied four ways, silk tied by P2 and P3: no majorities. P1..P3 score 17.
    let goods = [
        [1, 0, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 1, 0, 0, 0],
        [1, 0, 0, 0, 0],
    ];
    let mut config = SilkRoadConfig::new(4);
    let o = finish(&config, money, goods);
    assert_eq!(o.scores, [17, 17, 17, 11]);
    assert_eq!(o.ranks, [0, 0, 0, 3]);
    config.params.tie_break = TieRule::MostMoney;
    assert_eq!(finish(&config, money, goods).ranks, [0, 1, 1, 3]);
    config.params.tie_break = TieRule::MostGoods;
    assert_eq!(finish(&config, money, goods).ranks, [2, 0, 0, 3]);
}

/// Project decision gap 4 — spent_goods: sold or given goods go back into the bag (default) or
/// out of the game (box).
#[test]
fn spent_goods_go_to_the_bag_or_the_box() {
    for spent in [SpentGoods::Bag, SpentGoods::Box] {
        let mut config = SilkRoadConfig::new(4);
        config.params.spent_goods = spent;
        let mut s = setup_with(&config, 19);
        arrive(&mut s, P1, "Hami", &[SELL_IVORY; 3]);
        set_goods(&mut s, P1, [3, 0, 0, 0, 0]);
        let (bag, boxed) = (s.bag.get(Good::Ivory), s.boxed.get(Good::Ivory));
        act(&mut s, P1, "take 1");
        act(&mut s, P1, "sell 2 ivory");
        match spent {
            SpentGoods::Bag => {
                assert_eq!(s.bag.get(Good::Ivory), bag + 2);
                assert_eq!(s.boxed.get(Good::Ivory), boxed);
            }
            SpentGoods::Box => {
                assert_eq!(s.bag.get(Good::Ivory), bag);
                assert_eq!(s.boxed.get(Good::Ivory), boxed + 2);
            }
        }
        check(&s);
    }
}

//! Refusals and hidden information.

use super::*;

/// Engine contract (silk-core `Game::apply_with`): an illegal action leaves the state unchanged
/// and the error says why.
#[test]
fn illegal_actions_leave_the_state_unchanged_and_say_why() {
    let mut s = setup(4, 20);
    s.holder = P1;
    s.phase = silk_road::leader_auction(&s);
    assert_refused(&s, P3, "bid 2", "not P3's decision");
    assert_refused(&s, P2, "move Lanzhou", "not possible now (leader auction)");
    assert_refused(&s, P2, "bid 11", "more than P2 owns");
    assert_refused(&s, P2, "take 1", "taking a tile is not possible now");

    let mut s = market4([SELL_IVORY; 3]);
    assert_refused(&s, P1, "take 4", "no tile 4 in Hami");
    assert_refused(&s, P1, "sell 1 ivory", "not possible now");
    set_goods(&mut s, P1, [1, 0, 0, 0, 0]);
    act(&mut s, P1, "take 1");
    assert_refused(&s, P1, "sell 2 ivory", "cannot sell 2 ivory: has 1");
    assert_refused(
        &s,
        P1,
        "buy 1 ivory",
        "buying is not what seller ivory does",
    );
    assert_refused(&s, P1, "steal P2", "stealing is not what seller ivory does");
    assert_refused(&s, P2, "decline", "not P2's decision");
    act(&mut s, P1, "decline");
    assert_refused(&s, P1, "take 2", "not possible now");
    check(&s);
}

fn numbers(v: &serde_json::Value, out: &mut Vec<u64>) {
    match v {
        serde_json::Value::Number(n) => out.extend(n.as_u64()),
        serde_json::Value::Array(a) => a.iter().for_each(|x| numbers(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| numbers(x, out)),
        _ => {}
    }
}

/// Rules summary: Setup 1 — money and goods are hidden behind each player's shield: a seat's view
/// holds its own money and goods, not the others'.
#[test]
fn view_shows_own_money_and_goods_only() {
    let mut s = setup(4, 21);
    no_goods(&mut s);
    set_money(&mut s, P1, 37);
    set_money(&mut s, P2, 41);
    set_goods(&mut s, P1, [0, 0, 0, 0, 13]);
    set_goods(&mut s, P2, [0, 0, 11, 0, 0]);
    let json = |seat| {
        let v = serde_json::to_value(SilkRoad::view(&s, seat)).unwrap();
        let mut n = Vec::new();
        numbers(&v, &mut n);
        n
    };
    let (v1, v2) = (json(P1), json(P2));
    assert!(v1.contains(&37) && v1.contains(&13));
    assert!(
        !v1.contains(&41) && !v1.contains(&11),
        "P2's money or goods leak to P1"
    );
    assert!(v2.contains(&41) && v2.contains(&11));
    assert!(
        !v2.contains(&37) && !v2.contains(&13),
        "P1's money or goods leak to P2"
    );
    for seat in [P3, P4] {
        let v = json(seat);
        for x in [37, 41, 13, 11] {
            assert!(!v.contains(&x), "{x} leaks to {seat}");
        }
    }
    let view = SilkRoad::view(&s, P1);
    assert_eq!(view.my_money, 37);
    assert_eq!(view.my_goods.0, [0, 0, 0, 0, 13]);

    // Changing what is behind P2's shield changes nothing P1 sees.
    let before = SilkRoad::view(&s, P1);
    let mut t = s;
    set_money(&mut t, P2, 3);
    set_goods(&mut t, P2, [2, 0, 0, 0, 0]);
    assert_eq!(SilkRoad::view(&t, P1), before);
    assert_eq!(SilkRoad::view_text(&t, P1), SilkRoad::view_text(&s, P1));
    check(&t);
}

//! II. Moving the caravan.

use super::*;

/// Rules summary: II — the leader moves the caravan along one of the lines (arrows) only.
#[test]
fn leader_moves_only_along_arrows() {
    let mut s = setup(4, 7);
    s.holder = P2;
    s.caravan = city(&s, "Hami") as u8;
    s.phase = Phase::Move;
    let mut moves: Vec<String> = legal(&s, P2).iter().map(|a| a.to_text(&s)).collect();
    moves.sort();
    assert_eq!(moves, ["move Miran", "move Turfan"]);
    assert_refused(&s, P2, "move Koria", "cannot go from Hami to Koria");
    assert_refused(&s, P2, "move Yumen", "cannot go");
    assert_refused(&s, P1, "move Miran", "not P1's decision");
    act(&mut s, P2, "move Miran");
    assert_eq!(s.rules.name(s.caravan), "Miran");
    check(&s);
}

/// Rules summary: End of the Game — reaching the end city ends the game immediately: no market,
/// the outcome is available.
#[test]
fn reaching_antioch_ends_the_game_at_once() {
    let mut s = setup(4, 8);
    s.holder = P3;
    s.caravan = city(&s, "Aleppo") as u8;
    s.phase = Phase::Move;
    assert!(SilkRoad::outcome(&s).is_none());
    let tiles = s.tiles;
    let ev = act(&mut s, P3, "move Antioch");
    assert!(ev.contains(&Event::GameOver));
    assert_eq!(SilkRoad::to_move(&s), ToMove::Terminal);
    assert_eq!(s.tiles, tiles, "no market is held");
    assert!(!ev.iter().any(|e| matches!(e, Event::TookTile { .. })));
    assert!(SilkRoad::outcome(&s).is_some());
    for seat in [P1, P2, P3, P4] {
        assert!(legal(&s, seat).is_empty());
        assert_refused(&s, seat, "pass", "game is over");
    }
    check(&s);
}

//! Issue 44: points found by an outside implementation and by mutation testing.

use super::*;

/// An Orient game (2 players, no nobles) with `sacrifice_exact` set; P1 holds a card joined to
/// black (with `joined`), `singles` black base cards and the double black Orient card, and has
/// just bought the black sacrifice card. Returns the state, the joined card, the singles and
/// the double.
fn sacrificing(exact: bool, joined: bool, singles: usize) -> (State, Option<u8>, Vec<u8>, u8) {
    let mut c = SplendorConfig::new(2).with_modules(&[Module::Orient]);
    c.edition = Edition::E2017;
    c.params.sacrifice_exact = exact;
    let mut s = game_of(&c);
    set_nobles(&mut s, &[]);
    let sac = sacrifice_black(&s);
    show(&mut s, "3e", sac);
    let j = joined.then(|| give_joined(&mut s, K));
    let d = double_black(&s);
    give(&mut s, 0, d);
    give_bonus(&mut s, 0, K, singles);
    let singles: Vec<u8> = s
        .owned_cards(0)
        .filter(|&c| Some(c) != j && c != d)
        .collect();
    act(&mut s, "buy 3e");
    assert!(matches!(s.phase, Phase::Sacrifice { left: 2, .. }));
    (s, j, singles, d)
}

fn discard(id: u8) -> String {
    format!("discard #{id}")
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Issue 44, point 25, `sacrifice_exact = true` (the default): with a card joined to black, a
/// black single and the black double, the joined card goes first and the single pays the last
/// bonus; the double may not (2 bonuses, not 3).
#[test]
fn issue44_p25_sacrifice_exact_true_a_single_pays_the_last_bonus() {
    assert!(silk_splendor::data::Params::default().sacrifice_exact);
    let (mut s, j, singles, d) = sacrificing(true, true, 1);
    let j = j.unwrap();
    assert_eq!(legal(&s), [discard(j)]);
    act(&mut s, &discard(j));
    assert_eq!(legal(&s), [discard(singles[0])]);
    let why = refuse(&s, &discard(d));
    assert!(why.contains("sacrifice_exact"), "{why}");
    act(&mut s, &discard(singles[0]));
    assert_eq!(mover(&s), Seat(1));
    assert!(s.owns(0, d), "the double is kept");
    assert_eq!(s.bonus[0][K], 2);
}

/// Issue 44, point 25, `sacrifice_exact = false`: any card of the colour may go while a bonus is
/// owed (the joined ones first), so after the joined card the double may pay the last bonus (3
/// bonuses in all), and with no joined card a single then the double may too.
#[test]
fn issue44_p25_sacrifice_exact_false_lets_a_double_pay_the_last_bonus() {
    let (mut s, j, singles, d) = sacrificing(false, true, 1);
    let j = j.unwrap();
    assert_eq!(legal(&s), [discard(j)], "the joined card still goes first");
    refuse(&s, &discard(d));
    act(&mut s, &discard(j));
    assert_eq!(
        sorted(legal(&s)),
        sorted(vec![discard(singles[0]), discard(d)])
    );
    act(&mut s, &discard(d));
    assert_eq!(mover(&s), Seat(1), "the double paid the last bonus");
    assert!(s.owns(0, singles[0]), "the single is kept");
    assert_eq!(s.bonus[0][K], 1, "3 black bonuses went");

    let (mut s, _, singles, d) = sacrificing(false, false, 1);
    assert_eq!(
        sorted(legal(&s)),
        sorted(vec![discard(singles[0]), discard(d)])
    );
    act(&mut s, &discard(singles[0]));
    assert_eq!(legal(&s), [discard(d)]);
    act(&mut s, &discard(d));
    assert_eq!(mover(&s), Seat(1));
    assert_eq!(s.bonus[0][K], 0, "a single then the double: 3 bonuses");
    // The same hand under the default: the double alone.
    let (s, _, singles, d) = sacrificing(true, false, 1);
    assert_eq!(legal(&s), [discard(d)]);
    refuse(&s, &discard(singles[0]));
}

/// A 4-player base game (7 gems of a colour, enough to pay any card in gems) with `face_up`
/// cards face up per level.
fn with_face_up(face_up: u8) -> State {
    let mut c = SplendorConfig::new(4);
    c.edition = Edition::E2017;
    c.params.face_up = face_up;
    game_of(&c)
}

/// Issue 44, point 28. Parameter `face_up` (the printed rules' 4, open to designers): with 1,
/// 2 or 3 cards face up per level, the first `face_up` places of every level hold a card that
/// can be reserved and bought, and the places past them hold none.
#[test]
fn issue44_p28_face_up_below_four_every_level_can_be_reserved_and_bought() {
    for face_up in 1..=3u8 {
        for level in 1..=3 {
            for slot in 0..4u8 {
                let name = format!("{level}{}", (b'a' + slot) as char);
                let s = with_face_up(face_up);
                let id = at(&s, &name);
                let what = format!("face_up {face_up}, {name}");
                if slot >= face_up {
                    assert_eq!(id, NONE, "{what}");
                    assert!(!is_legal(&s, &format!("reserve {name}")), "{what}");
                    refuse(&s, &format!("reserve {name}"));
                    continue;
                }
                assert_ne!(id, NONE, "{what}");
                let mut r = s;
                assert!(is_legal(&r, &format!("reserve {name}")), "{what}");
                act(&mut r, &format!("reserve {name}"));
                assert!(r.reserved[0].contains(&id), "{what}");
                let mut b = s;
                let cost = b.rules.card(id).cost;
                set_tokens(&mut b, 0, [cost[0], cost[1], cost[2], cost[3], cost[4], 0]);
                assert!(is_legal(&b, &format!("buy {name}")), "{what}");
                act(&mut b, &format!("buy {name}"));
                assert!(b.owns(0, id), "{what}");
            }
        }
    }
}

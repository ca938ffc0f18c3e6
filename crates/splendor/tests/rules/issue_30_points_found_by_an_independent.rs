//! Issue 30: points found by an independent implementation and by mutation testing.

use super::*;

/// Issue 30, point 1. `silk rules splendor`: the tie-break counts "the development cards in front
/// of a player at the end (spent gold cards and discarded cards do not count)" — so an Orient
/// gold card not yet spent counts: with equal prestige and otherwise equal cards, its holder has
/// one card more and loses the tie.
#[test]
fn issue30_p1_unspent_gold_card_counts_for_the_tie_break() {
    let mut s = orient_game();
    let gc = orient_card(&s, Effect::Gold, 0);
    let c1 = base_card(&s, 1, W, 1, [0, 0, 4, 0, 0]);
    let c2 = base_card(&s, 1, U, 1, [0, 0, 0, 4, 0]);
    show(&mut s, "1e", gc);
    show(&mut s, "1a", c1);
    show(&mut s, "1b", c2);
    give_points(&mut s, 0, 14, &[W, U, R, K]);
    give_points(&mut s, 1, 14, &[W, U, G, K]);
    more_cards(&mut s, 0, 1, 0, G);
    set_tokens(&mut s, 0, [3, 0, 4, 0, 0, 0]);
    set_tokens(&mut s, 1, [0, 0, 0, 4, 0, 0]);
    act(&mut s, "buy 1e");
    assert_eq!(s.gold_cards[0], 1);
    assert_eq!(
        s.card_count[0],
        s.card_count[1] + 1,
        "the gold card is a card"
    );
    act(&mut s, "take white blue black");
    act(&mut s, "buy 1a");
    act(&mut s, "buy 1b");
    assert_eq!(s.prestige[..2], [15, 15]);
    assert_eq!(s.gold_cards[0], 1, "never spent");
    assert_eq!(s.card_count[0], s.card_count[1] + 1);
    assert_eq!(ranks(&s), [1, 0], "P2 has fewer cards");
    let trace_result = <Splendor as silk_core::Traced>::result_json(&s);
    assert_eq!(
        trace_result["cards"],
        serde_json::json!([s.card_count[0], s.card_count[1]])
    );
}

/// Issue 30, point 2. 001 The Orient, sacrifice: "you must discard 2 bonuses of the indicated
/// color". The cost is two bonuses, so the cards discarded form a minimal set (project decision,
/// in `silk rules splendor`): a single and then a double (three bonuses) is refused, whichever
/// order the player tries; a double alone, or two singles, pay it.
#[test]
fn issue30_p2_sacrifice_discards_a_minimal_set() {
    // One single and one double: the double alone pays; the single first would leave only the
    // double for the last bonus.
    let mut s = orient_game();
    let sac = sacrifice_black(&s);
    show(&mut s, "3e", sac);
    let d = double_black(&s);
    give(&mut s, 0, d);
    give_bonus(&mut s, 0, K, 1);
    let single = s.owned_cards(0).find(|&c| c != d).unwrap();
    act(&mut s, "buy 3e");
    assert!(matches!(s.phase, Phase::Sacrifice { left: 2, .. }));
    assert_eq!(legal(&s), [format!("discard #{d}")]);
    let why = refuse(&s, &format!("discard #{single}"));
    assert!(why.contains("double"), "{why}");
    act(&mut s, &format!("discard #{d}"));
    assert_eq!(mover(&s), Seat(1), "the double paid both bonuses");
    assert!(s.owns(0, single), "the single is kept");
    assert_eq!(s.bonus[0][K], 1);

    // Two singles and a double: a single first, then the second bonus by the other single —
    // not by the double.
    let mut s = orient_game();
    show(&mut s, "3e", sac);
    give(&mut s, 0, d);
    give_bonus(&mut s, 0, K, 2);
    let singles: Vec<u8> = s.owned_cards(0).filter(|&c| c != d).collect();
    act(&mut s, "buy 3e");
    let mut first = legal(&s);
    first.sort();
    let mut all: Vec<String> = [singles[0], singles[1], d]
        .iter()
        .map(|id| format!("discard #{id}"))
        .collect();
    all.sort();
    assert_eq!(first, all, "any card may go first");
    act(&mut s, &format!("discard #{}", singles[0]));
    assert!(matches!(s.phase, Phase::Sacrifice { left: 1, .. }));
    assert_eq!(legal(&s), [format!("discard #{}", singles[1])]);
    let why = refuse(&s, &format!("discard #{d}"));
    assert!(why.contains("1 black bonus is still owed"), "{why}");
    act(&mut s, &format!("discard #{}", singles[1]));
    assert_eq!(mover(&s), Seat(1));
    assert!(s.owns(0, d), "the double is kept");
    assert_eq!(s.bonus[0][K], 2);
    assert_eq!(s.card_count[0], 2, "the double and the sacrifice card");
}

/// Issue 30, point 2, with the joined cards first: a card joined to the colour goes first even
/// when a double alone would pay, and then a double may pay the last bonus only when no single
/// can.
#[test]
fn issue30_p2_sacrifice_joined_card_then_a_double_only_without_a_single() {
    let setup = |singles: usize| {
        let mut s = orient_game();
        let sac = sacrifice_black(&s);
        show(&mut s, "3e", sac);
        let j = give_joined(&mut s, K);
        let d = double_black(&s);
        give(&mut s, 0, d);
        give_bonus(&mut s, 0, K, singles);
        act(&mut s, "buy 3e");
        assert_eq!(legal(&s), [format!("discard #{j}")]);
        act(&mut s, &format!("discard #{j}"));
        (s, d)
    };
    let (mut s, d) = setup(0);
    assert_eq!(
        legal(&s),
        [format!("discard #{d}")],
        "only a double is left"
    );
    act(&mut s, &format!("discard #{d}"));
    assert_eq!(mover(&s), Seat(1));
    let (s, d) = setup(1);
    let single = s
        .owned_cards(0)
        .find(|&c| c != d && s.rules.card(c).bonus as usize == K && !s.rules.card(c).orient)
        .unwrap();
    assert_eq!(legal(&s), [format!("discard #{single}")]);
    refuse(&s, &format!("discard #{d}"));
}

/// Issue 30, point 3. 000 The Nobles: "At the end of their turn, each player checks the noble
/// tiles". A player with no possible action passes (project decision `no_action = pass`), and a
/// turn passed is still a turn: its end follows, so a noble the player qualifies for visits
/// them on that turn rather than being left for another player.
#[test]
fn issue30_p3_pass_runs_end_of_turn() {
    let mut s = base(2);
    let wu = noble(&s, [4, 4, 0, 0, 0]);
    set_nobles(&mut s, &[wu]);
    give_bonus(&mut s, 0, W, 4);
    give_bonus(&mut s, 0, U, 4);
    // Nothing to take, reserve or buy: no gem in the supply, a full hand of level 3 cards out
    // of reach, no face-up card.
    set_tokens(&mut s, 1, [4, 4, 4, 4, 4, 0]);
    for _ in 0..3 {
        let id = top(&s, 2);
        reserve_for(&mut s, 0, id);
    }
    for row in s.board.iter_mut() {
        row.fill(NONE);
    }
    assert_eq!(legal(&s), ["pass"]);
    act(&mut s, "pass");
    assert_eq!(s.noble_holder[0], 0, "the noble visits on the turn passed");
    assert_eq!(s.prestige[0], 3);
    assert_eq!(mover(&s), Seat(1));
}

/// An Orient game with `join_onto_joined` set; player 0 holds a join card joined to blue (their
/// only card), and the second join card is face up at 1e with the gems to buy it.
fn joined_blue_only(join_onto_joined: bool) -> (State, u8) {
    let mut c = SplendorConfig::new(2).with_modules(&[Module::Orient]);
    c.params.join_onto_joined = join_onto_joined;
    let mut s = Splendor::setup(&c, 7).expect("setup");
    s.first = 0;
    s.current = 0;
    set_nobles(&mut s, &[]);
    give_joined(&mut s, U);
    let j1 = orient_card(&s, Effect::Join, 1);
    show(&mut s, "1e", j1);
    let cost = s.rules.card(j1).cost;
    set_tokens(&mut s, 0, [cost[0], cost[1], cost[2], cost[3], cost[4], 0]);
    (s, j1)
}

/// Issue 30, point 4. 001 The Orient, join card: "Associate ... this card to a card you
/// acquired previously. It is now worth 1 bonus identical to the card's bonus to which it is
/// associated." Whether that card may itself be a join card is not said: project decision
/// `join_onto_joined`, `true` by default (a join card's bonus is a card's bonus).
#[test]
fn issue30_p4_join_onto_joined_true_allows_a_join_onto_a_joined_card() {
    let (mut s, j1) = joined_blue_only(true);
    assert!(is_legal(&s, "buy 1e"));
    act(&mut s, "buy 1e");
    assert_eq!(s.phase, Phase::Join { card: j1 });
    assert_eq!(legal(&s), ["join blue"]);
    act(&mut s, "join blue");
    assert_eq!(s.bonus[0][U], 2);
    assert_eq!(mover(&s), Seat(1));
}

/// Issue 30, point 4, `join_onto_joined = false`: a join card needs a card with a bonus of its
/// own in the colour; join cards joined before do not count (so a player whose only bonuses are
/// join cards cannot buy one), and with a card of its own in another colour only that colour is
/// offered.
#[test]
fn issue30_p4_join_onto_joined_false_needs_a_card_with_its_own_bonus() {
    let (s, _) = joined_blue_only(false);
    assert!(!is_legal(&s, "buy 1e"));
    let why = refuse(&s, "buy 1e");
    assert!(why.contains("join_onto_joined"), "{why}");

    let (mut s, j1) = joined_blue_only(false);
    give_bonus(&mut s, 0, R, 1);
    assert!(is_legal(&s, "buy 1e"));
    act(&mut s, "buy 1e");
    assert_eq!(s.phase, Phase::Join { card: j1 });
    assert_eq!(legal(&s), ["join red"]);
    let why = refuse(&s, "join blue");
    assert!(why.contains("join_onto_joined"), "{why}");
    act(&mut s, "join red");
    assert_eq!(s.bonus[0][R], 2);
    assert_eq!(s.bonus[0][U], 1);
}

/// Every parameter is printed by `silk rules splendor` with its value and documented in
/// docs/splendor.md with its default (the parameters given in the rules' prose — gems, gold,
/// face-up cards — are named in the doc).
#[test]
fn every_parameter_is_printed_and_documented() {
    let config = SplendorConfig::new(2);
    let text = Splendor::rules_text(&config);
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/splendor.md"),
    )
    .unwrap();
    let params = serde_json::to_value(&config.params).unwrap();
    for (name, value) in params.as_object().unwrap() {
        if name == "version" {
            continue;
        }
        assert!(
            doc.contains(&format!("`{name}`")),
            "{name} in docs/splendor.md"
        );
        if ["gems_by_players", "gold", "face_up"].contains(&name.as_str()) {
            continue;
        }
        let shown = value.as_str().map_or(value.to_string(), str::to_string);
        assert!(
            text.contains(&format!("{name} = {shown}:")),
            "{name} = {shown} in silk rules splendor:\n{text}"
        );
    }
}

/// Issue 30, point 20. Project decision `reserve_orient_deck = false`: a blind reserve draws
/// from the base decks only — the Orient's level 1 deck (the first of them) is refused too.
#[test]
fn issue30_p20_reserve_orient_deck_off_refuses_the_orient_level_one_deck() {
    let mut c = SplendorConfig::new(2).with_modules(&[Module::Orient]);
    c.params.reserve_orient_deck = false;
    let mut s = Splendor::setup(&c, 7).expect("setup");
    s.first = 0;
    s.current = 0;
    for d in 1..=3 {
        let text = format!("reserve deck orient {d}");
        assert!(!is_legal(&s, &text), "{text}");
        let why = refuse(&s, &text);
        assert!(why.contains("no such deck"), "{why}");
    }
    assert!(legal(&s).iter().all(|a| !a.contains("orient")));
    assert!(is_legal(&s, "reserve deck 1"));
    assert!(
        is_legal(&s, "reserve 1e"),
        "a face-up Orient card may still be reserved"
    );
    let hidden = top(&s, 0);
    act(&mut s, "reserve deck 1");
    assert!(s.reserved[0].contains(&hidden));
}

/// Issue 30, point 20. 000 Reserve: a card reserved face up is known to all, one drawn blind
/// from a deck only to its owner. A player holding both kinds keeps each as it was: the
/// others see the face-up ones (before and after the blind one) and only the deck of the blind
/// one, which stays in its place between them.
#[test]
fn issue30_p20_others_see_face_up_reserves_beside_a_blind_one() {
    use silk_splendor::Reserved;
    let mut s = base(3);
    let a = at(&s, "1b");
    act(&mut s, "reserve 1b");
    act(&mut s, "take white blue green");
    act(&mut s, "take white blue green");
    let hidden = top(&s, 1);
    act(&mut s, "reserve deck 2");
    act(&mut s, "take white blue red");
    act(&mut s, "take white blue red");
    let c = at(&s, "3a");
    act(&mut s, "reserve 3a");
    assert_eq!(s.reserved[0], [a, hidden, c]);
    let theirs = [
        Reserved::Card(a),
        Reserved::Hidden { deck: 1 },
        Reserved::Card(c),
    ];
    for seat in [1, 2] {
        assert_eq!(
            Splendor::view(&s, Seat(seat)).reserved[0],
            theirs,
            "seat {seat}"
        );
    }
    let mine = [Reserved::Card(a), Reserved::Card(hidden), Reserved::Card(c)];
    assert_eq!(Splendor::view(&s, Seat(0)).reserved[0], mine);
}

/// Issue 30, point 20. 000 The Nobles: "A player can be visited if they have (at least) the
/// quantity and type of bonuses indicated on the noble tile" — enough bonuses in all is not
/// enough: one short in a colour, no visit.
#[test]
fn issue30_p20_noble_needs_each_colour_not_the_total() {
    let mut s = base(2);
    let rk = noble(&s, [0, 0, 0, 4, 4]);
    set_nobles(&mut s, &[rk]);
    give_bonus(&mut s, 0, R, 4);
    give_bonus(&mut s, 0, K, 3);
    give_bonus(&mut s, 0, G, 6);
    assert!(
        s.bonus[0].iter().sum::<u8>() >= 8 + 5,
        "more than the noble's 8 in all"
    );
    act(&mut s, "take white blue green");
    assert_eq!(s.noble_holder[0], NONE, "3 black is one short of 4");
    assert_eq!(s.prestige[0], 0);
    act(&mut s, "take white blue green");
    give_bonus(&mut s, 0, K, 1);
    act(&mut s, "take white blue red");
    assert_eq!(s.noble_holder[0], 0, "4 red and 4 black");
}

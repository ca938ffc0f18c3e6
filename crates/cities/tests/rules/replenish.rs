//! Phase 1 Replenish.

use super::*;

#[test]
fn design_phase1_income_skipped_in_round_1_then_one_coin_per_citizen() {
    // Design + ambiguity 6: training, untap and income are skipped in round 1 only.
    let s = standard();
    assert_eq!(s.round, 1);
    assert!(s.cities[..4].iter().all(|c| c.coins == 10));
    let mut s2 = standard();
    s2.cities[0].metal = 1;
    act(&mut s2, "assign laborer to soldier");
    assert_eq!(s2.cities[0].recruits, [1, 0]);
    act(&mut s2, "gather food");
    end_turns(&mut s2);
    while s2.round == 1 {
        act(&mut s2, "keep");
    }
    let c = s2.cities[0];
    assert_eq!(c.recruits, [0, 0], "training ends");
    assert_eq!(c.soldiers[0], 3);
    assert_eq!(c.laborers, [1, 0], "untapped");
    assert!(c.coins >= 10 + 5, "income of 1 coin per citizen");
}

#[test]
fn design_india_persia_cleared_and_restocked_to_3() {
    let mut s = standard();
    for e in [INDIA, 2] {
        assert_eq!(
            s.sell[e as usize].len(),
            3,
            "restocked to 3 in round 1 (gap 7)"
        );
        assert!(
            s.sell[e as usize].iter().all(|en| en.slot < 3),
            "pushed onto slots 1-3"
        );
    }
    s.buy[INDIA as usize]
        .fill_lowest_empty(silk_trade::TrackCard::single(
            silk_cities::cards::METAL_CARD,
        ))
        .unwrap();
    s.sell[INDIA as usize]
        .take(0, silk_trade::FinePrice::Sum)
        .unwrap();
    end_turns(&mut s);
    while s.round == 1 {
        act(&mut s, "keep");
    }
    assert!(
        s.buy[INDIA as usize].is_empty(),
        "ambiguity 5: sold cards cleared"
    );
    assert_eq!(s.sell[INDIA as usize].len(), 3);
    // Gap 11 push rule: the new card entered at slot 1, the others moved down.
    assert_eq!(
        s.sell[INDIA as usize]
            .iter()
            .map(|e| e.slot)
            .collect::<Vec<_>>(),
        [0, 2, 3]
    );
}

#[test]
fn design_byzantium_loses_its_most_recent_card_each_round() {
    let mut s = standard();
    let b = BYZANTIUM as usize;
    s.buy[b]
        .fill_lowest_empty(silk_trade::TrackCard::single(STANDARD))
        .unwrap();
    s.buy[b]
        .fill_lowest_empty(silk_trade::TrackCard::double(FINE))
        .unwrap();
    s.cities[0].silk = 0;
    // Keep the card count right: these two came from the deck.
    s.silk_len -= 2;
    end_turns(&mut s);
    while s.round == 1 {
        act(&mut s, "keep");
    }
    // Sales fill the lowest empty slot, so the most recent sale is the highest card.
    let left: Vec<usize> = s.buy[b].iter().map(|e| e.slot).collect();
    assert_eq!(
        left,
        [0],
        "the fine card (slots 2-3) went, the first sale stays"
    );
}

#[test]
fn design_silk_flip_standard_fine_and_fall_off() {
    let mut s = standard();
    let china = CHINA as usize;
    s.sell[china].clear();
    for _ in 0..6 {
        s.sell[china]
            .push_front(silk_trade::TrackCard::single(STANDARD))
            .unwrap();
    }
    // Next card from the deck: fine silk.
    let top = s.silk_len as usize - 1;
    s.silk_deck[top] = FINE;
    // Account for the cards placed by hand (taken out of the deck's discards).
    s.silk_discard = [0; 6];
    end_turns(&mut s);
    let mut ev = Vec::new();
    while s.round == 1 {
        ev = act(&mut s, "keep");
    }
    let t = texts(&s, &ev);
    assert!(
        t.iter()
            .any(|x| x.contains("fine silk") && x.contains("2 card(s) fall off")),
        "{t:?}"
    );
    let first = s.sell[china].iter().next().unwrap();
    assert_eq!(
        (first.slot, first.width, first.price),
        (0, 2, 6),
        "gap 9: 3 + 3"
    );
    assert_eq!(s.silk_discard[STANDARD as usize], 2);
}

#[test]
fn gap6_empty_deck_reshuffles_discards() {
    let mut s = standard();
    s.silk_discard[STANDARD as usize] += s.silk_len;
    s.silk_len = 0;
    end_turns(&mut s);
    let mut all = Vec::new();
    while s.round == 1 {
        all.extend(act(&mut s, "keep"));
    }
    assert!(all.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
}

/// Brings the game to a barbarian auction of `strength` at the start of round 2.
pub(crate) fn barbarians(strength: u8) -> State {
    let mut s = standard();
    let top = s.silk_len as usize - 1;
    let code = 1 + strength;
    let at = s.silk_deck[..=top].iter().position(|&c| c == code).unwrap();
    s.silk_deck.swap(at, top);
    end_turns(&mut s);
    while matches!(s.phase, Phase::RiseFall) {
        act(&mut s, "keep");
    }
    assert!(matches!(s.phase, Phase::Barbarians { .. }), "{:?}", s.phase);
    s
}

#[test]
fn design_barbarian_priority_most_soldiers_then_last_in_previous_phase() {
    let mut s = standard();
    s.cities[2].soldiers = [3, 0];
    let top = s.silk_len as usize - 1;
    let at = s.silk_deck[..=top].iter().position(|&c| c == 2).unwrap();
    s.silk_deck.swap(at, top);
    end_turns(&mut s);
    while matches!(s.phase, Phase::RiseFall) {
        act(&mut s, "keep");
    }
    assert_eq!(mover(&s), P3, "most Soldiers");
    // Ambiguity 2: a tie goes to the tied player who went last in the previous Phase 2.
    let mut s = barbarians(1);
    assert_eq!(s.last_prev, P4);
    assert_eq!(mover(&s), P4);
    let _ = &mut s;
}

#[test]
fn design_barbarian_auction_every_bidder_loses_its_bid() {
    let mut s = barbarians(2);
    assert_eq!(mover(&s), P4);
    act(&mut s, "bid 1"); // P4
    act(&mut s, "bid 2"); // P1
    act(&mut s, "pass"); // P2
    act(&mut s, "pass"); // P3
    let ev = act(&mut s, "pass"); // P4 out: P1 wins
    assert_eq!(s.cities[0].all_soldiers(), 0, "P1 lost its 2");
    assert_eq!(
        s.cities[3].all_soldiers(),
        1,
        "P4 lost its bid of 1 too (ambiguity 14)"
    );
    assert_eq!(s.cities[1].all_soldiers(), 2);
    assert_eq!(
        s.cities[0].dev_count(),
        1,
        "the winner gains a development card"
    );
    assert!(ev
        .iter()
        .any(|e| matches!(e, Event::DevCard { seat: P1, .. })));
    // Non-bidders pay the barbarian's strength more per region until next round.
    assert!(s.penalized.contains(P2) && s.penalized.contains(P3));
    assert!(!s.penalized.contains(P1) && !s.penalized.contains(P4));
    assert_eq!(travel(&s, P2, GANSU), 3);
    assert_eq!(travel(&s, P1, GANSU), 1);
    assert_eq!(s.silk_discard[3], 1, "gap 18: the card is discarded");
}

#[test]
fn gap18_nobody_bids_everyone_penalised() {
    let mut s = barbarians(1);
    for _ in 0..4 {
        act(&mut s, "pass");
    }
    assert_eq!(s.penalized.len(), 4);
}

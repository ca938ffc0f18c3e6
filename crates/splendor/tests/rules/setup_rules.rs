//! Setup.

use super::*;

/// 000 Setup: "With 2 players: 3 tokens of each gem color except gold are removed (there should
/// be only 4 of each remaining). With 3 players: 2 tokens ... (there should be only 5 of each
/// remaining)." Four players use the full 7; gold is 5 (project parameters `gems_by_players`,
/// `gold`, as `silk rules splendor` prints them).
#[test]
fn setup_gem_tokens_by_player_count() {
    for (n, gems) in [(2, 4), (3, 5), (4, 7)] {
        let s = base(n);
        assert_eq!(s.bank[..5], [gems; 5], "{n} players");
        assert_eq!(s.bank[GOLD], 5, "{n} players: 5 gold");
        for p in 0..n {
            assert_eq!(s.tokens[p], [0; 6]);
        }
    }
}

/// 000 Setup: "The noble tiles are shuffled, and as many of them are revealed as there are players
/// plus one (example: 5 tiles for a 4 player game)."
#[test]
fn setup_nobles_players_plus_one() {
    for n in 2..=4 {
        let s = base(n);
        let shown: Vec<u8> = s.nobles.iter().copied().filter(|&x| x != NONE).collect();
        assert_eq!(shown.len(), n + 1, "{n} players");
        let mut d = shown.clone();
        d.sort();
        d.dedup();
        assert_eq!(d.len(), shown.len(), "different nobles");
        assert!(s.noble_holder.iter().all(|&h| h == NONE));
    }
}

/// 000 Setup: "Each development card deck is shuffled separately ... 4 cards are revealed from
/// each level."
#[test]
fn setup_four_face_up_cards_per_level() {
    for n in 2..=4 {
        let s = base(n);
        for l in 0..3 {
            for k in 0..4 {
                let id = s.board[l][k];
                assert_ne!(id, NONE);
                let c = s.rules.card(id);
                assert_eq!(c.level as usize, l);
                assert!(!c.orient);
            }
            assert_eq!(s.board[l][4], NONE);
            assert_eq!(s.board[l][5], NONE);
        }
        assert_eq!(s.decks.len[..3], [36, 26, 16]);
    }
}

/// Splendor is a game for 2 to 4 players (000 Setup speaks of 2, 3 and 4 players only).
#[test]
fn setup_refuses_one_or_five_players() {
    for n in [0, 1, 5] {
        assert!(Splendor::setup(&SplendorConfig::new(n), 1).is_err(), "{n}");
    }
}

/// 000 Variants, Cities: "During setup, remove the Nobles and reveal 3 City tiles." 001 The
/// Cities: "always place 3 of them on either of their sides randomly (whatever the number of
/// players)".
#[test]
fn setup_cities_no_nobles_three_city_tiles() {
    for n in 2..=4 {
        let s = game(n, &[Module::Cities], Edition::E2017);
        assert!(s.nobles.iter().all(|&x| x == NONE), "no nobles");
        assert!(s.cities.iter().all(|&c| c != NONE), "3 cities");
        let mut tiles: Vec<u8> = s.cities.iter().map(|c| c / 2).collect();
        tiles.sort();
        tiles.dedup();
        assert_eq!(tiles.len(), 3, "three different tiles, one face each");
    }
}

/// 001 The Orient, Setup: "Shuffle the 10 new level 1 cards and reveal 2 of them which you place
/// to the right of the base game cards. Then place the 8 remaining cards of the Orient deck in a
/// pile ... Proceed identically with levels 2 and 3".
#[test]
fn setup_orient_two_orient_cards_per_level() {
    let s = game(3, &[Module::Orient], Edition::E2017);
    for l in 0..3 {
        for k in 0..4 {
            let c = s.rules.card(s.board[l][k]);
            assert!(!c.orient && c.level as usize == l);
        }
        for k in 4..6 {
            let id = s.board[l][k];
            assert_ne!(id, NONE);
            let c = s.rules.card(id);
            assert!(c.orient && c.level as usize == l);
        }
    }
    assert_eq!(s.decks.len, [36, 26, 16, 8, 8, 8]);
}

/// 001 The Strongholds, Setup: "Each player takes 3 strongholds of the same color and places them
/// before them." 001 Trading Posts: coats of arms start off the board.
#[test]
fn setup_strongholds_and_coats_start_in_front_of_players() {
    let s = game(4, &[Module::Strongholds], Edition::E2017);
    for p in 0..4 {
        assert_eq!(s.strongholds[p], [NONE; 3]);
    }
    let s = game(4, &[Module::TradingPosts], Edition::E2017);
    assert!(s.posts.iter().all(|&b| b == 0));
    assert!(s.nobles.iter().filter(|&&x| x != NONE).count() == 5);
}

/// 001: "These four expansions must be played singly." The 2024 online edition allows The
/// Cities with Trading Posts only (project decision, `Edition::E2024`). Setup refuses the rest.
#[test]
fn module_combinations_2017_singly_2024_only_cities_with_trading_posts() {
    let all = Module::ALL;
    for edition in [Edition::E2017, Edition::E2024] {
        for &m in &all {
            let mut c = SplendorConfig::new(2).with_modules(&[m]);
            c.edition = edition;
            assert!(Splendor::setup(&c, 1).is_ok(), "{m:?} alone, {edition:?}");
        }
        for i in 0..4 {
            for j in i + 1..4 {
                let mut c = SplendorConfig::new(2).with_modules(&[all[i], all[j]]);
                c.edition = edition;
                let allowed = edition == Edition::E2024
                    && all[i] == Module::Cities
                    && all[j] == Module::TradingPosts;
                assert_eq!(
                    Splendor::setup(&c, 1).is_ok(),
                    allowed,
                    "{:?} + {:?}, {edition:?}",
                    all[i],
                    all[j]
                );
            }
        }
        let mut c = SplendorConfig::new(2).with_modules(&all);
        c.edition = edition;
        assert!(Splendor::setup(&c, 1).is_err(), "all four, {edition:?}");
        let mut c = SplendorConfig::new(2).with_modules(&[
            Module::Cities,
            Module::TradingPosts,
            Module::Orient,
        ]);
        c.edition = edition;
        assert!(Splendor::setup(&c, 1).is_err(), "three, {edition:?}");
    }
}

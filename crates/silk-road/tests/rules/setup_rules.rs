//! Setup.

use super::*;

/// Rules summary: Setup 2, 4 and 5 — each player draws 3 goods from the bag and takes 1 gold + 5
/// silver (10 silver value); the caravan starts on Chang'An; a random player holds the pawn.
#[test]
fn setup_three_goods_from_the_bag_and_ten_silver() {
    for n in 3..=6 {
        let mut holders = SeatSet::EMPTY;
        for seed in 0..40 {
            let s = setup(n, seed);
            holders.insert(s.holder);
            for i in 0..n {
                assert_eq!(s.goods[i].total(), 3, "{n} players, seed {seed}");
                assert_eq!(s.money[i], 10, "1 gold + 5 silver");
            }
            assert_eq!(s.bag.total(), 75 - 3 * n as u32, "goods came from the bag");
            assert_eq!(s.rules.name(s.caravan), "Chang'An");
            assert!(s.holder.index() < n);
            assert_eq!(s.tokens[..n].iter().sum::<u8>(), 0);
            check(&s);
        }
        assert_eq!(
            holders,
            SeatSet::full(n),
            "every seat can start with the pawn"
        );
    }
}

/// Rules summary: Setup 3 — N−1 tiles per city (5 with 3 players), none on Antioch and
/// Chang'An, orange tiles on orange cities and purple on purple.
#[test]
fn setup_places_tiles_by_count_and_colour() {
    for n in 3..=6 {
        for seed in 0..20 {
            let s = setup(n, seed);
            let per = if n == 3 { 5 } else { n - 1 };
            for end in ["Chang'An", "Antioch"] {
                assert!(s.tiles[city(&s, end)].iter().all(|&t| t == NO_TILE));
            }
            for (colour, pool) in [
                (Colour::Orange, &s.rules.orange),
                (Colour::Purple, &s.rules.purple),
            ] {
                let cities = tile_cities(&s, colour, false);
                assert_eq!(cities.len(), 9);
                let mut placed = Vec::new();
                for &c in &cities {
                    let here: Vec<u8> = s.tiles[c]
                        .iter()
                        .copied()
                        .filter(|&t| t != NO_TILE)
                        .collect();
                    assert_eq!(here.len(), per, "{n} players on {}", s.rules.name(c as u8));
                    placed.extend(here);
                }
                // Every tile on a city of this colour comes from this colour's pool.
                let mut left = pool.clone();
                for t in &placed {
                    let i = left.iter().position(|x| x == t).unwrap_or_else(|| {
                        panic!("{:?} is not a {colour:?} tile", s.rules.kind(*t))
                    });
                    left.swap_remove(i);
                }
                if per == 5 {
                    // 9 cities × 5 = all 45 tiles of the back.
                    assert_eq!(sorted(placed), sorted(pool.clone()));
                }
            }
        }
    }
}

/// Rules summary: Setup 3 — no Crook or Barterer may be placed on Aleppo or Tyre (every seed
/// tried, every player count).
#[test]
fn setup_no_crook_or_barterer_on_aleppo_or_tyre() {
    for n in 3..=6 {
        for seed in 0..150 {
            let s = setup(n, seed);
            for name in ["Aleppo", "Tyre"] {
                for &t in s.tiles[city(&s, name)].iter().filter(|&&t| t != NO_TILE) {
                    assert!(
                        !s.rules.kind(t).is_crook_or_barterer(),
                        "{n} players, seed {seed}: {:?} on {name}",
                        s.rules.kind(t)
                    );
                }
            }
        }
    }
}

/// Rules summary: Variant — Antioch to Chang'An, purple tiles on the eastern cities and orange on
/// the western ones, no Crook or Barterer on Lanzhou or Yumen.
#[test]
fn reverse_variant_swaps_direction_backs_and_protected_cities() {
    for n in 3..=6 {
        let mut config = SilkRoadConfig::new(n);
        config.reverse = true;
        for seed in 0..150 {
            let s = setup_with(&config, seed);
            assert_eq!(s.rules.name(s.caravan), "Antioch");
            if seed == 0 {
                let mut t = s;
                t.phase = Phase::Move;
                let mut next: Vec<String> =
                    legal(&t, t.holder).iter().map(|a| a.to_text(&t)).collect();
                next.sort();
                assert_eq!(next, ["move Aleppo", "move Tyre"]);
            }
            for end in ["Chang'An", "Antioch"] {
                assert!(s.tiles[city(&s, end)].iter().all(|&t| t == NO_TILE));
            }
            // The map's orange (eastern) cities now take purple tiles.
            if n == 3 || n == 6 {
                let east = tile_cities(&s, Colour::Purple, true);
                assert!(east.contains(&city(&s, "Lanzhou")));
                let placed: Vec<u8> = east
                    .iter()
                    .flat_map(|&c| s.tiles[c].iter().copied().filter(|&t| t != NO_TILE))
                    .collect();
                assert_eq!(sorted(placed), sorted(s.rules.purple.clone()));
            }
            for name in ["Lanzhou", "Yumen"] {
                for &t in s.tiles[city(&s, name)].iter().filter(|&&t| t != NO_TILE) {
                    assert!(
                        !s.rules.kind(t).is_crook_or_barterer(),
                        "reverse, {n} players, seed {seed}: {:?} on {name}",
                        s.rules.kind(t)
                    );
                }
            }
            check(&s);
        }
    }
}

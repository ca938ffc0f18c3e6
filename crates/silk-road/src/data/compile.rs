//! Validating the data files into [`Rules`]: the parameters, then the map, then the tile mix
//! against the map, each step naming its own file in its errors, in the order they are checked.

use super::{Colour, DataError, Rules, SilkRoadConfig, TileKind, MAX_CITIES, MAX_TILES_PER_CITY};
use silk_trade::route::{CaravanMap, DegreeRules, RouteStats};

impl Rules {
    /// Validates `config` (files named `map.json` / `tiles.json` in errors; see
    /// [`Rules::compile_named`] to name the real files).
    pub fn compile(config: &SilkRoadConfig) -> Result<Rules, DataError> {
        Self::compile_named(config, "map.json", "tiles.json", "config")
    }

    pub fn compile_named(
        config: &SilkRoadConfig,
        map_file: &str,
        tiles_file: &str,
        config_file: &str,
    ) -> Result<Rules, DataError> {
        check_params(config, config_file)?;
        let mut kinds = Kinds(Vec::new());
        let m = compile_map(config, map_file, &mut kinds)?;
        let (orange, purple, tiles_per_city) =
            compile_tiles(config, tiles_file, config_file, &mut kinds, &m)?;
        check_goods(config, config_file)?;
        let to_end = longest_to_end(&m.succ, m.end);
        Ok(Rules {
            config: config.clone(),
            players: config.players,
            city_names: config.map.cities.iter().map(|c| c.name.clone()).collect(),
            succ: m.succ,
            start: m.start,
            end: m.end,
            kinds: kinds.0,
            bonus: m.bonus,
            back: m.back,
            restricted: m.restricted,
            orange,
            purple,
            tiles_per_city,
            min_route: m.stats.min_len,
            max_route: m.stats.max_len,
            to_end,
        })
    }
}

/// Tile kinds met so far (bonus actions and tiles share them); states refer to them by index.
struct Kinds(Vec<TileKind>);

impl Kinds {
    fn id(&mut self, k: TileKind) -> u8 {
        match self.0.iter().position(|x| *x == k) {
            Some(i) => i as u8,
            None => {
                self.0.push(k);
                (self.0.len() - 1) as u8
            }
        }
    }
}

/// What the map compiles to.
struct MapParts {
    bonus: Vec<Option<u8>>,
    succ: Vec<Vec<u8>>,
    start: u8,
    end: u8,
    stats: RouteStats,
    back: Vec<Colour>,
    restricted: Vec<bool>,
}

/// The player count and the parameters checked before any file.
fn check_params(config: &SilkRoadConfig, config_file: &str) -> Result<(), DataError> {
    let p = &config.params;
    if !(3..=6).contains(&config.players) {
        return Err(DataError::new(
            config_file,
            "players",
            format!("Silk Road needs 3 to 6 players, not {}", config.players),
        ));
    }
    if p.seller_prices.is_empty() || p.buyer_prices.is_empty() {
        return Err(DataError::new(
            config_file,
            "params",
            "seller_prices and buyer_prices need at least one price",
        ));
    }
    if p.min_bid == 0 {
        return Err(DataError::new(
            config_file,
            "params.min_bid",
            "must be at least 1",
        ));
    }
    for (point, format) in [
        (crate::auctions::LEADER, p.leader_auction),
        (crate::auctions::VIZIER, p.vizier_auction),
    ] {
        point
            .check(format)
            .map_err(|e| DataError::new(config_file, format!("params.{}", point.param), e))?;
    }
    Ok(())
}

/// map.json: cities, bonus actions, links (reversed for the variant), tile backs and the cities
/// that may hold no Crook or Barterer.
fn compile_map(
    config: &SilkRoadConfig,
    map_file: &str,
    kinds: &mut Kinds,
) -> Result<MapParts, DataError> {
    let map = &config.map;
    if map.cities.len() > MAX_CITIES {
        return Err(DataError::new(
            map_file,
            "cities",
            format!("at most {MAX_CITIES} cities, not {}", map.cities.len()),
        ));
    }
    let bonus = bonus_actions(config, map_file, kinds)?;
    let cmap = caravan_map(config, map_file)?;
    let stats = cmap
        .route_stats()
        .map_err(|e| DataError::caused(map_file, "links", e))?;
    let (start, end) = (cmap.start(), cmap.end());
    let n = map.cities.len();
    let succ: Vec<Vec<u8>> = (0..n as u8).map(|c| cmap.successors(c).collect()).collect();
    Ok(MapParts {
        bonus,
        succ,
        start,
        end,
        stats,
        back: tile_backs(config, map_file, start, end)?,
        restricted: restricted_cities(config, map_file, &cmap)?,
    })
}

/// Each city's bonus action (as a tile kind's id), if it has one: never a Crook or Barterer.
fn bonus_actions(
    config: &SilkRoadConfig,
    map_file: &str,
    kinds: &mut Kinds,
) -> Result<Vec<Option<u8>>, DataError> {
    let map = &config.map;
    let mut bonus = Vec::new();
    for (i, c) in map.cities.iter().enumerate() {
        let at = format!("cities[{i}] ({})", c.name);
        let b = match &c.bonus {
            None => None,
            Some(spec) => {
                if spec.count.is_some() {
                    return Err(DataError::new(
                        map_file,
                        at,
                        "a bonus action has no \"count\"",
                    ));
                }
                let k = TileKind::from_spec(spec, map_file, &format!("{at}.bonus"))?;
                if k.is_crook_or_barterer() {
                    return Err(DataError::new(
                        map_file,
                        at,
                        "a bonus action cannot be a Crook or Barterer",
                    ));
                }
                Some(kinds.id(k))
            }
        };
        bonus.push(b);
    }
    Ok(bonus)
}

/// The caravan's map from the links (reversed for the variant), checked: every city but the end
/// has 1 or 2 ways on.
fn caravan_map(config: &SilkRoadConfig, map_file: &str) -> Result<CaravanMap, DataError> {
    let map = &config.map;
    let links: Vec<(&str, &str)> = map
        .links
        .iter()
        .flat_map(|l| l.to.iter().map(move |t| (l.from.as_str(), t.as_str())))
        .collect();
    let cmap = CaravanMap::from_names(
        &map.cities
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>(),
        &links,
        &map.start,
        &map.end,
    )
    .map_err(|e| DataError::caused(map_file, "links", e))?;
    let cmap = if config.reverse {
        cmap.reversed()
    } else {
        cmap
    };
    // Rules: every city but the end has 1 or 2 outgoing arrows (in the reverse variant, the
    // reversed arrows: so also 1 or 2 incoming ones in the map as written).
    cmap.validate(DegreeRules {
        min_out: 1,
        max_out: 2,
    })
    .map_err(|e| DataError::caused(map_file, "links", e))?;
    Ok(cmap)
}

/// Each city's tile back (flipped for the variant): none on the start and end, as many orange
/// cities as purple ones.
fn tile_backs(
    config: &SilkRoadConfig,
    map_file: &str,
    start: u8,
    end: u8,
) -> Result<Vec<Colour>, DataError> {
    let map = &config.map;
    let mut back = Vec::new();
    for (i, c) in map.cities.iter().enumerate() {
        let terminal = i as u8 == start || i as u8 == end;
        if terminal != (c.colour == Colour::None) {
            return Err(DataError::new(
                map_file,
                format!("cities[{i}] ({})", c.name),
                if terminal {
                    "the start and end cities hold no tiles: colour must be \"none\""
                } else {
                    "a tile city must be \"orange\" or \"purple\""
                },
            ));
        }
        back.push(if config.reverse {
            c.colour.flipped()
        } else {
            c.colour
        });
    }
    let oranges = back.iter().filter(|b| **b == Colour::Orange).count();
    let purples = back.iter().filter(|b| **b == Colour::Purple).count();
    if oranges == purples {
        return Ok(back);
    }
    Err(DataError::new(
        map_file,
        "cities",
        format!("orange and purple cities must be as many ({oranges} orange, {purples} purple)"),
    ))
}

/// The cities that may hold no Crook or Barterer, by index.
fn restricted_cities(
    config: &SilkRoadConfig,
    map_file: &str,
    cmap: &CaravanMap,
) -> Result<Vec<bool>, DataError> {
    let map = &config.map;
    let n = map.cities.len();
    let mut restricted = vec![false; n];
    // Rules summary, Setup 3 and Variant: no Crook or Barterer on Aleppo or Tyre (on Lanzhou
    // or Yumen in the reverse variant). A map that does not list its restricted cities (the
    // bundled one did not, so the rule was never applied) gets the cities the rules name.
    let (listed, field, named) = if config.reverse {
        (
            &map.no_crook_or_barterer_reverse,
            "no_crook_or_barterer_reverse",
            ["Lanzhou", "Yumen"],
        )
    } else {
        (
            &map.no_crook_or_barterer,
            "no_crook_or_barterer",
            ["Aleppo", "Tyre"],
        )
    };
    let list: Vec<String> = match listed {
        Some(list) => list.clone(),
        None => named
            .iter()
            .filter(|c| cmap.index_of(c).is_some())
            .map(|c| c.to_string())
            .collect(),
    };
    for (i, name) in list.iter().enumerate() {
        let c = cmap.index_of(name).ok_or_else(|| {
            DataError::new(
                map_file,
                format!("{field}[{i}]"),
                format!("unknown city \"{name}\""),
            )
        })?;
        restricted[c as usize] = true;
    }
    Ok(restricted)
}

/// tiles.json: the orange and purple pools, enough to fill the map's cities and keep Crooks and
/// Barterers off the restricted ones; also the tiles per city.
fn compile_tiles(
    config: &SilkRoadConfig,
    tiles_file: &str,
    config_file: &str,
    kinds: &mut Kinds,
    m: &MapParts,
) -> Result<(Vec<u8>, Vec<u8>, u8), DataError> {
    let p = &config.params;
    let (back, restricted) = (&m.back, &m.restricted);
    let n = config.map.cities.len();
    let mut pools = [Vec::new(), Vec::new()];
    for (side, specs, pool) in [
        ("orange", &config.tiles.orange, 0),
        ("purple", &config.tiles.purple, 1),
    ] {
        for (i, spec) in specs.iter().enumerate() {
            let at = format!("{side}[{i}]");
            let k = TileKind::from_spec(spec, tiles_file, &at)?;
            let count = spec
                .count
                .ok_or_else(|| DataError::new(tiles_file, &at, "needs \"count\""))?;
            let id = kinds.id(k);
            pools[pool].extend(std::iter::repeat_n(id, count as usize));
        }
    }
    let [orange, purple] = pools;
    let tiles_per_city = if config.players == 3 {
        p.tiles_with_3_players
    } else {
        (config.players - 1) as u8
    };
    if tiles_per_city == 0 || tiles_per_city as usize > MAX_TILES_PER_CITY {
        return Err(DataError::new(
            config_file,
            "params.tiles_with_3_players",
            format!("tiles per city must be 1 to {MAX_TILES_PER_CITY}"),
        ));
    }
    for (side, pool, colour) in [
        ("orange", &orange, Colour::Orange),
        ("purple", &purple, Colour::Purple),
    ] {
        let cities = back.iter().filter(|b| **b == colour).count();
        let need = cities * tiles_per_city as usize;
        if pool.len() < need {
            return Err(DataError::new(
                tiles_file,
                side,
                format!(
                    "{} {side} tiles cannot fill {cities} cities with {tiles_per_city} each ({need} needed)",
                    pool.len()
                ),
            ));
        }
        let placeable = pool
            .iter()
            .filter(|k| !kinds.0[**k as usize].is_crook_or_barterer())
            .count();
        let restricted_here = (0..n)
            .filter(|&c| restricted[c] && back[c] == colour)
            .count();
        if placeable < restricted_here * tiles_per_city as usize {
            return Err(DataError::new(
                tiles_file,
                side,
                "too many Crooks and Barterers to keep them off the restricted cities",
            ));
        }
    }
    Ok((orange, purple, tiles_per_city))
}

/// The bag holds every player's starting goods.
fn check_goods(config: &SilkRoadConfig, config_file: &str) -> Result<(), DataError> {
    let p = &config.params;
    let total_goods = 5 * p.goods_per_colour as usize;
    if total_goods < config.players * p.start_goods as usize {
        return Err(DataError::new(
            config_file,
            "params.start_goods",
            "not enough goods in the bag for every player's start",
        ));
    }
    Ok(())
}

/// Longest remaining route from each city, by memoised depth over the DAG.
fn longest_to_end(succ: &[Vec<u8>], end: u8) -> Vec<u8> {
    let n = succ.len();
    // The map is acyclic with at most 32 cities, so n rounds of relaxation settle it.
    let mut to_end = vec![0u8; n];
    for _ in 0..n {
        for c in 0..n {
            let best = succ[c]
                .iter()
                .map(|&s| to_end[s as usize] + (s != end) as u8)
                .max()
                .unwrap_or(0);
            to_end[c] = best;
        }
    }
    to_end
}

//! Validating the data files into [`Rules`]: one function per file, called in the order the
//! files are checked, each naming its own file in its errors (shakmaty's unvalidated input and
//! one validating constructor).

use super::{
    CitiesConfig, DataError, DevEffect, EmpireRules, FileNames, MapData, RegionKind, Resource,
    Rules, TrackData, MAX_BARBARIAN, MAX_DEV, MAX_DEV_TYPES, MAX_EMPIRES, MAX_IMPROVEMENTS,
    MAX_REGIONS, MAX_SILK, TRACK,
};
use silk_trade::route::{RegionMap, RegionSpec};

impl Rules {
    pub fn compile(config: &CitiesConfig) -> Result<Rules, DataError> {
        Self::compile_named(config, FileNames::default())
    }

    /// As [`Rules::compile`], naming the files as the caller loaded them.
    pub fn compile_named(config: &CitiesConfig, f: FileNames) -> Result<Rules, DataError> {
        check_params(config, f.params)?;
        let (map, food_regions) = compile_map(config, f.map)?;
        let (empires, silk_seller) = compile_empires(config, &map, f.empires)?;
        let silk_deck = compile_silk(config, f.silk)?;
        check_improvements(config, f.improvements)?;
        let dev_deck = compile_development(config, f.development)?;
        Ok(Rules {
            config: config.clone(),
            players: config.players,
            map,
            food_regions,
            empires,
            silk_seller,
            silk_deck,
            dev_deck,
        })
    }
}

/// params.json, and the player count against it.
fn check_params(config: &CitiesConfig, file: &str) -> Result<(), DataError> {
    let p = &config.params;
    if !(2..=6).contains(&config.players) {
        return Err(DataError::new(
            file,
            "players",
            format!("Cities plays 2 to 6 players, not {}", config.players),
        ));
    }
    let perr = |at: &str, m: &str| Err(DataError::new(file, at, m));
    if !(2..=6).contains(&p.players) {
        return perr("players", "must be 2 to 6");
    }
    if p.target_vp == 0 {
        return perr("target_vp", "must be at least 1");
    }
    if p.refill_target as usize > TRACK {
        return perr("refill_target", "at most 6 (the track's slots)");
    }
    if !(0.0..=1.0).contains(&p.plunder_frac) {
        return perr("plunder_frac", "must be between 0 and 1");
    }
    if p.max_rounds == 0 {
        return perr("max_rounds", "must be at least 1");
    }
    if p.byzantium_removal as usize > TRACK {
        return perr("byzantium_removal", "at most 6");
    }
    for (point, format) in [
        (crate::auctions::BARBARIANS, p.barb_auction),
        (crate::auctions::PRIORITY, p.priority_auction),
        (crate::auctions::LOT, p.lot_auction),
    ] {
        point
            .check(format)
            .map_err(|e| DataError::new(file, point.param, e))?;
    }
    Ok(())
}

/// map.json: the regions and their borders, the Great Empires' borders; also which regions
/// are food regions.
fn compile_map(config: &CitiesConfig, mf: &str) -> Result<(RegionMap, u16), DataError> {
    let m = &config.map;
    if m.regions.len() < config.players + 1 || m.regions.len() > MAX_REGIONS {
        return Err(DataError::new(
            mf,
            "regions",
            format!(
                "needs {} to {MAX_REGIONS} regions for {} players, has {}",
                config.players + 1,
                config.players,
                m.regions.len()
            ),
        ));
    }
    let food_regions = food_regions(m, mf)?;
    let specs: Vec<RegionSpec> = m
        .regions
        .iter()
        .map(|r| RegionSpec::new(&r.name, r.cost))
        .collect();
    check_names(m, mf)?;
    let borders: Vec<(String, String)> = m
        .borders
        .iter()
        .map(|[a, b]| (a.clone(), b.clone()))
        .collect();
    let map = RegionMap::new(
        specs,
        &borders,
        m.empires
            .iter()
            .map(|e| (e.name.clone(), e.borders.clone())),
    )
    .map_err(|e| DataError::caused(mf, "borders", e))?;
    map.validate()
        .map_err(|e| DataError::caused(mf, "borders", e))?;
    check_not_adjacent(m, &map, mf)?;
    Ok((map, food_regions))
}

/// Which regions are food regions, as bits, each region checked: a name, a trade cost 0 to 9.
fn food_regions(m: &MapData, mf: &str) -> Result<u16, DataError> {
    let mut food_regions = 0u16;
    for (i, r) in m.regions.iter().enumerate() {
        if r.cost > 9 {
            return Err(DataError::new(
                mf,
                format!("regions[{i}].cost"),
                "a trade cost is 0 to 9",
            ));
        }
        if r.name.trim().is_empty() {
            return Err(DataError::new(
                mf,
                format!("regions[{i}].name"),
                "empty name",
            ));
        }
        if r.kind == RegionKind::Food {
            food_regions |= 1 << i;
        }
    }
    Ok(food_regions)
}

/// Every border names known regions; every Great Empire is named once, borders a region, and
/// there are 1 to `MAX_EMPIRES` of them.
fn check_names(m: &MapData, mf: &str) -> Result<(), DataError> {
    for (i, b) in m.borders.iter().enumerate() {
        for (k, name) in b.iter().enumerate() {
            if !m.regions.iter().any(|r| &r.name == name) {
                return Err(DataError::new(
                    mf,
                    format!("borders[{i}][{k}]"),
                    format!("unknown region \"{name}\""),
                ));
            }
        }
    }
    for (i, e) in m.empires.iter().enumerate() {
        for (k, name) in e.borders.iter().enumerate() {
            if !m.regions.iter().any(|r| &r.name == name) {
                return Err(DataError::new(
                    mf,
                    format!("empires[{i}].borders[{k}]"),
                    format!("unknown region \"{name}\""),
                ));
            }
        }
        if e.borders.is_empty() {
            return Err(DataError::new(
                mf,
                format!("empires[{i}].borders"),
                "an empire must border at least one region",
            ));
        }
        if m.empires[..i].iter().any(|o| o.name == e.name) {
            return Err(DataError::new(
                mf,
                format!("empires[{i}].name"),
                format!("empire \"{}\" is listed twice", e.name),
            ));
        }
    }
    if m.empires.is_empty() || m.empires.len() > MAX_EMPIRES {
        return Err(DataError::new(
            mf,
            "empires",
            format!("1 to {MAX_EMPIRES} Great Empires"),
        ));
    }
    Ok(())
}

/// The Great Empires listed as not adjacent share no bordering region.
fn check_not_adjacent(m: &MapData, map: &RegionMap, mf: &str) -> Result<(), DataError> {
    for (i, [a, b]) in m.not_adjacent.iter().enumerate() {
        let find = |name: &str, k: usize| {
            map.empire_index(name).ok_or_else(|| {
                DataError::new(
                    mf,
                    format!("not_adjacent[{i}][{k}]"),
                    format!("unknown empire \"{name}\""),
                )
            })
        };
        let (x, y) = (find(a, 0)?, find(b, 1)?);
        let shared = map.empire_borders(x) & map.empire_borders(y);
        if shared != 0 {
            let r = shared.trailing_zeros() as u8;
            return Err(DataError::new(
                mf,
                format!("not_adjacent[{i}]"),
                format!(
                    "{a} and {b} must not be adjacent, but both border {}",
                    map.name(r).unwrap_or("?")
                ),
            ));
        }
    }
    Ok(())
}

/// empires.json: each Great Empire's tracks; also which empire sells silk.
fn compile_empires(
    config: &CitiesConfig,
    map: &RegionMap,
    ef: &str,
) -> Result<(Vec<EmpireRules>, u8), DataError> {
    let m = &config.map;
    let mut empires = Vec::new();
    for (i, e) in m.empires.iter().enumerate() {
        let data = config.empires.iter().position(|d| d.name == e.name);
        let Some(d) = data.map(|k| &config.empires[k]) else {
            return Err(DataError::new(
                ef,
                "",
                format!("no tracks for the empire \"{}\" of the map", e.name),
            ));
        };
        let k = data.unwrap_or(i);
        let track = |t: &Option<TrackData>, side: &str| -> Result<_, DataError> {
            match t {
                None => Ok(None),
                Some(t) => {
                    let prices: [u16; TRACK] = t.prices.as_slice().try_into().map_err(|_| {
                        DataError::new(
                            ef,
                            format!("[{k}].{side}.prices"),
                            format!("a track has {TRACK} prices, not {}", t.prices.len()),
                        )
                    })?;
                    if prices.iter().any(|&x| x > 200) {
                        return Err(DataError::new(
                            ef,
                            format!("[{k}].{side}.prices"),
                            "prices are at most 200",
                        ));
                    }
                    Ok(Some((t.resource, prices)))
                }
            }
        };
        let sells = track(&d.sells, "sells")?;
        let buys = track(&d.buys, "buys")?;
        empires.push(EmpireRules {
            name: e.name.clone(),
            sells,
            buys,
        });
    }
    for (k, d) in config.empires.iter().enumerate() {
        if map.empire_index(&d.name).is_none() {
            return Err(DataError::new(
                ef,
                format!("[{k}].name"),
                format!("\"{}\" is not an empire of the map", d.name),
            ));
        }
    }
    let silk_sellers: Vec<u8> = (0..empires.len() as u8)
        .filter(|&e| matches!(empires[e as usize].sells, Some((Resource::Silk, _))))
        .collect();
    let silk_seller = match silk_sellers.as_slice() {
        [one] => *one,
        _ => {
            return Err(DataError::new(
                ef,
                "",
                "exactly one empire must sell silk (the silk deck feeds its track)",
            ))
        }
    };
    Ok((empires, silk_seller))
}

/// silk.json: the silk deck as card codes.
fn compile_silk(config: &CitiesConfig, sf: &str) -> Result<Vec<u8>, DataError> {
    let mut silk_deck = Vec::new();
    silk_deck.extend(std::iter::repeat_n(0u8, config.silk.standard as usize));
    silk_deck.extend(std::iter::repeat_n(1u8, config.silk.fine as usize));
    for (i, b) in config.silk.barbarians.iter().enumerate() {
        if !(1..=MAX_BARBARIAN).contains(&b.strength) {
            return Err(DataError::new(
                sf,
                format!("barbarians[{i}].strength"),
                format!("strength is 1 to {MAX_BARBARIAN}"),
            ));
        }
        silk_deck.extend(std::iter::repeat_n(1 + b.strength, b.count as usize));
    }
    if silk_deck.is_empty() || silk_deck.len() > MAX_SILK {
        return Err(DataError::new(
            sf,
            "",
            format!(
                "the deck holds 1 to {MAX_SILK} cards, not {}",
                silk_deck.len()
            ),
        ));
    }
    Ok(silk_deck)
}

/// improvements.json.
fn check_improvements(config: &CitiesConfig, imf: &str) -> Result<(), DataError> {
    if config.improvements.len() > MAX_IMPROVEMENTS {
        return Err(DataError::new(
            imf,
            "",
            format!("at most {MAX_IMPROVEMENTS} improvements"),
        ));
    }
    for (i, im) in config.improvements.iter().enumerate() {
        let key = im.name.to_ascii_lowercase();
        if key.trim().is_empty() || key.split_whitespace().count() != 1 {
            return Err(DataError::new(
                imf,
                format!("[{i}].name"),
                "an improvement's name is one word",
            ));
        }
        if config.improvements[..i]
            .iter()
            .any(|o| o.name.eq_ignore_ascii_case(&im.name))
        {
            return Err(DataError::new(
                imf,
                format!("[{i}].name"),
                format!("\"{}\" is listed twice", im.name),
            ));
        }
    }
    Ok(())
}

/// development.json: the development deck as card type indices.
fn compile_development(config: &CitiesConfig, df: &str) -> Result<Vec<u8>, DataError> {
    if config.development.is_empty() || config.development.len() > MAX_DEV_TYPES {
        return Err(DataError::new(
            df,
            "",
            format!("1 to {MAX_DEV_TYPES} kinds of development card"),
        ));
    }
    let mut dev_deck = Vec::new();
    for (i, d) in config.development.iter().enumerate() {
        if d.name.trim().is_empty()
            || config.development[..i]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(&d.name))
        {
            return Err(DataError::new(
                df,
                format!("[{i}].name"),
                "names must be non-empty and distinct",
            ));
        }
        let amount = match d.effect {
            DevEffect::Vp(k)
            | DevEffect::AttackBonus(k)
            | DevEffect::DefenceBonus(k)
            | DevEffect::IgnoreTravel(k)
            | DevEffect::GatherBonus(k) => k,
        };
        if amount == 0 {
            return Err(DataError::new(
                df,
                format!("[{i}].effect"),
                "an effect of 0 does nothing",
            ));
        }
        dev_deck.extend(std::iter::repeat_n(i as u8, d.count as usize));
    }
    if dev_deck.len() > MAX_DEV {
        return Err(DataError::new(
            df,
            "",
            format!("at most {MAX_DEV} cards, not {}", dev_deck.len()),
        ));
    }
    Ok(dev_deck)
}

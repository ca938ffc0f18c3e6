//! Game data validation (the formats of data/silk-road/README.md): a board or
//! tile mix a group transcribes is checked on load, and every error names the file and the place
//! in it.

use silk_core::Game;
use silk_road::data::{parse_json, Colour, DataError, MapData, Rules, TileSpec};
use silk_road::{SilkRoad, SilkRoadConfig, TileKind};

fn compile(config: &SilkRoadConfig) -> Result<Rules, DataError> {
    Rules::compile_named(config, "mymap.json", "mytiles.json", "cfg.json")
}

/// Compiles `config`, expecting an error whose Display contains every fragment.
fn fails(config: &SilkRoadConfig, fragments: &[&str]) -> DataError {
    let e = compile(config).expect_err("the data should be refused");
    let text = e.to_string();
    for f in fragments {
        assert!(text.contains(f), "{text:?} does not say {f:?}");
    }
    e
}

fn link_from<'a>(config: &'a mut SilkRoadConfig, from: &str) -> &'a mut Vec<String> {
    &mut config
        .map
        .links
        .iter_mut()
        .find(|l| l.from == from)
        .unwrap_or_else(|| panic!("no link from {from}"))
        .to
}

/// §2: the bundled board and tile mix compile for every player count, in both directions.
#[test]
fn bundled_data_compiles() {
    for players in 3..=6 {
        for reverse in [false, true] {
            let mut config = SilkRoadConfig::new(players);
            config.reverse = reverse;
            let rules = compile(&config).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(rules.city_names.len(), 20);
            assert_eq!(rules.orange.len(), 45);
            assert_eq!(rules.purple.len(), 45);
            assert!((12..=13).contains(&rules.min_route));
            assert!((12..=13).contains(&rules.max_route));
        }
    }
}

/// §2: the map must be acyclic (arrows always lead west).
#[test]
fn cycle_in_the_links_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    link_from(&mut config, "Hami").push("Yumen".into());
    let e = fails(&config, &["mymap.json", "links", "cycle"]);
    assert_eq!(e.file, "mymap.json");
    // The map's own typed error is kept as the cause.
    let cause = e
        .cause
        .as_ref()
        .and_then(|c| c.downcast_ref::<silk_trade::TradeError>());
    assert!(
        matches!(cause, Some(silk_trade::TradeError::Cycle(_))),
        "{cause:?}"
    );
}

/// §1 and §2: each city has 1 or 2 outgoing arrows; a third is refused, naming the city (in
/// the reverse variant the arrows turn round, so a city 3 arrows lead to is refused there).
#[test]
fn a_city_with_three_or_four_arrows_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    link_from(&mut config, "Hami").push("Koria".into());
    fails(
        &config,
        &["mymap.json", "links", "Hami", "3 exits", "between 1 and 2"],
    );
    link_from(&mut config, "Hami").push("Khotan".into());
    fails(&config, &["Hami", "4 exits"]);

    let mut config = SilkRoadConfig::new(4);
    link_from(&mut config, "Yumen").push("Koria".into());
    assert!(compile(&config).is_ok(), "2 arrows are allowed");
    let mut config = SilkRoadConfig::new(4);
    config.reverse = true;
    link_from(&mut config, "Turfan").push("Kasgar".into());
    link_from(&mut config, "Miran").push("Kasgar".into());
    // Reversed, Kasgar has arrows to Koria, Khotan, Turfan and Miran.
    fails(&config, &["Kasgar", "4 exits"]);
}

/// §2: a link must name cities of the map.
#[test]
fn unknown_city_in_a_link_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    link_from(&mut config, "Merv").push("Atlantis".into());
    fails(&config, &["mymap.json", "links", "Atlantis"]);
    let mut config = SilkRoadConfig::new(4);
    config.map.links.push(silk_road::data::LinkData {
        from: "Atlantis".into(),
        to: vec!["Antioch".into()],
    });
    fails(
        &config,
        &["mymap.json", "links", "unknown city \"Atlantis\""],
    );
}

/// §2: every city must be reachable from the start.
#[test]
fn unreachable_city_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    let mut petra = config.map.cities[city_index(&config, "Tyre")].clone();
    petra.name = "Petra".into();
    config.map.cities.push(petra);
    config.map.links.push(silk_road::data::LinkData {
        from: "Petra".into(),
        to: vec!["Antioch".into()],
    });
    fails(
        &config,
        &["mymap.json", "links", "Petra", "cannot be reached"],
    );
}

fn city_index(config: &SilkRoadConfig, name: &str) -> usize {
    config
        .map
        .cities
        .iter()
        .position(|c| c.name == name)
        .unwrap()
}

/// §1/§2: half the tile cities are orange and half purple.
#[test]
fn unequal_orange_and_purple_counts_are_refused() {
    let mut config = SilkRoadConfig::new(4);
    let i = city_index(&config, "Samarkand");
    config.map.cities[i].colour = Colour::Orange;
    fails(&config, &["mymap.json", "cities", "10 orange, 8 purple"]);
}

/// §2: the start and end cities hold no tiles; a tile city has a colour.
#[test]
fn start_or_end_with_a_colour_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    let i = city_index(&config, "Antioch");
    config.map.cities[i].colour = Colour::Purple;
    fails(
        &config,
        &[
            "mymap.json",
            "cities[",
            "Antioch",
            "colour must be \"none\"",
        ],
    );
}

/// §3: a Seller or Buyer tile must name its good.
#[test]
fn tile_without_good_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    assert_eq!(config.tiles.orange[0].tile, "buyer");
    config.tiles.orange[0].good = None;
    fails(
        &config,
        &["mytiles.json", "orange[0]", "buyer needs \"good\""],
    );
}

/// §3: tile names are the known eight.
#[test]
fn unknown_tile_name_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    config.tiles.purple[3] = TileSpec {
        tile: "smuggler".into(),
        good: None,
        give: None,
        receive: None,
        n: None,
        count: Some(1),
    };
    fails(
        &config,
        &["mytiles.json", "purple[3]", "unknown tile \"smuggler\""],
    );
}

/// Rules summary: Setup 3 — there must be enough tiles of each back to fill its cities.
#[test]
fn too_few_tiles_for_the_cities_is_refused() {
    let mut config = SilkRoadConfig::new(6);
    config.tiles.purple.truncate(2);
    fails(&config, &["mytiles.json", "purple", "cannot fill 9 cities"]);
    // A back with no tiles at all.
    let mut config = SilkRoadConfig::new(4);
    for spec in &mut config.tiles.orange {
        spec.count = Some(0);
    }
    fails(&config, &["mytiles.json", "orange", "0 orange tiles"]);
}

/// Rules summary: Setup 3 — the cities barred from Crooks and Barterers must exist on the map.
#[test]
fn unknown_restricted_city_is_refused() {
    let mut config = SilkRoadConfig::new(4);
    config.map.no_crook_or_barterer = Some(vec!["Aleppo".into(), "Atlantis".into()]);
    fails(
        &config,
        &[
            "mymap.json",
            "no_crook_or_barterer[1]",
            "unknown city \"Atlantis\"",
        ],
    );
    let mut config = SilkRoadConfig::new(4);
    config.reverse = true;
    config.map.no_crook_or_barterer_reverse = Some(vec!["Lhasa".into()]);
    fails(
        &config,
        &["mymap.json", "no_crook_or_barterer_reverse[0]", "Lhasa"],
    );
}

/// Rules summary: Setup 3 — a map's own list of restricted cities is what setup obeys (here
/// Baghdad instead of Aleppo and Tyre).
#[test]
fn restricted_cities_come_from_the_map() {
    let mut config = SilkRoadConfig::new(3);
    config.map.no_crook_or_barterer = Some(vec!["Baghdad".into()]);
    compile(&config).unwrap_or_else(|e| panic!("{e}"));
    for seed in 0..100 {
        let s = SilkRoad::setup(&config, seed).expect("setup");
        let baghdad = s.rules.city("Baghdad").unwrap() as usize;
        for &t in &s.tiles[baghdad] {
            assert!(
                !matches!(s.rules.kind(t), TileKind::Crook | TileKind::Barterer),
                "seed {seed}: {:?} on Baghdad",
                s.rules.kind(t)
            );
        }
    }
}

/// Rules summary: Silk Road is for 3 to 6 players.
#[test]
fn two_or_seven_players_are_refused() {
    for players in [2, 7] {
        let config = SilkRoadConfig::new(players);
        let e = fails(&config, &["cfg.json", "players", &players.to_string()]);
        assert_eq!(e.at, "players");
        assert!(SilkRoad::setup(&config, 1).is_err());
    }
}

/// §5: a transcribed file with a misspelt field is refused, naming the file and the line.
#[test]
fn unknown_field_names_the_line() {
    let text = r#"{
  "start": "Chang'An",
  "end": "Antioch",
  "cities": [],
  "links": [],
  "no_crooks": ["Aleppo"]
}"#;
    let e = parse_json::<MapData>(text, "mymap.json").expect_err("unknown field");
    assert_eq!(e.file, "mymap.json");
    assert!(e.at.contains("line 6"), "{e}");
    let shown = e.to_string();
    assert!(shown.starts_with("mymap.json: line 6"), "{shown}");
    assert!(shown.contains("no_crooks"), "{shown}");

    // A tile with a stray field is caught the same way.
    let tile = "{\"tile\": \"thief\",\n \"colour\": \"red\"}";
    let e = parse_json::<TileSpec>(tile, "mytiles.json").expect_err("unknown field");
    assert!(e.to_string().contains("line 2"), "{e}");
}

/// §2 and the CLI's `--map`: setup with bad data fails with the data error, not a panic.
#[test]
fn setup_reports_bad_data() {
    let mut config = SilkRoadConfig::new(4);
    link_from(&mut config, "Merv").push("Atlantis".into());
    let e = SilkRoad::setup(&config, 1).expect_err("bad data");
    let text = e.to_string();
    assert!(
        text.contains("map.json") && text.contains("Atlantis"),
        "{text}"
    );
}

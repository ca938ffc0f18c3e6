//! The bundled component data against the structural facts of the game, so that a mistyped
//! cost or a lost card fails here; and bad data files refused with the file and the place.

use silk_core::SetupError;
use silk_splendor::compile_rules as compile;
use silk_splendor::data::{
    default_cards, default_cities, default_nobles, default_orient, CardsFile, Effect,
};
use silk_splendor::{Colour, Edition, Module, SplendorConfig};

/// Every structural fact of the base deck that a single wrong number would break.
fn structural_errors(f: &CardsFile) -> Vec<String> {
    let mut errors = Vec::new();
    for level in 1..=3u8 {
        let cards: Vec<_> = f.cards.iter().filter(|c| c.level == level).collect();
        let size = [40, 30, 20][level as usize - 1];
        if cards.len() != size {
            errors.push(format!("level {level}: {} cards, not {size}", cards.len()));
        }
        let mut spent = [0u32; 5];
        for c in &cards {
            for (k, v) in c.cost.array().iter().enumerate() {
                spent[k] += *v as u32;
            }
        }
        if spent.iter().any(|&s| s != spent[0]) {
            errors.push(format!(
                "level {level}: gems spent per colour differ: {spent:?}"
            ));
        }
        // Each bonus colour has the same cards up to the colours: the same (prestige, sorted
        // cost) pattern.
        let pattern = |colour: Colour| {
            let mut p: Vec<(u8, Vec<u8>)> = cards
                .iter()
                .filter(|c| c.bonus == colour)
                .map(|c| {
                    let mut cost: Vec<u8> = c.cost.array().into_iter().filter(|&v| v > 0).collect();
                    cost.sort_unstable();
                    (c.points, cost)
                })
                .collect();
            p.sort();
            p
        };
        let first = pattern(Colour::White);
        for colour in Colour::ALL {
            let p = pattern(colour);
            if p.len() != [8, 6, 4][level as usize - 1] {
                errors.push(format!("level {level}: {} {colour} cards", p.len()));
            }
            if p != first {
                errors.push(format!(
                    "level {level}: {colour} cards differ in pattern from white"
                ));
            }
        }
        let prestige: u32 = cards.iter().map(|c| c.points as u32).sum();
        let expected = [5, 55, 80][level as usize - 1];
        if prestige != expected {
            errors.push(format!(
                "level {level}: {prestige} prestige in all, not {expected}"
            ));
        }
    }
    errors
}

#[test]
fn base_cards_have_the_structure_of_the_game() {
    let errors = structural_errors(&default_cards());
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn a_mistyped_cost_breaks_the_structure() {
    let mut cards = default_cards();
    cards.cards[17].cost.red += 1;
    assert!(!structural_errors(&cards).is_empty());
    let mut cards = default_cards();
    cards.cards[75].points += 1;
    assert!(!structural_errors(&cards).is_empty());
}

#[test]
fn nobles_are_ten_of_three_prestige() {
    let n = default_nobles();
    assert_eq!(n.nobles.len(), 10);
    assert!(n.nobles.iter().all(|x| x.points == 3));
    let shape = |k: usize| {
        n.nobles
            .iter()
            .filter(|x| {
                let r = x.requires.array();
                let used: Vec<u8> = r.into_iter().filter(|&v| v > 0).collect();
                used.len() == k
                    && used
                        .iter()
                        .all(|&v| v as usize == if k == 2 { 4 } else { 3 })
            })
            .count()
    };
    assert_eq!(
        (shape(2), shape(3)),
        (5, 5),
        "five of 4+4 and five of 3+3+3"
    );
}

#[test]
fn cities_are_seven_double_sided_tiles() {
    let c = default_cities();
    assert_eq!(c.tiles.len(), 7);
    assert!(c.tiles.iter().all(|t| t.faces.len() == 2));
}

#[test]
fn orient_cards_per_level_and_effect() {
    let o = default_orient();
    let count = |level: u8, e: Effect| {
        o.cards
            .iter()
            .filter(|c| c.level == level && c.effect == e)
            .count()
    };
    assert_eq!((count(1, Effect::Gold), count(1, Effect::Join)), (5, 5));
    assert_eq!(
        (
            count(2, Effect::JoinTake1),
            count(2, Effect::Double),
            count(2, Effect::ReserveNoble)
        ),
        (2, 5, 3)
    );
    assert_eq!(
        (count(3, Effect::Take2), count(3, Effect::Sacrifice)),
        (5, 5)
    );
}

fn data_error(config: &SplendorConfig) -> String {
    match compile(config) {
        Err(e @ SetupError::Data(_)) => e.to_string(),
        other => panic!("expected a data error, got {other:?}"),
    }
}

#[test]
fn a_wrong_count_names_the_file_and_place() {
    let mut config = SplendorConfig::new(3);
    config.cards.cards.pop();
    let e = data_error(&config);
    assert!(
        e.contains("cards.json") && e.contains("level 3 has 19 cards"),
        "{e}"
    );
}

#[test]
fn an_impossible_card_names_the_file_and_place() {
    let mut config = SplendorConfig::new(3);
    config.cards.cards[4].level = 4;
    assert!(data_error(&config).contains("cards.json: cards[4].level"));
    let mut config = SplendorConfig::new(3);
    config.orient.cards[12].bonus = None;
    assert!(data_error(&config).contains("orient.json: cards[12].bonus"));
    let mut config = SplendorConfig::new(3);
    config.nobles.nobles[2].requires = Default::default();
    assert!(data_error(&config).contains("nobles.json: nobles[2].requires"));
}

#[test]
fn an_unknown_colour_is_refused_with_line_and_column() {
    let text = r#"{"version": 1, "nobles": [{"points": 3, "requires": {"purple": 4}}]}"#;
    let e = silk_core::data::parse_json::<silk_splendor::data::NoblesFile>(text, "nobles.json")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("nobles.json: line 1, column") && e.contains("purple"),
        "{e}"
    );
}

#[test]
fn module_combinations_neither_edition_allows_are_refused() {
    let two = [Module::Cities, Module::TradingPosts];
    let mut config = SplendorConfig::new(3).with_modules(&two);
    let e = compile(&config).unwrap_err().to_string();
    assert!(e.contains("2017 rulebook plays the modules singly"), "{e}");
    config.edition = Edition::E2024;
    assert!(
        compile(&config).is_ok(),
        "2024 combines cities + trading-posts"
    );
    let config = SplendorConfig {
        edition: Edition::E2024,
        ..SplendorConfig::new(3).with_modules(&[Module::Orient, Module::Strongholds])
    };
    assert!(compile(&config)
        .unwrap_err()
        .to_string()
        .contains("2024 edition combines only"));
    let config = SplendorConfig::new(3).with_modules(&[Module::Orient, Module::Orient]);
    assert!(compile(&config)
        .unwrap_err()
        .to_string()
        .contains("named twice"));
}

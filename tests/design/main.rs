//! The designer's questions end to end: compare variants on the same seeds, the gap report
//! against a targets file, and tuning toward the targets.

use predicates::prelude::*;
use serde_json::Value;
use std::fs;
use std::path::PathBuf;

#[path = "../common/mod.rs"]
mod common;
use common::{ok_stdout, refusal, silk};
mod ladders_mechanics_winners;

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("design", name)
}

fn json(args: &[&str]) -> Value {
    common::json_doc(args)
}

fn measure<'a>(doc: &'a Value, name: &str) -> &'a Value {
    doc["measures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["measure"] == name)
        .unwrap_or_else(|| panic!("no measure {name}"))
}

/// Variants run on the same seeds: a variant identical to the base gives exactly the base's
/// figures (difference 0 everywhere), and a real change shows with an interval that excludes 0.
#[test]
fn variants_run_on_the_same_seeds_and_show_differences_with_intervals() {
    let doc = json(&[
        "compare",
        "goofspiel",
        "--variant",
        "same=cards=5",
        "--variant",
        "long=cards=9",
        "--games",
        "60",
        "--bots",
        "random",
    ]);
    let names: Vec<&str> = doc["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["base", "same", "long"]);
    for m in doc["measures"].as_array().unwrap() {
        let d = &m["differences"][0]["difference"];
        assert_eq!(
            d["value"], 0.0,
            "{}: the same config on the same seeds",
            m["measure"]
        );
    }
    let rounds = measure(&doc, "rounds");
    let long = &rounds["differences"][1]["difference"];
    assert_eq!(long["value"], 4.0, "9 cards play 4 rounds more than 5");
    assert_eq!(long["clear"], true);
    // A share has its Wilson interval and its difference a Newcombe interval around it.
    let seat = measure(&doc, "win.seat1");
    let base = &seat["values"][0]["estimate"];
    assert!(base["lo"].as_f64().unwrap() <= base["value"].as_f64().unwrap());
    assert!(base["hi"].as_f64().unwrap() >= base["value"].as_f64().unwrap());
    let d = &seat["differences"][1]["difference"];
    assert!(d["lo"].as_f64().unwrap() < d["value"].as_f64().unwrap());
    assert!(d["hi"].as_f64().unwrap() > d["value"].as_f64().unwrap());
}

/// Issue 32: differences are taken game by game. A +2 majority bonus in Silk Road moves the
/// winning margin by under half a point; over 300 games the paired interval excludes 0 while
/// two independent intervals (what the lab gave before) would not, every game is matched, and
/// the table says how many stars chance alone would give.
#[test]
fn issue32_compare_pairs_the_games_and_says_what_chance_would_star() {
    let doc = json(&[
        "compare",
        "silk-road",
        "--games",
        "300",
        "--bots",
        "greedy",
        "--seed",
        "1",
        "--variant",
        "bonus=majority_bonus=4",
    ]);
    let margin = measure(&doc, "margin");
    let d = &margin["differences"][0]["difference"];
    assert_eq!(d["paired"], true);
    assert_eq!(d["pairs"], 300);
    assert_eq!(d["clear"], true, "{d}");
    let half = |e: &Value| (e["hi"].as_f64().unwrap() - e["lo"].as_f64().unwrap()) / 2.0;
    let (a, b) = (
        &margin["values"][0]["estimate"],
        &margin["values"][1]["estimate"],
    );
    let unpaired_half = (half(a).powi(2) + half(b).powi(2)).sqrt();
    let value = d["value"].as_f64().unwrap();
    assert!(
        value - unpaired_half < 0.0,
        "independent intervals would have called {value} ± {unpaired_half} clear too"
    );
    let table = &doc["comparisons"][0];
    let tested = table["measures_tested"].as_f64().unwrap();
    // Measures that differ in no game are no test (issue 44 point 20), but are compared.
    assert!(tested + table["constants"].as_f64().unwrap() > 20.0);
    assert!(tested > 5.0);
    assert!((table["expected_chance_stars"].as_f64().unwrap() - 0.05 * tested).abs() < 1e-9);
    assert!(table["fdr_kept"].as_u64().unwrap() <= table["starred"].as_u64().unwrap());
}

/// Issue 32: length is given over all games as well as over the decided games, and a
/// variant that changes how many games are cut short is flagged: its figures over the games
/// with winners are over other games. Splendor's round cap at 30 leaves random games stuck.
#[test]
fn issue32_all_games_counted_and_populations_that_differ_flagged() {
    let doc = json(&[
        "compare",
        "splendor",
        "--games",
        "60",
        "--bots",
        "random",
        "--variant",
        "short=round_cap=30",
        "--variant",
        "same=round_cap=100",
    ]);
    let all = measure(&doc, "all_games.rounds");
    for v in all["values"].as_array().unwrap() {
        assert_eq!(v["estimate"]["n"], 60, "over every game: {v}");
    }
    let rounds = measure(&doc, "rounds");
    let n_short = rounds["values"][1]["estimate"]["n"].as_u64().unwrap();
    assert!(n_short < 60, "the shorter cap leaves games without winners");
    assert!(rounds["about"]
        .as_str()
        .unwrap()
        .contains("over the decided games"));
    let tables = doc["comparisons"].as_array().unwrap();
    assert_eq!(tables[0]["populations_differ"], true);
    assert_eq!(tables[1]["populations_differ"], false);
}

/// Issue 46 point 1 ("Done when", with fewer games): `silk compare cities --variant
/// vp8=target_vp=8 --bots greedy` opens on the stall share with its interval and paired
/// difference and on the decided games' length; every win, length and balance row is over the
/// decided games and says so; the JSON counts each variant's decided games and stalls; a
/// capped game's order is called a win nowhere in the text without the label.
#[test]
fn issue46_compare_shows_the_decided_length_and_the_stall_share_with_its_difference() {
    let args = [
        "compare",
        "cities",
        "--variant",
        "vp8=target_vp=8",
        "--games",
        "40",
        "--bots",
        "greedy",
    ];
    let html = temp_dir("issue46-compare").join("compare.html");
    let text = ok_stdout(silk().args(args).arg("--html").arg(&html));
    let page = fs::read_to_string(&html).unwrap();
    let section = page
        .split("<section id=\"stalls\">")
        .nth(1)
        .expect("the report opens on the stalls");
    assert!(
        section.contains("stall share (of all games) %"),
        "{section}"
    );
    assert!(page.find("id=\"stalls\"").unwrap() < page.find("id=\"values\"").unwrap());
    let line = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line {start:?} in\n{text}"))
            .to_string()
    };
    assert!(
        text.contains(
            "stalled at the round cap, ranked by score then the rules' tie-break: no win"
        ),
        "{text}"
    );
    let stall = line("stall share (of all games) %");
    assert!(
        stall.matches('[').count() == 3,
        "base, vp8 and the difference: {stall}"
    );
    assert!(
        stall.trim_end().ends_with('*') || stall.trim_end().ends_with('†'),
        "{stall}"
    );
    let rounds = line("rounds (decided games)");
    assert_eq!(rounds.matches('[').count(), 3, "{rounds}");
    line("decided games");
    assert!(
        text.contains(
            "Populations differ: the share of stalls (games cut at the round cap) moves by +"
        ),
        "{text}"
    );
    // No text calls a capped game's order a win without saying so.
    assert!(!text.contains("games with winners"), "{text}");
    let legend = text.split("\nmeasures:\n").nth(1).expect("the legend");
    for l in legend.lines().filter(|l| {
        [
            "  win.",
            "  first_mover",
            "  rounds:",
            "  minutes:",
            "  margin:",
        ]
        .iter()
        .any(|p| l.starts_with(p))
    }) {
        assert!(
            l.contains("decided"),
            "a figure not over the decided games: {l}"
        );
    }
    assert!(!text.contains("at the round cap included") && !text.contains("won on"));
    let doc = json(&args);
    let seat1 = measure(&doc, "win.seat1");
    assert!(seat1["about"]
        .as_str()
        .unwrap()
        .contains("share of the decided games"));
    let base = &doc["variants"][0];
    let played = base["decided"].as_u64().unwrap() + base["stalls"].as_u64().unwrap();
    assert_eq!(played, 40, "{base}");
    assert_eq!(seat1["values"][0]["estimate"]["n"], base["decided"]);
    let cap = measure(&doc, "share.round_cap");
    assert_eq!(cap["values"][1]["estimate"]["n"], 40);
    assert_eq!(cap["differences"][0]["difference"]["clear"], true);
}

/// Issue 32: a paired compare is played a chunk of games at a time (its memory does not grow
/// with the games) and the chunks are exactly the run's games, also inside a shard: a variant
/// identical to the base differs by 0 in every measure, over every game.
#[test]
fn issue32_paired_chunks_cover_the_run_and_its_shards() {
    for shard in [None, Some("2/3")] {
        let mut args = vec![
            "compare",
            "goofspiel",
            "--games",
            "1500",
            "--bots",
            "random",
            "--variant",
            "same=cards=5",
        ];
        if let Some(s) = shard {
            args.extend(["--shard", s]);
        }
        let doc = json(&args);
        let games = if shard.is_some() { 500 } else { 1500 };
        for m in doc["measures"].as_array().unwrap() {
            let d = &m["differences"][0]["difference"];
            assert_eq!(d["value"], 0.0, "{}", m["measure"]);
            assert_eq!(d["clear"], false, "{}", m["measure"]);
        }
        assert_eq!(
            measure(&doc, "rounds")["differences"][0]["difference"]["pairs"],
            games
        );
        assert_eq!(doc["comparisons"][0]["starred"], 0);
    }
}

#[test]
fn variant_text_table_and_html_report() {
    let dir = temp_dir("compare-html");
    let html = dir.join("compare.html");
    silk()
        .args([
            "compare",
            "goofspiel",
            "--variant",
            "long=cards=9",
            "--games",
            "30",
        ])
        .arg("--html")
        .arg(&html)
        .assert()
        .success()
        .stdout(predicate::str::contains("long − base"))
        .stdout(predicate::str::contains("rounds: rounds per game"));
    let text = fs::read_to_string(&html).unwrap();
    assert!(text.contains("data-measure=\"rounds\""));
    assert!(text.contains("data-chart=\"variant-win.seat1\""));
    assert!(!text.contains("https://") && !text.contains("<script"));
    // An existing report is never overwritten unasked.
    let err = refusal(&[
        "compare",
        "goofspiel",
        "--variant",
        "long=cards=9",
        "--games",
        "5",
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(err.contains("exists"), "{err}");
    // Issue 44 point 22: the refusal's advice, --force, is one compare takes.
    assert!(err.contains("--force"), "{err}");
    let before = fs::read_to_string(&html).unwrap();
    silk()
        .args([
            "compare",
            "goofspiel",
            "--variant",
            "long=cards=9",
            "--games",
            "5",
        ])
        .args(["--force", "--html", html.to_str().unwrap()])
        .assert()
        .success();
    assert_ne!(
        fs::read_to_string(&html).unwrap(),
        before,
        "replaced: 5 games, not 30"
    );
}

#[test]
fn bad_variants_are_refused_with_a_reason() {
    for (variant, want) in [
        ("nameless", "write NAME=CONFIG"),
        ("base=cards=3", "its own name"),
        ("x=colour=3", "colour"),
        ("x=cards=0", "x"),
        ("x=missing-file.json", "missing-file.json"),
    ] {
        let err = refusal(&["compare", "goofspiel", "--games", "5", "--variant", variant]);
        assert!(err.contains(want), "{err}");
    }
    let err = refusal(&["compare", "goofspiel", "--games", "5"]);
    assert!(err.contains("which variants"), "{err}");
}

fn targets(dir: &std::path::Path, text: &str) -> PathBuf {
    let path = dir.join("targets.json");
    fs::write(&path, text).unwrap();
    path
}

/// Goofspiel with 5 cards always lasts 5 rounds: a target it meets for sure, one it misses for
/// sure, ranked by how far each misses; table minutes follow the time model given.
#[test]
fn gaps_rank_the_targets_by_normalised_miss() {
    let dir = temp_dir("gaps");
    let t = targets(
        &dir,
        r#"{"time": {"setup_minutes": 1, "seconds": {"decision": 12}},
            "targets": [
              {"measure": "rounds", "between": [4, 6]},
              {"measure": "rounds", "at_least": 10},
              {"name": "quick", "measure": "minutes", "at_most": 2}
            ]}"#,
    );
    let doc = json(&[
        "gaps",
        "goofspiel",
        "--targets",
        t.to_str().unwrap(),
        "--games",
        "40",
    ]);
    let gaps = doc["gaps"].as_array().unwrap();
    // 3 players × 5 decisions × 12 s = 3 min + 1 min setup = 4 min: 2 over, normalised 1.
    // Rounds 5 vs at least 10: 5 under, normalised 0.5.
    assert_eq!(gaps[0]["target"], "quick");
    assert_eq!(gaps[0]["measured"]["value"], 4.0);
    assert_eq!(gaps[0]["normalised"], 1.0);
    assert_eq!(gaps[0]["verdict"], "missed");
    assert_eq!(gaps[1]["target"], "rounds ≥ 10");
    assert_eq!(gaps[1]["normalised"], 0.5);
    assert_eq!(gaps[2]["verdict"], "met");
    assert_eq!(doc["total_miss"], 1.5);
}

#[test]
fn a_bad_targets_file_is_refused_naming_the_file_and_place() {
    let dir = temp_dir("gaps-bad");
    for (text, want) in [
        (
            r#"{"targets": [{"measure": "rounds", "at_most": 3}, {"measure": "lenght", "at_most": 1}]}"#,
            "targets[1]: unknown measure \"lenght\"",
        ),
        (
            r#"{"targets": [{"measure": "rounds" "at_most": 3}]}"#,
            "line 1 column",
        ),
        (
            r#"{"time": {"seconds": {"auction": 3}}, "targets": [{"measure": "rounds", "at_most": 3}]}"#,
            "unknown decision kind \"auction\"",
        ),
    ] {
        let t = targets(&dir, text);
        let err = refusal(&[
            "gaps",
            "goofspiel",
            "--games",
            "5",
            "--targets",
            t.to_str().unwrap(),
        ]);
        assert!(err.contains(&t.display().to_string()), "{err}");
        assert!(err.contains(want), "{err}");
    }
}

/// The number of cards sets the length: asked for games of 7–8 rounds, the tuner finds 7 or 8
/// cards among 3–13, and the validation on fresh games meets the target.
#[test]
fn tune_finds_the_setting_that_meets_the_targets() {
    let dir = temp_dir("tune");
    let t = targets(
        &dir,
        r#"{"targets": [{"measure": "rounds", "between": [7, 8]}]}"#,
    );
    let doc = json(&[
        "tune",
        "goofspiel",
        "--param",
        "cards",
        "--values",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
        "12",
        "13",
        "--targets",
        t.to_str().unwrap(),
        "--budget",
        "30",
        "--games",
        "5",
        "--validate-games",
        "20",
    ]);
    let best = doc["best"]["cards"].as_i64().unwrap();
    assert!((7..=8).contains(&best), "best {best}");
    assert_eq!(doc["validation"]["best"]["total_miss"], 0.0);
    assert!(doc["validation"]["base"]["total_miss"].as_f64().unwrap() > 0.0);
    assert_eq!(doc["evaluations"].as_array().unwrap().len(), 30);
}

/// Issue 32: `tune --repeats R` runs R independent searches, validates each distinct
/// recommendation beside the base on the same fresh games, says how many searches chose each,
/// and names the targets no evaluated setting met.
#[test]
fn issue32_tune_repeats_its_search_and_says_how_sure_it_is() {
    let dir = temp_dir("tune-repeats");
    let t = targets(
        &dir,
        r#"{"targets": [{"measure": "rounds", "between": [7, 8]}, {"measure": "rounds", "at_least": 40}]}"#,
    );
    let doc = json(&[
        "tune",
        "goofspiel",
        "--param",
        "cards",
        "--values",
        "3",
        "5",
        "7",
        "8",
        "9",
        "--targets",
        t.to_str().unwrap(),
        "--budget",
        "12",
        "--games",
        "5",
        "--validate-games",
        "40",
        "--repeats",
        "4",
    ]);
    assert_eq!(doc["repeats"], 4);
    assert_eq!(doc["searches"].as_array().unwrap().len(), 4);
    let recs = doc["recommendations"].as_array().unwrap();
    let chosen: u64 = recs.iter().map(|r| r["chosen_by"].as_u64().unwrap()).sum();
    assert_eq!(chosen, 4);
    for r in recs {
        let v = &r["validation"];
        let range = v["total_miss_range"].as_array().unwrap();
        let miss = v["total_miss"].as_f64().unwrap();
        assert!(range[0].as_f64().unwrap() <= miss && miss <= range[1].as_f64().unwrap());
        // Validated beside the base on the same games: the difference is paired.
        assert_eq!(r["differences_from_base"]["rounds"]["pairs"], 40);
    }
    // No setting plays 40 rounds: that target is named as out of reach.
    let unreached: Vec<&str> = doc["unreached_targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap())
        .collect();
    assert_eq!(unreached, ["rounds ≥ 40"]);
    let err = refusal(&[
        "tune",
        "goofspiel",
        "--param",
        "cards",
        "--values",
        "3",
        "--targets",
        t.to_str().unwrap(),
        "--repeats",
        "0",
    ]);
    assert!(err.contains("--repeats must be at least 1"), "{err}");
}

/// Issue 32: Cities asks labourer by labourer, so its citizens and produce decisions are timed
/// per run (the first at full time, the rest of the run at 2 s); and when one kind takes most of
/// the modelled time the gap report says so.
#[test]
fn issue32_time_model_batches_runs_and_warns_when_one_kind_dominates() {
    let dir = temp_dir("time-dominant");
    let t = targets(
        &dir,
        r#"{"time": {"seconds": {"produce": 300}}, "targets": [{"measure": "minutes", "at_most": 90}]}"#,
    );
    let doc = json(&[
        "gaps",
        "cities",
        "--targets",
        t.to_str().unwrap(),
        "--games",
        "4",
        "--bots",
        "greedy",
    ]);
    let batched: Vec<&str> = doc["time_model"]["batched_seconds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b[0].as_str().unwrap())
        .collect();
    assert_eq!(batched, ["citizens", "produce"]);
    assert_eq!(doc["time_dominant_kind"]["kind"], "produce");
    assert!(doc["time_dominant_kind"]["share"].as_f64().unwrap() > 0.4);
    let even = targets(
        &dir,
        r#"{"targets": [{"measure": "minutes", "at_most": 90}]}"#,
    );
    let doc = json(&[
        "gaps",
        "cities",
        "--targets",
        even.to_str().unwrap(),
        "--games",
        "4",
        "--bots",
        "greedy",
    ]);
    assert_eq!(doc["time_dominant_kind"], Value::Null);
}

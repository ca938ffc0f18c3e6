//! The lab end to end, continued: find, stalls counted apart, planted links refused, sweeps'
//! paired differences and the order of a report.

use super::*;

/// `silk find` lists exactly the games of a run where the condition holds, each with the
/// command that replays it; a batch can be searched as it plays; a bad condition is one line.
#[test]
fn find_lists_the_games_where_a_condition_holds() {
    let dir = temp_dir("find");
    let run = dir.join("run");
    silk()
        .args([
            "simulate",
            "silk-road",
            "--games",
            "30",
            "--bots",
            "greedy,random,random",
            "--out",
        ])
        .arg(&run)
        .assert()
        .success();
    let records: Vec<serde_json::Value> = fs::read_to_string(run.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let long: Vec<u64> = records
        .iter()
        .filter(|r| {
            r["decisions"].as_u64().unwrap() > 180
                && r["metrics"]["goods.sold"].as_i64().unwrap_or(0) >= 10
        })
        .map(|r| r["index"].as_u64().unwrap())
        .collect();
    let out = silk()
        .arg("--json")
        .arg("find")
        .arg(&run)
        .args([
            "--where",
            "decisions > 180 && goods.sold >= 10",
            "--limit",
            "1000",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let lines: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let found: Vec<u64> = lines
        .iter()
        .filter(|l| l["type"] == "match")
        .map(|l| l["index"].as_u64().unwrap())
        .collect();
    assert_eq!(found, long);
    let last = lines.last().unwrap();
    assert_eq!(
        (last["matched"].as_u64(), last["games"].as_u64()),
        (Some(long.len() as u64), Some(30))
    );
    silk()
        .arg("find")
        .arg(&run)
        .args(["--where", "rounds >= 0"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("--game 0")
                .and(predicate::str::contains("30 of 30 games match")),
        );
    silk()
        .args([
            "find",
            "splendor",
            "--games",
            "20",
            "--bots",
            "greedy,random",
            "--where",
            "winner_bot == \"greedy\"",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("of 20 games match"));
    let err = refusal(&["find", "splendor", "--games", "2", "--where", "rounds >="]);
    assert!(err.contains("--where"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// Issue 46 point 1 (after issue 30 point 9): Cities games the round cap cuts are stalls. The
/// summary counts them apart from the decided games, as a headline share with its interval and
/// in no win rate; each record says so; `find` lists them by `round_cap` and labels their order
/// as a ranking at the cap; `--timeline` and the replay's end say "stalled at the round cap,
/// ranked by …", never a plain win or "decided"; a replay of one matches its record; the run
/// points to `silk stalls`.
#[test]
fn issue46_stalls_are_counted_apart_and_never_called_a_win() {
    let dir = temp_dir("round-cap");
    let params = dir.join("params.json");
    fs::write(&params, r#"{"max_rounds": 2}"#).unwrap();
    let run = dir.join("run");
    silk()
        .args([
            "simulate", "cities", "--games", "4", "--bots", "random", "--config",
        ])
        .arg(&params)
        .arg("--out")
        .arg(&run)
        .assert()
        .success()
        .stdout(
            predicate::str::contains("cities: 0 games decided").and(predicate::str::contains(
                "Stalls: 4 of 4 games played (100.0% [51.0–100.0]) stalled at the round cap, \
                 ranked by score then the rules' tie-break: no win",
            )),
        )
        // The run says where the stalls are explained.
        .stderr(predicate::str::contains(format!(
            "4 game(s) stalled at the round cap: silk stalls cities {} says where each froze",
            run.display()
        )));
    let summary: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(run.join("summary.json")).unwrap()).unwrap();
    assert_eq!(
        (&summary["games"], &summary["round_cap"], &summary["stuck"]),
        (
            &serde_json::json!(0),
            &serde_json::json!(4),
            &serde_json::json!(0)
        )
    );
    let wins: u64 = summary["win_by_seat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["k"].as_u64().unwrap())
        .sum();
    assert_eq!(wins, 0, "a stall's first place is no win");
    let records = fs::read_to_string(run.join("games.jsonl")).unwrap();
    assert_eq!(records.matches(r#""ended_by":"round_cap""#).count(), 4);
    assert!(!records.contains(r#""stuck""#));
    let found = silk()
        .arg("find")
        .arg(&run)
        .args(["--where", "round_cap && !stuck && !decided"])
        .assert()
        .success()
        .stdout(predicate::str::contains("4 of 4 games match"))
        .get_output()
        .stdout
        .clone();
    let found = String::from_utf8(found).unwrap();
    for line in found.lines().filter(|l| l.starts_with("game ")) {
        assert!(
            line.contains("stalled at the round cap, ranked by score then the rules' tie-break: ")
                && !line.contains("wins"),
            "{line}"
        );
    }
    silk()
        .arg("replay")
        .arg(&run)
        .args(["--game", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Stalled at the round cap, ranked by score",
        ))
        .stderr(predicate::str::contains("the replay matches game 1"));
    let timeline = ok_stdout(
        silk()
            .arg("replay")
            .arg(&run)
            .args(["--game", "1", "--timeline"]),
    );
    assert!(!timeline.contains("decided"), "{timeline}");
    assert!(
        timeline.contains("stalled at the round cap, ranked by score then the rules' tie-break"),
        "{timeline}"
    );
}

/// Issue 30, point 17 (temp files): a symlink planted as `games.jsonl.part` (or as a report's
/// `.part`) is not followed: the file it points to is left alone.
#[cfg(unix)]
#[test]
fn issue30_p17_a_planted_part_symlink_is_not_followed() {
    let dir = temp_dir("p17-part");
    let run = dir.join("run");
    fs::create_dir_all(&run).unwrap();
    let victim = dir.join("victim.txt");
    fs::write(&victim, "keep me\n").unwrap();
    std::os::unix::fs::symlink(&victim, run.join("games.jsonl.part")).unwrap();
    std::os::unix::fs::symlink(&victim, run.join("summary.json.part")).unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("report.html.part")).unwrap();
    silk()
        .args(["simulate", "goofspiel", "--games", "3", "-q", "--out"])
        .arg(&run)
        .arg("--html")
        .arg(dir.join("report.html"))
        .assert()
        .success();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "keep me\n");
    assert_eq!(
        fs::read_to_string(run.join("games.jsonl"))
            .unwrap()
            .lines()
            .count(),
        3
    );
}

/// Issue 32, sweeps: every setting plays the same games, and each is compared with the base
/// setting (the config's own value, here the second one given) game by game: over matched games
/// the paired mean difference of an all-games length is the difference of the two means, each
/// difference is paired over every game, and each setting's table says how many stars chance
/// alone would give.
#[test]
fn issue32_sweep_paired_differences_from_the_base_setting() {
    let rows = common::json_doc(&[
        "sweep",
        "silk-road",
        "--param",
        "majority_bonus",
        "--values",
        "6",
        "2",
        "0",
        "--games",
        "30",
        "--bots",
        "greedy",
    ]);
    let rows = rows.as_array().unwrap();
    let base: Vec<bool> = rows.iter().map(|r| r["base"].as_bool().unwrap()).collect();
    assert_eq!(
        base,
        [false, true, false],
        "the config's own majority bonus is 2"
    );
    let estimate = |r: &serde_json::Value, name: &str| -> serde_json::Value {
        r["measures"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["measure"] == name)
            .unwrap_or_else(|| panic!("{name}"))
            .clone()
    };
    for i in [0, 2] {
        let r = &rows[i];
        let d = &estimate(r, "all_games.decisions")["difference_from_base"];
        assert_eq!(d["paired"], true);
        assert_eq!(d["pairs"], 30);
        let mine = estimate(r, "all_games.decisions")["estimate"]["value"]
            .as_f64()
            .unwrap();
        let theirs = estimate(&rows[1], "all_games.decisions")["estimate"]["value"]
            .as_f64()
            .unwrap();
        assert!(
            (d["value"].as_f64().unwrap() - (mine - theirs)).abs() < 1e-9,
            "{d}"
        );
        let note = &r["comparison"];
        let tested = note["measures_tested"].as_u64().unwrap();
        // The bonus changes scores only: most measures differ in no game, which are compared
        // but no test (issue 44 point 20).
        assert!(tested + note["constants"].as_u64().unwrap() > 20, "{note}");
        assert!(tested > 5, "{note}");
        assert!(
            (note["expected_chance_stars"].as_f64().unwrap() - 0.05 * tested as f64).abs() < 1e-9
        );
        assert!(note["starred"].as_u64().unwrap() >= note["fdr_kept"].as_u64().unwrap());
    }
    assert!(rows[1]["comparison"].is_null());
    // A bonus of 0 against 2 changes the winning margin on the very same games.
    let margin = &estimate(&rows[2], "margin")["difference_from_base"];
    assert_ne!(margin["value"].as_f64().unwrap(), 0.0, "{margin}");
    // The text names the base setting and gives each setting's chance note.
    silk()
        .args([
            "sweep",
            "silk-road",
            "--param",
            "majority_bonus",
            "--values",
            "6",
            "2",
        ])
        .args(["--games", "10", "--bots", "greedy"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Differences from the base setting (params.majority_bonus=2)",
        ))
        .stdout(predicate::str::contains("params.majority_bonus=6: "))
        .stdout(predicate::str::contains("chance alone would star about"));
}

/// Issue 32, part 7: compare's text, JSON and HTML give the measures in one order — the
/// targets' measures first (in the targets' order), then length, balance, VP sources,
/// mechanics — and the report opens on the targets.
#[test]
fn issue32_report_order_compare_text_json_and_html_agree() {
    let dir = temp_dir("report-order");
    let targets = dir.join("targets.json");
    fs::write(
        &targets,
        r#"{"targets": [{"measure": "margin", "at_most": 5},
                        {"measure": "share.stuck", "at_most": 0}]}"#,
    )
    .unwrap();
    let html = dir.join("compare.html");
    let _ = fs::remove_file(&html);
    let args = [
        "compare",
        "silk-road",
        "--games",
        "20",
        "--bots",
        "greedy",
        "--variant",
        "b=majority_bonus=5",
        "--targets",
        targets.to_str().unwrap(),
    ];
    let doc = common::json_doc(&args);
    let rows = doc["measures"].as_array().unwrap();
    let order: Vec<&str> = rows
        .iter()
        .map(|r| r["measure"].as_str().unwrap())
        .collect();
    assert_eq!(&order[..2], ["margin", "share.stuck"]);
    let groups: Vec<&str> = rows.iter().map(|r| r["group"].as_str().unwrap()).collect();
    let rank = |g: &str| {
        [
            "targets",
            "length",
            "balance",
            "vp_sources",
            "mechanics",
            "other",
        ]
        .iter()
        .position(|x| *x == g)
        .unwrap()
    };
    assert!(
        groups.windows(2).all(|w| rank(w[0]) <= rank(w[1])),
        "{groups:?}"
    );
    assert_eq!(groups[2], "length");
    // The text table: the same order, under the group headings.
    let text = common::stdout_of(&args);
    let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s}"));
    assert!(at("-- The measures the targets name --") < at("\nmargin"));
    assert!(at("\nshare.stuck") < at("-- Length --"));
    assert!(at("-- Length --") < at("-- Balance --"));
    assert!(at("\nrounds") < at("\nwin.seat1"));
    // The report: the targets section first, its table rows in the JSON order.
    silk()
        .args(args)
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let page = fs::read_to_string(&html).unwrap();
    let first = page.find("<section").unwrap();
    assert!(
        page[first..].starts_with("<section id=\"targets\""),
        "{}",
        &page[first..first + 60]
    );
    let table = page.split("<table class=\"compare\">").nth(1).unwrap();
    let in_html: Vec<&str> = table
        .split("data-measure=\"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    assert_eq!(in_html, order);
    assert!(page.contains("data-chart=\"variant-difference-margin\""));
    assert!(page.contains("class=\"band\""), "the target band is drawn");
}

/// Issue 44, point 33: a sweep's answer — the headline figures of each setting and their
/// differences from the base, with the note on chance — comes before the engine's ~90 metric
/// rows, not below them.
#[test]
fn issue44_a_sweeps_answer_comes_before_the_metric_rows() {
    let text = common::stdout_of(&[
        "sweep",
        "silk-road",
        "--param",
        "min_bid",
        "--values",
        "1",
        "2",
        "--games",
        "20",
        "--bots",
        "greedy",
        "--quiet",
    ]);
    let at = |what: &str| {
        text.find(what)
            .unwrap_or_else(|| panic!("{what:?} is printed:\n{text}"))
    };
    assert!(
        at("margin") < at("Differences from the base setting"),
        "{text}"
    );
    assert!(
        at("measures compared") < at("The engine's metrics"),
        "{text}"
    );
    assert!(at("The engine's metrics") < at("auction.bids"), "{text}");
    let answer_lines = text[..at("The engine's metrics")].lines().count();
    assert!(
        answer_lines < 60,
        "the answer fits a screen or two: {answer_lines} lines"
    );
}

/// Issue 46 point 1: a sweep whose settings stall gives the stall share of each setting as a
/// headline row with its interval, counts the decided games and the stalls apart, and labels
/// every win and length row as over the decided games; its paired differences have the stall
/// share's row.
#[test]
fn issue46_a_sweep_gives_the_stall_share_and_labels_the_decided_figures() {
    let text = common::stdout_of(&[
        "sweep",
        "cities",
        "--param",
        "max_rounds",
        "--values",
        "2",
        "40",
        "--games",
        "6",
        "--bots",
        "random",
    ]);
    let row = |start: &str| {
        text.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no row {start:?} in\n{text}"))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert!(row("stall % [95% interval]").ends_with("100.0 [61.0, 100.0] 0.0 [0.0, 39.0]"));
    assert!(row("decided games").ends_with(" 0 6"), "{text}");
    assert!(row("stalls at the round cap").ends_with(" 6 0"), "{text}");
    for start in ["P1 win %", "rounds", "margin", "shared wins %"] {
        assert!(row(start).contains("(decided games)"), "{start}: {text}");
    }
    assert!(row("share.round_cap %").contains("+100.0"), "{text}");
}

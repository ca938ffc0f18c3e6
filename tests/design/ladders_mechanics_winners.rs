//! The designer's questions, continued: ladders of bots, the auction mechanics compared across
//! engines, and the winners-versus-others figures in find, compare and gaps.

use super::*;

/// A round-robin of bots: every pair plays the same number of games, ratings come with
/// intervals that hold them, the two sides of a pairing add up, and every bot is timed.
#[test]
fn ladder_rates_the_bots_with_intervals() {
    let doc = json(&[
        "ladder",
        "silk-road",
        "--bots",
        "random,greedy",
        "--games",
        "30",
        "--players",
        "3",
    ]);
    let ratings = doc["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 2);
    for r in ratings {
        let (e, lo, hi) = (
            r["elo"].as_f64().unwrap(),
            r["lo"].as_f64().unwrap(),
            r["hi"].as_f64().unwrap(),
        );
        assert!(lo <= e && e <= hi, "{r}");
    }
    let greedy = ratings.iter().find(|r| r["bot"] == "greedy").unwrap();
    let random = ratings.iter().find(|r| r["bot"] == "random").unwrap();
    assert!(greedy["lo"].as_f64().unwrap() > random["hi"].as_f64().unwrap());
    let p = &doc["pairings"][0];
    assert_eq!(p["games"], 30);
    for t in doc["decision_micros"].as_array().unwrap() {
        assert!(t["decisions"].as_u64().unwrap() > 0, "{t}");
    }
    let err = refusal(&["ladder", "goofspiel", "--bots", "random"]);
    assert!(err.contains("two bots or more"), "{err}");
}

/// `silk mechanics`: every auction point of every engine with its parameter, default and
/// choices, the routes, and "—" (null) for a game without the mechanic.
#[test]
fn mechanics_lists_each_engines_auction_points_and_routes() {
    let doc = json(&["mechanics"]);
    let rows = doc.as_array().unwrap();
    let params: Vec<(&str, &str)> = rows
        .iter()
        .filter(|r| r["mechanic"] == "auction" && !r["uses"].is_null())
        .map(|r| {
            (
                r["game"].as_str().unwrap(),
                r["uses"]["param"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        params,
        [
            ("silk-road", "leader_auction"),
            ("silk-road", "vizier_auction"),
            ("cities", "barb_auction"),
            ("cities", "priority_auction"),
            ("cities", "lot_auction"),
        ]
    );
    let leader = rows
        .iter()
        .find(|r| r["uses"]["param"] == "leader_auction")
        .unwrap();
    assert_eq!(
        leader["uses"]["default"],
        "once_around/first_price/seat_order"
    );
    assert_eq!(leader["uses"]["choices"][0], leader["uses"]["default"]);
    assert!(rows
        .iter()
        .any(|r| r["game"] == "splendor" && r["mechanic"] == "auction" && r["uses"].is_null()));
    assert!(rows
        .iter()
        .any(|r| r["game"] == "cities" && r["uses"]["param"] == "route_rule"));
    silk()
        .arg("mechanics")
        .assert()
        .success()
        .stdout(predicate::str::contains("vizier_auction"))
        .stdout(predicate::str::contains("splendor   —"));
}

/// `silk compare --mechanic auction --json`: each engine under each format at each auction
/// point on the same seeds; the rules' format first; Splendor's auction measures "—" (null)
/// while its game measures apply.
#[test]
fn compare_mechanic_auction_runs_every_format_at_every_point() {
    let doc = json(&["compare", "--mechanic", "auction", "--games", "2"]);
    let points = doc["points"].as_array().unwrap();
    let params: Vec<&str> = points
        .iter()
        .map(|p| p["param"].as_str().unwrap_or("-"))
        .collect();
    assert_eq!(
        params,
        [
            "leader_auction",
            "vizier_auction",
            "barb_auction",
            "priority_auction",
            "lot_auction",
            "-"
        ]
    );
    for p in &points[..5] {
        let runs = p["runs"].as_array().unwrap();
        assert!(runs.len() >= 6, "{}: every format", p["param"]);
        assert_eq!(runs[0]["rules"], true);
        assert!(runs[1..].iter().all(|r| r["rules"] == false));
        for r in runs {
            let rounds = &r["measures"]["rounds"];
            assert!(rounds["value"].as_f64().unwrap() > 0.0, "{}", r["format"]);
            assert!(rounds["lo"].as_f64() <= rounds["hi"].as_f64());
        }
    }
    let leader = &points[0]["runs"][0]["measures"];
    assert!(
        leader["auction.leader.price_share_of_wealth"]["value"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(
        leader["auction.leader.mean_surplus"].is_null(),
        "no value for the pawn"
    );
    let splendor = &points[5]["runs"][0]["measures"];
    assert!(splendor["rounds"].is_object());
    assert!(splendor
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| k.starts_with("auction."))
        .all(|(_, v)| v.is_null()));
}

/// A format the rules of a point cannot take is refused with one line naming the parameter.
#[test]
fn a_format_a_point_cannot_take_is_refused_naming_the_parameter() {
    let err = refusal(&[
        "compare",
        "cities",
        "--games",
        "2",
        "--variant",
        "x=lot_auction=sealed/none",
    ]);
    assert!(
        err.contains("lot_auction = sealed/none/seat_order"),
        "{err}"
    );
    let err = refusal(&[
        "compare",
        "silk-road",
        "--games",
        "2",
        "--variant",
        "x=leader_auction=dutch/first_price",
    ]);
    assert!(err.contains("unknown auction kind"), "{err}");
    let rules = json(&["rules", "cities"]);
    assert_eq!(
        rules["config"]["params"]["priority_auction"],
        "open_ascending/first_price/seat_order"
    );
}

/// Issue 30, point 17: counts and factors that make no sense are refused before any game:
/// `--max-decisions 0` (every game cut before its first decision), `tune --explore` NaN,
/// negative or infinite.
#[test]
fn issue30_p17_zero_max_decisions_and_bad_explore_are_refused() {
    for cmd in [
        &[
            "simulate",
            "goofspiel",
            "--games",
            "2",
            "--max-decisions",
            "0",
        ][..],
        &[
            "find",
            "goofspiel",
            "--games",
            "2",
            "--where",
            "rounds > 0",
            "--max-decisions",
            "0",
        ],
        &[
            "ladder",
            "goofspiel",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--max-decisions",
            "0",
        ],
        &[
            "bench",
            "goofspiel",
            "--games",
            "2",
            "--repeat",
            "1",
            "--max-decisions",
            "0",
        ],
    ] {
        let err = refusal(cmd);
        assert!(err.contains("--max-decisions"), "{err}");
    }
    let dir = temp_dir("p17-explore");
    let t = targets(
        &dir,
        r#"{"targets": [{"measure": "rounds", "between": [4, 6]}]}"#,
    );
    for explore in ["NaN", "-1", "inf"] {
        let explore = format!("--explore={explore}");
        let err = refusal(&[
            "tune",
            "goofspiel",
            "--param",
            "cards",
            "--values",
            "4",
            "5",
            "--games",
            "2",
            "--validate-games",
            "2",
            "--budget",
            "2",
            "--targets",
            t.to_str().unwrap(),
            &explore,
        ]);
        assert!(err.contains("--explore"), "{err}");
    }
}

/// Mean and 95% normal interval of per-game values, recomputed by hand.
fn mean_interval(d: &[f64]) -> (f64, f64, f64) {
    let n = d.len() as f64;
    let mean = d.iter().sum::<f64>() / n;
    let sd = (d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let h = 1.959_963_984_540_054 * sd / n.sqrt();
    (mean, mean - h, mean + h)
}

/// Issue 32, part 4: "do winners trade more?" in one command. `silk find RUN --winners
/// player.sales` gives the winners' mean sales minus the other seats' per game, with its
/// interval, exactly as recomputed from the run's games.jsonl (each seat's record: bot, rank,
/// score, measures); `silk compare --winners` gives the same figure for the base and pairs it
/// with each variant's game by game.
#[test]
fn issue32_winners_trade_more_in_one_find_or_compare() {
    let dir = temp_dir("winners").join("run");
    let batch = ["--games", "10", "--bots", "greedy", "--seed", "4"];
    silk()
        .args(["simulate", "cities"])
        .args(batch)
        .arg("--out")
        .arg(&dir)
        .assert()
        .success();
    // Recomputed from games.jsonl: winners are the seats ranked 0.
    let mut d = Vec::new();
    for line in fs::read_to_string(dir.join("games.jsonl")).unwrap().lines() {
        let r: Value = serde_json::from_str(line).unwrap();
        let players = r["players"].as_array().unwrap();
        assert_eq!(players.len(), 4);
        for (seat, p) in players.iter().enumerate() {
            assert_eq!(p["bot"], "greedy");
            assert_eq!(p["rank"], r["ranks"][seat]);
            assert_eq!(p["score"], r["scores"][seat]);
        }
        // Stalls (cut at the round cap) have no winners: only decided games count.
        if r["finished"] != true || r["stuck"] == true || r["ended_by"] == "round_cap" {
            continue;
        }
        let (mut w, mut o) = (Vec::new(), Vec::new());
        for p in players {
            let sales = p["measures"]["player.sales"].as_f64().unwrap();
            if p["rank"] == 0 { &mut w } else { &mut o }.push(sales);
        }
        if !o.is_empty() {
            let m = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
            d.push(m(&w) - m(&o));
        }
    }
    assert!(d.len() >= 5, "{} games with winners and others", d.len());
    let (mean, lo, hi) = mean_interval(&d);
    let out = silk()
        .arg("find")
        .arg(&dir)
        .args(["--winners", "player.sales", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let found: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let w = found.iter().find(|v| v["type"] == "winners").unwrap();
    assert_eq!(w["measure"], "player.sales");
    assert_eq!(w["games"], d.len());
    for (key, want) in [("value", mean), ("lo", lo), ("hi", hi)] {
        let got = w[key].as_f64().unwrap();
        assert!((got - want).abs() < 1e-9, "{key}: {got} against {want}");
    }
    // No game listed without --where: every game counted.
    assert!(found.iter().all(|v| v["type"] != "match"));
    assert_eq!(found.last().unwrap()["games"], 10);

    let doc = json(&[
        "compare",
        "cities",
        "--variant",
        "same=target_vp=7",
        "--variant",
        "short=target_vp=5",
        "--winners",
        "player.sales",
        "--games",
        "10",
        "--bots",
        "greedy",
        "--seed",
        "4",
    ]);
    let row = measure(&doc, "winners.player.sales");
    let base = &row["values"][0]["estimate"];
    assert!(
        (base["value"].as_f64().unwrap() - mean).abs() < 1e-9,
        "{base}"
    );
    assert!((base["lo"].as_f64().unwrap() - lo).abs() < 1e-9, "{base}");
    assert_eq!(base["n"], d.len());
    // The unchanged variant plays the very same games: paired, every difference is 0.
    let same = &row["differences"][0]["difference"];
    assert_eq!(
        (same["value"].as_f64(), same["paired"].as_bool()),
        (Some(0.0), Some(true))
    );
    assert_eq!(same["pairs"], d.len());
    let short = &row["differences"][1]["difference"];
    assert_eq!(short["paired"], true);
    assert!(short["pairs"].as_u64().unwrap() > 0, "{short}");
    // A measure the game does not have is refused, naming those it has.
    let err = refusal(&[
        "compare",
        "cities",
        "--variant",
        "v=target_vp=5",
        "--winners",
        "sales",
    ]);
    assert!(err.contains("player.sales"), "{err}");
}

/// A target may name a winners-versus-others figure (`winners.player.<measure>`): gaps measures
/// it (the winners of Goofspiel take more prize points than the others, so it is above 0), and
/// a per-player measure the game does not have is refused naming it.
#[test]
fn issue32_gaps_target_a_winners_versus_others_figure() {
    let dir = temp_dir("gaps-winners");
    let t = targets(
        &dir,
        r#"{"targets": [{"measure": "winners.player.prize_points", "at_least": 0.5}]}"#,
    );
    let doc = json(&[
        "gaps",
        "goofspiel",
        "--targets",
        t.to_str().unwrap(),
        "--games",
        "60",
    ]);
    let gap = &doc["gaps"][0];
    assert!(gap["measured"]["value"].as_f64().unwrap() > 0.5, "{gap}");
    assert_eq!(gap["verdict"], "met", "{gap}");
    let bad = targets(
        &dir,
        r#"{"targets": [{"measure": "winners.player.nope", "at_least": 1}]}"#,
    );
    let err = refusal(&[
        "gaps",
        "goofspiel",
        "--games",
        "5",
        "--targets",
        bad.to_str().unwrap(),
    ]);
    assert!(err.contains("winners.player.nope"), "{err}");
}

/// The gaps report opens on the gaps and, as the run report does, draws games round by round.
#[test]
fn issue32_gaps_report_opens_on_the_gaps_and_draws_timelines() {
    let dir = temp_dir("gaps-html");
    let t = targets(
        &dir,
        r#"{"targets": [{"measure": "rounds", "at_most": 5}]}"#,
    );
    let html = dir.join("gaps.html");
    silk()
        .args(["gaps", "goofspiel", "--games", "20", "--targets"])
        .arg(&t)
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let page = fs::read_to_string(&html).unwrap();
    let at = |s: &str| page.find(s).unwrap_or_else(|| panic!("{s} missing"));
    assert!(at("data-section=\"gaps\"") < at("<section id=\"settings\">"));
    assert!(at("<section id=\"timelines\">") > at("data-section=\"gaps\""));
}

/// Issue 44 points 20 and 21 end to end (Silk Road with the tile lists reversed, seed 1000):
/// the Grand Vizier's surplus, always 5, is "0 in every game" with no p-value and no star, and
/// the note leaves such measures out of those tested; the note says how many printed rows are
/// starred and how many stars only the other rows hold; a paired row over fewer games than its
/// columns says over how many.
#[test]
fn issue44_compare_notes_printed_stars_constants_and_fewer_games() {
    let args = [
        "compare",
        "silk-road",
        "--games",
        "300",
        "--bots",
        "greedy",
        "--seed",
        "1000",
        "--variant",
        "r=reverse=true",
    ];
    let text = common::stdout_of(&args);
    let doc = json(&args);
    let surplus = measure(&doc, "auction.vizier.mean_surplus");
    let d = &surplus["differences"][0]["difference"];
    assert_eq!(
        (d["p"].is_null(), &d["clear"], &d["value"]),
        (true, &Value::Bool(false), &Value::from(0.0)),
        "{d}"
    );
    let line = |name: &str| {
        text.lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row {name}:\n{text}"))
            .to_string()
    };
    assert!(line("auction.vizier.mean_surplus").contains("0 in every game"));
    // The note's counts, from the JSON rows.
    let rows: Vec<(&str, &Value)> = doc["measures"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| {
            let d = &m["differences"][0]["difference"];
            (!d.is_null()).then(|| (m["measure"].as_str().unwrap(), d))
        })
        .collect();
    let shown = |n: &str| !n.starts_with("metric.") && !n.ends_with(".max");
    let starred = |d: &Value| d["clear"] == true;
    let printed = rows.iter().filter(|(n, _)| shown(n)).count();
    let printed_stars = rows.iter().filter(|(n, d)| shown(n) && starred(d)).count();
    let hidden_stars = rows.iter().filter(|(n, d)| !shown(n) && starred(d)).count();
    let constants = rows.iter().filter(|(_, d)| d["p"].is_null()).count();
    assert!(hidden_stars > 0 && constants > 0);
    let note = &doc["comparisons"][0];
    assert_eq!(note["constants"], constants);
    assert_eq!(note["measures_tested"], rows.len() - constants);
    let want = format!(
        "Printed here: {printed} of the {} rows, {printed_stars} starred; {hidden_stars} more in \
         the rows --all adds",
        rows.len()
    );
    assert!(text.contains(&want), "{want}\n{text}");
    assert!(
        text.contains(&format!("{} more differ in no game", constants)),
        "{text}"
    );
    // A row over the games where a Grand Vizier auction was won in both: fewer than its columns.
    let pairs = d["pairs"].as_u64().unwrap();
    let n = |k: usize| surplus["values"][k]["estimate"]["n"].as_u64().unwrap();
    assert!(pairs < n(0).max(n(1)), "{surplus}");
    assert!(line("auction.vizier.mean_surplus").ends_with(&format!("({pairs} games)")));
    // A row over every game says nothing of the kind.
    assert!(!line("share.stuck").contains("games)"));
}

/// Issue 44 point 21: `silk find --winners` gives many figures at once, so it says what chance
/// alone would star, as compare does.
#[test]
fn issue44_find_winners_has_a_chance_note() {
    let dir = temp_dir("winners-note").join("run");
    silk()
        .args([
            "simulate",
            "goofspiel",
            "--games",
            "40",
            "--seed",
            "3",
            "--out",
        ])
        .arg(&dir)
        .assert()
        .success();
    let run = dir.to_str().unwrap();
    let text = common::stdout_of(&["find", run, "--winners", "all"]);
    assert!(
        text.contains("winners − others: 3 measures compared"),
        "{text}"
    );
    assert!(text.contains("chance alone would star about 0.2"), "{text}");
    assert!(text.contains("per game *†"), "{text}");
    let out = common::stdout_of(&["--json", "find", run, "--winners", "all"]);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let figures = lines.iter().filter(|v| v["type"] == "winners").count();
    let note = lines.iter().find(|v| v["type"] == "winners_note").unwrap();
    assert_eq!(figures, 3);
    assert_eq!(
        note["measures_tested"].as_u64().unwrap() + note["constants"].as_u64().unwrap(),
        3
    );
    let starred = lines
        .iter()
        .filter(|v| v["type"] == "winners" && v["clear"] == true)
        .count();
    assert_eq!(note["starred"], starred);
}

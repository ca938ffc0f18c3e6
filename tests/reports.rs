//! Each kind of lab report (simulate, sweep of one and of two parameters, merge) opened in a
//! real headless Chromium through WebDriver, checked as a reader sees it: every chart drawn,
//! lines not filled, no two tick labels of an axis on top of each other, intervals, heatmap
//! cells with their values, the game's own metrics, the replay commands, the settings.
//!
//! Needs Chromium and chromedriver (Debian: chromium, chromium-driver); without them these
//! tests skip with a message, except in CI, where they fail.

use serde_json::{json, Value};
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::silk;
#[path = "common/browser.rs"]
mod browser;
use browser::{Driver, Session};

fn temp_dir(name: &str) -> PathBuf {
    common::temp_dir("reports", name)
}

fn run_json(args: &[&str]) -> Value {
    common::json_doc(args)
}

/// Every chart's id, size and the marks drawn in it.
const CHARTS: &str = "return [...document.querySelectorAll('svg.chart')].map(svg => {
  const r = svg.getBoundingClientRect();
  return {id: svg.dataset.chart, w: r.width, h: r.height,
          marks: svg.querySelectorAll('rect.bar, polyline, g.cell').length,
          bars: [...svg.querySelectorAll('rect.bar')].filter(b => b.getBoundingClientRect().height > 0).length,
          ci: svg.querySelectorAll('.ci').length};
});";

/// Pairs of tick labels of one axis whose boxes overlap, and axes with a label twice.
const TICK_CLASHES: &str = "const out = [];
for (const svg of document.querySelectorAll('svg.chart')) {
  for (const cls of ['x-tick', 'y-tick']) {
    const ts = [...svg.querySelectorAll('text.' + cls)];
    const rs = ts.map(t => t.getBoundingClientRect());
    for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
      const a = rs[i], b = rs[j];
      const ox = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const oy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (ox > 0.5 && oy > 0.5) out.push(`${svg.dataset.chart} ${cls}: '${ts[i].lastChild.textContent}' over '${ts[j].lastChild.textContent}'`);
      if (cls === 'y-tick' && ts[i].textContent === ts[j].textContent) out.push(`${svg.dataset.chart}: tick '${ts[i].textContent}' twice`);
    }
  }
}
return out;";

/// Opens a report and checks what every report must be: offline, without script, its
/// settings, every chart drawn, unfilled lines, ticks apart. Returns the charts (id → facts).
fn open_report(page: &Session, path: &Path) -> Vec<Value> {
    let text = fs::read_to_string(path).unwrap();
    assert!(
        !text.contains("http://") && !text.contains("https://"),
        "the report must work offline"
    );
    assert!(!text.contains("<script"), "no script in a report");
    page.open_file(path);
    assert!(page.title().starts_with("silk"), "{}", page.title());
    let settings = page.texts("#settings td:first-child");
    for row in ["game", "seed", "bots"] {
        assert!(
            settings.iter().any(|t| t == row),
            "settings row {row}: {settings:?}"
        );
    }
    let charts = page.eval(CHARTS, &[]).as_array().unwrap().clone();
    assert!(!charts.is_empty(), "no chart at all");
    for c in &charts {
        assert!(
            c["w"].as_f64().unwrap() > 100.0 && c["h"].as_f64().unwrap() > 100.0,
            "chart not laid out: {c}"
        );
        assert!(c["marks"].as_u64().unwrap() > 0, "empty chart: {c}");
    }
    let filled = page.eval(
        "return [...document.querySelectorAll('polyline')].filter(p => getComputedStyle(p).fill !== 'none').length",
        &[],
    );
    assert_eq!(filled, json!(0), "a line is drawn as a filled shape");
    let clashes = page.eval(TICK_CLASHES, &[]);
    assert_eq!(clashes, json!([]), "tick labels overlap or repeat");
    charts
}

fn chart<'a>(charts: &'a [Value], id: &str) -> &'a Value {
    charts
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("chart {id} missing"))
}

/// The replay commands the report lists, by kind ("longest", …): `(kind, command)`.
fn replay_rows(page: &Session) -> Vec<(String, String)> {
    let v = page.eval(
        "return [...document.querySelectorAll('table.replays tr')].slice(1).map(tr =>
           [tr.cells[0].textContent, tr.querySelector('code.replay').textContent])",
        &[],
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| (r[0].as_str().unwrap().into(), r[1].as_str().unwrap().into()))
        .collect()
}

/// The metric charts: a chart of means per unit and a histogram per metric, for every metric
/// of the summary that is not a raw sum.
fn check_metric_charts(charts: &[Value], summary: &Value) {
    let means = charts
        .iter()
        .filter(|c| c["id"].as_str().unwrap().starts_with("metric-means-"))
        .count();
    assert!(means > 0, "no chart of metric means");
    for m in summary["metrics"].as_array().unwrap() {
        let name = m["name"].as_str().unwrap();
        if name.ends_with("_permille") {
            continue;
        }
        let id: String = name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let c = chart(charts, &format!("metric-{id}"));
        assert!(c["bars"].as_u64().unwrap() > 0, "metric {name}: no bar");
    }
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn simulate_report_in_a_browser() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("simulate");
    let (run, html) = (dir.join("run"), dir.join("report.html"));
    silk()
        .args([
            "simulate",
            "silk-road",
            "--games",
            "60",
            "--bots",
            "greedy,greedy,random",
        ])
        .args(["--seed", "5", "--out"])
        .arg(&run)
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(run.join("summary.json")).unwrap()).unwrap();
    let page = driver.session();
    let charts = open_report(&page, &html);
    for id in ["win-rate-seat", "win-rate-bot", "win-rate-seat-bot"] {
        let c = chart(&charts, id);
        assert!(c["ci"].as_u64().unwrap() > 0, "{id}: no intervals");
        assert!(c["bars"].as_u64().unwrap() > 0, "{id}: no bar drawn");
    }
    for id in ["rounds", "length", "margin", "lead-changes"] {
        assert!(chart(&charts, id)["bars"].as_u64().unwrap() > 0, "{id}");
    }
    check_metric_charts(&charts, &summary);
    let axis_titles = page.texts("svg[data-chart^=metric-means-] .y-title");
    assert!(
        axis_titles.iter().all(|t| t.ends_with(" per game")) && !axis_titles.is_empty(),
        "metric axes name their unit: {axis_titles:?}"
    );
    // The longest game listed first is the longest of the run, with the command to replay it.
    let records: Vec<Value> = fs::read_to_string(run.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let longest = records
        .iter()
        .max_by_key(|r| {
            (
                r["rounds"].as_u64(),
                r["decisions"].as_u64(),
                std::cmp::Reverse(r["index"].as_u64()),
            )
        })
        .unwrap();
    let rows = replay_rows(&page);
    let first = rows
        .iter()
        .find(|r| r.0 == "longest")
        .expect("a longest game");
    assert_eq!(
        first.1,
        format!(
            "silk replay {} --game {}",
            run.display(),
            longest["index"].as_u64().unwrap()
        )
    );
    for kind in ["longest", "shortest", "widest margin"] {
        assert_eq!(rows.iter().filter(|r| r.0 == kind).count(), 5, "{kind}");
    }
    // The command works.
    let game = first.1.rsplit(' ').next().unwrap();
    silk()
        .arg("replay")
        .arg(&run)
        .args(["--game", game, "--moves"])
        .assert()
        .success();
    page.close();
}

/// Without --out the report says how to keep the games, and lists games cut short apart.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn simulate_report_without_records_says_how_to_replay() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("no-out");
    let html = dir.join("report.html");
    silk()
        .args(["simulate", "silk-road", "--games", "40", "--bots", "greedy"])
        .args(["--max-decisions", "180", "--html"])
        .arg(&html)
        .assert()
        .success();
    let page = driver.session();
    open_report(&page, &html);
    let rows = replay_rows(&page);
    assert!(
        rows.iter().any(|r| r.0 == "unfinished"),
        "games cut short are listed: {rows:?}"
    );
    assert!(rows
        .iter()
        .all(|r| r.1.starts_with("silk replay RUN_DIR --game ")));
    let note = page.texts("#replays .note").join(" ");
    assert!(note.contains("--out RUN_DIR"), "{note}");
    page.close();
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn sweep_report_of_one_parameter_in_a_browser() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("sweep1");
    let html = dir.join("sweep.html");
    let values = [
        "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
    ];
    let rows = run_json(
        &[
            &["sweep", "silk-road", "--param", "min_bid", "--values"][..],
            &values,
            &[
                "--games",
                "12",
                "--bots",
                "greedy",
                "--html",
                html.to_str().unwrap(),
            ],
        ]
        .concat(),
    );
    let page = driver.session();
    let charts = open_report(&page, &html);
    // One interval per seat (and first mover) per value.
    let seats = rows[0]["summary"]["win_by_seat"].as_array().unwrap().len() as u64;
    let win = chart(&charts, "sweep-win-rate");
    assert!(
        win["ci"].as_u64().unwrap() >= seats * values.len() as u64,
        "{win}"
    );
    assert!(chart(&charts, "sweep-length")["ci"].as_u64().unwrap() >= values.len() as u64);
    assert!(charts
        .iter()
        .any(|c| c["id"].as_str().unwrap().starts_with("sweep-metrics-")
            && c["ci"].as_u64().unwrap() > 0));
    assert!(
        !charts
            .iter()
            .any(|c| c["id"].as_str().unwrap().contains("heatmap")),
        "a heatmap needs two parameters"
    );
    let x_titles = page.texts("svg[data-chart=sweep-win-rate] .x-title");
    assert_eq!(x_titles, ["params.min_bid"]);
    let y_titles = page.texts("svg[data-chart=sweep-length] .y-title");
    assert_eq!(y_titles, ["rounds per game"]);
    page.close();
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn sweep_report_of_two_parameters_has_heatmaps() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("sweep2");
    let html = dir.join("grid.html");
    let rows = run_json(&[
        "sweep",
        "silk-road",
        "--param",
        "min_bid",
        "--values",
        "1",
        "2",
        "3",
        "--param",
        "keep_needs_funds",
        "--values",
        "true",
        "false",
        "--games",
        "16",
        "--bots",
        "greedy",
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = driver.session();
    let charts = open_report(&page, &html);
    for id in ["sweep-heatmap-win-rate", "sweep-heatmap-length"] {
        assert_eq!(chart(&charts, id)["marks"], 6, "{id}: a cell per pair");
    }
    // Each cell prints its batch's figure: rows are min_bid, columns keep_needs_funds.
    let cells = page.eval(
        "return [...document.querySelectorAll('svg[data-chart=sweep-heatmap-win-rate] g.cell')]
           .map(g => g.querySelector('text').textContent)",
        &[],
    );
    let want: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let s = &r["summary"];
            let rate = s["first_mover"]["rate"]
                .as_f64()
                .or(s["win_by_seat"][0]["rate"].as_f64())
                .unwrap();
            format!("{:.1}%", 100.0 * rate)
        })
        .collect();
    assert_eq!(cells, json!(want));
    let lengths = page.texts("svg[data-chart=sweep-heatmap-length] g.cell text");
    assert!(
        lengths.iter().all(|t| t.parse::<f64>().is_ok()),
        "{lengths:?}"
    );
    let grid_axes = page.texts("svg[data-chart=sweep-heatmap-length] .axis-title");
    assert_eq!(grid_axes, ["params.keep_needs_funds", "params.min_bid"]);
    page.close();
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn merge_report_points_at_the_shards() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("merge");
    let shards: Vec<PathBuf> = (1..=2).map(|k| dir.join(format!("s{k}"))).collect();
    for (k, shard) in shards.iter().enumerate() {
        silk()
            .args([
                "simulate",
                "splendor",
                "--games",
                "30",
                "--bots",
                "greedy,random",
            ])
            .args(["--seed", "4", "--shard", &format!("{}/2", k + 1), "--out"])
            .arg(shard)
            .assert()
            .success();
    }
    let html = dir.join("merged.html");
    let summary = run_json(&[
        "lab",
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = driver.session();
    let charts = open_report(&page, &html);
    assert!(chart(&charts, "win-rate-seat")["ci"].as_u64().unwrap() > 0);
    check_metric_charts(&charts, &summary);
    // Each game is replayed from the shard that holds it (games 0–14 in s1, 15–29 in s2).
    let rows = replay_rows(&page);
    assert!(!rows.is_empty());
    for (_, cmd) in &rows {
        let k: u64 = cmd.rsplit(' ').next().unwrap().parse().unwrap();
        let shard = &shards[(k >= 15) as usize];
        assert_eq!(cmd, &format!("silk replay {} --game {k}", shard.display()));
    }
    page.close();
}

/// `silk compare GAME --variant … --html`: a chart per measure with each variant's bar and
/// interval, the table of every measure with the differences, and the settings.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn compare_variants_report_in_a_browser() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("compare");
    let html = dir.join("compare.html");
    let doc = run_json(&[
        "compare",
        "silk-road",
        "--games",
        "40",
        "--bots",
        "greedy,random,greedy",
        "--variant",
        "strict=keep_needs_funds=false",
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = driver.session();
    let charts = open_report(&page, &html);
    for id in ["variant-rounds", "variant-win.seat1", "variant-minutes"] {
        let c = chart(&charts, id);
        assert_eq!(c["bars"], json!(2), "{id}: one bar per variant");
        assert_eq!(c["ci"].as_u64().unwrap() % 2, 0, "{id}: intervals");
        assert!(c["ci"].as_u64().unwrap() > 0, "{id}: no interval drawn");
    }
    // The table has a row per measure of the JSON, each with both variants and a difference.
    let rows = page.eval(
        "return [...document.querySelectorAll('table.compare tr[data-measure]')].map(tr =>
           [tr.dataset.measure, tr.cells.length])",
        &[],
    );
    let measures = doc["measures"].as_array().unwrap();
    assert_eq!(rows.as_array().unwrap().len(), measures.len());
    assert!(rows.as_array().unwrap().iter().all(|r| r[1] == json!(4)));
    let variants = page.texts("#settings td");
    assert!(variants.iter().any(|t| t == "base, strict"), "{variants:?}");
}

/// `silk gaps … --html`: the run's report with the gaps table first, worst first, each with
/// its verdict.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn gaps_report_in_a_browser() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("gaps");
    let targets = dir.join("targets.json");
    fs::write(
        &targets,
        r#"{"targets": [
            {"name": "short", "measure": "rounds", "at_most": 2},
            {"name": "fair", "measure": "first_mover_advantage", "between": [-0.5, 0.5]}
        ]}"#,
    )
    .unwrap();
    let html = dir.join("gaps.html");
    silk()
        .args([
            "gaps",
            "silk-road",
            "--games",
            "40",
            "--bots",
            "greedy",
            "--targets",
        ])
        .arg(&targets)
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let page = driver.session();
    open_report(&page, &html);
    let rows = page.eval(
        "return [...document.querySelectorAll('table[data-section=gaps] tr.gap')].map(tr =>
           [tr.cells[0].textContent, tr.cells[4].textContent])",
        &[],
    );
    assert_eq!(
        rows,
        json!([["short", "missed"], ["fair", "met"]]),
        "the gaps, worst first"
    );
    // The gaps come before the settings: what the designer asked is read first.
    let order = page.eval(
        "const g = document.querySelector('table[data-section=gaps]');
         const s = document.querySelector('#settings');
         return !!(g.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);",
        &[],
    );
    assert_eq!(order, json!(true));
}

/// `silk ladder --html`: the ratings chart with intervals, the win matrix, the decision times.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn ladder_report_in_a_browser() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("ladder");
    let html = dir.join("ladder.html");
    silk()
        .args([
            "ladder",
            "silk-road",
            "--players",
            "3",
            "--bots",
            "random,greedy",
            "--games",
            "20",
            "--html",
        ])
        .arg(&html)
        .assert()
        .success();
    let page = driver.session();
    let charts = open_report(&page, &html);
    let ratings = chart(&charts, "ratings");
    assert_eq!(ratings["bars"], json!(2));
    assert!(ratings["ci"].as_u64().unwrap() > 0);
    let cells = page.eval(
        "return document.querySelectorAll('svg[data-chart=win-matrix] g.cell').length",
        &[],
    );
    assert_eq!(cells, json!(2), "a 2×2 matrix without its diagonal");
    assert_eq!(
        page.texts("table tr td:first-child")
            .iter()
            .filter(|t| *t == "greedy")
            .count(),
        1
    );
}

/// `silk compare --mechanic auction --html`: a section per auction point of every engine, a
/// chart per measure with one bar and interval per format, "—" where a measure does not apply
/// (Splendor's auction measures, the leader pawn's surplus), and a table row per format.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn compare_mechanic_report_in_a_browser() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("mechanic");
    let html = dir.join("mechanic.html");
    let doc = run_json(&[
        "compare",
        "--mechanic",
        "auction",
        "--games",
        "2",
        "--html",
        html.to_str().unwrap(),
    ]);
    let page = driver.session();
    let charts = open_report(&page, &html);
    let sections = page.eval(
        "return [...document.querySelectorAll('section.point')].map(s =>
           [s.dataset.game, s.dataset.param, s.querySelectorAll('svg.chart').length,
            s.querySelectorAll('p.na').length, s.querySelectorAll('tr[data-format]').length])",
        &[],
    );
    let sections = sections.as_array().unwrap();
    let points = doc["points"].as_array().unwrap();
    assert_eq!(sections.len(), points.len());
    for (s, p) in sections.iter().zip(points) {
        let runs = p["runs"].as_array().unwrap().len() as u64;
        assert_eq!(
            s[4].as_u64().unwrap(),
            runs,
            "{s:?}: a table row per format"
        );
        let drawn = s[2].as_u64().unwrap() + s[3].as_u64().unwrap();
        assert_eq!(drawn, 9, "{s:?}: every measure is a chart or a \"—\"");
    }
    // The leader pawn has no value: its surplus is "—"; Splendor has no auction at all.
    let leader = &sections[0];
    assert_eq!(leader[1], "leader_auction");
    assert_eq!(leader[3], 1);
    let splendor = sections.last().unwrap();
    assert_eq!(splendor[0], "splendor");
    assert_eq!(splendor[3], 4, "the four auction measures do not apply");
    // Each chart of a point has a bar with an interval per format.
    let first = chart(&charts, "mechanic-0-4");
    assert_eq!(
        first["bars"].as_u64().unwrap() as usize,
        points[0]["runs"].as_array().unwrap().len()
    );
    assert!(first["ci"].as_u64().unwrap() > 0, "intervals drawn");
}

/// Issue 32, part 7: a report opens on the designer's targets (its first section, as a reader
/// sees the page), and a sweep of two parameters draws every measure, the stuck share
/// included, as a heatmap with one cell per pair of values, each with its interval.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue32_report_order_opens_on_targets_and_grids_every_measure() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = temp_dir("issue32-order");
    let targets = dir.join("targets.json");
    fs::write(
        &targets,
        r#"{"targets": [{"measure": "margin", "at_most": 5},
                        {"measure": "share.stuck", "at_most": 0}]}"#,
    )
    .unwrap();
    let compare = dir.join("compare.html");
    let sweep = dir.join("sweep.html");
    for f in [&compare, &sweep] {
        let _ = fs::remove_file(f);
    }
    run_json(&[
        "compare",
        "silk-road",
        "--games",
        "12",
        "--bots",
        "greedy",
        "--variant",
        "b=majority_bonus=5",
        "--targets",
        targets.to_str().unwrap(),
        "--html",
        compare.to_str().unwrap(),
    ]);
    run_json(&[
        "sweep",
        "silk-road",
        "--param",
        "min_bid",
        "--values",
        "1",
        "2",
        "--param",
        "majority_bonus",
        "--values",
        "2",
        "4",
        "--games",
        "12",
        "--bots",
        "greedy",
        "--targets",
        targets.to_str().unwrap(),
        "--html",
        sweep.to_str().unwrap(),
    ]);
    let page = driver.session();
    for path in [&compare, &sweep] {
        open_report(&page, path);
        let first = page.eval("return document.querySelector('section').id", &[]);
        assert_eq!(first, json!("targets"), "{}", path.display());
        let targets_named = page.texts("#targets tr[data-measure] td:first-child");
        assert_eq!(targets_named.len(), 2, "{targets_named:?}");
    }
    // The sweep report is open: a heatmap per measure, 2 × 2 cells each, intervals in titles.
    let grids = page.eval(
        "return [...document.querySelectorAll('svg[data-chart^=\"sweep-heatmap-m-\"]')].map(svg =>
           ({id: svg.dataset.chart, cells: svg.querySelectorAll('g.cell').length,
             titled: [...svg.querySelectorAll('g.cell title')].filter(t => t.textContent.includes('[')).length}))",
        &[],
    );
    let grids = grids.as_array().unwrap();
    assert!(grids.len() > 20, "{grids:?}");
    assert!(
        grids
            .iter()
            .any(|g| g["id"] == "sweep-heatmap-m-share.stuck"),
        "the stuck share has its heatmap"
    );
    // (An engine counter no game of a setting counted has no value there.)
    for g in grids
        .iter()
        .filter(|g| !g["id"].as_str().unwrap().contains("-m-metric."))
    {
        assert_eq!(g["cells"], 4, "one cell per pair of values: {g}");
    }
    let stuck = grids
        .iter()
        .find(|g| g["id"] == "sweep-heatmap-m-margin")
        .unwrap();
    assert_eq!(
        stuck["titled"], 4,
        "each cell's interval in its title: {stuck}"
    );
    page.close();
}

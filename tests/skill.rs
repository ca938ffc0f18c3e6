//! Issue 33, points 3–5 end to end: a heuristic's weights by name and tuned against a field
//! (`silk tune --bot`), skill depth and restricted play (`silk ladder --depth`, `--restricted`),
//! the strong bot and each bot's decision rate in `silk bench`. Small batches: these check
//! the figures are there with their intervals, not what they are (docs/bots.md has those).

#[allow(dead_code)] // temp_dir is for the suites that write files
mod common;
use common::{json_doc, refusal};

/// A share with its interval: 0 ≤ lo ≤ share ≤ hi ≤ 1, over some games.
fn is_share(v: &serde_json::Value) {
    let (s, lo, hi) = (
        v["share"].as_f64().unwrap(),
        v["lo"].as_f64().unwrap(),
        v["hi"].as_f64().unwrap(),
    );
    assert!(0.0 <= lo && lo <= s && s <= hi && hi <= 1.0, "{v}");
    assert!(hi - lo > 0.0, "an interval, not a point: {v}");
    assert!(v["games"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn issue33_depth_ladder_reports_each_budget_with_intervals_and_the_paired_gain() {
    let v = json_doc(&[
        "ladder",
        "silk-road",
        "--depth",
        "mcts-greedy",
        "--budgets",
        "2,4",
        "--bots",
        "greedy,random",
        "--games",
        "6",
        "--threads",
        "1",
    ]);
    let budgets = v["budgets"].as_array().unwrap();
    assert_eq!(budgets.len(), 2);
    assert_eq!(budgets[0]["bot"], "mcts-greedy2");
    assert_eq!(budgets[1]["bot"], "mcts-greedy4");
    for b in budgets {
        is_share(&b["all"]);
        let against = b["against"].as_array().unwrap();
        assert_eq!(against.len(), 2);
        for a in against {
            is_share(&a["result"]);
        }
        assert!(b["decision_micros"].as_f64().unwrap() > 0.0);
    }
    let gain = &v["gain_last_over_first"];
    assert!(gain["lo"].as_f64().unwrap() <= gain["mean"].as_f64().unwrap());
    assert!(gain["games"].as_u64().unwrap() > 0);
}

#[test]
fn issue33_restricted_play_meets_the_standard_field() {
    let v = json_doc(&[
        "ladder",
        "silk-road",
        "--restricted",
        "greedy+lead=0",
        "--games",
        "4",
        "--threads",
        "1",
    ]);
    let field: Vec<&str> = v["field"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(
        field,
        [
            "greedy",
            "greedy-aggressive",
            "greedy-trader",
            "greedy-builder"
        ]
    );
    is_share(&v["all"]);
    assert_eq!(v["against"].as_array().unwrap().len(), 4);
    // The text says where the share stands against an even one.
    let text = common::stdout_of(&[
        "ladder",
        "silk-road",
        "--restricted",
        "greedy-trader",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert!(text.contains("even share"), "{text}");
    assert!(!text.contains("against greedy-trader "), "{text}");
}

/// Issue 45, point 5: restricted play and skill depth play the ladder's own game loop. A field
/// bot outside silk (`cmd:…`) is seated as `silk ladder --bots` seats it, and a game it forfeits
/// is left out of the subject's share and reported apart, as the ladder leaves it out of the
/// ratings (the second loop built only silk's bots, and would have counted a forfeit).
#[test]
fn issue45_restricted_play_seats_outside_bots_and_leaves_their_forfeits_out_as_the_ladder_does() {
    let v = json_doc(&[
        "ladder",
        "goofspiel",
        "--restricted",
        "random",
        "--bots",
        "cmd:false",
        "--games",
        "2",
        "--threads",
        "1",
    ]);
    assert_eq!(v["all"]["games"], 0, "{v}");
    let forfeits = v["forfeits"].as_array().unwrap();
    assert_eq!(forfeits.len(), 1, "{v}");
    assert_eq!(forfeits[0]["bot"], "cmd:false", "{v}");
    assert_eq!(forfeits[0]["games"], 2, "{v}");
}

#[test]
fn issue33_unknown_weights_and_budgetless_depth_are_refused() {
    let err = refusal(&[
        "ladder",
        "cities",
        "--restricted",
        "greedy+nerve=2",
        "--games",
        "2",
    ]);
    assert!(err.contains("nerve") && err.contains("attack"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    refusal(&["ladder", "cities", "--depth", "greedy", "--games", "2"]);
    refusal(&["ladder", "nim", "--restricted", "greedy", "--games", "2"]);
}

#[test]
fn issue33_tune_searches_a_bots_weights_against_a_field_and_validates_paired() {
    let v = json_doc(&[
        "tune",
        "silk-road",
        "--bot",
        "greedy-trader",
        "--param",
        "lead",
        "--values",
        "0",
        "1.5",
        "--param",
        "resale",
        "--values",
        "1",
        "2",
        "--field",
        "greedy",
        "--budget",
        "3",
        "--repeats",
        "1",
        "--games",
        "4",
        "--validate-games",
        "6",
        "--threads",
        "1",
    ]);
    assert_eq!(v["bot"], "greedy-trader");
    let evals = v["searches"][0]["evaluations"].as_array().unwrap();
    assert_eq!(evals.len(), 3);
    for e in evals {
        let name = e["bot"].as_str().unwrap();
        assert!(name.starts_with("greedy-trader+lead="), "{name}");
        assert!(name.contains("+resale="), "{name}");
    }
    let val = &v["validation"];
    assert_eq!(val["base"]["bot"], "greedy-trader");
    let rec = &val["recommendations"][0];
    let gain = &rec["gain"];
    assert!(gain["lo"].as_f64().unwrap() <= gain["hi"].as_f64().unwrap());
    assert!(v["best"].as_str().unwrap().starts_with("greedy-trader"));
    // A weight the heuristic does not have is refused before any game.
    let err = refusal(&[
        "tune", "splendor", "--bot", "greedy", "--param", "lead", "--values", "1", "2",
    ]);
    assert!(err.contains("points, bonus, gems"), "{err}");
}

#[test]
fn issue33_bench_reports_each_bots_decisions_per_second() {
    let v = json_doc(&[
        "bench",
        "cities",
        "--games",
        "1",
        "--repeat",
        "1",
        "--max-threads",
        "1",
        "--bots",
        "strong2d5,greedy-aggressive,greedy,greedy",
    ]);
    let bots = v["bots_alone"].as_array().unwrap();
    let names: Vec<&str> = bots.iter().map(|b| b["bot"].as_str().unwrap()).collect();
    assert_eq!(names, ["strong2d5", "greedy-aggressive", "greedy"]);
    for b in bots {
        assert!(b["decisions"].as_u64().unwrap() > 0, "{b}");
        assert!(b["decisions_per_s"].as_f64().unwrap() > 0.0, "{b}");
        assert!(b["micros_per_decision"].as_f64().unwrap() > 0.0, "{b}");
    }
}

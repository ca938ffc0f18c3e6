//! `silk compare` without a game: the engines side by side on the mechanics they share
//! (auctions, routes, resource conversion) and on length, seat advantage and branching, each
//! read off one batch's summary. A game without a mechanic shows "—".

use crate::summary::Summary;

/// One engine's line in `silk compare`.
pub struct CompareRow {
    pub game: String,
    pub summary: Summary,
}

fn ratio(s: &Summary, num: &str, den: &str) -> Option<f64> {
    let d = s.metric(den)?.total;
    (d > 0).then(|| s.metric(num).map(|m| m.total).unwrap_or(0) as f64 / d as f64)
}

fn cell(v: Option<f64>, pct: bool) -> String {
    match v {
        Some(x) if pct => format!("{:.1}%", 100.0 * x),
        Some(x) => format!("{x:.2}"),
        None => "—".into(),
    }
}

/// A statistic of `silk compare`: its name and how to read it off a summary.
type Stat = (&'static str, fn(&Summary) -> String);

const COMPARED: [Stat; 12] = [
    ("auctions per game", |s| {
        cell(s.metric("auction.count").map(|m| m.per_game), false)
    }),
    ("winning bid / winner's wealth", |s| {
        cell(
            ratio(s, "auction.win_wealth_permille", "auction.won").map(|x| x / 1000.0),
            true,
        )
    }),
    ("auctions nobody bids in", |s| {
        cell(ratio(s, "auction.no_bid", "auction.count"), true)
    }),
    ("bids per auction", |s| {
        cell(ratio(s, "auction.bids", "auction.count"), false)
    }),
    ("mean route cost", |s| {
        cell(ratio(s, "route.cost_sum", "route.count"), false)
    }),
    ("income spent on travel", |s| {
        cell(ratio(s, "travel.spent", "income.total"), true)
    }),
    ("first-player advantage", |s| {
        format!("{:+.1} pts", 100.0 * s.first_player_advantage)
    }),
    ("resources taken per game, less returns", |s| {
        cell(s.metric("resource.taken").map(|m| m.per_game), false)
    }),
    ("resources converted to lasting value", |s| {
        cell(ratio(s, "resource.converted", "resource.taken"), true)
    }),
    ("mean rounds", |s| format!("{:.1}", s.rounds.mean)),
    ("mean decisions", |s| format!("{:.0}", s.decisions.mean)),
    ("mean branching (legal actions)", |s| {
        format!("{:.1}", s.mean_branching)
    }),
];

/// The shared mechanics side by side: the text table and its JSON (statistic → game → value).
pub fn table(rows: &[CompareRow]) -> (String, serde_json::Value) {
    let stats = COMPARED;
    let mut text = format!("{:<32}", "");
    for r in rows {
        text += &format!(" {:>14}", r.game);
    }
    text += "\n";
    let mut json = serde_json::Map::new();
    for (name, f) in &stats {
        text += &format!("{name:<32}");
        let mut per_game = serde_json::Map::new();
        for r in rows {
            let v = f(&r.summary);
            text += &format!(" {v:>14}");
            per_game.insert(r.game.clone(), serde_json::Value::String(v));
        }
        text += "\n";
        json.insert(name.to_string(), serde_json::Value::Object(per_game));
    }
    (text, serde_json::Value::Object(json))
}

//! The book's figures, worded and as JSON: a share with its exact (Clopper–Pearson) 95%
//! interval, honest for a handful of games, and a spread (mean, least, most).

use serde_json::{json, Value};
use silk_core::Playtest;
use silk_lab::stats::exact_binomial;

/// A share with its exact interval, as text (`1 of 3  33.3% [0.8, 90.6]`) and JSON.
pub fn share(k: u64, n: u64) -> (String, Value) {
    let (lo, hi) = exact_binomial(k, n);
    let p = if n == 0 { 0.0 } else { k as f64 / n as f64 };
    (
        format!(
            "{k} of {n}  {:.1}% [{:.1}, {:.1}]",
            100.0 * p,
            100.0 * lo,
            100.0 * hi
        ),
        json!({"count": k, "of": n, "share": p, "lo": lo, "hi": hi}),
    )
}

/// Mean, least and most of `xs`, as text (`6.0 (5–7)`) and JSON.
pub fn spread(xs: &[f64]) -> (String, Value) {
    if xs.is_empty() {
        return ("—".into(), json!({"n": 0}));
    }
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (
        format!("{mean:.1} ({lo:.1}–{hi:.1})"),
        json!({"n": xs.len(), "mean": mean, "min": lo, "max": hi}),
    )
}

/// Wins by name over `games` (each game's playtest and the names ranked first in it; a shared
/// first place counts for each): a line per name, indented by `indent`, and the JSON rows.
pub fn wins_by_name(games: &[(&Playtest, Vec<&str>)], indent: &str) -> (String, Vec<Value>) {
    let mut names: Vec<&str> = Vec::new();
    for (p, _) in games {
        for s in &p.seats {
            if !names.contains(&s.name.as_str()) {
                names.push(&s.name);
            }
        }
    }
    let mut text = String::new();
    let mut rows = Vec::new();
    for name in names {
        let played = games
            .iter()
            .filter(|(p, _)| p.seats.iter().any(|s| s.name == name))
            .count() as u64;
        let won = games.iter().filter(|(_, w)| w.contains(&name)).count() as u64;
        let (t, j) = share(won, played);
        text += &format!("{indent}{name:<16} {t}\n");
        rows.push(json!({"name": name, "wins": j}));
    }
    (text, rows)
}

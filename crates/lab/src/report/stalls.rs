//! The page of `silk stalls --html` (issue 46): why a run's capped games stalled, from the
//! command's own JSON records (a `summary` and one `stall` per game, as docs/lab.md gives them),
//! so the page and `--json` cannot say different things.

use super::{esc, page};
use serde_json::Value;

/// `12.5 % [4.1, 31.0]` from a `{count, of, share, low, high}` record.
fn share(v: &Value) -> String {
    let f = |k: &str| 100.0 * v[k].as_f64().unwrap_or(0.0);
    format!("{:.1} % [{:.1}, {:.1}]", f("share"), f("low"), f("high"))
}

/// The page: the headline shares, each cause with its shares and example, then each stall.
pub fn stalls_html(run: &str, summary: &Value, stalls: &[Value]) -> String {
    let game = summary["game"].as_str().unwrap_or_default();
    let mut body = format!(
        "<p>Run <code>{}</code> ({}): {} of {} games stalled (the round cap ended them), {}.</p>",
        esc(run),
        esc(game),
        summary["stall_share"]["count"],
        summary["games"],
        share(&summary["stall_share"])
    );
    if summary.get("explained").is_some() {
        body += &format!(
            "<p>Explained by a named rule or resource (every source of every leading city \
             shut): {} of {}, {}.</p>",
            summary["explained"]["count"],
            summary["explained"]["of"],
            share(&summary["explained"])
        );
    }
    let causes = summary["causes"].as_array().cloned().unwrap_or_default();
    if !causes.is_empty() {
        body += "<h2>Causes</h2><table><tr><th>cause</th><th>kind</th>\
                 <th>shuts a source of every leader</th><th>holds the most sources</th>\
                 <th>example</th></tr>";
        for c in &causes {
            body += &format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"cmd\">{}<br>\
                 <code>{}</code></td></tr>",
                esc(c["cause"].as_str().unwrap_or_default()),
                esc(c["kind"].as_str().unwrap_or_default()),
                share(&c["every_leader"]),
                share(&c["holds_most"]),
                esc(c["example_text"].as_str().unwrap_or_default()),
                esc(c["replay"].as_str().unwrap_or_default())
            );
        }
        body += "</table>";
    }
    if !stalls.is_empty() {
        body += "<h2>Stalled games</h2><table><tr><th>game</th><th>no change after round</th>\
                 <th>profile</th><th>held by</th><th>at the freeze</th></tr>";
        for s in stalls {
            let profile: Vec<String> = s["scores"]
                .as_array()
                .map(|a| a.iter().map(|v| v.to_string()).collect())
                .unwrap_or_default();
            body += &format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"cmd\"><code>{}\
                 </code></td></tr>",
                s["index"],
                s["freeze_round"],
                profile.join("-"),
                esc(s["held_by"].as_str().unwrap_or("—")),
                esc(s["replay"].as_str().unwrap_or_default())
            );
        }
        body += "</table>";
    }
    page(&format!("Why {game} games stall"), &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The page shows the records' figures, escaped.
    #[test]
    fn issue46_the_stalls_page_shows_each_cause_and_stall_escaped() {
        let one = json!({"count": 1, "of": 2, "share": 0.5, "low": 0.1, "high": 0.9});
        let summary = json!({"game": "cities", "games": 2, "stall_share": one,
            "explained": one, "causes": [{"cause": "vp_cards_gone", "kind": "deck",
            "every_leader": one, "holds_most": one, "example_text": "a < b",
            "replay": "silk replay r --game 1 --at 9"}]});
        let stall = json!({"index": 1, "freeze_round": 5, "scores": [6, 6, 2, 6],
            "held_by": "vp_cards_gone", "replay": "silk replay r --game 1 --at 9"});
        let html = stalls_html("r<x>", &summary, &[stall]);
        assert!(
            html.contains("r&lt;x&gt;") && html.contains("a &lt; b"),
            "{html}"
        );
        assert!(html.contains("50.0 % [10.0, 90.0]"), "{html}");
        assert!(html.contains("<td>6-6-2-6</td>"), "{html}");
        assert!(html.contains("--game 1 --at 9"), "{html}");
    }
}

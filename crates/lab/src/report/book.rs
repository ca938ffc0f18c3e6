//! The page of `silk playtests DIR --html` (issue 47): the playtest book drawn from the
//! command's own JSON document, so the page and `--json` cannot say different things.

use super::{esc, page};
use serde_json::Value;

/// `33.3 % [0.8, 90.6] (1 of 3)` from a `{count, of, share, lo, hi}` record.
fn share(v: &Value) -> String {
    let f = |k: &str| 100.0 * v[k].as_f64().unwrap_or(0.0);
    format!(
        "{:.1} % [{:.1}, {:.1}] ({} of {})",
        f("share"),
        f("lo"),
        f("hi"),
        v["count"],
        v["of"]
    )
}

/// `6.0 (5.0–7.0)` from a `{n, mean, min, max}` record; a dash without games.
fn spread(v: &Value) -> String {
    match (v["mean"].as_f64(), v["min"].as_f64(), v["max"].as_f64()) {
        (Some(m), Some(lo), Some(hi)) => format!("{m:.1} ({lo:.1}–{hi:.1})"),
        _ => "—".into(),
    }
}

fn text(v: &Value) -> String {
    esc(v.as_str().unwrap_or_default())
}

/// The feedback section: by question, then each comment.
fn feedback(f: &Value) -> String {
    if f["answers"].as_u64().unwrap_or(0) == 0 {
        return String::new();
    }
    let mut body = format!(
        "<h2>Feedback</h2><p>{} answer(s) from {} game(s).</p><table><tr><th>question</th><th>answers</th></tr>",
        f["answers"], f["games"]
    );
    if let Some(mean) = f["enjoyment"]["mean"].as_f64() {
        let counts: Vec<String> = f["enjoyment"]["counts"]
            .as_array()
            .map(|c| {
                c.iter()
                    .enumerate()
                    .map(|(i, n)| format!("{}: {n}", i + 1))
                    .collect()
            })
            .unwrap_or_default();
        body += &format!(
            "<tr><td>enjoyment (1–5)</td><td>mean {mean:.1} of {}; {}</td></tr>",
            f["enjoyment"]["n"],
            counts.join(", ")
        );
    }
    for (key, label) in [
        ("length", "length"),
        ("most_engaged", "most engaged"),
        ("least_engaged", "least engaged"),
        ("unclear", "rules unclear"),
    ] {
        if let Some(m) = f[key].as_object().filter(|m| !m.is_empty()) {
            let cells: Vec<String> = m.iter().map(|(k, n)| format!("{} ×{n}", esc(k))).collect();
            body += &format!("<tr><td>{label}</td><td>{}</td></tr>", cells.join(", "));
        }
    }
    body += "</table>";
    for p in f["by_player"].as_array().into_iter().flatten() {
        if let Some(c) = p["answers"]["comment"].as_str() {
            body += &format!(
                "<blockquote>“{}” — {} ({})</blockquote>",
                esc(c),
                text(&p["name"]),
                text(&p["file"])
            );
        }
    }
    body
}

/// The matching section: each style's agreement with the people.
fn matching(m: &Value) -> String {
    let Some(styles) = m["styles"].as_array().filter(|s| !s.is_empty()) else {
        return String::new();
    };
    let mut body = format!(
        "<h2>Which bot plays like the people</h2><p class=\"note\">{} decisions people made with a \
         choice. Top 1: no legal action valued above theirs (ties included); top 3: fewer than \
         three. The decisions of one game are not independent: read the intervals as rough.</p>\
         <table><tr><th>style</th><th>top 1</th><th>top 3</th></tr>",
        m["decisions"]
    );
    for s in styles {
        body += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            text(&s["bot"]),
            share(&s["top1"]),
            share(&s["top3"])
        );
    }
    body + "</table>"
}

/// The book's page from its JSON document (`silk --json playtests DIR`).
pub fn book_html(book: &Value) -> String {
    let mut body = format!(
        "<p>{} game(s) in <code>{}</code>: {} finished, {} decided, {} stuck; stalled at the \
         round cap {}.</p><p class=\"note\">Intervals are exact 95% (Clopper–Pearson): with a \
         handful of games they are wide, and nothing is starred.</p>",
        book["games"],
        text(&book["dir"]),
        book["finished"],
        book["decided"],
        book["stuck"],
        share(&book["stalls"])
    );
    if let Some(wins) = book["wins"].as_array().filter(|w| !w.is_empty()) {
        body += "<h2>Wins over the decided games</h2><table><tr><th>player</th><th>won</th></tr>";
        for w in wins {
            body += &format!(
                "<tr><td>{}</td><td>{}</td></tr>",
                text(&w["name"]),
                share(&w["wins"])
            );
        }
        body += "</table>";
    }
    body += &format!(
        "<h2>Length</h2><table><tr><th>decided games</th><th>mean (least–most)</th></tr>\
         <tr><td>rounds</td><td>{}</td></tr><tr><td>decisions</td><td>{}</td></tr>\
         <tr><td>lead changes</td><td>{}</td></tr>\
         <tr><td>table minutes (the records' clock)</td><td>{}</td></tr>\
         <tr><td>table minutes, all games</td><td>{}</td></tr></table>",
        spread(&book["rounds"]),
        spread(&book["decisions"]),
        spread(&book["lead_changes"]),
        spread(&book["minutes_decided"]),
        spread(&book["minutes_all"])
    );
    body += &feedback(&book["feedback"]);
    body += &matching(&book["matching"]);
    body += "<h2>Games</h2><table><tr><th>started</th><th>file</th><th>seats</th><th>ended</th>\
             <th>minutes</th></tr>";
    for g in book["records"].as_array().into_iter().flatten() {
        let seats: Vec<String> = g["playtest"]["seats"]
            .as_array()
            .map(|s| {
                s.iter()
                    .map(|x| format!("{} ({})", text(&x["name"]), text(&x["player"])))
                    .collect()
            })
            .unwrap_or_default();
        body += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td></tr>",
            text(&g["playtest"]["started"]),
            text(&g["file"]),
            seats.join(", "),
            text(&g["ending"]),
            g["minutes"].as_f64().unwrap_or(0.0)
        );
    }
    body += "</table>";
    body += &tables(&book["tables"]);
    page(
        &format!("Playtests: {}", book["game"].as_str().unwrap_or_default()),
        &body,
    )
}

/// Silk Road tables: the table helper's partial records (what was said aloud), if any.
fn tables(t: &Value) -> String {
    if t.is_null() {
        return String::new();
    }
    let mut body = format!(
        "<h2>Silk Road tables (partial records)</h2><p>{} table(s) kept by the table helper, {} \
         counted. The helper hears only what is said aloud: the leader auctions, the tiles taken \
         (by kind) and the final count.</p><table><tr><th>player</th><th>won, counted tables</th></tr>",
        t["tables"], t["counted"]
    );
    for w in t["wins"].as_array().into_iter().flatten() {
        body += &format!(
            "<tr><td>{}</td><td>{}</td></tr>",
            text(&w["name"]),
            share(&w["wins"])
        );
    }
    let a = &t["auctions"];
    body += &format!(
        "</table><table><tr><th>measure</th><th>value</th></tr>\
         <tr><td>rounds, counted tables</td><td>{}</td></tr>\
         <tr><td>margin (first minus second, points), counted tables</td><td>{}</td></tr>\
         <tr><td>table minutes (the entries' clock), counted tables</td><td>{}</td></tr>\
         <tr><td>leader auctions in which someone bid</td><td>{}</td></tr>\
         <tr><td>high bid (coins), auctions with a bid</td><td>{}</td></tr>\
         <tr><td>pawn sold by its holder, auctions with a bid</td><td>{}</td></tr>\
         <tr><td>tiles taken, all tables</td><td>{}</td></tr></table>",
        spread(&t["rounds"]),
        spread(&t["margin"]),
        spread(&t["minutes_counted"]),
        share(&a["bid"]),
        spread(&a["high_bid"]),
        share(&a["sold"]),
        t["tiles"]["n"]
    );
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_page_says_what_the_document_says_escaped() {
        let doc = json!({
            "game": "cities", "dir": "book", "games": 2, "finished": 2, "decided": 1, "stuck": 0,
            "stalls": {"count": 1, "of": 2, "share": 0.5, "lo": 0.0126, "hi": 0.9874},
            "wins": [{"name": "Ann <b>", "wins": {"count": 1, "of": 1, "share": 1.0, "lo": 0.025, "hi": 1.0}}],
            "rounds": {"n": 1, "mean": 6.0, "min": 6.0, "max": 6.0},
            "feedback": {"answers": 1, "games": 1, "enjoyment": {"n": 1, "mean": 4.0, "counts": [0, 0, 0, 1, 0]},
                         "by_player": [{"name": "Ann", "file": "a.json", "answers": {"comment": "fun & long"}}]},
            "matching": {"decisions": 0},
            "records": [],
        });
        let html = book_html(&doc);
        assert!(html.contains("Ann &lt;b&gt;") && !html.contains("Ann <b>"));
        assert!(html.contains("50.0 % [1.3, 98.7] (1 of 2)"));
        assert!(html.contains("“fun &amp; long” — Ann"));
        assert!(html.contains("mean 4.0 of 1"));
    }
}

//! Waiting on pages in the browser tests (tests/web/, tests/web_pages/): a condition to
//! hold, the snapshot version a page shows, every page caught up.

use crate::browser::Session;
use serde_json::json;
use std::time::{Duration, Instant};

/// How long a page may take to show what a test waits for.
const PATIENCE: Duration = Duration::from_secs(15);

/// Polls `script` (a function body returning a boolean) until it holds.
pub fn wait(page: &Session, script: &str, what: &str) {
    let start = Instant::now();
    while page.eval(script, &[]) != json!(true) {
        assert!(start.elapsed() < PATIENCE, "waited too long for {what}");
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// The snapshot version a page has shown (the page script keeps it).
pub fn version(page: &Session) -> i64 {
    page.eval("return typeof version === 'number' ? version : -1", &[])
        .as_i64()
        .unwrap_or(-1)
}

/// Waits until every page shows the same snapshot version, at least `min`.
pub fn settle(pages: &[&Session], min: i64) {
    let start = Instant::now();
    loop {
        let v: Vec<i64> = pages.iter().map(|p| version(p)).collect();
        if v.iter().all(|&x| x == v[0] && x >= min) {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "pages out of step: {v:?}");
        std::thread::sleep(Duration::from_millis(30));
    }
}

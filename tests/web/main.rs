//! The table on phones in a real browser: `silk table silk-road --serve` with the host's table
//! page and four players' pages in headless Chromium (WebDriver), playing the first leader, a
//! whole leader auction and market round with a sealed Grand Vizier reveal — one page
//! reloaded in the middle of it — then checked at phone and TV sizes.
//!
//! Needs Chromium and chromedriver (Debian: chromium, chromium-driver); without them it skips
//! with a message, except in CI, where it fails.

use serde_json::{json, Value};
use std::time::Duration;

#[path = "../common/browser.rs"]
mod browser;
#[allow(dead_code)] // not every test uses every helper
#[path = "../common/mod.rs"]
mod common;
#[path = "../common/pages.rs"]
mod pages;
#[path = "../common/server.rs"]
mod server;
use browser::{Driver, Session};
use pages::{settle, version, wait};
use server::Served;
mod crash_and_double_taps;

/// What a page asks, and its buttons.
fn asked(page: &Session) -> Option<(String, Vec<String>)> {
    let v = page.eval(
        "const t = document.getElementById('turn');
         if (t.hidden) return null;
         return [document.getElementById('question').textContent,
                 [...document.querySelectorAll('#choices button.choice')].map(b => b.textContent),
                 !document.getElementById('entry').hidden || !document.getElementById('numbers').hidden];",
        &[],
    );
    if v.is_null() {
        return None;
    }
    let choices: Vec<String> = v[1]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    (!choices.is_empty() || v[2] == json!(true))
        .then(|| (v[0].as_str().unwrap().to_string(), choices))
}

fn click(page: &Session, choice: &str) {
    let done = page.eval(
        "const b = [...document.querySelectorAll('#choices button')].find(b => b.textContent === arguments[0]);
         if (!b) return false; b.click(); return true;",
        &[json!(choice)],
    );
    assert_eq!(done, json!(true), "no button {choice:?}");
}

/// A choice that asks "sure?" first (a sealed reveal): the choice, then yes.
fn click_sure(page: &Session, choice: &str) {
    click(page, choice);
    let done = page.eval(
        "const b = document.getElementById('sure-yes');
         if (document.getElementById('confirm').hidden) return false; b.click(); return true;",
        &[],
    );
    assert_eq!(done, json!(true), "no confirmation for {choice:?}");
}

/// Taps a host control by its label (the host's "are you sure?" answered yes).
fn host_control(host: &Session, label: &str) {
    let done = host.eval(
        "window.confirm = () => true;
         const b = [...document.querySelectorAll('#controls button')].find(b => b.textContent === arguments[0]);
         if (!b) return false; b.click(); return true;",
        &[json!(label)],
    );
    assert_eq!(done, json!(true), "no host control {label:?}");
}

fn type_entry(page: &Session, text: &str) {
    page.eval(
        "document.getElementById('text').value = arguments[0];
         document.getElementById('entry').requestSubmit(); return true;",
        &[json!(text)],
    );
}

fn history(page: &Session) -> String {
    page.texts("#history li").join("\n")
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn four_phones_and_a_table_play_an_auction_and_a_market_with_a_sealed_reveal() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "table");
    eprintln!("screenshots in {}", dir.display());
    let journal = dir.join("game.journal");
    let served = Served::start(
        &[
            "table",
            "silk-road",
            "--players",
            "Ana,Ben,Cleo,Dan",
            "--journal",
            journal.to_str().unwrap(),
        ],
        4,
    );
    let table_url = served.start[0]["table"].as_str().unwrap().to_string();
    let host = driver.session();
    host.open(&table_url);
    wait(
        &host,
        "return document.querySelectorAll('#codes figure svg').length === 4",
        "four join codes",
    );
    let seats: Vec<Session> = (1..=4).map(|_| driver.session()).collect();
    for (k, page) in seats.iter().enumerate() {
        page.open(served.start[k + 1]["url"].as_str().unwrap());
    }
    // Everyone has joined: the codes leave the table page.
    wait(
        &host,
        "return document.getElementById('join').hidden",
        "the join codes to go",
    );
    let all: Vec<&Session> = std::iter::once(&host).chain(seats.iter()).collect();
    settle(&all, 0);

    // Plays one answer on the page that is asked, chosen by `pick`, and waits for every page.
    let play = |pick: &dyn Fn(&str, &[String]) -> String| -> (usize, String) {
        let v0 = version(&host);
        let (k, q, choices) = seats
            .iter()
            .enumerate()
            .find_map(|(k, p)| asked(p).map(|(q, c)| (k, q, c)))
            .expect("some page asks a question");
        let answer = pick(&q, &choices);
        if choices.contains(&answer) {
            click(&seats[k], &answer);
        } else {
            type_entry(&seats[k], &answer);
        }
        settle(&all, v0 + 1);
        let error = seats[k].texts("#error").join("");
        assert!(
            error.is_empty(),
            "page {} refused {answer:?}: {error}",
            k + 1
        );
        (k, q)
    };

    // The first leader: Ana, chosen by the host (no phone is asked).
    assert!(seats.iter().all(|p| asked(p).is_none()));
    let v0 = version(&host);
    host_control(&host, "Ana holds the pawn first");
    settle(&all, v0 + 1);
    // The auction: everyone passes; then the leader moves the caravan.
    loop {
        let q = host.texts("#question").join("");
        if !q.starts_with("Leader auction") {
            break;
        }
        play(&|_, c| {
            if c.iter().any(|x| x == "pass") {
                "pass".into()
            } else {
                c[0].clone()
            }
        });
    }
    let (mover, q) = play(&|_, c| c[0].clone());
    assert_eq!(mover, 0, "Ana, the leader, moves the caravan: {q}");
    // The market: the first player to act takes the Grand Vizier and calls silk.
    let (taker, _) = play(&|_, _| "vizier".into());
    // Round two: the player takes it back from their phone (a button, then "sure?" naming
    // the entry), is asked again, and enters it again. The take-back comes after the
    // question's own answers and forms, never above them (issue 44: it sat above the
    // final-count form).
    let below = seats[taker].eval(
        "const a = document.getElementById('actions');
         return ['choices', 'numbers', 'entry'].every(id => document.getElementById(id)
            .compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);",
        &[],
    );
    assert_eq!(below, json!(true), "take back above the answers");
    let v = version(&host);
    let sure = seats[taker].eval(
        "const b = [...document.querySelectorAll('#actions button.action')]
            .find(b => b.textContent === 'Take back my last entry');
         if (!b) return null; b.click();
         if (document.getElementById('confirm').hidden) return null;
         const t = document.getElementById('sure').textContent;
         document.getElementById('sure-yes').click(); return t;",
        &[],
    );
    assert!(
        sure.as_str()
            .is_some_and(|t| t.to_lowercase().contains("vizier")),
        "no undo button with its confirmation: {sure}"
    );
    settle(&all, v + 1);
    assert!(asked(&seats[taker]).is_some(), "asked again after the undo");
    play(&|_, _| "vizier".into());
    play(&|_, _| "silk".into());
    // The sealed reveal: Ana enters hers; Ben's phone sleeps and reloads; the table and the
    // other pages show only how many have entered until all are in.
    let v0 = version(&host);
    click_sure(&seats[0], "2");
    settle(&all, v0 + 1);
    assert!(host
        .texts("#board")
        .join("")
        .contains("1 of 4 have entered"));
    for page in &seats[1..] {
        assert!(
            !history(page).contains("Ana shows"),
            "a reveal leaked before all were in"
        );
    }
    seats[1].open(served.start[2]["url"].as_str().unwrap());
    wait(
        &seats[1],
        "return !document.getElementById('entry').hidden",
        "Ben's page after reload",
    );
    assert!(seats[1]
        .texts("#question")
        .join("")
        .contains("how many silk"));
    assert_eq!(
        seats[1].eval("return document.getElementById('text').type", &[]),
        json!("password"),
        "a sealed entry is not shown on screen"
    );
    let v1 = version(&host);
    type_entry(&seats[1], "1");
    settle(&all, v1 + 1);
    for (k, n) in [(2usize, "0"), (3, "3")] {
        let v = version(&host);
        click_sure(&seats[k], n);
        settle(&all, v + 1);
    }
    let shown = history(&host);
    for said in [
        "Ana shows 2 silk",
        "Ben shows 1 silk",
        "Cleo shows 0 silk",
        "Dan shows 3 silk",
    ] {
        assert!(
            shown.contains(said),
            "{said} missing from the table page:\n{shown}"
        );
    }
    // The rest of the market: plain tiles, the pawn passed on, until the next auction.
    let mut steps = 0;
    while !host
        .texts("#question")
        .join("")
        .starts_with("Leader auction")
    {
        play(&|_, c| {
            if c.iter().any(|x| x == "tile") {
                "tile".into()
            } else {
                c[0].clone()
            }
        });
        steps += 1;
        assert!(steps < 30, "the market round did not end");
    }
    assert!(
        host.texts("#board").join("").contains("Round 2"),
        "{:?}",
        host.texts("#board")
    );

    // A phone: one column, nothing wider than the screen, the question and big buttons.
    let phone = &seats[2];
    phone
        .with(async |c| c.set_window_size(360, 740).await)
        .unwrap();
    let fit: Value = phone.eval(
        "return {width: document.documentElement.scrollWidth,
                 buttons: [...document.querySelectorAll('button')].filter(b => b.offsetParent)
                    .map(b => b.getBoundingClientRect().height)};",
        &[],
    );
    assert!(
        fit["width"].as_f64().unwrap() <= 360.0,
        "wider than the phone: {fit}"
    );
    // A page that is not asked anything offers no entry.
    let entry_shown = phone.eval(
        "return document.getElementById('entry').offsetParent !== null",
        &[],
    );
    assert_eq!(entry_shown, json!(asked(phone).is_some()));
    assert!(
        fit["buttons"]
            .as_array()
            .unwrap()
            .iter()
            .all(|h| h.as_f64().unwrap() >= 44.0),
        "{fit}"
    );
    let png = phone.with(async |c| c.screenshot().await).unwrap();
    std::fs::write(dir.join("phone.png"), &png).unwrap();
    assert!(png.starts_with(b"\x89PNG") && png.len() > 2000);
    // A TV: large type, the board and the history in view.
    host.with(async |c| c.set_window_size(1920, 1080).await)
        .unwrap();
    let tv: Value = host.eval(
        "const h = document.getElementById('history').getBoundingClientRect();
         return {font: parseFloat(getComputedStyle(document.body).fontSize),
                 board: document.getElementById('board').textContent.length,
                 history: document.querySelectorAll('#history li').length, top: h.top};",
        &[],
    );
    assert!(tv["font"].as_f64().unwrap() >= 24.0, "{tv}");
    assert!(
        tv["board"].as_u64().unwrap() > 0 && tv["history"].as_u64().unwrap() > 5,
        "{tv}"
    );
    let png = host.with(async |c| c.screenshot().await).unwrap();
    std::fs::write(dir.join("tv.png"), &png).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    // Everything the table heard is in the journal.
    let kept = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(kept.matches("\"reveal\"").count(), 4);
}

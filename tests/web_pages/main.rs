//! Splendor and Cities at the table in a real browser (issue 34): a whole Splendor game on two
//! phones against a bot, played by tapping the cards and the supply, with the TV page drawing
//! the board; a Cities question naming its phase; both at 360 px (a phone: no sideways scroll,
//! buttons of 44 px or more, text of 16 px or more) and 1920 px (a TV: the whole width, larger
//! type). Screenshots go to the test's temporary directory (and to `SILK_SHOTS` if set).
//!
//! Needs Chromium and chromedriver (Debian: chromium, chromium-driver); without them it skips
//! with a message, except in CI, where it fails.

use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

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
mod fits_and_messages;

/// A Splendor game of two people and a greedy bot, with `more` arguments.
fn two_people_and_greedy(more: &[&str]) -> Served {
    let mut args = vec![
        "play",
        "splendor",
        "--bots",
        "human,human,greedy",
        "--seed",
        "3",
    ];
    args.extend(more);
    Served::start(&args, 2)
}

/// Two phone-sized windows, each on its seat's page of `served`.
fn two_phones(driver: &Driver, served: &Served) -> Vec<Session> {
    let phones: Vec<Session> = (0..2).map(|_| driver.session()).collect();
    for (k, page) in phones.iter().enumerate() {
        page.with(async |c| c.set_window_size(360, 740).await)
            .unwrap();
        page.open(served.start[k + 1]["url"].as_str().unwrap());
    }
    phones
}

/// Waits until `page` has drawn the game's board.
fn board_drawn(page: &Session) {
    wait(
        page,
        "return !document.getElementById('game').hidden",
        "the board drawn",
    );
}

fn text_of(page: &Session, css: &str) -> String {
    page.texts(css).join("\n")
}

/// Sizes a window, then measures the page as people see it: sideways overflow, the smallest
/// visible button, the smallest visible text.
fn measure(page: &Session, width: u32, height: u32) -> Value {
    page.with(async |c| c.set_window_size(width, height).await)
        .unwrap();
    std::thread::sleep(Duration::from_millis(150));
    page.eval(
        "const d = document.documentElement;
         const shown = (e) => e.offsetParent !== null || getComputedStyle(e).position === 'fixed';
         const buttons = [...document.querySelectorAll('button')].filter(shown)
            .map(b => b.getBoundingClientRect().height);
         const texts = [...document.querySelectorAll('body *')].filter(shown)
            .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => parseFloat(getComputedStyle(e).fontSize));
         const wide = [...document.querySelectorAll('body *')].filter(shown)
            .filter(e => e.getBoundingClientRect().right > d.clientWidth + 1)
            .map(e => e.tagName + '.' + e.className).slice(0, 5);
         return {scroll: d.scrollWidth, client: d.clientWidth, wide,
                 button: buttons.length ? Math.min(...buttons) : 999, buttons: buttons.length,
                 font: Math.min(...texts), body: parseFloat(getComputedStyle(document.body).fontSize),
                 main: document.querySelector('main').getBoundingClientRect().width};",
        &[],
    )
}

/// A phone at 360 px: nothing wider than the screen, buttons of 44 px, text of 16 px.
fn check_phone(page: &Session, what: &str) -> Value {
    let m = measure(page, 360, 740);
    assert!(
        m["scroll"].as_f64().unwrap() <= m["client"].as_f64().unwrap(),
        "{what}: wider than the phone: {m}"
    );
    assert!(m["button"].as_f64().unwrap() >= 44.0, "{what}: {m}");
    assert!(m["font"].as_f64().unwrap() >= 16.0, "{what}: {m}");
    m
}

/// A TV at 1920 px: the page uses the width, larger type, no sideways scroll.
fn check_tv(page: &Session, what: &str) -> Value {
    let m = measure(page, 1920, 1080);
    assert!(
        m["scroll"].as_f64().unwrap() <= m["client"].as_f64().unwrap(),
        "{what}: wider than the screen: {m}"
    );
    assert!(m["main"].as_f64().unwrap() >= 1600.0, "{what}: {m}");
    assert!(m["body"].as_f64().unwrap() >= 24.0, "{what}: {m}");
    assert!(m["font"].as_f64().unwrap() >= 20.0, "{what}: {m}");
    m
}

/// A screenshot of the whole page at its present width (the window made as tall as the page,
/// then put back).
fn shoot(page: &Session, dir: &Path, name: &str) {
    let (w, h) = page.with(async |c| c.get_window_size().await).unwrap();
    let tall = page.eval("return document.documentElement.scrollHeight", &[]);
    let tall = tall.as_u64().unwrap_or(h).clamp(h, 6000) as u32;
    page.with(async |c| c.set_window_size(w as u32, tall).await)
        .unwrap();
    let png = page.with(async |c| c.screenshot().await).unwrap();
    page.with(async |c| c.set_window_size(w as u32, h as u32).await)
        .unwrap();
    assert!(png.starts_with(b"\x89PNG") && png.len() > 2000);
    std::fs::write(dir.join(name), &png).unwrap();
    if let Some(shots) = std::env::var_os("SILK_SHOTS") {
        let _ = std::fs::create_dir_all(&shots);
        let _ = std::fs::write(Path::new(&shots).join(name), &png);
    }
}

/// A screenshot of what the screen shows now (the viewport, where the player has scrolled to).
fn shoot_screen(page: &Session, dir: &Path, name: &str) {
    let png = page.with(async |c| c.screenshot().await).unwrap();
    std::fs::write(dir.join(name), &png).unwrap();
    if let Some(shots) = std::env::var_os("SILK_SHOTS") {
        let _ = std::fs::create_dir_all(&shots);
        let _ = std::fs::write(Path::new(&shots).join(name), &png);
    }
}

/// One Splendor decision on the page asked, as a person taps it (scrolled to where the
/// button is): a purchase if any (the card with the most prestige), else a choice not tied to
/// a card (return a token, a noble), else three gems tapped on the supply, else a reserve or
/// any move on a card. Returns what was sent.
fn tap_a_move(page: &Session) -> String {
    let v = page.eval(
        "const pts = (b) => parseInt(b.closest('.card')?.querySelector('.card-points')?.textContent || '0') || 0;
         const buys = [...document.querySelectorAll('#game button.move-buy')].sort((a, b) => pts(b) - pts(a));
         const loose = [...document.querySelectorAll('#game .loose button, #game .tile button')];
         const pick = buys[0] || loose[0];
         if (pick) { const m = pick.dataset.move; pick.scrollIntoView({block: 'center'}); pick.click(); return m; }
         return null;",
        &[],
    );
    if let Some(m) = v.as_str() {
        return m.to_string();
    }
    // Gems: tap up to three different colours on the supply, most plentiful first.
    for _ in 0..3 {
        let tapped = page.eval(
            "if (document.querySelector('#game .take-go')) return null;
             const picked = new Set([...document.querySelectorAll('#game button.pick')]
                .filter(b => b.querySelector('.picked')).map(b => b.dataset.gem));
             const b = [...document.querySelectorAll('#game button.pick')]
                .filter(b => !picked.has(b.dataset.gem))
                .sort((a, b) => parseInt(b.querySelector('b').textContent) - parseInt(a.querySelector('b').textContent))[0];
             if (!b) return null; b.scrollIntoView({block: 'center'}); b.click(); return b.dataset.gem;",
            &[],
        );
        if tapped.is_null() {
            break;
        }
    }
    let v = page.eval(
        "const go = document.querySelector('#game .take-go')
            || document.querySelector('#game button.move-reserve')
            || document.querySelector('#game [data-move]');
         if (!go) return null; const m = go.dataset.move; go.scrollIntoView({block: 'center'}); go.click(); return m;",
        &[],
    );
    v.as_str().expect("the page offers a move").to_string()
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue34_splendor_on_two_phones_with_the_tv_showing_the_board() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "splendor");
    eprintln!("screenshots in {}", dir.display());
    let served = two_people_and_greedy(&[]);
    let tv = driver.session();
    tv.open(served.start[0]["public"].as_str().unwrap());
    let phones = two_phones(&driver, &served);
    let all: Vec<&Session> = std::iter::once(&tv).chain(phones.iter()).collect();
    for p in &all {
        board_drawn(p);
    }
    // The TV draws the board: 12 cards, 4 nobles, every player's holdings; no text board.
    let board = tv.eval(
        "return {cards: document.querySelectorAll('#game .levels .card').length,
                 nobles: document.querySelectorAll('#game .tile.noble').length,
                 players: document.querySelectorAll('#game .players .seat').length,
                 text: document.getElementById('board').offsetParent !== null};",
        &[],
    );
    assert_eq!(
        board,
        json!({"cards": 12, "nobles": 4, "players": 3, "text": false})
    );
    // The phone asked: the question first, its own seat above the board, W U G R K
    // explained, the moves on the cards, named by card.
    let first = phones
        .iter()
        .position(|p| !p.find_all("#game [data-move]").is_empty())
        .expect("a phone is asked first (the bot has moved if it started)");
    let q = text_of(&phones[first], "#question");
    assert_eq!(q, "Your turn: take gems, reserve a card or buy one");
    let seat = phones[first].eval(
        "const g = document.getElementById('game');
         const you = g.querySelector('.seat.you'), levels = g.querySelector('.levels');
         return {first: !!(you.compareDocumentPosition(levels) & Node.DOCUMENT_POSITION_FOLLOWING),
                 legend: g.querySelector('.legend').textContent,
                 labels: [...g.querySelectorAll('.card [data-move]')].map(b => b.getAttribute('aria-label')),
                 choices: document.querySelectorAll('#choices button').length};",
        &[],
    );
    assert_eq!(seat["first"], json!(true), "{seat}");
    for said in ["U", "blue (sapphire)", "K", "black (onyx)", "gold"] {
        assert!(seat["legend"].as_str().unwrap().contains(said), "{seat}");
    }
    let labels = seat["labels"].as_array().unwrap();
    assert!(labels.len() >= 12, "a reserve on every card: {seat}");
    for l in labels {
        let l = l.as_str().unwrap();
        assert!(l.contains("card"), "{l}");
        assert!(!l.contains("1a") && !l.contains("2c"), "{l}");
    }
    assert_eq!(
        seat["choices"],
        json!(0),
        "no wall of buttons before the board"
    );
    check_phone(&phones[first], "Splendor phone");
    shoot(&phones[first], &dir, "splendor-phone-360.png");
    check_tv(&tv, "Splendor TV");
    shoot(&tv, &dir, "splendor-tv-1920.png");

    // The whole game, tap by tap.
    let mut steps = 0;
    let mut returns = 0;
    let mut bought = 0;
    loop {
        // (The TV shows the status line only where the question does not say it.)
        let status = tv.eval("return document.getElementById('status').textContent", &[]);
        let status = status.as_str().unwrap_or_default();
        if !status.starts_with("waiting") {
            assert!(status.starts_with("Final: 1. "), "{status}");
            break;
        }
        let asked = phones
            .iter()
            .position(|p| !p.find_all("#game [data-move]").is_empty());
        let Some(k) = asked else {
            std::thread::sleep(Duration::from_millis(30));
            continue;
        };
        let q = text_of(&phones[k], "#question");
        if q.starts_with("You hold") {
            returns += 1;
            let held: u32 = q["You hold ".len()..]
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(
                q.contains(&format!("the limit is 10: return {}", held - 10)),
                "{q}"
            );
        }
        let v0 = version(&phones[k]);
        let sent = tap_a_move(&phones[k]);
        bought += sent.starts_with("buy") as u32;
        settle(&all, v0 + 1);
        let error = text_of(&phones[k], "#error");
        assert!(error.is_empty(), "P{} {sent:?}: {error}", k + 1);
        if steps == 30 {
            check_phone(&phones[k], "Splendor phone mid-game");
            shoot(&phones[k], &dir, "splendor-phone-mid-360.png");
            check_tv(&tv, "Splendor TV mid-game");
            shoot(&tv, &dir, "splendor-tv-mid-1920.png");
        }
        steps += 1;
        assert!(steps < 400, "the game did not end: {status}");
    }
    assert!(bought > 3, "{bought} purchases");
    eprintln!("{steps} taps, {bought} purchases, {returns} returns");
    // The history tells the game in words, not the engine's notation (issue 34, round two):
    // "a level-1 green card (1 prestige, costs 4 black) is revealed", never "#23 L1 green 1pt
    // [K4] is revealed at 1b".
    for page in std::iter::once(&tv).chain(phones.iter()) {
        let told = text_of(page, "#history li");
        assert!(
            told.contains(" card (") && told.contains(" is revealed"),
            "{told}"
        );
        let b = told.as_bytes();
        let code = b.windows(4).any(|w| {
            !w[0].is_ascii_alphanumeric()
                && (b"WUGRK".contains(&w[1]) && w[2].is_ascii_digit()
                    || b"123".contains(&w[1]) && (b'a'..=b'f').contains(&w[2]))
                && !w[3].is_ascii_alphanumeric()
        });
        assert!(
            !told.contains('#') && !told.contains("pt ") && !told.contains('[') && !code,
            "engine notation in the history: {told}"
        );
    }
    // The final board stays on the TV with every player's prestige.
    assert_eq!(tv.find_all("#game .players .seat").len(), 3);
    shoot(&tv, &dir, "splendor-tv-end-1920.png");
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue34_cities_question_names_its_phase() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "cities");
    let journal = dir.join("cities.journal");
    let served = Served::start(
        &[
            "table",
            "cities",
            "--players",
            "3",
            "--journal",
            journal.to_str().unwrap(),
        ],
        3,
    );
    let tv = driver.session();
    tv.open(served.start[0]["public"].as_str().unwrap());
    let phones: Vec<Session> = (0..3).map(|_| driver.session()).collect();
    for (k, page) in phones.iter().enumerate() {
        page.open(served.start[k + 1]["url"].as_str().unwrap());
    }
    let all: Vec<&Session> = std::iter::once(&tv).chain(phones.iter()).collect();
    // Setup: each claims a region; then the first question of round 1 names its phase.
    let mut steps = 0;
    loop {
        wait(
            &tv,
            "return document.getElementById('question').textContent.length > 0",
            "a question on the TV",
        );
        let q = text_of(&tv, "#question");
        if !q.starts_with("Setup: ") {
            break;
        }
        let k = asked_phone(&phones);
        let mine = text_of(&phones[k], "#question");
        assert_eq!(mine, "Setup: claim the region of your City-State");
        let v0 = version(&tv);
        phones[k].eval(
            "document.querySelector('#game button.move').click(); return true;",
            &[],
        );
        settle(&all, v0 + 1);
        steps += 1;
        assert!(steps < 10, "setup did not end");
    }
    let q = text_of(&tv, "#question");
    assert!(
        q.starts_with("Barbarian auction: ") || q.starts_with("Action phase: "),
        "{q}"
    );
    let k = asked_phone(&phones);
    let mine = text_of(&phones[k], "#question");
    assert!(
        mine.split(':').next() == q.split(':').next() && mine.contains("bid")
            || mine.contains("your turn"),
        "{mine}"
    );
    // The board in words and small tables, not the engine's notation.
    for page in [&tv, &phones[k]] {
        let shown = text_of(page, "#game");
        assert!(
            shown.contains("Merchants") && shown.contains("Coins"),
            "{shown}"
        );
        assert!(
            !shown.contains('@') && !shown.contains("M 1+0"),
            "engine notation: {shown}"
        );
        assert_eq!(
            page.eval(
                "return document.getElementById('board').offsetParent === null",
                &[]
            ),
            json!(true)
        );
    }
    check_phone(&phones[k], "Cities phone");
    shoot(&phones[k], &dir, "cities-phone-360.png");
    check_tv(&tv, "Cities TV");
    shoot(&tv, &dir, "cities-tv-1920.png");

    // Round two (issue 34): every answer is a labelled button under a heading saying what it
    // does — no typed box, no wall of plain move texts — and no page shows engine notation,
    // the history included; a few turns are played by tapping.
    let mut groups = std::collections::BTreeSet::new();
    for _ in 0..12 {
        let k = asked_phone(&phones);
        let page = &phones[k];
        let shown = page.eval(
            "const vis = (e) => e && e.offsetParent !== null;
             return {entry: vis(document.getElementById('entry')),
                     plain: document.querySelectorAll('#choices button').length,
                     groups: [...document.querySelectorAll('#game .move-group')]
                        .map(g => g.querySelector('h3, summary').textContent),
                     labels: [...document.querySelectorAll('#game button.move')].map(b => b.textContent),
                     sent: [...document.querySelectorAll('#game button.move')].map(b => b.dataset.move)};",
            &[],
        );
        assert_eq!(shown["entry"], json!(false), "no typed box: {shown}");
        assert_eq!(shown["plain"], json!(0), "{shown}");
        let labels = shown["labels"].as_array().unwrap();
        assert!(!labels.is_empty(), "{shown}");
        for (l, t) in labels.iter().zip(shown["sent"].as_array().unwrap()) {
            assert_ne!(l, t, "a button in words, not the move text {t}");
        }
        for g in shown["groups"].as_array().unwrap() {
            groups.insert(g.as_str().unwrap().to_string());
        }
        for p in &all {
            let body = p.eval("return document.body.innerText", &[]);
            let body = body.as_str().unwrap();
            let notation = body
                .as_bytes()
                .windows(3)
                .any(|w| w[0].is_ascii_digit() && w[1] == b'+' && w[2].is_ascii_digit());
            assert!(!body.contains('@') && !notation, "engine notation: {body}");
        }
        // The last button of the first group that is not "End your turn" or a bid (so the
        // game moves on rather than passing at once).
        let v0 = version(&tv);
        page.eval(
            "const gs = [...document.querySelectorAll('#game .move-group')];
             const g = gs.find(g => !/End your turn/.test(g.textContent)) || gs[0];
             if (g.tagName === 'DETAILS') g.open = true;
             const bs = g.querySelectorAll('button.move'); bs[bs.length - 1].click(); return true;",
            &[],
        );
        settle(&all, v0 + 1);
    }
    assert!(groups.len() >= 3, "{groups:?}");
}

/// The phone a Cities question is asked of now (it has move buttons).
fn asked_phone(phones: &[Session]) -> usize {
    let start = Instant::now();
    loop {
        if let Some(k) = phones
            .iter()
            .position(|p| !p.find_all("#game button.move").is_empty())
        {
            return k;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "no phone is asked"
        );
        std::thread::sleep(Duration::from_millis(30));
    }
}

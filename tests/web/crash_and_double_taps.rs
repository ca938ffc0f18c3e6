//! The table on phones, continued: a crash in the middle of a reveal, an old link after new ones,
//! and a double tap on every kind of question.

use super::*;

/// Issue 34 in a real browser, three phones and the host's page: the host chooses the first
/// pawn holder and pauses; a double tap shows no error; a sealed reveal is changed, then the
/// server is killed (-9) mid-reveal and resumed with `--resume --serve`: the same open pages
/// come back by themselves, without a reload, and finish the reveal. Then the host ends the
/// game early, a phone corrects its count, the host undoes one and confirms, and every page
/// shows the result, winner first.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue34_crash_mid_reveal_corrections_host_controls_and_the_result() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "issue34");
    let journal = dir.join("game.journal");
    let j = journal.to_str().unwrap().to_string();
    // No playtest record: the end is the end (the questions after it: tests/web_playtests.rs).
    let args = [&server::table_args(&j)[..], &["--no-playtest"]].concat();
    let mut served = Served::start(&args, 3);
    let host = driver.session();
    host.open(served.start[0]["table"].as_str().unwrap());
    let seats: Vec<Session> = (1..=3).map(|_| driver.session()).collect();
    for (k, page) in seats.iter().enumerate() {
        page.open(served.start[k + 1]["url"].as_str().unwrap());
    }
    wait(
        &host,
        "return document.getElementById('join').hidden",
        "everyone joined",
    );
    let all: Vec<&Session> = std::iter::once(&host).chain(seats.iter()).collect();
    settle(&all, 0);
    let step = |act: &dyn Fn()| {
        let v = version(&host);
        act();
        settle(&all, v + 1);
    };
    step(&|| host_control(&host, "Ben holds the pawn first"));
    // Paused: no phone is asked anything, each says so.
    step(&|| host_control(&host, "Pause"));
    for p in &seats {
        assert!(asked(p).is_none());
        wait(
            p,
            "return !document.getElementById('paused').hidden",
            "the pause banner",
        );
    }
    step(&|| host_control(&host, "Go on"));
    // The auction: a double tap on "pass" (two sends of the same answer to the same question)
    // shows no error; then the others pass.
    let k = seats.iter().position(|p| asked(p).is_some()).unwrap();
    step(&|| {
        seats[k].eval(
            "const b = [...document.querySelectorAll('#choices button')].find(b => b.textContent === 'pass');
             b.click(); busy = false; b.disabled = false; b.click(); return true;",
            &[],
        );
    });
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        seats[k].texts("#error").join(""),
        "",
        "a double tap shows no error"
    );
    let answer = |pick: &dyn Fn(&[String]) -> String| {
        let (k, choices) = seats
            .iter()
            .enumerate()
            .find_map(|(k, p)| asked(p).map(|(_, c)| (k, c)))
            .expect("a page is asked");
        let a = pick(&choices);
        step(&|| click(&seats[k], &a));
        assert_eq!(seats[k].texts("#error").join(""), "");
    };
    while host
        .texts("#question")
        .join("")
        .starts_with("Leader auction")
    {
        answer(&|_| "pass".into());
    }
    answer(&|c| c[0].clone());
    answer(&|_| "vizier".into());
    answer(&|_| "silk".into());
    // The reveal: Ana enters 2 and changes it to 3 (each with its "sure?"), Ben enters 1.
    step(&|| click_sure(&seats[0], "2"));
    assert!(seats[0]
        .texts("#question")
        .join("")
        .starts_with("You show 2 silk"));
    step(&|| click_sure(&seats[0], "3"));
    assert!(seats[0]
        .texts("#question")
        .join("")
        .starts_with("You show 3 silk"));
    step(&|| click_sure(&seats[1], "1"));
    // The crash, mid-reveal; the pages stay open (marked, to see they are not reloaded).
    for p in &all {
        p.eval("window.kept = true; return true;", &[]);
    }
    let before = version(&host);
    served.crash();
    for p in &all {
        wait(
            p,
            "return document.getElementById('link').textContent.startsWith('reconnecting')",
            "the page to notice",
        );
    }
    let resumed = Served::launch(
        &[
            "table",
            "silk-road",
            "--resume",
            &j,
            "--no-playtest",
            "--serve",
        ],
        3,
        std::process::Stdio::null(),
    );
    assert_eq!(resumed.start, served.start, "the same links");
    for p in &all {
        wait(
            p,
            "return document.getElementById('link').textContent === 'live' && window.kept === true",
            "the page to come back by itself",
        );
    }
    settle(&all, before + 1);
    assert!(seats[0]
        .texts("#question")
        .join("")
        .starts_with("You show 3 silk"));
    assert!(host
        .texts("#board")
        .join("")
        .contains("2 of 3 have entered"));
    step(&|| click_sure(&seats[2], "0"));
    let shown = history(&host);
    assert!(
        shown.contains("Ana shows 3 silk") && !shown.contains("Ana shows 2 silk"),
        "{shown}"
    );
    // The host ends the game early; each phone enters its count, Ana corrects hers.
    step(&|| host_control(&host, "End early: final count"));
    // Count boxes a finger can hit (issue 44: they were 41 px tall).
    let boxes = seats[0].eval(
        "return [...document.querySelectorAll('#numbers input')].map(i => i.getBoundingClientRect().height);",
        &[],
    );
    let boxes = boxes.as_array().unwrap();
    assert!(
        !boxes.is_empty() && boxes.iter().all(|h| h.as_f64().unwrap() >= 48.0),
        "count boxes: {boxes:?}"
    );
    let count = |page: &Session, nums: &[u32]| {
        let done = page.eval(
            "const f = document.querySelector('#numbers form');
             if (!f) return false;
             [...f.querySelectorAll('input')].forEach((i, k) => i.value = String(arguments[0][k]));
             f.requestSubmit(); return true;",
            &[json!(nums)],
        );
        assert_eq!(done, json!(true), "a count form");
    };
    step(&|| count(&seats[0], &[1, 0, 0, 0, 0, 0, 0]));
    step(&|| count(&seats[0], &[3, 2, 1, 0, 0, 0, 0]));
    assert!(history(&host).contains("Ana corrected: 3 gold 2 silver"));
    step(&|| count(&seats[1], &[0, 4, 0, 0, 0, 0, 0]));
    step(&|| count(&seats[2], &[1, 1, 0, 0, 0, 0, 0]));
    // The host takes Cleo's back; she enters it again; the host confirms.
    step(&|| host_control(&host, "Undo the last entry"));
    assert!(asked(&seats[2]).is_some(), "Cleo is asked again");
    step(&|| count(&seats[2], &[2, 0, 0, 0, 0, 0, 0]));
    step(&|| host_control(&host, "Confirm the result"));
    for p in &all {
        wait(
            p,
            "return !document.getElementById('result').hidden",
            "the result screen",
        );
        assert_eq!(p.texts("#headline").join(""), "Ana wins");
        let first = p.texts("#ranking tr:first-child td");
        assert_eq!(&first[..3], ["1.", "Ana", "20"], "{first:?}");
        assert_eq!(first[3], "money 17, goods 1, majorities 2");
        assert_eq!(p.find_all("#ranking tr").len(), 3);
    }
    assert_eq!(asked(&seats[0]), None, "nothing is asked after the end");
    // The host's page keeps no controls after the end (issue 44).
    wait(
        &host,
        "return document.getElementById('host').hidden",
        "the host's controls gone",
    );
}

/// Issue 34 (round two): a page left open when the links were renewed (the links file deleted,
/// the game resumed) says its link no longer works and what to do, instead of reconnecting
/// for ever.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue34_an_old_link_after_new_links_says_what_to_do() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "gone");
    let journal = dir.join("game.journal");
    let j = journal.to_str().unwrap();
    let mut first = Served::table_for_three(j);
    let page = driver.session();
    page.open(first.start[1]["url"].as_str().unwrap());
    wait(&page, "return version > 0", "the page to show the table");
    let addr = first.addr.clone();
    first.crash();
    std::fs::remove_file(dir.join("game.journal.links")).unwrap();
    let again = Served::launch(
        &[
            "table",
            "silk-road",
            "--resume",
            j,
            "--serve",
            "--bind",
            &addr,
        ],
        3,
        std::process::Stdio::null(),
    );
    assert_ne!(again.start[1]["url"], first.start[1]["url"], "new links");
    wait(
        &page,
        "return !document.getElementById('gone').hidden",
        "the page to say its link is gone",
    );
    let said = page.texts("#gone").join(" ");
    assert!(said.contains("Ask the host for your new link"), "{said}");
    assert!(page.texts("#link").join("").contains("no longer works"));
    assert_eq!(
        page.eval("return document.getElementById('turn').hidden", &[]),
        json!(true),
        "no question from a dead link"
    );
}

/// The script that taps like a finger at a point: pointer down and up there, then a click on
/// whatever is drawn there (issue 44).
const TAP_AT: &str = "window.tapAt = (x, y) => {
    const el = document.elementFromPoint(x, y);
    if (!el) return false;
    const o = {bubbles: true, cancelable: true, clientX: x, clientY: y, pointerType: 'touch', isPrimary: true};
    el.dispatchEvent(new PointerEvent('pointerdown', o));
    el.dispatchEvent(new PointerEvent('pointerup', o));
    el.click();
    return true;
  };";

/// A double tap on the first button matching `css` (with text `label`, if given), as a finger
/// makes one: the second press at the same spot as soon as the page has shown a new snapshot
/// (or 300 ms on), well within the 500 ms a double tap takes. Returns whether the second press
/// landed on a redrawn page (the case the fix is for).
fn double_tap(page: &Session, css: &str, label: Option<&str>) -> bool {
    let first = page.eval(
        &format!(
            "{TAP_AT}
             const b = [...document.querySelectorAll(arguments[0])]
                .find(b => arguments[1] === null || b.textContent === arguments[1]);
             if (!b || b.disabled) return false;
             b.scrollIntoView({{block: 'center'}});
             const r = b.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             window.firstTap = {{x, y, at: performance.now(), version}};
             return tapAt(x, y);"
        ),
        &[json!(css), json!(label)],
    );
    assert_eq!(first, json!(true), "no button {css} {label:?} to tap");
    let start = std::time::Instant::now();
    while page.eval(
        "return version !== window.firstTap.version || performance.now() - window.firstTap.at > 300",
        &[],
    ) != json!(true)
    {
        assert!(start.elapsed() < Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(5));
    }
    // A machine too busy to press again within a double tap's time makes no double tap: the
    // second press is left out (the caller counts how many landed).
    let second = page.eval(
        "const t = window.firstTap;
         const moved = version !== t.version, late = performance.now() - t.at;
         if (late > 450) return {moved: false, late};
         tapAt(t.x, t.y);
         return {moved, late};",
        &[],
    );
    second["moved"] == json!(true)
}

/// What the table has taken: journal lines after the header, plus reveals entered and kept
/// sealed.
fn entries(journal: &std::path::Path) -> usize {
    let lines = std::fs::read_to_string(journal).unwrap().lines().count() - 1;
    let mut sealed = journal.as_os_str().to_owned();
    sealed.push(".sealed");
    let pending = std::fs::read_to_string(sealed)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|v| v.as_object().map(|o| o.len()))
        .unwrap_or(0);
    lines + pending
}

/// Issue 44: a double tap landed on the next question when the same player was asked again at
/// once (13 of 24 double taps made an entry never meant: passing the pawn, moving the caravan,
/// bidding 1, taking the Grand Vizier). Every answer of a Silk Road table here — bids and
/// passes, the holder's choice, the caravan's move, the market's actions and the good called,
/// sealed reveals and their "sure?", the take-back, the final count — is given by a double
/// tap; each makes exactly one entry.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue44_a_double_tap_makes_one_entry_on_every_kind_of_question() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "double-tap");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    let host = driver.session();
    host.open(served.start[0]["table"].as_str().unwrap());
    let seats: Vec<Session> = (1..=3).map(|_| driver.session()).collect();
    for (k, page) in seats.iter().enumerate() {
        page.with(async |c| c.set_window_size(360, 740).await)
            .unwrap();
        page.open(served.start[k + 1]["url"].as_str().unwrap());
    }
    let all: Vec<&Session> = std::iter::once(&host).chain(seats.iter()).collect();
    wait(
        &host,
        "return document.getElementById('join').hidden",
        "everyone joined",
    );
    settle(&all, 0);
    let v = version(&host);
    host_control(&host, "Ana holds the pawn first");
    settle(&all, v + 1);

    // One double tap on page `k`: exactly one entry, no refusal shown; the pages catch up.
    let mut kinds = std::collections::BTreeSet::new();
    let mut landed = 0;
    let mut taps = 0;
    let mut tap = |k: usize, css: &str, label: Option<&str>, kind: &str, entry: bool| {
        let before = entries(&journal);
        let v = version(&host);
        landed += double_tap(&seats[k], css, label) as usize;
        taps += 1;
        if entry {
            settle(&all, v + 1);
        }
        // Time for a second entry to arrive, were one sent.
        std::thread::sleep(Duration::from_millis(300));
        settle(&all, v);
        assert_eq!(
            entries(&journal) - before,
            entry as usize,
            "{kind}: a double tap on page {} made {} entries",
            k + 1,
            entries(&journal) - before
        );
        assert_eq!(seats[k].texts("#error").join(""), "", "{kind}");
        kinds.insert(kind.to_string());
    };
    let asked_page = || {
        seats
            .iter()
            .enumerate()
            .find_map(|(k, p)| asked(p).map(|(q, c)| (k, q, c)))
            .expect("a page is asked")
    };
    // The auction: the first bids 2, the rest pass; the holder sells or keeps.
    let mut bid = false;
    loop {
        let (k, q, c) = asked_page();
        if q.starts_with("Leader auction") {
            let a = if !bid && c.iter().any(|x| x == "2") {
                "2"
            } else {
                "pass"
            };
            bid |= a == "2";
            tap(k, "#choices button", Some(a), "auction", true);
        } else if c.iter().any(|x| x == "sell") {
            tap(k, "#choices button", Some("sell"), "holder", true);
        } else {
            break;
        }
    }
    // The caravan, then the market: the Grand Vizier taken, silk called (the same player,
    // asked again at once), the reveals each with its "sure?".
    let (k, _, c) = asked_page();
    tap(k, "#choices button", Some(&c[0]), "caravan", true);
    let (k, _, c) = asked_page();
    assert!(c.iter().any(|x| x == "vizier"), "{c:?}");
    tap(k, "#choices button", Some("vizier"), "take", true);
    let (caller, _, _) = asked_page();
    assert_eq!(caller, k, "the taker calls the good");
    tap(k, "#choices button", Some("silk"), "call", true);
    for (k, page) in seats.iter().enumerate() {
        // The number opens its "sure?" (no entry); a double tap on "Yes" enters it once.
        tap(k, "#choices button", Some("0"), "reveal", false);
        assert_eq!(
            page.eval("return !document.getElementById('confirm').hidden", &[]),
            json!(true),
            "the sure? is shown"
        );
        tap(k, "#sure-yes", None, "reveal sure", true);
    }
    // The rest of the market, whatever is asked (a pass where there is one), until the next
    // round's auction; a take-back on the way.
    let mut took_back = false;
    for _ in 0..20 {
        let (k, q, c) = asked_page();
        if q.starts_with("Leader auction") {
            break;
        }
        let a = c.iter().find(|x| *x == "pass").unwrap_or(&c[0]).clone();
        tap(k, "#choices button.choice", Some(&a), "market", true);
        // The take-back is among the further actions, under the answers (#actions).
        if !took_back {
            let has = seats[k].eval(
                "return [...document.querySelectorAll('#actions button.action')]
                    .some(b => b.textContent === 'Take back my last entry')",
                &[],
            );
            if has == json!(true) {
                tap(
                    k,
                    "#actions button.action",
                    Some("Take back my last entry"),
                    "take back",
                    false,
                );
                tap(k, "#sure-yes", None, "take back sure", true);
                took_back = true;
            }
        }
    }
    assert!(took_back, "a take-back was offered");
    // The final count: each phone's form sent by a double tap on its button.
    let v = version(&host);
    host_control(&host, "End early: final count");
    settle(&all, v + 1);
    for (k, page) in seats.iter().enumerate() {
        page.eval(
            "[...document.querySelectorAll('#numbers input')].forEach((i, n) => i.value = String(n === 0 ? 1 : 0));
             return true;",
            &[],
        );
        tap(k, "#numbers button[type=submit]", None, "count", true);
    }
    assert!(
        [
            "auction",
            "caravan",
            "take",
            "call",
            "reveal sure",
            "market",
            "take back sure",
            "count"
        ]
        .iter()
        .all(|k| kinds.contains(*k)),
        "{kinds:?}"
    );
    // Most second presses landed on a question drawn after the first (the case the fix is
    // for), not on a button still waiting.
    assert!(
        landed * 2 > taps,
        "{landed} of {taps} second taps landed on a new question"
    );
}

//! A playtest evening in a real browser (issue 47): four people play a short Cities game (first
//! to 1 VP) on their own phones with the TV page open; the server is killed (`kill -9`) in the
//! middle and resumed with the same links, the record kept to the last move; after the result
//! each phone answers the playtest questions in private (one corrects an answer with Back, one
//! double-taps, one types a comment); no other page shows an answer; the book reads the game
//! and every answer back.
//!
//! Needs Chromium and chromedriver (Debian: chromium, chromium-driver); without them it skips
//! with a message, except in CI, where it fails.

use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

#[path = "common/browser.rs"]
mod browser;
#[allow(dead_code)] // not every test uses every helper
mod common;
#[path = "common/pages.rs"]
mod pages;
#[path = "common/server.rs"]
mod server;
use browser::{Driver, Session};
use pages::{settle, version, wait};
use server::Served;

const NAMES: [&str; 4] = ["Ann", "Bo", "Cy", "Di"];

/// The phone asked a game move now (it shows move buttons on the drawn board), if any.
fn asked_to_move(phones: &[Session]) -> Option<usize> {
    phones
        .iter()
        .position(|p| !p.find_all("#game button.move").is_empty())
}

/// Whether the pages show the result.
fn over(tv: &Session) -> bool {
    tv.eval("return !document.getElementById('result').hidden", &[]) == json!(true)
}

/// One move on the phone asked, as a person taps it: the `pick`-th (modulo) of the buttons
/// that do not end the turn (or the turn's end if there is nothing else). Returns its text.
fn tap_a_move(page: &Session, pick: u64) -> String {
    let sent = page.eval(
        "const all = [...document.querySelectorAll('#game button.move')];
         const some = all.filter(b => !/End your turn/.test(b.textContent));
         const bs = some.length ? some : all;
         const b = bs[arguments[0] % bs.length];
         const m = b.dataset.move; b.scrollIntoView({block: 'center'}); b.click(); return m;",
        &[json!(pick)],
    );
    sent.as_str().expect("a move was tapped").to_string()
}

/// Plays on until the result shows or `moves` more moves were made; returns the moves made.
fn play(phones: &[Session], tv: &Session, moves: usize, rng: &mut u64) -> usize {
    let all: Vec<&Session> = std::iter::once(tv).chain(phones.iter()).collect();
    let start = Instant::now();
    let mut made = 0;
    while made < moves && !over(tv) {
        let Some(k) = asked_to_move(phones) else {
            assert!(
                start.elapsed() < Duration::from_secs(120),
                "no phone is asked and no result"
            );
            std::thread::sleep(Duration::from_millis(30));
            continue;
        };
        *rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let v0 = version(tv);
        tap_a_move(&phones[k], *rng >> 33);
        settle(&all, v0 + 1);
        made += 1;
    }
    made
}

/// The question a phone asks now.
fn question(page: &Session) -> String {
    page.texts("#question").join("")
}

/// Taps the plain answer button labelled `label` and waits for the next question.
fn answer(page: &Session, label: &str) {
    let before = question(page);
    let tapped = page.eval(
        "const b = [...document.querySelectorAll('#choices button, #actions button')]
            .find(b => b.textContent === arguments[0] && b.offsetParent !== null);
         if (!b) return false; b.click(); return true;",
        &[json!(label)],
    );
    assert_eq!(tapped, json!(true), "no button {label:?} under {before:?}");
    wait_for_change(page, &before);
}

fn wait_for_change(page: &Session, before: &str) {
    let start = Instant::now();
    while question(page) == before {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the question stayed {before:?}"
        );
        std::thread::sleep(Duration::from_millis(30));
    }
}

fn read(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue47_four_people_play_cities_on_phones_then_answer_the_questions_in_private() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web_playtests", "evening");
    let save = dir.join("evening.json");
    let save = save.to_str().unwrap();
    let record_path = dir.join("playtests").join("evening.json");
    let bots = "human,human,human,human";
    let served = Served::start(
        &[
            "play",
            "cities",
            "--bots",
            bots,
            "--set",
            "target_vp=1",
            "--seed",
            "1",
            "--names",
            &NAMES.join(","),
            "--place",
            "the web test",
            "--save",
            save,
        ],
        4,
    );
    let tv = driver.session();
    tv.open(served.start[0]["public"].as_str().unwrap());
    let host = driver.session();
    host.open(served.start[0]["table"].as_str().unwrap());
    let phones: Vec<Session> = (0..4).map(|_| driver.session()).collect();
    for (k, page) in phones.iter().enumerate() {
        page.open(served.start[k + 1]["url"].as_str().unwrap());
    }
    let mut rng = 7u64;

    // A few moves, then the server is killed: the record holds every move made.
    let made = play(&phones, &tv, 3, &mut rng);
    assert_eq!(made, 3, "the game ended before the crash");
    let mut served = served;
    served.crash();
    let kept = read(&record_path);
    assert_eq!(
        kept["moves"].as_array().unwrap().len(),
        made,
        "every move tapped"
    );
    assert!(kept["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["ms"].is_u64()));
    // Resumed with the same links: the open pages come back by themselves.
    let resumed = Served::launch(
        &[
            "play", "cities", "--resume", save, "--bots", bots, "--serve",
        ],
        4,
        std::process::Stdio::null(),
    );
    assert_eq!(resumed.start, served.start, "the same links");
    let all: Vec<&Session> = [&tv, &host].into_iter().chain(phones.iter()).collect();
    for p in &all {
        wait(
            p,
            "return document.getElementById('link').textContent === 'live'",
            "the page to come back by itself",
        );
    }
    phones[0]
        .with(async |c| c.set_window_size(360, 800).await)
        .unwrap();
    play(&phones, &tv, 400, &mut rng);
    assert!(over(&tv), "the game reached its result");
    let moves = read(&record_path)["moves"].as_array().unwrap().len();

    // Every phone is asked the questions, as plain buttons under the result.
    for p in &phones {
        wait(
            p,
            "return document.getElementById('question').textContent.includes('enjoy')",
            "the first playtest question",
        );
        assert_eq!(
            p.eval("return !document.getElementById('result').hidden", &[]),
            json!(true),
            "the result stays in view"
        );
    }
    // On a phone's screen the question and its first answer are in view, not below the board.
    let phone = &phones[0];
    let in_view = phone.eval(
        "const v = (e) => { const r = e.getBoundingClientRect();
                            return r.top >= 0 && r.bottom <= window.innerHeight; };
         return v(document.getElementById('question'))
             && v(document.querySelector('#choices button'));",
        &[],
    );
    assert_eq!(in_view, json!(true), "the question is in view");
    let png = phone.with(async |c| c.screenshot().await).unwrap();
    std::fs::write(dir.join("feedback-phone-360.png"), &png).unwrap();
    if let Some(shots) = std::env::var_os("SILK_SHOTS") {
        let _ = std::fs::create_dir_all(&shots);
        let _ = std::fs::write(Path::new(&shots).join("feedback-phone-360.png"), &png);
    }
    // The people are called by their names (`--names`).
    assert!(phone.texts("#who").join("").starts_with("Ann"));
    let said = tv.texts("#status").join("");
    assert!(
        said.contains("playtest questions: 0 of 4 finished"),
        "{said}"
    );

    let comments = ["more maps please", "", "the barbarians were fun", ""];
    for (k, p) in phones.iter().enumerate() {
        let enjoyed = ["4 — a lot", "2 — a little", "5 — very much", "3 — somewhat"][k];
        if k == 1 {
            // A double tap on the first answer answers one question, not two.
            let before = question(p);
            p.eval(
                "const b = [...document.querySelectorAll('#choices button')]
                    .find(b => b.textContent === arguments[0]);
                 b.click(); b.click(); return true;",
                &[json!(enjoyed)],
            );
            wait_for_change(p, &before);
            std::thread::sleep(Duration::from_millis(300));
            assert!(
                question(p).starts_with("Question 2 of 6"),
                "{}",
                question(p)
            );
        } else {
            answer(p, enjoyed);
        }
        if k == 0 {
            // A slip corrected where it happened: Too short, Back, About right.
            answer(p, "Too short");
            answer(p, "Back to the question before");
            assert!(question(p).starts_with("Question 2 of 6"));
        }
        answer(
            p,
            [
                "About right",
                "Too long",
                "About right",
                "Skip this question",
            ][k],
        );
        answer(p, "Round 1");
        answer(p, "Skip this question");
        if k == 2 {
            answer(p, "Map");
            answer(p, "That is all");
        } else {
            answer(p, "None was unclear");
        }
        if comments[k].is_empty() {
            answer(p, "Nothing to add");
        } else {
            let before = question(p);
            p.eval(
                "document.getElementById('text').value = arguments[0];
                 document.querySelector('#entry button[type=submit], #entry button').click();
                 return true;",
                &[json!(comments[k])],
            );
            wait_for_change(p, &before);
        }
        // Done: thanked, and no other page shows what was answered.
        wait(
            p,
            "return document.getElementById('status').textContent.startsWith('Thank you')",
            "the thanks",
        );
        if !comments[k].is_empty() {
            for (j, other) in all.iter().enumerate() {
                if j == k + 2 {
                    continue;
                }
                let body = other.eval("return document.body.innerText", &[]);
                assert!(
                    !body.as_str().unwrap_or("").contains(comments[k]),
                    "page {j} shows {:?}",
                    comments[k]
                );
            }
        }
    }
    // All answered: the game is over and the server stops by itself.
    let mut resumed = resumed;
    let start = Instant::now();
    let status = loop {
        if let Some(s) = resumed.child.try_wait().unwrap() {
            break s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the server did not stop"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success());

    // The book reads the evening back: one decided game, its times, everyone's answers.
    let record = read(&record_path);
    assert_eq!(record["moves"].as_array().unwrap().len(), moves);
    let playtest = &record["playtest"];
    assert_eq!(playtest["place"], "the web test");
    let feedback = playtest["feedback"].as_array().unwrap();
    assert_eq!(feedback.len(), 4, "{feedback:?}");
    for f in feedback {
        assert!(f.get("at_question").is_none(), "everyone finished: {f}");
    }
    let of = |seat: u64| feedback.iter().find(|f| f["seat"] == seat).unwrap();
    assert_eq!(of(0)["enjoyment"], 4);
    assert_eq!(of(0)["length"], "about right", "the corrected answer");
    assert_eq!(of(1)["enjoyment"], 2);
    assert_eq!(
        of(1)["length"],
        "too long",
        "the double tap answered one question"
    );
    assert_eq!(of(2)["unclear"], json!(["Map"]));
    assert_eq!(of(2)["comment"], "the barbarians were fun");
    assert!(of(3).get("length").is_none());
    let book = common::json_doc(&["playtests", dir.join("playtests").to_str().unwrap()]);
    let text = book.to_string();
    assert!(text.contains("more maps please"), "{text}");
    assert_eq!(book["feedback"]["answers"], 4, "{}", book["feedback"]);
    for p in phones.into_iter().chain([tv, host]) {
        p.close();
    }
}

//! Splendor and Cities in the browser, continued: the TV page on one screen, the question in
//! view on a phone, and refusals and host messages that go when the game moves on.

use super::*;

/// Sizes the window so that the page itself (the viewport) is `width`×`height`, as on a
/// screen without a browser's bars.
fn screen(page: &Session, width: u32, height: u32) {
    page.with(async |c| c.set_window_size(width, height).await)
        .unwrap();
    std::thread::sleep(Duration::from_millis(150));
    let inner = page
        .eval("return window.innerHeight", &[])
        .as_u64()
        .unwrap() as u32;
    page.with(async |c| c.set_window_size(width, 2 * height - inner).await)
        .unwrap();
    wait(
        page,
        &format!("return window.innerHeight === {height}"),
        "the viewport's height",
    );
}

/// Issue 44: the Splendor TV page fits one 1920×1080 screen — every level's cards and every
/// player in view, no scrolling — for 2 to 4 players with each module, all game long (reserved
/// cards and strongholds included).
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue44_splendor_tv_fits_one_screen() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "splendor-tv");
    let tv = driver.session();
    for (players, modules, edition) in [
        (2, "", "2017"),
        (3, "orient", "2017"),
        (4, "orient", "2017"),
        (4, "cities", "2017"),
        (4, "trading-posts", "2017"),
        (4, "strongholds", "2017"),
        (4, "cities,trading-posts", "2024"),
    ] {
        let humans = vec!["human"; players].join(",");
        let mut args = vec!["play", "splendor", "--bots", &humans, "--seed", "7"];
        args.extend(["--edition", edition]);
        if !modules.is_empty() {
            args.extend(["--modules", modules]);
        }
        let served = Served::start(&args, players);
        tv.open(served.start[0]["public"].as_str().unwrap());
        screen(&tv, 1920, 1080);
        let what = format!("{players} players, modules {modules:?}");
        let mut tallest = (0, 0);
        server::play_splendor_by_http(&served, 6, |step| {
            board_drawn(&tv);
            // The page shows the latest snapshot before it is measured.
            std::thread::sleep(Duration::from_millis(60));
            let m = tv.eval(
                "const d = document.documentElement;
                 const g = document.getElementById('game');
                 const low = Math.max(...[...g.querySelectorAll('.card, .seat, .tile')]
                    .map(e => e.getBoundingClientRect().bottom));
                 return {height: d.scrollHeight, inner: window.innerHeight, low,
                         wide: d.scrollWidth > d.clientWidth};",
                &[],
            );
            let h = m["height"].as_u64().unwrap();
            if h > tallest.0 {
                tallest = (h, step);
                let name = format!("splendor-tv-{players}-{}.png", modules.replace(',', "+"));
                shoot(&tv, &dir, &name);
            }
            assert!(
                h <= m["inner"].as_u64().unwrap() && m["low"].as_f64().unwrap() <= 1080.0,
                "{what}, decision {step}: taller than the screen: {m}"
            );
            assert_eq!(m["wide"], json!(false), "{what}: {m}");
            if step == 0 {
                // A city's prestige is what it needs, said so; a post that needs a noble in
                // a game without nobles says it is out of reach (issue 44).
                let tiles = tv.eval(
                    "return {cities: [...document.querySelectorAll('#game .tile.city .tile-points')].map(e => e.textContent),
                             posts: [...document.querySelectorAll('#game .tile.post')].map(e => e.textContent)};",
                    &[],
                );
                for c in tiles["cities"].as_array().unwrap() {
                    let c = c.as_str().unwrap();
                    assert!(c.contains(": needs ") && c.ends_with(" prestige"), "{c}");
                }
                if modules == "cities,trading-posts" {
                    let posts = tiles["posts"].to_string();
                    assert!(posts.contains("none in this game"), "{posts}");
                    assert!(!posts.contains("+ 1 noble"), "{posts}");
                }
            }
        });
        check_tv(&tv, &what);
        eprintln!("{what}: tallest {} px at decision {}", tallest.0, tallest.1);
    }
}

/// Where the question and the move buttons of the page asked stand in its viewport.
fn asked_in_view(page: &Session) -> Value {
    page.eval(
        "const q = document.getElementById('question').getBoundingClientRect();
         const below = document.getElementById('turn').classList.contains('pinned')
            ? document.getElementById('turn').getBoundingClientRect().bottom : 0;
         const moves = [...document.querySelectorAll('#game [data-move], #game button.pick, #game button.move-pick')]
            .filter(e => e.offsetParent !== null);
         const shown = moves.filter(e => { const r = e.getBoundingClientRect();
            return r.top >= below - 1 && r.bottom <= innerHeight + 1; });
         const labels = [...document.querySelectorAll('#game button')].filter(e => e.offsetParent !== null)
            .map(b => b.getAttribute('aria-label') || b.textContent);
         return {top: q.top, bottom: q.bottom, height: innerHeight, moves: moves.length,
                 shown: shown.length, labels, question: document.getElementById('question').textContent,
                 loose: document.querySelectorAll('#game .loose button').length,
                 on_cards: document.querySelectorAll('#game .card button.on-card').length,
                 scrolled: scrollY};",
        &[],
    )
}

/// Issue 44: on a phone the question of the seat asked and some of its buttons are in view
/// wherever the player had scrolled to tap (a level-1 card at the bottom, then a return, a
/// noble or a stronghold asked at once); the Strongholds step's moves are on the cards, each
/// button's label different from every other's.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue44_phone_question_in_view_and_strongholds_on_the_cards() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let dir = common::temp_dir("web", "strongholds");
    let served = two_people_and_greedy(&["--modules", "strongholds"]);
    let phones = two_phones(&driver, &served);
    let all: Vec<&Session> = phones.iter().collect();
    let (mut asked_count, mut strongholds, mut moved, mut scrolled) = (0, 0, 0, 0);
    for step in 0..300 {
        let over = served.snapshot("/events")["result"].is_object();
        if over {
            break;
        }
        let Some(k) = phones
            .iter()
            .position(|p| !p.find_all("#game [data-move]").is_empty())
        else {
            std::thread::sleep(Duration::from_millis(30));
            continue;
        };
        let page = &phones[k];
        let v = asked_in_view(page);
        let what = format!("P{} at step {step}: {v}", k + 1);
        asked_count += 1;
        scrolled += (v["scrolled"].as_f64().unwrap() > 0.0) as usize;
        assert!(
            v["top"].as_f64().unwrap() >= 0.0
                && v["bottom"].as_f64().unwrap() <= v["height"].as_f64().unwrap(),
            "the question off screen: {what}"
        );
        assert!(v["shown"].as_u64().unwrap() > 0, "no move in view: {what}");
        let v0 = version(page);
        if v["question"].as_str().unwrap().starts_with("Strongholds") {
            strongholds += 1;
            assert_eq!(v["loose"], json!(0), "a wall of buttons: {what}");
            assert!(v["on_cards"].as_u64().unwrap() > 0, "{what}");
            let labels = v["labels"].as_array().unwrap();
            let distinct: std::collections::BTreeSet<&str> =
                labels.iter().map(|l| l.as_str().unwrap()).collect();
            assert_eq!(distinct.len(), labels.len(), "two buttons alike: {what}");
            if strongholds == 1 {
                shoot_screen(page, &dir, "strongholds-phone-screen-360.png");
                check_phone(page, "Strongholds on a phone");
                shoot(page, &dir, "strongholds-phone-360.png");
            }
            // Now and then a stronghold is moved: picked up on its card, put on another.
            let picked = page.eval(
                "const b = document.querySelector('#game button.move-pick');
                 if (!b) return false; b.scrollIntoView({block: 'center'}); b.click(); return true;",
                &[],
            );
            if picked == json!(true) && strongholds % 2 == 0 {
                let there = page.eval(
                    "const b = [...document.querySelectorAll('#game button.move-move')].pop();
                     if (!b) return null; b.scrollIntoView({block: 'center'}); b.click(); return b.dataset.move;",
                    &[],
                );
                assert!(there.is_string(), "nowhere to move it: {what}");
                moved += 1;
            } else {
                if picked == json!(true) {
                    // Put back: the card's button says so.
                    page.eval(
                        "document.querySelector('#game button.move-pick').click(); return true;",
                        &[],
                    );
                }
                tap_a_move(page);
            }
        } else {
            tap_a_move(page);
        }
        settle(&all, v0 + 1);
        let error = text_of(page, "#error");
        assert!(error.is_empty(), "{what}: {error}");
    }
    eprintln!("{asked_count} questions, {strongholds} stronghold steps, {moved} moved, {scrolled} seen scrolled");
    assert!(strongholds >= 3, "{strongholds} stronghold steps");
    assert!(scrolled > 0, "the player never had to scroll");
}

/// Issue 44: a refusal shown on a phone ("Not accepted: …") goes once the game moves on; it
/// stayed, red, while the server kept the seat's last refusal.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue44_a_refusal_goes_when_the_game_moves_on() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let served = splendor_for_two();
    let phones: Vec<Session> = (0..2).map(|_| driver.session()).collect();
    for (k, page) in phones.iter().enumerate() {
        page.open(served.start[k + 1]["url"].as_str().unwrap());
        board_drawn(page);
    }
    let asked = asked_splendor_seat(&served);
    let idle = &phones[2 - asked];
    // The seat not asked taps anyway: refused, and said so.
    idle.eval("send('pass'); return true;", &[]);
    wait(
        idle,
        "return document.getElementById('error').textContent.startsWith('Not accepted')",
        "the refusal shown",
    );
    let v0 = version(idle);
    play_first_move(&served, asked);
    wait(idle, &format!("return version > {v0}"), "the next snapshot");
    assert_eq!(text_of(idle, "#error"), "", "the refusal stayed");
}

/// A Splendor game between two people.
fn splendor_for_two() -> Served {
    Served::start(
        &["play", "splendor", "--bots", "human,human", "--seed", "3"],
        2,
    )
}

/// Seat `asked` plays the first move its page offers.
fn play_first_move(served: &Served, asked: usize) {
    let s = served.snapshot(&format!("{}/events", served.seat_path(asked)));
    let first = s["game"]["moves"][0]["text"].as_str().unwrap().to_string();
    assert_eq!(served.act(asked, &first)["ok"], json!(true));
}

/// The seat (from 1) a Splendor game asks now.
fn asked_splendor_seat(served: &Served) -> usize {
    (1..=served.seats())
        .find(|&k| {
            let s = served.snapshot(&format!("{}/events", served.seat_path(k)));
            s["game"]["moves"].as_array().is_some_and(|m| !m.is_empty())
        })
        .expect("a seat is asked")
}

/// Issue 44: the answer to a host's control ("the game goes on") stays while it is news, and
/// goes once the game moves on; it stayed all game.
#[test]
#[cfg_attr(
    silk_no_browser,
    ignore = "needs Chromium and chromedriver: apt-get install chromium chromium-driver"
)]
fn issue44_host_message_goes_when_the_game_moves_on() {
    let Some(driver) = Driver::start_or_skip() else {
        return;
    };
    let served = splendor_for_two();
    let host = driver.session();
    host.open(served.start[0]["table"].as_str().unwrap());
    wait(
        &host,
        "return !document.getElementById('host').hidden",
        "the host's controls",
    );
    for label in ["Pause", "Go on"] {
        wait(
            &host,
            &format!(
                "return [...document.querySelectorAll('#controls button')]
                    .some(b => b.textContent === '{label}' && !b.disabled)"
            ),
            label,
        );
        host.eval(
            "[...document.querySelectorAll('#controls button')]
                .find(b => b.textContent === arguments[0]).click(); return true;",
            &[json!(label)],
        );
    }
    wait(
        &host,
        "return document.getElementById('host-said').textContent === 'the game goes on'",
        "the control's answer",
    );
    std::thread::sleep(Duration::from_millis(3300));
    let v0 = version(&host);
    let asked = asked_splendor_seat(&served);
    play_first_move(&served, asked);
    wait(
        &host,
        &format!("return version > {v0}"),
        "the next snapshot",
    );
    assert_eq!(
        text_of(&host, "#host-said"),
        "",
        "the host's message stayed"
    );
}

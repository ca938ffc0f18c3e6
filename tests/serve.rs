//! The web server at the HTTP level: every payload each seat receives over a whole game is
//! that seat's own view and nothing more; sealed reveals stay secret until all are in; hostile
//! requests get an error and never take the server down.

use serde_json::{json, Value};
use silk_core::{Game, Seat};
use silk_road::{SilkRoad, SilkRoadConfig};
use std::collections::BTreeSet;

#[allow(dead_code)] // not every test uses every helper
mod common;
#[path = "common/server.rs"]
mod server;
use server::Served;

/// The only fields a seat's snapshot may have.
const SEAT_FIELDS: &[&str] = &[
    "board",
    "view",
    "history",
    "question",
    "choices",
    "input",
    "sealed",
    "status",
    "error",
    "title",
    "seat",
    "name",
    "version",
    "ask",
    "paused",
    "result",
    "confirm",
    "form",
    "placeholder",
    "actions",
    "game",
];
const PUBLIC_FIELDS: &[&str] = &[
    "status", "history", "title", "version", "board", "question", "paused", "result", "game",
];

/// The board a game's pages draw for a viewer (`None`: the public), as the engine builds it:
/// `Value::Null` for a game without one.
type PageOf<G> = fn(&<G as Game>::State, Option<Seat>) -> Value;

fn no_page<G: Game>(_: &G::State, _: Option<Seat>) -> Value {
    Value::Null
}

fn fields(v: &Value) -> BTreeSet<String> {
    v.as_object().unwrap().keys().cloned().collect()
}

/// Follows a game served to people only (`silk play GAME --players N --seed S --serve`): after
/// every decision each seat's snapshot must carry exactly the engine's view for that seat (and
/// its text) and, when it is to move, exactly its legal actions; the public page must never
/// name a sealed choice. The test plays random legal moves through the pages and follows the
/// game on its own copy of the engine. Returns the decisions played and how many were sealed.
fn follow<G: Game>(
    args: &[&str],
    state: &mut G::State,
    seats: usize,
    cap: u32,
    page: PageOf<G>,
) -> (u32, u32)
where
    G::State: Clone,
{
    let served = Served::start(args, seats);
    assert_eq!(served.seats(), seats);
    let mut legal = Vec::new();
    let mut pick = 12345u64;
    let (mut decisions, mut sealed) = (0, 0);
    while decisions < cap {
        let public = served.snapshot("/events");
        assert!(
            fields(&public)
                .iter()
                .all(|f| PUBLIC_FIELDS.contains(&f.as_str())),
            "{public}"
        );
        // The public board is the engine's public page, nothing more (issue 34).
        assert_eq!(public["game"], page(state, None), "the public board");
        // The result screen appears with the end of the game, not before.
        assert_eq!(
            public["result"].is_null(),
            G::outcome(state).is_none(),
            "{}",
            public["result"]
        );
        let mut mover = None;
        for k in 1..=seats {
            let seat = Seat(k as u8 - 1);
            let snap = served.snapshot(&format!("{}/events", served.seat_path(k)));
            assert!(
                fields(&snap)
                    .iter()
                    .all(|f| SEAT_FIELDS.contains(&f.as_str())),
                "seat {k}: {snap}"
            );
            assert_eq!(
                snap["view"],
                serde_json::to_value(G::view(state, seat)).unwrap(),
                "seat {k}'s view after {decisions} decisions"
            );
            // The board its page draws is the engine's page for that seat (which
            // `issue34_page_depends_only_on_what_the_viewer_knows` proves leak-free).
            assert_eq!(snap["game"], page(state, Some(seat)), "seat {k}'s board");
            // A drawn board replaces the text board and its engine notation (issue 34).
            if !snap["game"].is_null() {
                assert!(snap["board"].is_null(), "seat {k}: {}", snap["board"]);
            }
            assert_eq!(snap["result"], public["result"], "the result is public");
            assert!(snap["ask"].is_u64(), "each question has its number");
            if snap["input"] == json!(true) {
                G::legal_actions(state, seat, &mut legal);
                let texts: Vec<String> = legal
                    .iter()
                    .map(|a| G::action_to_string(state, *a))
                    .collect();
                if !snap["choices"].as_array().unwrap().is_empty() {
                    assert_eq!(snap["choices"], json!(texts), "seat {k}'s choices");
                }
                // A board that draws the moves offers every legal one (issue 34).
                if let Some(moves) = snap["game"]["moves"].as_array() {
                    let sent: Vec<&str> = moves.iter().filter_map(|m| m["text"].as_str()).collect();
                    assert_eq!(sent, texts, "seat {k}'s moves on its board");
                    assert_eq!(snap["choices"], json!([]), "no plain buttons besides");
                }
                mover.get_or_insert((seat, texts));
            } else {
                assert_eq!(snap["choices"], json!([]));
            }
        }
        let Some((seat, texts)) = mover else {
            assert!(
                G::outcome(state).is_some(),
                "nobody is asked but the game goes on"
            );
            break;
        };
        pick = pick
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let i = (pick >> 33) as usize % texts.len();
        let secret = matches!(G::to_move(state), silk_core::ToMove::Simultaneous(_));
        let answer = served.act(seat.index() + 1, &texts[i]);
        assert_eq!(answer["ok"], json!(true), "{} {}: {answer}", seat, texts[i]);
        let action = G::parse_action(state, seat, &texts[i]).unwrap();
        G::apply(state, seat, action).unwrap();
        decisions += 1;
        if secret {
            sealed += 1;
            let history = served.snapshot("/events")["history"].to_string();
            assert!(
                !history.contains(&format!("{seat}: {}", texts[i])),
                "the public page shows {seat}'s sealed {:?}",
                texts[i]
            );
        }
    }
    (decisions, sealed)
}

/// A whole Silk Road game of three people, each on their own page.
#[test]
fn every_payload_a_seat_receives_is_its_own_view() {
    let mut state = SilkRoad::setup(&SilkRoadConfig::new(3), 7).unwrap();
    let args = ["play", "silk-road", "--players", "3", "--seed", "7"];
    let (_, sealed) = follow::<SilkRoad>(&args, &mut state, 3, 3000, no_page::<SilkRoad>);
    assert!(SilkRoad::outcome(&state).is_some(), "the game ended");
    assert!(sealed > 0, "the game had sealed reveals");
}

/// Splendor (hidden reserved cards and decks) and Cities (hidden hands) the same way, the
/// boards their pages draw included (issue 34).
#[test]
fn splendor_and_cities_pages_carry_only_their_seats_view() {
    use silk_cities::{Cities, CitiesConfig};
    use silk_splendor::{Splendor, SplendorConfig};
    let mut state = Splendor::setup(&SplendorConfig::new(2), 3).unwrap();
    let args = ["play", "splendor", "--players", "2", "--seed", "3"];
    let (decisions, _) = follow::<Splendor>(&args, &mut state, 2, 400, |s, viewer| {
        serde_json::to_value(silk_splendor::page::page(s, viewer)).unwrap()
    });
    assert!(decisions > 20, "{decisions}");
    let mut state = Cities::setup(&CitiesConfig::new(3), 5).unwrap();
    let args = ["play", "cities", "--players", "3", "--seed", "5"];
    let (decisions, _) = follow::<Cities>(&args, &mut state, 3, 300, |s, viewer| {
        serde_json::to_value(silk_cities::page::page(s, viewer)).unwrap()
    });
    assert_eq!(decisions, 300);
}

/// Issue 45: a game's drawing of its board comes with the game and is served as `/board.js`
/// and `/board.css` (compiled in, with their types); a game without one gets empty ones and
/// its text board; no route names a game.
#[test]
fn issue45_each_game_serves_its_own_drawing_under_the_board_routes() {
    let header = |headers: &[String], name: &str| -> String {
        headers
            .iter()
            .find_map(|h| {
                let (k, v) = h.split_once(':')?;
                k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
            })
            .unwrap_or_default()
    };
    let splendor = Served::start(&["play", "splendor", "--bots", "human,random"], 1);
    for (path, body, kind) in [
        ("/board.js", silk_splendor::page::SCRIPT, "text/javascript"),
        ("/board.css", silk_splendor::page::STYLE, "text/css"),
    ] {
        let (status, headers, got) = splendor.request_with_headers("GET", path, b"", false);
        assert_eq!(status, 200, "{path}");
        assert_eq!(got, body, "{path}");
        assert!(
            header(&headers, "content-type").starts_with(kind),
            "{headers:?}"
        );
        assert_eq!(header(&headers, "x-content-type-options"), "nosniff");
    }
    assert!(silk_splendor::page::SCRIPT.contains("silkGames.splendor ="));
    for gone in ["/splendor.js", "/cities.js"] {
        assert_eq!(splendor.request("GET", gone, b"", false).0, 404, "{gone}");
    }
    let page = splendor.request("GET", "/", b"", false).1;
    assert!(page.contains("src=\"/board.js\"") && page.contains("href=\"/board.css\""));
    drop(splendor);
    let plain = Served::start(&["play", "goofspiel", "--bots", "human,random,random"], 1);
    for path in ["/board.js", "/board.css"] {
        assert_eq!(
            plain.request("GET", path, b"", false),
            (200, String::new()),
            "{path}"
        );
    }
    let snap = plain.snapshot(&format!("{}/events", plain.seat_path(1)));
    assert!(
        snap["game"].is_null() && snap["board"].is_string(),
        "{snap}"
    );
}

/// Malformed or hostile requests get an error status, change nothing, and the server keeps
/// serving.
#[test]
fn hostile_requests_get_errors_and_the_server_stays_up() {
    let served = Served::start(&["play", "goofspiel", "--bots", "human,random,random"], 1);
    let me = served.seat_path(1);
    let before = served.snapshot(&format!("{me}/events"));
    let big = vec![b'1'; 4096];
    for (method, path, body, want) in [
        ("POST", format!("{me}/act"), big.as_slice(), 413),
        ("POST", format!("{me}/act"), &[0xff, 0xfe, 0x00][..], 400),
        ("POST", format!("{me}/act"), b"bid\x07 1".as_slice(), 400),
        ("POST", format!("{me}/act"), b"".as_slice(), 400),
        ("POST", format!("{me}/act"), b"bid 99".as_slice(), 422),
        (
            "POST",
            "/s/00000000000000000000000000000000/act".to_string(),
            b"bid 1".as_slice(),
            404,
        ),
        (
            "GET",
            "/s/not-a-token/events".to_string(),
            b"".as_slice(),
            404,
        ),
        ("GET", "/../../etc/passwd".to_string(), b"".as_slice(), 404),
        ("GET", "/t/guess/events".to_string(), b"".as_slice(), 404),
        ("DELETE", "/".to_string(), b"".as_slice(), 405),
    ] {
        let (status, _) = served.request(method, &path, body, false);
        assert_eq!(status, want, "{method} {path}");
    }
    let after = served.snapshot(&format!("{me}/events"));
    assert_eq!(after["view"], before["view"], "nothing changed");
    assert!(
        after["error"].is_string(),
        "the refusal is on the page: {after}"
    );
    // A legal entry still works.
    let choice = after["choices"][0].as_str().unwrap().to_string();
    assert_eq!(served.act(1, &choice)["ok"], json!(true));
}

/// The table helper on phones: a Grand Vizier reveal entered on each phone stays secret — no
/// other page, and not the public page, carries it — until every player has entered theirs;
/// then all are shown together and journaled.
#[test]
fn sealed_reveals_stay_secret_until_all_are_in() {
    let dir = common::temp_dir("serve", "sealed");
    let journal = dir.join("game.journal");
    let served = Served::table_for_three(journal.to_str().unwrap());
    // Only the host chooses who holds the pawn first: no phone may (itself, say).
    assert_eq!(served.act(1, "Ana")["ok"], json!(false));
    assert_eq!(served.host("first Ana")["ok"], json!(true));
    // Play on until a Grand Vizier is called: everyone passes, the first city, the vizier.
    let mut steps = 0;
    loop {
        let public = served.snapshot("/events");
        if public["board"].as_str().unwrap().contains("Grand Vizier:") {
            break;
        }
        let asked = (1..=3)
            .map(|k| {
                (
                    k,
                    served.snapshot(&format!("{}/events", served.seat_path(k))),
                )
            })
            .find(|(_, s)| s["input"] == json!(true))
            .expect("someone is asked");
        let (k, snap) = asked;
        let choices: Vec<String> = snap["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
        let answer = ["pass", "vizier", "silk"]
            .iter()
            .find(|w| choices.iter().any(|c| c == *w))
            .map(|w| w.to_string())
            .unwrap_or_else(|| choices[0].clone());
        assert_eq!(served.act(k, &answer)["ok"], json!(true), "{answer}");
        steps += 1;
        assert!(steps < 40, "no Grand Vizier reached");
    }
    let history_before = served.snapshot("/events")["history"].clone();
    assert_eq!(served.act(1, "2")["ok"], json!(true));
    assert_eq!(served.act(2, "1")["ok"], json!(true));
    // Two of three are in: nobody but each player knows their count.
    let public = served.snapshot("/events");
    assert_eq!(public["history"], history_before);
    assert!(public["board"]
        .as_str()
        .unwrap()
        .contains("2 of 3 have entered"));
    let cleo = served.snapshot(&format!("{}/events", served.seat_path(3)));
    assert_eq!(cleo["history"], history_before);
    for name in ["Ana shows", "Ben shows", "show 2", "show 1"] {
        assert!(!cleo.to_string().contains(name), "{cleo}");
    }
    let ben = served.snapshot(&format!("{}/events", served.seat_path(2)));
    assert!(ben["question"]
        .as_str()
        .unwrap()
        .starts_with("You show 1 silk"));
    assert!(
        !ben.to_string().contains("show 2"),
        "Ben's page has Ana's count: {ben}"
    );
    let sealed = dir.join("game.journal.sealed");
    assert!(sealed.exists(), "the entered reveals are kept until shown");
    assert!(!std::fs::read_to_string(&journal)
        .unwrap()
        .contains("reveal"));
    // Issue 34: a player changes their own entry until the reveal is shown; nobody else's
    // page learns the old or the new count.
    assert_eq!(served.act(1, "3")["ok"], json!(true));
    let ana = served.snapshot(&format!("{}/events", served.seat_path(1)));
    assert!(ana["question"]
        .as_str()
        .unwrap()
        .starts_with("You show 3 silk"));
    let ben = served.snapshot(&format!("{}/events", served.seat_path(2)));
    assert!(!ben.to_string().contains("show 3") && !ben.to_string().contains("show 2"));
    assert_eq!(served.snapshot("/events")["history"], history_before);
    assert_eq!(served.act(3, "0")["ok"], json!(true));
    let shown = served.snapshot("/events")["history"].to_string();
    assert!(!shown.contains("Ana shows 2 silk"), "{shown}");
    for said in ["Ana shows 3 silk", "Ben shows 1 silk", "Cleo shows 0 silk"] {
        assert!(shown.contains(said), "{said} in {shown}");
    }
    assert!(!sealed.exists());
    assert_eq!(
        std::fs::read_to_string(&journal)
            .unwrap()
            .matches("\"reveal\"")
            .count(),
        3
    );
}

//! The pages, their event streams and their entries: every route the web server answers.

use crate::shared::{Answer, Req, Shared, CLOSING};
use crate::{Drawing, MAX_BODY, MAX_ENTRY, PASSED};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::stream::{self, Stream};
use serde_json::json;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

/// How soon a page's stream reconnects after losing the server.
const RETRY: Duration = Duration::from_millis(1000);

const PAGE: &str = include_str!("../assets/page.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
/// The phone and TV layouts, for every game (issue 34).
const LAYOUT: &str = include_str!("../assets/layout.css");
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// The page for a role; `base` is the path its stream and entries go to (a hex token or
/// nothing, never text from a request).
fn page(role: &str, base: &str) -> Html<String> {
    Html(PAGE.replace("{{role}}", role).replace("{{base}}", base))
}

/// A link that opens no page of this table: a typo, or a table restarted without its links
/// file (the phones then need their new links).
fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        Html(
            "<!DOCTYPE html><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
             <title>silk</title><p>This link opens no page of this table. If the game was \
             restarted, ask the host for your new link or scan your code again.</p>",
        ),
    )
        .into_response()
}

/// No page or stream is cached (a seat's page is a key to its seat), and no link is sent
/// on as a referrer.
async fn private_headers(mut res: Response) -> Response {
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    res
}

/// Which snapshots a stream carries: the public ones, the host's (with the join codes and
/// controls), or one seat's.
#[derive(Clone, Copy)]
enum Feed {
    Public { host: bool },
    Seat(usize),
}

/// A stream of snapshots: the current one at once, then one per change, until closing.
fn snapshots(
    shared: Arc<Shared>,
    feed: Feed,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let rx = shared.version.subscribe();
    let s = stream::unfold(
        (shared, rx, true, false),
        move |(shared, mut rx, first, done)| async move {
            if done {
                return None;
            }
            if !first && rx.changed().await.is_err() {
                return None;
            }
            if *rx.borrow() == CLOSING {
                // Over: the pages stop; stopped: they keep trying until the game resumes.
                let over = *shared.finished.borrow();
                let ev = Event::default()
                    .event("closed")
                    .data(json!({ "over": over }).to_string());
                return Some((Ok(ev), (shared, rx, false, true)));
            }
            let v = match feed {
                Feed::Public { host } => shared.public_snapshot(host).await,
                Feed::Seat(seat) => shared.private_snapshot(seat).await,
            };
            let mut ev = Event::default().data(v.to_string());
            if first {
                ev = ev.retry(RETRY);
            }
            Some((Ok(ev), (shared, rx, false, false)))
        },
    );
    Sse::new(s).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

async fn public_page() -> Html<String> {
    page("public", "")
}

async fn public_events(State(shared): State<Arc<Shared>>) -> impl IntoResponse {
    snapshots(shared, Feed::Public { host: false })
}

async fn host_page(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    if tok != shared.host {
        return not_found();
    }
    page("table", &format!("/t/{}", shared.host)).into_response()
}

async fn host_events(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    if tok != shared.host {
        return not_found();
    }
    snapshots(shared, Feed::Public { host: true }).into_response()
}

async fn host_act(
    State(shared): State<Arc<Shared>>,
    Path(tok): Path<String>,
    body: Bytes,
) -> Response {
    if tok != shared.host {
        return not_found();
    }
    let Ok(text) = std::str::from_utf8(&body) else {
        return refuse(StatusCode::BAD_REQUEST, "the control is not text");
    };
    match shared.host_control(text).await {
        Ok(said) => axum::Json(json!({"ok": true, "said": said})).into_response(),
        Err(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &why),
    }
}

async fn seat_page(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    match shared.seat_of(&tok) {
        Some(_) => page("seat", &format!("/s/{tok}")).into_response(),
        None => not_found(),
    }
}

async fn seat_events(State(shared): State<Arc<Shared>>, Path(tok): Path<String>) -> Response {
    let Some(seat) = shared.seat_of(&tok) else {
        return not_found();
    };
    let newly = {
        let mut seats = shared.seats.lock().unwrap_or_else(|p| p.into_inner());
        let newly = !seats[seat].joined;
        seats[seat].joined = true;
        newly
    };
    if newly {
        // The host's page drops this seat's join code.
        shared.bump();
    }
    snapshots(shared, Feed::Seat(seat)).into_response()
}

fn refuse(code: StatusCode, why: &str) -> Response {
    (code, axum::Json(json!({"ok": false, "error": why}))).into_response()
}

/// The question an entry answers: `?q=N` (the `"ask"` of the snapshot the page showed).
/// `Err`: a `q` that is not a number (no page sends one), so no question it could answer.
fn question_of(uri: &Uri) -> Result<Option<u64>, ()> {
    let q = uri
        .query()
        .and_then(|query| query.split('&').find_map(|kv| kv.strip_prefix("q=")));
    q.map(|q| q.parse().map_err(|_| ())).transpose()
}

async fn seat_act(
    State(shared): State<Arc<Shared>>,
    Path(tok): Path<String>,
    uri: Uri,
    body: Bytes,
) -> Response {
    let Some(seat) = shared.seat_of(&tok) else {
        return not_found();
    };
    let Ok(text) = std::str::from_utf8(&body) else {
        return refuse(StatusCode::BAD_REQUEST, "the entry is not text");
    };
    let text = text.trim();
    if text.is_empty() || text.chars().count() > MAX_ENTRY {
        return refuse(StatusCode::BAD_REQUEST, "an entry is 1 to 200 characters");
    }
    if text.chars().any(char::is_control) {
        return refuse(StatusCode::BAD_REQUEST, "the entry has control characters");
    }
    let Ok(q) = question_of(&uri) else {
        return refuse(
            StatusCode::BAD_REQUEST,
            "the question number is not a number",
        );
    };
    let reply = match shared.ask(|tx| Req::Submit(seat, text.to_string(), q, tx)) {
        Some(rx) => rx.await.ok(),
        None => None,
    };
    let Some((answer, finished)) = reply else {
        return refuse(StatusCode::SERVICE_UNAVAILABLE, "the game has stopped");
    };
    match answer {
        Answer::Repeat => return axum::Json(json!({"ok": true, "repeat": true})).into_response(),
        // Nothing changed: no refusal is kept on the page, no page needs an update.
        Answer::Passed => return refuse(StatusCode::CONFLICT, PASSED),
        _ => {}
    }
    {
        let mut seats = shared.seats.lock().unwrap_or_else(|p| p.into_inner());
        seats[seat].error = match &answer {
            Answer::Refused(why) => Some(why.clone()),
            _ => None,
        };
    }
    shared.bump();
    if finished {
        shared.finished.send_replace(true);
    }
    match answer {
        Answer::Refused(why) => refuse(StatusCode::UNPROCESSABLE_ENTITY, &why),
        _ => axum::Json(json!({"ok": true})).into_response(),
    }
}

/// A compiled-in asset (never a file read).
fn asset(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// Every route: the public, host and seat pages with their streams and entries, the
/// compiled-in assets and the game's drawing of its board.
pub(crate) fn router(shared: Arc<Shared>, drawing: Drawing) -> Router {
    Router::new()
        .route("/", get(public_page))
        .route("/events", get(public_events))
        .route("/t/{tok}", get(host_page))
        .route("/t/{tok}/events", get(host_events))
        .route("/t/{tok}/act", post(host_act))
        .route("/s/{tok}", get(seat_page))
        .route("/s/{tok}/events", get(seat_events))
        .route("/s/{tok}/act", post(seat_act))
        .route("/app.js", get(|| async { asset(JS, SCRIPT) }))
        .route("/style.css", get(|| async { asset(CSS, STYLE) }))
        .route("/layout.css", get(|| async { asset(CSS, LAYOUT) }))
        // The game's own drawing of its board (empty for a game without one).
        .route(
            "/board.js",
            get(move || async move { asset(JS, drawing.script) }),
        )
        .route(
            "/board.css",
            get(move || async move { asset(CSS, drawing.style) }),
        )
        .fallback(|| async { not_found() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::map_response(private_headers))
        .with_state(shared)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue34_questions_are_read_from_the_query() {
        assert_eq!(
            question_of(&"/s/ab/act?q=17".parse().unwrap()),
            Ok(Some(17))
        );
        assert_eq!(
            question_of(&"/s/ab/act?x=1&q=5".parse().unwrap()),
            Ok(Some(5))
        );
        assert_eq!(question_of(&"/s/ab/act".parse().unwrap()), Ok(None));
        assert_eq!(question_of(&"/s/ab/act?x=1".parse().unwrap()), Ok(None));
        // Issue 44: a question number that is no number answers no question.
        assert_eq!(question_of(&"/s/ab/act?q=no".parse().unwrap()), Err(()));
    }
}

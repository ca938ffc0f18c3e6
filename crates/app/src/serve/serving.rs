//! Serving a session: the options of `--serve` (`--bind`, `--new-links`), the pages'
//! addresses told to the host (QR codes on a terminal), and the host's terminal taking the
//! host's controls while the pages are served.

use super::PlaySession;
use crate::error::{CliError, CliResult};
use crate::games::CliGame;
use crate::output::Out;
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;

/// How a game is served: `--bind`, `--new-links`, and whether it is resumed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Serving {
    pub bind: Option<SocketAddr>,
    /// New tokens in the links file, served where the file says (old pages are shut out).
    pub new_links: bool,
    /// A game continued with `--resume` (its pages may be open already).
    pub resumed: bool,
}

impl Serving {
    /// The server's options for a game whose links are kept in `links`.
    pub fn options(&self, links: Option<std::path::PathBuf>) -> silk_serve::Options {
        silk_serve::Options {
            bind: self.bind,
            linger: Duration::from_secs(3),
            links,
            new_links: self.new_links,
            limits: silk_serve::Limits::default(),
        }
    }
}

/// Serves a game until it ends, printing the pages' addresses (with QR codes on a terminal).
/// With a save file the pages' links are kept beside it (`FILE.links`), so `--resume` serves
/// the same URLs.
pub fn serve<G: CliGame>(
    session: PlaySession<G>,
    serving: Serving,
    resume: Option<String>,
    out: &mut Out,
) -> CliResult<()> {
    let links = session
        .save
        .as_ref()
        .map(|s| silk_serve::links_path(s.path()));
    let opts = serving.options(links);
    let note = match &resume {
        Some(r) => format!(
            "Serving until the game ends: every move is saved as it is made. This terminal takes \
             the host's controls (undo, pause, go on, status, quit); quit or Ctrl-C stops, and `{r}` \
             goes on with the same links."
        ),
        None => {
            "Serving until the game ends. Nothing is saved (--save FILE keeps the game). This \
             terminal takes the host's controls (undo, pause, go on, status, quit); quit or Ctrl-C stops."
                .to_string()
        }
    };
    let hint = resume.unwrap_or_default();
    serve_session(Box::new(session), opts, &note, &hint, serving.resumed, out)
}

/// Serves a session: announces the pages, lets the host's terminal send controls while the
/// pages are served, and says how to go on when stopped before the end.
pub fn serve_session(
    session: Box<dyn silk_serve::Session>,
    opts: silk_serve::Options,
    note: &str,
    resume: &str,
    resumed: bool,
    out: &mut Out,
) -> CliResult<()> {
    let bind = opts.bind;
    let json = out.json;
    let links = opts.links.clone();
    let new_links = opts.new_links;
    let ended = silk_serve::serve(session, opts, |urls, remote| {
        announce(urls, note, out);
        if let Some(path) = &links {
            tell_where(urls, path, resumed, new_links, out);
        }
        host_terminal(remote, json);
    })
    .map_err(|e| match bind {
        Some(b) => CliError::input(format!("--bind {b}: {e}")),
        None => CliError::input(format!("serving: {e} (choose another address with --bind)")),
    })?;
    if ended == silk_serve::Ended::Stopped {
        out.message(&if resume.is_empty() {
            "stopped".to_string()
        } else {
            format!("stopped; resume with: {resume}")
        });
    }
    Ok(())
}

/// Says where the address and the links came from when a game is served again: the address
/// kept in the links file, new links, or a links file that was missing (its address is lost
/// with it, so pages opened before cannot find the table).
fn tell_where(
    urls: &silk_serve::Urls,
    links: &std::path::Path,
    resumed: bool,
    new_links: bool,
    out: &mut Out,
) {
    let shown = links.display();
    if urls.address_kept {
        out.message(&format!(
            "listening where this game was served before, the address kept in {shown} (--bind chooses another)"
        ));
    }
    if new_links {
        out.message(&format!(
            "new links (kept in {shown}): pages opened with the old ones say their link no longer works"
        ));
    } else if resumed && !urls.links_kept {
        out.message(&format!(
            "{shown} was missing: these are new links, and the address it kept is lost (pages opened \
             before reach this table only at the same --bind address); --new-links renews the \
             links and keeps the address"
        ));
    }
}

/// The host's terminal while the pages are served: each line is a host control (what it
/// changes is announced by the session; a refusal is printed here). The end of input only
/// ends the terminal's part: the pages go on.
fn host_terminal(remote: silk_serve::Remote, json: bool) {
    let spawned = std::thread::Builder::new()
        .name("silk-host-terminal".into())
        .spawn(move || {
            use std::io::BufRead;
            let stdin = std::io::stdin();
            let mut line = String::new();
            loop {
                line.clear();
                match stdin.lock().read_line(&mut line) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {}
                }
                let text = line.trim();
                if text.is_empty() {
                    continue;
                }
                match remote.host(text) {
                    None => return,
                    Some(Ok(_)) => {}
                    Some(Err(why)) => {
                        let mut out = Out::new(json);
                        out.line(
                            &format!("not accepted: {why}"),
                            json!({"type": "refused", "text": why}),
                        );
                    }
                }
            }
        });
    if let Err(e) = spawned {
        crate::output::to_stderr(
            &format!("the host's terminal cannot take controls: {e}"),
            true,
        );
    }
}

/// Says where to go: one JSON line per page with `--json`, else the addresses and a QR code
/// per seat; then `note` (how the game is kept and stopped).
pub fn announce(urls: &silk_serve::Urls, note: &str, out: &mut Out) {
    out.line(
        &format!(
            "Table (host: the controls, and the join codes until everyone has joined): {}\n\
             Public view (no codes, no controls): {}",
            urls.table, urls.public
        ),
        json!({"table": urls.table, "public": urls.public}),
    );
    for s in &urls.seats {
        out.line(
            &format!("\n{}: {}\n{}", s.name, s.url, silk_serve::qr_text(&s.url)),
            json!({"seat": s.seat, "name": s.name, "url": s.url}),
        );
    }
    out.message(note);
    let _ = out.finish();
}

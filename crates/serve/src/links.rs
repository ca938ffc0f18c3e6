//! The pages' links kept across restarts: the host's token, each seat's token and the address
//! the server listened on, in a secret file beside the game's journal or save
//! (`JOURNAL.links`), created readable by its owner only (0600 on Unix). The journal itself
//! never holds a token, so sharing a journal shares no way into a running table.
//!
//! `--resume --serve` reads the file back: the same URLs answer, and an open page reconnects
//! to them without being re-scanned.

use serde_json::{json, Value};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// Tokens and the address of one table's pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Links {
    pub host: String,
    /// Per seat: its token (`None`: a bot plays it).
    pub seats: Vec<Option<String>>,
    /// The address last listened on (its real port, even when port 0 was asked for).
    pub bind: Option<SocketAddr>,
}

/// An unguessable token: 128 bits from the operating system's generator, as hex.
pub(crate) fn token() -> String {
    use rand::rand_core::TryRngCore;
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    if rand::rngs::OsRng.try_fill_bytes(&mut bytes).is_err() {
        // No OS entropy: the thread generator (a CSPRNG itself seeded from the OS).
        rand::rng().fill_bytes(&mut bytes);
    }
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn is_token(t: &str) -> bool {
    t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The secret file that goes with a journal or save file: `PATH.links`.
pub fn links_path(journal: &Path) -> PathBuf {
    let mut name = journal.as_os_str().to_owned();
    name.push(".links");
    PathBuf::from(name)
}

impl Links {
    /// New tokens for the seats a person plays.
    pub fn fresh(joinable: &[bool]) -> Links {
        Links {
            host: token(),
            seats: joinable.iter().map(|&j| j.then(token)).collect(),
            bind: None,
        }
    }

    /// The links kept in `path`, completed for `joinable` (a seat now played by a person gets
    /// a token, one now played by a bot loses it); fresh ones when there is no file yet.
    pub fn load_or_fresh(path: &Path, joinable: &[bool]) -> Result<Links, String> {
        let shown = path.display();
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Links::fresh(joinable))
            }
            Err(e) => return Err(format!("{shown}: {e}")),
        };
        if text.len() > 64 * 1024 {
            return Err(format!("{shown}: too large for a links file"));
        }
        let v: Value =
            serde_json::from_str(&text).map_err(|e| format!("{shown}: not a links file: {e}"))?;
        let host = v["host"]
            .as_str()
            .filter(|t| is_token(t))
            .ok_or_else(|| format!("{shown}: \"host\" is not a 32-digit hex token"))?
            .to_string();
        let saved = v["seats"]
            .as_array()
            .ok_or_else(|| format!("{shown}: \"seats\" is not a list"))?;
        let mut seats = Vec::with_capacity(joinable.len());
        for (i, &j) in joinable.iter().enumerate() {
            let kept = match saved.get(i) {
                None | Some(Value::Null) => None,
                Some(Value::String(t)) if is_token(t) => Some(t.clone()),
                Some(_) => {
                    return Err(format!(
                        "{shown}: seat {} is not a 32-digit hex token or null",
                        i + 1
                    ))
                }
            };
            seats.push(j.then(|| kept.unwrap_or_else(token)));
        }
        let bind = match &v["bind"] {
            Value::Null => None,
            b => Some(
                b.as_str()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| format!("{shown}: \"bind\" is not an address"))?,
            ),
        };
        Ok(Links { host, seats, bind })
    }

    /// Writes the file whole (a temp file created owner-only, synced, renamed into place).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = json!({
            "note": "the links to this table's pages: keep it private (anyone with it can play any seat)",
            "host": self.host,
            "seats": self.seats,
            "bind": self.bind.map(|b| b.to_string()),
        })
        .to_string();
        let mut name = path.as_os_str().to_owned();
        name.push(".tmp");
        let tmp = PathBuf::from(name);
        let _ = std::fs::remove_file(&tmp);
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
        let mut f = options.open(&tmp).map_err(|e| io(&tmp, e))?;
        f.write_all(text.as_bytes())
            .and_then(|_| f.sync_data())
            .map_err(|e| io(&tmp, e))?;
        std::fs::rename(&tmp, path).map_err(|e| io(path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_128_bit_hex_and_differ() {
        let a = token();
        let b = token();
        assert_eq!(a.len(), 32);
        assert!(is_token(&a));
        assert_ne!(a, b);
    }

    #[test]
    fn issue34_links_survive_a_restart_in_an_owner_only_file() {
        let dir = std::env::temp_dir().join(format!("silk-links-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = links_path(&dir.join("game.journal"));
        let _ = std::fs::remove_file(&path);
        let mut first = Links::load_or_fresh(&path, &[true, false, true]).unwrap();
        assert!(first.seats[1].is_none());
        first.bind = Some("127.0.0.1:4321".parse().unwrap());
        first.save(&path).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "owner-only");
        }
        let again = Links::load_or_fresh(&path, &[true, false, true]).unwrap();
        assert_eq!(again, first);
        // A seat a person now plays gets a token; the others keep theirs.
        let more = Links::load_or_fresh(&path, &[true, true, true]).unwrap();
        assert_eq!(more.seats[0], first.seats[0]);
        assert!(more.seats[1].is_some());
        std::fs::write(&path, "{\"host\": \"x\"}").unwrap();
        let bad = Links::load_or_fresh(&path, &[true]).unwrap_err();
        assert!(
            bad.contains("game.journal.links") && bad.contains("host"),
            "{bad}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

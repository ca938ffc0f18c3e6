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

/// The largest links file read (a few hundred bytes are written).
const MAX_LINKS: u64 = 64 * 1024;

/// The bytes of the links file, or `None` when there is none. Only a regular file is read (a
/// FIFO would block the start for ever, a device never end), and at most [`MAX_LINKS`] of it.
fn read_small(path: &Path) -> Result<Option<Vec<u8>>, String> {
    use std::io::Read;
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    if !meta.is_file() {
        return Err("not a regular file (a links file is written by silk)".into());
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(MAX_LINKS + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > MAX_LINKS {
        return Err(format!(
            "larger than {} KiB: not a links file",
            MAX_LINKS / 1024
        ));
    }
    Ok(Some(bytes))
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
    #[cfg(test)]
    pub fn load_or_fresh(path: &Path, joinable: &[bool]) -> Result<Links, String> {
        Ok(Links::load(path, joinable)?.unwrap_or_else(|| Links::fresh(joinable)))
    }

    /// The links kept in `path`, completed for `joinable` (a seat now played by a person gets
    /// a token, one now played by a bot loses it); `None` when there is no file.
    pub fn load(path: &Path, joinable: &[bool]) -> Result<Option<Links>, String> {
        let shown = path.display();
        let Some(text) = read_small(path).map_err(|e| format!("{shown}: {e}"))? else {
            return Ok(None);
        };
        let v: Value =
            serde_json::from_slice(&text).map_err(|e| format!("{shown}: not a links file: {e}"))?;
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
        // Each page has its own token: one token for two pages would let either play both.
        let mut all: Vec<&String> = std::iter::once(&host)
            .chain(seats.iter().flatten())
            .collect();
        all.sort();
        if all.windows(2).any(|w| w[0] == w[1]) {
            return Err(format!(
                "{shown}: two pages share a token (each seat and the host need their own)"
            ));
        }
        let bind = match &v["bind"] {
            Value::Null => None,
            b => Some(
                b.as_str()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| format!("{shown}: \"bind\" is not an address"))?,
            ),
        };
        Ok(Some(Links { host, seats, bind }))
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

    #[test]
    fn issue44_a_links_file_that_is_no_file_or_shares_a_token_is_refused() {
        let dir = std::env::temp_dir().join(format!("silk-links44-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = links_path(&dir.join("game.journal"));
        let _ = std::fs::remove_file(&path);
        // One token for every seat.
        let t = token();
        let same = json!({"host": token(), "seats": [t, t, t, t], "bind": null});
        std::fs::write(&path, same.to_string()).unwrap();
        let e = Links::load_or_fresh(&path, &[true; 4]).unwrap_err();
        assert!(e.contains("share a token"), "{e}");
        // The host's token given to a seat.
        let host = token();
        let shared = json!({"host": host, "seats": [host, token()], "bind": null});
        std::fs::write(&path, shared.to_string()).unwrap();
        assert!(Links::load_or_fresh(&path, &[true, true]).is_err());
        // A link to an endless device is refused without being read.
        #[cfg(unix)]
        {
            std::fs::remove_file(&path).unwrap();
            std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
            let e = Links::load_or_fresh(&path, &[true]).unwrap_err();
            assert!(e.contains("not a regular file"), "{e}");
            std::fs::remove_file(&path).unwrap();
            // A FIFO is refused, not waited on for ever.
            let made = std::process::Command::new("mkfifo").arg(&path).status();
            if made.is_ok_and(|s| s.success()) {
                let e = Links::load_or_fresh(&path, &[true]).unwrap_err();
                assert!(e.contains("not a regular file"), "{e}");
                std::fs::remove_file(&path).unwrap();
            }
        }
        // A large file is read no further than the limit.
        std::fs::write(&path, vec![b' '; 70 * 1024]).unwrap();
        let e = Links::load_or_fresh(&path, &[true]).unwrap_err();
        assert!(e.contains("larger than 64 KiB"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

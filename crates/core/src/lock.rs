//! One writer at a time: the lock every file or directory silk writes over a long time is
//! held by (a saved game, a table's journal, a lab run's directory).
//!
//! The lock is an OS file lock (`flock` on Unix, `LockFileEx` on Windows, through std's
//! [`File::try_lock`]) on a lock file, held for as long as the process holds the
//! [`FileLock`]: the OS releases it when the process ends, however it ends, so a killed
//! holder's lock is free at once and taking it over is one atomic call — two processes can
//! never both take it. The file holds the holder's pid, for the message that names it; it is
//! removed when the holder is done (a killed holder leaves it behind, unlocked).

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A lock held by this process; released (and its file removed) on drop.
#[derive(Debug)]
pub struct FileLock {
    file: File,
    path: PathBuf,
}

/// Why a lock could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds it; `pid` as its lock file says (unknown for an instant after
    /// it took the lock, before it wrote its pid). `what` is what the lock guards.
    #[error("{} is in use by another silk process ({}lock {})", .what.display(), .pid.map_or(String::new(), |p| format!("pid {p}, ")), .lock.display())]
    Held {
        what: PathBuf,
        lock: PathBuf,
        pid: Option<u32>,
    },
    #[error("{}: {source}", .lock.display())]
    Io {
        lock: PathBuf,
        source: std::io::Error,
    },
}

/// A lock just taken, and what its file said if a holder left it behind without removing it
/// (a killed process): `Some(pid)`, or `Some(None)` for a file without a pid.
#[derive(Debug)]
pub struct Taken {
    pub lock: FileLock,
    pub left_by: Option<Option<u32>>,
}

impl Taken {
    /// What to tell the user when a lock was left behind by a process that stopped: it is
    /// taken over (`what`: what it guards).
    pub fn taken_over(&self, what: &Path) -> Option<String> {
        let (lock, what) = (self.lock.path.display(), what.display());
        self.left_by.map(|pid| match pid {
            Some(pid) => format!(
                "{lock}: the process that held it (pid {pid}) is no longer running: taking {what} over"
            ),
            None => format!(
                "{lock}: no pid in it (a process stopped as it started): taking {what} over"
            ),
        })
    }
}

impl FileLock {
    /// Takes the lock file `path` (created if need be) for this process, or says who holds it;
    /// `what` is the file or directory it guards, for the messages.
    pub fn take(what: &Path, path: &Path) -> Result<Taken, LockError> {
        let io = |source: std::io::Error| LockError::Io {
            lock: path.to_path_buf(),
            source,
        };
        // A holder removes its file on release: a file opened just before that is no longer
        // the lock, so it is opened again (a handful of times at most in practice).
        for _ in 0..1000 {
            let mut file = match OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(path)
            {
                Ok(f) => f,
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    match OpenOptions::new().read(true).write(true).open(path) {
                        Ok(f) => f,
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                        Err(e) => return Err(io(e)),
                    }
                }
                Err(e) => return Err(io(e)),
            };
            match file.try_lock() {
                Ok(()) => {}
                Err(TryLockError::WouldBlock) => {
                    return Err(LockError::Held {
                        what: what.to_path_buf(),
                        lock: path.to_path_buf(),
                        pid: read_pid(&mut file),
                    })
                }
                Err(TryLockError::Error(e)) => return Err(io(e)),
            }
            if !is_at(&file, path).map_err(io)? {
                continue;
            }
            let left = read_owner(&mut file);
            let left_by = (!left.trim().is_empty()).then(|| left.trim().parse::<u32>().ok());
            file.set_len(0)
                .and_then(|_| file.rewind())
                .and_then(|_| writeln!(file, "{}", std::process::id()))
                .and_then(|_| file.sync_data())
                .map_err(io)?;
            return Ok(Taken {
                lock: FileLock {
                    file,
                    path: path.to_path_buf(),
                },
                left_by,
            });
        }
        Err(io(std::io::Error::other(
            "removed and created again by other processes over and over",
        )))
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        // Removed while still locked, and only if it is still this lock's file.
        if is_at(&self.file, &self.path).unwrap_or(false) {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// What a lock file says, at most a line's worth.
fn read_owner(file: &mut File) -> String {
    let mut text = String::new();
    let _ = file.rewind();
    let _ = Read::take(&*file, 64).read_to_string(&mut text);
    text
}

fn read_pid(file: &mut File) -> Option<u32> {
    read_owner(file).trim().parse().ok()
}

/// Whether `file` is the file at `path` now (not removed, nor replaced, nor a link to it).
fn is_at(file: &File, path: &Path) -> std::io::Result<bool> {
    let at = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    if !at.file_type().is_file() {
        return Err(std::io::Error::other(
            "not a regular file (a link?): not a lock",
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let open = file.metadata()?;
        Ok(open.dev() == at.dev() && open.ino() == at.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = file;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Barrier};

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("silk-core-lock-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A lock is held until dropped: a second taker is refused with the holder's pid; the
    /// file goes with the holder.
    #[test]
    fn a_held_lock_refuses_a_second_taker() {
        let path = temp("held").join("f.lock");
        let first = FileLock::take(&path, &path).unwrap();
        assert!(first.left_by.is_none());
        match FileLock::take(&path, &path) {
            Err(LockError::Held { pid, .. }) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("{other:?}"),
        }
        drop(first);
        assert!(!path.exists());
        FileLock::take(&path, &path).unwrap();
    }

    /// Issue 30, point 12: a lock file left by a killed holder (unlocked, naming its pid) is
    /// taken over by exactly one of two takers started together — many times over. (With a
    /// pid file checked and then replaced, both could remove the stale file and both create
    /// one in turn.)
    #[test]
    fn issue30_p12_a_stale_lock_is_taken_by_exactly_one() {
        let dir = temp("stale");
        for round in 0..300 {
            let path = dir.join(format!("f{round}.lock"));
            std::fs::write(&path, "4194303\n").unwrap();
            let gate = Arc::new(Barrier::new(2));
            let takers: Vec<_> = (0..2)
                .map(|_| {
                    let (path, gate) = (path.clone(), gate.clone());
                    std::thread::spawn(move || {
                        gate.wait();
                        let taken = FileLock::take(&path, &path);
                        // Both outcomes are known before either lock goes.
                        gate.wait();
                        taken.map(|t| (t.left_by, t.lock))
                    })
                })
                .collect();
            let results: Vec<_> = takers.into_iter().map(|t| t.join().unwrap()).collect();
            let won: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
            assert_eq!(won.len(), 1, "round {round}: {results:?}");
            assert_eq!(won[0].0, Some(Some(4_194_303)), "round {round}");
        }
    }

    /// A symbolic link planted as the lock file is refused, and what it points to is not
    /// written.
    #[cfg(unix)]
    #[test]
    fn a_link_is_not_a_lock() {
        let dir = temp("link");
        let victim = dir.join("victim");
        std::fs::write(&victim, "keep\n").unwrap();
        std::os::unix::fs::symlink(&victim, dir.join("f.lock")).unwrap();
        assert!(FileLock::take(&dir, &dir.join("f.lock")).is_err());
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep\n");
    }
}

//! One writer per file: the lock a table's journal and a saved game are held by while open.

use crate::error::{CliError, CliResult};
use crate::output::Out;
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// `FILE.lock` beside a file one process writes (a table's journal, a saved game), created
/// with `create_new` (so only one process can hold it) and holding the holder's pid; removed
/// on drop, so on every exit but a kill, and a kill's lock is taken over once its pid has
/// gone. Two processes writing one file would lose each other's moves.
pub(crate) struct FileLock {
    path: PathBuf,
}

impl FileLock {
    pub(crate) fn take(file: &Path, out: &mut Out) -> CliResult<FileLock> {
        let mut name = file.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        let shown = path.display();
        // Twice at most: once more after removing a dead process's lock.
        for _ in 0..2 {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut f) => {
                    writeln!(f, "{}", std::process::id())
                        .and_then(|_| f.sync_data())
                        .map_err(|e| CliError::input(format!("{shown}: {e}")))?;
                    return Ok(FileLock { path });
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(CliError::input(format!("{shown}: {e}"))),
            }
            let held = std::fs::read_to_string(&path).unwrap_or_default();
            let pid = held.trim().parse::<u32>().ok();
            match pid {
                Some(pid) if running(pid) => {
                    return Err(CliError::input(format!(
                        "{} is in use by another silk process (pid {pid}, lock {shown}); if none runs on it, delete {shown}",
                        file.display()
                    )))
                }
                Some(pid) => out.message(&format!(
                    "{shown}: the process that held it (pid {pid}) is no longer running: taking {} over", file.display()
                )),
                None => out.message(&format!(
                    "{shown}: no pid in it (a process stopped as it started): taking {} over", file.display()
                )),
            }
            match std::fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(CliError::input(format!("{shown}: {e}"))),
            }
        }
        Err(CliError::input(format!(
            "{}: another silk process took the lock {shown} at the same moment",
            file.display()
        )))
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Whether a process with this pid exists. Only Linux is asked (through /proc); elsewhere a
/// lock counts as held, and the message says how to remove it.
fn running(pid: u32) -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    pid != std::process::id() && Path::new("/proc").join(pid.to_string()).exists()
}

//! Files from outside, read within a size limit for their kind, and temp files created so that
//! a link planted in their place is never followed.
//!
//! An input file is read only up to its kind's [`Limit`] (a saved game, a trace, a data
//! file…): a bigger one, or an endless one such as `/dev/zero`, is an error naming the limit,
//! never a read that exhausts memory. Files that grow with a run (`games.jsonl`) are read a
//! line at a time, each line within its own limit. The limits are listed in docs/files.md.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, Read};
use std::path::Path;

/// The most a kind of input file may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What the file is, for the error ("a saved game").
    pub what: &'static str,
    pub bytes: u64,
}

const MIB: u64 = 1 << 20;

impl Limit {
    /// A game's data or config file, a targets file: hand-edited JSON (the bundled ones are
    /// a few KiB).
    pub const DATA: Limit = Limit::new("a data or config file", 16 * MIB);
    /// A saved game (`play --save`): about 100 bytes a move, so some 600 000 moves.
    pub const SAVE: Limit = Limit::new("a saved game", 64 * MIB);
    /// A table journal: one line per entry said at the table.
    pub const JOURNAL: Limit = Limit::new("a table journal", 16 * MIB);
    /// A move script (`play --script`).
    pub const SCRIPT: Limit = Limit::new("a move script", 16 * MIB);
    /// A trace (`replay --trace-in`): about 120 bytes a decision (a 100 000-decision Cities
    /// game is 12 MiB). Checking one holds it in memory, about 30 times its size.
    pub const TRACE: Limit = Limit::new("a trace", 32 * MIB);
    /// One record (one line) of a run's games.jsonl: a few KiB.
    pub const RECORD: Limit = Limit::new("a record of games.jsonl (one line)", MIB);

    pub const fn new(what: &'static str, bytes: u64) -> Limit {
        Limit { what, bytes }
    }

    /// The error for a file past this limit (the caller names the file).
    pub fn exceeded(&self) -> std::io::Error {
        let size = if self.bytes.is_multiple_of(MIB) {
            format!("{} MiB", self.bytes / MIB)
        } else {
            format!("{} bytes", self.bytes)
        };
        std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!(
                "larger than {size}, the limit for {} (docs/files.md)",
                self.what
            ),
        )
    }
}

/// A reader that fails with the limit's error once more than `limit.bytes` have been read.
pub struct Limited<R> {
    inner: std::io::Take<R>,
    limit: Limit,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if self.inner.limit() == 0 && n > 0 {
            return Err(self.limit.exceeded());
        }
        Ok(n)
    }
}

/// Opens `path` for reading within `limit`: a regular file larger than the limit is refused
/// at once, anything else (a pipe, a device) when the limit is passed.
pub fn open(path: &Path, limit: Limit) -> std::io::Result<Limited<File>> {
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if meta.is_file() && meta.len() > limit.bytes {
        return Err(limit.exceeded());
    }
    Ok(Limited {
        inner: file.take(limit.bytes.saturating_add(1)),
        limit,
    })
}

/// The text of `path`, refused past `limit`.
pub fn read_text(path: &Path, limit: Limit) -> std::io::Result<String> {
    let mut text = String::new();
    open(path, limit)?.read_to_string(&mut text)?;
    Ok(text)
}

/// The bytes of the regular file `path`, refused past `limit`. Anything else is refused
/// before it is opened: a FIFO would block the open until a writer comes (for ever), a device
/// never ends. For the files silk itself writes and reads back (a table's journal, its sealed
/// reveals, a tune's state), which are never pipes.
pub fn read_regular(path: &Path, limit: Limit) -> std::io::Result<Vec<u8>> {
    if !std::fs::metadata(path)?.is_file() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a pipe, a device or a directory)",
        ));
    }
    let mut bytes = Vec::new();
    open(path, limit)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// [`read_regular`] as text.
pub fn read_regular_text(path: &Path, limit: Limit) -> std::io::Result<String> {
    String::from_utf8(read_regular(path, limit)?).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// Writes `bytes` to `path` whole and readable by its owner only (0600 on Unix): a temp file
/// beside it, created new with that mode ([`create_temp`]'s care with links), synced, then
/// renamed into place. For secrets such as a table's sealed reveals.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut name = path.as_os_str().to_owned();
    name.push(".tmp");
    let tmp = std::path::PathBuf::from(name);
    match std::fs::remove_file(&tmp) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut f = options.open(&tmp)?;
    f.write_all(bytes)?;
    f.sync_data()?;
    std::fs::rename(&tmp, path)
}

/// Reads the next line of `reader` into `line` (without its end), refused past `limit`:
/// `false` at the end of the input.
pub fn read_line(
    reader: &mut impl BufRead,
    line: &mut String,
    limit: Limit,
) -> std::io::Result<bool> {
    let mut bytes = Vec::new();
    // Room for the line's end ("\r\n") past the limit.
    let n = reader
        .take(limit.bytes.saturating_add(2))
        .read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(false);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    if bytes.len() as u64 > limit.bytes {
        return Err(limit.exceeded());
    }
    *line = String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })?;
    Ok(true)
}

/// Creates the temp file `path` (`F.tmp`, `games.jsonl.part`) to be renamed over its target:
/// whatever is there already — a killed writer's leftover, or a link planted to make silk
/// write elsewhere — is removed (a link itself, never what it points to), then the file is
/// created new (`O_EXCL`: a link planted again in between makes this fail, not followed).
pub fn create_temp(path: &Path) -> std::io::Result<File> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    OpenOptions::new().write(true).create_new(true).open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Limit = Limit::new("a test file", 8);

    fn temp(name: &str, text: &[u8]) -> std::path::PathBuf {
        let path =
            std::env::temp_dir().join(format!("silk-core-files-{}-{name}", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_file_within_its_limit_is_read_and_a_bigger_one_refused() {
        assert_eq!(
            read_text(&temp("fits", b"12345678"), SMALL).unwrap(),
            "12345678"
        );
        let e = read_text(&temp("big", b"123456789"), SMALL).unwrap_err();
        assert_eq!(
            e.to_string(),
            "larger than 8 bytes, the limit for a test file (docs/files.md)"
        );
        assert_eq!(
            Limit::TRACE.exceeded().to_string(),
            "larger than 32 MiB, the limit for a trace (docs/files.md)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_endless_file_stops_at_the_limit() {
        let e = read_text(Path::new("/dev/zero"), SMALL).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
    }

    #[cfg(unix)]
    #[test]
    fn issue44_a_fifo_or_a_device_is_refused_before_it_is_opened() {
        let e = read_regular(Path::new("/dev/zero"), SMALL).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let fifo = std::env::temp_dir().join(format!("silk-core-fifo-{}", std::process::id()));
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            // Opening it would wait for a writer for ever.
            let e = read_regular_text(&fifo, SMALL).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{e}");
            std::fs::remove_file(&fifo).unwrap();
        }
        assert_eq!(
            read_regular(&temp("plain", b"1234"), SMALL).unwrap(),
            b"1234"
        );
    }

    #[cfg(unix)]
    #[test]
    fn issue44_private_files_are_written_owner_only() {
        use std::os::unix::fs::PermissionsExt;
        let path = temp("private", b"old");
        write_private(&path, b"{\"1\":2}").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(std::fs::read(&path).unwrap(), b"{\"1\":2}");
    }

    #[test]
    fn lines_are_read_within_their_limit() {
        let mut r = std::io::Cursor::new(&b"12345678\r\nab\n123456789\n"[..]);
        let mut line = String::new();
        assert!(read_line(&mut r, &mut line, SMALL).unwrap());
        assert_eq!(line, "12345678");
        assert!(read_line(&mut r, &mut line, SMALL).unwrap());
        assert_eq!(line, "ab");
        assert!(read_line(&mut r, &mut line, SMALL).is_err());
        let mut r = std::io::Cursor::new(&b"last"[..]);
        assert!(read_line(&mut r, &mut line, SMALL).unwrap());
        assert_eq!(line, "last");
        assert!(!read_line(&mut r, &mut line, SMALL).unwrap());
    }

    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_replaced_not_followed() {
        let victim = temp("victim", b"keep");
        let tmp = victim.with_extension("tmp");
        let _ = std::fs::remove_file(&tmp);
        std::os::unix::fs::symlink(&victim, &tmp).unwrap();
        std::io::Write::write_all(&mut create_temp(&tmp).unwrap(), b"new").unwrap();
        assert_eq!(std::fs::read(&victim).unwrap(), b"keep");
        assert_eq!(std::fs::read(&tmp).unwrap(), b"new");
    }
}

//! `silk table`: the table helper's terminal front end and journal. The rules are in
//! `silk_road::table`; this file prompts, reads, announces, and makes every entry durable.
//!
//! Journal: JSON Lines. Line 1 is a header (players, config); each later line is
//! `{"seq":N,"hash":"…","entry":…}` or `{"seq":N,"hash":"…","undo":true}`, written and synced
//! to disk before the next prompt. `seq` counts the lines after the header from 1 and `hash`
//! is a running hash of the header and every line up to this one, this one read with an empty
//! `hash` (FNV-1a, 64 bits: it catches edited, removed, added and reordered lines, not
//! forgeries), so that a damaged journal is found instead of its later entries being silently
//! given to other players. Version 1 journals (no `seq`/`hash`) are still read as before. `--resume` replays the journal; a line cut short by a crash is
//! reported and skipped; at the first line that does not follow on, the journal is cut there
//! (the whole file is first kept beside it).
//!
//! While a helper runs, `JOURNAL.lock` (created exclusively, holding the helper's pid) keeps a
//! second helper from writing the same journal.

use crate::error::{CliError, CliResult};
use crate::hot_seat::MoveSource;
use crate::output::Out;
use crate::playtest::table_record::TableRecorder;
use crate::playtest::PlaytestOptions;
use serde::{Deserialize, Serialize};
use serde_json::json;
use silk_road::table::{Entry, Step, Table};
use silk_road::SilkRoadConfig;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The journal version this build writes: 2 adds `seq` and `hash` to every line.
const JOURNAL_VERSION: u32 = 2;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    silk_table: u32,
    game: String,
    players: Vec<String>,
    any_city: bool,
    config: SilkRoadConfig,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub(crate) enum Line {
    Entry(Entry),
    Undo(bool),
    /// The host paused (`true`) or went on (`false`): phones' entries wait meanwhile.
    Pause(bool),
    /// The host confirmed the final count: the game is over.
    Confirm(bool),
}

/// FNV-1a over `bytes`, continuing from `hash`.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The running hash after one more line: the hash so far, then the line's text (with an empty
/// `hash`).
fn chain(hash: u64, line: &str) -> u64 {
    fnv(fnv(hash, &hash.to_le_bytes()), line.as_bytes())
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// An append-only journal, synced after every line.
pub struct Journal {
    file: File,
    pub(crate) path: PathBuf,
    /// The last line's number and the running hash through it; `None` for a version 1
    /// journal, continued in its own format.
    chain: Option<(u64, u64)>,
    /// Held while the journal is open; removed when it is dropped.
    _lock: silk_core::lock::FileLock,
    /// What the host's controls left: paused, and the final count confirmed (served tables).
    pub(crate) paused: bool,
    pub(crate) confirmed: bool,
    /// The table's partial playtest record (issue 47), kept beside the journal.
    pub(crate) record: Option<TableRecorder>,
}

impl Journal {
    pub(crate) fn append(&mut self, line: &Line) -> CliResult<()> {
        let body = serde_json::to_string(line).map_err(|e| CliError::Internal(e.to_string()))?;
        let (text, next) = match self.chain {
            Some((seq, hash)) => {
                let rest = body.strip_prefix('{').unwrap_or(&body);
                let blank = format!("{{\"seq\":{},\"hash\":\"\",{rest}", seq + 1);
                let h = chain(hash, &blank);
                let text = format!("{{\"seq\":{},\"hash\":\"{h:016x}\",{rest}", seq + 1);
                (text, Some((seq + 1, h)))
            }
            None => (body, None),
        };
        let io = |e: std::io::Error| CliError::input(format!("{}: {e}", self.path.display()));
        writeln!(self.file, "{text}").map_err(io)?;
        self.file.flush().map_err(io)?;
        self.file.sync_data().map_err(io)?;
        self.chain = next;
        // The record follows the journal, once the line is on disk.
        match (self.record.as_mut(), line) {
            (Some(r), Line::Entry(e)) => r.entered(e),
            (Some(r), Line::Undo(_)) => r.undone(),
            _ => Ok(()),
        }
    }
}

pub struct TableArgs {
    pub players: Option<String>,
    pub journal: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    pub any_city: bool,
    pub config: SilkRoadConfig,
    /// Where the table's playtest record goes (`--playtests`, `--no-playtest`, `--place`).
    pub playtest: PlaytestOptions,
}

/// A new table and its journal, or the game kept in `--resume`'s journal; its playtest record
/// started (or continued) beside the journal.
pub fn open(args: &TableArgs, out: &mut Out) -> CliResult<(Table, Journal)> {
    let (table, mut journal) = match &args.resume {
        Some(path) => resume(path, out)?,
        None => start(args, out)?,
    };
    journal.record = TableRecorder::start(&journal.path, &table, &args.playtest, out)?;
    Ok((table, journal))
}

/// Runs the helper on stdin until the game is over or input ends.
pub fn run(args: TableArgs, out: &mut Out) -> CliResult<()> {
    let (mut table, mut journal) = open(&args, out)?;
    let colour = std::io::stdout().is_terminal() && !out.json;
    let interactive = std::io::stdin().is_terminal();
    // The feedback questions read from the same input (hence a source that can be lent).
    let mut source = MoveSource::Stdin(Box::new(std::io::stdin().lock()));
    let ask = journal.record.is_some() && (interactive || args.playtest.feedback);
    let mut asked = table.step == Step::Done;
    loop {
        if ask && !asked && table.step == Step::Done {
            asked = true;
            ask_feedback(&table, &mut journal, (&mut source, interactive), out)?;
        }
        let MoveSource::Stdin(input) = &mut source else {
            unreachable!("the table reads its standard input")
        };
        let p = table.prompt();
        out.line_in(
            colour.then_some("\x1b[1;36m"),
            &p.question,
            json!({"type": "prompt", "who": p.who, "question": p.question, "choices": p.choices}),
        );
        if interactive {
            out.prompt_inline("> ");
        }
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                out.message(&if table.step == Step::Done {
                    format!("the count is kept in {}", journal.path.display())
                } else {
                    format!(
                        "input ended; the journal {} keeps the game: resume with --resume",
                        journal.path.display()
                    )
                });
                return Ok(());
            }
            Ok(_) => {}
            Err(e) => return Err(CliError::input(format!("stdin: {e}"))),
        }
        let text = line.trim();
        match text.to_lowercase().as_str() {
            "" => continue,
            "help" | "?" => {
                say(out, &format!(
                    "{}\nAt any prompt: `undo` takes back the last entry, `history` shows what happened, \
                     `status` shows where the game stands, `count` jumps to the final count, \
                     `quit` stops (the journal keeps everything). A city may be named by the \
                     start of its name.",
                    if p.choices.is_empty() { String::new() } else { format!("Answers: {}", p.choices.join(", ")) }
                ));
                continue;
            }
            "quit" | "exit" => {
                out.message(&format!(
                    "stopped; resume with: silk table silk-road --resume {}",
                    journal.path.display()
                ));
                return Ok(());
            }
            "history" => {
                for h in table.history() {
                    say(out, &h);
                }
                continue;
            }
            "status" => {
                for line in table.status() {
                    say(out, &line);
                }
                continue;
            }
            "undo" => {
                match table.without_last() {
                    Some(t) => {
                        journal.append(&Line::Undo(true))?;
                        table = t;
                        say(out, "undone");
                    }
                    None => say(out, "nothing to undo"),
                }
                continue;
            }
            _ => {}
        }
        let entry = if text.eq_ignore_ascii_case("count") {
            Ok(Entry::Count)
        } else {
            table.parse(text)
        };
        match entry.and_then(|e| table.apply(e.clone()).map(|said| (e, said))) {
            Ok((e, said)) => {
                journal.append(&Line::Entry(e))?;
                for s in said {
                    say(out, &s);
                }
            }
            Err(e) => say(out, &format!("not accepted: {e}")),
        }
    }
}

/// After the count, each player at the table is asked the playtest questions in turn (the
/// screen cleared between them at a terminal); the answers go to the table's record at once.
fn ask_feedback(
    table: &Table,
    journal: &mut Journal,
    (source, tty): (&mut MoveSource, bool),
    out: &mut Out,
) -> CliResult<()> {
    use crate::playtest::feedback::{ask_player, rule_sections};
    let Some(record) = journal.record.as_mut() else {
        return Ok(());
    };
    let rules = <silk_road::SilkRoad as silk_core::Game>::rules_text(table.config());
    let sections = rule_sections(&rules);
    for (i, name) in table.names.iter().enumerate() {
        let seat = silk_core::Seat(i as u8);
        if let Some(f) = ask_player((seat, name), table.round, &sections, (source, tty), out)? {
            record.add_feedback(f)?;
        }
    }
    Ok(())
}

fn say(out: &mut Out, text: &str) {
    out.line(text, json!({"type": "say", "text": text}));
}

fn start(args: &TableArgs, out: &mut Out) -> CliResult<(Table, Journal)> {
    let players = args.players.as_deref().ok_or_else(|| {
        CliError::input("name the players: --players Ana,Ben,Cleo (or --players 4)")
    })?;
    let names: Vec<String> = match players.trim().parse::<usize>() {
        Ok(n) => (1..=n).map(|i| format!("P{i}")).collect(),
        Err(_) => players.split(',').map(|s| s.trim().to_string()).collect(),
    };
    if !(3..=6).contains(&names.len()) {
        return Err(CliError::input(format!(
            "Silk Road needs 3 to 6 players, not {}",
            names.len()
        )));
    }
    let table = Table::new(names.clone(), &args.config, args.any_city)
        .map_err(|e| CliError::input(e.to_string()))?;
    let path = args.journal.clone().unwrap_or_else(|| {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        PathBuf::from(format!("silk-table-{secs}.journal"))
    });
    if path.exists() {
        return Err(CliError::input(format!(
            "{} already exists: continue it with --resume, or choose another --journal",
            path.display()
        )));
    }
    let lock = crate::lock::take(&path, out)?;
    let mut file = OpenOptions::new()
        .create_new(true)
        .write(true)
        .open(&path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let mut config = args.config.clone();
    config.players = names.len();
    let header = Header {
        silk_table: JOURNAL_VERSION,
        game: "silk-road".into(),
        players: names,
        any_city: args.any_city,
        config,
    };
    let text = serde_json::to_string(&header).map_err(|e| CliError::Internal(e.to_string()))?;
    writeln!(file, "{text}")
        .and_then(|_| file.sync_data())
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    out.message(&format!(
        "journal: {} (every entry is saved as you go)",
        path.display()
    ));
    let journal = Journal {
        file,
        path,
        chain: Some((0, chain(FNV_START, &text))),
        _lock: lock,
        paused: false,
        confirmed: false,
        record: None,
    };
    Ok((table, journal))
}

/// A journal line: its number and the running hash it claims (version 2), and what it says.
fn read_line(text: &str) -> Result<(Option<u64>, Option<String>, Line), String> {
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let map = value
        .as_object_mut()
        .ok_or_else(|| "not a JSON object".to_string())?;
    let seq = map.remove("seq").map(|v| v.as_u64());
    let hash = map.remove("hash").map(|v| v.as_str().map(str::to_string));
    let line = serde_json::from_value(value).map_err(|e| e.to_string())?;
    match (seq, hash) {
        (Some(None), _) => Err("\"seq\" is not a number".into()),
        (_, Some(None)) => Err("\"hash\" is not a string".into()),
        (seq, hash) => Ok((seq.flatten(), hash.flatten(), line)),
    }
}

/// A journal's first line: its header, and the table it opens.
fn read_header(first: &str, origin: &str) -> CliResult<(Header, Table)> {
    let header: Header = serde_json::from_str(first).map_err(|e| {
        CliError::input(format!(
            "{origin}: line 1: not a silk table journal header: {e}"
        ))
    })?;
    if header.game != "silk-road" || !(1..=JOURNAL_VERSION).contains(&header.silk_table) {
        return Err(CliError::input(format!(
            "{origin}: line 1: a {} journal version {}, not silk-road version 1 or {JOURNAL_VERSION}",
            header.game, header.silk_table
        )));
    }
    let table = Table::new(header.players.clone(), &header.config, header.any_city)
        .map_err(|e| CliError::input(format!("{origin}: line 1: {e}")))?;
    Ok((header, table))
}

/// Why a version 2 line does not follow on from entry `seq` (`next`: the hash it should carry),
/// or `None` when it does.
fn chain_break(
    seq: u64,
    next: u64,
    claimed_seq: Option<u64>,
    claimed_hash: Option<&str>,
) -> Option<String> {
    match (claimed_seq, claimed_hash) {
        (Some(n), Some(h)) if n == seq + 1 && h == format!("{next:016x}") => None,
        (Some(n), Some(_)) if n == seq + 1 => Some(format!(
            "entry {n} does not match what was written (this line or one before it was edited)"
        )),
        (Some(n), Some(_)) => Some(format!(
            "entry {n} where entry {} was due (a line was removed, added or moved)",
            seq + 1
        )),
        _ => Some("an entry without \"seq\" and \"hash\" in a version 2 journal".into()),
    }
}

/// Reopens a journal: replays it onto a new table, cuts it where it stops following on, and
/// opens it for appending.
fn resume(path: &Path, out: &mut Out) -> CliResult<(Table, Journal)> {
    let origin = path.display().to_string();
    // Taken before reading: a helper still writing this journal would be resumed half-way.
    let lock = crate::lock::take(path, out)?;
    // Bytes, not text: a line torn by a crash may end inside a character (issue 44), and is
    // then skipped like any other torn line. Only a regular file is read (a FIFO would block).
    let text = silk_core::files::read_regular(path, silk_core::files::Limit::JOURNAL)
        .map_err(|e| CliError::input(format!("{origin}: {e}")))?;
    let (first, offset) = header_line(&text, &origin)?;
    let (header, table) = read_header(first, &origin)?;
    let chained = header.silk_table >= 2;
    let r = replay(&text, offset, table, chained, first, &origin, out);
    let mut kept_end = text.len();
    if let Some((at_byte, at_line, why)) = &r.cut {
        kept_end = *at_byte;
        // Nothing is lost: the whole file is kept beside the journal before it is cut.
        let copy = keep_copy(path)?;
        let dropped = text[*at_byte..]
            .split(|&b| b == b'\n')
            .filter(|l| !l.trim_ascii().is_empty())
            .count();
        out.message(&format!(
            "{origin}: line {at_line}: {why}; resuming from the {} entries before it, {dropped} lines from line {at_line} on dropped (the whole journal is kept as {})",
            r.table.entries.len(),
            copy.display()
        ));
        crate::save::replace_file(path, &text[..kept_end])?;
    }
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| CliError::input(format!("{origin}: {e}")))?;
    // A line cut short by a crash has no newline: end it, so new entries start clean.
    if !text[..kept_end].is_empty() && !text[..kept_end].ends_with(b"\n") {
        writeln!(file).map_err(|e| CliError::input(format!("{origin}: {e}")))?;
    }
    let table = r.table;
    out.message(&format!(
        "resumed {origin}: {} entries{}",
        table.entries.len(),
        if r.skipped > 0 {
            format!(", {} skipped", r.skipped)
        } else {
            String::new()
        }
    ));
    for h in table
        .history()
        .iter()
        .rev()
        .take(3)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        say(out, &format!("(earlier) {h}"));
    }
    let journal = Journal {
        file,
        path: path.to_path_buf(),
        chain: chained.then_some((r.seq, r.hash)),
        _lock: lock,
        paused: r.paused,
        confirmed: r.confirmed,
        record: None,
    };
    Ok((table, journal))
}

/// The journal's header line (without its line end) and the byte offset after it.
fn header_line<'t>(text: &'t [u8], origin: &str) -> CliResult<(&'t str, usize)> {
    let Some(raw) = text.split_inclusive(|&b| b == b'\n').next() else {
        return Err(CliError::input(format!("{origin}: empty journal")));
    };
    let first = std::str::from_utf8(raw).map_err(|_| {
        CliError::input(format!(
            "{origin}: line 1: not a silk table journal header (not UTF-8 text)"
        ))
    })?;
    Ok((first.trim_end_matches(['\n', '\r']), raw.len()))
}

/// A journal's lines after the header, replayed.
struct Replayed {
    table: Table,
    /// The last good line's number and the running hash through it.
    seq: u64,
    hash: u64,
    /// Lines skipped: unreadable, or entries the table refused.
    skipped: usize,
    /// Where the journal stops following on: its byte offset, line and why.
    cut: Option<(usize, usize, String)>,
    paused: bool,
    confirmed: bool,
}

/// Replays the lines after the header (which ends at byte `offset`) onto `table`. An
/// unreadable line is skipped when the next line follows on from the one before it (a crash's
/// torn write); in a chained journal the first line that does not follow on is the cut.
fn replay(
    text: &[u8],
    mut offset: usize,
    table: Table,
    chained: bool,
    first: &str,
    origin: &str,
    out: &mut Out,
) -> Replayed {
    let mut r = Replayed {
        table,
        seq: 0,
        hash: chain(FNV_START, first),
        skipped: 0,
        cut: None,
        paused: false,
        confirmed: false,
    };
    // Unreadable lines not yet known to be skippable: a crash's torn write is, when the next
    // line follows on from the line before it.
    let mut unread: Vec<(usize, String)> = Vec::new();
    for (i, raw) in text.split_inclusive(|&b| b == b'\n').enumerate().skip(1) {
        let start = offset;
        offset += raw.len();
        let line_no = i + 1;
        let Ok(l) = std::str::from_utf8(raw) else {
            unread.push((
                line_no,
                "corrupt or truncated entry (not UTF-8 text)".into(),
            ));
            continue;
        };
        let l = l.trim_end_matches(['\n', '\r']);
        if l.trim().is_empty() {
            continue;
        }
        let (claimed_seq, claimed_hash, line) = match read_line(l) {
            Ok(x) => x,
            Err(e) => {
                unread.push((line_no, format!("corrupt or truncated entry ({e})")));
                continue;
            }
        };
        if chained {
            // The line as it was hashed: its own hash emptied (the first `"hash":` is ours).
            let own = claimed_hash.as_deref().unwrap_or_default();
            let blank = l.replacen(&format!("\"hash\":\"{own}\""), "\"hash\":\"\"", 1);
            let next = chain(r.hash, &blank);
            let why = chain_break(r.seq, next, claimed_seq, claimed_hash.as_deref());
            if let Some(why) = why {
                // The first line that breaks the chain is where the journal stops.
                r.cut = Some(match unread.first() {
                    Some((at, bad)) => (
                        line_start(text, *at),
                        *at,
                        format!("{bad}, and the lines after it do not follow on"),
                    ),
                    None => (start, line_no, why),
                });
                break;
            }
            r.hash = next;
            r.seq += 1;
        }
        r.skipped += skip_unread(&mut unread, origin, out);
        r.apply(line, line_no, origin, out);
    }
    // Unreadable lines at the end: a write cut short by a crash.
    r.skipped += skip_unread(&mut unread, origin, out);
    r
}

impl Replayed {
    /// Applies one journal line that follows on; an entry the table refuses is skipped.
    fn apply(&mut self, line: Line, line_no: usize, origin: &str, out: &mut Out) {
        match line {
            Line::Entry(e) => {
                if let Err(why) = self.table.apply(e) {
                    out.message(&format!("{origin}: line {line_no}: {why}; skipped"));
                    self.skipped += 1;
                }
            }
            Line::Undo(_) => {
                if let Some(t) = self.table.without_last() {
                    self.table = t;
                }
            }
            Line::Pause(p) => self.paused = p,
            Line::Confirm(_) => self.confirmed = self.table.step == Step::Done,
        }
    }
}

/// Reports the unreadable lines waiting in `unread` as skipped; returns how many.
fn skip_unread(unread: &mut Vec<(usize, String)>, origin: &str, out: &mut Out) -> usize {
    let n = unread.len();
    for (at, bad) in unread.drain(..) {
        out.message(&format!("{origin}: line {at}: {bad}; skipped"));
    }
    n
}

/// The byte offset where line `line_no` (from 1) starts.
fn line_start(text: &[u8], line_no: usize) -> usize {
    text.split_inclusive(|&b| b == b'\n')
        .take(line_no - 1)
        .map(<[u8]>::len)
        .sum()
}

/// Copies the journal to `JOURNAL.damaged` (or `.damaged-2`, … if taken); returns the copy.
fn keep_copy(path: &Path) -> CliResult<PathBuf> {
    for k in 1..1000 {
        let mut name = path.as_os_str().to_owned();
        name.push(if k == 1 {
            ".damaged".to_string()
        } else {
            format!(".damaged-{k}")
        });
        let copy = PathBuf::from(name);
        let created = OpenOptions::new().write(true).create_new(true).open(&copy);
        match created {
            Ok(mut f) => {
                let bytes = silk_core::files::read_regular(path, silk_core::files::Limit::JOURNAL)
                    .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
                f.write_all(&bytes)
                    .and_then(|_| f.sync_data())
                    .map_err(|e| CliError::input(format!("{}: {e}", copy.display())))?;
                return Ok(copy);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(CliError::input(format!("{}: {e}", copy.display()))),
        }
    }
    Err(CliError::input(format!(
        "{}: too many damaged copies beside it",
        path.display()
    )))
}

/// `silk table cities --serve`: a playtest of the prototype refereed by the engine, every seat
/// a person on their own page, every move kept in the journal (a `silk play` save file, so
/// `silk replay cities FILE` shows it and `--resume` continues it). `config` is a new game's
/// (the game kept at `resume` has its own).
pub fn cities(
    config: Option<silk_cities::CitiesConfig>,
    (journal, resume): (Option<PathBuf>, Option<PathBuf>),
    playtest: &PlaytestOptions,
    serving: crate::serve::Serving,
    out: &mut Out,
) -> CliResult<()> {
    use silk_cities::Cities;
    use silk_core::{Game, Replay};
    let replay = match (&resume, config) {
        (Some(path), _) => Replay::<Cities>::load(path)?,
        (None, config) => {
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(1);
            let config = match config {
                Some(c) => c,
                None => <Cities as crate::games::CliGame>::config(None, &Default::default())?,
            };
            Replay::new(config, seed)
        }
    };
    let n = Cities::num_seats(&Cities::setup(&replay.config, replay.seed)?);
    let seats: Vec<_> = (0..n).map(|_| crate::play::SeatKind::Human).collect();
    let path = resume
        .clone()
        .or(journal)
        .unwrap_or_else(|| PathBuf::from(format!("silk-table-cities-{}.json", replay.seed)));
    let save = if resume.is_some() {
        crate::play::SaveFile::at(&path, &replay, out)?
    } else {
        crate::play::SaveFile::create(&path, false, &replay, out)?
    };
    out.message(&format!(
        "journal: {} (every move is saved as it is made; --resume {} continues)",
        path.display(),
        path.display()
    ));
    // The playtest record, beside the journal (docs/playtests.md).
    let record = crate::play::playtest_record(&replay, &seats, (Some(&path), playtest), out)?;
    let session =
        crate::serve::PlaySession::new(replay, seats, (Some(save), record), true, 1_000_000)?;
    let resume = format!("silk table cities --resume {} --serve", path.display());
    crate::serve::serve(session, serving, Some(resume), out)
}

//! `silk table`: the table helper's terminal front end and journal. The rules are in
//! `silk_road::table`; this file prompts, reads, announces, and makes every entry durable.
//!
//! Journal: JSON Lines. Line 1 is a header (players, config); each later line is
//! `{"entry": …}` or `{"undo": true}`, written and synced to disk before the next prompt.
//! `--resume` replays it; a corrupt or truncated line is reported and skipped.

use crate::error::{CliError, CliResult};
use crate::output::Out;
use serde::{Deserialize, Serialize};
use serde_json::json;
use silk_road::table::{Entry, Step, Table};
use silk_road::SilkRoadConfig;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

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
enum Line {
    Entry(Entry),
    Undo(bool),
}

/// An append-only journal, synced after every line.
struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    fn append(&mut self, line: &Line) -> CliResult<()> {
        let text = serde_json::to_string(line).map_err(|e| CliError::Internal(e.to_string()))?;
        let io = |e: std::io::Error| CliError::input(format!("{}: {e}", self.path.display()));
        writeln!(self.file, "{text}").map_err(io)?;
        self.file.flush().map_err(io)?;
        self.file.sync_data().map_err(io)
    }
}

pub struct TableArgs {
    pub players: Option<String>,
    pub journal: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    pub any_city: bool,
    pub config: SilkRoadConfig,
}

/// Runs the helper on stdin until the game is over or input ends.
pub fn run(args: TableArgs, out: &mut Out) -> CliResult<()> {
    let (mut table, mut journal) = match &args.resume {
        Some(path) => resume(path, out)?,
        None => start(&args, out)?,
    };
    let colour = std::io::stdout().is_terminal() && !out.json;
    let interactive = std::io::stdin().is_terminal();
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    loop {
        if table.step == Step::Done {
            return Ok(());
        }
        let p = table.prompt();
        let q = if colour {
            format!("\x1b[1;36m{}\x1b[0m", p.question)
        } else {
            p.question.clone()
        };
        out.line(
            &q,
            json!({"type": "prompt", "who": p.who, "question": p.question, "choices": p.choices}),
        );
        if interactive {
            out.prompt_inline("> ");
        }
        let mut line = String::new();
        match input.read_line(&mut line) {
            Ok(0) => {
                out.message(&format!(
                    "input ended; the journal {} keeps the game: resume with --resume",
                    journal.path.display()
                ));
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
                     `count` jumps to the final count, `quit` stops (the journal keeps everything).",
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
    let mut file = OpenOptions::new()
        .create_new(true)
        .write(true)
        .open(&path)
        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    let mut config = args.config.clone();
    config.players = names.len();
    let header = Header {
        silk_table: 1,
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
    Ok((table, Journal { file, path }))
}

fn resume(path: &Path, out: &mut Out) -> CliResult<(Table, Journal)> {
    let origin = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| CliError::input(format!("{origin}: {e}")))?;
    let mut lines = text.lines().enumerate();
    let header: Header = match lines.next() {
        Some((_, first)) => serde_json::from_str(first).map_err(|e| {
            CliError::input(format!(
                "{origin}: line 1: not a silk table journal header: {e}"
            ))
        })?,
        None => return Err(CliError::input(format!("{origin}: empty journal"))),
    };
    if header.game != "silk-road" || header.silk_table != 1 {
        return Err(CliError::input(format!(
            "{origin}: line 1: a {} journal version {}, not silk-road version 1",
            header.game, header.silk_table
        )));
    }
    let mut table = Table::new(header.players.clone(), &header.config, header.any_city)
        .map_err(|e| CliError::input(format!("{origin}: line 1: {e}")))?;
    let mut skipped = 0;
    for (i, l) in lines {
        if l.trim().is_empty() {
            continue;
        }
        let note = |why: String| format!("{origin}: line {}: {why}; skipped", i + 1);
        match serde_json::from_str::<Line>(l) {
            Ok(Line::Entry(e)) => {
                if let Err(why) = table.apply(e) {
                    out.message(&note(why.to_string()));
                    skipped += 1;
                }
            }
            Ok(Line::Undo(_)) => {
                if let Some(t) = table.without_last() {
                    table = t;
                }
            }
            Err(e) => {
                out.message(&note(format!("corrupt or truncated entry ({e})")));
                skipped += 1;
            }
        }
    }
    let mut file = OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| CliError::input(format!("{origin}: {e}")))?;
    // A line cut short by a crash has no newline: end it, so new entries start clean.
    if !text.is_empty() && !text.ends_with('\n') {
        writeln!(file).map_err(|e| CliError::input(format!("{origin}: {e}")))?;
    }
    out.message(&format!(
        "resumed {origin}: {} entries{}",
        table.entries.len(),
        if skipped > 0 {
            format!(", {skipped} skipped")
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
    Ok((
        table,
        Journal {
            file,
            path: path.to_path_buf(),
        },
    ))
}

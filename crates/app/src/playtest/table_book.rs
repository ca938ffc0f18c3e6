//! Silk Road tables in the playtest book (issue 47): the partial records the table helper
//! keeps ([`super::table_record`]) read for what they can tell — who won and by how much, the
//! rounds, the table minutes by the entries' clock, the leader auctions (how often anyone bid,
//! at what price, sold or kept) and the tiles taken by kind. Nothing else is known of these
//! games (money and goods stay behind the screens until the count), so none of the engine's
//! measures is given.

use super::figures::{share, spread, wins_by_name};
use super::table_record::TableRecord;
use crate::error::{CliError, CliResult};
use serde_json::{json, Value};
use silk_road::table::{Summary, Taken};
use std::path::{Path, PathBuf};

/// One table of the book.
pub struct TableGame {
    pub file: String,
    pub record: TableRecord,
    pub summary: Summary,
}

impl TableGame {
    /// Whether the final count is in.
    pub fn counted(&self) -> bool {
        self.summary.result.is_some()
    }

    /// The names of those ranked first at the count.
    pub fn winners(&self) -> Vec<&str> {
        let Some((_, ranks)) = &self.summary.result else {
            return Vec::new();
        };
        ranks
            .iter()
            .zip(&self.record.playtest.seats)
            .filter(|(&r, _)| r == 0)
            .map(|(_, s)| s.name.as_str())
            .collect()
    }

    /// The first score minus the second (0 for a shared first place).
    fn margin(&self) -> Option<f64> {
        let (scores, _) = self.summary.result.as_ref()?;
        let mut t: Vec<u32> = scores.iter().map(|s| s.total).collect();
        t.sort_unstable_by(|a, b| b.cmp(a));
        Some(t.first()?.saturating_sub(*t.get(1).unwrap_or(&0)) as f64)
    }
}

/// Whether `text` is a table's record (its first key names the format).
pub fn is_table_record(text: &str) -> bool {
    #[derive(serde::Deserialize)]
    struct Marker {
        #[allow(dead_code)] // only its presence is read
        silk_table_record: u32,
    }
    serde_json::from_str::<Marker>(text).is_ok()
}

/// The tables' records (`texts`: each file's path and text, those [`is_table_record`] took),
/// each played again through the table's rules (a record whose entries the rules refuse is
/// refused with its file and entry).
pub fn read(texts: &[(PathBuf, String)]) -> CliResult<Vec<TableGame>> {
    let mut games = Vec::new();
    for (path, text) in texts {
        let origin = path.display().to_string();
        let record: TableRecord = silk_core::data::parse_json(text, &origin)
            .map_err(|e| CliError::input(e.to_string()))?;
        let table = record
            .table()
            .map_err(|why| CliError::input(format!("{origin}: {why}")))?;
        games.push(TableGame {
            file: file_name(path),
            summary: table.summary(),
            record,
        });
    }
    Ok(games)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// The tables section of the book: text and JSON (`None` without a table).
pub fn render(games: &[TableGame]) -> Option<(String, Value)> {
    if games.is_empty() {
        return None;
    }
    let counted: Vec<&TableGame> = games.iter().filter(|g| g.counted()).collect();
    let n = counted.len() as u64;
    let mut text = format!(
        "\nSilk Road tables (partial records: what the table helper heard): {} table(s), {n} \
         counted, {} stopped before the count\n",
        games.len(),
        games.len() as u64 - n
    );
    let (wins_text, wins) = wins(&counted);
    text += &wins_text;
    let of = |f: &dyn Fn(&TableGame) -> Option<f64>, gs: &[&TableGame]| {
        spread(&gs.iter().filter_map(|g| f(g)).collect::<Vec<_>>())
    };
    let all: Vec<&TableGame> = games.iter().collect();
    let rounds = of(&|g| Some(g.summary.rounds as f64), &counted);
    let minutes = of(&|g| Some(g.record.minutes()), &counted);
    let minutes_all = of(&|g| Some(g.record.minutes()), &all);
    let margin = of(&|g| g.margin(), &counted);
    text += &format!(
        "  counted tables: rounds {}, margin (first minus second, points) {}\n  table minutes by \
         the entries' clock: counted tables {}; all tables {}\n",
        rounds.0, margin.0, minutes.0, minutes_all.0
    );
    let (said_text, auctions, tiles) = auctions_and_tiles(games);
    text += &said_text;
    let (listed_text, listed) = listing(games);
    text += &listed_text;
    let value = json!({
        "tables": games.len(),
        "counted": n,
        "wins": wins,
        "rounds": rounds.1,
        "margin": margin.1,
        "minutes_counted": minutes.1,
        "minutes_all": minutes_all.1,
        "auctions": auctions,
        "tiles": tiles,
        "records": listed,
    });
    Some((text, value))
}

/// Wins by name over the counted tables (a shared first place counts for each).
fn wins(counted: &[&TableGame]) -> (String, Vec<Value>) {
    let games: Vec<_> = counted
        .iter()
        .map(|g| (&g.record.playtest, g.winners()))
        .collect();
    let (rows, json) = wins_by_name(&games, "    ");
    if counted.is_empty() {
        return (rows, json);
    }
    (
        "  wins (a shared first place counts for each):\n".to_string() + &rows,
        json,
    )
}

/// The leader auctions of every table (each round's, as far as it was entered) and the tiles
/// taken, by the kind the helper is told.
fn auctions_and_tiles(games: &[TableGame]) -> (String, Value, Value) {
    let auctions: Vec<_> = games.iter().flat_map(|g| &g.summary.auctions).collect();
    let bid: Vec<_> = auctions.iter().filter(|a| a.winner.is_some()).collect();
    let (bid_t, bid_j) = share(bid.len() as u64, auctions.len() as u64);
    let sold = bid.iter().filter(|a| a.sold).count() as u64;
    let (sold_t, sold_j) = share(sold, bid.len() as u64);
    let price = spread(&bid.iter().map(|a| a.price as f64).collect::<Vec<_>>());
    let mut text = format!(
        "  leader auctions: someone bid in {bid_t}; high bid {} coins; the holder sold in {sold_t}\n",
        price.0
    );
    let tiles: Vec<_> = games.iter().flat_map(|g| &g.summary.tiles).collect();
    let kinds = [
        (Taken::Tile, "a tile used at once"),
        (Taken::GrandVizier, "Grand Vizier"),
        (Taken::Crook, "Crook"),
        (Taken::Barterer, "Barterer"),
    ];
    let by_kind: Vec<(&str, usize)> = kinds
        .iter()
        .map(|(k, name)| (*name, tiles.iter().filter(|t| t.tile == *k).count()))
        .collect();
    let bartered = tiles.iter().filter(|t| t.barter).count();
    text += &format!(
        "  tiles taken: {} ({}; {bartered} with a Barterer)\n",
        tiles.len(),
        by_kind
            .iter()
            .map(|(k, c)| format!("{k} {c}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let auctions_json =
        json!({"n": auctions.len(), "bid": bid_j, "high_bid": price.1, "sold": sold_j});
    let tiles_json = json!({"n": tiles.len(), "bartered": bartered,
        "by_kind": by_kind.iter().map(|(k, c)| json!({"kind": k, "count": c})).collect::<Vec<_>>()});
    (text, auctions_json, tiles_json)
}

/// Each table on a line, and as JSON.
fn listing(games: &[TableGame]) -> (String, Vec<Value>) {
    let mut text = String::new();
    let mut listed = Vec::new();
    for g in games {
        let p = &g.record.playtest;
        let seats: Vec<&str> = p.seats.iter().map(|s| s.name.as_str()).collect();
        let ending = if g.counted() {
            format!("won by {}", g.winners().join(" and "))
        } else {
            format!(
                "stopped before the count, after {} entries",
                g.record.entries.len()
            )
        };
        text += &format!(
            "    {}  {}  {}{}: {ending}; {} rounds, {:.1} min{}\n",
            p.started,
            g.file,
            seats.join(", "),
            p.place
                .as_deref()
                .map_or(String::new(), |x| format!(" at {x}")),
            g.summary.rounds,
            g.record.minutes(),
            if g.record.timed() {
                ""
            } else {
                " (some entries untimed)"
            }
        );
        let scores: Option<Vec<u32>> = g
            .summary
            .result
            .as_ref()
            .map(|(s, _)| s.iter().map(|x| x.total).collect());
        listed.push(json!({
            "file": g.file,
            "playtest": p,
            "counted": g.counted(),
            "winners": g.winners(),
            "scores": scores,
            "rounds": g.summary.rounds,
            "entries": g.record.entries.len(),
            "minutes": g.record.minutes(),
            "auctions": g.summary.auctions.iter().map(|a| json!({
                "round": a.round, "holder": a.holder.0, "winner": a.winner.map(|w| w.0),
                "price": a.price, "sold": a.sold})).collect::<Vec<_>>(),
            "tiles": g.summary.tiles.len(),
        }));
    }
    (text, listed)
}

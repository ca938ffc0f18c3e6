//! `silk games` and `silk mechanics`: what silk plays and the mechanics the engines share.

use crate::error::CliResult;
use crate::games::GameName;
use crate::output::Out;
use serde_json::json;

/// `silk games`: each game's command-line name and one line about it.
pub fn games(out: &mut Out) -> CliResult<()> {
    let list: Vec<(&str, &str)> = GameName::ALL
        .iter()
        .map(|g| (g.name(), g.summary()))
        .collect();
    let text: String = list.iter().map(|(n, s)| format!("{n:<12} {s}\n")).collect();
    let value = json!(list
        .iter()
        .map(|(n, s)| json!({"name": n, "summary": s}))
        .collect::<Vec<_>>());
    out.doc(&text, &value);
    Ok(())
}

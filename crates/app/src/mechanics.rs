//! The mechanics the engines share: `silk mechanics` (where each engine uses one, and the
//! parameter that selects its format) and `silk compare --mechanic auction` (every format at
//! every auction point of every engine, on the same seeds, with intervals).

use crate::design::space::Space;
use crate::design::{measure, measure_paired};
use crate::error::CliResult;
use crate::games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName};
use crate::lab::{self, Batch};
use crate::output::Out;
use serde_json::{json, Value};
use silk_core::{MechanicUse, Observe};
use silk_lab::paired::{self, Compared};
use silk_lab::report::{MechanicSection, Shown};
use silk_lab::Measured;
use silk_lab::TimeSpec;
use std::collections::BTreeMap;
use std::path::Path;

/// The shared mechanics `--mechanic` can compare.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mechanic {
    /// Every auction format at every auction point.
    Auction,
}

impl Mechanic {
    fn name(self) -> &'static str {
        match self {
            Mechanic::Auction => "auction",
        }
    }
}

/// The games with their shared mechanics, in `silk games` order (those listed: a reference or
/// test game is left out, see `CliGame::MECHANICS_LISTED`).
fn engines() -> Vec<(GameName, &'static str, Vec<MechanicUse>)> {
    GameName::ALL
        .iter()
        .filter_map(
            |&g| with_game!(g, G => G::MECHANICS_LISTED.then(|| (g, g.name(), G::mechanics()))),
        )
        .collect()
}

/// `silk mechanics`: every shared mechanic, where each engine uses it, and its parameter.
pub fn list(out: &mut Out) -> CliResult<()> {
    let mut text = String::new();
    let mut rows = Vec::new();
    for mechanic in ["auction", "route"] {
        text += &format!("{mechanic}\n");
        for (_, game, all) in engines() {
            let here: Vec<&MechanicUse> = all.iter().filter(|u| u.mechanic == mechanic).collect();
            if here.is_empty() {
                text += &format!("  {game:<10} —  (no {mechanic} in this game)\n");
                rows.push(json!({"mechanic": mechanic, "game": game, "uses": null}));
                continue;
            }
            for u in here {
                text += &format!(
                    "  {game:<10} {:<17} default {}\n  {:<10} {}\n",
                    u.param.unwrap_or("(no parameter)"),
                    u.default,
                    "",
                    u.about
                );
                if !u.choices.is_empty() {
                    text += &format!("  {:<10} choices: {}\n", "", u.choices.join(", "));
                }
                if let Some(v) = u.value {
                    text += &format!("  {:<10} lot's value (for the surplus): {v}\n", "");
                }
                rows.push(json!({"mechanic": mechanic, "game": game, "uses": u}));
            }
        }
    }
    text += "\nSet a parameter like any other: in a config file's \"params\", with \
             silk compare GAME --variant NAME=PARAM=VALUE, or silk sweep GAME --param PARAM \
             --values …; silk rules GAME shows the values in force. An auction format is \
             KIND/PAYMENT/TIE (see docs/mechanics.md).\n";
    out.doc(&text, &Value::Array(rows));
    Ok(())
}

/// The measures shown for an auction point with key `key`: `(name, short header, label with
/// the unit)`.
fn shown(key: &str) -> Vec<(String, &'static str, &'static str)> {
    let a = |m: &str| format!("auction.{key}.{m}");
    vec![
        (
            a("price_share_of_wealth"),
            "price/wealth %",
            "price over the winner's wealth (%, mean over won auctions)",
        ),
        (
            a("mean_surplus"),
            "surplus",
            "lot's value − price (price units per won auction)",
        ),
        (
            a("no_bid_share"),
            "no bid %",
            "auctions with no bid (% of auctions)",
        ),
        (
            a("richest_won_share"),
            "richest won %",
            "won by the richest bidder (% of won auctions)",
        ),
        ("rounds".into(), "rounds", "game length (rounds per game)"),
        (
            "first_mover_advantage".into(),
            "seat adv. %",
            "seat advantage: first mover's win rate − 1/N (%)",
        ),
        (
            "margin".into(),
            "margin",
            "win margin (winner − runner-up, points)",
        ),
        ("lead_changes".into(), "lead chg", "lead changes per game"),
        (
            "share.cut_short".into(),
            "cut short %",
            "games cut short: stuck or at the decision cap (% of all games; a rules' round cap \
             with winners is not cut short)",
        ),
    ]
}

/// Every auction point of `G`, each played under every format it accepts; an engine without
/// one plays its rules once.
fn sections<G: CliGame + Observe>(
    mechanic: Mechanic,
    batch: &Batch,
    out: &mut Out,
) -> CliResult<Vec<MechanicSection>>
where
    G::Config: Sync,
{
    let base = G::config(None, &DataFiles::default())?;
    let points: Vec<MechanicUse> = G::mechanics()
        .into_iter()
        .filter(|u| u.mechanic == mechanic.name() && u.param.is_some())
        .collect();
    let mut secs = Vec::new();
    if points.is_empty() {
        let run = measure::<G>(&base, batch, &TimeSpec::default(), &[])?;
        out.message(&format!(
            "{}: {} games done (no {})",
            G::NAME,
            batch.games,
            mechanic.name()
        ));
        secs.push(MechanicSection {
            game: G::NAME.into(),
            param: None,
            about: format!(
                "{} has no {}: only the game's own measures apply",
                G::NAME,
                mechanic.name()
            ),
            value: None,
            runs: vec![("rules".into(), true, run.measures)],
            differences: vec![None],
        });
        return Ok(secs);
    }
    for u in points {
        let Some(param) = u.param else { continue };
        // The rules' format first: every other format is compared with it game by game.
        let mut order: Vec<&String> = u.choices.iter().filter(|c| **c == u.default).collect();
        order.extend(u.choices.iter().filter(|c| **c != u.default));
        // Each format a setting of the point's parameter, checked by a setup (a format the
        // point's rules cannot take is refused here, naming the parameter).
        let values: Vec<String> = order.iter().map(|c| c.to_string()).collect();
        let formats = Space::<G>::new(&base, &[(param.to_string(), values)])?;
        let mut configs = Vec::new();
        for (i, choice) in order.iter().enumerate() {
            configs.push((format!("{param}={choice}"), formats.config(&[i])?));
        }
        let played = measure_paired::<G>(&configs, batch, &TimeSpec::default(), &[], out)?;
        let rules_first = order.first().is_some_and(|c| **c == u.default);
        let diffs: Vec<Option<BTreeMap<String, Compared>>> = (0..order.len())
            .map(|i| {
                (i > 0 && rules_first).then(|| {
                    paired::compare(
                        &played.measures[0],
                        &played.measures[i],
                        &played.paired[i - 1],
                    )
                })
            })
            .collect();
        let mut by_choice: BTreeMap<&String, _> = order
            .iter()
            .copied()
            .zip(played.measures.into_iter().zip(diffs))
            .collect();
        let mut runs = Vec::new();
        let mut differences = Vec::new();
        for choice in &u.choices {
            if let Some((m, d)) = by_choice.remove(choice) {
                runs.push((choice.clone(), *choice == u.default, m));
                differences.push(d);
            }
        }
        secs.push(MechanicSection {
            game: G::NAME.into(),
            param: Some(param.into()),
            about: u.about.into(),
            value: u.value.map(str::to_string),
            runs,
            differences,
        });
    }
    Ok(secs)
}

/// A point's heading in the text table: the game, the parameter, what it is, the lot's value,
/// and the column heads.
fn section_head(sec: &MechanicSection, cols: &[(String, &'static str, &'static str)]) -> String {
    let mut text = format!(
        "\n{} · {}\n  {}\n  lot's value: {}\n",
        sec.game,
        sec.param.as_deref().unwrap_or("(no auction)"),
        sec.about,
        sec.value
            .as_deref()
            .unwrap_or("none the rules give, so no surplus (—)")
    );
    text += &format!("  {:<40}", "format");
    for (_, head, _) in cols {
        text += &format!(" {head:>22}");
    }
    text + "\n"
}

/// `silk compare --mechanic auction`.
pub fn compare(
    mechanic: Mechanic,
    batch: &Batch,
    (html, force): (Option<&Path>, bool),
    out: &mut Out,
) -> CliResult<()> {
    if let Some(path) = html {
        lab::check_html(path, force)?;
    }
    let mut batch = batch.clone();
    if batch.bots.is_empty() {
        batch.bots = vec!["greedy".into()];
    }
    let (mut all, mut games) = (Vec::new(), Vec::new());
    for (game, name, _) in engines() {
        games.push(name);
        all.extend(with_game!(game, G => sections::<G>(mechanic, &batch, out))?);
    }
    let keys = point_keys();
    let settings = format!(
        "{} games per format on the same seeds (from seed {}), bots {}, each game's default table",
        batch.games,
        batch.seed,
        batch.bots.join(",")
    );
    let mut text = format!(
        "the {} formats: {settings}\nvalue [95% interval]; * where the interval of the \
         difference from the rules' format excludes 0; — where a measure does not apply\n",
        mechanic.name()
    );
    let mut json_secs = Vec::new();
    let mut html_secs = Vec::new();
    let mut counts = (0usize, 0usize);
    for sec in all {
        let key = sec
            .param
            .as_ref()
            .and_then(|p| keys.get(&(sec.game.clone(), p.clone())).cloned())
            .unwrap_or_default();
        let cols = shown(if key.is_empty() { "-" } else { &key });
        text += &section_head(&sec, &cols);
        let (rows, json) = section_rows(&sec, &cols, &mut counts);
        text += &rows;
        json_secs.push(json);
        let shown_html: Vec<Shown> = cols
            .iter()
            .map(|(name, _, label)| Shown {
                name: name.clone(),
                label: label.to_string(),
            })
            .collect();
        html_secs.push((sec, shown_html));
    }
    let (tested, starred) = counts;
    text += &closing(tested, starred);
    if let Some(path) = html {
        write_html(path, mechanic, &games, &batch, &html_secs)?;
    }
    out.doc(
        &text,
        &json!({
            "mechanic": mechanic.name(),
            "games": batch.games,
            "seed": batch.seed,
            "bots": batch.bots,
            "measures": shown("KEY").iter().map(|(n, _, l)| json!({"name": n, "label": l})).collect::<Vec<_>>(),
            "points": json_secs,
            "differences_shown": tested,
            "expected_chance_stars": 0.05 * tested as f64,
            "starred": starred,
        }),
    );
    Ok(())
}

/// Each point's key, by game and parameter, from the engines' declared uses (metric names
/// follow it).
fn point_keys() -> BTreeMap<(String, String), String> {
    engines()
        .into_iter()
        .flat_map(|(_, g, us)| {
            us.into_iter().filter_map(move |u| {
                Some(((g.to_string(), u.param?.to_string()), u.key.to_string()))
            })
        })
        .collect()
}

/// A point's rows in the text table, one per format, and the point as JSON; `counts` adds the
/// differences tested and starred.
fn section_rows(
    sec: &MechanicSection,
    cols: &[(String, &'static str, &'static str)],
    (tested, starred): &mut (usize, usize),
) -> (String, Value) {
    let mut text = String::new();
    let mut runs_json = Vec::new();
    for ((label, is_rules, ms), diffs) in sec.runs.iter().zip(&sec.differences) {
        let shown_label = if *is_rules {
            format!("{label} (rules)")
        } else {
            label.clone()
        };
        text += &format!("  {shown_label:<40}");
        let mut values = serde_json::Map::new();
        let mut diffs_json = serde_json::Map::new();
        for (name, _, _) in cols {
            let m: Option<&Measured> = ms.get(name);
            let d = diffs.as_ref().and_then(|d| d.get(name));
            // A constant (the same in every game of both) is not a test.
            *tested += d.is_some_and(|d| !d.constant()) as usize;
            let clear = d.is_some_and(|d| d.clear);
            *starred += clear as usize;
            let cell = m.map_or("—".into(), |x| {
                format!("{}{}", x.show_interval(), if clear { "*" } else { "" })
            });
            text += &format!(" {cell:>22}");
            values.insert(name.clone(), json!(m));
            if let Some(d) = d {
                diffs_json.insert(name.clone(), json!(d));
            }
        }
        text += "\n";
        runs_json.push(json!({
            "format": label,
            "rules": is_rules,
            "measures": values,
            "differences_from_rules": diffs_json,
        }));
    }
    let json = json!({
        "game": sec.game,
        "param": sec.param,
        "about": sec.about,
        "value": sec.value,
        "runs": runs_json,
    });
    (text, json)
}

/// The text after the tables: what each measure is, and how many differences chance alone
/// would star.
fn closing(tested: usize, starred: usize) -> String {
    let mut text = String::from("\nmeasures:\n");
    for (_, head, label) in shown("KEY") {
        text += &format!("  {head}: {label}\n");
    }
    text + &format!(
        "Games cut short are counted apart and left out of every other figure. Differences from \
         the rules' format are taken game by game (each format's game K against the rules' game \
         K). {tested} differences are shown: if no format changed anything, chance alone would \
         star about {:.1} of them (5% each); {starred} are starred.\n",
        0.05 * tested as f64
    )
}

/// The comparison's HTML report.
fn write_html(
    path: &Path,
    mechanic: Mechanic,
    games: &[&str],
    batch: &Batch,
    secs: &[(MechanicSection, Vec<Shown>)],
) -> CliResult<()> {
    lab::write_report(
        path,
        &silk_lab::report::mechanic_html(
            mechanic.name(),
            &[
                (
                    "game",
                    format!("{} (each at its default table)", games.join(", ")),
                ),
                ("games per format", batch.games.to_string()),
                ("seed", batch.seed.to_string()),
                ("bots", batch.bots.join(", ")),
                ("mechanic", mechanic.name().into()),
            ],
            secs,
        ),
    )
}

//! `silk compare --mechanic auction`: each engine under each format at each of its auction
//! points, on the same seeds; a chart per measure (each format's value and 95% interval) and a
//! table per point, "—" where a measure does not apply.

use super::chart::{bar_chart, Axis, Bar, Chart};
use super::{esc, page};
use crate::measured::Measured;
use crate::paired::Compared;
use std::collections::BTreeMap;

/// One auction point of one engine (or an engine without one), played under several formats.
pub struct MechanicSection {
    pub game: String,
    /// The parameter varied; `None`: the engine has no such point (its rules only).
    pub param: Option<String>,
    pub about: String,
    /// What the lot is worth to its winner, for the surplus.
    pub value: Option<String>,
    /// `(format, the rules' own?, measures by name)`.
    pub runs: Vec<(String, bool, BTreeMap<String, Measured>)>,
    /// For each run, its differences from the rules' format taken game by game (`None` for
    /// the rules' own run).
    pub differences: Vec<Option<BTreeMap<String, Compared>>>,
}

/// A measure shown: its name in a run's measures (`{key}` already filled in) and its label
/// with the unit.
pub struct Shown {
    pub name: String,
    pub label: String,
}

/// The report: the settings (`(name, value)` rows: game, seed, bots, …), then per section
/// the measures' charts and the table.
pub fn mechanic_html(
    mechanic: &str,
    settings: &[(&str, String)],
    sections: &[(MechanicSection, Vec<Shown>)],
) -> String {
    let rows: String = settings
        .iter()
        .map(|(k, v)| format!("<tr><td>{}</td><td>{}</td></tr>", esc(k), esc(v)))
        .collect();
    let chance = chance_note(sections);
    let mut body = format!(
        "<section id=\"settings\"><h2>Settings</h2><table>{rows}</table></section>\
         <p class=\"note\">Every format plays the same games: the same \
         seeds, the same bots in the same seats. Values with their 95% intervals (Wilson for \
         shares of games, normal for means, delta method for ratios); in the tables a value in \
         bold differs from the rules' format with an interval that excludes 0, the difference \
         taken game by game (each format's game K against the rules' game K). {chance} Games cut short \
         (stuck, or at the decision cap) are counted apart and left out of every other figure; \
         \"—\" means the measure does not apply.</p>"
    );
    for (n, (sec, shown)) in sections.iter().enumerate() {
        body += &section_html(mechanic, n, sec, shown);
    }
    body += "<style>td.clear{font-weight:bold}</style>";
    page(&format!("silk compare — the {mechanic} formats"), &body)
}

/// How many differences the tables show and how many are bold, against what chance alone gives.
fn chance_note(sections: &[(MechanicSection, Vec<Shown>)]) -> String {
    let (tested, starred) = sections.iter().fold((0, 0), |(t, st), (sec, shown)| {
        let cells = sec
            .differences
            .iter()
            .flatten()
            .flat_map(|d| shown.iter().filter_map(move |s| d.get(&s.name)));
        cells.fold((t, st), |(t, st), c| {
            (t + !c.constant() as usize, st + c.clear as usize)
        })
    });
    format!(
        "{tested} differences are shown; if no format changed anything, chance alone would make \
         about {:.1} of them bold (5% each); {starred} are.",
        0.05 * tested as f64
    )
}

/// Section `n`: its title and lot, a chart per measure shown, then the table.
fn section_html(mechanic: &str, n: usize, sec: &MechanicSection, shown: &[Shown]) -> String {
    let title = match &sec.param {
        Some(p) => format!("{} · {p}", sec.game),
        None => format!("{} · no {mechanic}", sec.game),
    };
    let mut body = format!(
        "<section class=\"point\" data-game=\"{}\" data-param=\"{}\"><h2>{}</h2><p>{}</p><p class=\"note\">Value of the lot: {}</p>",
        esc(&sec.game),
        esc(sec.param.as_deref().unwrap_or("")),
        esc(&title),
        esc(&sec.about),
        esc(sec.value.as_deref().unwrap_or("none the rules give, so no surplus (—)"))
    );
    for (m, s) in shown.iter().enumerate() {
        body += &measure_chart(&format!("mechanic-{n}-{m}"), sec, s);
    }
    body += &section_table(sec, shown);
    body += "</section>";
    body
}

/// The chart `id` of one measure: each format's value and interval, or a line saying it does
/// not apply.
fn measure_chart(id: &str, sec: &MechanicSection, s: &Shown) -> String {
    let bars: Vec<Bar> = sec
        .runs
        .iter()
        .filter_map(|(label, _, ms)| {
            let x = ms.get(&s.name)?;
            Some(Bar {
                label: label.clone(),
                value: x.value,
                interval: Some((x.lo, x.hi)),
            })
        })
        .collect();
    if bars.is_empty() {
        return format!(
            "<p class=\"na\" data-measure=\"{}\">{}: — (does not apply here)</p>",
            esc(&s.name),
            esc(&s.label)
        );
    }
    let percent = sec
        .runs
        .iter()
        .find_map(|(_, _, ms)| ms.get(&s.name))
        .is_some_and(|x| x.is_share());
    let axis = if percent {
        Axis::percent(&s.label)
    } else {
        Axis::unit(&s.label)
    };
    bar_chart(
        &Chart {
            id,
            title: &s.label,
            x_title: "format",
        },
        &axis,
        &bars,
        None,
    )
}

/// The section's table: a row per format, a column per measure shown, bold where the format
/// clearly differs from the rules' one.
fn section_table(sec: &MechanicSection, shown: &[Shown]) -> String {
    let mut table = String::from("<table class=\"mechanic\"><tr><th>format</th>");
    for s in shown {
        table += &format!("<th>{}</th>", esc(&s.label));
    }
    table += "</tr>";
    for ((label, is_rules, ms), diffs) in sec.runs.iter().zip(&sec.differences) {
        table += &format!(
            "<tr data-format=\"{}\"><td>{}{}</td>",
            esc(label),
            esc(label),
            if *is_rules { " (rules)" } else { "" }
        );
        for s in shown {
            table += &match ms.get(&s.name) {
                Some(x) => {
                    let clear = diffs
                        .as_ref()
                        .and_then(|d| d.get(&s.name))
                        .is_some_and(|d| d.clear);
                    format!(
                        "<td class=\"{}\">{} [{}, {}]</td>",
                        if clear { "clear" } else { "unclear" },
                        x.show_unit(x.value),
                        x.show_unit(x.lo),
                        x.show_unit(x.hi)
                    )
                }
                None => "<td>—</td>".into(),
            };
        }
        table += "</tr>";
    }
    table += "</table>";
    table
}

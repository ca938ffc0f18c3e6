//! The rule coverage of a run (`silk coverage --html`, and a section of every run report):
//! the branches no game took first, each with what would make it happen, then every branch's
//! share of games and count per game.

use super::{esc, page, settings};
use crate::coverage::{BranchCoverage, Coverage};
use crate::stats::Rate;
use crate::RunSpec;

fn pct(r: &Rate) -> String {
    format!(
        "{:.1}% <small>[{:.1}–{:.1}]</small>",
        100.0 * r.rate,
        100.0 * r.lo,
        100.0 * r.hi
    )
}

fn row(b: &BranchCoverage) -> String {
    format!(
        "<tr><td><code>{}</code></td><td class=\"cmd\">{}</td><td>{}</td><td>{}</td>\
         <td>{:.2} <small>[{:.2}–{:.2}]</small></td></tr>",
        esc(&b.name),
        esc(&b.about),
        pct(&b.games),
        pct(&b.finished),
        b.per_game,
        b.per_game_lo,
        b.per_game_hi
    )
}

/// The coverage section of a run report (empty when the run counted none).
pub fn coverage_section(c: &Coverage, bots: &[String]) -> String {
    if c.is_empty() {
        return String::new();
    }
    let never: Vec<&BranchCoverage> = c.never().collect();
    let mut out = format!(
        "<section id=\"coverage\"><h2>Rule coverage</h2>\n<p class=\"note\">Over <b>{}</b> games \
         (<b>{}</b> finished) with the bots <b>{}</b>: <b>{}</b> of {} branches of the rules never \
         happened. A rule no bot uses is a dead rule (a design finding) or a blind spot of these \
         bots (a bot defect): try stronger or other bots before concluding.</p>\n",
        c.games,
        c.finished,
        esc(&bots.join(", ")),
        never.len(),
        c.branches.len()
    );
    if !never.is_empty() {
        out +=
            "<h3>Never happened</h3><table class=\"never\"><tr><th>branch</th><th>what it is</th>\
                <th>what would make it happen</th></tr>";
        for b in &never {
            out += &format!(
                "<tr><td><code>{}</code></td><td class=\"cmd\">{}</td><td class=\"cmd\">{}</td></tr>",
                esc(&b.name),
                esc(&b.about),
                esc(&b.fires)
            );
        }
        out += "</table>\n";
    }
    out += "<h3>Every branch, rarest first</h3><table class=\"branches\"><tr><th>branch</th>\
            <th>what it is</th><th>share of all games (95% CI)</th><th>share of finished games</th>\
            <th>per game (95% CI)</th></tr>";
    for b in &c.branches {
        out += &row(b);
    }
    out + "</table></section>\n"
}

/// The report of `silk coverage --html`.
pub fn coverage_html(c: &Coverage, spec: &RunSpec) -> String {
    let body = format!(
        "{}{}<details><summary>The coverage as text</summary><pre>{}</pre></details>",
        settings(spec, "games", &[]),
        coverage_section(c, &spec.bots),
        esc(&c.text(&spec.game, &spec.bots)),
    );
    page(
        &format!("silk coverage — {} ({} games)", spec.game, c.games),
        &body,
    )
}

//! The sections of a game's own metrics (its `Observe` counters): means per game with their
//! intervals, grouped by unit so that one axis holds comparable values, and each metric's
//! distribution over the games.

use super::chart::{bar_chart, histogram_chart, Axis, Bar, Chart};
use super::esc;
use crate::stats::Dist;
use crate::summary::{Metric, Summary};

/// A raw sum that only means something as a ratio (shown in the ratios instead).
pub(crate) fn is_raw(name: &str) -> bool {
    name.ends_with("_permille")
}

/// A metric's unit: the one recorded in the summary, or the engine's table for a summary
/// written before units were.
pub(crate) fn unit_of(m: &Metric) -> String {
    if m.unit.is_empty() {
        silk_core::metrics::unit(&m.name).to_string()
    } else {
        m.unit.clone()
    }
}

/// The 95% interval of a mean (normal approximation, which holds for a lab's many games).
pub(crate) fn mean_interval(d: &Dist) -> Option<(f64, f64)> {
    (d.n > 1).then(|| {
        let half = 1.96 * d.sd / (d.n as f64).sqrt();
        (d.mean - half, d.mean + half)
    })
}

/// The family of a metric name: what it begins with up to its first `.` or `@`.
fn family(name: &str) -> &str {
    match name.find(['.', '@']) {
        Some(i) => &name[..=i],
        None => name,
    }
}

/// Metrics that share one chart: one unit, at most `per` of them.
pub(crate) struct Group {
    pub unit: String,
    pub names: Vec<String>,
    /// The families it holds (`sold@`, `goods.`), when the unit takes several charts.
    pub part: Option<String>,
}

/// `(name, unit)` pairs grouped by unit, in the order each unit first appears; a unit with
/// more than `per` metrics is split between charts by family (`bought@…`, `sold@…`), a family
/// larger than `per` in chunks.
pub(crate) fn by_unit(names: &[(String, String)], per: usize) -> Vec<Group> {
    let per = per.max(1);
    let mut units: Vec<(String, Vec<String>)> = Vec::new();
    for (name, unit) in names {
        match units.iter_mut().find(|(u, _)| u == unit) {
            Some((_, list)) => list.push(name.clone()),
            None => units.push((unit.clone(), vec![name.clone()])),
        }
    }
    let mut groups = Vec::new();
    for (unit, list) in units {
        if list.len() <= per {
            groups.push(Group {
                unit,
                names: list,
                part: None,
            });
            continue;
        }
        let mut families: Vec<(&str, Vec<String>)> = Vec::new();
        for n in &list {
            match families.iter_mut().find(|(f, _)| *f == family(n)) {
                Some((_, l)) => l.push(n.clone()),
                None => families.push((family(n), vec![n.clone()])),
            }
        }
        // Whole families packed into charts while they fit.
        let mut chart: (Vec<&str>, Vec<String>) = (Vec::new(), Vec::new());
        let flush = |chart: &mut (Vec<&str>, Vec<String>), groups: &mut Vec<Group>| {
            if !chart.1.is_empty() {
                groups.push(Group {
                    unit: unit.clone(),
                    names: std::mem::take(&mut chart.1),
                    part: Some(std::mem::take(&mut chart.0).join(" ")),
                });
            }
        };
        for (f, members) in families {
            if chart.1.len() + members.len() > per {
                flush(&mut chart, &mut groups);
            }
            for piece in members.chunks(per) {
                if chart.1.len() + piece.len() > per {
                    flush(&mut chart, &mut groups);
                }
                chart.0.push(f);
                chart.1.extend_from_slice(piece);
            }
        }
        flush(&mut chart, &mut groups);
    }
    groups
}

/// An id fragment from a name: letters and digits, the rest as `-`.
pub(crate) fn slug(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The metrics section of one run: mean per game by unit, each metric's distribution, the
/// table and the ratios.
pub(crate) fn section(s: &Summary) -> String {
    let shown: Vec<&Metric> = s.metrics.iter().filter(|m| !is_raw(&m.name)).collect();
    if shown.is_empty() && s.ratios.is_empty() {
        return String::new();
    }
    let mut out = String::from(
        "<section id=\"metrics\"><h2>The game's own metrics</h2>\
         <p class=\"note\">What the engine counts in each game, as a mean per game with its 95% \
         interval (a game that never counted it counts 0), then each one's spread over the \
         games.</p>\n",
    );
    let names: Vec<(String, String)> = shown.iter().map(|m| (m.name.clone(), unit_of(m))).collect();
    for Group {
        unit,
        names: group,
        part,
    } in by_unit(&names, 24)
    {
        let bars: Vec<Bar> = group
            .iter()
            .filter_map(|n| s.metric(n))
            .map(|m| Bar {
                label: m.name.clone(),
                value: m.per_game,
                interval: mean_interval(&m.dist),
            })
            .collect();
        let id = format!("metric-means-{}-{}", slug(&unit), slug(&group[0]));
        let title = match part {
            Some(p) => format!("Mean {unit} per game (95% CI): {p}…"),
            None => format!("Mean {unit} per game (95% CI)"),
        };
        let c = Chart {
            id: &id,
            title: &title,
            x_title: "metric",
        };
        out += &bar_chart(&c, &Axis::unit(&format!("{unit} per game")), &bars, None);
    }
    out += "<details open><summary>Each metric over the games</summary>\n";
    for m in shown.iter().filter(|m| !m.dist.histogram.is_empty()) {
        let unit = unit_of(m);
        let id = format!("metric-{}", slug(&m.name));
        let title = format!("{} (mean {:.2} {unit})", m.name, m.dist.mean);
        let x_title = format!("{unit} in a game");
        let c = Chart {
            id: &id,
            title: &title,
            x_title: &x_title,
        };
        out += &histogram_chart(&c, &m.dist.histogram);
    }
    out += "</details>\n";
    out += &table(&shown);
    out += &ratios(s);
    out + "</section>\n"
}

fn table(metrics: &[&Metric]) -> String {
    let mut t = String::from(
        "<table class=\"metrics\"><tr><th>metric</th><th>unit</th><th>mean per game</th>\
         <th>95% interval</th><th>sd</th><th>fewest–most in a game</th><th>total</th></tr>",
    );
    for m in metrics {
        let ci = mean_interval(&m.dist).map_or("—".into(), |(lo, hi)| format!("{lo:.2}–{hi:.2}"));
        let range = if m.dist.n == 0 {
            "—".into()
        } else {
            format!("{}–{}", m.dist.min, m.dist.max)
        };
        t += &format!(
            "<tr><td>{}</td><td>{}</td><td>{:.2}</td><td>{ci}</td><td>{:.2}</td><td>{range}</td><td>{}</td></tr>",
            esc(&m.name),
            esc(&unit_of(m)),
            m.per_game,
            m.dist.sd,
            m.total
        );
    }
    t + "</table>\n"
}

fn ratios(s: &Summary) -> String {
    if s.ratios.is_empty() {
        return String::new();
    }
    let mut t = String::from(
        "<h3>Ratios</h3><table class=\"ratios\"><tr><th>ratio</th><th>value</th><th>unit</th><th>over</th></tr>",
    );
    for r in &s.ratios {
        t += &format!(
            "<tr><td>{}</td><td>{:.2}</td><td>{}</td><td>{}</td></tr>",
            esc(&r.name),
            r.value,
            esc(&r.unit),
            r.over
        );
    }
    t + "</table>\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_group_by_unit_in_order() {
        let names: Vec<(String, String)> = [("a", "coins"), ("b", "bids"), ("c", "coins")]
            .iter()
            .map(|(n, u)| (n.to_string(), u.to_string()))
            .collect();
        let g = by_unit(&names, 8);
        assert_eq!(g.len(), 2);
        assert_eq!(
            (g[0].unit.as_str(), &g[0].names),
            ("coins", &vec!["a".to_string(), "c".to_string()])
        );
        assert!(g[0].part.is_none());
        // Split by family when a unit has too many for one chart.
        let many: Vec<(String, String)> =
            ["sold@A", "sold@B", "bought@A", "bought@B", "goods.sold"]
                .iter()
                .map(|n| (n.to_string(), "goods".to_string()))
                .collect();
        let g = by_unit(&many, 2);
        let parts: Vec<&str> = g.iter().map(|g| g.part.as_deref().unwrap()).collect();
        assert_eq!(parts, ["sold@", "bought@", "goods."]);
        assert!(g.iter().all(|g| g.names.len() <= 2));
    }
}

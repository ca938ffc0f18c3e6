//! The two populations a comparison is read in: the **decided** games (a winner by the rules'
//! goal, [`crate::record::decided`]) and the **stalls** (cut at the rules' round cap, ranked
//! there by the rules' tie-break — no win). When any run stalled, a comparison opens on the
//! stall share and the decided games' length, each with its interval and paired difference,
//! before the table of every measure.

use crate::measured::Measured;
use crate::paired::Compared;
use std::collections::BTreeMap;

/// The measures the headline gives, with how it names each.
const HEADLINE: [(&str, &str); 4] = [
    ("share.round_cap", "stall share (of all games)"),
    ("rounds", "rounds (decided games)"),
    ("decisions", "decisions (decided games)"),
    ("minutes", "table minutes (decided games)"),
];

/// The headline of a comparison of `runs` (name, measures; the base first) with each other
/// run's `differences` from the base, each difference written by `cell`; `None` when no run
/// stalled (a game without a round cap, or none reached it), so such comparisons read as
/// before.
pub fn headline(
    runs: &[(String, &BTreeMap<String, Measured>)],
    differences: &[BTreeMap<String, Compared>],
    cell: impl Fn(&Measured, &Compared) -> String,
) -> Option<String> {
    let stalled = runs
        .iter()
        .any(|(_, m)| m.get("share.round_cap").is_some_and(|s| s.value > 0.0));
    if !stalled {
        return None;
    }
    let mut t = format!(
        "Stalls and decided games: a stall is a game the round cap cut before anyone reached the \
         rules' goal ({}: no win); every figure below but share.* and all_games.* is over the \
         decided games, and a difference of theirs over the games decided in both runs.\n{:<32}",
        silk_core::EndedBy::RoundCap.label(),
        ""
    );
    for (name, _) in runs {
        t += &format!(" {name:>24}");
    }
    for (name, _) in runs.iter().skip(1) {
        t += &format!(" {:>27}", format!("{name} − base"));
    }
    t += "\n";
    let decided_games = |m: &BTreeMap<String, Measured>| m.get("rounds").map_or(0, |r| r.n);
    t += &format!("{:<32}", "decided games");
    for (_, m) in runs {
        t += &format!(" {:>24}", decided_games(m));
    }
    t += "\n";
    for (measure, label) in HEADLINE {
        let Some(first) = runs.iter().find_map(|(_, m)| m.get(measure)) else {
            continue;
        };
        let unit = if first.is_share() { " %" } else { "" };
        t += &format!("{:<32}", format!("{label}{unit}"));
        for (_, m) in runs {
            let v = m.get(measure).map_or("—".into(), Measured::show_interval);
            t += &format!(" {v:>24}");
        }
        for d in differences {
            let v = d.get(measure).map_or("—".into(), |d| cell(first, d));
            t += &format!(" {v:>27}");
        }
        // The decided games' differences are over the games decided in both runs: how many.
        if measure != "share.round_cap" {
            let pairs: Vec<String> = differences
                .iter()
                .filter_map(|d| d.get(measure).map(|d| d.pairs.to_string()))
                .collect();
            t += &format!(" ({} games decided in both)", pairs.join(", "));
        }
        t += "\n";
    }
    Some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::measured::Kind;

    fn measured(name: &str, kind: Kind, value: f64, n: u64) -> (String, Measured) {
        let m = Measured {
            name: name.into(),
            about: String::new(),
            kind,
            value,
            lo: value - 0.01,
            hi: value + 0.01,
            n,
            se: 0.005,
        };
        (name.to_string(), m)
    }

    /// Issue 46 point 1: a comparison where games stalled opens on the stall share and the
    /// decided games' length, with each variant's difference; one where none stalled has no
    /// such headline.
    #[test]
    fn issue46_a_comparison_opens_on_the_stall_share_and_the_decided_length() {
        let base: BTreeMap<String, Measured> = [
            measured("share.round_cap", Kind::Rate, 0.338, 200),
            measured("rounds", Kind::Mean, 21.3, 132),
        ]
        .into();
        let vp8: BTreeMap<String, Measured> = [
            measured("share.round_cap", Kind::Rate, 0.735, 200),
            measured("rounds", Kind::Mean, 30.1, 53),
        ]
        .into();
        let d = |v: f64| Compared {
            value: v,
            lo: v - 0.02,
            hi: v + 0.02,
            clear: true,
            p: Some(0.001),
            fdr_kept: true,
            paired: true,
            pairs: 53,
        };
        let diffs = vec![BTreeMap::from([
            ("share.round_cap".to_string(), d(0.397)),
            ("rounds".to_string(), d(8.8)),
        ])];
        let runs = vec![("base".to_string(), &base), ("vp8".to_string(), &vp8)];
        let cell = |m: &Measured, c: &Compared| format!("{:+}{}", c.value, m.name);
        let t = headline(&runs, &diffs, cell).unwrap();
        let line = |start: &str| {
            t.lines()
                .find(|l| l.starts_with(start))
                .unwrap()
                .to_string()
        };
        assert!(
            line("stall share (of all games) %").contains("33.8 [32.8, 34.8]"),
            "{t}"
        );
        assert!(
            line("stall share").ends_with("+0.397share.round_cap"),
            "{t}"
        );
        assert!(line("decided games").contains("132") && line("decided games").contains("53"));
        assert!(
            line("rounds (decided games)").ends_with("+8.8rounds (53 games decided in both)"),
            "{t}"
        );
        assert!(
            t.contains("ranked by score then the rules' tie-break: no win"),
            "{t}"
        );
        let none: BTreeMap<String, Measured> =
            [measured("share.round_cap", Kind::Rate, 0.0, 200)].into();
        let runs = vec![("base".to_string(), &none), ("b".to_string(), &none)];
        assert!(headline(&runs, &[], cell).is_none());
    }
}

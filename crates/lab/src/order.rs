//! The order every report gives its measures in, defined once: the measures the designer's
//! targets name first (in the targets' order), then the rest grouped — length, balance, VP
//! sources, mechanics — and the engine's own counters last. Text, JSON and HTML all follow it.

use serde::Serialize;

/// A group of measures in a report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Group {
    /// The measures the targets name.
    Targets,
    /// How long games last and how many end without a winner.
    Length,
    /// Who wins and how close: seats, bots, the first mover, margins, lead changes, ties.
    Balance,
    /// Where the VP come from.
    VpSources,
    /// The shared mechanics (auctions, routes) and what the engine counts of its own rules.
    Mechanics,
    /// Every other engine counter.
    Other,
}

impl Group {
    pub const ALL: [Group; 6] = [
        Group::Targets,
        Group::Length,
        Group::Balance,
        Group::VpSources,
        Group::Mechanics,
        Group::Other,
    ];

    /// The heading a report gives the group.
    pub fn title(self) -> &'static str {
        match self {
            Group::Targets => "The measures the targets name",
            Group::Length => "Length",
            Group::Balance => "Balance",
            Group::VpSources => "VP sources",
            Group::Mechanics => "Mechanics",
            Group::Other => "The engine's other counters",
        }
    }

    /// Its name in JSON and in HTML ids.
    pub fn key(self) -> &'static str {
        match self {
            Group::Targets => "targets",
            Group::Length => "length",
            Group::Balance => "balance",
            Group::VpSources => "vp_sources",
            Group::Mechanics => "mechanics",
            Group::Other => "other",
        }
    }
}

/// The group of a measure by its name, targets aside.
pub fn group_of(name: &str) -> Group {
    let m = name.strip_prefix("metric.").unwrap_or(name);
    let length = ["rounds", "decisions", "minutes"];
    if name.starts_with("share.") && name != "share.tie"
        || name.starts_with("all_games.")
        || length.contains(&name)
        || m.starts_with("decisions.")
        || m.starts_with("decision_runs.")
    {
        return Group::Length;
    }
    if name.starts_with("win.")
        || [
            "first_mover_advantage",
            "margin",
            "lead_changes",
            "share.tie",
        ]
        .contains(&name)
    {
        return Group::Balance;
    }
    if name.starts_with("vp_share.") || m.starts_with("vp.") {
        return Group::VpSources;
    }
    let mechanics = [
        "auction.",
        "route.",
        "travel.",
        "resource.",
        "tile.",
        "leader.",
        "trade.",
        "attack.",
    ];
    if mechanics.iter().any(|p| m.starts_with(p)) {
        return Group::Mechanics;
    }
    if name.starts_with("metric.") {
        Group::Other
    } else {
        Group::Mechanics
    }
}

/// `names` in report order: the `targeted` ones first (in the order given, those present),
/// then each group's in the order given. Each with its group.
pub fn ordered<S: AsRef<str>>(names: &[S], targeted: &[String]) -> Vec<(Group, String)> {
    let mut out: Vec<(Group, String)> = targeted
        .iter()
        .filter(|t| names.iter().any(|n| n.as_ref() == t.as_str()))
        .fold(Vec::new(), |mut v: Vec<(Group, String)>, t| {
            if !v.iter().any(|(_, n)| n == t) {
                v.push((Group::Targets, t.clone()));
            }
            v
        });
    for g in &Group::ALL[1..] {
        for n in names {
            let n = n.as_ref();
            if group_of(n) == *g && !targeted.iter().any(|t| t == n) {
                out.push((*g, n.to_string()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32, part 7: the targets' measures first, in the targets' order, then length,
    /// balance, VP sources, mechanics and the engine's other counters; nothing lost or doubled.
    #[test]
    fn issue32_report_order_puts_the_targets_first_then_the_groups() {
        let names = [
            "auction.no_bid_share",
            "first_mover_advantage",
            "metric.goods.sold",
            "metric.vp.from_attack",
            "minutes",
            "rounds",
            "share.stuck",
            "share.tie",
            "vp_share.attack",
            "win.seat1",
            "metric.decisions.bid",
            "metric.auction.won",
        ];
        let targets = vec!["vp_share.attack".to_string(), "minutes".to_string()];
        let o = ordered(&names, &targets);
        let got: Vec<(&str, &str)> = o.iter().map(|(g, n)| (g.key(), n.as_str())).collect();
        assert_eq!(
            got,
            [
                ("targets", "vp_share.attack"),
                ("targets", "minutes"),
                ("length", "rounds"),
                ("length", "share.stuck"),
                ("length", "metric.decisions.bid"),
                ("balance", "first_mover_advantage"),
                ("balance", "share.tie"),
                ("balance", "win.seat1"),
                ("vp_sources", "metric.vp.from_attack"),
                ("mechanics", "auction.no_bid_share"),
                ("mechanics", "metric.auction.won"),
                ("other", "metric.goods.sold"),
            ]
        );
        // Without targets, the groups alone.
        assert_eq!(ordered(&names, &[]).len(), names.len());
        assert_eq!(ordered(&names, &[])[0].0, Group::Length);
    }
}

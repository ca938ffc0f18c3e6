//! Silk Road's caravan map: cities linked one way from the start to the end, never looping.

use crate::TradeError;
use petgraph::algo::{tarjan_scc, toposort};
use petgraph::graph::{DiGraph, NodeIndex};
use serde::{Deserialize, Serialize};

/// Most cities a caravan map may hold, so a city fits in a `u8`.
const MAX_CITIES: usize = 255;

/// A city: its name and whatever static data the engine attaches (goods, tiles...).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct City<P> {
    pub name: String,
    pub payload: P,
}

/// How many exits each city but the end must have (the end has none).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct DegreeRules {
    pub min_out: u8,
    pub max_out: u8,
}

impl Default for DegreeRules {
    /// At least one exit, no upper bound.
    fn default() -> Self {
        DegreeRules {
            min_out: 1,
            max_out: u8::MAX,
        }
    }
}

/// Counts over all routes from start to end. Lengths count tile cities: start and end excluded.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct RouteStats {
    /// Number of distinct routes (saturating).
    pub routes: u64,
    pub min_len: u32,
    pub max_len: u32,
}

/// The caravan map. Cities are `u8` indices in the order given; successors come in link order.
#[derive(Clone, Debug)]
pub struct CaravanMap<P = ()> {
    graph: DiGraph<City<P>, (), u16>,
    /// Successors and predecessors as compact adjacency lists, in link order, for cheap iteration.
    succ_at: Vec<u16>,
    succ: Vec<u8>,
    pred_at: Vec<u16>,
    pred: Vec<u8>,
    start: u8,
    end: u8,
}

fn adjacency(n: usize, edges: &[(u8, u8)]) -> (Vec<u16>, Vec<u8>) {
    let mut at = vec![0u16; n + 1];
    for &(a, _) in edges {
        at[a as usize + 1] += 1;
    }
    for i in 0..n {
        at[i + 1] += at[i];
    }
    let mut fill = at.clone();
    let mut out = vec![0u8; edges.len()];
    for &(a, b) in edges {
        out[fill[a as usize] as usize] = b;
        fill[a as usize] += 1;
    }
    (at, out)
}

impl CaravanMap<()> {
    /// A map of bare names.
    pub fn from_names<A: AsRef<str>, B: AsRef<str>>(
        names: &[&str],
        links: &[(A, B)],
        start: &str,
        end: &str,
    ) -> Result<Self, TradeError> {
        CaravanMap::new(names.iter().map(|n| (n.to_string(), ())), links, start, end)
    }
}

impl<P> CaravanMap<P> {
    /// Builds the map from cities and directed links named by city. Checks names only (unknown,
    /// duplicate, too many, duplicate link); call [`CaravanMap::validate`] for the shape.
    pub fn new<A: AsRef<str>, B: AsRef<str>>(
        cities: impl IntoIterator<Item = (String, P)>,
        links: &[(A, B)],
        start: &str,
        end: &str,
    ) -> Result<Self, TradeError> {
        let cities: Vec<City<P>> = cities
            .into_iter()
            .map(|(name, payload)| City { name, payload })
            .collect();
        if cities.len() > MAX_CITIES {
            return Err(TradeError::TooManyPlaces {
                count: cities.len(),
                max: MAX_CITIES,
            });
        }
        for (i, c) in cities.iter().enumerate() {
            if cities[..i].iter().any(|d| d.name == c.name) {
                return Err(TradeError::DuplicateCity(c.name.clone()));
            }
        }
        let find = |name: &str| {
            cities
                .iter()
                .position(|c| c.name == name)
                .map(|i| i as u8)
                .ok_or_else(|| TradeError::UnknownCity(name.to_string()))
        };
        let mut edges = Vec::with_capacity(links.len());
        for (a, b) in links {
            let e = (find(a.as_ref())?, find(b.as_ref())?);
            if edges.contains(&e) {
                return Err(TradeError::DuplicateLink(
                    a.as_ref().to_string(),
                    b.as_ref().to_string(),
                ));
            }
            edges.push(e);
        }
        let (s, e) = (find(start)?, find(end)?);
        if s == e {
            return Err(TradeError::StartIsEnd);
        }
        Ok(Self::from_parts(cities, &edges, s, e))
    }

    fn from_parts(cities: Vec<City<P>>, edges: &[(u8, u8)], start: u8, end: u8) -> Self {
        let n = cities.len();
        let mut graph = DiGraph::with_capacity(n, edges.len());
        for c in cities {
            graph.add_node(c);
        }
        for &(a, b) in edges {
            graph.add_edge(NodeIndex::new(a as usize), NodeIndex::new(b as usize), ());
        }
        let (succ_at, succ) = adjacency(n, edges);
        let rev: Vec<(u8, u8)> = edges.iter().map(|&(a, b)| (b, a)).collect();
        let (pred_at, pred) = adjacency(n, &rev);
        CaravanMap {
            graph,
            succ_at,
            succ,
            pred_at,
            pred,
            start,
            end,
        }
    }

    /// The same map travelled the other way: links reversed, start and end swapped, city indices
    /// unchanged (so engine state stays meaningful).
    pub fn reversed(&self) -> Self
    where
        P: Clone,
    {
        let cities = self.graph.node_weights().cloned().collect();
        let edges: Vec<(u8, u8)> = self
            .graph
            .edge_indices()
            .filter_map(|e| self.graph.edge_endpoints(e))
            .map(|(a, b)| (b.index() as u8, a.index() as u8))
            .collect();
        Self::from_parts(cities, &edges, self.end, self.start)
    }

    pub fn len(&self) -> usize {
        self.graph.node_count()
    }

    pub fn is_empty(&self) -> bool {
        self.graph.node_count() == 0
    }

    pub fn start(&self) -> u8 {
        self.start
    }

    pub fn end(&self) -> u8 {
        self.end
    }

    pub fn index_of(&self, name: &str) -> Option<u8> {
        self.graph
            .node_weights()
            .position(|c| c.name == name)
            .map(|i| i as u8)
    }

    pub fn name(&self, city: u8) -> Option<&str> {
        self.city(city).map(|c| c.name.as_str())
    }

    pub fn payload(&self, city: u8) -> Option<&P> {
        self.city(city).map(|c| &c.payload)
    }

    pub fn city(&self, city: u8) -> Option<&City<P>> {
        self.graph.node_weight(NodeIndex::new(city as usize))
    }

    /// The underlying petgraph graph, for algorithms this type does not offer.
    pub fn graph(&self) -> &DiGraph<City<P>, (), u16> {
        &self.graph
    }

    fn slice<'a>(at: &[u16], list: &'a [u8], city: u8) -> &'a [u8] {
        let i = city as usize;
        match (at.get(i), at.get(i + 1)) {
            (Some(&a), Some(&b)) => &list[a as usize..b as usize],
            _ => &[],
        }
    }

    /// Cities one link ahead, in link order; empty for an unknown index.
    pub fn successors(&self, city: u8) -> impl Iterator<Item = u8> + '_ {
        Self::slice(&self.succ_at, &self.succ, city).iter().copied()
    }

    pub fn predecessors(&self, city: u8) -> impl Iterator<Item = u8> + '_ {
        Self::slice(&self.pred_at, &self.pred, city).iter().copied()
    }

    pub fn out_degree(&self, city: u8) -> usize {
        Self::slice(&self.succ_at, &self.succ, city).len()
    }

    fn name_owned(&self, city: usize) -> String {
        self.name(city as u8).unwrap_or("?").to_string()
    }

    /// The lowest-numbered city lying on a cycle, if any.
    fn city_on_cycle(&self) -> Option<usize> {
        tarjan_scc(&self.graph)
            .into_iter()
            .filter(|scc| scc.len() > 1 || scc.iter().any(|&n| self.graph.contains_edge(n, n)))
            .filter_map(|scc| scc.iter().map(|n| n.index()).min())
            .min()
    }

    fn reach(&self, from: u8, forward: bool) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![from];
        if let Some(s) = seen.get_mut(from as usize) {
            *s = true;
        }
        while let Some(c) = stack.pop() {
            let next = if forward {
                Self::slice(&self.succ_at, &self.succ, c)
            } else {
                Self::slice(&self.pred_at, &self.pred, c)
            };
            for &d in next {
                if !seen[d as usize] {
                    seen[d as usize] = true;
                    stack.push(d);
                }
            }
        }
        seen
    }

    /// Checks the shape, reporting the first problem found in this order: a cycle (naming a city
    /// on it), a city unreachable from the start, a city with no route to the end, exits out of
    /// `rules` (the end must have none).
    pub fn validate(&self, rules: DegreeRules) -> Result<(), TradeError> {
        if let Some(c) = self.city_on_cycle() {
            return Err(TradeError::Cycle(self.name_owned(c)));
        }
        if let Some(c) = self.reach(self.start, true).iter().position(|r| !r) {
            return Err(TradeError::UnreachableCity(self.name_owned(c)));
        }
        if let Some(c) = self.reach(self.end, false).iter().position(|r| !r) {
            return Err(TradeError::DeadEnd(self.name_owned(c)));
        }
        for c in 0..self.len() {
            let degree = self.out_degree(c as u8);
            if c == self.end as usize {
                if degree > 0 {
                    return Err(TradeError::EndHasExits(self.name_owned(c)));
                }
            } else if degree < rules.min_out as usize || degree > rules.max_out as usize {
                return Err(TradeError::OutDegree {
                    city: self.name_owned(c),
                    degree,
                    min: rules.min_out,
                    max: rules.max_out,
                });
            }
        }
        Ok(())
    }

    /// Number of routes from start to end and their shortest and longest length in tile cities,
    /// by dynamic programming over a topological order.
    pub fn route_stats(&self) -> Result<RouteStats, TradeError> {
        let order = toposort(&self.graph, None)
            .map_err(|c| TradeError::Cycle(self.name_owned(c.node_id().index())))?;
        let n = self.len();
        let mut count = vec![0u64; n];
        let mut min = vec![u32::MAX; n];
        let mut max = vec![0u32; n];
        count[self.start as usize] = 1;
        min[self.start as usize] = 0;
        for node in order {
            let u = node.index();
            if count[u] == 0 {
                continue;
            }
            for v in self.successors(u as u8) {
                let v = v as usize;
                count[v] = count[v].saturating_add(count[u]);
                min[v] = min[v].min(min[u] + 1);
                max[v] = max[v].max(max[u] + 1);
            }
        }
        let e = self.end as usize;
        if count[e] == 0 {
            return Err(TradeError::UnreachableCity(self.name_owned(e)));
        }
        // Links on a route minus one = cities strictly between start and end.
        Ok(RouteStats {
            routes: count[e],
            min_len: min[e] - 1,
            max_len: max[e] - 1,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// S → A, S → B; A → C, B → C, B → E; C → E.
    fn diamond() -> CaravanMap {
        CaravanMap::from_names(
            &["S", "A", "B", "C", "E"],
            &[
                ("S", "A"),
                ("S", "B"),
                ("A", "C"),
                ("B", "C"),
                ("B", "E"),
                ("C", "E"),
            ],
            "S",
            "E",
        )
        .unwrap()
    }

    #[test]
    fn basics_and_successors_in_link_order() {
        let m = diamond();
        assert_eq!(m.len(), 5);
        assert_eq!(m.start(), 0);
        assert_eq!(m.end(), 4);
        assert_eq!(m.index_of("C"), Some(3));
        assert_eq!(m.name(2), Some("B"));
        assert_eq!(m.name(99), None);
        assert_eq!(m.successors(2).collect::<Vec<_>>(), vec![3, 4]);
        assert_eq!(m.successors(99).count(), 0);
        assert_eq!(m.predecessors(3).collect::<Vec<_>>(), vec![1, 2]);
        m.validate(DegreeRules::default()).unwrap();
    }

    #[test]
    fn route_counting() {
        // S-A-C-E, S-B-C-E, S-B-E: 3 routes, 1 to 2 tile cities.
        let st = diamond().route_stats().unwrap();
        assert_eq!(
            st,
            RouteStats {
                routes: 3,
                min_len: 1,
                max_len: 2
            }
        );
    }

    #[test]
    fn reversed_map() {
        let m = diamond();
        let r = m.reversed();
        assert_eq!(r.start(), 4);
        assert_eq!(r.end(), 0);
        assert_eq!(r.name(3), Some("C"));
        assert_eq!(r.successors(3).collect::<Vec<_>>(), vec![1, 2]);
        r.validate(DegreeRules::default()).unwrap();
        assert_eq!(r.route_stats().unwrap(), m.route_stats().unwrap());
        assert_eq!(r.reversed().successors(0).collect::<Vec<_>>(), vec![1, 2]);
    }

    #[test]
    fn cycle_is_detected_and_named() {
        let m = CaravanMap::from_names(
            &["S", "A", "B", "C", "E"],
            &[("S", "A"), ("A", "B"), ("B", "C"), ("C", "A"), ("C", "E")],
            "S",
            "E",
        )
        .unwrap();
        let e = m.validate(DegreeRules::default()).unwrap_err();
        assert_eq!(e, TradeError::Cycle("A".into()));
        assert_eq!(e.to_string(), "the caravan map has a cycle through \"A\"");
        assert!(matches!(m.route_stats(), Err(TradeError::Cycle(_))));
        let selfloop =
            CaravanMap::from_names(&["S", "E"], &[("S", "E"), ("E", "E")], "S", "E").unwrap();
        assert_eq!(
            selfloop.validate(DegreeRules::default()),
            Err(TradeError::Cycle("E".into()))
        );
    }

    #[test]
    fn unreachable_and_dead_end() {
        let m = CaravanMap::from_names(
            &["S", "A", "X", "E"],
            &[("S", "A"), ("A", "E"), ("X", "E")],
            "S",
            "E",
        )
        .unwrap();
        assert_eq!(
            m.validate(DegreeRules::default()),
            Err(TradeError::UnreachableCity("X".into()))
        );
        let m = CaravanMap::from_names(
            &["S", "A", "D", "E"],
            &[("S", "A"), ("S", "D"), ("A", "E")],
            "S",
            "E",
        )
        .unwrap();
        assert_eq!(
            m.validate(DegreeRules::default()),
            Err(TradeError::DeadEnd("D".into()))
        );
    }

    #[test]
    fn out_degree_rules() {
        let m = diamond();
        let rules = DegreeRules {
            min_out: 1,
            max_out: 1,
        };
        assert_eq!(
            m.validate(rules),
            Err(TradeError::OutDegree {
                city: "S".into(),
                degree: 2,
                min: 1,
                max: 1
            })
        );
        // An exit from the end either closes a cycle or leads to a dead end; those come first.
        let m =
            CaravanMap::from_names(&["S", "E", "Z"], &[("S", "E"), ("E", "Z")], "S", "E").unwrap();
        assert_eq!(
            m.validate(DegreeRules::default()),
            Err(TradeError::DeadEnd("Z".into()))
        );
    }

    #[test]
    fn build_errors() {
        let l: &[(&str, &str)] = &[];
        assert_eq!(
            CaravanMap::from_names(&["S", "S"], l, "S", "S").unwrap_err(),
            TradeError::DuplicateCity("S".into())
        );
        assert_eq!(
            CaravanMap::from_names(&["S", "E"], &[("S", "Q")], "S", "E").unwrap_err(),
            TradeError::UnknownCity("Q".into())
        );
        assert_eq!(
            CaravanMap::from_names(&["S", "E"], &[("S", "E"), ("S", "E")], "S", "E").unwrap_err(),
            TradeError::DuplicateLink("S".into(), "E".into())
        );
        assert_eq!(
            CaravanMap::from_names(&["S", "E"], l, "S", "S").unwrap_err(),
            TradeError::StartIsEnd
        );
        let many: Vec<String> = (0..300).map(|i| format!("c{i}")).collect();
        let refs: Vec<&str> = many.iter().map(|s| s.as_str()).collect();
        assert!(matches!(
            CaravanMap::from_names(&refs, l, "c0", "c1"),
            Err(TradeError::TooManyPlaces { count: 300, .. })
        ));
    }

    #[test]
    fn payloads() {
        let m = CaravanMap::new(
            vec![("S".to_string(), 0u8), ("E".to_string(), 7u8)],
            &[("S", "E")],
            "S",
            "E",
        )
        .unwrap();
        assert_eq!(m.payload(1), Some(&7));
        assert_eq!(
            m.route_stats().unwrap(),
            RouteStats {
                routes: 1,
                min_len: 0,
                max_len: 0
            }
        );
    }

    /// A city with exactly `max_out` or `min_out` exits passes; one past either bound is
    /// refused; a map of exactly 255 cities is the largest (issue 30, point 19).
    #[test]
    fn issue30_p19_the_caravan_validator_accepts_its_exact_maxima() {
        let m = diamond();
        // S and B have 2 exits, A and C 1.
        m.validate(DegreeRules {
            min_out: 1,
            max_out: 2,
        })
        .unwrap();
        assert_eq!(
            m.validate(DegreeRules {
                min_out: 2,
                max_out: 2
            }),
            Err(TradeError::OutDegree {
                city: "A".into(),
                degree: 1,
                min: 2,
                max: 2
            })
        );
        let fan = CaravanMap::from_names(
            &["S", "A", "B", "E"],
            &[("S", "A"), ("S", "B"), ("S", "E"), ("A", "E"), ("B", "E")],
            "S",
            "E",
        )
        .unwrap();
        fan.validate(DegreeRules {
            min_out: 1,
            max_out: 3,
        })
        .unwrap();
        assert_eq!(
            fan.validate(DegreeRules {
                min_out: 1,
                max_out: 2
            }),
            Err(TradeError::OutDegree {
                city: "S".into(),
                degree: 3,
                min: 1,
                max: 2
            })
        );
        // A chain of 255 cities fits; 256 do not.
        let names: Vec<String> = (0..=MAX_CITIES).map(|i| format!("c{i}")).collect();
        let refs: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        let links: Vec<(&str, &str)> = refs.windows(2).map(|w| (w[0], w[1])).collect();
        let chain =
            CaravanMap::from_names(&refs[..MAX_CITIES], &links[..MAX_CITIES - 1], "c0", "c254")
                .unwrap();
        assert_eq!(chain.len(), MAX_CITIES);
        chain
            .validate(DegreeRules {
                min_out: 1,
                max_out: 1,
            })
            .unwrap();
        assert_eq!(chain.route_stats().unwrap().max_len, MAX_CITIES as u32 - 2);
        assert_eq!(
            CaravanMap::from_names(&refs, &links, "c0", "c255").unwrap_err(),
            TradeError::TooManyPlaces {
                count: 256,
                max: MAX_CITIES
            }
        );
    }

    /// A map always holds its start and end, and lends its graph as built (mutation testing,
    /// issue 30).
    #[test]
    fn a_map_is_never_empty_and_lends_its_graph() {
        let m = diamond();
        assert!(!m.is_empty());
        assert_eq!(m.graph().node_count(), 5);
        assert_eq!(m.graph().edge_count(), 6);
        assert_eq!(m.city(4).map(|c| c.name.as_str()), Some("E"));
    }
}

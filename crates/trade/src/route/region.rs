//! Cities of the Silk Road's region map: regions with a trade cost, bordering one another and
//! the Great Empires. Merchants pay the cost of every region they enter.

use crate::TradeError;
use petgraph::graph::{NodeIndex, UnGraph};
use serde::{Deserialize, Serialize};

/// Most regions a region map may hold: adjacency is a `u64` bit mask per region and the dynamic
/// tables are fixed arrays of this size.
pub const MAX_REGIONS: usize = 64;

/// A region as data: name, base trade cost, free-form tags (terrain, city-state...).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionSpec {
    pub name: String,
    pub cost: u8,
    #[serde(default)]
    pub tags: Vec<String>,
}

impl RegionSpec {
    pub fn new(name: &str, cost: u8) -> Self {
        RegionSpec {
            name: name.to_string(),
            cost,
            tags: Vec::new(),
        }
    }
}

/// Where a route goes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Goal {
    /// A region (e.g. a city-state's).
    Region(u8),
    /// A Great Empire, reached through any region bordering it; the route ends in that region.
    Empire(u8),
}

/// Whether a `Goal::Region` target's own cost is paid. For `Goal::Empire` the route ends in a
/// bordering region that was entered, so its cost always counts and this flag is ignored.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum TargetCost {
    /// The target region's cost is paid like any other.
    Included,
    /// The target's cost is not paid (Cities: trading with a city-state does not pay its region).
    #[default]
    Excluded,
}

/// A shortest-path tree grown from one region by [`RegionMap::grow_tree`]: `Copy`, fixed
/// arrays of `N` regions.
#[derive(Clone, Copy, Debug)]
pub struct PathTree<const N: usize> {
    prev: [u8; N],
    dist: [u32; N],
    /// Settled (reachable) regions.
    done: u64,
    /// Regions in the order they settled.
    order: [u8; N],
    settled: usize,
    home: u8,
}

impl<const N: usize> PathTree<N> {
    /// The path from home to `to` (home first), its cost and length, if `to` settled.
    pub fn path(&self, to: u8) -> Option<(u32, [u8; N], usize)> {
        if (to as usize) >= N || self.done & (1 << to) == 0 {
            return None;
        }
        let mut path = [0u8; N];
        let mut len = 0;
        let mut at = to;
        loop {
            *path.get_mut(len)? = at;
            len += 1;
            if at == self.home {
                break;
            }
            at = self.prev[at as usize];
        }
        path[..len].reverse();
        Some((self.dist[to as usize], path, len))
    }

    /// The first region to settle among `mask` (where a route to an empire ends).
    pub fn first_settled_in(&self, mask: u64) -> Option<u8> {
        self.order[..self.settled]
            .iter()
            .copied()
            .find(|&r| mask & (1 << r) != 0)
    }
}

/// A route as region indices, `from` first. `Copy`, fixed capacity: a simple path on at most
/// `MAX_REGIONS` regions always fits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct SmallPath {
    #[serde(with = "crate::serde_array")]
    nodes: [u8; MAX_REGIONS],
    len: u8,
}

impl Default for SmallPath {
    fn default() -> Self {
        SmallPath {
            nodes: [0; MAX_REGIONS],
            len: 0,
        }
    }
}

impl SmallPath {
    pub fn as_slice(&self) -> &[u8] {
        &self.nodes[..self.len as usize]
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn first(&self) -> Option<u8> {
        self.as_slice().first().copied()
    }
    pub fn last(&self) -> Option<u8> {
        self.as_slice().last().copied()
    }
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        self.as_slice().iter().copied()
    }
}

/// Temporary per-region cost deltas (e.g. +N for barbarians this round), cleared each round.
/// `Copy`, 64 bytes. The cost used is `base + delta`, never below 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct CostModifiers {
    #[serde(with = "crate::serde_array")]
    delta: [i8; MAX_REGIONS],
}

impl Default for CostModifiers {
    fn default() -> Self {
        CostModifiers {
            delta: [0; MAX_REGIONS],
        }
    }
}

fn region_index(region: u8, len: usize) -> Result<usize, TradeError> {
    if (region as usize) < len {
        Ok(region as usize)
    } else {
        Err(TradeError::RegionOutOfRange { index: region, len })
    }
}

impl CostModifiers {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn get(&self, region: u8) -> i8 {
        self.delta.get(region as usize).copied().unwrap_or(0)
    }

    pub fn set(&mut self, region: u8, delta: i8) -> Result<(), TradeError> {
        self.delta[region_index(region, MAX_REGIONS)?] = delta;
        Ok(())
    }

    /// Adds to the region's delta (saturating at the `i8` range).
    pub fn add(&mut self, region: u8, delta: i8) -> Result<(), TradeError> {
        let i = region_index(region, MAX_REGIONS)?;
        self.delta[i] = self.delta[i].saturating_add(delta);
        Ok(())
    }

    /// Drops every delta (start of a round).
    pub fn clear(&mut self) {
        self.delta = [0; MAX_REGIONS];
    }

    pub fn is_clear(&self) -> bool {
        self.delta.iter().all(|&d| d == 0)
    }

    /// `base` adjusted by the region's delta, at least 0.
    pub fn apply(&self, region: u8, base: u32) -> u32 {
        (base as i64 + self.get(region) as i64).max(0) as u32
    }
}

/// The region map: static, immutable, shared by reference.
#[derive(Clone, Debug)]
pub struct RegionMap {
    graph: UnGraph<RegionSpec, (), u16>,
    /// Neighbours of each region as a bit mask: the hot loops never touch the graph.
    adj: Vec<u64>,
    empires: Vec<(String, u64)>,
}

impl RegionMap {
    /// Builds the map from regions, borders between regions (by name, either order), and Great
    /// Empires with the regions that border each. Checks names (unknown, duplicate, self-border,
    /// duplicate border, more than 64 regions); call [`RegionMap::validate`] for connectedness.
    pub fn new<A, B, E, R, I>(
        regions: Vec<RegionSpec>,
        borders: &[(A, B)],
        empires: I,
    ) -> Result<RegionMap, TradeError>
    where
        A: AsRef<str>,
        B: AsRef<str>,
        E: Into<String>,
        R: AsRef<str>,
        I: IntoIterator<Item = (E, Vec<R>)>,
    {
        if regions.len() > MAX_REGIONS {
            return Err(TradeError::TooManyPlaces {
                count: regions.len(),
                max: MAX_REGIONS,
            });
        }
        for (i, r) in regions.iter().enumerate() {
            if regions[..i].iter().any(|q| q.name == r.name) {
                return Err(TradeError::DuplicateRegion(r.name.clone()));
            }
        }
        let find = |name: &str| {
            regions
                .iter()
                .position(|r| r.name == name)
                .ok_or_else(|| TradeError::UnknownRegion(name.to_string()))
        };
        let mut adj = vec![0u64; regions.len()];
        let mut edges = Vec::with_capacity(borders.len());
        for (a, b) in borders {
            let (i, j) = (find(a.as_ref())?, find(b.as_ref())?);
            if i == j {
                return Err(TradeError::SelfBorder(a.as_ref().to_string()));
            }
            if adj[i] & (1 << j) != 0 {
                return Err(TradeError::DuplicateLink(
                    a.as_ref().to_string(),
                    b.as_ref().to_string(),
                ));
            }
            adj[i] |= 1 << j;
            adj[j] |= 1 << i;
            edges.push((i, j));
        }
        let mut emp = Vec::new();
        for (name, list) in empires {
            let mut mask = 0u64;
            for r in list {
                mask |= 1 << find(r.as_ref())?;
            }
            emp.push((name.into(), mask));
        }
        let mut graph = UnGraph::with_capacity(regions.len(), edges.len());
        for r in regions {
            graph.add_node(r);
        }
        for (i, j) in edges {
            graph.add_edge(NodeIndex::new(i), NodeIndex::new(j), ());
        }
        Ok(RegionMap {
            graph,
            adj,
            empires: emp,
        })
    }

    /// Every region must be reachable from every other.
    pub fn validate(&self) -> Result<(), TradeError> {
        if self.is_empty() {
            return Ok(());
        }
        let mut seen = 1u64;
        let mut frontier = 1u64;
        while frontier != 0 {
            let r = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = self.adj[r] & !seen;
            seen |= new;
            frontier |= new;
        }
        match (0..self.len()).find(|&r| seen & (1 << r) == 0) {
            Some(r) => Err(TradeError::Disconnected(
                self.name_owned(r),
                self.name_owned(0),
            )),
            None => Ok(()),
        }
    }

    pub fn len(&self) -> usize {
        self.adj.len()
    }

    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    pub fn index_of(&self, name: &str) -> Option<u8> {
        self.graph
            .node_weights()
            .position(|r| r.name == name)
            .map(|i| i as u8)
    }

    pub fn region(&self, region: u8) -> Option<&RegionSpec> {
        self.graph.node_weight(NodeIndex::new(region as usize))
    }

    pub fn name(&self, region: u8) -> Option<&str> {
        self.region(region).map(|r| r.name.as_str())
    }

    fn name_owned(&self, region: usize) -> String {
        self.name(region as u8).unwrap_or("?").to_string()
    }

    /// Base trade cost (0 for an unknown index).
    pub fn cost(&self, region: u8) -> u32 {
        self.region(region).map_or(0, |r| r.cost as u32)
    }

    /// Base cost adjusted by this round's modifiers.
    pub fn cost_with(&self, region: u8, mods: &CostModifiers) -> u32 {
        mods.apply(region, self.cost(region))
    }

    pub fn has_tag(&self, region: u8, tag: &str) -> bool {
        self.region(region)
            .is_some_and(|r| r.tags.iter().any(|t| t == tag))
    }

    /// Neighbours as a bit mask (bit `i` = region `i`).
    pub fn neighbour_mask(&self, region: u8) -> u64 {
        self.adj.get(region as usize).copied().unwrap_or(0)
    }

    pub fn neighbours(&self, region: u8) -> impl Iterator<Item = u8> {
        let mut m = self.neighbour_mask(region);
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let r = m.trailing_zeros() as u8;
                m &= m - 1;
                r
            })
        })
    }

    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        b < 64 && self.neighbour_mask(a) & (1 << b) != 0
    }

    pub fn empire_count(&self) -> usize {
        self.empires.len()
    }

    pub fn empire_index(&self, name: &str) -> Option<u8> {
        self.empires
            .iter()
            .position(|(n, _)| n == name)
            .map(|i| i as u8)
    }

    pub fn empire_name(&self, empire: u8) -> Option<&str> {
        self.empires.get(empire as usize).map(|(n, _)| n.as_str())
    }

    /// Regions bordering a Great Empire, as a bit mask.
    pub fn empire_borders(&self, empire: u8) -> u64 {
        self.empires.get(empire as usize).map_or(0, |e| e.1)
    }

    pub fn borders_empire(&self, region: u8, empire: u8) -> bool {
        region < 64 && self.empire_borders(empire) & (1 << region) != 0
    }

    /// The underlying petgraph graph, for algorithms this type does not offer.
    pub fn graph(&self) -> &UnGraph<RegionSpec, (), u16> {
        &self.graph
    }

    fn reached(&self, region: usize, goal: Goal) -> bool {
        match goal {
            Goal::Region(t) => region == t as usize,
            Goal::Empire(e) => self.empire_borders(e) & (1 << region) != 0,
        }
    }

    fn goal_valid(&self, goal: Goal) -> bool {
        match goal {
            Goal::Region(t) => (t as usize) < self.len(),
            Goal::Empire(e) => (e as usize) < self.empires.len(),
        }
    }

    /// The cheapest route from `from` to `goal` and its cost, given the cost of entering each
    /// region (base, modifiers, coin stacks: the caller decides). Every region entered after
    /// leaving `from` is paid; a region target's own cost only if `target` says so. Ties go to
    /// the route found first (lowest region numbers settle first), so the answer is
    /// deterministic. `None` if unreachable or an index is out of range. Dijkstra over bit
    /// masks and fixed arrays: no allocation.
    pub fn cheapest_path(
        &self,
        from: u8,
        goal: Goal,
        target: TargetCost,
        cost: impl Fn(u8) -> u32,
    ) -> Option<(u32, SmallPath)> {
        let (c, nodes, len) = self.cheapest_path_in::<MAX_REGIONS>(from, goal, target, cost)?;
        Some((
            c,
            SmallPath {
                nodes,
                len: len as u8,
            },
        ))
    }

    /// [`RegionMap::cheapest_path`] on a map of at most `N` regions, with arrays of that size
    /// (an engine with a small map copies less): the cost, the path (`from` first) and its length.
    pub fn cheapest_path_in<const N: usize>(
        &self,
        from: u8,
        goal: Goal,
        target: TargetCost,
        cost: impl Fn(u8) -> u32,
    ) -> Option<(u32, [u8; N], usize)> {
        if !self.goal_valid(goal) {
            return None;
        }
        let (stop, free) = match goal {
            Goal::Region(t) => (1u64 << t, (target == TargetCost::Excluded).then_some(t)),
            Goal::Empire(e) => (self.empire_borders(e), None),
        };
        let (tree, end) = self.grow_tree::<N>(from, stop, free, cost);
        tree.path(end?)
    }

    /// Grows the shortest-path tree from `home`, settling regions (closest first, lowest index
    /// among equals) until one in `stop` settles — returned — or every reachable one has.
    /// Entering `free` costs nothing. One tree answers many goals: a goal's path in it is the
    /// one [`RegionMap::cheapest_path`] returns, since the search is the same up to the moment
    /// the goal settles and a settled region's predecessor never changes. An empty tree if
    /// `home` or the map does not fit `N`.
    pub fn grow_tree<const N: usize>(
        &self,
        home: u8,
        stop: u64,
        free: Option<u8>,
        cost: impl Fn(u8) -> u32,
    ) -> (PathTree<N>, Option<u8>) {
        let mut t = PathTree {
            prev: [u8::MAX; N],
            dist: [u32::MAX; N],
            done: 0,
            order: [0; N],
            settled: 0,
            home,
        };
        if home as usize >= self.len() || self.len() > N {
            return (t, None);
        }
        // Reached but not yet settled: the only candidates worth scanning.
        let mut open = 1u64 << home;
        t.dist[home as usize] = 0;
        while open != 0 {
            let mut u = usize::MAX;
            let mut best = u32::MAX;
            let mut m = open;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if t.dist[i] < best || u == usize::MAX {
                    best = t.dist[i];
                    u = i;
                }
            }
            t.done |= 1 << u;
            open &= !(1 << u);
            t.order[t.settled] = u as u8;
            t.settled += 1;
            if stop & (1 << u) != 0 {
                return (t, Some(u as u8));
            }
            let mut m = self.adj[u] & !t.done;
            while m != 0 {
                let v = m.trailing_zeros() as usize;
                m &= m - 1;
                let w = if free == Some(v as u8) {
                    0
                } else {
                    cost(v as u8)
                };
                let d = best.saturating_add(w);
                if d < t.dist[v] {
                    t.dist[v] = d;
                    t.prev[v] = u as u8;
                    open |= 1 << v;
                }
            }
        }
        (t, None)
    }

    /// The cost of a route a player chose, `from` first, checked: it starts at `from`, moves only
    /// between adjacent regions, visits no region twice and ends at `goal`. Costs as in
    /// [`RegionMap::cheapest_path`].
    pub fn path_cost(
        &self,
        from: u8,
        path: &[u8],
        goal: Goal,
        target: TargetCost,
        cost: impl Fn(u8) -> u32,
    ) -> Result<u32, TradeError> {
        let n = self.len();
        region_index(from, n)?;
        match goal {
            Goal::Region(t) => {
                region_index(t, n)?;
            }
            Goal::Empire(e) if e as usize >= self.empires.len() => {
                return Err(TradeError::EmpireOutOfRange {
                    index: e,
                    len: self.empires.len(),
                })
            }
            _ => {}
        }
        if path.first() != Some(&from) {
            return Err(TradeError::RouteStart(self.name_owned(from as usize)));
        }
        let mut seen = 0u64;
        let mut total = 0u32;
        for (k, &r) in path.iter().enumerate() {
            let i = region_index(r, n)?;
            if seen & (1 << i) != 0 {
                return Err(TradeError::RepeatedRegion(self.name_owned(i)));
            }
            seen |= 1 << i;
            if k > 0 {
                let p = path[k - 1];
                if !self.adjacent(p, r) {
                    return Err(TradeError::NotAdjacent(
                        self.name_owned(p as usize),
                        self.name_owned(i),
                    ));
                }
                let last = k + 1 == path.len();
                let free = last && target == TargetCost::Excluded && goal == Goal::Region(r);
                if !free {
                    total = total.saturating_add(cost(r));
                }
            }
        }
        match path.last() {
            Some(&r) if self.reached(r as usize, goal) => Ok(total),
            _ => Err(TradeError::RouteGoal),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 4×3 grid, region `r{row}{col}`, index row*4+col, cost = col + 1; empire "Rome" borders
    /// the right column.
    pub(crate) fn grid() -> RegionMap {
        let mut regions = Vec::new();
        let mut borders = Vec::new();
        for row in 0..3 {
            for col in 0..4 {
                regions.push(RegionSpec::new(&format!("r{row}{col}"), col as u8 + 1));
                if col < 3 {
                    borders.push((format!("r{row}{col}"), format!("r{row}{}", col + 1)));
                }
                if row < 2 {
                    borders.push((format!("r{row}{col}"), format!("r{}{col}", row + 1)));
                }
            }
        }
        RegionMap::new(regions, &borders, vec![("Rome", vec!["r03", "r13", "r23"])]).unwrap()
    }

    #[test]
    fn cheapest_path_returns_path_and_cost() {
        let m = grid();
        m.validate().unwrap();
        // r00 → r03 along the top row: enter r01 (2), r02 (3), r03 (4).
        let (c, p) = m
            .cheapest_path(0, Goal::Region(3), TargetCost::Included, |r| m.cost(r))
            .unwrap();
        assert_eq!(c, 9);
        assert_eq!(p.as_slice(), &[0, 1, 2, 3]);
        // Excluding the target's cost.
        let (c, p) = m
            .cheapest_path(0, Goal::Region(3), TargetCost::Excluded, |r| m.cost(r))
            .unwrap();
        assert_eq!(c, 5);
        assert_eq!(p.as_slice(), &[0, 1, 2, 3]);
        assert_eq!(
            m.path_cost(
                0,
                p.as_slice(),
                Goal::Region(3),
                TargetCost::Excluded,
                |r| m.cost(r)
            ),
            Ok(5)
        );
        // From where we stand: nothing to pay.
        let (c, p) = m
            .cheapest_path(5, Goal::Region(5), TargetCost::Included, |r| m.cost(r))
            .unwrap();
        assert_eq!((c, p.as_slice()), (0, &[5u8][..]));
    }

    #[test]
    fn empire_goal_pays_the_bordering_region() {
        let m = grid();
        let rome = m.empire_index("Rome").unwrap();
        let (c, p) = m
            .cheapest_path(8, Goal::Empire(rome), TargetCost::Excluded, |r| m.cost(r))
            .unwrap();
        assert_eq!(c, 2 + 3 + 4);
        assert_eq!(p.as_slice(), &[8, 9, 10, 11]);
        assert!(m.borders_empire(11, rome));
        let (c, _) = m
            .cheapest_path(7, Goal::Empire(rome), TargetCost::Excluded, |r| m.cost(r))
            .unwrap();
        assert_eq!(c, 0);
    }

    #[test]
    fn modifiers_change_the_chosen_path() {
        let m = grid();
        let mut mods = CostModifiers::new();
        // Barbarians in r01 and r02: the route dips to the middle row.
        mods.add(1, 10).unwrap();
        mods.add(2, 10).unwrap();
        let (c, p) = m
            .cheapest_path(0, Goal::Region(3), TargetCost::Included, |r| {
                m.cost_with(r, &mods)
            })
            .unwrap();
        assert_eq!(p.as_slice(), &[0, 4, 5, 6, 7, 3]);
        assert_eq!(c, 1 + 2 + 3 + 4 + 4);
        mods.clear();
        assert!(mods.is_clear());
        mods.set(5, -10).unwrap();
        assert_eq!(m.cost_with(5, &mods), 0);
        let before = mods;
        assert_eq!(
            mods.add(64, 1),
            Err(TradeError::RegionOutOfRange { index: 64, len: 64 })
        );
        assert_eq!(mods, before);
    }

    #[test]
    fn path_cost_validation() {
        let m = grid();
        let c = |r| m.cost(r);
        let g = Goal::Region(2);
        let t = TargetCost::Included;
        assert_eq!(m.path_cost(0, &[0, 1, 2], g, t, c), Ok(5));
        assert_eq!(
            m.path_cost(0, &[1, 2], g, t, c),
            Err(TradeError::RouteStart("r00".into()))
        );
        assert_eq!(
            m.path_cost(0, &[0, 2], g, t, c),
            Err(TradeError::NotAdjacent("r00".into(), "r02".into()))
        );
        assert_eq!(
            m.path_cost(0, &[0, 1, 0, 1, 2], g, t, c),
            Err(TradeError::RepeatedRegion("r00".into()))
        );
        assert_eq!(m.path_cost(0, &[0, 1], g, t, c), Err(TradeError::RouteGoal));
        assert!(m.path_cost(0, &[0, 99], g, t, c).is_err());
        assert_eq!(m.cheapest_path(0, Goal::Region(99), t, c), None);
        assert_eq!(m.cheapest_path(0, Goal::Empire(3), t, c), None);
    }

    #[test]
    fn build_and_validate_errors() {
        let r = || {
            vec![
                RegionSpec::new("a", 1),
                RegionSpec::new("b", 1),
                RegionSpec::new("c", 1),
            ]
        };
        let none: Vec<(&str, Vec<&str>)> = vec![];
        assert_eq!(
            RegionMap::new(r(), &[("a", "x")], none.clone()).unwrap_err(),
            TradeError::UnknownRegion("x".into())
        );
        assert_eq!(
            RegionMap::new(r(), &[("a", "a")], none.clone()).unwrap_err(),
            TradeError::SelfBorder("a".into())
        );
        assert_eq!(
            RegionMap::new(r(), &[("a", "b"), ("b", "a")], none.clone()).unwrap_err(),
            TradeError::DuplicateLink("b".into(), "a".into())
        );
        assert_eq!(
            RegionMap::new(r(), &[("a", "b")], vec![("Rome", vec!["q"])]).unwrap_err(),
            TradeError::UnknownRegion("q".into())
        );
        let mut dup = r();
        dup[2].name = "a".into();
        assert_eq!(
            RegionMap::new(dup, &[("a", "b")], none.clone()).unwrap_err(),
            TradeError::DuplicateRegion("a".into())
        );
        let m = RegionMap::new(r(), &[("a", "b")], none).unwrap();
        assert_eq!(
            m.validate(),
            Err(TradeError::Disconnected("c".into(), "a".into()))
        );
        assert_eq!(
            m.cheapest_path(0, Goal::Region(2), TargetCost::Included, |_| 1),
            None
        );
    }

    #[test]
    fn tags_and_serde() {
        let spec: RegionSpec =
            serde_json::from_str(r#"{"name":"Kashgar","cost":2,"tags":["city-state"]}"#).unwrap();
        let m = RegionMap::new(
            vec![spec],
            &[] as &[(&str, &str)],
            Vec::<(&str, Vec<&str>)>::new(),
        )
        .unwrap();
        assert!(m.has_tag(0, "city-state"));
        assert!(!m.has_tag(0, "desert"));
        assert!(serde_json::from_str::<RegionSpec>(r#"{"name":"x","cost":1,"bad":1}"#).is_err());
        let mut mods = CostModifiers::new();
        mods.set(63, 5).unwrap();
        let j = serde_json::to_string(&mods).unwrap();
        assert_eq!(serde_json::from_str::<CostModifiers>(&j).unwrap(), mods);
    }

    /// A tree grown to the end answers every goal as `cheapest_path` does; a tree stopped early
    /// has no path to a region that did not settle; an empire's route ends in the first
    /// bordering region to settle (mutation testing, issue 30).
    #[test]
    fn a_grown_tree_answers_the_goals_that_settled_and_only_those() {
        let m = grid();
        let cost = |r| m.cost(r);
        let (full, end) = m.grow_tree::<MAX_REGIONS>(4, 0, None, cost);
        assert_eq!(end, None, "no stop: every region settles");
        let (c, p) = m
            .cheapest_path(4, Goal::Region(11), TargetCost::Included, cost)
            .unwrap();
        let (tc, tp, len) = full.path(11).unwrap();
        assert_eq!((tc, &tp[..len]), (c, p.as_slice()));
        // Rome borders 3, 7 and 11; from 4 (r10) the cheapest of them, 7, settles first.
        let rome = m.empire_borders(0);
        assert_eq!(full.first_settled_in(rome), Some(7));
        assert_eq!(full.first_settled_in(1 << 8), Some(8));
        assert_eq!(full.first_settled_in(0), None);
        // Stopped as soon as r11 (index 5) settles: the far column has not.
        let (near, end) = m.grow_tree::<MAX_REGIONS>(4, 1 << 5, None, cost);
        assert_eq!(end, Some(5));
        assert_eq!(near.path(5).map(|(c, _, len)| (c, len)), Some((2, 2)));
        assert!(near.path(11).is_none());
        assert_eq!(near.first_settled_in(rome), None);
        assert!(near.path(MAX_REGIONS as u8).is_none());
        // Arrays of exactly the map's size will do; smaller ones cannot hold it.
        let exact = m.cheapest_path_in::<12>(4, Goal::Region(11), TargetCost::Included, cost);
        assert_eq!(exact.map(|(c, _, len)| (c, len)), Some((tc, len)));
        assert_eq!(
            m.cheapest_path_in::<8>(4, Goal::Region(5), TargetCost::Included, cost),
            None
        );
    }

    /// A path's length, emptiness and regions (mutation testing, issue 30).
    #[test]
    fn small_paths_and_clear_modifiers() {
        let m = grid();
        let (_, p) = m
            .cheapest_path(0, Goal::Region(2), TargetCost::Included, |r| m.cost(r))
            .unwrap();
        assert_eq!(p.len(), 3);
        assert!(!p.is_empty());
        assert_eq!(p.iter().collect::<Vec<_>>(), [0, 1, 2]);
        assert!(SmallPath::default().is_empty());
        let mut mods = CostModifiers::new();
        assert!(mods.is_clear());
        mods.add(3, -1).unwrap();
        assert!(!mods.is_clear());
        assert_eq!(mods.get(3), -1);
    }

    /// Names, neighbours, adjacency (a region index past the mask is never adjacent), empires,
    /// and the empty map, which is trivially connected (mutation testing, issue 30).
    #[test]
    fn lookups_neighbours_and_the_empty_map() {
        let m = grid();
        assert_eq!(m.index_of("r12"), Some(6));
        assert_eq!(m.index_of("r99"), None);
        assert_eq!(m.neighbours(5).collect::<Vec<_>>(), [1, 4, 6, 9]);
        assert_eq!(m.neighbours(99).count(), 0);
        assert!(m.adjacent(5, 6));
        assert!(!m.adjacent(5, 7));
        assert!(!m.adjacent(0, MAX_REGIONS as u8));
        assert!(!m.borders_empire(MAX_REGIONS as u8, 0));
        assert!(m.borders_empire(7, 0));
        assert!(!m.borders_empire(6, 0));
        assert!(!m.borders_empire(7, 1), "no second empire");
        assert_eq!(m.empire_count(), 1);
        assert_eq!(m.empire_index("Rome"), Some(0));
        assert_eq!(m.empire_index("Carthage"), None);
        assert_eq!(m.graph().node_count(), 12);
        assert_eq!(m.graph().edge_count(), 17);
        assert_eq!(m.empire_name(0), Some("Rome"));
        let none: Vec<(&str, Vec<&str>)> = vec![];
        let empty = RegionMap::new(vec![], &[] as &[(&str, &str)], none).unwrap();
        assert!(empty.is_empty());
        assert_eq!(empty.empire_count(), 0);
        assert_eq!(empty.validate(), Ok(()));
        assert!(!m.is_empty());
    }

    /// A chosen route to an empire must end in a region bordering it, and a region goal one
    /// past a full map of 64 regions is no goal (never a shift overflow) (mutation testing,
    /// issue 30).
    #[test]
    fn empire_routes_end_on_its_border_and_goals_stay_on_the_map() {
        let m = grid();
        let c = |r| m.cost(r);
        let t = TargetCost::Excluded;
        assert_eq!(
            m.path_cost(8, &[8, 9, 10, 11], Goal::Empire(0), t, c),
            Ok(9)
        );
        assert_eq!(
            m.path_cost(8, &[8, 9, 10], Goal::Empire(0), t, c),
            Err(TradeError::RouteGoal)
        );
        assert_eq!(
            m.path_cost(8, &[8], Goal::Empire(1), t, c),
            Err(TradeError::EmpireOutOfRange { index: 1, len: 1 })
        );
        let names: Vec<String> = (0..MAX_REGIONS).map(|i| format!("c{i}")).collect();
        let regions = names.iter().map(|n| RegionSpec::new(n, 1)).collect();
        let borders: Vec<(&str, &str)> = names
            .windows(2)
            .map(|w| (w[0].as_str(), w[1].as_str()))
            .collect();
        let none: Vec<(&str, Vec<&str>)> = vec![];
        let chain = RegionMap::new(regions, &borders, none).unwrap();
        chain.validate().unwrap();
        let cost = |r| chain.cost(r);
        let last = MAX_REGIONS as u8 - 1;
        let (c, p) = chain
            .cheapest_path(0, Goal::Region(last), TargetCost::Included, cost)
            .unwrap();
        assert_eq!((c, p.len()), (last as u32, MAX_REGIONS));
        assert_eq!(
            chain.cheapest_path(0, Goal::Region(last + 1), TargetCost::Included, cost),
            None
        );
    }

    /// Among routes of equal cost the one through the lowest-numbered regions wins: regions
    /// settle lowest index first and an equal cost never replaces a region's predecessor
    /// (mutation testing, issue 30).
    #[test]
    fn equal_cost_routes_go_through_the_lowest_numbered_regions() {
        let m = grid();
        let one = |_| 1;
        let t = TargetCost::Included;
        // r00 → r11: through r01 (1) or r10 (4), both cost 2.
        let (c, p) = m.cheapest_path(0, Goal::Region(5), t, one).unwrap();
        assert_eq!((c, p.as_slice()), (2, &[0, 1, 5][..]));
        // r00 → r22 (index 10): 4 steps; the top row first, then down.
        let (c, p) = m.cheapest_path(0, Goal::Region(10), t, one).unwrap();
        assert_eq!((c, p.as_slice()), (4, &[0, 1, 2, 6, 10][..]));
        let (tree, _) = m.grow_tree::<MAX_REGIONS>(0, 0, None, one);
        assert_eq!(tree.first_settled_in((1 << 4) | (1 << 1)), Some(1));
        // A start off the map, or a goal off it, has no route and no cost.
        assert_eq!(m.cheapest_path(12, Goal::Region(0), t, one), None);
        assert_eq!(m.grow_tree::<MAX_REGIONS>(40, 0, None, one).1, None);
        assert_eq!(
            m.path_cost(0, &[0], Goal::Region(99), t, one),
            Err(TradeError::RegionOutOfRange { index: 99, len: 12 })
        );
        assert_eq!(
            m.path_cost(5, &[5, 6, 5, 4], Goal::Region(4), t, one),
            Err(TradeError::RepeatedRegion("r11".into()))
        );
        assert_eq!(
            m.path_cost(12, &[12], Goal::Region(0), t, one),
            Err(TradeError::RegionOutOfRange { index: 12, len: 12 })
        );
    }
}

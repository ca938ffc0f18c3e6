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
#[path = "region_tests.rs"]
mod tests;

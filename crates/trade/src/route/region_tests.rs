//! Tests of `region.rs`: regions, borders and the routes between them.

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

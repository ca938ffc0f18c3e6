//! Trade routes: the caravan map (a directed acyclic map of cities, Silk Road) and the region map
//! (an undirected map of regions with trade costs, Cities of the Silk Road), plus the per-round
//! dynamic pieces engines keep in their state: cost modifiers and coin stacks.
//!
//! Maps are static data: built once from JSON, validated, then shared by reference. Engines keep
//! only `u8` node indices.

mod caravan;
mod region;
mod stacks;

pub use caravan::{CaravanMap, City, DegreeRules, RouteStats};
pub use region::{
    CostModifiers, Goal, PathTree, RegionMap, RegionSpec, SmallPath, TargetCost, MAX_REGIONS,
};
pub use stacks::{CoinStacks, LargestTaken, MAX_STACKS};

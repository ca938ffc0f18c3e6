//! silk: rules engines, a table helper and a playtest lab for Silk Road trading games.
//!
//! This facade re-exports the workspace's crates under one name; see the README for the map.
pub use silk_bots as bots;
pub use silk_cities as cities;
pub use silk_core as core;
pub use silk_lab as lab;
pub use silk_road;
pub use silk_splendor as splendor;
pub use silk_trade as trade;

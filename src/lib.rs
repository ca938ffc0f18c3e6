//! silk: rules engines, a table helper and a playtest lab for Silk Road trading games.
pub use silk_bots as bots;
pub use silk_core as core;
pub use silk_road;
pub use silk_trade as trade;

//! silk-trade: mechanics shared by the silk engines — auctions, trade routes, price tracks, purses.
//!
//! Every *dynamic* type here (auctions, tracks, purses, coin stacks, cost modifiers) is `Copy`,
//! fixed-size and allocation-free in its step functions, because engine states embedding them are
//! cloned millions of times per second by the bots. Static data (maps loaded from JSON) is
//! immutable and shared by reference; engines keep only `u8` node indices in their state.
//! Every fallible step returns `Result<_, TradeError>` and leaves the value unchanged on error.
//!
//! ```
//! use silk_trade::Coins;
//!
//! // 2 gold and 3 silver pay 7 silver: one gold and two silver, no change to take back.
//! let mut purse = Coins::new(2, 3);
//! let paid = purse.pay(7, true).unwrap();
//! assert_eq!(paid.handed.value() - paid.change.value(), 7);
//! assert_eq!(purse.value(), 6);
//! ```

pub mod auction;
pub mod error;
pub mod purse;
pub mod route;
pub mod serde_array;
pub mod track;

pub use auction::{
    places, vizier_payout, Auction, AuctionEvents, AuctionFormat, AuctionKind, AuctionPoint,
    AuctionReport, AuctionResult, Bid, OnceAround, OpenAscending, PayRule, Payment, Places, Prizes,
    Receiver, Sealed, Settlement, TieBreak, TieRule, Turn,
};
pub use error::TradeError;
pub use purse::{transfer, Coins, Paid, SILVER_PER_GOLD};
pub use route::{
    CaravanMap, CoinStacks, CostModifiers, DegreeRules, Goal, LargestTaken, RegionMap, RegionSpec,
    RouteStats, SmallPath, TargetCost, MAX_REGIONS, MAX_STACKS,
};
pub use track::{Fallen, FinePrice, PriceTrack, TrackCard, TrackEntry};

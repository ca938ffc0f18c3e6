//! One error type for every trade mechanic, so engines can wrap it in their `IllegalAction`.
//! Messages are whole sentences a player can read; seats print 1-based ("P3").

use silk_core::Seat;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TradeError {
    // --- auctions ---
    #[error("it is not {seat}'s turn to bid ({expected} is to act)")]
    NotYourTurn { seat: Seat, expected: Seat },
    #[error("{0} is not taking part in this auction")]
    NotInAuction(Seat),
    #[error("{0} has already passed and is out of the auction")]
    AlreadyOut(Seat),
    #[error("{0} has already committed a bid")]
    AlreadyCommitted(Seat),
    #[error("the auction is over")]
    AuctionOver,
    #[error("the auction is not over yet")]
    AuctionNotOver,
    #[error("bid {amount} by {seat} is too low: the lowest allowed bid is {min}")]
    BidTooLow { seat: Seat, amount: u32, min: u32 },
    #[error("bid {amount} is more than {seat} owns ({budget})")]
    BidOverBudget {
        seat: Seat,
        amount: u32,
        budget: u32,
    },
    #[error("seat {0} is outside the table (at most 8 seats)")]
    SeatOutOfRange(u8),
    #[error("{0} is listed twice among the bidders")]
    DuplicateBidder(Seat),
    #[error("an auction needs at least one bidder")]
    NoBidders,
    #[error("the minimum bid must be at least 1 (0 means pass)")]
    ZeroMinimumBid,
    #[error("budgets are given for {given} seats but seat {seat} takes part")]
    MissingBudget { seat: Seat, given: usize },

    // --- maps ---
    #[error("unknown city \"{0}\"")]
    UnknownCity(String),
    #[error("city \"{0}\" is named twice")]
    DuplicateCity(String),
    #[error("the caravan map has a cycle through \"{0}\"")]
    Cycle(String),
    #[error("city \"{0}\" cannot be reached from the start")]
    UnreachableCity(String),
    #[error("city \"{0}\" has no route to the end")]
    DeadEnd(String),
    #[error("city \"{city}\" has {degree} exits but must have between {min} and {max}")]
    OutDegree {
        city: String,
        degree: usize,
        min: u8,
        max: u8,
    },
    #[error("the end city \"{0}\" must have no exits")]
    EndHasExits(String),
    #[error("the link from \"{0}\" to \"{1}\" is listed twice")]
    DuplicateLink(String, String),
    #[error("the start and the end must be different cities")]
    StartIsEnd,
    #[error("a map may hold at most {max} places, this one has {count}")]
    TooManyPlaces { count: usize, max: usize },
    #[error("unknown region \"{0}\"")]
    UnknownRegion(String),
    #[error("region \"{0}\" is named twice")]
    DuplicateRegion(String),
    #[error("region \"{0}\" cannot border itself")]
    SelfBorder(String),
    #[error("region \"{0}\" cannot be reached from \"{1}\": the region map is not connected")]
    Disconnected(String, String),
    #[error("region index {index} is out of range (the map has {len} regions)")]
    RegionOutOfRange { index: u8, len: usize },
    #[error("empire index {index} is out of range (the map has {len} empires)")]
    EmpireOutOfRange { index: u8, len: usize },
    #[error("a route must start at \"{0}\"")]
    RouteStart(String),
    #[error("\"{0}\" and \"{1}\" are not adjacent")]
    NotAdjacent(String, String),
    #[error("the route visits \"{0}\" twice")]
    RepeatedRegion(String),
    #[error("the route does not end at its goal")]
    RouteGoal,
    #[error("region {0} already holds the most coin stacks allowed (8)")]
    StacksFull(u8),
    #[error("a coin stack cannot hold {0} coins (at most 255)")]
    StackTooLarge(u32),

    // --- tracks ---
    #[error("slot {slot} is off the track (it has {len} slots)")]
    SlotOutOfRange { slot: usize, len: usize },
    #[error("slot {0} is empty")]
    SlotEmpty(usize),
    #[error("the track has no room for this card")]
    TrackFull,
    #[error("a double-width card needs a track of at least 2 slots")]
    TrackTooShort,

    // --- money ---
    #[error("cannot pay {need}: only {have} available")]
    InsufficientFunds { need: u32, have: u32 },
    #[error("cannot pay {need} exactly and no change is made")]
    NoChange { need: u32 },
    #[error("too many coins: the amount overflows")]
    Overflow,
}

// Engines keep a refusal from a trade mechanic typed (`IllegalAction::Mechanic`) rather than
// copying its message into a string.
impl From<TradeError> for silk_core::Cause {
    fn from(e: TradeError) -> Self {
        silk_core::Cause::new(e)
    }
}

impl From<TradeError> for silk_core::IllegalAction {
    fn from(e: TradeError) -> Self {
        silk_core::IllegalAction::Mechanic(e.into())
    }
}

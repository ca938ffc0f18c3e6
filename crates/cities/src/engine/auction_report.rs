//! The auction points, numbered as the lab counts them (`crate::auctions::POINTS`): each closed
//! auction's report ([`silk_trade::AuctionEvents::closed`]) names its point, and what the
//! auction measures of `silk compare --mechanic` are counted from it.

pub(super) const BARBARIANS_POINT: u8 = 0;
pub(super) const PRIORITY_POINT: u8 = 1;
pub(super) const LOT_POINT: u8 = 2;

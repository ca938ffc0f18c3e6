//! Silk Road's auction points: the leader auction and the Grand Vizier's reveal, each a named
//! parameter choosing its format (silk-trade's [`Auction`](silk_trade::Auction)); the rules'
//! formats are the defaults.

use silk_trade::auction::{AuctionFormat, AuctionKind, AuctionPoint, PayRule, TieRule};

/// I. The leader auction: the others bid once around from the holder's left; the holder then
/// sells to the high bidder or pays them that price and keeps the pawn.
pub const LEADER: AuctionPoint = AuctionPoint {
    key: "leader",
    param: "leader_auction",
    about: "the leader auction (I): the others bid for the leader pawn; the holder sells it to \
            the winner or pays the winner the price and keeps it",
    default: AuctionFormat::new(
        AuctionKind::OnceAround,
        PayRule::FirstPrice,
        TieRule::SeatOrder,
    ),
    payments: &[PayRule::FirstPrice, PayRule::SecondPrice],
    payments_why: "the holder sells to or pays one bidder one price",
    ties: &[TieRule::SeatOrder],
    ties_why: "one pawn goes to one bidder",
    value: None,
};

/// The Grand Vizier: everyone reveals goods of the called good; the most earns the first
/// prize, the second most the second. Nobody gives the goods up under the rules.
pub const VIZIER: AuctionPoint = AuctionPoint {
    key: "vizier",
    param: "vizier_auction",
    about: "the Grand Vizier's reveal: everyone shows goods of the called good for the prizes \
            (5 and 3 silver)",
    default: AuctionFormat::new(AuctionKind::Sealed, PayRule::NoPay, TieRule::Shared),
    payments: &[PayRule::NoPay, PayRule::AllPay],
    payments_why: "a reveal is a show for prizes, not a sale: either nobody gives up the goods \
                   shown or everyone does",
    ties: &[TieRule::Shared, TieRule::SeatOrder],
    ties_why: "",
    value: Some("the prize the winner earns, in silver; a good shown and given up costs 1 point, as a silver does"),
};

/// Every auction point, in the order of play.
pub const POINTS: [AuctionPoint; 2] = [LEADER, VIZIER];

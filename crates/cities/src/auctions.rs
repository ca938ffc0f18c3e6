//! Cities' auction points (gaps 18, 19 and 28): the barbarian auction, the Phase 2 priority
//! auction among tied coin leaders and the Phase 4 auction of a fallen city's holdings, each a
//! named parameter choosing its format (silk-trade's [`Auction`](silk_trade::Auction)); the
//! project's defaults are the formats the rules file gives.

use silk_trade::auction::{AuctionFormat, AuctionKind, AuctionPoint, PayRule, TieRule};

const SOLD: &[PayRule] = &[PayRule::FirstPrice, PayRule::SecondPrice, PayRule::AllPay];
const SOLD_WHY: &str = "the lot is paid for";
const ONE: &[TieRule] = &[TieRule::SeatOrder];
const ONE_WHY: &str = "one seat takes the lot";

/// Gap 18, Phase 1: Soldiers bid against the barbarians from the priority player going left;
/// every seat that bid loses its last bid; the winner draws a development card; seats that
/// never bid pay the penalty.
pub const BARBARIANS: AuctionPoint = AuctionPoint {
    key: "barbarians",
    param: "barb_auction",
    about: "the barbarian auction (Phase 1, gap 18): Soldiers bid for a development card; \
            seats that never bid pay the travel penalty",
    default: AuctionFormat::new(
        AuctionKind::OpenAscending,
        PayRule::AllPay,
        TieRule::SeatOrder,
    ),
    payments: SOLD,
    payments_why: "Soldiers sent against the barbarians are lost",
    ties: ONE,
    ties_why: "one seat draws the development card",
    value: None,
};

/// Gap 19, Phase 2: the seats tied for most coins bid coins for priority, paid to the bank.
pub const PRIORITY: AuctionPoint = AuctionPoint {
    key: "priority",
    param: "priority_auction",
    about: "the priority auction (Phase 2, gap 19): the seats tied for most coins bid coins to \
            go first",
    default: AuctionFormat::new(
        AuctionKind::OpenAscending,
        PayRule::FirstPrice,
        TieRule::SeatOrder,
    ),
    payments: SOLD,
    payments_why: SOLD_WHY,
    ties: ONE,
    ties_why: "one seat goes first",
    value: None,
};

/// Gap 28, Phase 4 (Rise and Fall): each item of a fallen city is auctioned for coins from the
/// falling player going left; with no bid the falling player keeps it.
pub const LOT: AuctionPoint = AuctionPoint {
    key: "lot",
    param: "lot_auction",
    about: "the Rise and Fall auction (Phase 4, gap 28): each item of a fallen city is sold \
            for coins",
    default: AuctionFormat::new(
        AuctionKind::OpenAscending,
        PayRule::FirstPrice,
        TieRule::SeatOrder,
    ),
    payments: SOLD,
    payments_why: SOLD_WHY,
    ties: ONE,
    ties_why: ONE_WHY,
    value: Some(
        "the item's Golden Age value in coins (what the rules pay a falling city for it: \
         food and metal 1, silk and a citizen 2, fine silk 3, an improvement its GA)",
    ),
};

/// Every auction point, in the order of play.
pub const POINTS: [AuctionPoint; 3] = [BARBARIANS, PRIORITY, LOT];

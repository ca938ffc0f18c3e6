//! What `apply` reports happened. Events name cards by id; narration hides a blind reserve from
//! everyone but the player who drew it (`tell.rs`); their notation is in `notation.rs`.

use serde::{Deserialize, Serialize};
use silk_core::Seat;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Event {
    /// Tokens taken from the supply (five colours, then gold).
    Took {
        seat: Seat,
        tokens: [u8; 6],
    },
    /// A card reserved: from a face-up place, or blind from a deck (`deck`), with or without gold.
    Reserved {
        seat: Seat,
        card: u8,
        from: Option<u8>,
        deck: Option<u8>,
        gold: bool,
    },
    /// A card bought, with what was paid (tokens by kind, Orient gold cards spent).
    Bought {
        seat: Seat,
        card: u8,
        from: u8,
        paid: [u8; 6],
        gold_cards: u8,
        conquest: bool,
    },
    /// A face-up card taken free (Orient).
    TookFree {
        seat: Seat,
        card: u8,
        from: u8,
    },
    Returned {
        seat: Seat,
        token: u8,
    },
    NobleVisit {
        seat: Seat,
        noble: u8,
    },
    NobleReserved {
        seat: Seat,
        noble: u8,
    },
    CityClaimed {
        seat: Seat,
        city: u8,
    },
    PostPlaced {
        seat: Seat,
        post: u8,
    },
    Joined {
        seat: Seat,
        card: u8,
        colour: u8,
    },
    Discarded {
        seat: Seat,
        card: u8,
    },
    StrongholdPlaced {
        seat: Seat,
        from: Option<u8>,
        to: u8,
    },
    StrongholdRemoved {
        seat: Seat,
        owner: Seat,
        at: u8,
    },
    /// Strongholds taken back from a card bought or reserved.
    StrongholdsBack {
        seat: Seat,
        at: u8,
        count: u8,
    },
    /// A card revealed to fill a face-up place.
    Refilled {
        at: u8,
        card: u8,
    },
    Passed {
        seat: Seat,
    },
    /// The last round begins: someone reached the goal (or claimed a city).
    LastRound {
        seat: Seat,
    },
    GameOver {
        stuck: bool,
    },
}

/// What a viewer is told of a reserved card: the secrecy rule the one walk of the events
/// (`crate::tell`) applies for both narrations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReserveShown {
    /// Taken from a face-up place: everyone saw it.
    FaceUp { card: u8, place: u8 },
    /// Drawn blind from a deck: the card only for the player who drew it.
    Blind { deck: u8, card: Option<u8> },
    /// Neither place nor deck recorded: just "a card".
    Unknown,
}

impl ReserveShown {
    pub fn of(
        seat: Seat,
        card: u8,
        from: Option<u8>,
        deck: Option<u8>,
        viewer: Option<Seat>,
    ) -> ReserveShown {
        match (from, deck) {
            (Some(place), _) => ReserveShown::FaceUp { card, place },
            (None, Some(deck)) => ReserveShown::Blind {
                deck,
                card: (viewer == Some(seat)).then_some(card),
            },
            (None, None) => ReserveShown::Unknown,
        }
    }
}

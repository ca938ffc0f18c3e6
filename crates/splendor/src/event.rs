//! What `apply` reports happened. Events name cards by id; narration hides a blind reserve from
//! everyone but the player who drew it.

use crate::action::pos_name;
use crate::colour::{short, token_name};
use crate::rules::{Noble, Rules};
use crate::tell::{tell, Telling};
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

/// "L2 red 1pt W3 U2 G2": a card as players read it.
pub fn card_text(rules: &Rules, id: u8) -> String {
    let c = rules.card(id);
    let bonus = match (c.bonus, c.effect) {
        (b, _) if (b as usize) < 5 => {
            let name = token_name(b as usize);
            if c.bonus_count == 2 {
                format!("2x{name}")
            } else {
                name.to_string()
            }
        }
        (_, crate::data::Effect::Gold) => "gold card".into(),
        _ => "join".into(),
    };
    let effect = match c.effect {
        crate::data::Effect::None | crate::data::Effect::Double | crate::data::Effect::Gold => {
            String::new()
        }
        crate::data::Effect::Join => " +join".into(),
        crate::data::Effect::JoinTake1 => " +join +free L1".into(),
        crate::data::Effect::ReserveNoble => " +reserve noble".into(),
        crate::data::Effect::Take2 => " +free L2".into(),
        crate::data::Effect::Sacrifice => {
            format!(" -2 {} bonuses", token_name(c.sacrifice as usize))
        }
    };
    format!(
        "#{id} L{} {bonus} {}pt [{}]{effect}",
        c.level + 1,
        c.points,
        short(&c.cost)
    )
}

fn tokens_text(t: &[u8; 6]) -> String {
    let mut parts = Vec::new();
    for (k, &n) in t.iter().enumerate() {
        if n > 0 {
            parts.push(format!("{n} {}", token_name(k)));
        }
    }
    parts.join(", ")
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

impl Event {
    /// Narration as `viewer` may see it (`None`: a public observer), in the notation.
    pub fn text(&self, rules: &Rules, viewer: Option<Seat>) -> Option<String> {
        Some(tell(&Notation(rules), self, viewer))
    }
}

/// The terminal's and the traces' notation: "#23 L1 green 1pt [K4]", places as "1b".
struct Notation<'a>(&'a Rules);

impl Telling for Notation<'_> {
    fn rules(&self) -> &Rules {
        self.0
    }
    fn card(&self, id: u8) -> String {
        card_text(self.0, id)
    }
    fn place(&self, p: u8) -> String {
        pos_name(p)
    }
    fn tokens(&self, t: &[u8; 6]) -> String {
        tokens_text(t)
    }
    fn city(&self, face: u8) -> String {
        format!("the city {}", city_text(self.0, face))
    }
    fn count_of(&self, n: u8, noun: &str) -> String {
        format!("{n} {noun}(s)")
    }
    fn at_place(&self, card: String, p: u8) -> String {
        format!("{card} from {}", pos_name(p))
    }
    fn blind(&self, card: String, d: u8) -> String {
        format!("{card} blind from deck {}", deck_name(d))
    }
    const AND_A_GOLD: &'static str = " and a gold";
    fn paid(&self, paid: &[u8; 6]) -> String {
        match tokens_text(paid) {
            t if t.is_empty() => " for nothing".into(),
            t => format!(" for {t}"),
        }
    }
    const RETURNS: &'static str = "returns";
    fn noble_visit(&self, seat: Seat, noble: &Noble) -> String {
        format!(
            "a noble visits {seat} ({} prestige; needed {})",
            noble.points,
            short(&noble.requires)
        )
    }
    fn noble_wants(&self, noble: &Noble) -> String {
        format!("needing {}", short(&noble.requires))
    }
    fn joined_to(&self, colour: u8) -> String {
        token_name(colour as usize).into()
    }
    fn refilled(&self, card: u8, at: u8) -> String {
        format!("{} is revealed at {}", self.card(card), pos_name(at))
    }
    fn passed(&self, seat: Seat) -> String {
        format!("{seat} cannot act and passes")
    }
    fn last_round(&self, seat: Seat) -> String {
        format!("{seat} triggers the end: the round is finished")
    }
    fn game_over(&self, stuck: bool) -> String {
        match stuck {
            false => "the game is over".into(),
            true => {
                "the game is stuck (nobody can act, or the round cap) and ends without a winner"
                    .into()
            }
        }
    }
}

pub fn deck_name(d: u8) -> String {
    if d < 3 {
        format!("{}", d + 1)
    } else {
        format!("orient {}", d - 2)
    }
}

/// "13pt R4 K3 +4 any": a city face as players read it.
pub fn city_text(rules: &Rules, face: u8) -> String {
    let c = &rules.cities[face as usize];
    let mut t = format!("{}pt", c.points);
    let named = short(&c.requires);
    if named != "-" {
        t.push(' ');
        t.push_str(&named);
    }
    for &a in c.any.iter().filter(|&&a| a > 0) {
        t.push_str(&format!(" +{a} of another colour"));
    }
    t
}

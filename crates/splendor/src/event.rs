//! What `apply` reports happened. Events name cards by id; narration hides a blind reserve from
//! everyone but the player who drew it.

use crate::action::pos_name;
use crate::colour::{short, token_name};
use crate::rules::Rules;
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

/// What a viewer is told of a reserved card: the secrecy rule both narrations (the terminal's
/// notation here, the pages' words in `history`) follow.
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
    /// Narration as `viewer` may see it (`None`: a public observer).
    pub fn text(&self, rules: &Rules, viewer: Option<Seat>) -> Option<String> {
        let card = |id: u8| card_text(rules, id);
        Some(match *self {
            Event::Took { seat, tokens } => format!("{seat} takes {}", tokens_text(&tokens)),
            Event::Reserved {
                seat,
                card: id,
                from,
                deck,
                gold,
            } => {
                let what = match ReserveShown::of(seat, id, from, deck, viewer) {
                    ReserveShown::FaceUp { card: c, place } => {
                        format!("{} from {}", card(c), pos_name(place))
                    }
                    ReserveShown::Blind {
                        deck,
                        card: Some(c),
                    } => {
                        format!("{} blind from deck {}", card(c), deck_name(deck))
                    }
                    ReserveShown::Blind { deck, card: None } => {
                        format!("a card blind from deck {}", deck_name(deck))
                    }
                    ReserveShown::Unknown => "a card".into(),
                };
                let gold = if gold { " and a gold" } else { "" };
                format!("{seat} reserves {what}{gold}")
            }
            Event::Bought {
                seat,
                card: id,
                from,
                paid,
                gold_cards,
                conquest,
            } => {
                let mut t = format!(
                    "{seat} {} {}",
                    if conquest { "conquers" } else { "buys" },
                    card(id)
                );
                if from < crate::action::RESERVED_SRC {
                    t.push_str(&format!(" from {}", pos_name(from)));
                } else {
                    t.push_str(" from their reserve");
                }
                let paid = tokens_text(&paid);
                t.push_str(&format!(
                    " for {}",
                    if paid.is_empty() {
                        "nothing".into()
                    } else {
                        paid
                    }
                ));
                if gold_cards > 0 {
                    t.push_str(&format!(" and {gold_cards} gold card(s)"));
                }
                t
            }
            Event::TookFree {
                seat,
                card: id,
                from,
            } => {
                format!("{seat} takes {} from {} free", card(id), pos_name(from))
            }
            Event::Returned { seat, token } => {
                format!("{seat} returns 1 {}", token_name(token as usize))
            }
            Event::NobleVisit { seat, noble } => format!(
                "a noble visits {seat} ({} prestige; needed {})",
                rules.nobles[noble as usize].points,
                short(&rules.nobles[noble as usize].requires)
            ),
            Event::NobleReserved { seat, noble } => format!(
                "{seat} reserves the noble needing {}",
                short(&rules.nobles[noble as usize].requires)
            ),
            Event::CityClaimed { seat, city } => {
                format!("{seat} claims the city {}", city_text(rules, city))
            }
            Event::PostPlaced { seat, post } => format!(
                "{seat} places a coat of arms on trading post {} ({})",
                post + 1,
                crate::text::power_text(rules.posts[post as usize].power)
            ),
            Event::Joined {
                seat,
                card: id,
                colour,
            } => {
                format!(
                    "{seat} joins {} to {}",
                    card(id),
                    token_name(colour as usize)
                )
            }
            Event::Discarded { seat, card: id } => format!("{seat} discards {}", card(id)),
            Event::StrongholdPlaced {
                seat,
                from: None,
                to,
            } => {
                format!("{seat} places a stronghold on {}", pos_name(to))
            }
            Event::StrongholdPlaced {
                seat,
                from: Some(f),
                to,
            } => {
                format!(
                    "{seat} moves a stronghold from {} to {}",
                    pos_name(f),
                    pos_name(to)
                )
            }
            Event::StrongholdRemoved { seat, owner, at } => {
                format!("{seat} removes {owner}'s stronghold from {}", pos_name(at))
            }
            Event::StrongholdsBack { seat, at, count } => {
                format!(
                    "{seat} takes back {count} stronghold(s) from {}",
                    pos_name(at)
                )
            }
            Event::Refilled { at, card: id } => {
                format!("{} is revealed at {}", card(id), pos_name(at))
            }
            Event::Passed { seat } => format!("{seat} cannot act and passes"),
            Event::LastRound { seat } => format!("{seat} triggers the end: the round is finished"),
            Event::GameOver { stuck: false } => "the game is over".into(),
            Event::GameOver { stuck: true } => {
                "the game is stuck (nobody can act, or the round cap) and ends without a winner"
                    .into()
            }
        })
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

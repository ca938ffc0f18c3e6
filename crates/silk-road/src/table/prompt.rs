//! The question of the moment, as the helper asks it; the names of entries for refusals.

use super::{Entry, Prompt, Step, Table};
use silk_core::SeatSet;

impl Table {
    /// The question of the moment.
    pub fn prompt(&self) -> Prompt {
        let names = |set: SeatSet| {
            set.iter()
                .map(|s| self.name(s).to_string())
                .collect::<Vec<_>>()
        };
        match self.step {
            Step::FirstLeader => Prompt {
                who: None,
                question: "Who holds the leader pawn first? (name or number)".into(),
                choices: self.names.clone(),
            },
            Step::Auction(a) => {
                let seat = a.next_bidder().unwrap_or(self.holder);
                let high = match a.high() {
                    Some(b) => format!("high bid {} by {}", b.amount, self.name(b.seat)),
                    None => "no bid yet".into(),
                };
                Prompt {
                    who: Some(seat),
                    question: format!(
                        "Leader auction for {}'s pawn ({high}). {}: bid at least {} (never more than you own), or pass",
                        self.name(self.holder),
                        self.name(seat),
                        a.min_next_bid()
                    ),
                    choices: vec![format!("{}", a.min_next_bid()), "pass".into()],
                }
            }
            Step::HolderChoice(b) => Prompt {
                who: Some(self.holder),
                question: format!(
                    "{}: sell the pawn to {} for {} (they pay you), or keep it and pay {} {}?",
                    self.name(self.holder),
                    self.name(b.seat),
                    b.amount,
                    self.name(b.seat),
                    b.amount
                ),
                choices: vec!["sell".into(), "keep".into()],
            },
            Step::Move => Prompt {
                who: Some(self.holder),
                question: format!(
                    "{} moves the caravan from {}{}",
                    self.name(self.holder),
                    self.city,
                    if self.any_city {
                        " (name any city)".to_string()
                    } else {
                        format!(" to: {}", self.next_cities().join(" or "))
                    }
                ),
                choices: self.next_cities(),
            },
            Step::Take { actor, second } => {
                let mut choices = vec![
                    "tile".into(),
                    "vizier".into(),
                    "crook".into(),
                    "barterer".into(),
                ];
                if !second && self.can_barter(actor).is_ok() {
                    choices.push("barter tile".into());
                }
                Prompt {
                    who: Some(actor),
                    question: format!(
                        "{} takes {}tile in {} ({} left): answer `tile` (a tile used at once), `vizier` (a Grand Vizier), `crook` or `barterer`{}",
                        self.name(actor),
                        if second { "a second " } else { "a " },
                        self.city,
                        self.tiles_left,
                        if choices.len() > 4 { "; `barter tile` (or `barter vizier`, …) uses a Barterer to take two" } else { "" }
                    ),
                    choices,
                }
            }
            Step::Call { actor, .. } => Prompt {
                who: Some(actor),
                question: format!("{} calls the Grand Vizier on which good?", self.name(actor)),
                choices: self
                    .callable()
                    .iter()
                    .map(|g| g.name().to_string())
                    .collect(),
            },
            Step::Reveal { good, sealed, .. } => Prompt {
                who: None,
                question: format!(
                    "Everyone reveals {good} at once. Enter `name count` for: {}",
                    names(sealed.to_move()).join(", ")
                ),
                choices: Vec::new(),
            },
            Step::PassPawn { actor, targets } => Prompt {
                who: Some(actor),
                question: format!(
                    "{} passes the pawn to: {}",
                    self.name(actor),
                    names(targets).join(" or ")
                ),
                choices: names(targets),
            },
            Step::GivePawn { actor, holders } => Prompt {
                who: Some(actor),
                question: format!(
                    "Market over. {} chooses who holds the pawn: {}",
                    self.name(actor),
                    names(holders).join(" or ")
                ),
                choices: names(holders),
            },
            Step::Scoring => {
                let missing: Vec<String> = (0..self.players())
                    .filter(|&i| self.holdings[i].is_none())
                    .map(|i| self.names[i].clone())
                    .collect();
                Prompt {
                    who: None,
                    question: format!(
                        "Final count. Enter `name gold silver ivory silk fruits jewels spices` for: {} (`fix name …` corrects a count)",
                        missing.join(", ")
                    ),
                    choices: Vec::new(),
                }
            }
            Step::Done => Prompt {
                who: None,
                question: "The game is over. `fix name gold silver ivory silk fruits jewels spices` corrects a count, `undo` takes back the last entry, `quit` leaves.".into(),
                choices: Vec::new(),
            },
        }
    }
}

pub(super) fn entry_name(e: &Entry) -> &'static str {
    match e {
        Entry::FirstLeader(_) => "naming the first leader",
        Entry::Bid(_) => "a bid",
        Entry::Pass => "a pass",
        Entry::Sell | Entry::Keep => "selling or keeping the pawn",
        Entry::Move(_) => "a move",
        Entry::Take { .. } => "taking a tile",
        Entry::Call(_) => "calling a good",
        Entry::Reveal { .. } => "a reveal",
        Entry::Give(_) => "giving the pawn",
        Entry::Holdings { .. } => "a final count",
        Entry::Fix { .. } => "a correction of a count",
        Entry::Count => "the count",
    }
}

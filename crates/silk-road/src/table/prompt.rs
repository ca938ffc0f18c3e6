//! The question of the moment, as the helper asks it; the names of entries for refusals.

use super::{Entry, Prompt, Step, Table};
use silk_core::{Seat, SeatSet};
use silk_trade::auction::OnceAround;

impl Table {
    /// The question of the moment.
    pub fn prompt(&self) -> Prompt {
        let names = |set: SeatSet| self.names_of(set);
        match self.step {
            Step::FirstLeader => Prompt {
                who: None,
                question: "Who holds the leader pawn first? (name or number)".into(),
                choices: self.names.clone(),
            },
            Step::Auction(a) => self.auction_prompt(a),
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
            Step::Take { actor, second } => self.take_prompt(actor, second),
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
            Step::Scoring => self.scoring_prompt(),
            Step::Done => Prompt {
                who: None,
                question: "The game is over. `fix name gold silver ivory silk fruits jewels spices` corrects a count, `undo` takes back the last entry, `quit` leaves.".into(),
                choices: Vec::new(),
            },
        }
    }

    /// The names of the seats in `set`, in seat order.
    fn names_of(&self, set: SeatSet) -> Vec<String> {
        set.iter().map(|s| self.name(s).to_string()).collect()
    }

    /// The leader auction's question: the high bid, and what the seat to bid may do.
    fn auction_prompt(&self, a: OnceAround) -> Prompt {
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

    /// Taking a tile: what may be taken, and a Barterer's two tiles where `actor` may barter.
    fn take_prompt(&self, actor: Seat, second: bool) -> Prompt {
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

    /// The final count: whose holdings are still to be entered.
    fn scoring_prompt(&self) -> Prompt {
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

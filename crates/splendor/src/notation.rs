//! The terminal's and the traces' notation of the events and of what they name: "#23 L1
//! green 1pt [K4]" for a card, places as "1b" ([`Event::text`]). The pages' words are in
//! `history.rs`; the walk both share, in `tell.rs`.

use crate::action::pos_name;
use crate::colour::{short, token_name};
use crate::event::Event;
use crate::rules::{Noble, Rules};
use crate::tell::{tell, Telling};
use silk_core::Seat;

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

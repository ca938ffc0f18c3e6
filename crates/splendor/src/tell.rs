//! One walk over the events, told two ways: the terminal's and the traces' notation
//! (`notation.rs`, [`Event::text`]: "#23 L1 green 1pt [K4]") and the pages' words
//! ([`crate::event_words`]: "a level-1 green card (1 prestige, costs 4 black)"). The
//! walk decides what a viewer is told (another's blind reserve never names the card) and how
//! each sentence is built; a [`Telling`] names the pieces and words the sentences whose shape
//! differs between the two.

use crate::action::RESERVED_SRC;
use crate::colour::token_name;
use crate::event::{Event, ReserveShown};
use crate::rules::{Noble, Rules};
use crate::text::power_text;
use silk_core::Seat;

/// One way of telling the events.
pub(crate) trait Telling {
    fn rules(&self) -> &Rules;
    /// A card by id.
    fn card(&self, id: u8) -> String;
    /// A face-up place.
    fn place(&self, p: u8) -> String;
    /// Tokens taken (five colours, then gold).
    fn tokens(&self, t: &[u8; 6]) -> String;
    /// A city face claimed.
    fn city(&self, face: u8) -> String;
    /// `n` of `noun` (a count and the noun's plural as this telling writes it).
    fn count_of(&self, n: u8, noun: &str) -> String;
    /// A card taken, bought or reserved from face-up place `p`.
    fn at_place(&self, card: String, p: u8) -> String;
    /// A card (or "a card", unseen) reserved blind from deck `d`.
    fn blind(&self, card: String, d: u8) -> String;
    /// What a reserve with a gold adds.
    const AND_A_GOLD: &'static str;
    /// What a purchase paid in tokens.
    fn paid(&self, paid: &[u8; 6]) -> String;
    /// The verb of a token given back.
    const RETURNS: &'static str;
    fn noble_visit(&self, seat: Seat, noble: &Noble) -> String;
    /// What a reserved noble wants.
    fn noble_wants(&self, noble: &Noble) -> String;
    /// What a card is joined to.
    fn joined_to(&self, colour: u8) -> String;
    fn refilled(&self, card: u8, at: u8) -> String;
    fn passed(&self, seat: Seat) -> String;
    fn last_round(&self, seat: Seat) -> String;
    fn game_over(&self, stuck: bool) -> String;
}

/// What `viewer` (`None`: the public) is told of `e`, as `t` tells it.
pub(crate) fn tell<T: Telling>(t: &T, e: &Event, viewer: Option<Seat>) -> String {
    match *e {
        Event::Took { seat, tokens } => format!("{seat} takes {}", t.tokens(&tokens)),
        Event::Reserved {
            seat,
            card,
            from,
            deck,
            gold,
        } => {
            let what = match ReserveShown::of(seat, card, from, deck, viewer) {
                ReserveShown::FaceUp { card, place } => t.at_place(t.card(card), place),
                ReserveShown::Blind {
                    deck,
                    card: Some(c),
                } => t.blind(t.card(c), deck),
                ReserveShown::Blind { deck, card: None } => t.blind("a card".into(), deck),
                ReserveShown::Unknown => "a card".into(),
            };
            let gold = if gold { T::AND_A_GOLD } else { "" };
            format!("{seat} reserves {what}{gold}")
        }
        Event::Bought {
            seat,
            card,
            from,
            paid,
            gold_cards,
            conquest,
        } => {
            let verb = if conquest { "conquers" } else { "buys" };
            let what = if from < RESERVED_SRC {
                t.at_place(t.card(card), from)
            } else {
                format!("{} from their reserve", t.card(card))
            };
            let gold = match gold_cards {
                0 => String::new(),
                k => format!(" and {}", t.count_of(k, "gold card")),
            };
            format!("{seat} {verb} {what}{}{gold}", t.paid(&paid))
        }
        Event::TookFree { seat, card, from } => {
            format!("{seat} takes {} free", t.at_place(t.card(card), from))
        }
        Event::Returned { seat, token } => {
            format!("{seat} {} 1 {}", T::RETURNS, token_name(token as usize))
        }
        Event::NobleVisit { seat, noble } => t.noble_visit(seat, &t.rules().nobles[noble as usize]),
        Event::NobleReserved { seat, noble } => format!(
            "{seat} reserves the noble {}",
            t.noble_wants(&t.rules().nobles[noble as usize])
        ),
        Event::CityClaimed { seat, city } => format!("{seat} claims {}", t.city(city)),
        Event::PostPlaced { seat, post } => format!(
            "{seat} places a coat of arms on trading post {} ({})",
            post + 1,
            power_text(t.rules().posts[post as usize].power)
        ),
        Event::Joined { seat, card, colour } => {
            format!("{seat} joins {} to {}", t.card(card), t.joined_to(colour))
        }
        Event::Discarded { seat, card } => format!("{seat} discards {}", t.card(card)),
        Event::StrongholdPlaced {
            seat,
            from: None,
            to,
        } => format!("{seat} places a stronghold on {}", t.place(to)),
        Event::StrongholdPlaced {
            seat,
            from: Some(f),
            to,
        } => format!(
            "{seat} moves a stronghold from {} to {}",
            t.place(f),
            t.place(to)
        ),
        Event::StrongholdRemoved { seat, owner, at } => {
            format!("{seat} removes {owner}'s stronghold from {}", t.place(at))
        }
        Event::StrongholdsBack { seat, at, count } => format!(
            "{seat} takes back {} from {}",
            t.count_of(count, "stronghold"),
            t.place(at)
        ),
        Event::Refilled { at, card } => t.refilled(card, at),
        Event::Passed { seat } => t.passed(seat),
        Event::LastRound { seat } => t.last_round(seat),
        Event::GameOver { stuck } => t.game_over(stuck),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Splendor, SplendorConfig};
    use silk_core::Game;

    /// A telling that shows which pieces the walk handed it.
    struct Pieces<'a>(&'a Rules);

    impl Telling for Pieces<'_> {
        fn rules(&self) -> &Rules {
            self.0
        }
        fn card(&self, id: u8) -> String {
            format!("<card {id}>")
        }
        fn place(&self, p: u8) -> String {
            format!("<place {p}>")
        }
        fn tokens(&self, t: &[u8; 6]) -> String {
            format!("<tokens {t:?}>")
        }
        fn city(&self, face: u8) -> String {
            format!("<city {face}>")
        }
        fn count_of(&self, n: u8, noun: &str) -> String {
            format!("<{n} {noun}>")
        }
        fn at_place(&self, card: String, p: u8) -> String {
            format!("{card}<from {p}>")
        }
        fn blind(&self, card: String, d: u8) -> String {
            format!("{card}<blind {d}>")
        }
        const AND_A_GOLD: &'static str = "<gold>";
        fn paid(&self, paid: &[u8; 6]) -> String {
            format!("<paid {paid:?}>")
        }
        const RETURNS: &'static str = "<returns>";
        fn noble_visit(&self, seat: Seat, noble: &Noble) -> String {
            format!("<noble {} visits {seat}>", noble.points)
        }
        fn noble_wants(&self, noble: &Noble) -> String {
            format!("<wants {:?}>", noble.requires)
        }
        fn joined_to(&self, colour: u8) -> String {
            format!("<colour {colour}>")
        }
        fn refilled(&self, card: u8, at: u8) -> String {
            format!("<refilled {card} at {at}>")
        }
        fn passed(&self, seat: Seat) -> String {
            format!("<{seat} passed>")
        }
        fn last_round(&self, seat: Seat) -> String {
            format!("<{seat} last round>")
        }
        fn game_over(&self, stuck: bool) -> String {
            format!("<over {stuck}>")
        }
    }

    /// Issue 45, point 5: the notation and the words are one walk told two ways, and the walk
    /// (not each telling) keeps the secret: another's blind reserve is told without its card,
    /// its drawer is told the card, a face-up reserve tells card and place to everyone.
    #[test]
    fn issue45_one_walk_decides_what_a_viewer_is_told_for_every_telling() {
        let state = Splendor::setup(&SplendorConfig::new(2), 1).unwrap();
        let t = Pieces(&state.rules);
        let blind = Event::Reserved {
            seat: Seat(0),
            card: 7,
            from: None,
            deck: Some(1),
            gold: true,
        };
        assert_eq!(
            tell(&t, &blind, Some(Seat(1))),
            "P1 reserves a card<blind 1><gold>"
        );
        assert_eq!(tell(&t, &blind, None), "P1 reserves a card<blind 1><gold>");
        assert_eq!(
            tell(&t, &blind, Some(Seat(0))),
            "P1 reserves <card 7><blind 1><gold>"
        );
        let face_up = Event::Reserved {
            seat: Seat(0),
            card: 7,
            from: Some(4),
            deck: None,
            gold: false,
        };
        assert_eq!(
            tell(&t, &face_up, Some(Seat(1))),
            "P1 reserves <card 7><from 4>"
        );
        let bought = Event::Bought {
            seat: Seat(1),
            card: 3,
            from: RESERVED_SRC,
            paid: [0; 6],
            gold_cards: 2,
            conquest: false,
        };
        assert_eq!(
            tell(&t, &bought, None),
            "P2 buys <card 3> from their reserve<paid [0, 0, 0, 0, 0, 0]> and <2 gold card>"
        );
    }
}

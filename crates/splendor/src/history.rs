//! The pages' history in words (`silk play splendor --serve`): each event as a person would say
//! it — "a level-1 green card (1 prestige, costs 4 black) is revealed" — where the terminal and
//! the traces keep the compact notation of [`Event::text`] ("#23 L1 green 1pt [K4]").
//!
//! It is the same walk of the events as [`Event::text`] (`crate::tell`), told in words: a viewer
//! is told exactly what the notation tells it, and another player's blind reserve without the
//! card.

use crate::colour::token_name;
use crate::data::Effect;
use crate::event::Event;
use crate::rules::{Noble, Rules, SLOTS};
use crate::tell::{tell, Telling};
use crate::text::{effect_words, Mood};
use silk_core::Seat;

/// Prestige, named as the pages name it everywhere ("2 prestige", never "2 points": issue 44).
fn points(k: u8) -> String {
    format!("{k} prestige")
}

/// "4 black, 2 white": counts of the five colours (then gold), zeros left out.
fn counts(c: &[u8]) -> String {
    let parts: Vec<String> = c
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(k, &n)| format!("{n} {}", token_name(k)))
        .collect();
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join(", ")
    }
}

/// "a level-1 green card (1 point, costs 4 black)", with what it does beyond its bonus.
pub fn card_words(r: &Rules, id: u8) -> String {
    let c = r.card(id);
    let colour = match c.effect {
        _ if (c.bonus as usize) < 5 && c.bonus_count == 2 => {
            format!("double {}", token_name(c.bonus as usize))
        }
        _ if (c.bonus as usize) < 5 => token_name(c.bonus as usize).to_string(),
        Effect::Gold => "gold".into(),
        _ => "joining".into(),
    };
    let level = if c.orient {
        format!("Orient level-{}", c.level + 1)
    } else {
        format!("level-{}", c.level + 1)
    };
    let mut about = Vec::new();
    if c.points > 0 {
        about.push(points(c.points));
    }
    about.push(format!("costs {}", counts(&c.cost)));
    let does = effect_words(c.effect, c.sacrifice, Mood::Does);
    let does = does.map_or(String::new(), |d| format!("; {d}"));
    format!("a {level} {colour} card ({}{does})", about.join(", "))
}

/// A face-up place: "the level-2 row, place 3".
fn place_words(p: u8) -> String {
    let row = p as usize / SLOTS;
    let at = p as usize % SLOTS + 1;
    if row < 3 {
        format!("the level-{} row, place {at}", row + 1)
    } else {
        format!("the Orient level-{} row, place {at}", row - 2)
    }
}

fn deck_words(d: u8) -> String {
    if d < 3 {
        format!("the level-{} deck", d + 1)
    } else {
        format!("the Orient level-{} deck", d - 2)
    }
}

fn needs(req: &[u8; 5]) -> String {
    if req.iter().all(|&n| n == 0) {
        "no bonuses".into()
    } else {
        format!("{} bonuses", counts(req))
    }
}

/// "a city needing 13 prestige, 4 white, 3 red bonuses".
pub fn city_words(r: &Rules, face: u8) -> String {
    let c = &r.cities[face as usize];
    let mut want = vec![points(c.points)];
    if c.requires.iter().any(|&n| n > 0) {
        want.push(needs(&c.requires));
    }
    for &a in c.any.iter().filter(|&&a| a > 0) {
        want.push(format!("{a} bonuses of another colour"));
    }
    format!("a city needing {}", want.join(", "))
}

/// What `viewer` (`None`: the public) is told of `e`, in words; `None` exactly where
/// [`Event::text`] tells it nothing (the two are one walk, `crate::tell`).
pub fn event_words(r: &Rules, e: &Event, viewer: Option<Seat>) -> Option<String> {
    Some(tell(&Words(r), e, viewer))
}

/// The pages' words.
struct Words<'a>(&'a Rules);

impl Telling for Words<'_> {
    fn rules(&self) -> &Rules {
        self.0
    }
    fn card(&self, id: u8) -> String {
        card_words(self.0, id)
    }
    fn place(&self, p: u8) -> String {
        place_words(p)
    }
    fn tokens(&self, t: &[u8; 6]) -> String {
        counts(t)
    }
    fn city(&self, face: u8) -> String {
        city_words(self.0, face)
    }
    fn count_of(&self, n: u8, noun: &str) -> String {
        format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
    }
    /// The words name the card, not where it lay.
    fn at_place(&self, card: String, _: u8) -> String {
        card
    }
    fn blind(&self, card: String, d: u8) -> String {
        format!("{card} unseen from {}", deck_words(d))
    }
    const AND_A_GOLD: &'static str = " and takes a gold";
    fn paid(&self, paid: &[u8; 6]) -> String {
        format!(", paying {}", counts(paid))
    }
    const RETURNS: &'static str = "gives back";
    fn noble_visit(&self, seat: Seat, noble: &Noble) -> String {
        format!(
            "a noble ({}) visits {seat}, who has {}",
            points(noble.points),
            needs(&noble.requires)
        )
    }
    fn noble_wants(&self, noble: &Noble) -> String {
        format!("who wants {}", needs(&noble.requires))
    }
    fn joined_to(&self, colour: u8) -> String {
        format!("their {} cards", token_name(colour as usize))
    }
    fn refilled(&self, card: u8, _: u8) -> String {
        let c = self.card(card);
        format!("{}{} is revealed", c[..1].to_uppercase(), &c[1..])
    }
    fn passed(&self, seat: Seat) -> String {
        format!("{seat} cannot do anything and passes")
    }
    fn last_round(&self, seat: Seat) -> String {
        format!("{seat} has reached the goal: this round is the last")
    }
    fn game_over(&self, stuck: bool) -> String {
        match stuck {
            false => "The game is over".into(),
            true => {
                "The game is stuck (nobody can act, or the round cap) and ends without a winner"
                    .into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::State;
    use crate::{Module, Splendor, SplendorConfig};
    use silk_core::{Game, SilkRng};

    /// Engine notation the words must not use: "#23", "1pt", "[K4]", a colour letter and a
    /// count ("W3", "K4"), a place code ("1b").
    fn notation(t: &str) -> Option<String> {
        let b = t.as_bytes();
        let code = b.windows(2).enumerate().find(|(i, w)| {
            let alone = *i == 0 || !b[i - 1].is_ascii_alphanumeric();
            let end = b.get(i + 2).is_none_or(|c| !c.is_ascii_alphanumeric());
            let letter_digit = b"WUGRK".contains(&w[0]) && w[1].is_ascii_digit();
            let place = w[0].is_ascii_digit() && (b'a'..=b'f').contains(&w[1]);
            alone && end && (letter_digit || place)
        });
        if t.contains('#') || t.contains("pt ") || t.contains("pt]") || t.contains('[') {
            return Some(t.into());
        }
        code.map(|(i, _)| t[i..i + 2].to_string())
    }

    /// Issue 34 (round two): the Splendor history on the pages is in words ("a level-1 green
    /// card (1 prestige, costs 4 black) is revealed"), with every module's events, and tells each
    /// viewer no more than the terminal's narration does: another's blind reserve never names
    /// the card.
    #[test]
    fn issue34_splendor_history_is_in_words() {
        let mut kinds = std::collections::BTreeSet::new();
        let mut blind_hidden = 0;
        for (seed, modules) in [
            (1, &[][..]),
            (2, &[Module::Orient][..]),
            (3, &[Module::Cities][..]),
            (4, &[Module::Strongholds][..]),
            (5, &[Module::TradingPosts][..]),
        ] {
            let config = SplendorConfig::new(3).with_modules(modules);
            let mut s: State = Splendor::setup(&config, seed).unwrap();
            let mut rng = SilkRng::seed_from(seed);
            let mut legal = Vec::new();
            let mut events = Vec::new();
            for _ in 0..300 {
                let silk_core::ToMove::Seat(seat) = Splendor::to_move(&s) else {
                    break;
                };
                Splendor::legal_actions(&s, seat, &mut legal);
                let a = legal[rng.index(legal.len())];
                events.clear();
                Splendor::apply_with(&mut s, seat, a, &mut events).unwrap();
                for e in &events {
                    let r = &s.rules;
                    for viewer in [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))] {
                        let words = event_words(r, e, viewer);
                        assert_eq!(words.is_some(), e.text(r, viewer).is_some());
                        let Some(w) = words else { continue };
                        assert!(notation(&w).is_none(), "{w:?} ({:?})", notation(&w));
                        kinds.insert(
                            format!("{:?}", e)
                                .split([' ', '{'])
                                .next()
                                .unwrap()
                                .to_string(),
                        );
                        if let Event::Reserved {
                            seat: who,
                            card,
                            from: None,
                            ..
                        } = *e
                        {
                            if viewer != Some(who) {
                                blind_hidden += 1;
                                assert!(!w.contains(&card_words(r, card)), "{w}");
                            }
                        }
                    }
                }
            }
        }
        let r = Splendor::setup(&SplendorConfig::new(2), 1).unwrap().rules;
        let id = (0..r.cards.len() as u8)
            .find(|&id| {
                let c = r.card(id);
                c.level == 0 && c.points == 1 && c.cost == [0, 0, 0, 0, 4] && !c.orient
            })
            .expect("the level-1 card costing 4 black");
        let e = Event::Refilled { at: 1, card: id };
        let w = event_words(&r, &e, None).unwrap();
        assert!(
            w.starts_with("A level-1 ")
                && w.ends_with(" card (1 prestige, costs 4 black) is revealed"),
            "{w}"
        );
        for k in ["Took", "Bought", "Reserved", "Refilled", "NobleVisit"] {
            assert!(kinds.contains(k), "{k} never told: {kinds:?}");
        }
        assert!(blind_hidden > 0, "a blind reserve was seen by another");
    }
}

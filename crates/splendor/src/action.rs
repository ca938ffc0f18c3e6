//! Decisions and their human strings. Every string `to_text` writes, `parse` reads back.
//!
//! Face-up places are written level then letter: `1a`–`1d` the base cards of level 1, `1e`,
//! `1f` the Orient ones. Reserved cards are `r1`–`r3`.

use crate::colour::{token_name, Colour, GOLD};
use crate::rules::{NONE, SLOTS};
use crate::state::State;
use serde::{Deserialize, Serialize};
use silk_core::ParseActionError;

/// A payment's use of wildcards: per colour, how many of the card's gems gold pays for (3 bits
/// each), and how many Orient gold cards are spent.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Pay {
    pub gold: u16,
    pub cards: u8,
}

impl Pay {
    pub const fn units(self, c: usize) -> u8 {
        ((self.gold >> (3 * c)) & 7) as u8
    }
    pub fn with_units(units: [u8; 5], cards: u8) -> Pay {
        let mut gold = 0u16;
        for (c, &u) in units.iter().enumerate() {
            gold |= (u.min(7) as u16) << (3 * c);
        }
        Pay { gold, cards }
    }
    /// Gold for packed per-colour units (see `colour::pack`), each at most 7.
    pub fn from_packed_units(units: u64) -> Pay {
        let u = |c: u32| ((units >> (8 * c)) & 7) as u16;
        Pay {
            gold: u(0) | u(1) << 3 | u(2) << 6 | u(3) << 9 | u(4) << 12,
            cards: 0,
        }
    }
    /// The units per colour, packed (see `colour::pack`): `from_packed_units` undone.
    #[inline]
    pub fn packed_units(self) -> u64 {
        let g = self.gold as u64;
        let u = |c: u32| (g >> (3 * c) & 7) << (8 * c);
        u(0) | u(1) | u(2) | u(3) | u(4)
    }
    pub fn total(self) -> u32 {
        (0..5).map(|c| self.units(c) as u32).sum()
    }
}

/// Where a bought card comes from: face-up place `level * 6 + slot` (0–17) or reserved place
/// `18 + r`.
pub const RESERVED_SRC: u8 = 18;

/// One decision of one seat. `Copy`, six bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Take one gem of each colour in the mask (three; fewer when the supply is short).
    TakeDifferent(u8),
    /// Take two gems of a colour (4 or more left).
    TakeTwo(u8),
    /// Reserve the face-up card at a place.
    Reserve(u8),
    /// Reserve the top card of a deck (0–2 base levels, 3–5 Orient levels), unseen by others.
    ReserveDeck(u8),
    /// Buy a card (face-up place or reserved place), with this use of gold.
    Buy { src: u8, pay: Pay },
    /// Give back one token (0–4 a colour, 5 gold).
    Return(u8),
    /// Receive the noble in this place.
    Noble(u8),
    /// Orient: reserve the noble in this place.
    ReserveNoble(u8),
    /// The Cities: claim the city in this place.
    City(u8),
    /// Trading Posts (2024): place a coat of arms on this post.
    Post(u8),
    /// Orient: join the card to this colour.
    Join(u8),
    /// Orient: take the face-up card at this place free.
    Free(u8),
    /// Orient sacrifice: discard this card (by id).
    Discard(u8),
    /// Strongholds: place one (from your supply, `from = NONE`) or move one to a face-up card.
    Place { from: u8, to: u8 },
    /// Strongholds: remove a stronghold of `seat` from a face-up card.
    Remove { at: u8, seat: u8 },
    /// Decline an optional purchase (conquest).
    Decline,
    /// Take one gem of this colour (trading-post powers).
    Gem(u8),
    /// No action is possible: pass the turn.
    Pass,
}

/// `1a`, `3f`.
pub fn pos_name(pos: u8) -> String {
    format!(
        "{}{}",
        pos / SLOTS as u8 + 1,
        (b'a' + pos % SLOTS as u8) as char
    )
}

pub fn parse_pos(text: &str) -> Option<u8> {
    let b = text.trim().as_bytes();
    if b.len() != 2 {
        return None;
    }
    let level = b[0].checked_sub(b'1')?;
    let slot = b[1].to_ascii_lowercase().checked_sub(b'a')?;
    // Lazily: a far-out level ("za") would overflow the product.
    (level < 3 && (slot as usize) < SLOTS).then(|| level * SLOTS as u8 + slot)
}

fn src_name(src: u8) -> String {
    if src >= RESERVED_SRC {
        format!("r{}", src - RESERVED_SRC + 1)
    } else {
        pos_name(src)
    }
}

fn parse_src(text: &str) -> Option<u8> {
    let t = text.trim().to_ascii_lowercase();
    if let Some(r) = t.strip_prefix('r') {
        let k: u8 = r.parse().ok()?;
        return (1..=3).contains(&k).then(|| RESERVED_SRC + k - 1);
    }
    parse_pos(&t)
}

const DECK_NAMES: [&str; 6] = ["1", "2", "3", "orient 1", "orient 2", "orient 3"];

impl Action {
    pub fn to_text(self, s: &State) -> String {
        let name = |c: u8| token_name(c as usize);
        match self {
            Action::TakeDifferent(mask) => {
                let names: Vec<&str> = (0..5)
                    .filter(|c| mask >> c & 1 == 1)
                    .map(|c| token_name(c))
                    .collect();
                format!("take {}", names.join(" "))
            }
            Action::TakeTwo(c) => format!("take 2 {}", name(c)),
            Action::Reserve(pos) => format!("reserve {}", pos_name(pos)),
            Action::ReserveDeck(d) => format!("reserve deck {}", DECK_NAMES[d as usize % 6]),
            Action::Buy { src, pay } => {
                let mut t = format!("buy {}", src_name(src));
                if pay.total() > 0 {
                    t.push_str(" gold");
                    for c in 0..5 {
                        for _ in 0..pay.units(c) {
                            t.push(' ');
                            t.push_str(token_name(c));
                        }
                    }
                }
                if pay.cards > 0 {
                    t.push_str(&format!(" cards {}", pay.cards));
                }
                t
            }
            Action::Return(k) => format!("return {}", name(k)),
            Action::Noble(i) => format!("noble {}", i + 1),
            Action::ReserveNoble(i) => format!("reserve noble {}", i + 1),
            Action::City(i) => format!("city {}", i + 1),
            Action::Post(i) => format!("post {}", i + 1),
            Action::Join(c) => format!("join {}", name(c)),
            Action::Free(pos) => format!("free {}", pos_name(pos)),
            Action::Discard(card) => format!("discard #{card}"),
            Action::Place { from, to } if from == NONE => format!("place {}", pos_name(to)),
            Action::Place { from, to } => format!("move {} {}", pos_name(from), pos_name(to)),
            Action::Remove { at, seat } => {
                let _ = s;
                format!("remove P{} {}", seat + 1, pos_name(at))
            }
            Action::Decline => "decline".into(),
            Action::Gem(c) => format!("gem {}", name(c)),
            Action::Pass => "pass".into(),
        }
    }

    pub fn parse(text: &str) -> Result<Action, ParseActionError> {
        let bad = |why: &str| ParseActionError::new(text, why);
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower.split_whitespace().collect();
        let colour = |w: &str| {
            Colour::parse(w)
                .map(|c| c.index() as u8)
                .ok_or_else(|| bad("unknown colour (white, blue, green, red, black)"))
        };
        let token = |w: &str| {
            if w == "gold" || w == "joker" {
                Ok(GOLD as u8)
            } else {
                colour(w)
            }
        };
        let place =
            |w: &str| parse_pos(w).ok_or_else(|| bad("a face-up card is written like 1a or 3f"));
        let number = |w: &str, max: u8| {
            w.trim_start_matches('#')
                .parse::<u8>()
                .ok()
                .filter(|&k| (1..=max).contains(&k))
                .map(|k| k - 1)
                .ok_or_else(|| bad("not a number in range"))
        };
        match words.as_slice() {
            ["pass"] => Ok(Action::Pass),
            ["decline"] => Ok(Action::Decline),
            ["take", "2" | "two", c] => Ok(Action::TakeTwo(colour(c)?)),
            ["take", rest @ ..] if !rest.is_empty() && rest.len() <= 3 => {
                let mut mask = 0u8;
                for w in rest {
                    let c = colour(w)?;
                    if mask >> c & 1 == 1 {
                        return Err(bad("take different colours, or `take 2 <colour>`"));
                    }
                    mask |= 1 << c;
                }
                Ok(Action::TakeDifferent(mask))
            }
            ["reserve", "deck", "orient", l] => Ok(Action::ReserveDeck(3 + number(l, 3)?)),
            ["reserve", "deck", l] => Ok(Action::ReserveDeck(number(l, 3)?)),
            ["reserve", "noble", i] => Ok(Action::ReserveNoble(number(i, 5)?)),
            ["reserve", p] => Ok(Action::Reserve(place(p)?)),
            ["buy", src, rest @ ..] => {
                let src = parse_src(src)
                    .ok_or_else(|| bad("buy a face-up card (1a) or a reserved one (r1)"))?;
                let mut units = [0u8; 5];
                let mut cards = 0u8;
                let mut i = 0;
                while i < rest.len() {
                    match rest[i] {
                        "gold" => {}
                        "cards" | "card" => {
                            cards = rest
                                .get(i + 1)
                                .and_then(|w| w.parse().ok())
                                .ok_or_else(|| bad("`cards N`: how many gold cards to spend"))?;
                            i += 1;
                        }
                        w => {
                            let c = colour(w)? as usize;
                            if units[c] == 7 {
                                return Err(bad("too much gold for one colour"));
                            }
                            units[c] += 1;
                        }
                    }
                    i += 1;
                }
                Ok(Action::Buy {
                    src,
                    pay: Pay::with_units(units, cards),
                })
            }
            ["return", k] => Ok(Action::Return(token(k)?)),
            ["noble", i] => Ok(Action::Noble(number(i, 5)?)),
            ["city", i] => Ok(Action::City(number(i, 3)?)),
            ["post", i] => Ok(Action::Post(number(i, 5)?)),
            ["join", c] => Ok(Action::Join(colour(c)?)),
            ["free", p] => Ok(Action::Free(place(p)?)),
            ["discard", c] => c
                .trim_start_matches('#')
                .parse()
                .map(Action::Discard)
                .map_err(|_| bad("discard a card by its number, like #12")),
            ["place", p] => Ok(Action::Place {
                from: NONE,
                to: place(p)?,
            }),
            ["move", a, b] => Ok(Action::Place {
                from: place(a)?,
                to: place(b)?,
            }),
            ["remove", who, p] => Ok(Action::Remove {
                at: place(p)?,
                seat: number(who.trim_start_matches('p'), 4)?,
            }),
            ["gem", c] => Ok(Action::Gem(colour(c)?)),
            _ => Err(bad(
                "try: take white blue green, take 2 red, reserve 1a, reserve deck 2, buy 2c, \
                 buy r1 gold red, return blue, noble 1, pass",
            )),
        }
    }
}

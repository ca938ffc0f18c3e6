//! Gem colours and small per-colour counts.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The five gem colours (bonus colours of development cards), in the order the data files and
/// every per-colour array use. Gold is not a colour: it is the sixth token kind, [`GOLD`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    White,
    Blue,
    Green,
    Red,
    Black,
}

/// Index of gold among the six token kinds.
pub const GOLD: usize = 5;

impl Colour {
    pub const ALL: [Colour; 5] = [
        Colour::White,
        Colour::Blue,
        Colour::Green,
        Colour::Red,
        Colour::Black,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Option<Colour> {
        Colour::ALL.get(i).copied()
    }

    pub const fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Blue => "blue",
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }

    /// One letter for compact displays: W U G R K (U and K as in other games' notation, so
    /// that blue and black differ).
    pub const fn letter(self) -> char {
        ['W', 'U', 'G', 'R', 'K'][self as usize]
    }

    /// A colour by name or letter, any case; gem names (diamond, sapphire, emerald, ruby,
    /// onyx) too.
    pub fn parse(text: &str) -> Option<Colour> {
        let t = text.trim().to_ascii_lowercase();
        Some(match t.as_str() {
            "white" | "w" | "diamond" => Colour::White,
            "blue" | "u" | "sapphire" => Colour::Blue,
            "green" | "g" | "emerald" => Colour::Green,
            "red" | "r" | "ruby" => Colour::Red,
            "black" | "k" | "onyx" => Colour::Black,
            _ => return None,
        })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of token kind `k` (0–4 a colour, 5 gold).
pub fn token_name(k: usize) -> &'static str {
    Colour::from_index(k).map(Colour::name).unwrap_or("gold")
}

/// "W3 U2 G1": a per-colour count, zeros left out.
pub fn short(counts: &[u8; 5]) -> String {
    let parts: Vec<String> = Colour::ALL
        .iter()
        .filter(|c| counts[c.index()] > 0)
        .map(|c| format!("{}{}", c.letter(), counts[c.index()]))
        .collect();
    if parts.is_empty() {
        "-".into()
    } else {
        parts.join(" ")
    }
}

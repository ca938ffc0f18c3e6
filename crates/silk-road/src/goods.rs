//! The five goods and a player's or the bag's holding of them.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The goods tokens, 15 of each colour in the box.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Good {
    /// White.
    Ivory,
    /// Blue.
    Silk,
    /// Brown: dried fruits.
    Fruits,
    /// Yellow.
    Jewels,
    /// Red.
    Spices,
}

impl Good {
    pub const ALL: [Good; 5] = [
        Good::Ivory,
        Good::Silk,
        Good::Fruits,
        Good::Jewels,
        Good::Spices,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Good::Ivory => "ivory",
            Good::Silk => "silk",
            Good::Fruits => "fruits",
            Good::Jewels => "jewels",
            Good::Spices => "spices",
        }
    }

    /// "1 jewel", "3 jewels", "1 ivory": a count of the good in words (issue 44: "You show 1
    /// jewels").
    pub fn count(self, n: u32) -> String {
        let one = match self {
            Good::Fruits => "fruit",
            Good::Jewels => "jewel",
            Good::Spices => "spice",
            g => g.name(),
        };
        format!("{n} {}", if n == 1 { one } else { self.name() })
    }

    pub fn from_index(i: usize) -> Option<Good> {
        Good::ALL.get(i).copied()
    }

    /// Reads a good by name, singular or plural, or by a unique prefix ("sp" = spices).
    pub fn parse(text: &str) -> Option<Good> {
        let t = text.trim().to_ascii_lowercase();
        if t.is_empty() {
            return None;
        }
        let aliases: [(&str, Good); 7] = [
            ("dried fruits", Good::Fruits),
            ("fruit", Good::Fruits),
            ("jewel", Good::Jewels),
            ("spice", Good::Spices),
            ("white", Good::Ivory),
            ("blue", Good::Silk),
            ("yellow", Good::Jewels),
        ];
        if let Some((_, g)) = aliases.iter().find(|(a, _)| *a == t) {
            return Some(*g);
        }
        let mut found = Good::ALL.iter().filter(|g| g.name().starts_with(&t));
        match (found.next(), found.next()) {
            (Some(g), None) => Some(*g),
            _ => None,
        }
    }
}

impl fmt::Display for Good {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A count of each good: 5 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Goods(pub [u8; 5]);

impl Goods {
    pub const fn get(&self, g: Good) -> u8 {
        self.0[g as usize]
    }
    pub fn add(&mut self, g: Good, n: u8) {
        self.0[g.index()] += n;
    }
    /// Removes up to `n`, returning how many were there to remove.
    pub fn take_up_to(&mut self, g: Good, n: u8) -> u8 {
        let k = self.0[g.index()].min(n);
        self.0[g.index()] -= k;
        k
    }
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&c| c as u32).sum()
    }
    /// The good of the `k`-th token counting tokens in colour order (for random draws).
    pub fn nth_token(&self, mut k: u32) -> Option<Good> {
        for g in Good::ALL {
            let c = self.get(g) as u32;
            if k < c {
                return Some(g);
            }
            k -= c;
        }
        None
    }
}

impl fmt::Display for Goods {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Good::ALL
            .iter()
            .filter(|g| self.get(**g) > 0)
            .map(|g| format!("{} {}", self.get(*g), g))
            .collect();
        if parts.is_empty() {
            f.write_str("no goods")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue44_a_count_of_one_good_is_singular() {
        assert_eq!(Good::Jewels.count(1), "1 jewel");
        assert_eq!(Good::Jewels.count(2), "2 jewels");
        assert_eq!(Good::Fruits.count(1), "1 fruit");
        assert_eq!(Good::Spices.count(0), "0 spices");
        assert_eq!(Good::Ivory.count(1), "1 ivory");
        assert_eq!(Good::Silk.count(3), "3 silk");
    }

    #[test]
    fn parse_names_prefixes_and_aliases() {
        assert_eq!(Good::parse("Silk"), Some(Good::Silk));
        assert_eq!(Good::parse("sp"), Some(Good::Spices));
        assert_eq!(Good::parse("dried fruits"), Some(Good::Fruits));
        assert_eq!(Good::parse("jewel"), Some(Good::Jewels));
        assert_eq!(Good::parse("s"), None, "ambiguous: silk or spices");
        assert_eq!(Good::parse("gold"), None);
    }

    #[test]
    fn nth_token_walks_colours_in_order() {
        let g = Goods([0, 2, 0, 1, 0]);
        assert_eq!(g.nth_token(0), Some(Good::Silk));
        assert_eq!(g.nth_token(1), Some(Good::Silk));
        assert_eq!(g.nth_token(2), Some(Good::Jewels));
        assert_eq!(g.nth_token(3), None);
    }
}

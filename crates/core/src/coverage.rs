//! Rule coverage (`silk coverage`): the branches of a game's rules a designer cares about —
//! each option of each decision, each event, the branches parameters switch on (a fall, a
//! Golden Age, a Vizier tie) — declared by the engine as a fixed list, as it declares its
//! decision kinds. The lab counts how often bots reach each one: a branch no bot ever reaches
//! is a dead rule (a design finding) or a bot's blind spot (a bot defect).
//!
//! Counting is a function from an action or an event to branch numbers, hit in a fixed array
//! ([`Hits`]): no string, no allocation while a game is played.

/// One branch of a game's rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Branch {
    /// Short and unique: `action.fall`, `event.golden_age`.
    pub name: &'static str,
    /// What it is, in the rules' words.
    pub about: &'static str,
    /// What would make it happen: the situation, the parameter, the choice a player makes.
    pub fires: &'static str,
}

impl Branch {
    pub const fn new(name: &'static str, about: &'static str, fires: &'static str) -> Branch {
        Branch { name, about, fires }
    }
}

/// At most this many branches per engine (the lab counts them in a fixed array).
pub const MAX_BRANCHES: usize = 160;

/// How many times each branch was hit in one game, by number: a fixed array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hits {
    counts: [u32; MAX_BRANCHES],
}

impl Default for Hits {
    fn default() -> Hits {
        Hits {
            counts: [0; MAX_BRANCHES],
        }
    }
}

impl Hits {
    /// Counts one hit of branch `b` (a number beyond the array counts nothing; the
    /// conformance check keeps engines within their list).
    #[inline]
    pub fn hit(&mut self, b: impl Into<usize>) {
        if let Some(c) = self.counts.get_mut(b.into()) {
            *c = c.saturating_add(1);
        }
    }

    /// The hits of branch `b` (0 beyond the array).
    pub fn get(&self, b: usize) -> u32 {
        self.counts.get(b).copied().unwrap_or(0)
    }

    /// Every hit counted.
    pub fn total(&self) -> u64 {
        self.counts.iter().map(|&c| c as u64).sum()
    }

    /// The branches hit, by number, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.iter_below(MAX_BRANCHES)
    }

    /// The branches below `n` hit (an engine's `n` declared ones: the rest of the array is
    /// never hit), by number, with their counts.
    pub fn iter_below(&self, n: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.counts[..n.min(MAX_BRANCHES)]
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(b, &c)| (b, c))
    }

    /// Forgets every hit (a worker's array, reused from game to game).
    pub fn clear(&mut self) {
        self.counts = [0; MAX_BRANCHES];
    }
}

/// Declares an engine's branches: an enum whose variants number them, with the list in
/// `BRANCHES` (see `Observe::BRANCHES`). Each variant is `Name = ("name", "what it is", "what
/// would make it happen")`.
#[macro_export]
macro_rules! branch_ids {
    ($(#[$meta:meta])* $vis:vis enum $name:ident {
        $($variant:ident = ($text:literal, $about:literal, $fires:literal)),* $(,)?
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name { $($variant),* }
        impl $name {
            /// The branches, by number.
            pub const BRANCHES: &'static [$crate::Branch] =
                &[$($crate::Branch::new($text, $about, $fires)),*];
        }
        impl From<$name> for usize {
            #[inline]
            fn from(b: $name) -> usize {
                b as usize
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    branch_ids! {
        enum B {
            One = ("a.one", "the first", "always"),
            Two = ("a.two", "the second", "never"),
        }
    }

    #[test]
    fn hits_count_by_number_and_ignore_numbers_beyond_the_array() {
        let mut h = Hits::default();
        h.hit(B::One);
        h.clear();
        h.hit(B::Two);
        h.hit(B::Two);
        h.hit(MAX_BRANCHES + 3);
        assert_eq!(h.get(B::Two as usize), 2);
        assert_eq!(h.total(), 2);
        assert_eq!(h.iter().collect::<Vec<_>>(), [(1, 2)]);
        assert_eq!(h.iter_below(2).collect::<Vec<_>>(), [(1, 2)]);
        assert_eq!(h.iter_below(1).count(), 0);
        assert_eq!(h.iter_below(MAX_BRANCHES + 9).count(), 1);
        assert_eq!(B::BRANCHES[1].name, "a.two");
        h.clear();
        assert_eq!(h.total(), 0);
    }
}

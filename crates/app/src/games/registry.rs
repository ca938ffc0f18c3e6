//! The list of games, written once. [`game_list!`] hands it to a macro; from it come
//! [`GameName`] (the command line's game argument, its help and `silk games`), the names in
//! messages ([`GameName::names`]) and [`with_game!`], the dispatch from a name to an engine
//! type. Adding a game here (with its engine's [`CliGame`](super::CliGame) adapter) is all the
//! command line needs.

/// Calls `$callback!` with the games: `(args) /// doc  Variant => engine type, …`. Exported,
/// with [`with_game!`], so that silk-cli dispatches on the same list; the engine types are
/// named through this crate, which depends on every engine.
#[macro_export]
macro_rules! game_list {
    ($callback:ident ! ($($args:tt)*)) => {
        $crate::test_games! { $callback ! ($($args)*)
            /// Silk Road (Z-Man Games 2006).
            SilkRoad => $crate::games::engines::SilkRoad,
            /// Cities of the Silk Road (Brian Stepnitz; an unfinished design, playtested here).
            Cities => $crate::games::engines::Cities,
            /// Splendor (Marc André) with the Cities of Splendor modules (--modules, --edition).
            Splendor => $crate::games::engines::Splendor,
            /// silk-core's reference game (sealed bids for prizes).
            Goofspiel => $crate::games::engines::Goofspiel,
        }
    };
}

/// The games for tests added to [`game_list!`]'s, chosen where this crate is built (a `cfg`
/// inside `game_list!` would be read in the crate that expands it).
#[cfg(not(any(test, feature = "testing")))]
#[doc(hidden)]
#[macro_export]
macro_rules! test_games {
    ($callback:ident ! ($($args:tt)*) $($games:tt)*) => {
        $callback! { ($($args)*) $($games)* }
    };
}

/// A game for the tests of this crate and silk-cli (feature `testing`): registered by this one
/// line (and its module), it must work in every command (see silk-cli's tests).
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
#[macro_export]
macro_rules! test_games {
    ($callback:ident ! ($($args:tt)*) $($games:tt)*) => {
        $callback! { ($($args)*) $($games)*
            /// Nim: take stones from one pile; whoever takes the last one wins (tests only).
            Nim => $crate::games::nim::Nim,
        }
    };
}

macro_rules! define_game_name {
    (() $( $(#[cfg($cfg:meta)])? $(#[doc = $doc:expr])* $variant:ident => $engine:ty ),* $(,)?) => {
        /// A game silk plays, by its command-line name (the engine's `Game::NAME`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
        pub enum GameName {
            $( $(#[cfg($cfg)])? $(#[doc = $doc])* $variant, )*
        }

        impl GameName {
            /// Every game, in the order `silk games` lists them.
            pub const ALL: &'static [GameName] = &[$( $(#[cfg($cfg)])? GameName::$variant ),*];

            /// The engine's name: `silk-road`, `cities`, …
            pub fn name(self) -> &'static str {
                match self {
                    $( $(#[cfg($cfg)])? GameName::$variant => <$engine as silk_core::Game>::NAME, )*
                }
            }

            /// The line `silk games` prints.
            pub fn summary(self) -> &'static str {
                match self {
                    $( $(#[cfg($cfg)])? GameName::$variant => <$engine as crate::games::CliGame>::SUMMARY, )*
                }
            }
        }
    };
}

game_list!(define_game_name!());

impl GameName {
    /// The games' names for a message: `silk-road, cities, splendor, goofspiel`.
    pub fn names() -> String {
        GameName::ALL
            .iter()
            .map(|g| g.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The game called `name` (its engine's name), if silk plays it.
    pub fn named(name: &str) -> Option<GameName> {
        GameName::ALL.iter().copied().find(|g| g.name() == name)
    }
}

/// A game by its name in a request (silk-app's calls, from the Python package).
impl<'de> serde::Deserialize<'de> for GameName {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameName, D::Error> {
        let name = String::deserialize(d)?;
        GameName::named(&name).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "no game called {name:?} (games: {})",
                GameName::names()
            ))
        })
    }
}

#[doc(hidden)]
#[macro_export]
macro_rules! with_game_arms {
    (($name:expr, $g:ident, $body:expr) $( $(#[cfg($cfg:meta)])? $(#[doc = $doc:expr])* $variant:ident => $engine:ty ),* $(,)?) => {
        match $name {
            $( $(#[cfg($cfg)])? $crate::games::GameName::$variant => {
                type $g = $engine;
                $body
            } )*
        }
    };
}

/// Runs `$body` with `$g` bound to the engine type of the game `$name` (a [`GameName`]).
#[macro_export]
macro_rules! with_game {
    ($name:expr, $g:ident => $body:expr) => {
        game_list!(with_game_arms!($name, $g, $body))
    };
}

pub use crate::{game_list, with_game, with_game_arms};

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    /// The command line's name of each game is its engine's name, so a name read from a file
    /// (a save, a run) and one typed agree.
    #[test]
    fn each_games_command_line_name_is_its_engines_name() {
        for g in GameName::ALL {
            let value = g.to_possible_value().expect("every game is listed");
            assert_eq!(value.get_name(), g.name());
            assert_eq!(GameName::named(g.name()), Some(*g));
        }
        assert_eq!(GameName::ALL.len(), GameName::value_variants().len());
        // Issue 45: the list is the registry's, never pinned here (a new game breaks no test).
        let names: Vec<&str> = GameName::ALL.iter().map(|g| g.name()).collect();
        assert_eq!(GameName::names(), names.join(", "));
        let mut distinct = names.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(
            distinct.len(),
            names.len(),
            "two games share a name: {names:?}"
        );
    }
}

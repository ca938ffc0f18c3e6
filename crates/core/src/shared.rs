//! Compiled game data shared by every state of a game, by a `&'static` reference.
//!
//! An engine compiles its configuration (map, cards, parameters) once into immutable rules;
//! states then hold a pointer to them, so copying a state copies no data and touches no
//! reference count. Rules are interned: one leaked value per distinct configuration in the
//! process (a batch of a million games with one config compiles it once). A state serialises its
//! rules as the configuration and re-interns them when read back, so a saved game is whole.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::any::Any;
use std::cell::Cell;
use std::sync::{Mutex, OnceLock};

/// Rules compiled from a configuration.
pub trait Compiled: Sized + Send + Sync + 'static {
    type Config: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Error: std::fmt::Display;
    fn compile(config: &Self::Config) -> Result<Self, Self::Error>;
    fn config(&self) -> &Self::Config;
}

type Interned = &'static (dyn Any + Send + Sync);

thread_local! {
    /// The rules this thread interned last.
    static LAST: Cell<Option<Interned>> = const { Cell::new(None) };
}

/// The one compiled value for `config`, compiling and leaking it the first time.
///
/// Passing the compiled value's own config (`intern(c)?.config()`, as a batch of games does
/// through `Game::batch_config`) finds it by address, without a lock or a comparison of whole
/// configs: compiled values are leaked, so an address never comes to mean another config.
pub fn intern<R: Compiled>(config: &R::Config) -> Result<&'static R, R::Error> {
    let last = LAST.with(Cell::get).and_then(|r| r.downcast_ref::<R>());
    if let Some(r) = last.filter(|r| std::ptr::eq(r.config(), config)) {
        return Ok(r);
    }
    static INTERNED: OnceLock<Mutex<Vec<Interned>>> = OnceLock::new();
    let lock = INTERNED.get_or_init(|| Mutex::new(Vec::new()));
    let mut list = lock.lock().unwrap_or_else(|e| e.into_inner());
    let mut of_r = list.iter().filter_map(|r| r.downcast_ref::<R>());
    let found = match of_r.clone().find(|r| std::ptr::eq(r.config(), config)) {
        Some(r) => Some(r),
        None => of_r.find(|r| r.config() == config),
    };
    let rules: &'static R = match found {
        Some(r) => r,
        None => {
            let rules: &'static R = Box::leak(Box::new(R::compile(config)?));
            list.push(rules);
            rules
        }
    };
    LAST.with(|l| l.set(Some(rules)));
    Ok(rules)
}

/// A state's reference to its interned rules.
pub struct Shared<R: 'static>(pub &'static R);

impl<R> Clone for Shared<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for Shared<R> {}

impl<R> std::ops::Deref for Shared<R> {
    type Target = R;
    fn deref(&self) -> &R {
        self.0
    }
}

impl<R: Compiled> PartialEq for Shared<R> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0) || self.0.config() == other.0.config()
    }
}

impl<R> std::fmt::Debug for Shared<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Shared<{}>", std::any::type_name::<R>())
    }
}

impl<R: Compiled> Serialize for Shared<R> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.config().serialize(s)
    }
}

impl<'de, R: Compiled> Deserialize<'de> for Shared<R> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let config = R::Config::deserialize(d)?;
        intern::<R>(&config)
            .map(Shared)
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Doubled {
        config: u32,
        value: u32,
    }

    impl Compiled for Doubled {
        type Config = u32;
        type Error = String;
        fn compile(c: &u32) -> Result<Self, String> {
            if *c > 100 {
                return Err(format!("{c} is too big"));
            }
            Ok(Doubled {
                config: *c,
                value: c * 2,
            })
        }
        fn config(&self) -> &u32 {
            &self.config
        }
    }

    #[test]
    fn one_compiled_value_per_config() {
        let a = intern::<Doubled>(&7).unwrap();
        let b = intern::<Doubled>(&7).unwrap();
        assert!(std::ptr::eq(a, b));
        assert_eq!(a.value, 14);
        assert!(!std::ptr::eq(a, intern::<Doubled>(&8).unwrap()));
        assert_eq!(intern::<Doubled>(&200).unwrap_err(), "200 is too big");
        // By the compiled value's own config: found by address, on any thread.
        assert!(std::ptr::eq(intern::<Doubled>(a.config()).unwrap(), a));
        let other = std::thread::spawn(|| intern::<Doubled>(&7).unwrap());
        assert!(std::ptr::eq(other.join().unwrap(), a));
    }

    #[test]
    fn serialises_as_its_config_and_reinterns() {
        let s = Shared(intern::<Doubled>(&9).unwrap());
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, "9");
        let back: Shared<Doubled> = serde_json::from_str(&json).unwrap();
        assert!(std::ptr::eq(back.0, s.0));
        assert!(serde_json::from_str::<Shared<Doubled>>("500").is_err());
    }
}

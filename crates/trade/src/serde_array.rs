//! Serde for `[T; N]` of any `N` (`#[serde(with = "silk_trade::serde_array")]`), for every
//! silk crate: serde itself stops at 32 and has no const-generic impl, and the region tables and
//! Cities' decks are longer. Deserializing fills a stack array, so no allocation.

use core::fmt;
use core::marker::PhantomData;
use serde::de::{Deserializer, Error, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};

pub fn serialize<S, T, const N: usize>(arr: &[T; N], s: S) -> Result<S::Ok, S::Error>
where
    S: Serializer,
    T: Serialize,
{
    let mut t = s.serialize_tuple(N)?;
    for x in arr {
        t.serialize_element(x)?;
    }
    t.end()
}

pub fn deserialize<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default + Copy,
{
    struct V<T, const N: usize>(PhantomData<T>);
    impl<'de, T: Deserialize<'de> + Default + Copy, const N: usize> Visitor<'de> for V<T, N> {
        type Value = [T; N];
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "an array of {N} elements")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
            let mut out = [T::default(); N];
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = seq
                    .next_element()?
                    .ok_or_else(|| A::Error::invalid_length(i, &self))?;
            }
            if seq.next_element::<T>()?.is_some() {
                return Err(A::Error::invalid_length(N + 1, &self));
            }
            Ok(out)
        }
    }
    d.deserialize_tuple(N, V::<T, N>(PhantomData))
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct Three(#[serde(with = "super")] [u8; 3]);

    /// An array of the wrong length is refused, the error saying how long it was and what was
    /// expected (mutation testing, issue 30).
    #[test]
    fn wrong_lengths_are_refused_naming_both_lengths() {
        assert_eq!(
            serde_json::from_str::<Three>("[1,2,3]").unwrap(),
            Three([1, 2, 3])
        );
        assert_eq!(serde_json::to_string(&Three([4, 5, 6])).unwrap(), "[4,5,6]");
        let short = serde_json::from_str::<Three>("[1,2]")
            .unwrap_err()
            .to_string();
        assert!(
            short.starts_with("invalid length 2, expected an array of 3 elements"),
            "{short}"
        );
        let long = serde_json::from_str::<Three>("[1,2,3,4]")
            .unwrap_err()
            .to_string();
        assert!(
            long.starts_with("invalid length 4, expected an array of 3 elements"),
            "{long}"
        );
    }
}

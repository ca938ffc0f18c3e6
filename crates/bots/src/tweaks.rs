//! A heuristic's weights changed by name in a bot's name: `greedy-aggressive+attack=1.8+army=2`
//! is the aggressive style with two weights changed. The names are the game's
//! ([`Heuristic::WEIGHTS`]); they are checked when the bot is made for a game, since a bot's
//! name is read before the game is known.

use silk_core::{Heuristic, Style, WeightSet};
use std::fmt;

/// The most weights a bot name may change.
pub const MAX_TWEAKS: usize = 8;
/// The longest weight name.
const NAME_LEN: usize = 16;

/// Weights changed by name, in the order given (`Copy`, no heap, like the rest of a
/// [`crate::BotKind`]). Values are kept in thousandths, so a name parsed and printed again
/// reads the same.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tweaks {
    len: u8,
    names: [[u8; NAME_LEN]; MAX_TWEAKS],
    milli: [i32; MAX_TWEAKS],
}

impl Tweaks {
    /// `+name=value+name=value…` (what follows the style in a bot name); `None` when malformed:
    /// an empty or over-long name, a value that is not a number, more than [`MAX_TWEAKS`].
    pub fn parse(text: &str) -> Option<Tweaks> {
        let mut t = Tweaks::default();
        for part in text.strip_prefix('+')?.split('+') {
            let (name, value) = part.split_once('=')?;
            let ok_name = !name.is_empty()
                && name.len() <= NAME_LEN
                && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            let value: f64 = value.parse().ok()?;
            if !ok_name || !value.is_finite() || value.abs() > 1e6 {
                return None;
            }
            t.push(name, value)?;
        }
        Some(t)
    }

    /// Sets `name = value` (rounded to thousandths): a name already changed takes the later
    /// value in its place. `None` when a new name finds the list full.
    pub fn push(&mut self, name: &str, value: f64) -> Option<()> {
        if name.len() > NAME_LEN {
            return None;
        }
        let milli = (value * 1000.0).round() as i32;
        let same = self.iter().position(|(n, _)| n == name);
        if let Some(i) = same {
            self.milli[i] = milli;
            return Some(());
        }
        let i = self.len as usize;
        if i >= MAX_TWEAKS {
            return None;
        }
        self.names[i] = [0; NAME_LEN];
        self.names[i][..name.len()].copy_from_slice(name.as_bytes());
        self.milli[i] = milli;
        self.len += 1;
        Some(())
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Each change, `(name, value)`, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, f32)> + '_ {
        (0..self.len as usize).map(|i| {
            let n = &self.names[i];
            let end = n.iter().position(|&b| b == 0).unwrap_or(NAME_LEN);
            (
                std::str::from_utf8(&n[..end]).unwrap_or(""),
                self.milli[i] as f32 / 1000.0,
            )
        })
    }

    /// `style`'s weights with these changes, for game `G`, or which name `G` does not know.
    pub fn weights<G: Heuristic>(&self, style: Style) -> Result<WeightSet, String> {
        let mut w = G::style_weights(style);
        for (name, v) in self.iter() {
            let Some(i) = G::WEIGHTS.iter().position(|&n| n == name) else {
                return Err(if G::WEIGHTS.is_empty() {
                    format!("weight {name:?}: this game's heuristic has no weights to change")
                } else {
                    format!(
                        "weight {name:?}: this game's heuristic has {}",
                        G::WEIGHTS.join(", ")
                    )
                });
            };
            w.set(i, v);
        }
        Ok(w)
    }
}

/// `+name=value…`, as parsed.
impl fmt::Display for Tweaks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, v) in self.iter() {
            write!(f, "+{name}={v}")?;
        }
        Ok(())
    }
}

/// Bot name `name` with `weight` set to `value`: changed in place where the name already sets
/// it (`greedy+attack=1` → `greedy+attack=1.8`), added after the others where it does not.
pub fn set_weight(name: &str, weight: &str, value: &str) -> String {
    let mut parts: Vec<&str> = name.split('+').collect();
    let change = format!("{weight}={value}");
    let at = parts[1..]
        .iter()
        .position(|p| p.split_once('=').is_some_and(|(w, _)| w == weight));
    match at {
        Some(i) => parts[i + 1] = &change,
        None => parts.push(&change),
    }
    parts.join("+")
}

/// A style's weights as a bot name's changes: `+army=1+attack=1.4…`, every weight of `G`.
pub fn describe<G: Heuristic>(w: &WeightSet) -> String {
    G::WEIGHTS
        .iter()
        .enumerate()
        .map(|(i, n)| format!("+{n}={}", w.get(i)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tweaks_parse_print_and_refuse() {
        let t = Tweaks::parse("+attack=1.8+army=2").expect("two weights");
        assert_eq!(
            t.iter().collect::<Vec<_>>(),
            vec![("attack", 1.8), ("army", 2.0)]
        );
        assert_eq!(t.to_string(), "+attack=1.8+army=2");
        for bad in [
            "attack=1",
            "+attack",
            "+=1",
            "+attack=x",
            "+attack=inf",
            "+Attack=1",
            "+a=1+b=1+c=1+d=1+e=1+f=1+g=1+h=1+i=1",
            "+averyveryverylongname=1",
        ] {
            assert_eq!(Tweaks::parse(bad), None, "{bad}");
        }
    }

    /// A weight named twice takes its later value and counts once: a style's guessed weights
    /// can be searched from its own name.
    #[test]
    fn a_later_value_replaces_the_earlier() {
        let t = Tweaks::parse("+attack=1+army=2+attack=1.8").expect("two weights");
        assert_eq!(t.to_string(), "+attack=1.8+army=2");
        let nine_once = "+a=1+b=1+c=1+d=1+e=1+f=1+g=1+h=1+a=2";
        assert_eq!(Tweaks::parse(nine_once).map(|t| t.iter().count()), Some(8));
    }
}

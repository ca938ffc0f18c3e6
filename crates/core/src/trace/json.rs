//! Reading a trace's JSON by hand, with messages that name the key at fault: the helpers every
//! engine's trace reader shares. Bad input is an `Err(String)`, never a panic.

use serde_json::{Map, Value};

/// `v` as an object.
pub fn obj(v: &Value) -> Result<&Map<String, Value>, String> {
    v.as_object()
        .ok_or_else(|| format!("expected an object, found {}", kind(v)))
}

/// Field `key` of the object `v`.
pub fn get<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    obj(v)?.get(key).ok_or_else(|| format!("missing \"{key}\""))
}

/// Field `key` as an unsigned integer at most `max`.
pub fn uint(v: &Value, key: &str, max: u64) -> Result<u64, String> {
    let x = get(v, key)?;
    as_uint(x, max).map_err(|e| format!("\"{key}\": {e}"))
}

/// `x` as an unsigned integer at most `max`.
pub fn as_uint(x: &Value, max: u64) -> Result<u64, String> {
    match x.as_u64() {
        Some(n) if n <= max => Ok(n),
        Some(n) => Err(format!("{n} is more than {max}")),
        None => Err(format!("expected a whole number, found {}", kind(x))),
    }
}

/// Field `key` as a `u8` at most `max`.
pub fn small(v: &Value, key: &str, max: u8) -> Result<u8, String> {
    uint(v, key, max as u64).map(|n| n as u8)
}

/// Field `key` as a seat of a table of `seats` (numbered from 0).
pub fn seat(v: &Value, key: &str, seats: usize) -> Result<crate::seat::Seat, String> {
    let s = uint(v, key, crate::seat::MAX_SEATS as u64 - 1)? as usize;
    if s >= seats {
        return Err(format!(
            "\"{key}\": the game has {seats} seats, no seat {s}"
        ));
    }
    Ok(crate::seat::Seat(s as u8))
}

/// Field `key` as a string.
pub fn text<'a>(v: &'a Value, key: &str) -> Result<&'a str, String> {
    let x = get(v, key)?;
    x.as_str()
        .ok_or_else(|| format!("\"{key}\": expected a string, found {}", kind(x)))
}

/// Field `key` as a list.
pub fn list<'a>(v: &'a Value, key: &str) -> Result<&'a [Value], String> {
    let x = get(v, key)?;
    x.as_array()
        .map(Vec::as_slice)
        .ok_or_else(|| format!("\"{key}\": expected a list, found {}", kind(x)))
}

/// Field `key` as a boolean, `default` when absent.
pub fn flag(v: &Value, key: &str, default: bool) -> Result<bool, String> {
    match obj(v)?.get(key) {
        None => Ok(default),
        Some(x) => x
            .as_bool()
            .ok_or_else(|| format!("\"{key}\": expected true or false, found {}", kind(x))),
    }
}

/// `x` as one of `names` (its index), e.g. a colour.
pub fn as_name(x: &Value, names: &[&str]) -> Result<usize, String> {
    let s = x
        .as_str()
        .ok_or_else(|| format!("expected a name, found {}", kind(x)))?;
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(s))
        .ok_or_else(|| format!("{s:?} is not one of {}", names.join(", ")))
}

/// Field `key` as one of `names` (its index).
pub fn name(v: &Value, key: &str, names: &[&str]) -> Result<usize, String> {
    as_name(get(v, key)?, names).map_err(|e| format!("\"{key}\": {e}"))
}

/// Field `key` as counts by name, `{"red": 2, "gold": 1}`: absent names count 0.
pub fn counts<const N: usize>(v: &Value, key: &str, names: &[&str; N]) -> Result<[u8; N], String> {
    let x = get(v, key)?;
    as_counts(x, names).map_err(|e| format!("\"{key}\": {e}"))
}

/// `x` as counts by name (see [`counts`]).
pub fn as_counts<const N: usize>(x: &Value, names: &[&str; N]) -> Result<[u8; N], String> {
    let mut out = [0u8; N];
    for (k, n) in obj(x)? {
        let i = as_name(&Value::String(k.clone()), names)?;
        out[i] = as_uint(n, u8::MAX as u64).map_err(|e| format!("\"{k}\": {e}"))? as u8;
    }
    Ok(out)
}

/// Counts by name as JSON, leaving out zeros.
pub fn counts_json(counts: &[u8], names: &[&str]) -> Value {
    let mut m = Map::new();
    for (c, n) in counts.iter().zip(names) {
        if *c > 0 {
            m.insert((*n).to_string(), Value::from(*c));
        }
    }
    Value::Object(m)
}

/// The kind of a JSON value, for messages.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// Prefixes an error with the place it is in (`decks[2]`).
pub fn at<T>(place: impl std::fmt::Display, r: Result<T, String>) -> Result<T, String> {
    r.map_err(|e| format!("{place}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn messages_name_the_key() {
        let v = json!({"a": 3, "c": {"red": 2}});
        assert_eq!(small(&v, "a", 2).unwrap_err(), "\"a\": 3 is more than 2");
        assert_eq!(small(&v, "b", 2).unwrap_err(), "missing \"b\"");
        assert_eq!(counts(&v, "c", &["white", "red"]).unwrap(), [0, 2]);
        assert!(counts(&v, "c", &["white", "blue"])
            .unwrap_err()
            .contains("\"red\" is not one of white, blue"));
        assert_eq!(
            obj(&json!(1)).unwrap_err(),
            "expected an object, found a number"
        );
        assert_eq!(counts_json(&[0, 2], &["white", "red"]), json!({"red": 2}));
    }
}

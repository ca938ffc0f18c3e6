//! Parameter sweeps: any value of a game's config, named by its dotted path in the config's
//! JSON (`params.keep_needs_funds`, `byzantium.silk_prices`), set to each value in turn.

use crate::LabError;
use serde_json::Value;

/// Sets the value at a dotted `path` (object keys, or array indices) in `config`. A path that
/// does not exist is an error listing what does, so a typo is caught, not silently added.
pub fn set_path(config: &mut Value, path: &str, value: Value) -> Result<(), LabError> {
    let mut at = config;
    let mut walked = Vec::new();
    for part in path.split('.') {
        let here = if walked.is_empty() {
            "the config".to_string()
        } else {
            walked.join(".")
        };
        at = match at {
            Value::Object(map) => {
                let keys: Vec<String> = map.keys().cloned().collect();
                map.get_mut(part).ok_or_else(|| {
                    LabError::Input(format!(
                        "--param {path}: {here} has no {part:?} (it has: {})",
                        keys.join(", ")
                    ))
                })?
            }
            Value::Array(items) => {
                let len = items.len();
                let i = match part.parse::<usize>() {
                    Ok(i) => i,
                    // Items with a "name" (an empire, a region) may be named instead of numbered.
                    Err(_) => items
                        .iter()
                        .position(|x| item_name(x).is_some_and(|n| n.eq_ignore_ascii_case(part)))
                        .ok_or_else(|| {
                            LabError::Input(format!(
                                "--param {path}: {here} has no item named {part:?}"
                            ))
                        })?,
                };
                items.get_mut(i).ok_or_else(|| {
                    LabError::Input(format!("--param {path}: {here} has {len} items, no {i}"))
                })?
            }
            _ => {
                return Err(LabError::Input(format!(
                    "--param {path}: {here} is a value, not a group"
                )))
            }
        };
        walked.push(part.to_string());
    }
    *at = value;
    Ok(())
}

/// Finds a parameter by its full path, or by its last segments when unique (`max_rounds` for
/// `params.max_rounds`). Returns the full path, or why not ("no such parameter", "ambiguous
/// (…)"): the caller names the flag and the path it came with.
pub fn resolve_path(config: &Value, path: &str) -> Result<String, LabError> {
    let mut all = Vec::new();
    node_paths(config, String::new(), &mut all);
    if all.iter().any(|p| p == path) {
        return Ok(path.to_string());
    }
    let suffix = format!(".{path}");
    let found: Vec<&String> = all.iter().filter(|p| p.ends_with(&suffix)).collect();
    match found.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(LabError::Input("no such parameter".into())),
        many => Err(LabError::Input(format!(
            "ambiguous ({})",
            many.iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// Every path in the config: groups and values alike.
fn node_paths(v: &Value, prefix: String, out: &mut Vec<String>) {
    let join = |k: &str| {
        if prefix.is_empty() {
            k.to_string()
        } else {
            format!("{prefix}.{k}")
        }
    };
    match v {
        Value::Object(m) => m.iter().for_each(|(k, x)| node_paths(x, join(k), out)),
        // A named item (an empire, a region) answers to its name and to its number.
        Value::Array(items) => items.iter().enumerate().for_each(|(i, x)| {
            if let Some(name) = item_name(x) {
                node_paths(x, join(&name.to_lowercase()), out);
            }
            node_paths(x, join(&i.to_string()), out)
        }),
        _ => {}
    }
    if !prefix.is_empty() {
        out.push(prefix);
    }
}

/// The "name" of a list item, if it has one.
fn item_name(v: &Value) -> Option<&str> {
    v.get("name").and_then(Value::as_str)
}

/// Parses a value typed on the command line: JSON if it parses, else a plain string.
pub fn parse_value(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn set_path_changes_existing_values_only() {
        let mut c = json!({"players": 4, "params": {"max_rounds": 40, "prices": [15, 14]}});
        set_path(&mut c, "params.max_rounds", json!(12)).unwrap();
        set_path(&mut c, "params.prices.1", json!(9)).unwrap();
        assert_eq!(c["params"]["max_rounds"], 12);
        assert_eq!(c["params"]["prices"][1], 9);
        let e = set_path(&mut c, "params.max_round", json!(1))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("has no \"max_round\"") && e.contains("max_rounds"),
            "{e}"
        );
    }

    #[test]
    fn resolve_by_suffix() {
        let c = json!({"players": 4, "params": {"max_rounds": 40, "byzantium": {"silk_prices": [1, 2]}}});
        assert_eq!(resolve_path(&c, "max_rounds").unwrap(), "params.max_rounds");
        assert_eq!(
            resolve_path(&c, "byzantium.silk_prices").unwrap(),
            "params.byzantium.silk_prices"
        );
        assert_eq!(
            resolve_path(&c, "params.max_rounds").unwrap(),
            "params.max_rounds"
        );
        assert!(resolve_path(&c, "nothing").is_err());
    }

    #[test]
    fn named_list_items_are_addressed_by_name() {
        let mut c = json!({"empires": [{"name": "China", "sells": [3, 3]}, {"name": "Byzantium", "buys": [15, 14]}]});
        let p = resolve_path(&c, "byzantium.buys").unwrap();
        assert_eq!(p, "empires.byzantium.buys");
        set_path(&mut c, &p, json!([20, 19])).unwrap();
        assert_eq!(c["empires"][1]["buys"], json!([20, 19]));
        assert_eq!(
            resolve_path(&c, "empires.1.buys").unwrap(),
            "empires.1.buys"
        );
    }
}

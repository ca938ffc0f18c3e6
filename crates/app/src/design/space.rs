//! The settings a design command explores, built one way. `silk sweep` and `silk tune` try
//! values of parameters ([`Space`]); the mechanics comparison tries each format of a point (a
//! space of one parameter); `silk compare --variant` and `silk findings` play named variants
//! ([`with_variants`]). Each parameter is resolved in the base config once, and every setting
//! is the base with its changes, read back as the game's config and checked by a setup
//! ([`configure`]).

use crate::error::{CliError, CliResult};
use crate::games::{configure, CliGame, DataFiles};
use serde_json::Value;
use silk_lab::sweep;
use std::path::Path;

/// Parameters resolved in a base config, each with the values to try; a setting is an index
/// into each parameter's values.
pub struct Space<G: CliGame> {
    pub base_json: Value,
    /// Each parameter's resolved path in the config and its values.
    pub axes: Vec<(String, Vec<String>)>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: CliGame> Space<G> {
    /// The parameters (`--param P --values V…`, a path or a unique tail of one) resolved in
    /// `base`'s config.
    pub fn new(base: &G::Config, params: &[(String, Vec<String>)]) -> CliResult<Self> {
        let base_json =
            serde_json::to_value(base).map_err(|e| CliError::Internal(e.to_string()))?;
        let mut axes = Vec::with_capacity(params.len());
        for (p, values) in params {
            if values.is_empty() {
                return Err(CliError::input(format!(
                    "--param {p}: give at least one value with --values"
                )));
            }
            let path = sweep::resolve_path(&base_json, p)
                .map_err(|e| CliError::input(format!("--param {p}: {e}")))?;
            axes.push((path, values.clone()));
        }
        Ok(Space {
            base_json,
            axes,
            _game: std::marker::PhantomData,
        })
    }

    /// Every value of every parameter makes a valid config (the others at their first value):
    /// checked before a long search starts.
    pub fn check_each_value(&self) -> CliResult<()> {
        for (d, (_, values)) in self.axes.iter().enumerate() {
            for i in 0..values.len() {
                let mut setting = vec![0; self.axes.len()];
                setting[d] = i;
                self.config(&setting)?;
            }
        }
        Ok(())
    }

    /// Every setting, the first parameter slowest.
    pub fn every(&self) -> Vec<Vec<usize>> {
        let mut all: Vec<Vec<usize>> = vec![Vec::new()];
        for (_, values) in &self.axes {
            all = all
                .into_iter()
                .flat_map(|s| {
                    (0..values.len()).map(move |i| {
                        let mut s = s.clone();
                        s.push(i);
                        s
                    })
                })
                .collect();
        }
        all
    }

    /// The values of one setting, as given.
    pub fn values(&self, setting: &[usize]) -> Vec<String> {
        self.axes
            .iter()
            .zip(setting)
            .map(|((_, v), &i)| v[i].clone())
            .collect()
    }

    /// `path=value …`: how a setting is named in tables and errors.
    pub fn label(&self, setting: &[usize]) -> String {
        label(&self.axes, setting)
    }

    /// The config of one setting.
    pub fn config(&self, setting: &[usize]) -> CliResult<G::Config> {
        let changes: Vec<(&str, Value)> = self
            .axes
            .iter()
            .zip(setting)
            .map(|((path, values), &i)| (path.as_str(), sweep::parse_value(&values[i])))
            .collect();
        configure::<G>(&self.base_json, &changes, &self.label(setting))
    }

    pub fn sizes(&self) -> Vec<usize> {
        self.axes.iter().map(|(_, v)| v.len()).collect()
    }
}

/// `name=value …` of one setting of `axes` (config parameters, or a bot's weights).
pub fn label(axes: &[(String, Vec<String>)], setting: &[usize]) -> String {
    axes.iter()
        .zip(setting)
        .map(|((p, v), &i)| format!("{p}={}", v[i]))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The base config, named `base`, then each named variant (`(name, spec)`: a config file, or
/// `PARAM=VALUE,…` changes to the base).
pub fn with_variants<G: CliGame>(
    base: &G::Config,
    variants: &[(&str, &str)],
    players: Option<usize>,
    data: &DataFiles,
) -> CliResult<Vec<(String, G::Config)>> {
    let mut configs = vec![("base".to_string(), base.clone())];
    for &(name, spec) in variants {
        configs.push((
            name.to_string(),
            variant_config::<G>(name, spec, base, players, data)?,
        ));
    }
    Ok(configs)
}

/// A variant's config: a config file, or `PARAM=VALUE,…` changes to the base config.
fn variant_config<G: CliGame>(
    name: &str,
    spec: &str,
    base: &G::Config,
    players: Option<usize>,
    data: &DataFiles,
) -> CliResult<G::Config> {
    let label = format!("--variant {name}");
    if !spec.contains('=') {
        let files = DataFiles {
            config: Some(Path::new(spec)),
            ..data.clone()
        };
        let config = G::config(players, &files)?;
        G::setup(&config, 0).map_err(|e| CliError::input(format!("{label}: {e}")))?;
        return Ok(config);
    }
    let json = serde_json::to_value(base).map_err(|e| CliError::Internal(e.to_string()))?;
    let mut changes = Vec::new();
    for part in split_top(spec) {
        let (param, value) = part
            .split_once('=')
            .ok_or_else(|| CliError::input(format!("{label}: write PARAM=VALUE, not {part:?}")))?;
        let path = sweep::resolve_path(&json, param.trim())
            .map_err(|e| CliError::input(format!("{label}: {}: {e}", param.trim())))?;
        changes.push((path, sweep::parse_value(value.trim())));
    }
    configure::<G>(&json, &changes, &label)
}

/// Splits `a=1,b=[1,2],c="x,y"` at the commas outside brackets and quotes.
fn split_top(text: &str) -> Vec<&str> {
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    let mut parts = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '[' | '{' if !quoted => depth += 1,
            ']' | '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::nim::Nim;

    #[test]
    fn variant_changes_split_at_top_level_commas_only() {
        assert_eq!(
            split_top(r#"a=1,b=[1,2],c="x,y",d={"e":1,"f":2}"#),
            ["a=1", "b=[1,2]", r#"c="x,y""#, r#"d={"e":1,"f":2}"#]
        );
    }

    fn axis(p: &str, values: &[&str]) -> (String, Vec<String>) {
        (p.into(), values.iter().map(|v| v.to_string()).collect())
    }

    #[test]
    fn issue45_one_space_builds_every_setting_first_parameter_slowest_from_the_base() {
        let base = crate::games::nim::NimConfig::default();
        let space = Space::<Nim>::new(
            &base,
            &[
                axis("stones", &["5", "9"]),
                axis("max_take", &["1", "2", "3"]),
            ],
        )
        .unwrap();
        let every = space.every();
        assert_eq!(every.len(), 6);
        assert_eq!(every[..3], [vec![0, 0], vec![0, 1], vec![0, 2]]);
        assert_eq!(space.label(&every[4]), "stones=9 max_take=2");
        assert_eq!(space.values(&every[4]), ["9", "2"]);
        let c = space.config(&every[4]).unwrap();
        assert_eq!((c.stones, c.max_take, c.players), (9, 2, base.players));
        assert_eq!(space.sizes(), [2, 3]);
    }

    #[test]
    fn issue45_a_space_refuses_a_value_that_makes_no_game_naming_the_setting() {
        let base = crate::games::nim::NimConfig::default();
        let space = Space::<Nim>::new(&base, &[axis("stones", &["4", "0"])]).unwrap();
        let err = space.check_each_value().unwrap_err().to_string();
        assert!(err.contains("stones=0"), "{err}");
        let err = Space::<Nim>::new(&base, &[axis("stones", &[])])
            .err()
            .unwrap()
            .to_string();
        assert!(
            err.contains("--param stones: give at least one value"),
            "{err}"
        );
        let err = Space::<Nim>::new(&base, &[axis("nothing", &["1"])])
            .err()
            .unwrap()
            .to_string();
        assert!(err.starts_with("--param nothing:"), "{err}");
    }

    #[test]
    fn issue45_variants_come_after_the_base_each_by_name() {
        let base = crate::games::nim::NimConfig::default();
        let data = DataFiles::default();
        let configs =
            with_variants::<Nim>(&base, &[("big", "stones=30,max_take=4")], None, &data).unwrap();
        assert_eq!(configs[0].0, "base");
        assert_eq!(configs[1].0, "big");
        assert_eq!((configs[1].1.stones, configs[1].1.max_take), (30, 4));
        let err = with_variants::<Nim>(&base, &[("zero", "stones=0")], None, &data).unwrap_err();
        assert!(err.to_string().starts_with("--variant zero:"), "{err}");
    }
}

//! Input fuzzing for engines' tests (feature `testing`): deterministic mutations of valid JSON
//! and action text, and checks that whatever a parser accepts, the engine plays without
//! panicking. Tests drive these from proptest-chosen seeds, so a failure reproduces from its seed
//! (proptest prints it) and is kept as a regression test.

use crate::driver::next_decider;
use crate::game::Game;
use crate::rng::SilkRng;
use crate::seat::Seat;
use serde_json::{Number, Value};

/// A number at an edge: one off the value there, zero, byte and word limits, the largest
/// integers, a fraction, a huge float.
fn edge_number(rng: &mut SilkRng, near: Option<&Number>) -> Value {
    let ints: [i128; 22] = [
        0,
        1,
        -1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        15,
        255,
        256,
        65_535,
        65_536,
        i32::MAX as i128,
        u32::MAX as i128 + 1,
        1 << 53,
        i64::MAX as i128,
        i64::MIN as i128,
        u64::MAX as i128,
        -1_000_000,
    ];
    match rng.below(10) {
        // One either side of the value there: the boundaries validators check.
        0..=2 => {
            let n = near.and_then(Number::as_i64).unwrap_or(0) as i128;
            let v = if rng.chance(1, 2) { n + 1 } else { n - 1 };
            int_value(v)
        }
        3 => Value::from(if rng.chance(1, 2) { 0.5 } else { 1e300 }),
        _ => int_value(ints[rng.index(ints.len())]),
    }
}

fn int_value(v: i128) -> Value {
    if let Ok(u) = u64::try_from(v) {
        Value::from(u)
    } else if let Ok(i) = i64::try_from(v) {
        Value::from(i)
    } else {
        Value::from(v as f64)
    }
}

/// Every node of `v` as a JSON pointer, the root first.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            out.push(at.clone());
            for (k, x) in m {
                let k = k.replace('~', "~0").replace('/', "~1");
                pointers(x, format!("{at}/{k}"), out);
            }
        }
        Value::Array(a) => {
            out.push(at.clone());
            for (i, x) in a.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), out);
            }
        }
        _ => out.push(at),
    }
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Object(m) => {
            for (k, x) in m {
                out.push(k.clone());
                strings(x, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// Strings no data file knows: unknown colours and cities, empty, huge, odd characters.
const ODD_STRINGS: [&str; 8] = [
    "",
    "chartreuse",
    "Atlantis",
    " ",
    "ÇHANG’AN",
    "\u{0}",
    "silk silk",
    "-1",
];

/// One structural mutation of one node of `root`.
fn mutate_node(root: &mut Value, rng: &mut SilkRng) {
    let mut ptrs = Vec::new();
    pointers(root, String::new(), &mut ptrs);
    let mut known = Vec::new();
    strings(root, &mut known);
    let at = ptrs[rng.index(ptrs.len())].clone();
    let Some(node) = root.pointer_mut(&at) else {
        return;
    };
    // Now and then a value of another type altogether.
    if rng.chance(1, 12) {
        *node = match rng.below(5) {
            0 => Value::Null,
            1 => Value::Bool(true),
            2 => Value::Array(Vec::new()),
            3 => Value::Object(Default::default()),
            _ => Value::String("7".into()),
        };
        return;
    }
    match node {
        Value::Number(n) => {
            let n = n.clone();
            *node = edge_number(rng, Some(&n));
        }
        Value::Bool(b) => *b = !*b,
        Value::Null => *node = edge_number(rng, None),
        Value::String(s) => {
            *s = match rng.below(6) {
                // Another name from the same file: a colour for a city, a city twice.
                0..=2 if !known.is_empty() => known[rng.index(known.len())].clone(),
                3 => "x".repeat(10_000),
                4 => s.to_uppercase(),
                _ => ODD_STRINGS[rng.index(ODD_STRINGS.len())].to_string(),
            }
        }
        Value::Array(a) => match rng.below(6) {
            0 if !a.is_empty() => {
                a.remove(rng.index(a.len()));
            }
            1 if !a.is_empty() => {
                let x = a[rng.index(a.len())].clone();
                a.insert(rng.index(a.len() + 1), x);
            }
            2 => a.clear(),
            3 if !a.is_empty() => {
                // Far more than any box holds.
                let x = a[rng.index(a.len())].clone();
                a.extend(std::iter::repeat_n(x, 300));
            }
            4 => a.reverse(),
            _ => a.push(edge_number(rng, None)),
        },
        Value::Object(m) => {
            if !m.is_empty() && rng.chance(3, 4) {
                let k = m
                    .keys()
                    .nth(rng.index(m.len()))
                    .cloned()
                    .unwrap_or_default();
                m.remove(&k);
            } else {
                m.insert("unknown_field".into(), Value::from(1));
            }
        }
    }
}

/// `text` (valid JSON) after `rounds` mutations chosen by `seed`: fields deleted or added,
/// numbers out of range or huge, unknown or repeated names, arrays emptied or overfilled, values
/// of the wrong type; and sometimes, on the text, a field duplicated, a byte flipped or the file
/// cut short.
pub fn mutate_json(text: &str, seed: u64, rounds: u32) -> String {
    let mut rng = SilkRng::seed_from(seed);
    let mut v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(_) => return mutate_text(text, seed),
    };
    for _ in 0..rounds.max(1) {
        mutate_node(&mut v, &mut rng);
    }
    let mut out = serde_json::to_string_pretty(&v).unwrap_or_default();
    match rng.below(8) {
        // A line said twice: in an object, a duplicated field.
        0 => {
            let lines: Vec<&str> = out.lines().collect();
            let i = rng.index(lines.len());
            let mut l = lines[..=i].to_vec();
            l.extend(&lines[i..]);
            out = l.join("\n");
        }
        1 => out = mutate_text(&out, rng.next_u64()),
        _ => {}
    }
    out
}

/// `text` with bytes changed: one flipped bit, a cut, an inserted or a deleted byte (invalid
/// UTF-8 becomes U+FFFD, as reading a damaged file lossily would).
pub fn mutate_text(text: &str, seed: u64) -> String {
    let mut rng = SilkRng::seed_from(seed);
    let mut bytes = text.as_bytes().to_vec();
    if bytes.is_empty() {
        return "\u{1}".into();
    }
    let at = rng.index(bytes.len());
    match rng.below(4) {
        0 => bytes[at] ^= 1 << rng.below(8),
        1 => bytes.truncate(at),
        2 => {
            const POOL: &[u8] = b"{}[]\",:0-9e \n\xff";
            bytes.insert(at, POOL[rng.index(POOL.len())])
        }
        _ => {
            bytes.remove(at);
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Sets a game up from `config` and plays up to `max` random legal decisions: data a parser and
/// validator accepted must give a playable game, or be refused at setup (returned as Err).
/// Panics if a legal action is refused or a seat to move has none: the engine could not play
/// data it accepted.
pub fn setup_and_play<G: Game>(config: &G::Config, seed: u64, max: u32) -> Result<(), String> {
    let mut state = G::setup(config, seed).map_err(|e| e.to_string())?;
    let mut rng = SilkRng::seed_from(seed ^ 0xF0_22);
    let mut legal = Vec::new();
    for _ in 0..max {
        let Some(seat) = next_decider(G::to_move(&state)) else {
            break;
        };
        G::legal_actions(&state, seat, &mut legal);
        assert!(!legal.is_empty(), "{seat} has no legal action");
        let a = legal[rng.index(legal.len())];
        if let Err(e) = G::apply(&mut state, seat, a) {
            panic!("{seat}: a legal action was refused: {e}");
        }
    }
    Ok(())
}

/// Text a player might type at a state: each legal action's own words, mutated, and a few odd
/// strings. `parse_action` must return an action or an error for each, never panic; an action it
/// returns must be applied or refused by the engine, never panic.
pub fn parse_action_survives<G: Game>(state: &G::State, seat: Seat, seed: u64) {
    let mut rng = SilkRng::seed_from(seed);
    let mut legal = Vec::new();
    G::legal_actions(state, seat, &mut legal);
    let mut texts: Vec<String> = vec![
        String::new(),
        " ".into(),
        "99999999999999999999999".into(),
        "-1".into(),
        "take 255".into(),
        "bid -3".into(),
        "sell 1000000 silk".into(),
        "move Atlantis".into(),
        "\u{0}".into(),
        "buy chartreuse".into(),
    ];
    for &a in legal.iter().take(8) {
        let words = G::action_to_string(state, a);
        texts.push(mutate_text(&words, rng.next_u64()));
        texts.push(words.to_uppercase());
        // A number in the words pushed to an edge.
        let edged: Vec<String> = words
            .split(' ')
            .map(|w| {
                if w.parse::<i64>().is_ok() {
                    [
                        "0",
                        "-1",
                        "255",
                        "256",
                        "4294967296",
                        "18446744073709551616",
                    ][rng.index(6)]
                    .to_string()
                } else {
                    w.to_string()
                }
            })
            .collect();
        texts.push(edged.join(" "));
        texts.push(words);
    }
    for t in &texts {
        if let Ok(a) = G::parse_action(state, seat, t) {
            let mut s = state.clone();
            let _ = G::apply(&mut s, seat, a);
        }
    }
}

/// Random states of a game: the state after `steps` random decisions from setup.
pub fn random_state<G: Game>(config: &G::Config, seed: u64, steps: u32) -> Option<G::State> {
    let mut state = G::setup(config, seed).ok()?;
    let mut rng = SilkRng::seed_from(seed.rotate_left(17));
    let mut legal = Vec::new();
    for _ in 0..steps {
        let seat = next_decider(G::to_move(&state))?;
        G::legal_actions(&state, seat, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let a = legal[rng.index(legal.len())];
        G::apply(&mut state, seat, a).ok()?;
    }
    Some(state)
}

/// One case of the `action_text` fuzz every engine runs: the state after `steps` random
/// decisions, and text typed by the seat to move, by seat 1 (perhaps not to move) and by a
/// seat that does not exist.
pub fn action_text_survives<G: Game>(config: &G::Config, seed: u64, steps: u32) {
    if let Some(state) = random_state::<G>(config, seed, steps) {
        if let Some(seat) = next_decider(G::to_move(&state)) {
            parse_action_survives::<G>(&state, seat, seed);
        }
        parse_action_survives::<G>(&state, Seat(0), seed);
        parse_action_survives::<G>(&state, Seat(7), seed);
    }
}

/// One case of the `replays` fuzz: a saved game's text, whatever it is, is refused with an
/// error or replayed; never a panic.
pub fn replay_survives<G: Game>(text: &str) {
    if let Ok(replay) = crate::Replay::<G>::from_json(text, "game.json") {
        let _ = replay.run("game.json");
    }
}

/// The check every engine's data fuzz makes of itself: over 100 seeds, the mutations of each
/// file are neither all refused nor all accepted (both the validator and the engine are
/// reached), at least `min_refused` of each file's are refused, and what is accepted sets up
/// and plays. `read(file, text, seed)` parses and validates one file's text into a config;
/// `play(config, seed)` plays it.
pub fn mutations_reach_both<C, E>(
    files: &[&str],
    min_refused: u32,
    valid: impl Fn(&str) -> String,
    read: impl Fn(&str, &str, u64) -> Result<C, E>,
    play: impl Fn(&C, u64),
) {
    for file in files {
        let (mut refused, mut played) = (0, 0);
        for seed in 0..100u64 {
            match read(
                file,
                &mutate_json(&valid(file), seed, 1 + (seed % 3) as u32),
                seed,
            ) {
                Ok(c) => {
                    play(&c, seed);
                    played += 1;
                }
                Err(_) => refused += 1,
            }
        }
        assert!(
            played >= 3 && refused >= min_refused,
            "{file}: {played} accepted, {refused} refused"
        );
    }
}

/// The proptest configuration every property suite runs with: `n` cases ([`budget`]) from a
/// fixed seed, and nothing written into the source tree (a failure prints its input).
pub fn cases(n: u32) -> proptest::test_runner::Config {
    let (cases, seed) = budget(n);
    proptest::test_runner::Config {
        cases,
        rng_seed: proptest::test_runner::RngSeed::Fixed(seed),
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    }
}

/// How many cases a fuzz test runs and from which seed: `default` from seed 16 in CI;
/// `SILK_FUZZ_CASES` and `SILK_FUZZ_SEED` fuzz longer or elsewhere by hand (e.g.
/// `SILK_FUZZ_CASES=20000 SILK_FUZZ_SEED=7 cargo test --release -p silk-road --test fuzz`).
pub fn budget(default: u32) -> (u32, u64) {
    let var = |name: &str| std::env::var(name).ok().and_then(|v| v.parse().ok());
    (
        var("SILK_FUZZ_CASES").map_or(default, |n: u64| n.min(u32::MAX as u64) as u32),
        var("SILK_FUZZ_SEED").unwrap_or(16),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mutation changes the text, and is the same for the same seed.
    #[test]
    fn mutations_are_deterministic_and_change_the_input() {
        let text = r#"{"a": [1, 2, {"b": "red"}], "c": true}"#;
        let changed = (0..50)
            .filter(|&s| {
                mutate_json(text, s, 1)
                    != serde_json::to_string_pretty(&serde_json::from_str::<Value>(text).unwrap())
                        .unwrap()
            })
            .count();
        assert!(changed >= 45, "{changed} of 50 changed");
        assert_eq!(mutate_json(text, 7, 2), mutate_json(text, 7, 2));
        assert_ne!(mutate_text(text, 3), text);
    }
}

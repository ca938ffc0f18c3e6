//! Open traces of Splendor games (see `silk_core::trace` and docs/traces.md): the setup as every
//! deck in drawing order, the face-up cards and the nobles or cities; each decision with the
//! places and the identity of the cards it names and the exact payment. Splendor draws nothing
//! by chance after setup: every later draw is the next card of a deck the setup orders.

use crate::action::{Action, Pay, RESERVED_SRC};
use crate::colour::Colour;
use crate::engine::{cards, payment, strongholds};
use crate::rules::{Rules, CITIES_SHOWN, DECKS, MAX_NOBLES, MAX_PLAYERS, NONE, POSTS, SLOTS};
use crate::state::{Phase, State, DECK_START};
use crate::{Splendor, SplendorConfig};
use serde_json::{json, Map, Value};
use silk_core::trace::json::{self as j, at};
use silk_core::{Game, Seat, Traced};

const COLOURS: [&str; 5] = ["white", "blue", "green", "red", "black"];
const TOKENS: [&str; 6] = ["white", "blue", "green", "red", "black", "gold"];
const SLOT_LETTERS: [&str; SLOTS] = ["a", "b", "c", "d", "e", "f"];
/// The decks' keys in `setup.decks`: base levels 1–3, then The Orient's.
const DECK_KEYS: [&str; DECKS] = [
    "level1", "level2", "level3", "orient1", "orient2", "orient3",
];

fn colour_json(c: u8) -> Value {
    Colour::from_index(c as usize).map_or(Value::Null, |c| json!(c.name()))
}

/// A development card's identity: its id in the config's data (base cards in `cards` order,
/// then The Orient's), level, bonus, prestige, cost, and an Orient card's effect.
pub fn card_json(r: &Rules, id: u8) -> Value {
    let c = r.card(id);
    let mut v = json!({
        "id": id,
        "level": c.level + 1,
        "bonus": colour_json(c.bonus),
        "points": c.points,
        "cost": j::counts_json(&c.cost, &COLOURS),
    });
    if c.orient {
        v["effect"] = serde_json::to_value(c.effect).unwrap_or(Value::Null);
        if c.sacrifice != NONE {
            v["sacrifice"] = colour_json(c.sacrifice);
        }
    }
    v
}

/// Whether the card `id` has every identity field `v` gives (an `id` among them).
fn card_agrees(r: &Rules, id: u8, v: &Value) -> Result<(), String> {
    let ours = card_json(r, id);
    for (key, given) in j::obj(v)? {
        let Some(mine) = ours.get(key) else {
            return Err(format!("\"{key}\" is not a field of a card"));
        };
        let same = if key == "cost" {
            j::as_counts(given, &COLOURS).map_err(|e| format!("\"cost\": {e}"))?
                == j::as_counts(mine, &COLOURS)?
        } else {
            given == mine
        };
        if !same {
            return Err(format!(
                "card #{id} has \"{key}\": {mine} in the rules in force, not {given}"
            ));
        }
    }
    Ok(())
}

/// The card `v` names: by `id` (checked against the other fields), or else the first of
/// `candidates` with the identity it gives (level, bonus, points and cost at least).
fn card_from(r: &Rules, v: &Value, candidates: impl Iterator<Item = u8>) -> Result<u8, String> {
    if j::obj(v)?.contains_key("id") {
        let id = j::small(v, "id", r.cards.len().saturating_sub(1) as u8)?;
        card_agrees(r, id, v)?;
        return Ok(id);
    }
    for key in ["level", "bonus", "points", "cost"] {
        j::get(v, key)?;
    }
    let mut candidates = candidates;
    candidates
        .find(|&c| card_agrees(r, c, v).is_ok())
        .ok_or_else(|| format!("no card {v} is where the trace puts it"))
}

/// A face-up place, `{"level": 1, "slot": "a"}`.
fn place_json(pos: u8) -> Value {
    json!({"level": pos / SLOTS as u8 + 1, "slot": SLOT_LETTERS[(pos % SLOTS as u8) as usize]})
}

fn place_from(v: &Value) -> Result<u8, String> {
    let level = j::uint(v, "level", 3)? as u8;
    if level == 0 {
        return Err("\"level\": levels are 1 to 3".into());
    }
    let slot = j::name(v, "slot", &SLOT_LETTERS)? as u8;
    Ok((level - 1) * SLOTS as u8 + slot)
}

/// Where a bought card comes from: a face-up place or `{"reserved": i}` (0 to 2).
fn source_json(src: u8) -> Value {
    if src >= RESERVED_SRC {
        json!({"reserved": src - RESERVED_SRC})
    } else {
        place_json(src)
    }
}

fn source_from(v: &Value) -> Result<u8, String> {
    match j::obj(v)?.get("reserved") {
        Some(_) => Ok(RESERVED_SRC + j::small(v, "reserved", 2)?),
        None => place_from(v),
    }
}

fn noble_json(r: &Rules, id: u8) -> Value {
    let n = &r.nobles[id as usize];
    json!({"id": id, "points": n.points, "requires": j::counts_json(&n.requires, &COLOURS)})
}

fn city_json(r: &Rules, face: u8) -> Value {
    let c = &r.cities[face as usize];
    let any: Vec<u8> = c.any.iter().copied().take_while(|&k| k > 0).collect();
    json!({"id": face, "tile": face / 2, "side": face % 2, "points": c.points,
           "requires": j::counts_json(&c.requires, &COLOURS), "any": any})
}

/// `v` must be the identity `ours` (every field it gives; the others may be left out).
fn agrees(what: &str, ours: &Value, v: &Value) -> Result<(), String> {
    for (key, given) in j::obj(v)? {
        let same = match ours.get(key) {
            Some(mine) if key == "requires" => {
                j::as_counts(given, &COLOURS)? == j::as_counts(mine, &COLOURS)?
            }
            Some(mine) => mine == given,
            None => return Err(format!("\"{key}\" is not a field of a {what}")),
        };
        if !same {
            return Err(format!("the {what} there is {ours}, not {v}"));
        }
    }
    Ok(())
}

fn setup_json(s: &State) -> Value {
    let r = &s.rules;
    let mut decks = Map::new();
    for (d, key) in DECK_KEYS.iter().enumerate() {
        if d >= 3 && !r.orient {
            continue;
        }
        // In drawing order: the top card first.
        let cards: Vec<Value> = s
            .decks
            .deck(d)
            .iter()
            .rev()
            .map(|&c| card_json(r, c))
            .collect();
        decks.insert((*key).into(), Value::Array(cards));
    }
    let board: Vec<Value> = (0..3)
        .map(|level| {
            Value::Array(
                (0..r.slots())
                    .map(|slot| match s.board[level][slot] {
                        NONE => Value::Null,
                        c => card_json(r, c),
                    })
                    .collect(),
            )
        })
        .collect();
    let mut v = json!({"first": s.first, "decks": decks, "board": board});
    if r.cities_module {
        v["cities"] = s.cities.iter().map(|&f| city_json(r, f)).collect();
    } else {
        v["nobles"] = s
            .nobles
            .iter()
            .filter(|&&k| k != NONE)
            .map(|&k| noble_json(r, k))
            .collect();
    }
    v
}

fn setup_from_json(config: &SplendorConfig, v: &Value) -> Result<State, String> {
    // The parts chance does not touch (the gem supply, empty hands) as any setup makes them.
    let mut s = Splendor::setup(config, 0).map_err(|e| e.to_string())?;
    let r = s.rules.0;
    let n = s.players();
    let first = j::seat(v, "first", n)?.0;
    s.first = first;
    s.current = first;
    let mut used = [false; 256];
    // Face-up cards: base places take their level's base deck, e and f The Orient's.
    let board = j::list(v, "board")?;
    if board.len() != 3 {
        return Err(format!(
            "\"board\": 3 rows (levels 1 to 3), not {}",
            board.len()
        ));
    }
    for (level, row) in board.iter().enumerate() {
        let row = at(
            format!("board[{level}]"),
            row.as_array().ok_or("expected a list".to_string()),
        )?;
        if row.len() != r.slots() {
            return Err(format!(
                "board[{level}]: {} places, not {}",
                r.slots(),
                row.len()
            ));
        }
        for slot in 0..SLOTS {
            s.board[level][slot] = NONE;
        }
        for (slot, c) in row.iter().enumerate() {
            if c.is_null() {
                continue;
            }
            let deck = if slot >= 4 { 3 + level } else { level };
            let in_play = slot < r.face_up || (slot >= 4 && r.orient);
            if !in_play {
                return Err(format!("board[{level}][{slot}]: that place is not in play"));
            }
            let id = at(
                format!("board[{level}][{slot}]"),
                card_from(
                    r,
                    c,
                    r.deck_cards[deck]
                        .iter()
                        .copied()
                        .filter(|&c| !used[c as usize]),
                ),
            )?;
            at(
                format!("board[{level}][{slot}]"),
                take(r, &mut used, deck, id),
            )?;
            s.board[level][slot] = id;
        }
    }
    let decks = j::get(v, "decks")?;
    for (d, key) in DECK_KEYS.iter().enumerate() {
        if d >= 3 && !r.orient {
            continue;
        }
        let list = at("decks", j::list(decks, key))?;
        let room = (DECK_START.get(d + 1).copied().unwrap_or(120) - DECK_START[d]) as usize;
        if list.len() > room {
            return Err(format!("decks.{key}: more than {room} cards"));
        }
        let start = DECK_START[d] as usize;
        // Drawing order in the trace, the top last in the state.
        for (i, c) in list.iter().enumerate() {
            let place = format!("decks.{key}[{i}]");
            let id = at(
                &place,
                card_from(
                    r,
                    c,
                    r.deck_cards[d]
                        .iter()
                        .copied()
                        .filter(|&c| !used[c as usize]),
                ),
            )?;
            at(&place, take(r, &mut used, d, id))?;
            s.decks.cards[start + list.len() - 1 - i] = id;
        }
        for k in list.len()..room {
            s.decks.cards[start + k] = NONE;
        }
        s.decks.len[d] = list.len() as u8;
    }
    for (d, key) in DECK_KEYS.iter().enumerate() {
        if d >= 3 && !r.orient {
            continue;
        }
        if let Some(&c) = r.deck_cards[d].iter().find(|&&c| !used[c as usize]) {
            return Err(format!(
                "decks.{key}: card {} is neither in the deck nor face up",
                card_json(r, c)
            ));
        }
    }
    read_tiles(&mut s, v)?;
    crate::invariants(&s)?;
    Ok(s)
}

/// The tiles shown at setup: the cities (Cities of Splendor) or the nobles.
fn read_tiles(s: &mut State, v: &Value) -> Result<(), String> {
    let r = s.rules.0;
    let n = s.players();
    if r.cities_module {
        let cities = j::list(v, "cities")?;
        if cities.len() != CITIES_SHOWN {
            return Err(format!(
                "\"cities\": {CITIES_SHOWN} cities, not {}",
                cities.len()
            ));
        }
        let mut tiles = 0u32;
        for (i, c) in cities.iter().enumerate() {
            let face = at(
                format!("cities[{i}]"),
                j::small(c, "id", r.cities.len().saturating_sub(1) as u8),
            )?;
            at(
                format!("cities[{i}]"),
                agrees("city", &city_json(r, face), c),
            )?;
            if tiles >> (face / 2) & 1 == 1 {
                return Err(format!("cities[{i}]: tile {} is shown twice", face / 2));
            }
            tiles |= 1 << (face / 2);
            s.cities[i] = face;
        }
    } else {
        let nobles = j::list(v, "nobles")?;
        let expected = (n + 1).min(r.nobles.len());
        if nobles.len() != expected {
            return Err(format!(
                "\"nobles\": {expected} nobles, not {}",
                nobles.len()
            ));
        }
        s.nobles = [NONE; MAX_NOBLES];
        for (i, x) in nobles.iter().enumerate() {
            let id = at(
                format!("nobles[{i}]"),
                j::small(x, "id", r.nobles.len().saturating_sub(1) as u8),
            )?;
            at(
                format!("nobles[{i}]"),
                agrees("noble", &noble_json(r, id), x),
            )?;
            if s.nobles.contains(&id) {
                return Err(format!("nobles[{i}]: noble {id} is shown twice"));
            }
            s.nobles[i] = id;
        }
    }
    Ok(())
}

/// Marks card `id` as placed, once, from deck `d`.
fn take(r: &Rules, used: &mut [bool; 256], d: usize, id: u8) -> Result<(), String> {
    if !r.deck_cards[d].contains(&id) {
        return Err(format!("card #{id} is not a card of deck {}", DECK_KEYS[d]));
    }
    if std::mem::replace(&mut used[id as usize], true) {
        return Err(format!("card #{id} is in the setup twice"));
    }
    Ok(())
}

/// The payment of a purchase listed for the player to move, as the engine settles it.
fn spent(s: &State, src: u8, pay: Pay) -> Option<payment::Spent> {
    let p = s.current as usize;
    match s.phase {
        Phase::Conquest => strongholds::check_conquest(s, p, src, pay).ok(),
        _ => cards::check_buy(s, p, src, pay).ok(),
    }
}

fn action_json(s: &State, a: Action) -> Value {
    let r = &s.rules;
    let p = s.current as usize;
    let card = |pos: u8| card_json(r, cards::source_card(s, p, pos));
    match a {
        Action::TakeDifferent(mask) => {
            let gems: Vec<&str> = (0..5)
                .filter(|c| mask >> c & 1 == 1)
                .map(|c| COLOURS[c])
                .collect();
            json!({"kind": "take_different", "gems": gems})
        }
        Action::TakeTwo(c) => json!({"kind": "take_two", "gem": colour_json(c)}),
        Action::Reserve(pos) => {
            json!({"kind": "reserve", "from": place_json(pos), "card": card(pos)})
        }
        Action::ReserveDeck(d) => {
            let top = s
                .decks
                .deck(d as usize)
                .last()
                .map_or(Value::Null, |&c| card_json(r, c));
            json!({"kind": "reserve_deck", "deck": DECK_KEYS[d as usize % DECKS], "card": top})
        }
        Action::Buy { src, pay } => {
            let mut v = json!({"kind": "buy", "from": source_json(src), "card": card(src)});
            let units: Vec<u8> = (0..5).map(|c| pay.units(c)).collect();
            v["gold_for"] = j::counts_json(&units, &COLOURS);
            if let Some(sp) = spent(s, src, pay) {
                let mut paid = [0u8; 6];
                paid[..5].copy_from_slice(&sp.gems);
                paid[5] = sp.gold_tokens;
                v["paid"] = j::counts_json(&paid, &TOKENS);
                v["gold_cards"] = json!(sp.gold_cards);
            }
            v
        }
        Action::Return(k) => json!({"kind": "return", "token": TOKENS.get(k as usize)}),
        Action::Noble(i) => json!({"kind": "noble", "place": i,
            "noble": s.nobles.get(i as usize).filter(|&&k| k != NONE).map(|&k| noble_json(r, k))}),
        Action::ReserveNoble(i) => json!({"kind": "reserve_noble", "place": i,
            "noble": s.nobles.get(i as usize).filter(|&&k| k != NONE).map(|&k| noble_json(r, k))}),
        Action::City(i) => json!({"kind": "city", "place": i,
            "city": s.cities.get(i as usize).filter(|&&f| f != NONE).map(|&f| city_json(r, f))}),
        Action::Post(i) => json!({"kind": "post", "post": i}),
        Action::Join(c) => json!({"kind": "join", "colour": colour_json(c)}),
        Action::Free(pos) => json!({"kind": "free", "from": place_json(pos), "card": card(pos)}),
        Action::Discard(id) => json!({"kind": "discard", "card": card_json(r, id)}),
        Action::Place { from, to } if from == NONE => {
            json!({"kind": "place_stronghold", "to": place_json(to)})
        }
        Action::Place { from, to } => {
            json!({"kind": "move_stronghold", "from": place_json(from), "to": place_json(to)})
        }
        Action::Remove { at, seat } => {
            json!({"kind": "remove_stronghold", "at": place_json(at), "owner": seat})
        }
        Action::Decline => json!({"kind": "decline"}),
        Action::Gem(c) => json!({"kind": "gem", "gem": colour_json(c)}),
        Action::Pass => json!({"kind": "pass"}),
    }
}

/// The card a decision names at `src` must be the one the trace says, when it says.
fn check_card_at(s: &State, src: u8, v: &Value) -> Result<(), String> {
    // A card left out (or null) is not checked: the place alone says which it is.
    let Some(given) = j::obj(v)?.get("card").filter(|c| !c.is_null()) else {
        return Ok(());
    };
    let id = cards::source_card(s, s.current as usize, src);
    if id == NONE {
        return Err("there is no card at that place".into());
    }
    at("card", card_agrees(&s.rules, id, given))
}

fn action_from_json(s: &State, v: &Value) -> Result<Action, String> {
    let r = &s.rules;
    let colour = |key: &str| j::name(v, key, &COLOURS).map(|c| c as u8);
    let kind = j::text(v, "kind")?;
    Ok(match kind {
        "take_different" => {
            let mut mask = 0u8;
            for g in j::list(v, "gems")? {
                let c = at("gems", j::as_name(g, &COLOURS))?;
                if mask >> c & 1 == 1 {
                    return Err(format!(
                        "gems: {} twice (take_two takes two of a colour)",
                        COLOURS[c]
                    ));
                }
                mask |= 1 << c;
            }
            Action::TakeDifferent(mask)
        }
        "take_two" => Action::TakeTwo(colour("gem")?),
        "reserve" => {
            let pos = at("from", place_from(j::get(v, "from")?))?;
            check_card_at(s, pos, v)?;
            Action::Reserve(pos)
        }
        "reserve_deck" => {
            let d = j::name(v, "deck", &DECK_KEYS)?;
            if let Some(given) = v.get("card").filter(|c| !c.is_null()) {
                let top = s
                    .decks
                    .deck(d)
                    .last()
                    .copied()
                    .ok_or("that deck is empty")?;
                at("card", card_agrees(r, top, given))?;
            }
            Action::ReserveDeck(d as u8)
        }
        "buy" => buy_from_json(s, v)?,
        "return" => Action::Return(j::name(v, "token", &TOKENS)? as u8),
        "noble" | "reserve_noble" => {
            let i = j::small(v, "place", MAX_NOBLES as u8 - 1)?;
            if let Some(given) = v.get("noble").filter(|x| !x.is_null()) {
                let k = s.nobles[i as usize];
                if k == NONE {
                    return Err(format!("no noble in place {i}"));
                }
                at("noble", agrees("noble", &noble_json(r, k), given))?;
            }
            if kind == "noble" {
                Action::Noble(i)
            } else {
                Action::ReserveNoble(i)
            }
        }
        "city" => {
            let i = j::small(v, "place", CITIES_SHOWN as u8 - 1)?;
            if let Some(given) = v.get("city").filter(|x| !x.is_null()) {
                let f = s.cities[i as usize];
                if f == NONE {
                    return Err(format!("no city in place {i}"));
                }
                at("city", agrees("city", &city_json(r, f), given))?;
            }
            Action::City(i)
        }
        "post" => Action::Post(j::small(v, "post", POSTS as u8 - 1)?),
        "join" => Action::Join(colour("colour")?),
        "free" => {
            let pos = at("from", place_from(j::get(v, "from")?))?;
            check_card_at(s, pos, v)?;
            Action::Free(pos)
        }
        "discard" => {
            let p = s.current as usize;
            let id = at("card", card_from(r, j::get(v, "card")?, s.owned_cards(p)))?;
            Action::Discard(id)
        }
        "place_stronghold" => Action::Place {
            from: NONE,
            to: at("to", place_from(j::get(v, "to")?))?,
        },
        "move_stronghold" => Action::Place {
            from: at("from", place_from(j::get(v, "from")?))?,
            to: at("to", place_from(j::get(v, "to")?))?,
        },
        "remove_stronghold" => Action::Remove {
            at: at("at", place_from(j::get(v, "at")?))?,
            seat: j::small(v, "owner", MAX_PLAYERS as u8 - 1)?,
        },
        "decline" => Action::Decline,
        "gem" => Action::Gem(colour("gem")?),
        "pass" => Action::Pass,
        other => return Err(format!("unknown kind {other:?}")),
    })
}

/// A purchase: the card, where from, and how gold is used (`gold_for`, or else worked out from
/// `paid`); `paid`, when given, must be what the engine settles.
fn buy_from_json(s: &State, v: &Value) -> Result<Action, String> {
    let src = at("from", source_from(j::get(v, "from")?))?;
    check_card_at(s, src, v)?;
    let m = j::obj(v)?;
    let gold_cards = match m.get("gold_cards") {
        Some(_) => j::small(v, "gold_cards", 7)?,
        None => 0,
    };
    let paid = match m.get("paid") {
        Some(_) => Some(j::counts(v, "paid", &TOKENS)?),
        None => None,
    };
    let units = match (m.get("gold_for"), paid) {
        (Some(_), _) => j::counts(v, "gold_for", &COLOURS)?,
        (None, Some(paid)) => {
            let card = cards::source_card(s, s.current as usize, src);
            if card == NONE {
                return Err("there is no card at that place".into());
            }
            let owed = payment::owed(s, s.current as usize, card);
            std::array::from_fn(|c| owed[c].saturating_sub(paid[c]))
        }
        (None, None) => [0; 5],
    };
    if units.iter().any(|&u| u > 7) {
        return Err("gold_for: more than 7 of one colour".into());
    }
    let pay = Pay::with_units(units, gold_cards);
    if let (Some(paid), Some(sp)) = (paid, spent(s, src, pay)) {
        let mut ours = [0u8; 6];
        ours[..5].copy_from_slice(&sp.gems);
        ours[5] = sp.gold_tokens;
        if ours != paid || sp.gold_cards != gold_cards {
            return Err(format!(
                "paid: this purchase pays {} and {} gold cards, not {} and {gold_cards}",
                j::counts_json(&ours, &TOKENS),
                sp.gold_cards,
                j::counts_json(&paid, &TOKENS)
            ));
        }
    }
    Ok(Action::Buy { src, pay })
}

impl Traced for Splendor {
    fn setup_json(s: &State) -> Value {
        setup_json(s)
    }

    fn setup_from_json(config: &SplendorConfig, setup: &Value) -> Result<State, String> {
        setup_from_json(config, setup)
    }

    fn action_json(s: &State, _seat: Seat, action: Action) -> Value {
        action_json(s, action)
    }

    fn action_from_json(s: &State, _seat: Seat, action: &Value) -> Result<Action, String> {
        action_from_json(s, action)
    }

    /// The tie-break (fewest development cards, or shared), each player's cards, and with The
    /// Cities who may win; a game stopped by the round cap ends `"cap"`.
    fn result_json(s: &State) -> Map<String, Value> {
        let mut m = Map::new();
        let n = s.players();
        let params = &s.rules.config.params;
        m.insert("rounds".into(), json!(s.round));
        m.insert("cards".into(), json!(s.card_count[..n]));
        let shared = s.rules.cities_module
            && s.rules.edition == crate::Edition::E2017
            && params.city_tie == crate::data::CityTie::Shared;
        m.insert(
            "tie_break".into(),
            json!(if shared { "shared" } else { "fewest_cards" }),
        );
        if s.rules.cities_module {
            let eligible: Vec<bool> = (0..n).map(|p| crate::scoring::eligible(s, p)).collect();
            m.insert("may_win".into(), json!(eligible));
        }
        if s.stuck && params.round_cap > 0 && s.round > params.round_cap {
            m.insert("end".into(), json!("cap"));
        }
        m
    }
}

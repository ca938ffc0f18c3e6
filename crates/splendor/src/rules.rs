//! Validation and compilation: one constructor turns a [`SplendorConfig`] into the immutable
//! [`Rules`] every state of a game points to, or says exactly what is wrong (file, place).

use crate::colour::Colour;
use crate::data::{
    CardsFile, CitiesFile, Edition, Effect, Gems, Module, NoblesFile, OrientFile, Power,
    SplendorConfig, StrongholdsFile, TradingPostsFile,
};
use silk_core::{DataError, SetupError};

/// Most players of Splendor.
pub const MAX_PLAYERS: usize = 4;
/// No card, noble, city or seat in a slot.
pub const NONE: u8 = u8::MAX;
/// Development cards of the base game and of The Orient.
pub const BASE_CARDS: usize = 90;
pub const ORIENT_CARDS: usize = 30;
/// Decks: base levels 1–3, then Orient levels 1–3.
pub const DECKS: usize = 6;
/// Face-up places per level: 4 base (`a`–`d`), 2 Orient (`e`, `f`).
pub const SLOTS: usize = 6;
/// Nobles revealed at most (players + 1), cities revealed, trading posts.
pub const MAX_NOBLES: usize = MAX_PLAYERS + 1;
pub const CITIES_SHOWN: usize = 3;
pub const POSTS: usize = 5;
/// Strongholds a player owns at most.
pub const MAX_STRONGHOLDS: usize = 3;

const LEVEL_SIZES: [usize; 3] = [40, 30, 20];
const PER_COLOUR: [usize; 3] = [8, 6, 4];

/// One development card, compiled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Card {
    pub cost: [u8; 5],
    /// `cost` packed (see `colour::pack`).
    pub cost_packed: u64,
    /// Colour index of its bonus; `NONE` for Orient gold and join cards.
    pub bonus: u8,
    /// Bonuses it gives (2 for an Orient double card).
    pub bonus_count: u8,
    pub points: u8,
    /// 0, 1, 2 for levels 1, 2, 3.
    pub level: u8,
    pub effect: Effect,
    /// The colour a sacrifice card takes two bonuses of (`NONE` otherwise).
    pub sacrifice: u8,
    pub orient: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Noble {
    pub requires: [u8; 5],
    pub requires_packed: u64,
    pub points: u8,
}

/// A city face: prestige, named bonuses, and bonuses of distinct other colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct City {
    pub points: u8,
    pub requires: [u8; 5],
    /// Up to 5 counts, largest first; 0 ends the list.
    pub any: [u8; 5],
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Post {
    pub power: Power,
    pub requires: [u8; 5],
    pub nobles: u8,
}

/// The rules of one configuration, shared by every state through a `&'static`.
#[derive(Debug, PartialEq)]
pub struct Rules {
    pub config: SplendorConfig,
    pub players: usize,
    pub edition: Edition,
    /// Base cards are ids 0–89, Orient cards 90–119.
    pub cards: Vec<Card>,
    /// Each deck's cards, as ids: decks 0–2 base levels, 3–5 Orient levels.
    pub deck_cards: [Vec<u8>; DECKS],
    pub nobles: Vec<Noble>,
    /// City faces; tile `t` has faces `2t` and `2t + 1`.
    pub cities: Vec<City>,
    pub posts: Vec<Post>,
    pub gems: u8,
    pub gold: u8,
    pub face_up: usize,
    pub orient: bool,
    pub cities_module: bool,
    pub posts_module: bool,
    pub strongholds: bool,
    pub strongholds_per_player: u8,
    pub coats_per_player: u8,
    /// For each card id, its place among the join cards (`NONE` if not a join card).
    pub join_slot: Vec<u8>,
    /// The face-up places in play (`level * 6 + slot`), in order; `n_places` of them.
    pub places: [u8; 3 * SLOTS],
    pub n_places: usize,
    /// The same places as bits (bit `level * 6 + slot`).
    pub place_mask: u32,
    /// The base places among them, with the reserved places, as bits by source of
    /// `engine::reach::SOURCES` (bit `level * 4 + slot`, then 12–14).
    pub source_mask: u16,
    /// Each card's packed cost, by id (256 entries, so that a `u8` id needs no bounds check in
    /// the affordability loop that runs for every card at every decision; `NO_CARD_COST` for
    /// ids of no card).
    pub cost_by_id: [u64; 256],
    /// Each noble's packed requirement, by id, as `cost_by_id` (`NO_CARD_COST` for ids of no
    /// noble, so that an empty place is visited by nobody).
    pub noble_needs: [u64; 256],
    /// By id: the card has a condition of its own to be acquired (Orient join, sacrifice).
    pub has_condition: [bool; 256],
    /// No module: the end of a turn is only refill, token limit, nobles.
    pub base_only: bool,
    /// The fewest bonuses, all colours together, that any noble requires: a player with fewer
    /// is visited by none, whatever the colours.
    pub noble_floor: u8,
}

/// The packed cost of no card (`NONE`, an empty place), in `Rules::cost_by_id`: 127 gems of
/// each colour, beyond what anyone's bonuses and gems reach (at most 20 gems of a colour, and
/// far fewer than 100 cards), so that a test of what a player can pay needs no test of whether a
/// card is there.
pub const NO_CARD_COST: u64 = 0x7F_7F7F_7F7F;

/// Join cards there may be (each remembers the colour it was joined to).
pub const MAX_JOINS: usize = 8;

impl silk_core::Compiled for Rules {
    type Config = SplendorConfig;
    type Error = SetupError;
    fn compile(config: &SplendorConfig) -> Result<Rules, SetupError> {
        compile(config)
    }
    fn config(&self) -> &SplendorConfig {
        &self.config
    }
}

/// The one compiled value for `config`.
pub fn intern(config: &SplendorConfig) -> Result<&'static Rules, SetupError> {
    silk_core::shared::intern::<Rules>(config)
}

fn colours(g: &Gems) -> [u8; 5] {
    g.array()
}

fn err(file: &str, at: impl Into<String>, msg: impl Into<String>) -> SetupError {
    SetupError::Data(DataError::new(file, at, msg))
}

/// Refuses module sets neither edition allows.
pub fn check_modules(edition: Edition, modules: &[Module]) -> Result<(), SetupError> {
    for (i, m) in modules.iter().enumerate() {
        if modules[..i].contains(m) {
            return Err(SetupError::Config(format!(
                "module {} is named twice",
                m.name()
            )));
        }
    }
    let names = || {
        modules
            .iter()
            .map(|m| m.name())
            .collect::<Vec<_>>()
            .join(" + ")
    };
    match (edition, modules.len()) {
        (_, 0 | 1) => Ok(()),
        (Edition::E2024, 2)
            if modules.contains(&Module::Cities) && modules.contains(&Module::TradingPosts) =>
        {
            Ok(())
        }
        (Edition::E2017, _) => Err(SetupError::Config(format!(
            "the 2017 rulebook plays the modules singly, not {}; the 2024 edition allows \
             cities + trading-posts (--edition 2024)",
            names()
        ))),
        (Edition::E2024, _) => Err(SetupError::Config(format!(
            "the 2024 edition combines only cities + trading-posts, not {}",
            names()
        ))),
    }
}

pub fn compile(config: &SplendorConfig) -> Result<Rules, SetupError> {
    SetupError::check_players("splendor", 2, MAX_PLAYERS, config.players)?;
    check_modules(config.edition, &config.modules)?;
    let p = &config.params;
    if p.token_limit < 3 || p.reserve_limit == 0 || p.face_up == 0 || p.face_up > 4 {
        return Err(SetupError::Config(format!(
            "params: token_limit must be at least 3, reserve_limit at least 1 and face_up 1 to 4 \
             (got {}, {}, {})",
            p.token_limit, p.reserve_limit, p.face_up
        )));
    }
    if p.reserve_limit > 3 {
        return Err(SetupError::Config(format!(
            "params: reserve_limit {} is more than the 3 a hand holds here",
            p.reserve_limit
        )));
    }
    let mut cards = base_cards(&config.cards)?;
    let orient = orient_cards(&config.orient)?;
    cards.extend(orient);
    let mut deck_cards: [Vec<u8>; DECKS] = Default::default();
    for (id, c) in cards.iter().enumerate() {
        deck_cards[c.level as usize + if c.orient { 3 } else { 0 }].push(id as u8);
    }
    let mut join_slot = vec![NONE; cards.len()];
    let mut joins = 0;
    for (id, c) in cards.iter().enumerate() {
        if matches!(c.effect, Effect::Join | Effect::JoinTake1) {
            if joins == MAX_JOINS {
                return Err(err(
                    "orient.json",
                    "cards",
                    format!("more than {MAX_JOINS} join cards"),
                ));
            }
            join_slot[id] = joins as u8;
            joins += 1;
        }
    }
    let nobles = nobles(&config.nobles)?;
    let cities = cities(&config.cities)?;
    let (posts, coats) = posts(&config.trading_posts)?;
    let per_player = strongholds(&config.strongholds, config.players)?;
    let gems = p.gems_by_players[config.players - 2];
    if gems < 4 || p.gold > 20 || gems > 20 {
        return Err(SetupError::Config(format!(
            "params: {gems} gems of a colour (4 to 20 needed) and {} gold (at most 20)",
            p.gold
        )));
    }
    let orient = config.has(Module::Orient);
    let mut places = [NONE; 3 * SLOTS];
    let mut n_places = 0;
    for level in 0..3u8 {
        for k in 0..SLOTS as u8 {
            if (k as usize) < p.face_up as usize || (orient && k >= 4) {
                places[n_places] = level * SLOTS as u8 + k;
                n_places += 1;
            }
        }
    }
    let mut cost_by_id = [NO_CARD_COST; 256];
    let mut has_condition = [false; 256];
    for (id, c) in cards.iter().enumerate() {
        cost_by_id[id] = c.cost_packed;
        has_condition[id] = matches!(
            c.effect,
            Effect::Join | Effect::JoinTake1 | Effect::Sacrifice
        );
    }
    let mut noble_needs = [NO_CARD_COST; 256];
    for (id, n) in nobles.iter().enumerate() {
        noble_needs[id] = n.requires_packed;
    }
    let noble_floor = nobles
        .iter()
        .map(|n| n.requires.iter().sum::<u8>())
        .min()
        .unwrap_or(0);
    Ok(Rules {
        places,
        n_places,
        place_mask: places[..n_places].iter().fold(0, |m, &pos| m | 1 << pos),
        source_mask: places[..n_places]
            .iter()
            .filter(|&&pos| pos as usize % SLOTS < 4)
            .fold(0x7000, |m, &pos| {
                m | 1 << (pos as usize / SLOTS * 4 + pos as usize % SLOTS)
            }),
        cost_by_id,
        noble_needs,
        has_condition,
        base_only: config.modules.is_empty(),
        noble_floor,
        config: config.clone(),
        players: config.players,
        edition: config.edition,
        cards,
        deck_cards,
        nobles,
        cities,
        posts,
        gems,
        gold: p.gold,
        face_up: p.face_up as usize,
        orient: config.has(Module::Orient),
        cities_module: config.has(Module::Cities),
        posts_module: config.has(Module::TradingPosts),
        strongholds: config.has(Module::Strongholds),
        strongholds_per_player: per_player,
        coats_per_player: coats,
        join_slot,
    })
}

fn check_version(file: &str, v: u32) -> Result<(), SetupError> {
    if v != 1 {
        return Err(err(
            file,
            "version",
            format!("version {v} is unknown (1 expected)"),
        ));
    }
    Ok(())
}

fn base_cards(f: &CardsFile) -> Result<Vec<Card>, SetupError> {
    const FILE: &str = "cards.json";
    check_version(FILE, f.version)?;
    let mut per_level = [0usize; 3];
    let mut per_colour = [[0usize; 5]; 3];
    let mut out = Vec::with_capacity(BASE_CARDS);
    for (i, c) in f.cards.iter().enumerate() {
        let at = format!("cards[{i}]");
        let cost = check_card(FILE, &at, c.level, &c.cost, c.points)?;
        let l = c.level as usize - 1;
        per_level[l] += 1;
        per_colour[l][c.bonus.index()] += 1;
        out.push(Card {
            cost,
            cost_packed: crate::colour::pack(&cost),
            bonus: c.bonus.index() as u8,
            bonus_count: 1,
            points: c.points,
            level: l as u8,
            effect: Effect::None,
            sacrifice: NONE,
            orient: false,
        });
    }
    for l in 0..3 {
        if per_level[l] != LEVEL_SIZES[l] {
            return Err(err(
                FILE,
                "cards",
                format!(
                    "level {} has {} cards, not {}",
                    l + 1,
                    per_level[l],
                    LEVEL_SIZES[l]
                ),
            ));
        }
        for c in Colour::ALL {
            if per_colour[l][c.index()] != PER_COLOUR[l] {
                return Err(err(
                    FILE,
                    "cards",
                    format!(
                        "level {} has {} cards with a {c} bonus, not {}",
                        l + 1,
                        per_colour[l][c.index()],
                        PER_COLOUR[l]
                    ),
                ));
            }
        }
    }
    Ok(out)
}

/// A card's level, cost and prestige in range; its cost as an array.
fn check_card(
    file: &str,
    at: &str,
    level: u8,
    cost: &Gems,
    points: u8,
) -> Result<[u8; 5], SetupError> {
    if !(1..=3).contains(&level) {
        return Err(err(
            file,
            format!("{at}.level"),
            format!("level {level} is not 1, 2 or 3"),
        ));
    }
    let cost = colours(cost);
    if cost.iter().any(|&k| k > 7) {
        return Err(err(
            file,
            format!("{at}.cost"),
            "no card costs more than 7 gems of a colour",
        ));
    }
    if points > 7 {
        return Err(err(
            file,
            format!("{at}.points"),
            format!("{points} prestige is more than any card has"),
        ));
    }
    Ok(cost)
}

fn orient_cards(f: &OrientFile) -> Result<Vec<Card>, SetupError> {
    const FILE: &str = "orient.json";
    check_version(FILE, f.version)?;
    let mut per_level = [0usize; 3];
    let mut out = Vec::with_capacity(ORIENT_CARDS);
    for (i, c) in f.cards.iter().enumerate() {
        let at = format!("cards[{i}]");
        let cost = check_card(FILE, &at, c.level, &c.cost, c.points)?;
        let needs_no_bonus = matches!(c.effect, Effect::Gold | Effect::Join | Effect::JoinTake1);
        if needs_no_bonus == c.bonus.is_some() {
            return Err(err(
                FILE,
                format!("{at}.bonus"),
                if needs_no_bonus {
                    "a gold or join card has no bonus of its own (null)"
                } else {
                    "this card needs a bonus colour"
                },
            ));
        }
        let level_ok = match c.effect {
            Effect::JoinTake1 => c.level >= 2,
            Effect::Take2 => c.level == 3,
            _ => true,
        };
        if !level_ok {
            return Err(err(
                FILE,
                format!("{at}.effect"),
                "a card that takes a free card must be of a higher level than the card it takes",
            ));
        }
        if (c.effect == Effect::Sacrifice) != c.sacrifice.is_some() {
            return Err(err(
                FILE,
                format!("{at}.sacrifice"),
                "a sacrifice card, and only one, names the colour it takes",
            ));
        }
        per_level[c.level as usize - 1] += 1;
        out.push(Card {
            cost,
            cost_packed: crate::colour::pack(&cost),
            bonus: c.bonus.map_or(NONE, |b| b.index() as u8),
            bonus_count: match (c.effect, c.bonus) {
                (Effect::Double, _) => 2,
                (_, Some(_)) => 1,
                (Effect::Join | Effect::JoinTake1, None) => 1,
                _ => 0,
            },
            points: c.points,
            level: c.level - 1,
            effect: c.effect,
            sacrifice: c.sacrifice.map_or(NONE, |s| s.index() as u8),
            orient: true,
        });
    }
    if per_level != [10, 10, 10] {
        return Err(err(
            FILE,
            "cards",
            format!(
                "{}/{}/{} cards per level, not 10/10/10",
                per_level[0], per_level[1], per_level[2]
            ),
        ));
    }
    Ok(out)
}

fn nobles(f: &NoblesFile) -> Result<Vec<Noble>, SetupError> {
    const FILE: &str = "nobles.json";
    check_version(FILE, f.version)?;
    if f.nobles.len() != 10 {
        return Err(err(
            FILE,
            "nobles",
            format!("{} nobles, not 10", f.nobles.len()),
        ));
    }
    f.nobles
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let requires = colours(&n.requires);
            if requires.iter().all(|&k| k == 0) || requires.iter().any(|&k| k > 10) {
                return Err(err(
                    FILE,
                    format!("nobles[{i}].requires"),
                    "a noble requires 1 to 10 bonuses of at least one colour",
                ));
            }
            Ok(Noble {
                requires,
                requires_packed: crate::colour::pack(&requires),
                points: n.points,
            })
        })
        .collect()
}

fn cities(f: &CitiesFile) -> Result<Vec<City>, SetupError> {
    const FILE: &str = "cities.json";
    check_version(FILE, f.version)?;
    if f.tiles.len() != 7 {
        return Err(err(
            FILE,
            "tiles",
            format!("{} city tiles, not 7", f.tiles.len()),
        ));
    }
    let mut out = Vec::with_capacity(14);
    for (t, tile) in f.tiles.iter().enumerate() {
        if tile.faces.len() != 2 {
            return Err(err(
                FILE,
                format!("tiles[{t}].faces"),
                format!("{} faces; a tile has 2", tile.faces.len()),
            ));
        }
        for (k, face) in tile.faces.iter().enumerate() {
            let at = format!("tiles[{t}].faces[{k}]");
            let requires = colours(&face.requires);
            let named = requires.iter().filter(|&&r| r > 0).count();
            if named + face.any.len() > 5 || face.any.iter().any(|&a| a == 0 || a > 10) {
                return Err(err(
                    FILE,
                    format!("{at}.any"),
                    "each entry is 1 to 10 bonuses of a colour not named, at most 5 colours in all",
                ));
            }
            let mut any = [0u8; 5];
            let mut sorted = face.any.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            any[..sorted.len()].copy_from_slice(&sorted);
            out.push(City {
                points: face.points,
                requires,
                any,
            });
        }
    }
    Ok(out)
}

fn posts(f: &TradingPostsFile) -> Result<(Vec<Post>, u8), SetupError> {
    const FILE: &str = "trading-posts.json";
    check_version(FILE, f.version)?;
    if f.posts.len() != POSTS {
        return Err(err(
            FILE,
            "posts",
            format!("{} trading posts, not {POSTS}", f.posts.len()),
        ));
    }
    let mut out: Vec<Post> = Vec::with_capacity(POSTS);
    for (i, p) in f.posts.iter().enumerate() {
        if out.iter().any(|q| q.power == p.id) {
            return Err(err(
                FILE,
                format!("posts[{i}].id"),
                "each power appears once",
            ));
        }
        out.push(Post {
            power: p.id,
            requires: colours(&p.requires),
            nobles: p.nobles,
        });
    }
    if f.coats_of_arms_per_player == 0 {
        return Err(err(FILE, "coats_of_arms_per_player", "at least 1"));
    }
    Ok((out, f.coats_of_arms_per_player))
}

fn strongholds(f: &StrongholdsFile, players: usize) -> Result<u8, SetupError> {
    const FILE: &str = "strongholds.json";
    check_version(FILE, f.version)?;
    if !(1..=MAX_STRONGHOLDS as u8).contains(&f.per_player) {
        return Err(err(
            FILE,
            "per_player",
            format!("1 to {MAX_STRONGHOLDS} strongholds a player"),
        ));
    }
    if (f.colours as usize) < players {
        return Err(err(
            FILE,
            "colours",
            format!("{} colours of strongholds for {players} players", f.colours),
        ));
    }
    Ok(f.per_player)
}

impl Rules {
    pub fn card(&self, id: u8) -> &Card {
        &self.cards[id as usize]
    }
    /// Face-up places per level in play (4 base, plus 2 with The Orient).
    pub fn slots(&self) -> usize {
        if self.orient {
            SLOTS
        } else {
            self.face_up
        }
    }
    pub fn modules(&self) -> &[Module] {
        &self.config.modules
    }
}

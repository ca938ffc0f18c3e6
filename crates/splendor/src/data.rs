//! The data files (`data/splendor/*.json`) and the configuration, as read: serde types with
//! `deny_unknown_fields`. [`crate::compile_rules`] validates them and compiles the rules a game uses.

use crate::colour::Colour;
use serde::{Deserialize, Serialize};
use silk_core::data::parse_json;

pub const CARDS_JSON: &str = include_str!("../../../data/splendor/cards.json");
pub const NOBLES_JSON: &str = include_str!("../../../data/splendor/nobles.json");
pub const CITIES_JSON: &str = include_str!("../../../data/splendor/cities.json");
pub const ORIENT_JSON: &str = include_str!("../../../data/splendor/orient.json");
pub const TRADING_POSTS_JSON: &str = include_str!("../../../data/splendor/trading-posts.json");
pub const STRONGHOLDS_JSON: &str = include_str!("../../../data/splendor/strongholds.json");

/// A count per gem colour, as written in the files (`{"white": 3, "red": 1}`; absent = 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gems {
    #[serde(default, skip_serializing_if = "is_zero")]
    pub white: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub blue: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub green: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub red: u8,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub black: u8,
}

fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl Gems {
    pub fn array(&self) -> [u8; 5] {
        [self.white, self.blue, self.green, self.red, self.black]
    }
}

/// `cards.json`: the 90 development cards of the base game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub version: u32,
    pub cards: Vec<CardData>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardData {
    pub level: u8,
    pub bonus: Colour,
    pub points: u8,
    pub cost: Gems,
}

/// `nobles.json`: the 10 noble tiles.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoblesFile {
    pub version: u32,
    pub nobles: Vec<NobleData>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NobleData {
    pub points: u8,
    pub requires: Gems,
}

/// `cities.json`: the 7 double-sided city tiles of The Cities.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CitiesFile {
    pub version: u32,
    pub tiles: Vec<CityTile>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityTile {
    pub faces: Vec<CityFace>,
}

/// What a player needs to claim a city face.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityFace {
    /// Prestige at least this.
    pub points: u8,
    /// Bonuses of named colours.
    #[serde(default)]
    pub requires: Gems,
    /// Each entry: that many bonuses of one colour not named in `requires`, a different colour
    /// for each entry.
    #[serde(default)]
    pub any: Vec<u8>,
}

/// `orient.json`: the 30 cards of The Orient.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrientFile {
    pub version: u32,
    pub cards: Vec<OrientCardData>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrientCardData {
    pub level: u8,
    /// `null` for the cards whose bonus comes from elsewhere (gold, join).
    pub bonus: Option<Colour>,
    pub points: u8,
    #[serde(default)]
    pub cost: Gems,
    pub effect: Effect,
    /// The colour of the two bonuses a sacrifice card takes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sacrifice: Option<Colour>,
}

/// What an Orient card does besides its bonus and prestige.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    None,
    /// Worth 2 gold for one purchase, then discarded; no bonus.
    Gold,
    /// Joined to a card you own: a bonus of that card's colour.
    Join,
    /// Joined as `Join`, then take a face-up level 1 card free.
    JoinTake1,
    /// Two bonuses of its colour.
    Double,
    /// Reserve a noble: only you may be visited by it.
    ReserveNoble,
    /// Take a face-up level 2 card free.
    Take2,
    /// To buy it, discard two bonuses of the `sacrifice` colour.
    Sacrifice,
}

/// `trading-posts.json`: the Route to the Orient board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradingPostsFile {
    pub version: u32,
    pub posts: Vec<PostData>,
    pub coats_of_arms_per_player: u8,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostData {
    pub id: Power,
    pub requires: Gems,
    /// Nobles the player must have too.
    #[serde(default)]
    pub nobles: u8,
}

/// The five trading-post powers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Power {
    /// After buying a card, take one gem token.
    TakeGemAfterBuy,
    /// When taking two gems of a colour, take one of another colour too.
    ExtraGemWithPair,
    /// Each gold token pays two gems of one colour.
    GoldCountsDouble,
    /// Five prestige, once.
    FivePoints,
    /// One prestige per coat of arms placed.
    PointPerPost,
}

/// `strongholds.json`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrongholdsFile {
    pub version: u32,
    pub per_player: u8,
    pub colours: u8,
}

/// The four modules of Cities of Splendor.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Module {
    Cities,
    TradingPosts,
    Orient,
    Strongholds,
}

impl Module {
    pub const ALL: [Module; 4] = [
        Module::Cities,
        Module::TradingPosts,
        Module::Orient,
        Module::Strongholds,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Module::Cities => "cities",
            Module::TradingPosts => "trading-posts",
            Module::Orient => "orient",
            Module::Strongholds => "strongholds",
        }
    }

    pub fn parse(text: &str) -> Option<Module> {
        Module::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(text.trim()))
    }
}

/// Which rulebook decides where the 2017 box and the 2024 online edition differ.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Edition {
    /// The 2017 Cities of Splendor rulebook: modules played singly.
    #[default]
    #[serde(rename = "2017")]
    E2017,
    /// The 2024 online edition: claimants by requirement at the end, one trading post a turn,
    /// only a lone stronghold may be removed, Cities with Trading Posts allowed.
    #[serde(rename = "2024")]
    E2024,
}

impl Edition {
    pub fn parse(text: &str) -> Option<Edition> {
        match text.trim() {
            "2017" => Some(Edition::E2017),
            "2024" => Some(Edition::E2024),
            _ => None,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Edition::E2017 => "2017",
            Edition::E2024 => "2024",
        }
    }
}

/// When fewer than three colours are left in the supply (the rules are silent).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortTake {
    /// Take one of each colour left (two or one tokens).
    Fewer,
    /// The take-three action is not available.
    None,
}

/// A player with no legal action (the rules have no pass).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoAction {
    /// The player passes; a whole round of passes ends the game as stuck.
    Pass,
    /// The game ends at once as stuck.
    Stuck,
}

/// Among several Cities claimants of equal prestige (2017 is silent; 2024: fewest cards).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CityTie {
    /// Fewest development cards, as the base game breaks ties.
    FewestCards,
    /// A shared win.
    Shared,
}

/// What the texts leave open, each with its default. `version` names the set of decisions a
/// saved game was played under; it changes when a default does.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Params {
    pub version: u32,
    /// Prestige that ends the game (after the round is completed).
    pub prestige_to_end: u8,
    /// Tokens a player may hold at the end of a turn.
    pub token_limit: u8,
    /// Reserved cards a player may hold.
    pub reserve_limit: u8,
    /// Gem tokens of each colour with 2, 3 and 4 players.
    pub gems_by_players: [u8; 3],
    pub gold: u8,
    /// Face-up cards per level (base decks; The Orient adds 2 of its own).
    pub face_up: u8,
    pub take_three_short: ShortTake,
    pub no_action: NoAction,
    /// Rounds after which an unfinished game ends as stuck (0: no cap).
    pub round_cap: u16,
    pub city_tie: CityTie,
    /// A blind reserve may draw from an Orient deck too.
    pub reserve_orient_deck: bool,
    /// An Orient join card may be joined to a colour whose only bonuses come from join cards
    /// joined before (`false`: only to a colour of a card with a bonus of its own).
    pub join_onto_joined: bool,
    /// An Orient sacrifice costs exactly its 2 bonuses where it can: the cards discarded form a
    /// minimal set (`false`: any cards of the colour, joined ones first, until 2 bonuses are
    /// gone, so a double may pay the last one: 3 bonuses in all).
    pub sacrifice_exact: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            version: 1,
            prestige_to_end: 15,
            token_limit: 10,
            reserve_limit: 3,
            gems_by_players: [4, 5, 7],
            gold: 5,
            face_up: 4,
            take_three_short: ShortTake::Fewer,
            no_action: NoAction::Pass,
            round_cap: 100,
            city_tie: CityTie::FewestCards,
            reserve_orient_deck: true,
            join_onto_joined: true,
            sacrifice_exact: true,
        }
    }
}

/// A game's configuration: players, edition, modules, parameters and the component data.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplendorConfig {
    pub players: usize,
    #[serde(default)]
    pub edition: Edition,
    #[serde(default)]
    pub modules: Vec<Module>,
    #[serde(default)]
    pub params: Params,
    #[serde(default = "default_cards")]
    pub cards: CardsFile,
    #[serde(default = "default_nobles")]
    pub nobles: NoblesFile,
    #[serde(default = "default_cities")]
    pub cities: CitiesFile,
    #[serde(default = "default_orient")]
    pub orient: OrientFile,
    #[serde(default = "default_posts")]
    pub trading_posts: TradingPostsFile,
    #[serde(default = "default_strongholds")]
    pub strongholds: StrongholdsFile,
}

pub fn default_cards() -> CardsFile {
    parse_json(CARDS_JSON, "cards.json").expect("the bundled cards parse")
}
pub fn default_nobles() -> NoblesFile {
    parse_json(NOBLES_JSON, "nobles.json").expect("the bundled nobles parse")
}
pub fn default_cities() -> CitiesFile {
    parse_json(CITIES_JSON, "cities.json").expect("the bundled cities parse")
}
pub fn default_orient() -> OrientFile {
    parse_json(ORIENT_JSON, "orient.json").expect("the bundled Orient cards parse")
}
pub fn default_posts() -> TradingPostsFile {
    parse_json(TRADING_POSTS_JSON, "trading-posts.json").expect("the bundled board parses")
}
pub fn default_strongholds() -> StrongholdsFile {
    parse_json(STRONGHOLDS_JSON, "strongholds.json").expect("the bundled strongholds parse")
}

impl SplendorConfig {
    /// The base game with the bundled data and default parameters.
    pub fn new(players: usize) -> Self {
        SplendorConfig {
            players,
            edition: Edition::default(),
            modules: Vec::new(),
            params: Params::default(),
            cards: default_cards(),
            nobles: default_nobles(),
            cities: default_cities(),
            orient: default_orient(),
            trading_posts: default_posts(),
            strongholds: default_strongholds(),
        }
    }

    /// The same with these modules.
    pub fn with_modules(mut self, modules: &[Module]) -> Self {
        self.modules = modules.to_vec();
        self
    }

    pub fn has(&self, m: Module) -> bool {
        self.modules.contains(&m)
    }
}

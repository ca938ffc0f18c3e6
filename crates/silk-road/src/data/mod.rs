//! Game data as JSON (map, tile mix, parameters) and its validation into [`Rules`].
//!
//! Files are read with `deny_unknown_fields`, then checked for meaning; every error names the
//! file and the JSON path (`tiles.json: orange[3]: seller needs "good"`).

use crate::goods::Good;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The bundled reconstructed board and tile mix (see data/silk-road/README.md).
pub const DEFAULT_MAP_JSON: &str = include_str!("../../../../data/silk-road/map.json");
pub const DEFAULT_TILES_JSON: &str = include_str!("../../../../data/silk-road/tiles.json");

/// Most cities a map may have (state arrays are sized for it).
pub const MAX_CITIES: usize = 32;
/// Most tiles on one city (N−1 with 6 players, 5 with 3).
pub const MAX_TILES_PER_CITY: usize = 5;

pub use silk_core::data::{parse_json, DataError};

mod compile; // validating the files into `Rules`

/// A tile back and the colour of the cities that take it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Orange,
    Purple,
    /// Start and end cities: no tiles.
    None,
}

impl Colour {
    pub fn flipped(self) -> Colour {
        match self {
            Colour::Orange => Colour::Purple,
            Colour::Purple => Colour::Orange,
            Colour::None => Colour::None,
        }
    }
}

/// One tile as written in the data (also a city's printed bonus action).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TileSpec {
    /// seller, buyer, trader, exchanger, thief, grand_vizier, crook, barterer
    pub tile: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub good: Option<Good>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub give: Option<BTreeMap<Good, u8>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receive: Option<BTreeMap<Good, u8>>,
    /// Exchanger: how many goods may be swapped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub n: Option<u8>,
    /// In a tile mix: how many such tiles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u8>,
}

/// An action tile's effect, compiled from a [`TileSpec`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum TileKind {
    /// Sell any number of the good at the seller price ladder (4, 3, 2, then 1).
    Seller(Good),
    /// Buy any number of the good at the buyer price ladder (1, 2, 3, then 4).
    Buyer(Good),
    /// Give `give_n` of `give` and receive `get_n` of `get`, once or twice.
    Trader {
        give: Good,
        give_n: u8,
        get: Good,
        get_n: u8,
    },
    /// Swap up to N goods of your choice for as many of your choice.
    Exchanger(u8),
    /// Steal one random goods token from a chosen player.
    Thief,
    /// Choose a good; everyone reveals simultaneously; most 5 silver, second 3.
    GrandVizier,
    /// Kept; later changes one good on a tile you use.
    Crook,
    /// Kept; later lets you take two tiles one after the other.
    Barterer,
}

impl TileKind {
    /// The tile as players name it ("seller silk", "trader 1 ivory -> 2 silk").
    pub fn label(self) -> String {
        match self {
            TileKind::Seller(g) => format!("seller {g}"),
            TileKind::Buyer(g) => format!("buyer {g}"),
            TileKind::Trader {
                give,
                give_n,
                get,
                get_n,
            } => format!("trader {give_n} {give} -> {get_n} {get}"),
            TileKind::Exchanger(n) => format!("exchanger {n}"),
            TileKind::Thief => "thief".into(),
            TileKind::GrandVizier => "grand vizier".into(),
            TileKind::Crook => "crook".into(),
            TileKind::Barterer => "barterer".into(),
        }
    }

    pub fn is_crook_or_barterer(self) -> bool {
        matches!(self, TileKind::Crook | TileKind::Barterer)
    }

    fn from_spec(spec: &TileSpec, file: &str, at: &str) -> Result<TileKind, DataError> {
        let err = |m: String| DataError::new(file, at, m);
        let need_good = || {
            spec.good
                .ok_or_else(|| err(format!("{} needs \"good\"", spec.tile)))
        };
        let one =
            |side: &Option<BTreeMap<Good, u8>>, name: &str| -> Result<(Good, u8), DataError> {
                let m = side
                    .as_ref()
                    .ok_or_else(|| err(format!("trader needs \"{name}\"")))?;
                match (m.len(), m.iter().next()) {
                    (1, Some((&g, &k))) if (1..=5).contains(&k) => Ok((g, k)),
                    _ => Err(err(format!(
                        "trader \"{name}\" must name one good with a count of 1 to 5"
                    ))),
                }
            };
        let kind = match spec.tile.as_str() {
            "seller" => TileKind::Seller(need_good()?),
            "buyer" => TileKind::Buyer(need_good()?),
            "trader" => {
                let (give, give_n) = one(&spec.give, "give")?;
                let (get, get_n) = one(&spec.receive, "receive")?;
                if give == get {
                    return Err(err("trader must give and receive different goods".into()));
                }
                TileKind::Trader {
                    give,
                    give_n,
                    get,
                    get_n,
                }
            }
            "exchanger" => match spec.n {
                Some(n @ 1..=5) => TileKind::Exchanger(n),
                _ => return Err(err("exchanger needs \"n\" from 1 to 5".into())),
            },
            "thief" => TileKind::Thief,
            "grand_vizier" => TileKind::GrandVizier,
            "crook" => TileKind::Crook,
            "barterer" => TileKind::Barterer,
            other => {
                return Err(err(format!(
                    "unknown tile \"{other}\" (seller, buyer, trader, exchanger, thief, \
                     grand_vizier, crook, barterer)"
                )))
            }
        };
        // Fields that do not belong to the tile are mistakes worth reporting.
        let stray = match kind {
            TileKind::Seller(_) | TileKind::Buyer(_) => {
                spec.give.is_some() || spec.receive.is_some() || spec.n.is_some()
            }
            TileKind::Trader { .. } => spec.good.is_some() || spec.n.is_some(),
            TileKind::Exchanger(_) => {
                spec.good.is_some() || spec.give.is_some() || spec.receive.is_some()
            }
            _ => {
                spec.good.is_some()
                    || spec.give.is_some()
                    || spec.receive.is_some()
                    || spec.n.is_some()
            }
        };
        if stray {
            return Err(err(format!("{} takes no such field", spec.tile)));
        }
        Ok(kind)
    }
}

/// A city of the map file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityData {
    pub name: String,
    pub colour: Colour,
    /// Whether the city's existence and place are attested by public sources.
    #[serde(default)]
    pub confirmed: bool,
    /// The action printed beside the city, taken by the leader as a bonus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<TileSpec>,
    #[serde(default)]
    pub bonus_confirmed: bool,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkData {
    pub from: String,
    pub to: Vec<String>,
}

/// The board: cities, one-way links from the start to the end.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    #[serde(default)]
    pub provenance: String,
    pub start: String,
    pub end: String,
    #[serde(default)]
    pub links_confirmed: bool,
    pub cities: Vec<CityData>,
    pub links: Vec<LinkData>,
    /// Cities that may not hold a Crook or Barterer (the last two before the end). Absent: the
    /// cities the rules name (Aleppo, Tyre) that the map has; a list, even empty, replaces them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_crook_or_barterer: Option<Vec<String>>,
    /// The same for the reverse-direction variant (absent: Lanzhou, Yumen).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_crook_or_barterer_reverse: Option<Vec<String>>,
}

/// The action tiles, by back.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesData {
    #[serde(default)]
    pub provenance: String,
    #[serde(default)]
    pub confirmed: bool,
    pub orange: Vec<TileSpec>,
    pub purple: Vec<TileSpec>,
}

/// Where goods sold or given away go.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SpentGoods {
    /// Back into the bag, to be bought again.
    Bag,
    /// Out of the game.
    Box,
}

/// How equal final scores are settled.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// Tied players share the rank.
    Shared,
    /// More money (silver value) wins the tie, then it is shared.
    MostMoney,
    /// More goods wins the tie, then it is shared.
    MostGoods,
}

/// Every number and choice the rulebook leaves open (docs/silk-road.md lists them), with the
/// project's defaults, plus the component counts.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Params {
    /// The holder may keep the pawn only if they can pay the high bid; otherwise they must sell.
    pub keep_needs_funds: bool,
    pub spent_goods: SpentGoods,
    /// The good placed on a used Grand Vizier is taken from the bag (else it is only a marker).
    pub vizier_token_from_bag: bool,
    /// Silver value in the bank; 0 = unlimited. Payments from an empty bank are cut short.
    pub bank_coins: u32,
    /// A Grand Vizier reveal of 0 can place (and so win a prize).
    pub vizier_zero_places: bool,
    pub tie_break: TieRule,
    pub start_gold: u16,
    pub start_silver: u16,
    pub start_goods: u8,
    pub goods_per_colour: u8,
    pub min_bid: u32,
    /// Grand Vizier prizes: most, second most.
    pub vizier_prizes: [u32; 2],
    /// Points for the sole holder of the most goods of a colour.
    pub majority_bonus: u32,
    /// The leader auction's format (`KIND/PAYMENT/TIE`; the rules: once around, first price).
    pub leader_auction: silk_trade::AuctionFormat,
    /// The Grand Vizier reveal's format (the rules: sealed, nobody pays, tied firsts share).
    pub vizier_auction: silk_trade::AuctionFormat,
    /// Seller: silver for the 1st, 2nd, … good sold; the last price repeats.
    pub seller_prices: Vec<u8>,
    /// Buyer: silver for the 1st, 2nd, … good bought; the last price repeats.
    pub buyer_prices: Vec<u8>,
    /// Tiles per city: players − 1, except with 3 players.
    pub tiles_with_3_players: u8,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            keep_needs_funds: true,
            spent_goods: SpentGoods::Bag,
            vizier_token_from_bag: false,
            bank_coins: 0,
            vizier_zero_places: false,
            tie_break: TieRule::Shared,
            start_gold: 1,
            start_silver: 5,
            start_goods: 3,
            goods_per_colour: 15,
            min_bid: 1,
            vizier_prizes: [5, 3],
            majority_bonus: 2,
            leader_auction: crate::auctions::LEADER.default,
            vizier_auction: crate::auctions::VIZIER.default,
            seller_prices: vec![4, 3, 2, 1],
            buyer_prices: vec![1, 2, 3, 4],
            tiles_with_3_players: 5,
        }
    }
}

/// A game's configuration: player count, direction, board, tiles, parameters.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilkRoadConfig {
    pub players: usize,
    /// The reverse-direction variant: Antioch to Chang'An, tile backs swapped.
    #[serde(default)]
    pub reverse: bool,
    #[serde(default = "default_map")]
    pub map: MapData,
    #[serde(default = "default_tiles")]
    pub tiles: TilesData,
    #[serde(default)]
    pub params: Params,
}

fn default_map() -> MapData {
    parse_json(DEFAULT_MAP_JSON, "map.json").expect("the bundled map parses")
}

fn default_tiles() -> TilesData {
    parse_json(DEFAULT_TILES_JSON, "tiles.json").expect("the bundled tiles parse")
}

impl SilkRoadConfig {
    /// The bundled board and tiles with default parameters.
    pub fn new(players: usize) -> Self {
        SilkRoadConfig {
            players,
            reverse: false,
            map: default_map(),
            tiles: default_tiles(),
            params: Params::default(),
        }
    }
}

/// A configuration checked and compiled for play. Immutable, shared by every state of a game
/// through a `&'static` reference (see [`intern`]), so cloning a state copies no data.
#[derive(Debug, PartialEq)]
pub struct Rules {
    pub config: SilkRoadConfig,
    pub players: usize,
    pub city_names: Vec<String>,
    /// Successors of each city, in map order (reversed for the variant).
    pub succ: Vec<Vec<u8>>,
    pub start: u8,
    pub end: u8,
    /// Tile kinds; states refer to them by index.
    pub kinds: Vec<TileKind>,
    /// The printed bonus action of each city, as a kind index.
    pub bonus: Vec<Option<u8>>,
    /// Which back of tiles each city takes (after the variant's swap).
    pub back: Vec<Colour>,
    /// Cities that may hold no Crook or Barterer.
    pub restricted: Vec<bool>,
    /// All orange and purple tiles, as kind indices with repetition.
    pub orange: Vec<u8>,
    pub purple: Vec<u8>,
    pub tiles_per_city: u8,
    /// Tile cities on the shortest and longest route (for bots and reports).
    pub min_route: u32,
    pub max_route: u32,
    /// Longest route from each city to the end, in tile cities (bots: how late is it?).
    pub to_end: Vec<u8>,
}

impl Rules {
    pub fn city(&self, name: &str) -> Option<u8> {
        self.city_names
            .iter()
            .position(|c| c == name)
            .map(|i| i as u8)
    }
    pub fn name(&self, city: u8) -> &str {
        self.city_names
            .get(city as usize)
            .map(String::as_str)
            .unwrap_or("?")
    }
    pub fn kind(&self, id: u8) -> TileKind {
        self.kinds[id as usize]
    }
    pub fn is_bonus_city(&self, city: u8) -> bool {
        self.bonus[city as usize].is_some()
    }
}

impl silk_core::Compiled for Rules {
    type Config = SilkRoadConfig;
    type Error = DataError;
    fn compile(config: &SilkRoadConfig) -> Result<Rules, DataError> {
        Rules::compile(config)
    }
    fn config(&self) -> &SilkRoadConfig {
        &self.config
    }
}

/// The compiled rules of `config`, compiled once per process (see `silk_core::shared`).
pub fn intern(config: &SilkRoadConfig) -> Result<&'static Rules, DataError> {
    silk_core::shared::intern::<Rules>(config)
}

//! Game data as JSON (map, empires, silk deck, improvements, development cards, parameters)
//! and its validation into [`Rules`].
//!
//! Files are read with `deny_unknown_fields`, then checked for meaning; every error names the
//! file and the JSON path (`map.json: regions[3].cost: ...`). Every gap the design leaves open
//! (data/cities/README.md lists them) is a field of [`Params`] with the project default.

use serde::{Deserialize, Serialize};
use silk_trade::auction::{AuctionFormat, AuctionKind, PayRule, TieRule};
use silk_trade::route::RegionMap;

pub const DEFAULT_MAP_JSON: &str = include_str!("../../../../data/cities/map.json");
pub const DEFAULT_EMPIRES_JSON: &str = include_str!("../../../../data/cities/empires.json");
pub const DEFAULT_SILK_JSON: &str = include_str!("../../../../data/cities/silk.json");
pub const DEFAULT_IMPROVEMENTS_JSON: &str =
    include_str!("../../../../data/cities/improvements.json");
pub const DEFAULT_DEVELOPMENT_JSON: &str = include_str!("../../../../data/cities/development.json");
pub const DEFAULT_PARAMS_JSON: &str = include_str!("../../../../data/cities/params.json");

/// Most regions (state arrays and the `u16` region masks are sized for it).
pub const MAX_REGIONS: usize = 16;
/// Great Empires a map may have.
pub const MAX_EMPIRES: usize = 4;
/// Slots of every empire track.
pub const TRACK: usize = 6;
/// Most silk cards (standard, fine, barbarians) in the deck.
pub const MAX_SILK: usize = 48;
/// Strongest barbarian card.
pub const MAX_BARBARIAN: u8 = 4;
/// Silk card codes: 0 standard, 1 fine, 1 + strength for a barbarian.
pub const SILK_CODES: usize = 2 + MAX_BARBARIAN as usize;
pub const MAX_IMPROVEMENTS: usize = 8;
pub const MAX_DEV_TYPES: usize = 8;
pub const MAX_DEV: usize = 64;

pub use silk_core::data::{parse_json, DataError};

mod compile; // validating each file into `Rules`

/// A resource card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Food,
    Metal,
    Silk,
}

/// Whether a region is better at food or metal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RegionKind {
    Food,
    Metal,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionData {
    pub name: String,
    pub kind: RegionKind,
    /// Trade (travel) cost.
    pub cost: u8,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmpireBorders {
    pub name: String,
    pub borders: Vec<String>,
}

/// The map: regions, borders between regions, the Great Empires each region borders.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapData {
    #[serde(default)]
    pub provenance: String,
    pub regions: Vec<RegionData>,
    pub borders: Vec<[String; 2]>,
    pub empires: Vec<EmpireBorders>,
    /// Pairs of empires that may not share a bordering region (Persia and India: gap 3).
    #[serde(default)]
    pub not_adjacent: Vec<[String; 2]>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackData {
    pub resource: Resource,
    pub prices: Vec<u16>,
}

/// A Great Empire's tracks: what it sells (China silk, India food, Persia metal) and buys.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EmpireData {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sells: Option<TrackData>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buys: Option<TrackData>,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BarbarianData {
    pub strength: u8,
    pub count: u8,
}

/// The silk deck (gap 5).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SilkDeckData {
    pub standard: u8,
    pub fine: u8,
    pub barbarians: Vec<BarbarianData>,
}

#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cost {
    #[serde(default)]
    pub food: u8,
    #[serde(default)]
    pub metal: u8,
    #[serde(default)]
    pub coins: u8,
}

/// What an improvement does (gap 13).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ImprovementEffect {
    /// Growth costs this much less food, at least 1.
    GrowthDiscount(u8),
    /// Once a round, one gather of the region's specialty yields this much more.
    GatherBonus(u8),
    /// This much less on the first region of each route.
    RouteDiscount(u8),
    /// New Soldiers skip training.
    NoTraining,
    /// This much more strength when defending.
    DefenceBonus(u8),
    /// This many more coins when the city falls.
    FallCoins(u8),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImprovementData {
    pub name: String,
    pub cost: Cost,
    pub effect: ImprovementEffect,
    /// Golden Age value in coins.
    pub ga: u8,
    #[serde(default)]
    pub text: String,
}

/// What a development card does (gap 14). Effect cards are discarded when played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DevEffect {
    /// Hidden victory points; never played.
    Vp(u8),
    /// Played by an attacker during a fight.
    AttackBonus(u8),
    /// Played by a defender during a fight.
    DefenceBonus(u8),
    /// Played on your turn: this many coins of travel cost (regions without a city) are
    /// ignored for the rest of the round.
    IgnoreTravel(u8),
    /// Played on your turn: your next gather yields this much more.
    GatherBonus(u8),
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DevCardData {
    pub name: String,
    pub count: u8,
    pub effect: DevEffect,
    #[serde(default)]
    pub text: String,
}

/// Gap 4: how starting regions are claimed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimRule {
    /// In reverse turn order, each player claims any unclaimed region.
    ReverseTurnOrder,
    /// Regions are dealt at random.
    Random,
}

/// Gap 6: an empty silk deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reshuffle {
    /// Shuffle the discards into a new deck; with none, skip the flip.
    Discards,
    /// Never reshuffle: once the deck is out, no more silk comes.
    Never,
}

/// Gap 9: price of a fine silk card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FineRule {
    /// The sum of the two slots it covers.
    Sum,
    /// Twice the price of its front slot.
    TwiceCurrent,
}

/// Gap 11: where new cards go on the food and metal sell tracks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryRule {
    /// China's rule: enter at slot 1 and push the others down.
    Push,
    /// Fill the lowest empty slot, no shifting.
    Fill,
}

/// Ambiguity 3: how a card on India's food or Persia's metal sell track is priced.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupplyPrice {
    /// The price of the slot the card sits on.
    Slot,
    /// The price read from the number of cards left: a full track (6) sells at slot 1's price,
    /// the last card at slot 6's. The rules file's test variant, used with `refill_target = 6`.
    Count,
}

/// Gap 22: how a route is chosen.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RouteRule {
    /// The cheapest path for the mover (costs, stacks, penalties, minimum tolls).
    Cheapest,
    /// The path entering the fewest regions, then the cheapest.
    FewestRegions,
    /// Gap 22 "the player chooses": the mover takes the cheapest path or names a waypoint
    /// region (cheapest path to it, then the cheapest onward path not re-entering a region).
    /// After a refused toll it chooses again, or calls the move off.
    Waypoint,
}

/// Gap 23: tolls through another player's City-State.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TollPolicy {
    /// The owner may demand more than the region's cost; the mover pays, or reroutes/cancels.
    Demand,
    /// The toll is always the region's cost; no decision.
    Fixed,
}

/// Ambiguity 7: when "started the round with the most coins" is measured.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrioritySnapshot {
    BeforeIncome,
    Phase2Start,
}

/// Ambiguity 5: "Remove all Silk cards from Persia and India".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClearRule {
    /// Each Replenish clears the food and metal buy tracks (read as "all sold cards").
    SoldCards,
    /// The literal text: remove silk cards only (never any), so the tracks fill up.
    SilkOnly,
}

/// Gap 16 with ambiguity 10: both armies wiped out, so both rewards apply ("apply both"); the
/// order decides whether the plunder's share counts the reserve just paid to the defender.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BothWipedOut {
    /// The beaten attacker pays its reserve first; the plunder then takes its share of the
    /// defender's coins, the reserve included.
    ReserveThenPlunder,
    /// The plunder takes its share of the defender's own coins; the reserve is paid after.
    PlunderThenReserve,
}

/// Gap 14: how a Safe Passage card's "ignore 2 travel cost this round" is spent.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SafePassage {
    /// One credit for the round: the routes taken use it up in order until it is gone.
    Once,
    /// Every route the player takes this round ignores that much travel cost.
    EveryRoute,
}

/// Every gap of the design as a named parameter, with the project's default.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Params {
    /// Gap 1: the default table size (a config's own `players` is the count in force).
    pub players: usize,
    pub target_vp: u8,
    pub claim_rule: ClaimRule,
    pub reshuffle: Reshuffle,
    /// Gap 8: close the gaps on China's track after a purchase.
    pub compact_on_buy: bool,
    pub fine_rule: FineRule,
    /// Gap 11: food and metal sell tracks are refilled to this many cards.
    pub refill_target: u8,
    pub entry_rule: EntryRule,
    pub supply_price: SupplyPrice,
    /// Gap 16: share of the defender's coins a winning attacker takes (rounded down).
    pub plunder_frac: f64,
    /// Gap 16: a beaten attacker pays its reserve (the target's travel cost) to the defender.
    pub reserve_to_defender: bool,
    /// Gap 16: when both armies are wiped out, which reward comes first (issue 30).
    pub both_wiped_out: BothWipedOut,
    /// Gap 14: Safe Passage spent once in the round, or taken off every route (issue 30).
    pub safe_passage: SafePassage,
    /// Gap 18: the barbarian auction's format (`KIND/PAYMENT/TIE`; the one-word values of
    /// earlier versions, `open_ascending` and `once_around`, still read, as all-pay).
    #[serde(deserialize_with = "barb_format")]
    pub barb_auction: AuctionFormat,
    /// Gap 19: the priority auction's format.
    pub priority_auction: AuctionFormat,
    /// Gap 28: the Rise and Fall (collapse) auction's format.
    pub lot_auction: AuctionFormat,
    /// Gap 20: changing role taps the citizen.
    pub assign_taps: bool,
    /// Gap 21: most citizens per city; 0 = no cap, as the design reads (the engine holds at most
    /// 65 535). The default, 60, keeps growth (which can double a city a round) in bounds.
    pub pop_cap: u16,
    pub route_rule: RouteRule,
    pub toll_policy: TollPolicy,
    /// Gap 26: a new city left without citizens gains 1 Laborer.
    pub empty_city_laborer: bool,
    /// Gap 32: the game stops after this round; highest VP, then coins, wins.
    pub max_rounds: u16,
    /// Gap 33: a Golden Age also gives 1 development card.
    pub ga_dev_card: bool,
    /// Gap 31: most cards of each resource a city may hold (0 = no limit); gains beyond are lost.
    pub store_cap: u8,
    pub priority_snapshot: PrioritySnapshot,
    /// Phase 1: cards removed from each silk buy track (Byzantium) per Replenish.
    pub byzantium_removal: u8,
    pub india_persia_clear: ClearRule,
    /// Audit (issue 17): a citizen gained by growing arrives tapped, so it cannot gather or
    /// change role until the next round (false: it arrives untapped and can gather at once).
    pub grow_taps: bool,
    /// Audit (issue 17): most attacks a player makes per turn (0 = no limit). An attack counts
    /// once the army reaches its target; one called off on the way does not.
    pub attacks_per_turn: u8,
    /// Audit (issue 17): a winning attacker draws a development card even when the defender
    /// commits no Soldiers (false: conceding keeps the card; the plunder is still taken).
    pub undefended_card: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            players: 4,
            target_vp: 7,
            claim_rule: ClaimRule::ReverseTurnOrder,
            reshuffle: Reshuffle::Discards,
            compact_on_buy: false,
            fine_rule: FineRule::Sum,
            refill_target: 3,
            entry_rule: EntryRule::Push,
            supply_price: SupplyPrice::Slot,
            plunder_frac: 0.5,
            reserve_to_defender: true,
            both_wiped_out: BothWipedOut::ReserveThenPlunder,
            safe_passage: SafePassage::Once,
            barb_auction: crate::auctions::BARBARIANS.default,
            priority_auction: crate::auctions::PRIORITY.default,
            lot_auction: crate::auctions::LOT.default,
            assign_taps: false,
            pop_cap: 60,
            route_rule: RouteRule::Waypoint,
            toll_policy: TollPolicy::Demand,
            empty_city_laborer: true,
            max_rounds: 40,
            ga_dev_card: false,
            store_cap: 0,
            priority_snapshot: PrioritySnapshot::BeforeIncome,
            byzantium_removal: 1,
            india_persia_clear: ClearRule::SoldCards,
            grow_taps: false,
            attacks_per_turn: 0,
            undefended_card: true,
        }
    }
}

impl Params {
    /// Every parameter moved away from its default at once (the game still ends: 3 VP wins):
    /// the variant conformance tests and equivalence checks play to reach every rule branch.
    pub fn every_switched() -> Params {
        Params {
            claim_rule: ClaimRule::Random,
            reshuffle: Reshuffle::Never,
            compact_on_buy: true,
            fine_rule: FineRule::TwiceCurrent,
            refill_target: 6,
            entry_rule: EntryRule::Fill,
            supply_price: SupplyPrice::Count,
            plunder_frac: 1.0,
            reserve_to_defender: false,
            both_wiped_out: BothWipedOut::PlunderThenReserve,
            safe_passage: SafePassage::EveryRoute,
            barb_auction: AuctionFormat::new(
                AuctionKind::OnceAround,
                PayRule::AllPay,
                TieRule::SeatOrder,
            ),
            priority_auction: AuctionFormat::new(
                AuctionKind::Sealed,
                PayRule::SecondPrice,
                TieRule::SeatOrder,
            ),
            lot_auction: AuctionFormat::new(
                AuctionKind::OnceAround,
                PayRule::FirstPrice,
                TieRule::SeatOrder,
            ),
            assign_taps: true,
            pop_cap: 7,
            route_rule: RouteRule::FewestRegions,
            toll_policy: TollPolicy::Fixed,
            empty_city_laborer: false,
            ga_dev_card: true,
            store_cap: 4,
            priority_snapshot: PrioritySnapshot::Phase2Start,
            byzantium_removal: 2,
            india_persia_clear: ClearRule::SilkOnly,
            grow_taps: true,
            attacks_per_turn: 1,
            undefended_card: false,
            target_vp: 3,
            ..Params::default()
        }
    }
}

/// A game's configuration: player count, the data files, the parameters.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CitiesConfig {
    pub players: usize,
    #[serde(default = "default_map")]
    pub map: MapData,
    #[serde(default = "default_empires")]
    pub empires: Vec<EmpireData>,
    #[serde(default = "default_silk")]
    pub silk: SilkDeckData,
    #[serde(default = "default_improvements")]
    pub improvements: Vec<ImprovementData>,
    #[serde(default = "default_development")]
    pub development: Vec<DevCardData>,
    #[serde(default = "default_params")]
    pub params: Params,
}

// The bundled files are checked by the crate's tests; a broken one is a build defect.
fn default_map() -> MapData {
    parse_json(DEFAULT_MAP_JSON, "map.json").expect("the bundled map parses")
}
fn default_empires() -> Vec<EmpireData> {
    parse_json(DEFAULT_EMPIRES_JSON, "empires.json").expect("the bundled empires parse")
}
fn default_silk() -> SilkDeckData {
    parse_json(DEFAULT_SILK_JSON, "silk.json").expect("the bundled silk deck parses")
}
fn default_improvements() -> Vec<ImprovementData> {
    parse_json(DEFAULT_IMPROVEMENTS_JSON, "improvements.json")
        .expect("the bundled improvements parse")
}
fn default_development() -> Vec<DevCardData> {
    parse_json(DEFAULT_DEVELOPMENT_JSON, "development.json")
        .expect("the bundled development cards parse")
}
pub fn default_params() -> Params {
    parse_json(DEFAULT_PARAMS_JSON, "params.json").expect("the bundled params parse")
}

impl CitiesConfig {
    /// The bundled data with default parameters.
    pub fn new(players: usize) -> Self {
        CitiesConfig {
            players,
            map: default_map(),
            empires: default_empires(),
            silk: default_silk(),
            improvements: default_improvements(),
            development: default_development(),
            params: default_params(),
        }
    }

    /// The bundled data with these parameters, at their default table size (`players`).
    pub fn from_params(params: Params) -> Self {
        CitiesConfig {
            players: params.players,
            params,
            ..CitiesConfig::new(4)
        }
    }
}

/// A Great Empire's compiled tracks.
#[derive(Clone, Debug, PartialEq)]
pub struct EmpireRules {
    pub name: String,
    pub sells: Option<(Resource, [u16; TRACK])>,
    pub buys: Option<(Resource, [u16; TRACK])>,
}

/// The file names errors are reported under.
#[derive(Clone, Copy, Debug)]
pub struct FileNames<'a> {
    pub map: &'a str,
    pub empires: &'a str,
    pub silk: &'a str,
    pub improvements: &'a str,
    pub development: &'a str,
    pub params: &'a str,
}

impl Default for FileNames<'_> {
    fn default() -> Self {
        FileNames {
            map: "map.json",
            empires: "empires.json",
            silk: "silk.json",
            improvements: "improvements.json",
            development: "development.json",
            params: "params.json",
        }
    }
}

/// A configuration checked and compiled for play, shared by every state of a game.
#[derive(Debug)]
pub struct Rules {
    pub config: CitiesConfig,
    pub players: usize,
    pub map: RegionMap,
    /// Bit `r` set: region `r` is a food region.
    pub food_regions: u16,
    pub empires: Vec<EmpireRules>,
    /// The empire whose sell track the silk deck feeds (China).
    pub silk_seller: u8,
    /// The whole silk deck as card codes.
    pub silk_deck: Vec<u8>,
    /// Development card types' indices, repeated by count.
    pub dev_deck: Vec<u8>,
}

impl Rules {
    pub fn region_name(&self, r: u8) -> &str {
        self.map.name(r).unwrap_or("?")
    }

    pub fn region_by_name(&self, name: &str) -> Option<u8> {
        (0..self.map.len() as u8).find(|&r| self.region_name(r).eq_ignore_ascii_case(name))
    }

    pub fn empire_name(&self, e: u8) -> &str {
        self.empires
            .get(e as usize)
            .map_or("?", |x| x.name.as_str())
    }

    pub fn empire_by_name(&self, name: &str) -> Option<u8> {
        (0..self.empires.len() as u8).find(|&e| self.empire_name(e).eq_ignore_ascii_case(name))
    }

    pub fn is_food_region(&self, r: u8) -> bool {
        self.food_regions & (1 << r) != 0
    }

    pub fn improvement(&self, k: u8) -> Option<&ImprovementData> {
        self.config.improvements.get(k as usize)
    }

    pub fn improvement_by_name(&self, name: &str) -> Option<u8> {
        (0..self.config.improvements.len() as u8).find(|&k| {
            self.config.improvements[k as usize]
                .name
                .eq_ignore_ascii_case(name)
        })
    }

    pub fn dev(&self, t: u8) -> Option<&DevCardData> {
        self.config.development.get(t as usize)
    }

    pub fn dev_by_name(&self, name: &str) -> Option<u8> {
        (0..self.config.development.len() as u8).find(|&t| {
            self.config.development[t as usize]
                .name
                .eq_ignore_ascii_case(name)
        })
    }

    /// Improvements (as a bit mask) with this effect kind.
    pub fn improvements_where(&self, f: impl Fn(ImprovementEffect) -> bool) -> u8 {
        self.config
            .improvements
            .iter()
            .enumerate()
            .filter(|(_, im)| f(im.effect))
            .fold(0u8, |m, (i, _)| m | (1 << i))
    }
}

impl silk_core::Compiled for Rules {
    type Config = CitiesConfig;
    type Error = DataError;
    fn compile(config: &CitiesConfig) -> Result<Rules, DataError> {
        Rules::compile(config)
    }
    fn config(&self) -> &CitiesConfig {
        &self.config
    }
}

/// The compiled rules of `config`, compiled once per process (see `silk_core::shared`).
pub fn intern(config: &CitiesConfig) -> Result<&'static Rules, DataError> {
    silk_core::shared::intern::<Rules>(config)
}

/// `barb_auction` as written now, or as configs and saved games of earlier versions wrote it:
/// a bare kind, whose Soldiers every bidder paid (all-pay), ties to the seat order.
fn barb_format<'de, D: serde::Deserializer<'de>>(d: D) -> Result<AuctionFormat, D::Error> {
    let text = String::deserialize(d)?;
    let text = match text.as_str() {
        "open_ascending" | "once_around" => format!("{text}/all_pay/seat_order"),
        _ => text,
    };
    text.parse().map_err(serde::de::Error::custom)
}

//! Setup: five citizens and ten coins each, shuffled decks, empty tracks, a random first player,
//! then the claim of starting regions (gap 4).

use crate::data::{intern, ClaimRule, Rules, MAX_DEV, MAX_SILK};
use crate::engine;
use crate::event::Event;
use crate::state::{City, Phase, State, MAX_PLAYERS, NONE};
use silk_core::{EventSink, Seat, SeatSet, SetupError, SilkRng};
use silk_trade::route::{CoinStacks, CostModifiers};
use silk_trade::track::PriceTrack;

/// Design, setup: 1 Merchant, 2 Soldiers, 2 Laborers and 10 coins (hard-coded from the text).
pub const START_COINS: u16 = 10;

pub fn setup(config: &crate::CitiesConfig, seed: u64) -> Result<State, SetupError> {
    SetupError::check_players("cities", 2, 6, config.players)?;
    let rules = intern(config)?;
    setup_with(rules, seed, &mut ())
}

/// Setup from compiled rules (the fast path for batches), reporting events.
pub fn setup_with(
    rules: &'static Rules,
    seed: u64,
    ev: &mut impl EventSink<Event>,
) -> Result<State, SetupError> {
    let mut rng = SilkRng::seed_from(seed);
    let mut silk_deck = [0u8; MAX_SILK];
    silk_deck[..rules.silk_deck.len()].copy_from_slice(&rules.silk_deck);
    rng.shuffle(&mut silk_deck[..rules.silk_deck.len()]);
    let mut dev_deck = [0u8; MAX_DEV];
    dev_deck[..rules.dev_deck.len()].copy_from_slice(&rules.dev_deck);
    rng.shuffle(&mut dev_deck[..rules.dev_deck.len()]);
    let first = Seat(rng.below(rules.players as u32) as u8);
    let deal = Deal {
        silk_deck,
        dev_deck,
        first,
        regions: None,
    };
    Ok(from_deal(rules, &deal, rng, ev))
}

/// What chance decides at setup: the decks in order (each drawn from the end), the first
/// player, and under the random claim rule each seat's region (`None`: drawn with the RNG).
#[derive(Clone, Copy, Debug)]
pub struct Deal {
    pub silk_deck: [u8; MAX_SILK],
    pub dev_deck: [u8; MAX_DEV],
    pub first: Seat,
    pub regions: Option<[u8; MAX_PLAYERS]>,
}

/// The game `deal` sets up (a trace's setup, or a seed's), `rng` carried on for later chance.
/// The decks must hold the rules' cards (`setup_with` and the trace reader make sure).
pub fn from_deal(
    rules: &'static Rules,
    deal: &Deal,
    rng: SilkRng,
    ev: &mut impl EventSink<Event>,
) -> State {
    let n = rules.players;
    let Deal {
        silk_deck,
        dev_deck,
        first,
        ..
    } = *deal;
    let city = City {
        coins: START_COINS,
        merchants: [1, 0],
        soldiers: [2, 0],
        laborers: [2, 0],
        region: NONE,
        fallen: NONE,
        ..City::default()
    };
    let mut sell = [PriceTrack::new([0; 6]); 4];
    let mut buy = [PriceTrack::new([0; 6]); 4];
    for (e, emp) in rules.empires.iter().enumerate() {
        if let Some((_, p)) = emp.sells {
            sell[e] = PriceTrack::new(p);
        }
        if let Some((_, p)) = emp.buys {
            buy[e] = PriceTrack::new(p);
        }
    }
    let last = first.left(n - 1, n);
    let mut s = State {
        rules: silk_core::Shared(rules),
        n: n as u8,
        round: 0,
        cities: [city; MAX_PLAYERS],
        sell,
        buy,
        silk_deck,
        silk_len: rules.silk_deck.len() as u8,
        silk_discard: [0; crate::data::SILK_CODES],
        dev_deck,
        dev_len: rules.dev_deck.len() as u8,
        dev_used: [0; crate::data::MAX_DEV_TYPES],
        dev_ran_out: false,
        stacks: CoinStacks::new(),
        treasury: [0; crate::data::MAX_REGIONS],
        barb: CostModifiers::new(),
        penalized: SeatSet::EMPTY,
        snapshot: [0; MAX_PLAYERS],
        first,
        // Ambiguity 2: in round 1, "the player who would be going last in the turn order".
        last_prev: last,
        actor: last,
        left: (n - 1) as u8,
        offered: SeatSet::EMPTY,
        attacks: 0,
        issued: START_COINS as i32 * n as i32,
        citizens_born: 0,
        citizens_lost: 0,
        winner: None,
        phase: Phase::Over,
        rng,
    };
    for c in s.cities[n..].iter_mut() {
        *c = City {
            region: NONE,
            fallen: NONE,
            ..City::default()
        };
    }
    match rules.config.params.claim_rule {
        // Gap 4: in reverse turn order, each player claims any unclaimed region.
        ClaimRule::ReverseTurnOrder => {
            s.phase = Phase::Claim {
                seat: last,
                left: (n - 1) as u8,
            }
        }
        ClaimRule::Random => {
            let regions: Vec<u8> = match deal.regions {
                Some(given) => given[..n].to_vec(),
                None => {
                    let mut all: Vec<u8> = (0..rules.map.len() as u8).collect();
                    s.rng.shuffle(&mut all);
                    all
                }
            };
            for (i, &r) in regions.iter().take(n).enumerate() {
                s.cities[i].region = r;
                ev.emit(Event::Claimed {
                    seat: Seat(i as u8),
                    region: r,
                });
            }
            engine::start_round(&mut s, ev);
        }
    }
    s
}

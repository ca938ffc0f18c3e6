//! Setup: goods from the bag, money, tiles on the cities, a random first leader.

use crate::data::{intern, Colour, Rules, MAX_CITIES, MAX_TILES_PER_CITY};
use crate::goods::Goods;
use crate::state::{Phase, State, MAX_PLAYERS, NO_TILE};
use silk_core::SeatSet;
use silk_core::{Seat, SetupError, SilkRng};
use silk_trade::auction::Auction;

pub fn setup(config: &crate::SilkRoadConfig, seed: u64) -> Result<State, SetupError> {
    SetupError::check_players("silk-road", 3, 6, config.players)?;
    let rules = intern(config)?;
    setup_with(rules, seed)
}

/// Setup from already compiled rules (the fast path for batches of games).
pub fn setup_with(rules: &'static Rules, seed: u64) -> Result<State, SetupError> {
    let p = &rules.config.params;
    let n = rules.players;
    let mut rng = SilkRng::seed_from(seed);
    let start_value = p.start_gold as u32 * silk_trade::SILVER_PER_GOLD + p.start_silver as u32;
    let bank = if p.bank_coins == 0 {
        0
    } else {
        p.bank_coins as i64 - (n as i64 * start_value as i64)
    };
    if bank < 0 {
        return Err(SetupError::Config(format!(
            "bank_coins {} cannot pay {n} players their starting {start_value}",
            p.bank_coins
        )));
    }
    let mut state = State {
        rules: silk_core::Shared(rules),
        n: n as u8,
        money: [0; MAX_PLAYERS],
        goods: [Goods::default(); MAX_PLAYERS],
        bag: Goods([p.goods_per_colour; 5]),
        boxed: Goods::default(),
        bank: bank as i32,
        crooks: [0; MAX_PLAYERS],
        barterers: [0; MAX_PLAYERS],
        fresh_barterers: [0; MAX_PLAYERS],
        caravan: rules.start,
        holder: Seat(0),
        tokens: [0; MAX_PLAYERS],
        tiles: [[NO_TILE; MAX_TILES_PER_CITY]; MAX_CITIES],
        vizier_used: 0,
        phase: Phase::Over,
        round: 0,
        rng,
    };
    state.money[..n].fill(start_value as u16);
    for seat in 0..n {
        for _ in 0..p.start_goods {
            if let Some(g) = state.draw_random() {
                state.goods[seat].add(g, 1);
            }
        }
    }
    rng = state.rng;
    place_tiles(&mut state.tiles, rules, &mut rng)?;
    state.rng = rng;
    state.holder = Seat(state.rng.below(n as u32) as u8);
    state.phase = auction_for(&state);
    Ok(state)
}

/// N−1 tiles face up on each city (5 with 3 players), by back; then no Crook or Barterer on the
/// restricted cities: swapped for a random spare tile, or, with no spare of use (3 or 6
/// players), swapped with a random tile of another city of the same back.
fn place_tiles(
    tiles: &mut [[u8; MAX_TILES_PER_CITY]; MAX_CITIES],
    rules: &Rules,
    rng: &mut SilkRng,
) -> Result<(), SetupError> {
    let per = rules.tiles_per_city as usize;
    // Every game deals from a shuffled copy of each back's tiles: kept on the stack (a game's
    // setup allocates nothing), on the heap only for a board with more tiles than that.
    let (mut on_stack, mut on_heap) = ([NO_TILE; DECK_ON_STACK], Vec::new());
    for (colour, pool) in [
        (Colour::Orange, &rules.orange),
        (Colour::Purple, &rules.purple),
    ] {
        let deck: &mut [u8] = if pool.len() <= DECK_ON_STACK {
            let deck = &mut on_stack[..pool.len()];
            deck.copy_from_slice(pool);
            deck
        } else {
            on_heap.clone_from(pool);
            &mut on_heap
        };
        rng.shuffle(deck);
        let cities = (0..rules.back.len()).filter(move |&c| rules.back[c] == colour);
        // Dealt from the end of the deck; what is left are the spares.
        let mut left = deck.len();
        for c in cities.clone() {
            for slot in tiles[c].iter_mut().take(per) {
                *slot = match left.checked_sub(1) {
                    Some(top) => {
                        left = top;
                        deck[top]
                    }
                    None => NO_TILE,
                };
            }
        }
        let spares = &mut deck[..left];
        let forbidden = |t: u8| rules.kind(t).is_crook_or_barterer();
        for c in cities.clone().filter(|&c| rules.restricted[c]) {
            for slot in 0..per {
                if !forbidden(tiles[c][slot]) {
                    continue;
                }
                let usable: Vec<usize> = (0..spares.len())
                    .filter(|&i| !forbidden(spares[i]))
                    .collect();
                if !usable.is_empty() {
                    let i = usable[rng.index(usable.len())];
                    std::mem::swap(&mut tiles[c][slot], &mut spares[i]);
                    continue;
                }
                let others: Vec<(usize, usize)> = cities
                    .clone()
                    .filter(|&d| !rules.restricted[d])
                    .flat_map(|d| (0..per).map(move |s| (d, s)))
                    .filter(|&(d, s)| !forbidden(tiles[d][s]))
                    .collect();
                if others.is_empty() {
                    return Err(SetupError::Config(
                        "no tile can replace a Crook or Barterer on a restricted city".into(),
                    ));
                }
                let (d, s) = others[rng.index(others.len())];
                let t = tiles[d][s];
                tiles[d][s] = tiles[c][slot];
                tiles[c][slot] = t;
            }
        }
    }
    Ok(())
}

/// The most tiles of one back dealt without a heap allocation.
const DECK_ON_STACK: usize = 128;

/// The leader auction among everyone but the holder, from the holder's left.
pub fn auction_for(state: &State) -> Phase {
    let mut budgets = [0u32; MAX_PLAYERS];
    for (b, &m) in budgets.iter_mut().zip(&state.money) {
        *b = m as u32;
    }
    let n = state.players();
    let mut seats = SeatSet::full(n);
    seats.remove(state.holder);
    let p = &state.rules.config.params;
    match Auction::new(
        p.leader_auction,
        seats,
        state.holder.left(1, n),
        &budgets,
        p.min_bid,
    ) {
        Ok(a) => Phase::Auction(a),
        // Unreachable with 3–6 players and min_bid ≥ 1 (both validated); the holder keeps.
        Err(_) => Phase::Move,
    }
}

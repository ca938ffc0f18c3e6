//! Setup: shuffle each deck, reveal the face-up cards, the nobles (players + 1) or three city
//! tiles on a random side, gems by player count, a random first player.

use crate::data::SplendorConfig;
use crate::rules::{
    intern, Rules, CITIES_SHOWN, DECKS, MAX_JOINS, MAX_NOBLES, MAX_PLAYERS, MAX_STRONGHOLDS, NONE,
    SLOTS,
};
use crate::state::{Decks, Phase, State, Step, DECK_SPACE, DECK_START, MAX_QUEUE};
use silk_core::{SetupError, SilkRng};

pub fn setup(config: &SplendorConfig, seed: u64) -> Result<State, SetupError> {
    setup_with(intern(config)?, seed)
}

/// Setup from compiled rules (the fast path for batches of games).
pub fn setup_with(rules: &'static Rules, seed: u64) -> Result<State, SetupError> {
    let n = rules.players;
    let mut rng = SilkRng::seed_from(seed);
    let mut decks = Decks {
        cards: [NONE; DECK_SPACE],
        len: [0; DECKS],
    };
    for (d, cards) in rules.deck_cards.iter().enumerate() {
        let room = DECK_START.get(d + 1).copied().unwrap_or(DECK_SPACE as u8) - DECK_START[d];
        if cards.len() > room as usize {
            return Err(SetupError::Config(format!(
                "deck {d} has more than {room} cards"
            )));
        }
        if d >= 3 && !rules.orient {
            continue; // The Orient's cards are not in play.
        }
        let start = DECK_START[d] as usize;
        decks.cards[start..start + cards.len()].copy_from_slice(cards);
        decks.len[d] = cards.len() as u8;
        rng.shuffle(decks.deck_mut(d));
    }
    let mut board = [[NONE; SLOTS]; 3];
    for (level, row) in board.iter_mut().enumerate() {
        for slot in row.iter_mut().take(rules.face_up) {
            *slot = decks.draw(level).unwrap_or(NONE);
        }
        if rules.orient {
            for slot in row.iter_mut().skip(4) {
                *slot = decks.draw(3 + level).unwrap_or(NONE);
            }
        }
    }
    let mut nobles = [NONE; MAX_NOBLES];
    let mut cities = [NONE; CITIES_SHOWN];
    if rules.cities_module {
        let mut tiles: Vec<u8> = (0..(rules.cities.len() / 2) as u8).collect();
        rng.shuffle(&mut tiles);
        for (slot, &t) in cities.iter_mut().zip(&tiles) {
            *slot = 2 * t + rng.below(2) as u8;
        }
    } else {
        // The noble tiles (compile() requires ten), shuffled without a heap allocation.
        let mut all: [u8; 10] = std::array::from_fn(|k| k as u8);
        let all = &mut all[..rules.nobles.len()];
        rng.shuffle(all);
        for (slot, &k) in nobles.iter_mut().zip(all.iter()).take(n + 1) {
            *slot = k;
        }
    }
    let mut bank = [rules.gems; 6];
    bank[5] = rules.gold;
    let first = rng.below(n as u32) as u8;
    Ok(State {
        rules: silk_core::Shared(rules),
        n: n as u8,
        current: first,
        first,
        round: 1,
        phase: Phase::Act,
        step: Step::Effects,
        bank,
        tokens: [[0; 6]; MAX_PLAYERS],
        bonus: [[0; 5]; MAX_PLAYERS],
        prestige: [0; MAX_PLAYERS],
        card_count: [0; MAX_PLAYERS],
        owned: [[0; 2]; MAX_PLAYERS],
        reserved: [[NONE; 3]; MAX_PLAYERS],
        blind: [0; MAX_PLAYERS],
        gold_cards: [0; MAX_PLAYERS],
        board,
        decks,
        nobles,
        noble_holder: [NONE; MAX_NOBLES],
        noble_reserver: [NONE; MAX_NOBLES],
        nobles_held: [0; MAX_PLAYERS],
        cities,
        city_of: [NONE; MAX_PLAYERS],
        posts: [0; MAX_PLAYERS],
        strongholds: [[NONE; MAX_STRONGHOLDS]; MAX_PLAYERS],
        joins: [NONE; MAX_JOINS],
        queue: [(0, 0); MAX_QUEUE],
        queue_len: 0,
        holes: 0,
        bought: false,
        conquered: false,
        ending: false,
        passes: 0,
        stuck: false,
        rng,
    })
}

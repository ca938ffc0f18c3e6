//! Play one Silk Road game between bots and print what happened, as a library user would.
//!
//! `cargo run --example play_silk_road -- 7`

use silk::bots::{GreedyBot, RandomBot};
use silk::core::{next_decider, Game, Player};
use silk::silk_road::{SilkRoad, SilkRoadConfig};

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    let config = SilkRoadConfig::new(4);
    let mut state = SilkRoad::setup(&config, seed).expect("the bundled data is valid");
    let mut players: Vec<Box<dyn Player<SilkRoad>>> = vec![
        Box::new(GreedyBot::new(1)),
        Box::new(GreedyBot::new(2)),
        Box::new(GreedyBot::new(3)),
        Box::new(RandomBot::new(4)),
    ];
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = next_decider(SilkRoad::to_move(&state)) {
        SilkRoad::legal_actions(&state, seat, &mut legal);
        let action = players[seat.index()].choose(&state, seat, &legal);
        events.clear();
        SilkRoad::apply_with(&mut state, seat, action, &mut events).expect("bots play legal moves");
        for e in &events {
            // Narrated as a public observer sees it: stolen colours stay hidden.
            if let Some(text) = SilkRoad::event_text(&state, e, None) {
                println!("{text}");
            }
        }
    }
    let outcome = SilkRoad::outcome(&state).expect("the game is over");
    println!("scores {:?}, ranks {:?}", outcome.scores, outcome.ranks);
}

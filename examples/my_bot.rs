//! Write your own bot and measure it in the lab against the built-in ones.
//!
//! `cargo run --release --example my_bot`

use silk::bots::GreedyBot;
use silk::core::{Player, Seat};
use silk::lab::{simulate, LabError, Options, RunSpec, Summary};
use silk::silk_road::{Action, SilkRoad, SilkRoadConfig, State};

/// Never bids for the leader pawn, otherwise plays like the greedy bot.
struct Thrifty(GreedyBot);

impl Player<SilkRoad> for Thrifty {
    fn choose(&mut self, state: &State, seat: Seat, legal: &[Action]) -> Action {
        if legal.contains(&Action::Pass) {
            return Action::Pass;
        }
        Player::<SilkRoad>::choose(&mut self.0, state, seat, legal)
    }
}

fn main() -> Result<(), LabError> {
    let config = SilkRoadConfig::new(4);
    let spec = RunSpec {
        game: "silk-road".into(),
        config: serde_json::to_value(&config).expect("configs serialise"),
        bots: vec![
            "thrifty".into(),
            "greedy".into(),
            "greedy".into(),
            "greedy".into(),
        ],
        seed: 1,
        games: 2000,
        shard: None,
        // The thrifty bot moves round the table, so its result is not its seat's.
        rotate: true,
    };
    let bots =
        |_seat: usize, name: &str, seed: u64| -> Result<Box<dyn Player<SilkRoad>>, LabError> {
            Ok(match name {
                "thrifty" => Box::new(Thrifty(GreedyBot::new(seed))),
                _ => Box::new(GreedyBot::new(seed)),
            })
        };
    let opts = Options {
        threads: 0,
        max_decisions: 100_000,
        check: false,
    };
    let records = simulate::<SilkRoad>(&config, &spec, &bots, opts, &|| {})?;
    print!("{}", Summary::of(&spec, &records).text());
    Ok(())
}

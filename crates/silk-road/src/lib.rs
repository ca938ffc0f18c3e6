//! Silk Road (Z-Man Games 2006), by Ted Cheatham and Bruno Faidutti: a shared caravan travels
//! from Chang'An to Antioch; players bid for the caravan leader pawn, the leader moves the
//! caravan, and players take action tiles in an order the leader starts. Most money wins.
//!
//! The board and tile mix are data (`data/silk-road/`); the bundled ones are reconstructed
//! (the real map and tile sheet are not public) and a group can load its own.
//!
//! ```
//! use silk_core::{random_playout, Game, SilkRng};
//! use silk_road::{SilkRoad, SilkRoadConfig};
//!
//! let mut state = SilkRoad::setup(&SilkRoadConfig::new(4), 7).unwrap();
//! random_playout::<SilkRoad>(&mut state, &mut SilkRng::seed_from(7), &mut Vec::new(), 100_000);
//! let outcome = SilkRoad::outcome(&state).expect("a random game reaches Antioch");
//! assert_eq!(outcome.scores.len(), 4);
//! ```

mod action;
mod auctions;
mod bot;
mod coverage;
pub mod data;
mod engine;
mod event;
mod goods;
mod help;
mod market;
mod observe;
mod scoring;
mod setup;
mod state;
pub mod table;
mod text;
mod trace;
mod view;
mod vizier;

pub use action::Action;
/// Where the game holds auctions (the leader pawn, the vizier), for checks over every format.
pub use auctions::POINTS as AUCTION_POINTS;
pub use bot::VALUE_JSON;
pub use data::{DataError, Params, Rules, SilkRoadConfig, TileKind};
pub use event::Event;
pub use goods::{Good, Goods};
// Plain-words help for the decision in front of a player, and for one of its choices.
pub use help::{choice as choice_help, decision as decision_help};
pub use scoring::{scores, sole_majority, Score};
/// The leader auction among everyone but the holder (a step a test takes to build a position).
pub use setup::auction_for as leader_auction;
pub use setup::setup_with;
/// Money is counted in silver; a gold coin is worth this many.
pub use silk_trade::SILVER_PER_GOLD;
pub use state::{Phase, State, NO_TILE};
pub use view::View;

use silk_core::{
    EventSink, Game, IllegalAction, Outcome, ParseActionError, Seat, SetupError, SilkRng, ToMove,
};

/// The Silk Road engine.
pub struct SilkRoad;

impl Game for SilkRoad {
    const NAME: &'static str = "silk-road";
    type Config = SilkRoadConfig;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn setup(config: &SilkRoadConfig, seed: u64) -> Result<State, SetupError> {
        setup::setup(config, seed)
    }

    fn batch_config(config: &SilkRoadConfig) -> &SilkRoadConfig {
        crate::data::intern(config).map_or(config, |r| &r.config)
    }

    fn num_seats(s: &State) -> usize {
        s.players()
    }

    fn to_move(s: &State) -> ToMove {
        engine::to_move(s)
    }

    fn legal_actions(s: &State, seat: Seat, out: &mut Vec<Action>) {
        engine::legal(s, seat, out)
    }

    fn apply_with(
        s: &mut State,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        engine::apply(s, seat, action, events)
    }

    fn apply_listed_with(
        s: &mut State,
        seat: Seat,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), IllegalAction> {
        engine::apply_listed(s, seat, action, events);
        Ok(())
    }

    fn view(s: &State, seat: Seat) -> View {
        view::view(s, seat)
    }

    fn determinize(s: &State, seat: Seat, rng: &mut SilkRng) -> State {
        view::determinize(s, seat, rng)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        matches!(s.phase, Phase::Over).then(|| scoring::outcome(s))
    }

    fn action_to_string(s: &State, a: Action) -> String {
        a.to_text(s)
    }

    fn parse_action(s: &State, _seat: Seat, text: &str) -> Result<Action, ParseActionError> {
        Action::parse(s, text)
    }

    fn view_text(s: &State, seat: Seat) -> String {
        view::text(s, seat)
    }

    fn event_text(s: &State, e: &Event, viewer: Option<Seat>) -> Option<String> {
        e.text(|c| s.rules.name(c).to_string(), viewer, s.players())
    }

    /// The stolen good is known only to the thief and the victim (`good` is left out for the
    /// others; `null` when the victim had nothing to steal, which everyone learns).
    fn event_json(s: &State, e: &Event, viewer: Option<Seat>) -> Option<serde_json::Value> {
        Self::event_text(s, e, viewer)?;
        let value = serde_json::to_value(e).ok()?;
        Some(match e {
            Event::Stole {
                thief,
                victim,
                good: Some(_),
            } if viewer != Some(*thief) && viewer != Some(*victim) => {
                silk_core::without_field(value, "good")
            }
            _ => value,
        })
    }

    fn check_invariants(s: &State) -> Result<(), String> {
        invariants(s)
    }

    fn rules_text(config: &SilkRoadConfig) -> String {
        text::rules_text(config)
    }

    fn first_player(s: &State) -> Option<Seat> {
        Some(s.holder)
    }

    #[inline]
    fn round(s: &State) -> u32 {
        s.round as u32
    }
}

/// Goods, money and tiles are conserved; counts stay in range.
pub fn invariants(s: &State) -> Result<(), String> {
    let p = &s.rules.config.params;
    for g in Good::ALL {
        let total = s.goods_in_play(g);
        if total != p.goods_per_colour as u32 {
            return Err(format!(
                "{total} {g} in play, expected {}",
                p.goods_per_colour
            ));
        }
    }
    let n = s.players();
    let start = (p.start_gold as u32 * silk_trade::SILVER_PER_GOLD + p.start_silver as u32) as i64;
    let expected = if p.bank_coins == 0 {
        n as i64 * start
    } else {
        p.bank_coins as i64
    };
    let held: i64 = s.money[..n].iter().map(|&m| m as i64).sum::<i64>() + s.bank as i64;
    if held != expected {
        return Err(format!(
            "money not conserved: players + bank = {held}, expected {expected}"
        ));
    }
    if p.bank_coins > 0 && s.bank < 0 {
        return Err("a limited bank went below zero".into());
    }
    let in_market = matches!(
        s.phase,
        Phase::ChooseTile { .. }
            | Phase::Resolve { bonus: false, .. }
            | Phase::Vizier { .. }
            | Phase::PassPawn { .. }
            | Phase::GivePawn { .. }
    );
    if in_market {
        let taken: usize = s.tokens[..n].iter().map(|&t| t as usize).sum();
        let expected = s.rules.tiles_per_city as usize - s.tiles_left();
        if taken != expected {
            return Err(format!(
                "{taken} turn tokens taken but {expected} tiles gone"
            ));
        }
    }
    for i in 0..n {
        if s.fresh_barterers[i] > s.barterers[i] {
            return Err(format!(
                "{} has more fresh Barterers than Barterers",
                Seat(i as u8)
            ));
        }
    }
    Ok(())
}

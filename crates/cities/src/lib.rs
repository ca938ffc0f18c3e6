//! Cities of the Silk Road, a design by Brian Stepnitz (CC BY-SA 3.0): City-States between
//! four Great Empires gather, grow, trade silk, food and metal along costly routes, fight, and
//! rise and fall; the first to 7 hidden victory points wins.
//!
//! The design is unfinished; every gap is a parameter in `data/cities/` with the project's
//! default (data/cities/README.md). Phase numbers follow the text (1, 2, 4).
//!
//! ```
//! use silk_cities::{Cities, CitiesConfig};
//! use silk_core::{random_playout, Game, SilkRng, ToMove};
//!
//! let mut state = Cities::setup(&CitiesConfig::new(4), 3).unwrap();
//! let played = random_playout::<Cities>(&mut state, &mut SilkRng::seed_from(3), &mut Vec::new(), 200);
//! // A random game is long: after 200 decisions it is still being played.
//! assert_eq!(played, 200);
//! assert!(!matches!(Cities::to_move(&state), ToMove::Terminal));
//! ```

mod action;
mod auctions;
mod bot;
pub use bot::VALUE_JSON;
mod coverage;
pub mod data;
mod engine;
mod event;
mod observe;
pub mod page;
mod setup;
mod stall;
mod state;
mod text;
mod trace;
mod view;

pub use action::Action;
/// Where the game holds auctions (barbarians, priority, lots), for checks over every format.
pub use auctions::POINTS as AUCTION_POINTS;
pub use data::{CitiesConfig, DataError, Params, Rules};
// Queries a page or a test asks of a position: why an action is refused, prices, the cost of
// a trip, a route around an obstacle, a Golden Age's value.
pub use engine::{buy_price, check, golden_age, plan_via, sell_price, travel};
// Steps of the game a test takes to build a position: a round's start (silk deck, barbarians)
// and one development card drawn.
pub use engine::{draw_dev, start_round};
pub use event::{DevSource, Event};
pub use setup::setup_with;
/// What `silk stalls` reads of a position: each seat's check of each source of victory points.
pub use stall::reading as stall_reading;
pub use state::{City, Item, Lot, Move, MoveKind, Phase, Res, Role, State};

/// The codes cards have in a [`State`]'s decks and on the empires' price tracks; `NONE` is also
/// "no region" where a region is named (a route's waypoint).
pub mod cards {
    pub use crate::state::{barbarian_strength, FINE, FOOD_CARD, METAL_CARD, NONE, STANDARD};
}
pub use text::rules_text;
pub use view::View;

use silk_core::{
    EndedBy, EventSink, Game, IllegalAction, Outcome, ParseActionError, Seat, SetupError, SilkRng,
    ToMove,
};

/// The Cities of the Silk Road engine.
pub struct Cities;

impl Game for Cities {
    const NAME: &'static str = "cities";
    type Config = CitiesConfig;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn setup(config: &CitiesConfig, seed: u64) -> Result<State, SetupError> {
        setup::setup(config, seed)
    }

    fn batch_config(config: &CitiesConfig) -> &CitiesConfig {
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

    fn view(s: &State, seat: Seat) -> View {
        view::view(s, seat)
    }

    fn determinize(s: &State, seat: Seat, rng: &mut SilkRng) -> State {
        view::determinize(s, seat, rng)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        matches!(s.phase, Phase::Over).then(|| outcome(s))
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
        e.text(s, viewer)
    }

    /// A development card drawn is known only to its owner.
    fn event_json(s: &State, e: &Event, viewer: Option<Seat>) -> Option<serde_json::Value> {
        Self::event_text(s, e, viewer)?;
        let value = serde_json::to_value(e).ok()?;
        Some(match e {
            Event::DevCard { seat, .. } if viewer != Some(*seat) => {
                silk_core::without_field(value, "card")
            }
            _ => value,
        })
    }

    fn check_invariants(s: &State) -> Result<(), String> {
        invariants(s)
    }

    fn rules_text(config: &CitiesConfig) -> String {
        match Rules::compile(config) {
            Ok(rules) => rules_text(&rules),
            Err(e) => format!("invalid configuration: {e}\n"),
        }
    }

    fn first_player(s: &State) -> Option<Seat> {
        Some(s.first)
    }

    #[inline]
    fn round(s: &State) -> u32 {
        s.round as u32
    }
}

/// Scores are hidden VP. The player who reached the target wins outright (ambiguity 15);
/// otherwise (gap 32) the highest VP, then the most coins.
pub fn outcome(s: &State) -> Outcome {
    let n = s.players();
    let scores: Vec<i32> = (0..n).map(|i| s.vp(Seat(i as u8)) as i32).collect();
    let sc = scores.clone();
    let mut o = Outcome::ranked_by(scores, |i| {
        (s.winner == Some(Seat(i as u8)), sc[i], s.cities[i].coins)
    });
    // Stopped by `max_rounds` with nobody at the target: gap 32 names the winner (most VP,
    // then most coins), and the game is marked so that the lab can count it apart.
    if s.winner.is_none() {
        o.ended_by = Some(EndedBy::RoundCap);
    }
    o
}

/// Coins, cards and citizens are conserved or accounted for; counts stay in range.
pub fn invariants(s: &State) -> Result<(), String> {
    let n = s.players();
    let r = &s.rules;
    // Coins: players + stacks + treasuries = what the bank issued, net.
    if s.coins_in_play() != s.issued as i64 {
        return Err(format!(
            "coins not conserved: players + stacks + treasuries = {}, bank issued {}",
            s.coins_in_play(),
            s.issued
        ));
    }
    // Silk and barbarian cards.
    let lot = engine::lot_in_phase(s).unwrap_or_default();
    let held: u32 = s.cities[..n]
        .iter()
        .map(|c| c.silk as u32 + c.fine as u32)
        .sum::<u32>()
        + lot.silk as u32
        + lot.fine as u32;
    let silk = s.silk_cards_accounted() + held + engine::barbarian_in_play(s) as u32;
    if silk != r.silk_deck.len() as u32 {
        return Err(format!(
            "{silk} silk and barbarian cards accounted for, deck has {}",
            r.silk_deck.len()
        ));
    }
    // Development cards.
    let dev: u32 = s.dev_len as u32
        + s.dev_used.iter().map(|&k| k as u32).sum::<u32>()
        + s.cities[..n].iter().map(|c| c.dev_count()).sum::<u32>();
    if dev != r.dev_deck.len() as u32 {
        return Err(format!(
            "{dev} development cards accounted for, deck has {}",
            r.dev_deck.len()
        ));
    }
    // Citizens: 5 each at the start, plus growth and free Laborers, minus losses.
    let citizens: u32 = s.cities[..n].iter().map(|c| c.citizens()).sum::<u32>() + lot.citizens();
    let expected = 5 * n as u32 + s.citizens_born - s.citizens_lost;
    if citizens != expected {
        return Err(format!("{citizens} citizens, expected {expected}"));
    }
    // Regions: every claimed region distinct; no city on a collapsed one.
    if !matches!(s.phase, Phase::Claim { .. }) {
        for i in 0..n {
            let g = s.cities[i].region;
            if g as usize >= r.map.len() {
                return Err(format!("{} has no region", Seat(i as u8)));
            }
            if s.cities[..n]
                .iter()
                .enumerate()
                .any(|(j, c)| j != i && (c.region == g || c.fallen == g))
            {
                return Err(format!("region {} is held twice", r.region_name(g)));
            }
        }
    }
    Ok(())
}

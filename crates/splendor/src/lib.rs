//! Splendor (Marc André, Space Cowboys 2014) and the four modules of Cities of Splendor (2017):
//! The Cities, Trading Posts, The Orient, The Strongholds.
//!
//! ```
//! use silk_core::{random_playout, Game, SilkRng};
//! use silk_splendor::{Module, Splendor, SplendorConfig};
//!
//! let config = SplendorConfig::new(3).with_modules(&[Module::Orient]);
//! let mut state = Splendor::setup(&config, 7).unwrap();
//! let mut rng = SilkRng::seed_from(7);
//! random_playout::<Splendor>(&mut state, &mut rng, &mut Vec::new(), 100_000);
//! assert!(Splendor::outcome(&state).is_some());
//! ```
//!
//! The component data is in `data/splendor/` (with its sources); every point the rulebooks leave
//! open is a parameter ([`Params`]), and where the 2017 box and the 2024 online edition differ,
//! [`Edition`] chooses.

mod action;
mod bot;
pub use bot::VALUE_JSON;
mod colour;
mod coverage;
pub mod data;
mod engine;
mod event;
mod history;
mod notation;
mod observe;
pub mod page;
mod rules;
mod scoring;
mod setup;
mod state;
mod tell;
mod text;
mod trace;
mod view;

pub use action::{parse_pos, pos_name, Action, Pay};
pub use colour::{token_name, Colour, GOLD};
pub use data::{Edition, Module, Params, SplendorConfig};
pub use event::Event;
/// An event in words for one viewer, as the served pages' history shows it (`--serve`).
pub use history::event_words;
/// Checks a configuration and builds its rules (what `intern` builds once and shares).
pub use rules::compile as compile_rules;
pub use rules::{intern, Rules, NONE};
// The result screen's explanations: each seat's prestige by source, the tie rule, what decided
// who could win.
pub use scoring::{breakdown as score_breakdown, tie_break, win_notes};
pub use setup::setup_with;
pub use state::{Phase, State, DECK_START};
/// A seat's view in words, with or without the affordability assist.
pub use view::text_with as view_text_with;
pub use view::{Reserved, View};

use rules::MAX_PLAYERS;
use silk_core::{
    EventSink, Game, IllegalAction, Outcome, ParseActionError, Seat, SetupError, SilkRng, ToMove,
};

/// The Splendor engine.
pub struct Splendor;

impl Game for Splendor {
    const NAME: &'static str = "splendor";
    type Config = SplendorConfig;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;

    fn setup(config: &SplendorConfig, seed: u64) -> Result<State, SetupError> {
        setup::setup(config, seed)
    }

    fn batch_config(config: &SplendorConfig) -> &SplendorConfig {
        crate::rules::intern(config).map_or(config, |r| &r.config)
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

    fn random_legal_action(
        s: &State,
        seat: Seat,
        rng: &mut SilkRng,
        buf: &mut Vec<Action>,
    ) -> Option<Action> {
        engine::draw::random_legal(s, seat, rng, buf)
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
        engine::apply_listed(s, seat, action, events)
    }

    fn view(s: &State, seat: Seat) -> View {
        view::view(s, seat)
    }

    fn determinize(s: &State, seat: Seat, rng: &mut SilkRng) -> State {
        view::determinize(s, seat, rng)
    }

    fn outcome(s: &State) -> Option<Outcome> {
        (s.phase == Phase::Over).then(|| scoring::outcome(s))
    }

    fn action_to_string(s: &State, a: Action) -> String {
        a.to_text(s)
    }

    fn parse_action(_s: &State, _seat: Seat, text: &str) -> Result<Action, ParseActionError> {
        Action::parse(text)
    }

    fn view_text(s: &State, seat: Seat) -> String {
        view::text(s, seat)
    }

    fn event_text(s: &State, e: &Event, viewer: Option<Seat>) -> Option<String> {
        e.text(&s.rules, viewer)
    }

    /// A card reserved blind from a deck is known only to the player who reserved it.
    fn event_json(s: &State, e: &Event, viewer: Option<Seat>) -> Option<serde_json::Value> {
        Self::event_text(s, e, viewer)?;
        let value = serde_json::to_value(e).ok()?;
        Some(match e {
            Event::Reserved {
                seat, from: None, ..
            } if viewer != Some(*seat) => silk_core::without_field(value, "card"),
            _ => value,
        })
    }

    fn check_invariants(s: &State) -> Result<(), String> {
        invariants(s)
    }

    fn first_player(s: &State) -> Option<Seat> {
        Some(Seat(s.first))
    }

    #[inline]
    fn round(s: &State) -> u32 {
        s.round as u32
    }

    fn rules_text(config: &SplendorConfig) -> String {
        text::rules_text(config)
    }
}

/// Tokens and cards are conserved; counts agree with the cards held.
pub fn invariants(s: &State) -> Result<(), String> {
    let r = &s.rules;
    let n = s.players();
    for k in 0..6 {
        let total: u32 = s.bank[k] as u32 + (0..n).map(|p| s.tokens[p][k] as u32).sum::<u32>();
        let expected = if k == 5 { r.gold } else { r.gems } as u32;
        if total != expected {
            return Err(format!(
                "{} {} tokens in play, expected {expected}",
                total,
                colour::token_name(k)
            ));
        }
    }
    // Every card is in exactly one place: a deck, the board, a hand, in front of a player, or
    // gone (a spent gold card or a discarded one).
    let mut seen = [0u8; 128];
    let mut mark = |id: u8, place: &str| -> Result<(), String> {
        if id as usize >= r.cards.len() {
            return Err(format!("unknown card {id} {place}"));
        }
        seen[id as usize] += 1;
        if seen[id as usize] > 1 {
            return Err(format!("card #{id} is in two places (again {place})"));
        }
        Ok(())
    };
    for d in 0..rules::DECKS {
        for &id in s.decks.deck(d) {
            mark(id, "in a deck")?;
        }
    }
    for row in &s.board {
        for &id in row.iter().filter(|&&c| c != NONE) {
            mark(id, "on the board")?;
        }
    }
    for p in 0..n {
        for &id in s.reserved[p].iter().filter(|&&c| c != NONE) {
            mark(id, "reserved")?;
        }
        // Unspent Orient gold cards are in front of the player too (not in `owned`).
        let mut count = s.gold_cards[p];
        let mut bonus = [0u8; 5];
        let mut points = 0u32;
        for id in s.owned_cards(p) {
            mark(id, "in front of a player")?;
            count += 1;
            let c = r.card(id);
            points += c.points as u32;
            if (c.bonus as usize) < 5 {
                bonus[c.bonus as usize] += c.bonus_count;
            }
            let slot = r.join_slot[id as usize];
            if slot != NONE && s.joins[slot as usize] != NONE {
                bonus[s.joins[slot as usize] as usize] += 1;
            }
        }
        if count != s.card_count[p] {
            return Err(format!(
                "P{} counts {} cards but has {count}",
                p + 1,
                s.card_count[p]
            ));
        }
        if bonus != s.bonus[p] {
            return Err(format!(
                "P{} bonuses {:?} but cards give {bonus:?}",
                p + 1,
                s.bonus[p]
            ));
        }
        if s.tokens_held(p) > s.rules.config.params.token_limit as u32
            && matches!(s.phase, Phase::Act)
        {
            return Err(format!("P{} starts a turn over the token limit", p + 1));
        }
        for (i, &holder) in s.noble_holder.iter().enumerate() {
            if holder as usize == p {
                points += r.nobles[s.nobles[i] as usize].points as u32;
            }
        }
        points += engine::turn::post_points(s, p) as u32;
        if points != s.prestige[p] as u32 {
            return Err(format!(
                "P{} has {} prestige but cards, nobles and posts give {points}",
                p + 1,
                s.prestige[p]
            ));
        }
    }
    if n > MAX_PLAYERS {
        return Err("too many players".into());
    }
    Ok(())
}

//! Goofspiel, the tiny reference game silk-core tests itself with: a shuffled prize deck,
//! simultaneous sealed bids and a hidden deck order exercise every part of the model.
//!
//! Rules: each player holds bid cards 1..=K. Each round the top prize card (1..=K, shuffled)
//! is turned up; every player secretly commits one bid card; the highest bid takes the prize's
//! points, a tie for highest discards it. After K rounds the most points wins.

use crate::error::{IllegalAction, ParseActionError, SetupError};
use crate::game::{EventSink, Game, Outcome, ToMove};
use crate::rng::SilkRng;
use crate::seat::{Seat, SeatSet, MAX_SEATS};
use serde::{Deserialize, Serialize};

pub struct Goofspiel;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoofConfig {
    pub players: usize,
    /// Cards per hand and in the prize deck (1..=13).
    pub cards: u8,
}

impl Default for GoofConfig {
    fn default() -> Self {
        GoofConfig {
            players: 3,
            cards: 5,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GoofState {
    n: u8,
    cards: u8,
    /// Bit c set = bid card c+1 still in hand.
    hands: [u16; MAX_SEATS],
    /// Committed bid this round, 0 = none yet. Hidden from the other seats.
    pending: [u8; MAX_SEATS],
    points: [u16; MAX_SEATS],
    discarded: u16,
    /// Prize cards still to come, top last. Order hidden from everyone.
    deck: Vec<u8>,
    prize: u8,
    rng: SilkRng,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Bid(pub u8);

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GoofView {
    seat: Seat,
    hands: Vec<u16>,
    my_pending: u8,
    committed: SeatSet,
    points: Vec<u16>,
    prize: u8,
    deck_left: usize,
}

#[derive(Clone, Debug, Serialize)]
pub enum GoofEvent {
    Committed(Seat),
    Revealed {
        bids: Vec<u8>,
        prize: u8,
        winner: Option<Seat>,
    },
}

impl Game for Goofspiel {
    const NAME: &'static str = "goofspiel";
    type Config = GoofConfig;
    type State = GoofState;
    type Action = Bid;
    type View = GoofView;
    type Event = GoofEvent;

    fn setup(config: &GoofConfig, seed: u64) -> Result<GoofState, SetupError> {
        SetupError::check_players(Self::NAME, 2, MAX_SEATS, config.players)?;
        if !(1..=13).contains(&config.cards) {
            return Err(SetupError::Config(format!(
                "cards must be 1 to 13, not {}",
                config.cards
            )));
        }
        let mut rng = SilkRng::seed_from(seed);
        let mut deck: Vec<u8> = (1..=config.cards).collect();
        rng.shuffle(&mut deck);
        let prize = deck.pop().unwrap_or(0);
        let full = (1u16 << config.cards) - 1;
        let mut hands = [0; MAX_SEATS];
        hands[..config.players].fill(full);
        Ok(GoofState {
            n: config.players as u8,
            cards: config.cards,
            hands,
            pending: [0; MAX_SEATS],
            points: [0; MAX_SEATS],
            discarded: 0,
            deck,
            prize,
            rng,
        })
    }

    fn num_seats(s: &GoofState) -> usize {
        s.n as usize
    }

    fn to_move(s: &GoofState) -> ToMove {
        if s.prize == 0 {
            return ToMove::Terminal;
        }
        let waiting: SeatSet = Seat::all(s.n as usize)
            .filter(|p| s.pending[p.index()] == 0)
            .collect();
        ToMove::Simultaneous(waiting)
    }

    fn legal_actions(s: &GoofState, seat: Seat, out: &mut Vec<Bid>) {
        out.clear();
        if !Self::to_move(s).includes(seat) {
            return;
        }
        let hand = s.hands[seat.index()];
        out.extend(
            (1..=s.cards)
                .filter(|c| hand & (1 << (c - 1)) != 0)
                .map(Bid),
        );
    }

    fn apply_with(
        s: &mut GoofState,
        seat: Seat,
        Bid(card): Bid,
        events: &mut impl EventSink<GoofEvent>,
    ) -> Result<(), IllegalAction> {
        match Self::to_move(s) {
            ToMove::Terminal => return Err(IllegalAction::GameOver),
            t if !t.includes(seat) => return Err(IllegalAction::NotYourTurn(seat)),
            _ => {}
        }
        if card == 0 || card > s.cards || s.hands[seat.index()] & (1 << (card - 1)) == 0 {
            return Err(IllegalAction::rule(format!(
                "{seat} does not hold bid card {card}"
            )));
        }
        s.hands[seat.index()] &= !(1 << (card - 1));
        s.pending[seat.index()] = card;
        events.emit(GoofEvent::Committed(seat));
        let n = s.n as usize;
        if s.pending[..n].iter().all(|&b| b != 0) {
            let best = *s.pending[..n].iter().max().unwrap_or(&0);
            let mut top = Seat::all(n).filter(|p| s.pending[p.index()] == best);
            let winner = match (top.next(), top.next()) {
                (Some(w), None) => Some(w),
                _ => None,
            };
            match winner {
                Some(w) => s.points[w.index()] += s.prize as u16,
                None => s.discarded += s.prize as u16,
            }
            if events.wants() {
                events.emit(GoofEvent::Revealed {
                    bids: s.pending[..n].to_vec(),
                    prize: s.prize,
                    winner,
                });
            }
            s.pending = [0; MAX_SEATS];
            s.prize = s.deck.pop().unwrap_or(0);
        }
        Ok(())
    }

    fn view(s: &GoofState, seat: Seat) -> GoofView {
        let n = s.n as usize;
        // Another seat's hand is public except for the card it has just committed.
        let hands = Seat::all(n)
            .map(|p| {
                let i = p.index();
                match s.pending[i] {
                    0 => s.hands[i],
                    c => s.hands[i] | (1 << (c - 1)),
                }
            })
            .collect();
        GoofView {
            seat,
            hands,
            my_pending: s.pending[seat.index()],
            committed: Seat::all(n).filter(|p| s.pending[p.index()] != 0).collect(),
            points: s.points[..n].to_vec(),
            prize: s.prize,
            deck_left: s.deck.len(),
        }
    }

    fn determinize(s: &GoofState, seat: Seat, rng: &mut SilkRng) -> GoofState {
        let mut d = s.clone();
        rng.shuffle(&mut d.deck);
        for p in Seat::all(s.n as usize).filter(|p| *p != seat) {
            let i = p.index();
            if d.pending[i] != 0 {
                // Put the committed card back and commit a random card of that hand instead.
                let hand = d.hands[i] | (1 << (d.pending[i] - 1));
                let options: Vec<u8> = (1..=s.cards)
                    .filter(|c| hand & (1 << (c - 1)) != 0)
                    .collect();
                let c = options[rng.index(options.len())];
                d.pending[i] = c;
                d.hands[i] = hand & !(1 << (c - 1));
            }
        }
        d
    }

    fn outcome(s: &GoofState) -> Option<Outcome> {
        if s.prize != 0 {
            return None;
        }
        let scores: Vec<i32> = s.points[..s.n as usize].iter().map(|&p| p as i32).collect();
        let key = scores.clone();
        Some(Outcome::ranked_by(scores, |i| key[i]))
    }

    fn action_to_string(_: &GoofState, Bid(c): Bid) -> String {
        format!("bid {c}")
    }

    fn parse_action(_: &GoofState, _: Seat, text: &str) -> Result<Bid, ParseActionError> {
        let t = text.trim();
        let num = t.strip_prefix("bid").unwrap_or(t).trim();
        num.parse::<u8>()
            .map(Bid)
            .map_err(|_| ParseActionError::new(text, "expected `bid N`"))
    }

    fn event_text(_: &GoofState, event: &GoofEvent, _viewer: Option<Seat>) -> Option<String> {
        // Both events are public: a commit says who bid, never how much.
        Some(match event {
            GoofEvent::Committed(seat) => format!("{seat} commits a sealed bid"),
            GoofEvent::Revealed {
                bids,
                prize,
                winner,
            } => {
                let shown: Vec<String> = bids.iter().map(u8::to_string).collect();
                match winner {
                    Some(w) => format!("bids {} for prize {prize}: {w} takes it", shown.join(" ")),
                    None => format!("bids {} for prize {prize}: tie, discarded", shown.join(" ")),
                }
            }
        })
    }

    fn check_invariants(s: &GoofState) -> Result<(), String> {
        let k = s.cards as u16;
        let total = k * (k + 1) / 2;
        let held: u16 = s.deck.iter().map(|&c| c as u16).sum::<u16>() + s.prize as u16;
        let won: u16 = s.points.iter().sum();
        if won + s.discarded + held != total {
            return Err(format!(
                "prize points not conserved: won {won} + discarded {} + in deck {held} != {total}",
                s.discarded
            ));
        }
        Ok(())
    }

    fn rules_text(config: &GoofConfig) -> String {
        format!(
            "Goofspiel, {} players, cards 1 to {}.\n\
             Each round a prize card is turned up; every player secretly bids one card of their\n\
             hand; the highest bid takes the prize's points, a tie for highest discards it.\n\
             After {} rounds the most points wins; equal points share the rank.\n",
            config.players, config.cards, config.cards
        )
    }

    fn round(s: &GoofState) -> u32 {
        (s.cards as u32) - (s.deck.len() as u32) - (s.prize != 0) as u32
    }
}

crate::metric_ids! {
    enum M {
        AuctionCount = "auction.count",
        AuctionBids = "auction.bids",
        PrizeDiscarded = "prize.discarded",
    }
}

crate::metric_ids! {
    /// Each seat's prizes: how many it won, and their points.
    enum P {
        PrizesWon = "player.prizes_won",
        PrizePoints = "player.prize_points",
    }
}

impl crate::metrics::Observe for Goofspiel {
    fn metric_names(_: &GoofState) -> Vec<String> {
        M::NAMES.iter().map(|n| n.to_string()).collect()
    }

    const PLAYER_MEASURES: &'static [&'static str] = P::NAMES;

    fn observe(
        _: &GoofState,
        event: &GoofEvent,
        c: &mut crate::metrics::MetricCounts,
        seats: &mut crate::metrics::SeatCounters,
    ) {
        if let GoofEvent::Revealed {
            winner,
            bids,
            prize,
        } = event
        {
            c.incr(M::AuctionCount);
            c.add(M::AuctionBids, bids.len() as i64);
            match winner {
                Some(w) => {
                    seats.incr(*w, P::PrizesWon);
                    seats.add(*w, P::PrizePoints, *prize as i64);
                }
                None => c.incr(M::PrizeDiscarded),
            }
        }
    }

    const STANDING: &'static str = "points from prizes won";

    fn standing(s: &GoofState, out: &mut Vec<i64>) {
        out.clear();
        out.extend(s.points[..s.n as usize].iter().map(|&p| p as i64));
    }
}

/// A Goofspiel trace: the prize cards in the order they are turned up; each decision a bid.
impl crate::trace::Traced for Goofspiel {
    fn setup_json(s: &GoofState) -> serde_json::Value {
        let prizes: Vec<u8> = std::iter::once(s.prize)
            .chain(s.deck.iter().rev().copied())
            .collect();
        serde_json::json!({ "prizes": prizes })
    }

    fn setup_from_json(
        config: &GoofConfig,
        setup: &serde_json::Value,
    ) -> Result<GoofState, String> {
        let mut s = Self::setup(config, 0).map_err(|e| e.to_string())?;
        let prizes = crate::trace::json::list(setup, "prizes")?;
        let mut order = Vec::with_capacity(prizes.len());
        for (i, p) in prizes.iter().enumerate() {
            let card = crate::trace::json::as_uint(p, config.cards as u64)
                .map_err(|e| format!("prizes[{i}]: {e}"))? as u8;
            if card == 0 || order.contains(&card) {
                return Err(format!(
                    "prizes[{i}]: prize {card} is not a new card of 1 to {}",
                    config.cards
                ));
            }
            order.push(card);
        }
        if order.len() != config.cards as usize {
            return Err(format!(
                "prizes: {} cards, not {}",
                order.len(),
                config.cards
            ));
        }
        s.prize = order[0];
        s.deck = order[1..].iter().rev().copied().collect();
        Ok(s)
    }

    fn action_json(_: &GoofState, _: Seat, Bid(card): Bid) -> serde_json::Value {
        serde_json::json!({ "bid": card })
    }

    fn action_from_json(_: &GoofState, _: Seat, v: &serde_json::Value) -> Result<Bid, String> {
        crate::trace::json::small(v, "bid", 13).map(Bid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{self, Conformance};

    #[test]
    fn goofspiel_passes_the_conformance_suite() {
        for players in [2, 3, 5] {
            let config = GoofConfig { players, cards: 6 };
            let report = conformance::run::<Goofspiel>(&config, &Conformance::default());
            assert_eq!(report.games, 30);
            assert!(report.simultaneous_decisions > 0);
            assert!(report.illegal_probes_refused > 0);
            assert!(report.determinizations_that_changed_hidden_state > 0);
        }
    }

    /// Issue 32, part 4: each seat's prize points, counted prize by prize, are its final score,
    /// and its prizes won with the prizes discarded are every prize turned up.
    #[test]
    fn issue32_goofspiel_player_measures_add_up_to_the_game() {
        use crate::metrics::{Counters, MetricCounts, Names, Observe, SeatCounters};
        let config = GoofConfig {
            players: 3,
            cards: 8,
        };
        let (_, totals) = conformance::check_player_measures::<Goofspiel>(&config, 5, &[]).unwrap();
        assert!(totals.is_empty());
        for seed in 0..20 {
            let mut s = Goofspiel::setup(&config, seed).unwrap();
            let names = std::sync::Arc::new(Names::new(Goofspiel::metric_names(&s)));
            let (mut m, mut seats) = (MetricCounts::default(), SeatCounters::default());
            let mut rng = SilkRng::seed_from(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            while let Some(seat) = crate::next_decider(Goofspiel::to_move(&s)) {
                Goofspiel::legal_actions(&s, seat, &mut legal);
                events.clear();
                let a = legal[rng.index(legal.len())];
                Goofspiel::apply_with(&mut s, seat, a, &mut events).unwrap();
                for e in &events {
                    Goofspiel::observe(&s, e, &mut m, &mut seats);
                }
            }
            let mut c = Counters::default();
            c.set_counts(&names, &m);
            let scores = Goofspiel::outcome(&s).unwrap().scores;
            for (seat, &score) in scores.iter().enumerate() {
                assert_eq!(seats.get(seat, P::PrizePoints as usize), score as i64);
            }
            let won: i64 = (0..3)
                .map(|seat| seats.get(seat, P::PrizesWon as usize))
                .sum();
            assert_eq!(won + c.get("prize.discarded"), c.get("auction.count"));
        }
    }

    #[test]
    fn goofspiel_traces_replay_from_the_trace_alone() {
        let config = GoofConfig {
            players: 3,
            cards: 6,
        };
        for seed in 0..5 {
            crate::trace::testing::round_trip::<Goofspiel>(
                &config,
                seed,
                &mut crate::trace::testing::random_players(3, seed),
            );
        }
    }

    #[test]
    fn a_saved_game_becomes_a_trace_that_plays_back() {
        let config = GoofConfig {
            players: 2,
            cards: 4,
        };
        let mut replay = crate::Replay::<Goofspiel>::new(config.clone(), 8);
        let mut s = Goofspiel::setup(&config, 8).unwrap();
        for card in 1..=4 {
            for seat in [Seat(0), Seat(1)] {
                replay.record(&s, seat, Bid(card));
                Goofspiel::apply(&mut s, seat, Bid(card)).unwrap();
            }
        }
        let trace = replay.to_trace("g.json").unwrap();
        assert_eq!(trace.actions.len(), 8);
        assert_eq!(trace.seed, Some(8));
        let end = crate::trace::play_trace::<Goofspiel>(&trace, "t", |_| {}).unwrap();
        assert_eq!(Goofspiel::outcome(&end), Goofspiel::outcome(&s));
        assert_eq!(trace.result.unwrap()["end"], "normal");

        replay.moves[3].action = "bid 9".into();
        let e = replay.to_trace("g.json").unwrap_err();
        assert!(e.to_string().contains("move 4"), "{e}");
    }

    #[test]
    fn a_trace_with_a_card_bid_twice_is_refused_at_that_decision() {
        let config = GoofConfig {
            players: 2,
            cards: 4,
        };
        let mut trace = crate::trace::testing::round_trip::<Goofspiel>(
            &config,
            3,
            &mut crate::trace::testing::random_players(2, 3),
        );
        // Seat 0's second bid repeats its first.
        let first = trace.actions.iter().position(|a| a["seat"] == 0).unwrap();
        let second = first
            + 1
            + trace.actions[first + 1..]
                .iter()
                .position(|a| a["seat"] == 0)
                .unwrap();
        trace.actions[second]["action"] = trace.actions[first]["action"].clone();
        let mut typo = trace.clone();
        typo.actions[1]["acton"] = typo.actions[1]["action"].take();
        let e = crate::trace::play_trace::<Goofspiel>(&typo, "t.json", |_| {}).unwrap_err();
        assert_eq!(e.action_index(), Some(1), "{e}");
        assert!(e.reason.contains("unknown key \"acton\""), "{e}");
        let mut extra = serde_json::to_value(&trace).unwrap();
        extra["comment"] = serde_json::json!("x");
        assert!(crate::Trace::from_value(extra, "t.json").is_err());
        let e = crate::trace::play_trace::<Goofspiel>(&trace, "t.json", |_| {}).unwrap_err();
        assert_eq!(e.action_index(), Some(second), "{e}");
        assert!(e.reason.contains("does not hold bid card"), "{e}");
    }

    #[test]
    fn tie_for_highest_discards_the_prize() {
        let mut s = Goofspiel::setup(
            &GoofConfig {
                players: 2,
                cards: 3,
            },
            1,
        )
        .unwrap();
        let prize = s.prize as u16;
        Goofspiel::apply(&mut s, Seat(0), Bid(3)).unwrap();
        Goofspiel::apply(&mut s, Seat(1), Bid(3)).unwrap();
        assert_eq!(s.discarded, prize);
        assert_eq!(s.points[..2], [0, 0]);
    }

    #[test]
    fn a_card_cannot_be_bid_twice() {
        let mut s = Goofspiel::setup(
            &GoofConfig {
                players: 2,
                cards: 3,
            },
            1,
        )
        .unwrap();
        Goofspiel::apply(&mut s, Seat(0), Bid(2)).unwrap();
        Goofspiel::apply(&mut s, Seat(1), Bid(1)).unwrap();
        let before = s.clone();
        let err = Goofspiel::apply(&mut s, Seat(0), Bid(2)).unwrap_err();
        assert_eq!(err.to_string(), "P1 does not hold bid card 2");
        assert_eq!(s, before);
    }

    /// Goofspiel whose view shows every committed bid: the suite must catch the leak.
    /// With `LAZY`, determinize also reshuffles only what nobody sees (the prize deck and the
    /// RNG), never the sealed bids, so the no-leak test cannot see the leak: the suite must then
    /// say that its no-leak test proved nothing.
    struct Leaky<const LAZY: bool>;
    impl<const LAZY: bool> Game for Leaky<LAZY> {
        const NAME: &'static str = "leaky";
        type Config = GoofConfig;
        type State = GoofState;
        type Action = Bid;
        type View = (GoofView, Vec<u8>);
        type Event = GoofEvent;
        fn setup(c: &GoofConfig, seed: u64) -> Result<GoofState, SetupError> {
            Goofspiel::setup(c, seed)
        }
        fn num_seats(s: &GoofState) -> usize {
            Goofspiel::num_seats(s)
        }
        fn to_move(s: &GoofState) -> ToMove {
            Goofspiel::to_move(s)
        }
        fn legal_actions(s: &GoofState, seat: Seat, out: &mut Vec<Bid>) {
            Goofspiel::legal_actions(s, seat, out)
        }
        fn apply_with(
            s: &mut GoofState,
            seat: Seat,
            a: Bid,
            e: &mut impl EventSink<GoofEvent>,
        ) -> Result<(), IllegalAction> {
            Goofspiel::apply_with(s, seat, a, e)
        }
        fn view(s: &GoofState, seat: Seat) -> Self::View {
            (Goofspiel::view(s, seat), s.pending.to_vec())
        }
        fn determinize(s: &GoofState, seat: Seat, rng: &mut SilkRng) -> GoofState {
            if !LAZY {
                return Goofspiel::determinize(s, seat, rng);
            }
            let mut d = s.clone();
            rng.shuffle(&mut d.deck);
            d.rng = SilkRng::seed_from(rng.next_u64());
            d
        }
        fn outcome(s: &GoofState) -> Option<Outcome> {
            Goofspiel::outcome(s)
        }
        fn action_to_string(s: &GoofState, a: Bid) -> String {
            Goofspiel::action_to_string(s, a)
        }
        fn parse_action(s: &GoofState, seat: Seat, t: &str) -> Result<Bid, ParseActionError> {
            Goofspiel::parse_action(s, seat, t)
        }
        fn rules_text(c: &GoofConfig) -> String {
            Goofspiel::rules_text(c)
        }
    }

    #[test]
    fn the_suite_catches_a_view_that_leaks_sealed_bids() {
        let config = GoofConfig {
            players: 3,
            cards: 6,
        };
        let err = conformance::check::<Leaky<false>>(&config, &Conformance::default()).unwrap_err();
        assert!(
            err.contains("view depends on information hidden from it"),
            "{err}"
        );
    }

    #[test]
    fn the_suite_is_not_fooled_by_a_determinize_that_only_reseeds() {
        let config = GoofConfig {
            players: 3,
            cards: 6,
        };
        let err = conformance::check::<Leaky<true>>(&config, &Conformance::default()).unwrap_err();
        assert!(err.contains("proved nothing"), "{err}");
    }

    /// Goofspiel whose `random_legal_action` cheats: with `EXTRA` it picks the listed action
    /// but then draws once more; without, it picks the action after the one drawn. The suite
    /// must catch both.
    struct Skewed<const EXTRA: bool>;
    impl<const EXTRA: bool> Game for Skewed<EXTRA> {
        const NAME: &'static str = "skewed";
        type Config = GoofConfig;
        type State = GoofState;
        type Action = Bid;
        type View = GoofView;
        type Event = GoofEvent;
        fn setup(c: &GoofConfig, seed: u64) -> Result<GoofState, SetupError> {
            Goofspiel::setup(c, seed)
        }
        fn num_seats(s: &GoofState) -> usize {
            Goofspiel::num_seats(s)
        }
        fn to_move(s: &GoofState) -> ToMove {
            Goofspiel::to_move(s)
        }
        fn legal_actions(s: &GoofState, seat: Seat, out: &mut Vec<Bid>) {
            Goofspiel::legal_actions(s, seat, out)
        }
        fn random_legal_action(
            s: &GoofState,
            seat: Seat,
            rng: &mut SilkRng,
            buf: &mut Vec<Bid>,
        ) -> Option<Bid> {
            Goofspiel::legal_actions(s, seat, buf);
            if buf.is_empty() {
                return None;
            }
            let i = rng.index(buf.len());
            if EXTRA {
                rng.next_u64();
                return Some(buf[i]);
            }
            Some(buf[(i + 1) % buf.len()])
        }
        fn apply_with(
            s: &mut GoofState,
            seat: Seat,
            a: Bid,
            e: &mut impl EventSink<GoofEvent>,
        ) -> Result<(), IllegalAction> {
            Goofspiel::apply_with(s, seat, a, e)
        }
        fn view(s: &GoofState, seat: Seat) -> GoofView {
            Goofspiel::view(s, seat)
        }
        fn determinize(s: &GoofState, seat: Seat, rng: &mut SilkRng) -> GoofState {
            Goofspiel::determinize(s, seat, rng)
        }
        fn outcome(s: &GoofState) -> Option<Outcome> {
            Goofspiel::outcome(s)
        }
        fn action_to_string(s: &GoofState, a: Bid) -> String {
            Goofspiel::action_to_string(s, a)
        }
        fn parse_action(s: &GoofState, seat: Seat, t: &str) -> Result<Bid, ParseActionError> {
            Goofspiel::parse_action(s, seat, t)
        }
        fn rules_text(c: &GoofConfig) -> String {
            Goofspiel::rules_text(c)
        }
    }

    #[test]
    fn the_suite_catches_a_random_draw_that_differs_from_the_list() {
        let config = GoofConfig {
            players: 3,
            cards: 6,
        };
        let err =
            conformance::check::<Skewed<false>>(&config, &Conformance::default()).unwrap_err();
        assert!(err.contains("drew Some(Bid("), "{err}");
        let err = conformance::check::<Skewed<true>>(&config, &Conformance::default()).unwrap_err();
        assert!(err.contains("left the generator in another state"), "{err}");
    }

    /// A replay file may name a seat the game does not have: an error, not a panic.
    #[test]
    fn a_replay_move_by_a_seat_beyond_the_table_is_refused() {
        let config = GoofConfig {
            players: 3,
            cards: 4,
        };
        for seat in [3u8, 9, 200] {
            let mut replay = crate::Replay::<Goofspiel>::new(config.clone(), 1);
            replay.moves.push(crate::LoggedMove {
                seat: Seat(seat),
                action: "bid 1".into(),
                ms: None,
            });
            let err = replay.run("game.json").unwrap_err().to_string();
            assert!(err.contains("move 1"), "{err}");
        }
    }

    #[test]
    fn bad_player_count_is_refused() {
        let err = Goofspiel::setup(
            &GoofConfig {
                players: 1,
                cards: 3,
            },
            1,
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "goofspiel needs 2 to 8 players, not 1");
    }
}

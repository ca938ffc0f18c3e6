//! What a Splendor game means for the playtest lab: cards bought per level, nobles, cities and
//! trading posts gained, reserves (blind or not), gold spent, gems taken, stuck games.

use crate::action::Action;
use crate::event::Event;
use crate::state::State;
use crate::Splendor;
use silk_core::{metric_ids, DecisionKind, MetricCounts, Observe, SeatCounters};

metric_ids! {
    /// Every metric of a Splendor game (its names do not depend on the config).
    enum M {
        CitiesClaimed = "cities.claimed",
        GemsReturned = "gems.returned",
        GemsSpent = "gems.spent",
        GemsTaken = "gems.taken",
        GoldCardsSpent = "gold.cards_spent",
        GoldSpent = "gold.spent",
        GoldTaken = "gold.taken",
        Nobles = "nobles",
        OrientBought = "orient.bought",
        OrientDiscarded = "orient.discarded",
        OrientFreeCards = "orient.free_cards",
        OrientNoblesReserved = "orient.nobles_reserved",
        Passes = "passes",
        Posts = "posts",
        Reserves = "reserves",
        ReservesBlind = "reserves.blind",
        ResourceConverted = "resource.converted",
        ResourceTaken = "resource.taken",
        StrongholdsConquests = "strongholds.conquests",
        StrongholdsPlaced = "strongholds.placed",
        StrongholdsRemoved = "strongholds.removed",
        Stuck = "stuck",
        CardsLevel1 = "cards.level1",
        CardsLevel2 = "cards.level2",
        CardsLevel3 = "cards.level3",
    }
}

metric_ids! {
    /// Each seat's own measures (`player.*`): cards bought by level, nobles, gold taken and
    /// spent, reserves, gems taken, and the Cities of Splendor modules' cities and posts.
    enum P {
        CardsLevel1 = "player.cards.level1",
        CardsLevel2 = "player.cards.level2",
        CardsLevel3 = "player.cards.level3",
        Nobles = "player.nobles",
        GoldTaken = "player.gold_taken",
        GoldSpent = "player.gold_spent",
        GemsTaken = "player.gems_taken",
        Reserves = "player.reserves",
        Cities = "player.cities",
        Posts = "player.posts",
    }
}

impl Observe for Splendor {
    const DECISION_KINDS: &'static [DecisionKind] = &[
        DecisionKind::new("take", 15.0, "take gems"),
        DecisionKind::new("reserve", 20.0, "reserve a card (face up or from a deck)"),
        DecisionKind::new("buy", 20.0, "buy a card, choosing how to pay"),
        DecisionKind::new("return", 5.0, "give back a token over the limit"),
        DecisionKind::new("visit", 5.0, "choose a noble or city, place a coat of arms"),
        DecisionKind::new("module", 10.0, "Orient card effects and strongholds"),
        DecisionKind::new("pass", 3.0, "no action possible"),
    ];

    #[inline]
    fn decision_kind(action: &Action) -> usize {
        match action {
            Action::TakeDifferent(_) | Action::TakeTwo(_) | Action::Gem(_) => 0,
            Action::Reserve(_) | Action::ReserveDeck(_) => 1,
            Action::Buy { .. } => 2,
            Action::Return(_) => 3,
            Action::Noble(_) | Action::City(_) | Action::Post(_) => 4,
            Action::ReserveNoble(_)
            | Action::Join(_)
            | Action::Free(_)
            | Action::Discard(_)
            | Action::Place { .. }
            | Action::Remove { .. }
            | Action::Decline => 5,
            Action::Pass => 6,
        }
    }

    fn metric_names(_: &State) -> Vec<String> {
        M::NAMES.iter().map(|n| n.to_string()).collect()
    }

    const PLAYER_MEASURES: &'static [&'static str] = P::NAMES;

    const BRANCHES: &'static [silk_core::Branch] = crate::coverage::B::BRANCHES;

    #[inline]
    fn cover_action(s: &State, seat: silk_core::Seat, a: &Action, hits: &mut silk_core::Hits) {
        crate::coverage::action(s, seat, a, hits)
    }

    // Always inlined: at an emit site of the lab's event sink the match folds to one branch.
    #[inline(always)]
    fn cover_event(e: &Event, hits: &mut silk_core::Hits) {
        crate::coverage::event(e, hits)
    }

    #[inline]
    fn observe(s: &State, e: &Event, c: &mut MetricCounts, p: &mut SeatCounters) {
        match *e {
            Event::Bought {
                seat,
                card,
                paid,
                gold_cards,
                conquest,
                ..
            } => {
                let level = s.rules.card(card).level as usize;
                c.incr(CARDS_BY_LEVEL[level].0);
                p.incr(seat, CARDS_BY_LEVEL[level].1);
                c.add(M::GoldSpent, paid[5] as i64);
                p.add(seat, P::GoldSpent, paid[5] as i64);
                c.add(M::GoldCardsSpent, gold_cards as i64);
                c.add(M::GemsSpent, paid[..5].iter().map(|&k| k as i64).sum());
                c.add(M::ResourceConverted, paid.iter().map(|&k| k as i64).sum());
                if conquest {
                    c.incr(M::StrongholdsConquests);
                }
                if s.rules.card(card).orient {
                    c.incr(M::OrientBought);
                }
            }
            Event::TookFree { .. } => c.incr(M::OrientFreeCards),
            Event::Took { seat, tokens } => {
                let n: i64 = tokens.iter().map(|&k| k as i64).sum();
                c.add(M::GemsTaken, n);
                c.add(M::ResourceTaken, n);
                p.add(seat, P::GemsTaken, n);
            }
            // A token given back was taken for nothing.
            Event::Returned { .. } => {
                c.incr(M::GemsReturned);
                c.add(M::ResourceTaken, -1);
            }
            Event::Reserved {
                seat, deck, gold, ..
            } => {
                c.incr(M::Reserves);
                p.incr(seat, P::Reserves);
                if deck.is_some() {
                    c.incr(M::ReservesBlind);
                }
                if gold {
                    c.incr(M::GoldTaken);
                    c.incr(M::ResourceTaken);
                    p.incr(seat, P::GoldTaken);
                }
            }
            Event::NobleVisit { seat, .. } => {
                c.incr(M::Nobles);
                p.incr(seat, P::Nobles);
            }
            Event::NobleReserved { .. } => c.incr(M::OrientNoblesReserved),
            Event::CityClaimed { seat, .. } => {
                c.incr(M::CitiesClaimed);
                p.incr(seat, P::Cities);
            }
            Event::PostPlaced { seat, .. } => {
                c.incr(M::Posts);
                p.incr(seat, P::Posts);
            }
            Event::Discarded { .. } => c.incr(M::OrientDiscarded),
            Event::StrongholdPlaced { .. } => c.incr(M::StrongholdsPlaced),
            Event::StrongholdRemoved { .. } => c.incr(M::StrongholdsRemoved),
            Event::Passed { .. } => c.incr(M::Passes),
            Event::GameOver { stuck } => {
                if stuck {
                    c.incr(M::Stuck);
                }
            }
            Event::Joined { .. }
            | Event::StrongholdsBack { .. }
            | Event::Refilled { .. }
            | Event::LastRound { .. } => {}
        }
    }

    /// Every event but refills, joins, strongholds going back and the last round's notice:
    /// `observe` counts nothing for those, and a simulation does not keep them.
    #[inline(always)]
    fn observes(e: &Event) -> bool {
        !matches!(
            e,
            Event::Joined { .. }
                | Event::StrongholdsBack { .. }
                | Event::Refilled { .. }
                | Event::LastRound { .. }
        )
    }

    const STANDING: &'static str = "prestige points";

    fn standing(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend(s.prestige[..s.players()].iter().map(|&p| p as i64));
    }
}

/// `cards.levelK` and `player.cards.levelK`, by level from 0.
const CARDS_BY_LEVEL: [(M, P); 3] = [
    (M::CardsLevel1, P::CardsLevel1),
    (M::CardsLevel2, P::CardsLevel2),
    (M::CardsLevel3, P::CardsLevel3),
];

//! What a Splendor game means for the playtest lab: cards bought per level, nobles, cities and
//! trading posts gained, reserves (blind or not), gold spent, gems taken, stuck games.

use crate::action::Action;
use crate::event::Event;
use crate::state::State;
use crate::Splendor;
use silk_core::{Counters, DecisionKind, Observe};

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

    fn observe(s: &State, e: &Event, c: &mut Counters) {
        match *e {
            Event::Bought {
                card,
                paid,
                gold_cards,
                conquest,
                ..
            } => {
                let level = s.rules.card(card).level + 1;
                c.incr(CARDS_BY_LEVEL[level as usize - 1]);
                c.add("gold.spent", paid[5] as i64);
                c.add("gold.cards_spent", gold_cards as i64);
                c.add("gems.spent", paid[..5].iter().map(|&k| k as i64).sum());
                c.add("resource.converted", paid.iter().map(|&k| k as i64).sum());
                if conquest {
                    c.incr("strongholds.conquests");
                }
                if s.rules.card(card).orient {
                    c.incr("orient.bought");
                }
            }
            Event::TookFree { .. } => c.incr("orient.free_cards"),
            Event::Took { tokens, .. } => {
                let n: i64 = tokens.iter().map(|&k| k as i64).sum();
                c.add("gems.taken", n);
                c.add("resource.taken", n);
            }
            // A token given back was taken for nothing.
            Event::Returned { .. } => {
                c.incr("gems.returned");
                c.add("resource.taken", -1);
            }
            Event::Reserved { deck, gold, .. } => {
                c.incr("reserves");
                if deck.is_some() {
                    c.incr("reserves.blind");
                }
                if gold {
                    c.incr("gold.taken");
                    c.incr("resource.taken");
                }
            }
            Event::NobleVisit { .. } => c.incr("nobles"),
            Event::NobleReserved { .. } => c.incr("orient.nobles_reserved"),
            Event::CityClaimed { .. } => c.incr("cities.claimed"),
            Event::PostPlaced { .. } => c.incr("posts"),
            Event::Discarded { .. } => c.incr("orient.discarded"),
            Event::StrongholdPlaced { .. } => c.incr("strongholds.placed"),
            Event::StrongholdRemoved { .. } => c.incr("strongholds.removed"),
            Event::Passed { .. } => c.incr("passes"),
            Event::GameOver { stuck } => {
                if stuck {
                    c.incr("stuck");
                }
            }
            Event::Joined { .. }
            | Event::StrongholdsBack { .. }
            | Event::Refilled { .. }
            | Event::LastRound { .. } => {}
        }
    }

    fn standing(s: &State, out: &mut Vec<i64>) {
        out.clear();
        out.extend(s.prestige[..s.players()].iter().map(|&p| p as i64));
    }
}

const CARDS_BY_LEVEL: [&str; 3] = ["cards.level1", "cards.level2", "cards.level3"];

//! What a Splendor game means for the playtest lab: cards bought per level, nobles, cities and
//! trading posts gained, reserves (blind or not), gold spent, gems taken, stuck games.

use crate::event::Event;
use crate::state::State;
use crate::Splendor;
use silk_core::{Counters, Observe};

impl Observe for Splendor {
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

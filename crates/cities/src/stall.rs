//! Why a Cities game stalls (issue 46): at a state where no VP changes any more, which of the
//! rules' sources of victory points (barbarians, attacks, Golden Ages: each draws a
//! development card, and only the Victory Point cards score) each city could still use, and
//! what holds it shut: a rule, the development deck, the cost of an attack, the opponents'
//! Soldiers, the city's own lack of Soldiers.

use crate::data::DevEffect;
use crate::engine::{plan, route_payment, travel};
use crate::state::{MoveKind, State};
use silk_core::stall::{Block, BlockKind, SourceCheck, StallReading};
use silk_core::Seat;

/// The rules' sources of victory points, as `silk rules cities` describes them.
pub const SOURCES: [&str; 3] = ["barbarians", "attacks", "golden_age"];

/// Points on the Victory Point cards of one deck count (`dev[t]` cards of each type).
fn vp_of(s: &State, count: impl Fn(usize) -> u32) -> u32 {
    s.rules
        .config
        .development
        .iter()
        .enumerate()
        .map(|(t, d)| match d.effect {
            DevEffect::Vp(k) => count(t) * k as u32,
            _ => 0,
        })
        .sum()
}

/// The points still to be drawn: Victory Point cards in the development deck. (Used effect
/// cards are shuffled back when it runs out; a Victory Point card is never played, so it never
/// returns.)
pub fn vp_left(s: &State) -> u32 {
    let deck = &s.dev_deck[..s.dev_len as usize];
    vp_of(s, |t| {
        deck.iter().filter(|&&c| c as usize == t).count() as u32
    })
}

/// The points on every Victory Point card of the rules.
pub fn vp_in_rules(s: &State) -> u32 {
    vp_of(s, |t| s.rules.config.development[t].count as u32)
}

fn block(cause: &'static str, kind: BlockKind, text: String) -> Option<Block> {
    Some(Block { cause, kind, text })
}

/// The obstacle every source of `seat` shares: the target beyond the deck, or the deck's
/// Victory Point cards gone or too few for what the seat lacks.
fn supply(s: &State, seat: Seat) -> Option<Block> {
    let p = &s.rules.config.params;
    let target = p.target_vp as u32;
    let total = vp_in_rules(s);
    if total < target {
        return block(
            "target_above_vp_cards",
            BlockKind::Rule,
            format!(
                "target_vp = {target} but the development deck holds {total} VP in all: \
                 no city can reach the target"
            ),
        );
    }
    let left = vp_left(s);
    let need = target.saturating_sub(s.vp(seat));
    if left == 0 {
        let held: Vec<String> = Seat::all(s.players())
            .map(|t| s.vp(t).to_string())
            .collect();
        let room = s.players() as u32 * (target - 1);
        return block(
            "vp_cards_gone",
            BlockKind::Deck,
            format!(
                "every Victory Point card is held ({}, {total} in all): {} cities × {} VP (one short \
                 of {target}) = {room}{} {total}, so the deck can run dry with no city at the target",
                held.join("-"),
                s.players(),
                target - 1,
                if room >= total { " ≥" } else { " <" },
            ),
        );
    }
    if left < need {
        return block(
            "vp_cards_too_few",
            BlockKind::Deck,
            format!("{left} VP left in the development deck, {seat} needs {need}"),
        );
    }
    None
}

/// Barbarians: the winner of the Soldier auction draws a card.
fn barbarians(s: &State, seat: Seat) -> Option<Block> {
    if s.rules.config.silk.barbarians.iter().all(|b| b.count == 0) {
        return block(
            "no_barbarians",
            BlockKind::Rule,
            "the silk deck holds no barbarian card: no auction ever gives a card".into(),
        );
    }
    supply(s, seat).or_else(|| {
        (s.city(seat).all_soldiers() == 0).then(|| Block {
            cause: "no_soldiers",
            kind: BlockKind::Resource,
            text: format!("{seat} has no Soldier to bid for the barbarians"),
        })
    })
}

/// Attacks: a won attack draws a card (an undefended city gives one only under
/// `undefended_card`).
fn attacks(s: &State, seat: Seat) -> Option<Block> {
    if let Some(b) = supply(s, seat) {
        return Some(b);
    }
    let c = s.city(seat);
    let army = c.all_soldiers();
    if army == 0 {
        return block(
            "no_soldiers",
            BlockKind::Resource,
            format!("{seat} has no Soldier to attack with"),
        );
    }
    let bonus = s.attack_cards(seat);
    let undefended_card = s.rules.config.params.undefended_card;
    let rivals: Vec<Seat> = Seat::all(s.players()).filter(|&t| t != seat).collect();
    // An attack wins when its strength reaches the defending army; the defender may send all
    // its Soldiers, trained or not.
    let beatable: Vec<Seat> = rivals
        .iter()
        .copied()
        .filter(|&t| {
            let k = s.city(t).all_soldiers();
            army + bonus >= k && (k > 0 || undefended_card)
        })
        .collect();
    if beatable.is_empty() {
        return block(
            "rivals_outnumber",
            BlockKind::Opponent,
            format!(
                "every rival can defend with more Soldiers than {seat}'s {army}{}",
                if bonus > 0 {
                    format!(" (+{bonus} from its cards)")
                } else {
                    String::new()
                }
            ),
        );
    }
    let cost = |t: Seat| {
        let kind = MoveKind::Attack { target: t, army: 1 };
        plan(s, seat, kind, 0).map(|mv| route_payment(s, &mv) + travel(s, seat, s.city(t).region))
    };
    let cheapest = beatable.iter().filter_map(|&t| cost(t)).min();
    match cheapest {
        Some(price) if price > c.coins as u32 => block(
            "attack_cost",
            BlockKind::Price,
            format!(
                "{seat} holds {} coins; the cheapest attack it could win costs {price} (route \
                 and reserve)",
                c.coins
            ),
        ),
        None => block(
            "no_route",
            BlockKind::Rule,
            format!("no route leads from {seat} to a rival it could beat"),
        ),
        Some(_) => None,
    }
}

/// Golden Ages: a city that falls and rises draws a card only under `ga_dev_card`.
fn golden_age(s: &State, seat: Seat) -> Option<Block> {
    if !s.rules.config.params.ga_dev_card {
        return block(
            "ga_dev_card_off",
            BlockKind::Rule,
            "ga_dev_card = false: a Golden Age gives no development card".into(),
        );
    }
    supply(s, seat)
}

/// The reading of `s` for `silk stalls`: each seat's check of each source.
pub fn reading(s: &State) -> StallReading {
    let mut checks = Vec::new();
    for seat in Seat::all(s.players()) {
        let found = [barbarians(s, seat), attacks(s, seat), golden_age(s, seat)];
        for (source, blocked) in SOURCES.into_iter().zip(found) {
            checks.push(SourceCheck {
                seat,
                source,
                blocked,
            });
        }
    }
    StallReading {
        target: s.rules.config.params.target_vp as i32,
        scores: Seat::all(s.players()).map(|t| s.vp(t) as i32).collect(),
        sources: SOURCES.to_vec(),
        checks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::CitiesConfig;

    /// A 4-player game past its setup: cities in regions 0, 3, 6, 9, each with `soldiers`
    /// trained Soldiers and `coins`; `vp` Victory Point cards moved from the deck to each city.
    fn stalled(config: CitiesConfig, vp: [u8; 4], soldiers: u16, coins: u16) -> State {
        let mut s = crate::setup::setup(&config, 7).unwrap();
        let vp_type = s
            .rules
            .config
            .development
            .iter()
            .position(|d| matches!(d.effect, DevEffect::Vp(_)))
            .unwrap() as u8;
        for (i, &held) in vp.iter().enumerate() {
            let c = &mut s.cities[i];
            c.region = (i * 3) as u8;
            c.soldiers = [soldiers, 0];
            c.recruits = [0, 0];
            c.coins = coins;
            for _ in 0..held {
                let len = s.dev_len as usize;
                let k = s.dev_deck[..len]
                    .iter()
                    .position(|&t| t == vp_type)
                    .unwrap();
                s.dev_deck.copy_within(k + 1..len, k);
                s.dev_len -= 1;
                s.cities[i].dev[vp_type as usize] += 1;
            }
        }
        s
    }

    fn causes(r: &StallReading) -> Vec<&'static str> {
        r.holding_causes().iter().map(|b| b.cause).collect()
    }

    /// The default deck has 20 VP for 4 cities that need 7: held 6-6-2-6, nothing is left to
    /// draw, and every leader's barbarians and attacks are shut by the deck.
    #[test]
    fn issue46_every_vp_card_held_shuts_barbarians_and_attacks() {
        let s = stalled(CitiesConfig::new(4), [6, 6, 2, 6], 3, 50);
        assert_eq!(vp_left(&s), 0);
        let r = reading(&s);
        assert_eq!(r.scores, vec![6, 6, 2, 6]);
        assert!(r.explained());
        assert_eq!(causes(&r), vec!["vp_cards_gone", "ga_dev_card_off"]);
        let text = &r.checks[0].blocked.as_ref().unwrap().text;
        assert!(
            text.contains("6-6-2-6") && text.contains("24 ≥ 20"),
            "{text}"
        );
    }

    /// With cards left, Soldiers and coins, barbarians and attacks are open: the stall is the
    /// bots', not the rules'.
    #[test]
    fn issue46_cards_left_and_an_army_leave_the_stall_unexplained() {
        let s = stalled(CitiesConfig::new(4), [5, 5, 2, 5], 3, 50);
        let r = reading(&s);
        assert!(!r.explained());
        assert!(r
            .of(Seat(0))
            .any(|c| c.source == "attacks" && c.blocked.is_none()));
    }

    /// Target above every VP card of the rules: the rule, for every source.
    #[test]
    fn issue46_a_target_above_the_decks_vp_is_named_as_the_rule() {
        let mut config = CitiesConfig::new(4);
        config.params.target_vp = 8;
        config.development[0].count = 6;
        let s = stalled(config, [2, 2, 1, 1], 3, 50);
        let r = reading(&s);
        assert!(r.explained());
        assert_eq!(causes(&r)[0], "target_above_vp_cards");
    }

    /// Without Soldiers (and no barbarian cards in the silk deck), a leader lacks the resource
    /// for attacks and the rule shuts barbarians.
    #[test]
    fn issue46_no_soldiers_and_no_barbarians_shut_a_leader() {
        let mut config = CitiesConfig::new(4);
        config.silk.barbarians.clear();
        let s = stalled(config, [6, 5, 2, 5], 0, 50);
        let r = reading(&s);
        assert_eq!(r.leaders(), vec![Seat(0)]);
        assert!(r.explained());
        assert_eq!(
            causes(&r),
            vec!["no_barbarians", "no_soldiers", "ga_dev_card_off"]
        );
    }

    /// Rivals with more Soldiers than the leader's army hold its attacks off; a coinless
    /// leader who could win an attack is held by its cost.
    #[test]
    fn issue46_outnumbering_rivals_and_the_attack_cost_are_named() {
        let mut s = stalled(CitiesConfig::new(4), [6, 5, 2, 5], 5, 50);
        s.cities[0].soldiers = [1, 0];
        let r = reading(&s);
        let attack = r.of(Seat(0)).find(|c| c.source == "attacks").unwrap();
        assert_eq!(attack.blocked.as_ref().unwrap().cause, "rivals_outnumber");
        s.cities[0].soldiers = [5, 0];
        s.cities[0].coins = 0;
        let r = reading(&s);
        let attack = r.of(Seat(0)).find(|c| c.source == "attacks").unwrap();
        assert_eq!(attack.blocked.as_ref().unwrap().cause, "attack_cost");
    }
}

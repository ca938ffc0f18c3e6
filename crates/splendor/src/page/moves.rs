//! A move in words, as its button on the page says it: the card it acts on named and told
//! apart from its twins, and what a purchase would pay.

use super::{face, Move};
use crate::action::{pos_name, Action, Pay, RESERVED_SRC};
use crate::colour::{token_name, GOLD};
use crate::engine::{cards, payment};
use crate::history::city_words;
use crate::notation::deck_name;
use crate::rules::{Rules, NONE};
use crate::state::State;
use crate::text::power_text;
use silk_core::Seat;

/// "the level 2 green card (2 prestige)": a card as a button names it.
pub fn card_name(r: &Rules, id: u8) -> String {
    let f = face(r, id);
    let what = match f.colour {
        "gold" => "gold card".to_string(),
        "join" => "join card".to_string(),
        c if f.bonus == 2 => format!("double {c} card"),
        c => format!("{c} card"),
    };
    let points = match f.points {
        0 => String::new(),
        1 => " (1 prestige)".into(),
        k => format!(" ({k} prestige)"),
    };
    format!("the level {} {what}{points}", f.level)
}

/// A card as a move names it, told apart from every other card the mover sees with the same
/// name (issue 44: two "Place a stronghold on the level 1 blue card" buttons for different
/// cards): by its cost, and an Orient card as such. `among` is the face-up cards, with the
/// mover's own reserve only where the text goes to the mover alone (a blind reserve stays
/// unmentioned in what others read).
fn distinct_name(s: &State, among: &[u8], id: u8) -> String {
    let r = &s.rules;
    let name = card_name(r, id);
    let twins: Vec<u8> = among
        .iter()
        .copied()
        .filter(|&o| o != NONE && o != id && card_name(r, o) == name)
        .collect();
    if twins.is_empty() {
        return name;
    }
    let c = r.card(id);
    let mut cost = [0u8; 6];
    cost[..5].copy_from_slice(&c.cost);
    let mut out = format!("{name} costing {}", counts_text(&cost));
    if c.orient && twins.iter().any(|&o| r.card(o).cost == c.cost) {
        out.push_str(" (Orient)");
    }
    out
}

/// The cards a move's words tell apart (see [`distinct_name`]).
fn seen_cards(s: &State, p: usize, own_reserve: bool) -> Vec<u8> {
    let mut v: Vec<u8> = cards::places(s).map(|x| cards::card_at(s, x)).collect();
    if own_reserve {
        v.extend(s.reserved[p].iter().copied().filter(|&id| id != NONE));
    }
    v
}

/// "2 blue, 1 gold": counts by token kind, zeros left out.
fn counts_text(counts: &[u8; 6]) -> String {
    let parts: Vec<String> = (0..6)
        .filter(|&k| counts[k] > 0)
        .map(|k| format!("{} {}", counts[k], token_name(k)))
        .collect();
    parts.join(", ")
}

/// The card a buying source or place holds for player `p` (`NONE` if none).
fn card_of(s: &State, p: usize, src: u8) -> u8 {
    cards::source_card(s, p, src)
}

/// A move of `seat` in words, as its button says it ("Buy the level 2 green card: pay 2
/// blue"): the pages' history tells moves this way.
pub fn action_words(s: &State, seat: Seat, a: Action) -> String {
    describe(s, seat.index(), a, false).label
}

/// A move of `p` with its words; `own_reserve`: the words go to `p` alone (its page), so its
/// reserved cards may tell cards apart.
pub(super) fn describe(s: &State, p: usize, a: Action, own_reserve: bool) -> Move {
    let seen = seen_cards(s, p, own_reserve);
    let named = |id: u8| distinct_name(s, &seen, id);
    let plus_gold = if s.bank[GOLD] > 0 {
        " and take a gold"
    } else {
        ""
    };
    let mut m = Move {
        text: a.to_text(s),
        kind: "other",
        at: None,
        from: None,
        from_card: None,
        colours: Vec::new(),
        pay: None,
        gold_cards: 0,
        label: String::new(),
    };
    match a {
        Action::TakeDifferent(mask) => {
            m.kind = "take";
            m.colours = (0..5)
                .filter(|c| mask >> c & 1 == 1)
                .map(|c| token_name(c))
                .collect();
            m.label = format!("Take {}", m.colours.join(", "));
        }
        Action::TakeTwo(c) => {
            m.kind = "take";
            m.colours = vec![token_name(c as usize); 2];
            m.label = format!("Take 2 {}", token_name(c as usize));
        }
        Action::Reserve(pos) => {
            m.kind = "reserve";
            m.at = Some(pos_name(pos));
            let id = cards::card_at(s, pos);
            m.label = format!("Reserve {}{plus_gold}", named(id));
        }
        Action::ReserveDeck(d) => {
            m.kind = "reserve";
            m.at = Some(format!("deck {}", deck_name(d)));
            m.label = format!(
                "Reserve the top card of deck {} unseen{plus_gold}",
                deck_name(d)
            );
        }
        Action::Buy { src, pay } => describe_buy(s, p, src, pay, &seen, &mut m),
        Action::Return(k) => {
            m.kind = "return";
            m.colours = vec![token_name(k as usize)];
            m.at = Some(token_name(k as usize).to_string());
            m.label = format!("Return 1 {}", token_name(k as usize));
        }
        Action::Gem(c) => {
            m.kind = "gem";
            m.colours = vec![token_name(c as usize)];
            m.label = format!("Take 1 {}", token_name(c as usize));
        }
        Action::Noble(_) | Action::ReserveNoble(_) | Action::City(_) | Action::Post(_) => {
            describe_tile(s, a, &mut m)
        }
        Action::Join(c) => m.label = format!("Join the card to {}", token_name(c as usize)),
        Action::Free(pos) => {
            m.at = Some(pos_name(pos));
            m.label = format!("Take {} free", named(cards::card_at(s, pos)));
        }
        Action::Discard(id) => m.label = format!("Discard {}", named(id)),
        Action::Place { .. } | Action::Remove { .. } => describe_stronghold(s, a, &seen, &mut m),
        Action::Decline => m.label = "Decline the purchase".into(),
        Action::Pass => m.label = "Pass: no action is possible".into(),
    }
    m
}

/// A purchase's words: where the card is, and what paying for it spends (gems, gold tokens,
/// gold cards), left unlabelled if the card or the payment is not there.
fn describe_buy(s: &State, p: usize, src: u8, pay: Pay, seen: &[u8], m: &mut Move) {
    m.kind = "buy";
    m.at = Some(if src >= RESERVED_SRC {
        format!("r{}", src - RESERVED_SRC + 1)
    } else {
        pos_name(src)
    });
    let id = card_of(s, p, src);
    if id == NONE {
        return;
    }
    let owed = payment::owed(s, p, id);
    let Ok(spent) = payment::settle(s, p, &owed, pay) else {
        return;
    };
    let mut paid = [0u8; 6];
    paid[..5].copy_from_slice(&spent.gems);
    paid[GOLD] = spent.gold_tokens;
    m.pay = Some(paid);
    m.gold_cards = spent.gold_cards;
    let mut what = counts_text(&paid);
    if spent.gold_cards > 0 {
        if !what.is_empty() {
            what.push_str(", ");
        }
        what.push_str(&format!("{} gold card(s)", spent.gold_cards));
    }
    if what.is_empty() {
        what = "nothing: your bonuses cover it".to_string();
    }
    let from = if src >= RESERVED_SRC {
        " (reserved)"
    } else {
        ""
    };
    m.label = format!("Buy {}{from}: pay {what}", distinct_name(s, seen, id));
}

/// The words of a move on a tile: receiving or reserving a noble, claiming a city, placing a
/// coat of arms on a trading post.
fn describe_tile(s: &State, a: Action, m: &mut Move) {
    let r = &s.rules;
    match a {
        Action::Noble(i) => {
            m.kind = "noble";
            m.at = Some(format!("noble {}", i + 1));
            let points = r.nobles[s.nobles[i as usize] as usize].points;
            m.label = format!("Receive noble {} ({points} prestige)", i + 1);
        }
        Action::ReserveNoble(i) => {
            m.kind = "noble";
            m.at = Some(format!("noble {}", i + 1));
            m.label = format!("Reserve noble {}: only you can receive it", i + 1);
        }
        Action::City(i) => {
            m.kind = "city";
            m.at = Some(format!("city {}", i + 1));
            m.label = format!(
                "Claim city {} ({})",
                i + 1,
                city_words(r, s.cities[i as usize])
            );
        }
        Action::Post(i) => {
            m.kind = "post";
            m.at = Some(format!("post {}", i + 1));
            let power = r.posts.get(i as usize).map_or("", |p| power_text(p.power));
            m.label = format!("Place a coat of arms on post {} ({power})", i + 1);
        }
        _ => unreachable!("not a move on a tile: {a:?}"),
    }
}

/// The words of a Strongholds move: placing one on a card, moving one between cards (naming
/// the card it leaves), removing another player's.
fn describe_stronghold(s: &State, a: Action, seen: &[u8], m: &mut Move) {
    let named = |pos: u8| distinct_name(s, seen, cards::card_at(s, pos));
    match a {
        Action::Place { from, to } if from == NONE => {
            m.kind = "place";
            m.at = Some(pos_name(to));
            m.label = format!("Place a stronghold on {}", named(to))
        }
        Action::Place { from, to } => {
            m.kind = "move";
            m.at = Some(pos_name(to));
            m.from = Some(pos_name(from));
            let source = named(from);
            m.label = format!("Move a stronghold from {source} to {}", named(to));
            m.from_card = Some(source);
        }
        Action::Remove { at, seat } => {
            m.kind = "remove";
            m.at = Some(pos_name(at));
            m.label = format!("Remove P{}'s stronghold from {}", seat + 1, named(at))
        }
        _ => unreachable!("not a Strongholds move: {a:?}"),
    }
}

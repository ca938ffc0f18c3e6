//! What a decision means, for a person asked to make it (`help` at the terminal): the question
//! of the phase and what each choice does, in the rulebook's terms. The moves' own notation is
//! [`Action::to_text`]; this explains it.

use crate::action::Action;
use crate::data::TileKind;
use crate::state::{Phase, State};

/// The question `state` puts to the seat asked, with what the answer leads to.
pub fn decision(state: &State) -> String {
    let r = &state.rules;
    match state.phase {
        Phase::Auction(_) => format!(
            "Leader auction: bid silver for the leader pawn, or pass. {} holds it and, after the \
             bids, sells it to the highest bidder or pays them as much to keep it. The leader \
             moves the caravan and takes the first tile.",
            state.holder
        ),
        Phase::HolderChoice(bid) => format!(
            "You hold the leader pawn and {} bids {}: sell it (they pay you {}) or keep it (you \
             pay them {}).",
            bid.seat, bid.amount, bid.amount, bid.amount
        ),
        Phase::Move => format!(
            "You lead: move the caravan along one arrow from {}; the market is then held in the \
             city it reaches.",
            r.name(state.caravan)
        ),
        Phase::ChooseTile { second: false, .. } => {
            "Market: take one tile of this city and use its action (or a Barterer, to take a \
             second tile after it)."
                .into()
        }
        Phase::ChooseTile { second: true, .. } => {
            "Barterer: take the second tile of your barter.".into()
        }
        Phase::Resolve { kind, bonus, .. } => {
            let what = r
                .kinds
                .get(kind as usize)
                .map_or_else(|| "the tile".into(), |k| k.label());
            let whose = if bonus {
                "the city's bonus action"
            } else {
                "your tile"
            };
            format!("Use {whose} ({what}), or decline it.")
        }
        Phase::Vizier { good, .. } => format!(
            "Grand Vizier: everyone reveals, at once, how many {good} they show; the most wins 5 \
             silver, the second most 3. Your entry stays secret until all have entered."
        ),
        Phase::PassPawn { .. } | Phase::GivePawn { .. } => {
            "Give the leader pawn to a player who may still act.".into()
        }
        Phase::Over => "The game is over.".into(),
    }
}

/// What choosing `action` does, in a few words.
pub fn choice(state: &State, action: Action) -> String {
    let r = &state.rules;
    match action {
        Action::Bid(k) => format!("offer {k} silver for the leader pawn"),
        Action::Pass => "offer nothing for the leader pawn this round".into(),
        Action::SellPawn => "give the pawn to the high bidder, who pays you their bid".into(),
        Action::KeepPawn => "keep the pawn and pay the high bidder their bid".into(),
        Action::Move(c) => format!("the caravan goes to {}", r.name(c)),
        Action::Take { slot, barter } => {
            let kind = state.tiles[state.caravan as usize]
                .get(slot as usize)
                .and_then(|&t| r.kinds.get(t as usize).copied());
            let what = kind.map_or_else(|| "an empty slot".into(), tile_effect);
            if barter {
                format!("{what}; your Barterer then lets you take a second tile")
            } else {
                what
            }
        }
        Action::Sell { good, n } => format!("sell {n} {good} to the city for silver"),
        Action::Buy { good, n } => format!("buy {n} {good} from the city with silver"),
        Action::Trade { times, give, get } => {
            format!("make the trade {times} time(s), giving {give} for {get}")
        }
        Action::Swap { give, get } => format!("swap one {give} for one {get}"),
        Action::Steal(s) => format!("take a good at random from {s}"),
        Action::Vizier(g) => format!("everyone reveals their {g}; the most wins 5 silver"),
        Action::Reveal(k) => format!("show {k} of the called good"),
        Action::Decline => match state.phase {
            Phase::Resolve { step, .. } if step > 0 => "make no more swaps".into(),
            _ => "do not use this action".into(),
        },
        Action::GivePawn(s) => format!("{s} gets the leader pawn and acts next"),
    }
}

/// A tile's action, as the rulebook describes it.
fn tile_effect(kind: TileKind) -> String {
    match kind {
        TileKind::Seller(g) => format!("sell {g} to the city (4, 3, 2, then 1 silver each)"),
        TileKind::Buyer(g) => format!("buy {g} from the city (1, 2, 3, then 4 silver each)"),
        TileKind::Trader {
            give,
            give_n,
            get,
            get_n,
        } => format!("give {give_n} {give} for {get_n} {get}, once or twice"),
        TileKind::Exchanger(n) => format!("swap up to {n} goods for goods of your choice"),
        TileKind::Thief => "steal a good at random from a player you choose".into(),
        TileKind::GrandVizier => "call a good: who shows the most wins 5 silver".into(),
        TileKind::Crook => "keep a Crook: later it changes one good on a tile you use".into(),
        TileKind::Barterer => "keep a Barterer: later it lets you take two tiles".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SilkRoad, SilkRoadConfig};
    use silk_core::{Game, ToMove};

    /// Every choice of every decision in a played game is explained, and differently from its
    /// notation, so `help` always adds something.
    #[test]
    fn issue44_every_choice_of_a_game_is_explained() {
        let config = SilkRoadConfig::new(4);
        let mut s = SilkRoad::setup(&config, 7).unwrap();
        let mut legal = Vec::new();
        let mut asked = 0;
        loop {
            let seat = match SilkRoad::to_move(&s) {
                ToMove::Seat(seat) => seat,
                ToMove::Simultaneous(set) => set.first().unwrap(),
                ToMove::Terminal => break,
            };
            SilkRoad::legal_actions(&s, seat, &mut legal);
            let question = decision(&s);
            assert!(question.ends_with('.'), "{question}");
            for &a in &legal {
                let words = choice(&s, a);
                assert!(!words.is_empty() && words != a.to_text(&s), "{words}");
            }
            asked += 1;
            SilkRoad::apply(&mut s, seat, legal[asked % legal.len()]).unwrap();
        }
        assert!(asked > 50, "a whole game was asked: {asked}");
    }
}

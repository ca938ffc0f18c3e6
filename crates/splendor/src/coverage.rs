//! The branches of the Splendor rules `silk coverage` counts: every option of every decision,
//! every event, and the branches money and the modules select (gold spent, a blind reserve, a
//! noble, each module's pieces: cities, trading posts, the Orient's joins, free cards and
//! sacrifices, strongholds and conquests). The matches are exhaustive, so a new action or event
//! does not compile until it has a branch.

use crate::action::Action;
use crate::event::Event;
use crate::state::State;
use silk_core::{branch_ids, Hits, Seat};

branch_ids! {
    /// Every branch of a Splendor game (with or without the Cities of Splendor modules).
    pub enum B {
        TakeDifferent = ("action.take_different", "take gems of different colours", "a player wants gems toward a card"),
        TakeTwo = ("action.take_two", "take two gems of one colour", "4 or more of a colour are left and a player needs it"),
        Reserve = ("action.reserve", "reserve a face-up card", "a player wants a card it cannot yet buy, or gold"),
        ReserveDeck = ("action.reserve_deck", "reserve the top card of a deck, unseen", "a player wants gold and no face-up card is worth reserving (the level's face-up cards are worth more to it on average than the one it would take)"),
        Buy = ("action.buy", "buy a card", "a player can pay for a card"),
        BuyGold = ("action.buy.with_gold", "buy a card paying with gold", "a player holds gold and lacks a colour"),
        Return = ("action.return", "give back a token over the limit of 10", "a player takes tokens beyond 10"),
        Noble = ("action.noble", "choose the visiting noble", "a player meets two nobles' needs at once; never with --modules cities (no nobles)"),
        ReserveNoble = ("action.reserve_noble", "reserve a noble (Orient)", "--modules orient and an Orient card that reserves a noble"),
        City = ("action.city", "claim a city (Cities)", "--modules cities, --edition 2017, and a player meets two cities' needs at once; never in the 2024 edition, nor with one city met (claimed without a choice)"),
        Post = ("action.post", "place a coat of arms on a trading post", "--modules trading-posts, --edition 2024, and a player qualifies for two posts at once (rare: about 1 % of games); never in the 2017 edition (every post qualified for is taken, without a choice)"),
        Join = ("action.join", "join an Orient card to a colour", "--modules orient and an Orient card that joins"),
        Free = ("action.free", "take a face-up card free (Orient)", "--modules orient and an Orient card that gives one"),
        Discard = ("action.discard", "sacrifice a card (Orient)", "--modules orient and an Orient card that asks a sacrifice"),
        Place = ("action.place", "place or move a stronghold", "--modules strongholds and a purchase that places one"),
        Remove = ("action.remove", "remove another player's stronghold", "--modules strongholds and a purchase that removes one"),
        Decline = ("action.decline", "decline an optional purchase (conquest)", "--modules strongholds and a conquest that would spend the gems of a better card the player can already pay for"),
        Gem = ("action.gem", "take one gem (a trading post's power)", "--modules trading-posts and a post that gives a gem"),
        Pass = ("action.pass", "no action is possible: pass", "a player can neither take, reserve nor buy (supply empty of what it may take, three cards reserved, none affordable): a position sensible players seldom reach"),
        Took = ("event.took", "tokens taken", "any take"),
        TookGold = ("event.took_gold", "a gold token taken with a reserve", "a reserve while gold is left"),
        Reserved = ("event.reserved", "a card reserved", "any reserve"),
        ReservedBlind = ("event.reserved.blind", "a card reserved blind from a deck", "a reserve from a deck"),
        ReservedNoGold = ("event.reserved.no_gold", "a card reserved with no gold left to take", "a reserve after the gold has run out: then a card is reserved for itself alone, which is seldom worth a turn"),
        Bought = ("event.bought", "a card bought", "any purchase"),
        BoughtReserved = ("event.bought.reserved", "a reserved card bought", "a player buys a card it reserved"),
        GoldCards = ("event.bought.gold_cards", "Orient gold cards spent on a purchase", "--modules orient and a player holding gold cards"),
        Conquest = ("event.bought.conquest", "a stronghold conquest: a card bought by conquest", "--modules strongholds and three strongholds on one card"),
        TookFree = ("event.took_free", "a face-up card taken free", "--modules orient"),
        Returned = ("event.returned", "a token given back", "a player over 10 tokens"),
        NobleVisit = ("event.noble_visit", "a noble visits", "a player's cards meet a noble's needs; never with --modules cities (no nobles)"),
        NobleReserved = ("event.noble_reserved", "a noble reserved", "--modules orient"),
        CityClaimed = ("event.city_claimed", "a city claimed", "--modules cities"),
        PostPlaced = ("event.post_placed", "a coat of arms placed on a post", "--modules trading-posts"),
        Joined = ("event.joined", "an Orient card joined to a colour", "--modules orient"),
        Discarded = ("event.discarded", "an Orient sacrifice: a card discarded", "--modules orient"),
        StrongholdPlaced = ("event.stronghold_placed", "a stronghold placed or moved", "--modules strongholds"),
        StrongholdRemoved = ("event.stronghold_removed", "a stronghold removed", "--modules strongholds"),
        StrongholdsBack = ("event.strongholds_back", "strongholds taken back from a card bought or reserved", "--modules strongholds"),
        Refilled = ("event.refilled", "a face-up place refilled", "any card taken from the table while its deck lasts"),
        Passed = ("event.passed", "a pass", "a player with no action (see action.pass)"),
        LastRound = ("event.last_round", "the last round begins", "a player reaches the goal (or claims a city)"),
        GameOver = ("end.game_over", "the game ends with a winner", "every finished game"),
        Stuck = ("end.stuck", "the game ends with nobody able to act (no winner)", "every player passes, or the round cap: positions sensible players seldom reach"),
    }
}

/// The branches of each action (`s` is the state after it).
#[inline]
pub(crate) fn action(_s: &State, _seat: Seat, a: &Action, hits: &mut Hits) {
    let b = match *a {
        Action::TakeDifferent(_) => B::TakeDifferent,
        Action::TakeTwo(_) => B::TakeTwo,
        Action::Reserve(_) => B::Reserve,
        Action::ReserveDeck(_) => B::ReserveDeck,
        Action::Buy { pay, .. } => {
            if pay.gold != 0 {
                hits.hit(B::BuyGold);
            }
            B::Buy
        }
        Action::Return(_) => B::Return,
        Action::Noble(_) => B::Noble,
        Action::ReserveNoble(_) => B::ReserveNoble,
        Action::City(_) => B::City,
        Action::Post(_) => B::Post,
        Action::Join(_) => B::Join,
        Action::Free(_) => B::Free,
        Action::Discard(_) => B::Discard,
        Action::Place { .. } => B::Place,
        Action::Remove { .. } => B::Remove,
        Action::Decline => B::Decline,
        Action::Gem(_) => B::Gem,
        Action::Pass => B::Pass,
    };
    hits.hit(b);
}

/// The branches of each event.
#[inline(always)]
pub(crate) fn event(e: &Event, hits: &mut Hits) {
    let b = match *e {
        Event::Took { .. } => B::Took,
        Event::Reserved { deck, gold, .. } => {
            hits.hit(if gold { B::TookGold } else { B::ReservedNoGold });
            if deck.is_some() {
                hits.hit(B::ReservedBlind);
            }
            B::Reserved
        }
        Event::Bought {
            from,
            gold_cards,
            conquest,
            ..
        } => {
            if from >= crate::action::RESERVED_SRC {
                hits.hit(B::BoughtReserved);
            }
            if gold_cards > 0 {
                hits.hit(B::GoldCards);
            }
            if conquest {
                hits.hit(B::Conquest);
            }
            B::Bought
        }
        Event::TookFree { .. } => B::TookFree,
        Event::Returned { .. } => B::Returned,
        Event::NobleVisit { .. } => B::NobleVisit,
        Event::NobleReserved { .. } => B::NobleReserved,
        Event::CityClaimed { .. } => B::CityClaimed,
        Event::PostPlaced { .. } => B::PostPlaced,
        Event::Joined { .. } => B::Joined,
        Event::Discarded { .. } => B::Discarded,
        Event::StrongholdPlaced { .. } => B::StrongholdPlaced,
        Event::StrongholdRemoved { .. } => B::StrongholdRemoved,
        Event::StrongholdsBack { .. } => B::StrongholdsBack,
        Event::Refilled { .. } => B::Refilled,
        Event::Passed { .. } => B::Passed,
        Event::LastRound { .. } => B::LastRound,
        Event::GameOver { stuck: false } => B::GameOver,
        Event::GameOver { stuck: true } => B::Stuck,
    };
    hits.hit(b);
}

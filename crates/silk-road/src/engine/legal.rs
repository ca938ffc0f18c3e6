//! What a seat may decide: `legal` lists a seat's decisions, `check` says why one is refused.
//! Rules are cited from the Z-Man rules summary and the project's decisions ("gap N",
//! docs/silk-road.md).

use super::*;

pub(super) fn has_crook(s: &State, seat: Seat) -> bool {
    s.crooks[seat.index()] > 0
}

pub(super) fn usable_barterers(s: &State, seat: Seat) -> u8 {
    s.barterers[seat.index()] - s.fresh_barterers[seat.index()]
}

/// Most goods `seat` can buy of `good`: what it can pay on the ladder and what the bag holds
/// (gap 3: a Buyer gets only what is there).
pub(super) fn max_buy(s: &State, seat: Seat, good: Good) -> u8 {
    let prices = &s.rules.config.params.buyer_prices;
    let money = s.money[seat.index()] as u32;
    let mut k = 0;
    while k < s.bag.get(good) && ladder_total(prices, k + 1) <= money {
        k += 1;
    }
    k
}

pub(super) fn pass_targets(s: &State, actor: Seat) -> SeatSet {
    market::pass_targets(&s.tokens[..s.players()], actor)
}

pub(super) fn final_holders(s: &State, actor: Seat) -> SeatSet {
    market::final_holders(&s.tokens[..s.players()], actor)
}

/// The decisions of `seat` now.
pub fn legal(s: &State, seat: Seat, out: &mut Vec<Action>) {
    out.clear();
    if !to_move(s).includes(seat) {
        return;
    }
    let i = seat.index();
    match s.phase {
        Phase::Auction(a) => {
            out.push(Action::Pass);
            if let Some((lo, hi)) = a.bid_range(seat) {
                out.extend((lo..=hi).map(|k| Action::Bid(k as u16)));
            }
        }
        Phase::HolderChoice(bid) => {
            out.push(Action::SellPawn);
            if !s.rules.config.params.keep_needs_funds || s.money[i] as u32 >= bid.amount {
                out.push(Action::KeepPawn);
            }
        }
        Phase::Move => out.extend(
            s.rules.succ[s.caravan as usize]
                .iter()
                .map(|&c| Action::Move(c)),
        ),
        Phase::ChooseTile { second, .. } => {
            let barter = !second
                && usable_barterers(s, seat) > 0
                && s.tiles_left() >= 2
                && market::may_barter(s.tokens[i]);
            for (slot, _) in s.city_tiles() {
                out.push(Action::Take {
                    slot: slot as u8,
                    barter: false,
                });
                if barter {
                    out.push(Action::Take {
                        slot: slot as u8,
                        barter: true,
                    });
                }
            }
        }
        Phase::Resolve { kind, .. } => {
            out.push(Action::Decline);
            legal_tile_uses(s, seat, s.rules.kind(kind), out);
        }
        Phase::Vizier { reveal, .. } => {
            out.push(Action::Reveal(0));
            if let Some((lo, hi)) = reveal.bid_range(seat) {
                out.extend((lo..=hi.min(u8::MAX as u32)).map(|k| Action::Reveal(k as u8)));
            }
        }
        Phase::PassPawn { actor } => {
            out.extend(pass_targets(s, actor).iter().map(Action::GivePawn))
        }
        Phase::GivePawn { actor } => {
            out.extend(final_holders(s, actor).iter().map(Action::GivePawn))
        }
        Phase::Over => {}
    }
}

/// The ways `seat` may use the tile `kind` it resolves (declining aside): as printed, or with
/// a Crook.
#[inline]
fn legal_tile_uses(s: &State, seat: Seat, kind: TileKind, out: &mut Vec<Action>) {
    let i = seat.index();
    let crook = has_crook(s, seat);
    match kind {
        TileKind::Seller(printed) => {
            for g in Good::ALL.into_iter().filter(|&g| g == printed || crook) {
                out.extend((1..=s.goods[i].get(g)).map(|n| Action::Sell { good: g, n }));
            }
        }
        TileKind::Buyer(printed) => {
            for g in Good::ALL.into_iter().filter(|&g| g == printed || crook) {
                out.extend((1..=max_buy(s, seat, g)).map(|n| Action::Buy { good: g, n }));
            }
        }
        TileKind::Trader {
            give, give_n, get, ..
        } => {
            for gv in Good::ALL {
                for gt in Good::ALL {
                    if gv == gt || !trader_pair_ok(give, get, gv, gt, crook) {
                        continue;
                    }
                    for times in 1..=2u8 {
                        if s.goods[i].get(gv) >= give_n * times {
                            out.push(Action::Trade {
                                times,
                                give: gv,
                                get: gt,
                            });
                        }
                    }
                }
            }
        }
        TileKind::Exchanger(_) => {
            for gv in Good::ALL.into_iter().filter(|&g| s.goods[i].get(g) > 0) {
                for gt in Good::ALL
                    .into_iter()
                    .filter(|&g| g != gv && s.bag.get(g) > 0)
                {
                    out.push(Action::Swap { give: gv, get: gt });
                }
            }
        }
        TileKind::Thief => {
            out.extend(
                Seat::all(s.players())
                    .filter(|&p| p != seat)
                    .map(Action::Steal),
            );
        }
        TileKind::GrandVizier => {
            let allowed = vizier::callable(s.vizier_used);
            out.extend(
                Good::ALL
                    .into_iter()
                    .filter(|g| allowed & (1 << g.index()) != 0)
                    .map(Action::Vizier),
            );
        }
        // Kept on taking: never resolved.
        TileKind::Crook | TileKind::Barterer => {}
    }
}

/// A Trader used as printed, or with one good changed by a Crook (gap 9).
pub(super) fn trader_pair_ok(give: Good, get: Good, gv: Good, gt: Good, crook: bool) -> bool {
    (gv == give && gt == get) || (crook && (gv == give || gt == get))
}

/// Why `action` is not allowed for `seat` now; `Ok` if it is. Never changes the state.
pub fn check(s: &State, seat: Seat, action: Action) -> Result<(), IllegalAction> {
    let tm = to_move(s);
    if tm == ToMove::Terminal {
        return Err(IllegalAction::GameOver);
    }
    if !tm.includes(seat) {
        return Err(IllegalAction::NotYourTurn(seat));
    }
    let i = seat.index();
    let bad = |m: String| Err(IllegalAction::Rule(m));
    match (s.phase, action) {
        (Phase::Auction(a), Action::Pass) => {
            let mut probe = a;
            probe.pass(seat).map_err(IllegalAction::from)
        }
        (Phase::Auction(a), Action::Bid(k)) => {
            let mut probe = a;
            probe.bid(seat, k as u32).map_err(IllegalAction::from)
        }
        (Phase::HolderChoice(_), Action::SellPawn) => Ok(()),
        (Phase::HolderChoice(bid), Action::KeepPawn) => {
            if s.rules.config.params.keep_needs_funds && (s.money[i] as u32) < bid.amount {
                bad(format!(
                    "{seat} cannot pay {} to keep the pawn, so must sell it",
                    bid.amount
                ))
            } else {
                Ok(())
            }
        }
        (Phase::Move, Action::Move(c)) => {
            if s.rules.succ[s.caravan as usize].contains(&c) {
                Ok(())
            } else {
                bad(format!(
                    "the caravan cannot go from {} to {}",
                    s.rules.name(s.caravan),
                    s.rules.name(c)
                ))
            }
        }
        (Phase::ChooseTile { second, .. }, Action::Take { slot, barter }) => {
            let tile = s.tiles[s.caravan as usize].get(slot as usize).copied();
            if tile.is_none_or(|t| t == NO_TILE) {
                return bad(format!(
                    "there is no tile {} in {}",
                    slot + 1,
                    s.rules.name(s.caravan)
                ));
            }
            if barter {
                if second {
                    return bad("this is already the second tile of a Barterer".into());
                }
                if s.barterers[i] == 0 {
                    return bad(format!("{seat} has no Barterer"));
                }
                if usable_barterers(s, seat) == 0 {
                    return bad("a Barterer cannot be used in the city where it was taken".into());
                }
                if s.tiles_left() < 2 {
                    return bad("a Barterer needs two tiles left in the city".into());
                }
                if !market::may_barter(s.tokens[i]) {
                    return bad(format!(
                        "{seat} has already acted in this market: a Barterer would be a third \
                         tile, and a player takes at most {} per market",
                        market::MAX_TILES_PER_MARKET
                    ));
                }
            }
            Ok(())
        }
        (Phase::Resolve { .. }, Action::Decline) => Ok(()),
        (Phase::Resolve { kind, .. }, a) => check_tile(s, seat, s.rules.kind(kind), a),
        (Phase::Vizier { reveal, .. }, Action::Reveal(k)) => {
            let most = reveal.budget(seat).unwrap_or(0);
            if k as u32 > most {
                return bad(format!("{seat} has only {most} to reveal"));
            }
            let mut probe = reveal;
            if k == 0 {
                probe.pass(seat)
            } else {
                probe.bid(seat, k as u32)
            }
            .map_err(IllegalAction::from)
        }
        (Phase::PassPawn { actor }, Action::GivePawn(to)) => {
            if pass_targets(s, actor).contains(to) {
                Ok(())
            } else {
                bad(format!(
                    "the pawn cannot go to {to}: they have acted as often as allowed"
                ))
            }
        }
        (Phase::GivePawn { actor }, Action::GivePawn(to)) => {
            if final_holders(s, actor).contains(to) {
                Ok(())
            } else if to == actor {
                bad(format!("{to} cannot pass the pawn to themselves"))
            } else {
                bad(format!(
                    "the pawn must go to a player who did not act, not {to}"
                ))
            }
        }
        (phase, a) => bad(format!(
            "{} is not possible now ({})",
            describe(a),
            phase_name(phase)
        )),
    }
}

pub(super) fn check_tile(
    s: &State,
    seat: Seat,
    kind: TileKind,
    a: Action,
) -> Result<(), IllegalAction> {
    let i = seat.index();
    let crook = has_crook(s, seat);
    let bad = |m: String| Err(IllegalAction::Rule(m));
    let need_crook = |printed: Good, g: Good| {
        if g != printed && !crook {
            bad(format!(
                "the tile is for {printed}: changing it needs a Crook"
            ))
        } else {
            Ok(())
        }
    };
    match (kind, a) {
        (TileKind::Seller(printed), Action::Sell { good, n }) => {
            need_crook(printed, good)?;
            if n == 0 || n > s.goods[i].get(good) {
                return bad(format!(
                    "{seat} cannot sell {n} {good}: has {}",
                    s.goods[i].get(good)
                ));
            }
            Ok(())
        }
        (TileKind::Buyer(printed), Action::Buy { good, n }) => {
            need_crook(printed, good)?;
            if n == 0 {
                return bad("buy at least 1".into());
            }
            if n > s.bag.get(good) {
                return bad(format!("only {} {good} left in the bag", s.bag.get(good)));
            }
            let cost = ladder_total(&s.rules.config.params.buyer_prices, n);
            if cost > s.money[i] as u32 {
                return bad(format!("{n} {good} cost {cost}; {seat} has {}", s.money[i]));
            }
            Ok(())
        }
        (
            TileKind::Trader {
                give, give_n, get, ..
            },
            Action::Trade {
                times,
                give: gv,
                get: gt,
            },
        ) => {
            if !(1..=2).contains(&times) {
                return bad("a Trader is used once or twice".into());
            }
            if gv == gt || !trader_pair_ok(give, get, gv, gt, crook) {
                return bad(format!(
                    "the tile trades {give} for {get}; a Crook may change one of them"
                ));
            }
            if s.goods[i].get(gv) < give_n * times {
                return bad(format!("{seat} needs {} {gv}", give_n * times));
            }
            Ok(())
        }
        (TileKind::Exchanger(_), Action::Swap { give, get }) => {
            if give == get {
                return bad("swap a good for a different one".into());
            }
            if s.goods[i].get(give) == 0 {
                return bad(format!("{seat} has no {give}"));
            }
            if s.bag.get(get) == 0 {
                return bad(format!("no {get} left in the bag"));
            }
            Ok(())
        }
        (TileKind::Thief, Action::Steal(victim)) => {
            if victim == seat || victim.index() >= s.players() {
                bad("steal from another player".into())
            } else {
                Ok(())
            }
        }
        (TileKind::GrandVizier, Action::Vizier(g)) => {
            if !vizier::may_call(s.vizier_used, g) {
                bad(format!("a Grand Vizier has already called {g}"))
            } else {
                Ok(())
            }
        }
        (kind, a) => bad(format!("{} is not what {} does", describe(a), kind.label())),
    }
}

pub(super) fn describe(a: Action) -> &'static str {
    match a {
        Action::Bid(_) => "bidding",
        Action::Pass => "passing",
        Action::SellPawn | Action::KeepPawn => "selling or keeping the pawn",
        Action::Move(_) => "moving the caravan",
        Action::Take { .. } => "taking a tile",
        Action::Sell { .. } => "selling",
        Action::Buy { .. } => "buying",
        Action::Trade { .. } => "trading",
        Action::Swap { .. } => "swapping",
        Action::Steal(_) => "stealing",
        Action::Vizier(_) => "calling a Grand Vizier",
        Action::Reveal(_) => "revealing",
        Action::Decline => "declining",
        Action::GivePawn(_) => "giving the pawn",
    }
}

pub fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Auction(_) => "leader auction",
        Phase::HolderChoice(_) => "the holder sells or keeps the pawn",
        Phase::Move => "the leader moves the caravan",
        Phase::ChooseTile { .. } => "market: take a tile",
        Phase::Resolve { .. } => "market: use the tile",
        Phase::Vizier { .. } => "Grand Vizier reveal",
        Phase::PassPawn { .. } => "market: pass the pawn",
        Phase::GivePawn { .. } => "market over: give the pawn",
        Phase::Over => "game over",
    }
}

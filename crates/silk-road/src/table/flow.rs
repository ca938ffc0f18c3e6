//! The state machine: what each accepted entry does to the table and what is announced.

use super::prompt::entry_name;
use super::{err, Entry, Step, Table, TableError, Taken, MAX_MONEY};
use crate::goods::{Good, Goods};
use crate::market::{self, AfterTurn};
use crate::scoring::{rank, score_holdings};
use crate::state::MAX_PLAYERS;
use crate::vizier;
use silk_core::{Seat, SeatSet, MAX_SEATS};
use silk_trade::auction::{OnceAround, Sealed, TieBreak};
use silk_trade::TradeError;

impl Table {
    /// Applies an entry; returns what to announce. On error the table is unchanged.
    pub fn apply(&mut self, entry: Entry) -> Result<Vec<String>, TableError> {
        let mut next = self.clone();
        let said = next.apply_inner(&entry)?;
        next.entries.push(entry);
        *self = next;
        Ok(said)
    }

    fn apply_inner(&mut self, entry: &Entry) -> Result<Vec<String>, TableError> {
        let mut say = Vec::new();
        match (self.step, entry) {
            (Step::FirstLeader, Entry::FirstLeader(seat)) => {
                if seat.index() >= self.players() {
                    return err("no such player");
                }
                self.holder = *seat;
                self.open_auction(&mut say);
            }
            (Step::Auction(mut a), Entry::Bid(k)) => {
                let seat = a.next_bidder().unwrap_or(self.holder);
                a.bid(seat, *k).map_err(|e| self.bid_refused(e))?;
                say.push(format!("{} bids {k}", self.name(seat)));
                self.after_bid(a, &mut say);
            }
            (Step::Auction(mut a), Entry::Pass) => {
                let seat = a.next_bidder().unwrap_or(self.holder);
                a.pass(seat).map_err(|e| self.bid_refused(e))?;
                say.push(format!("{} passes", self.name(seat)));
                self.after_bid(a, &mut say);
            }
            (Step::HolderChoice(b), Entry::Sell) => {
                say.push(format!(
                    "{} pays {} {} and takes the pawn and the turn tokens",
                    self.name(b.seat),
                    self.name(self.holder),
                    b.amount
                ));
                self.holder = b.seat;
                self.step = Step::Move;
            }
            (Step::HolderChoice(b), Entry::Keep) => {
                say.push(format!(
                    "{} pays {} {} and keeps the pawn",
                    self.name(self.holder),
                    self.name(b.seat),
                    b.amount
                ));
                self.step = Step::Move;
            }
            (Step::Move, Entry::Move(name)) => self.move_to(name, &mut say)?,
            (Step::Take { actor, second }, Entry::Take { tile, barter }) => {
                self.take(actor, second, *tile, *barter, &mut say)?
            }
            (Step::Call { actor, barter }, Entry::Call(good)) => {
                self.call(actor, barter, *good, &mut say)?
            }
            (Step::Reveal { .. }, Entry::Reveal { seat, count }) => {
                self.reveal(*seat, *count, &mut say)?
            }
            (Step::PassPawn { actor, targets }, Entry::Give(to)) => {
                self.pass_pawn(actor, targets, *to, &mut say)?
            }
            (Step::GivePawn { actor, holders }, Entry::Give(to)) => {
                self.give_pawn(actor, holders, *to, &mut say)?
            }
            (step, Entry::Count) => {
                if matches!(step, Step::Scoring | Step::Done) {
                    return err("the count has already started");
                }
                say.push("Final count".into());
                self.step = Step::Scoring;
            }
            (
                Step::Scoring,
                Entry::Holdings {
                    seat,
                    gold,
                    silver,
                    goods,
                },
            ) => self.enter_count(*seat, (*gold, *silver), goods, false, &mut say)?,
            (
                Step::Scoring | Step::Done,
                Entry::Fix {
                    seat,
                    gold,
                    silver,
                    goods,
                },
            ) => self.enter_count(*seat, (*gold, *silver), goods, true, &mut say)?,
            (_, e) => {
                return err(format!(
                    "{} is not expected now: {}",
                    entry_name(e),
                    self.prompt().question
                ))
            }
        }
        Ok(say)
    }

    /// The Grand Vizier's call of `good` by `actor`: everyone then shows theirs at once.
    fn call(
        &mut self,
        actor: Seat,
        barter: bool,
        good: Good,
        say: &mut Vec<String>,
    ) -> Result<(), TableError> {
        if !vizier::may_call(self.vizier_used, good) {
            return err(format!("a Grand Vizier has already called {good}"));
        }
        vizier::call(&mut self.vizier_used, good);
        let n = self.players();
        let most = self.rules.config.params.goods_per_colour as u32;
        let sealed = Sealed::new(SeatSet::full(n), &[most; MAX_SEATS][..n])?;
        say.push(format!(
            "{} calls {good}: everyone shows their {good} at once",
            self.name(actor)
        ));
        self.step = Step::Reveal {
            actor,
            good,
            sealed,
            barter,
        };
        Ok(())
    }

    /// `actor` passes the pawn to `to`, one of `targets` (who have not had their turn), whose
    /// turn it is.
    fn pass_pawn(
        &mut self,
        actor: Seat,
        targets: SeatSet,
        to: Seat,
        say: &mut Vec<String>,
    ) -> Result<(), TableError> {
        self.hand_pawn(actor, to, targets, "passes", say, |name| {
            format!("the pawn cannot go to {name}: they have had their turn")
        })?;
        self.step = Step::Take {
            actor: to,
            second: false,
        };
        Ok(())
    }

    /// `actor` gives the pawn to `to`, one of `holders` (who did not act), for the next auction.
    fn give_pawn(
        &mut self,
        actor: Seat,
        holders: SeatSet,
        to: Seat,
        say: &mut Vec<String>,
    ) -> Result<(), TableError> {
        self.hand_pawn(actor, to, holders, "gives", say, |name| {
            format!("the pawn must go to a player who did not act, not {name}")
        })?;
        self.open_auction(say);
        Ok(())
    }

    /// `actor` hands the pawn to `to` if `to` is one of `allowed` (`refusal` says why not,
    /// given `to`'s name); `verb` is how the history tells it.
    fn hand_pawn(
        &mut self,
        actor: Seat,
        to: Seat,
        allowed: SeatSet,
        verb: &str,
        say: &mut Vec<String>,
        refusal: impl FnOnce(&str) -> String,
    ) -> Result<(), TableError> {
        if !allowed.contains(to) {
            return err(refusal(self.name(to)));
        }
        say.push(format!(
            "{} {verb} the pawn to {}",
            self.name(actor),
            self.name(to)
        ));
        self.holder = to;
        Ok(())
    }

    /// `actor` takes a tile (with a Barterer: a second one follows).
    fn take(
        &mut self,
        actor: Seat,
        second: bool,
        tile: Taken,
        barter: bool,
        say: &mut Vec<String>,
    ) -> Result<(), TableError> {
        let i = actor.index();
        if barter {
            if second {
                return err("this is already the second tile of a Barterer");
            }
            self.can_barter(actor)?;
            self.barterers[i] -= 1;
        }
        if self.tiles_left == 0 {
            return err(format!("no tiles are left in {}", self.city));
        }
        self.tiles_left -= 1;
        self.tokens[i] += 1;
        say.push(format!(
            "{} takes {}{}",
            self.name(actor),
            match tile {
                Taken::Tile => "a tile",
                Taken::GrandVizier => "the Grand Vizier",
                Taken::Crook => "a Crook (kept in front of the screen)",
                Taken::Barterer => "a Barterer (usable from the next city)",
            },
            if barter {
                ", using a Barterer: a second tile follows"
            } else {
                ""
            }
        ));
        match tile {
            Taken::Crook => self.crooks[i] += 1,
            Taken::Barterer => {
                self.barterers[i] += 1;
                self.fresh_barterers[i] += 1;
            }
            _ => {}
        }
        if tile == Taken::GrandVizier {
            self.step = Step::Call { actor, barter };
        } else {
            self.after_turn(actor, barter, say);
        }
        Ok(())
    }

    /// `seat` shows `count` of the called good; when all have, the Vizier pays.
    fn reveal(&mut self, seat: Seat, count: u8, say: &mut Vec<String>) -> Result<(), TableError> {
        let Step::Reveal {
            actor,
            good,
            mut sealed,
            barter,
        } = self.step
        else {
            return err("no Grand Vizier is being revealed");
        };
        if sealed.committed(seat).is_some() {
            return err(format!("{} has already revealed", self.name(seat)));
        }
        if seat.index() >= self.players() {
            return err("no such player");
        }
        sealed.commit(seat, count as u32).map_err(|_| {
            TableError::Refused(format!("{count} is more {good} than the game has"))
        })?;
        say.push(format!(
            "{} shows {}",
            self.name(seat),
            good.count(count as u32)
        ));
        if !sealed.is_done() {
            self.step = Step::Reveal {
                actor,
                good,
                sealed,
                barter,
            };
            return Ok(());
        }
        let pay = vizier::payout(
            &self.rules.config.params,
            &sealed.amounts().unwrap_or([0; MAX_SEATS]),
            sealed.seats(),
            TieBreak::Shared,
        );
        let winners: Vec<String> = sealed
            .seats()
            .iter()
            .filter(|s| pay[s.index()] > 0)
            .map(|s| format!("{} takes {} silver", self.name(s), pay[s.index()]))
            .collect();
        say.push(if winners.is_empty() {
            "Nobody showed any: nobody is paid".into()
        } else {
            format!("Grand Vizier on {good}: {}", winners.join(", "))
        });
        self.after_turn(actor, barter, say);
        Ok(())
    }

    /// A seat's final count (`fix`: a correction of one already in); the scores once all are in.
    fn enter_count(
        &mut self,
        seat: Seat,
        (gold, silver): (u32, u32),
        goods: &Goods,
        fix: bool,
        say: &mut Vec<String>,
    ) -> Result<(), TableError> {
        let i = self.count_seat(seat)?;
        let name = self.name(seat).to_string();
        match (&self.holdings[i], fix) {
            (Some(_), false) => {
                return err(format!(
                    "{name}'s count is already in ({}): `fix {name} …` replaces it, `undo` takes back the last entry",
                    self.show_holdings(i)
                ))
            }
            (None, true) => {
                return err(format!(
                    "{name} has no count to fix yet: enter it as `name gold silver ivory silk fruits jewels spices`"
                ))
            }
            _ => {}
        }
        let money = self.check_holdings(seat, gold, silver, goods)?;
        let was = self.show_holdings(i);
        self.holdings[i] = Some((money, *goods));
        self.coins[i] = (gold, silver);
        say.push(if fix {
            format!("{name} corrected: {} (was {was})", self.show_holdings(i))
        } else {
            format!("{name}: {}", self.show_holdings(i))
        });
        if self.holdings[..self.players()].iter().all(Option::is_some) {
            self.finish(say);
        }
        Ok(())
    }

    /// A player's final holdings as entered: `1 gold 5 silver (money 10), 3 silk`.
    fn show_holdings(&self, i: usize) -> String {
        let (gold, silver) = self.coins[i];
        match self.holdings[i] {
            Some((money, goods)) => {
                format!("{gold} gold {silver} silver (money {money}), {goods}")
            }
            None => "nothing yet".into(),
        }
    }

    /// The index of a player in the final count.
    fn count_seat(&self, seat: Seat) -> Result<usize, TableError> {
        if seat.index() >= self.players() {
            return err("no such player");
        }
        Ok(seat.index())
    }

    /// A player's final holdings as money in silver, refused when they need more of something
    /// than the game has, counting what the others already hold: goods of a colour beyond the
    /// bag (`goods_per_colour`), money beyond a limited bank (`bank_coins`) or beyond any real
    /// purse.
    fn check_holdings(
        &self,
        seat: Seat,
        gold: u32,
        silver: u32,
        goods: &Goods,
    ) -> Result<u32, TableError> {
        let money = gold
            .checked_mul(silk_trade::SILVER_PER_GOLD)
            .and_then(|g| g.checked_add(silver))
            .filter(|&m| m <= MAX_MONEY)
            .ok_or_else(|| {
                TableError::Refused(format!(
                    "{gold} gold and {silver} silver is more money than a game holds"
                ))
            })?;
        let others = self.holdings[..self.players()]
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != seat.index())
            .filter_map(|(_, h)| *h);
        let params = &self.rules.config.params;
        let cap = params.goods_per_colour as u32;
        for g in Good::ALL {
            let mine = goods.get(g) as u32;
            let theirs: u32 = others.clone().map(|(_, o)| o.get(g) as u32).sum();
            if mine + theirs > cap {
                return err(if theirs == 0 {
                    format!("{mine} {g} is more than the game has: {cap} {g} in all")
                } else {
                    format!(
                        "{mine} {g} and the {theirs} already counted make {}: the game has {cap} {g} in all",
                        mine + theirs
                    )
                });
            }
        }
        // A limited bank holds every coin there is (0: unlimited).
        let bank = params.bank_coins;
        let theirs: u32 = others.map(|(m, _)| m).sum();
        if bank > 0 && money + theirs > bank {
            return err(format!(
                "{money} silver{} is more than the {bank} the game's coins are worth",
                if theirs > 0 {
                    format!(" and the {theirs} already counted")
                } else {
                    String::new()
                }
            ));
        }
        Ok(money)
    }

    /// An auction's refusal in the players' names (the mechanic knows only seats).
    fn bid_refused(&self, e: TradeError) -> TableError {
        TableError::Refused(match e {
            TradeError::BidTooLow { seat, amount, min } => format!(
                "{} cannot bid {amount}: the lowest allowed bid is {min}",
                self.name(seat)
            ),
            TradeError::BidOverBudget { amount, .. } => format!(
                "{amount} is more than anyone can hold: all the game's money is worth {} silver",
                self.max_bid()
            ),
            TradeError::NotYourTurn { expected, .. } => {
                format!("it is {}'s turn to bid", self.name(expected))
            }
            TradeError::AlreadyOut(seat) => format!("{} has already passed", self.name(seat)),
            other => other.to_string(),
        })
    }

    fn open_auction(&mut self, say: &mut Vec<String>) {
        let n = self.players();
        self.round += 1;
        // The market's turn tokens go back with the pawn.
        self.tokens = [0; MAX_PLAYERS];
        match OnceAround::around(
            self.holder,
            n,
            &[self.max_bid(); MAX_SEATS][..n],
            self.rules.config.params.min_bid,
        ) {
            Ok(a) => {
                say.push(format!(
                    "{} holds the leader pawn: bidding opens",
                    self.name(self.holder)
                ));
                self.step = Step::Auction(a);
            }
            Err(_) => self.step = Step::Move,
        }
    }

    fn after_bid(&mut self, a: OnceAround, say: &mut Vec<String>) {
        self.step = if !a.is_done() {
            Step::Auction(a)
        } else if let Some(high) = a.high() {
            Step::HolderChoice(high)
        } else {
            say.push(format!(
                "Nobody bids: {} keeps the pawn",
                self.name(self.holder)
            ));
            Step::Move
        };
    }

    fn move_to(&mut self, name: &str, say: &mut Vec<String>) -> Result<(), TableError> {
        let r = self.rules;
        let known = r
            .city_names
            .iter()
            .position(|c| c.eq_ignore_ascii_case(name.trim()));
        let city = if self.any_city {
            known.map(|c| c as u8)
        } else {
            let c = known.ok_or_else(|| {
                TableError::Refused(format!(
                    "no city called {name:?} on the map (use --any-city to name any)"
                ))
            })? as u8;
            let here = self.caravan.unwrap_or(r.start);
            if !r.succ[here as usize].contains(&c) {
                return err(format!(
                    "the caravan cannot go from {} to {}: choose {}",
                    self.city,
                    r.name(c),
                    self.next_cities().join(" or ")
                ));
            }
            Some(c)
        };
        self.caravan = city;
        self.city = city
            .map(|c| r.name(c).to_string())
            .unwrap_or_else(|| name.trim().to_string());
        say.push(format!(
            "{} moves the caravan to {}",
            self.name(self.holder),
            self.city
        ));
        if city == Some(r.end) {
            say.push("The caravan has reached the end: the game is over. Time to count.".into());
            self.step = Step::Scoring;
            return Ok(());
        }
        self.tokens = [0; MAX_PLAYERS];
        self.fresh_barterers = [0; MAX_PLAYERS];
        self.tiles_left = r.tiles_per_city;
        if let Some(b) = city.and_then(|c| r.bonus[c as usize]) {
            say.push(format!(
                "{}: {} may first use the printed bonus ({})",
                self.city,
                self.name(self.holder),
                r.kind(b).label()
            ));
        }
        self.step = Step::Take {
            actor: self.holder,
            second: false,
        };
        Ok(())
    }

    fn after_turn(&mut self, actor: Seat, barter: bool, say: &mut Vec<String>) {
        if barter {
            self.step = Step::Take {
                actor,
                second: true,
            };
            return;
        }
        let n = self.players();
        match market::after_turn(&self.tokens[..n], self.tiles_left as usize, actor) {
            AfterTurn::PassTo(to) => {
                say.push(format!(
                    "{} passes the pawn to {} (the only one who may act)",
                    self.name(actor),
                    self.name(to)
                ));
                self.holder = to;
                self.step = Step::Take {
                    actor: to,
                    second: false,
                };
            }
            AfterTurn::ChoosePass(targets) => self.step = Step::PassPawn { actor, targets },
            AfterTurn::ChooseHolder(holders) => self.step = Step::GivePawn { actor, holders },
            AfterTurn::HeldBy(to) => {
                say.push(format!(
                    "Market over: {} holds the pawn for the next auction",
                    self.name(to)
                ));
                self.holder = to;
                self.open_auction(say);
            }
        }
    }

    fn finish(&mut self, say: &mut Vec<String>) {
        let n = self.players();
        let money: Vec<u32> = self.holdings[..n]
            .iter()
            .map(|h| h.map(|x| x.0).unwrap_or(0))
            .collect();
        let goods: Vec<Goods> = self.holdings[..n]
            .iter()
            .map(|h| h.map(|x| x.1).unwrap_or_default())
            .collect();
        let scores = score_holdings(&money, &goods, self.rules.config.params.majority_bonus);
        let outcome = rank(&scores[..n], self.rules.config.params.tie_break);
        for g in Good::ALL {
            match crate::scoring::sole_majority(&goods, g) {
                Some(i) => say.push(format!(
                    "Most {g}: {} (+{})",
                    self.names[i], self.rules.config.params.majority_bonus
                )),
                None => say.push(format!("Most {g}: tied or nobody — no bonus")),
            }
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (outcome.ranks[i], i));
        for i in order {
            let s = scores[i];
            say.push(format!(
                "{}. {}: {} (money {}, goods {}, majorities {})",
                outcome.ranks[i] + 1,
                self.names[i],
                s.total,
                s.money,
                s.goods,
                s.majorities
            ));
        }
        self.result = Some((scores[..n].to_vec(), outcome.ranks));
        self.step = Step::Done;
    }
}

//! Costs and routes: what entering a region costs a mover, the route a move takes (gap 22:
//! cheapest, fewest regions or by way of a waypoint), what it pays on the way, and whether the mover
//! can afford it.

use super::economy::improvement_sum;
use super::prices::buy_price;
use super::{bad, Res2, BLOCKED};
use crate::data::{ImprovementEffect, RouteRule, SafePassage, MAX_REGIONS};
use crate::state::{Move, MoveKind, State, NONE};
use silk_core::Seat;
use silk_trade::route::{Goal, PathTree, TargetCost, MAX_STACKS};

/// Design: trade cost = travel cost (ambiguity 12), raised for barbarian-penalised players.
pub fn travel(s: &State, seat: Seat, r: u8) -> u32 {
    let base = s.rules.map.cost(r);
    if s.penalized.contains(seat) {
        s.barb.apply(r, base)
    } else {
        base
    }
}

/// What entering each region costs one mover in the current state, derived once: every route
/// a decision prices (and every relaxation of every search) reads this table instead of
/// asking the state region by region.
#[derive(Clone, Copy)]
pub(super) struct Costs {
    mover: Seat,
    /// The seat whose City-State stands in each region (as `State::owner`), or `NONE`.
    owner: [u8; MAX_REGIONS],
    /// `travel` of the mover per region.
    travel: [u32; MAX_REGIONS],
    /// Entering a region away from other players' cities: travel plus one per stack there.
    entry: [u32; MAX_REGIONS],
    /// What entering the region costs the mover at the least: a city's toll is at least its
    /// travel cost; elsewhere the travel cost plus one per stack already there.
    step: [u32; MAX_REGIONS],
    /// The mover's Caravanserai discount on the first region of a route.
    disc: u32,
}

impl Costs {
    pub(super) fn new(s: &State, mover: Seat) -> Costs {
        let mut c = Costs {
            mover,
            owner: [NONE; MAX_REGIONS],
            travel: [0; MAX_REGIONS],
            entry: [0; MAX_REGIONS],
            step: [0; MAX_REGIONS],
            disc: route_discount(s, mover),
        };
        // Backwards, so the lowest seat standing in a region wins, as in `State::owner`.
        for i in (0..s.players()).rev() {
            if let Some(o) = c.owner.get_mut(s.cities[i].region as usize) {
                *o = i as u8;
            }
        }
        let penalized = s.penalized.contains(mover);
        for r in 0..s.rules.map.len().min(MAX_REGIONS) {
            // `travel`, and `CoinStacks::entry_cost`: travel plus one per stack.
            let base = s.rules.map.cost(r as u8);
            let t = if penalized {
                s.barb.apply(r as u8, base)
            } else {
                base
            };
            let stacks = s.stacks.stack_count(r as u8);
            c.travel[r] = t;
            c.entry[r] = t.saturating_add(stacks as u32);
            c.step[r] = match c.owner(r as u8) {
                Some(o) if o != mover => t,
                _ if stacks >= MAX_STACKS => BLOCKED,
                _ => c.entry[r],
            };
        }
        c
    }

    fn owner(&self, r: u8) -> Option<Seat> {
        match self.owner.get(r as usize) {
            Some(&o) if o != NONE => Some(Seat(o)),
            _ => None,
        }
    }

    /// The cost of entering `r` on a route that avoids the regions in `avoid` (refused tolls)
    /// except the target city.
    pub(super) fn route_step(&self, avoid: u16, target: Option<u8>, r: u8) -> u32 {
        if avoid & (1 << r) != 0 && Some(r) != target {
            BLOCKED
        } else {
            self.step[r as usize]
        }
    }
}

pub(super) fn goal_of(s: &State, kind: MoveKind) -> Goal {
    match kind {
        MoveKind::Buy { empire, .. } | MoveKind::Sell { empire, .. } => Goal::Empire(empire),
        MoveKind::Deliver { to, .. } => Goal::Region(s.city(to).region),
        MoveKind::Attack { target, .. } => Goal::Region(s.city(target).region),
    }
}

/// The target city's region of a move, if it goes to a city.
pub(super) fn target_of(s: &State, kind: MoveKind) -> Option<u8> {
    match goal_of(s, kind) {
        Goal::Region(t) => Some(t),
        Goal::Empire(_) => None,
    }
}

/// Gap 22 (simplified, see the README): the route is the cheapest path for the mover
/// (`route_rule = cheapest`) or the one entering the fewest regions. Regions in `avoid` (cities
/// whose toll was refused) are not entered. Tolls start at their minimum.
pub fn plan(s: &State, mover: Seat, kind: MoveKind, avoid: u16) -> Option<Move> {
    plan_with(s, &Costs::new(s, mover), kind, avoid)
}

/// `plan` with the mover's cost table.
pub(super) fn plan_with(s: &State, c: &Costs, kind: MoveKind, avoid: u16) -> Option<Move> {
    let home = s.city(c.mover).region;
    let goal = goal_of(s, kind);
    let target = match goal {
        Goal::Region(t) => Some(t),
        Goal::Empire(_) => None,
    };
    let fewest = s.rules.config.params.route_rule == RouteRule::FewestRegions;
    let (_, path, len) =
        s.rules
            .map
            .cheapest_path_in::<MAX_REGIONS>(home, goal, TargetCost::Excluded, |r| {
                let x = c.route_step(avoid, target, r);
                if fewest {
                    x.saturating_add(100_000)
                } else {
                    x
                }
            })?;
    build_move(s, c, kind, avoid, &path[..len])
}

/// A move along `path` (home first), tolls at their minimum; `None` if it enters a blocked
/// region.
pub(super) fn build_move(
    s: &State,
    c: &Costs,
    kind: MoveKind,
    avoid: u16,
    path: &[u8],
) -> Option<Move> {
    let target = target_of(s, kind);
    let mut mv = Move {
        mover: c.mover,
        kind,
        avoid,
        path: [0; MAX_REGIONS],
        len: path.len() as u8,
        tolls: [0; MAX_REGIONS],
    };
    for (k, &r) in path.iter().enumerate() {
        mv.path[k] = r;
        if k > 0 && Some(r) != target && c.route_step(avoid, target, r) >= BLOCKED {
            return None;
        }
        if k > 0 && is_toll(c, target, &mv, k) {
            mv.tolls[k] = c.travel[r as usize] as u8;
        }
    }
    Some(mv)
}

/// Gap 22 with `route_rule = waypoint`: the route through the waypoint `via`, i.e. the
/// cheapest path from home to `via` (not through the target city), then the cheapest path from
/// `via` to the goal that enters no region twice. Checked and priced by silk-trade's
/// `path_cost` under the same step costs as the cheapest route (stacks, penalty, minimum
/// tolls). `None` if there is no such route.
pub fn plan_via(s: &State, mover: Seat, kind: MoveKind, avoid: u16, via: u8) -> Option<Move> {
    let c = Costs::new(s, mover);
    let legs = first_legs(s, &c, target_of(s, kind), avoid);
    plan_via_with(s, &c, &legs, kind, avoid, via)
}

/// A full search from home (silk-trade's shortest-path tree on this map's at most 16 regions),
/// grown to the end once instead of once per goal.
type Tree = PathTree<MAX_REGIONS>;

pub(super) fn grow(s: &State, home: u8, cost: impl Fn(u8) -> u32) -> Tree {
    s.rules.map.grow_tree::<MAX_REGIONS>(home, 0, None, cost).0
}

/// Where `cheapest_path` ends for `goal`: the region itself, or the first region settled that
/// borders the empire.
pub(super) fn tree_end(s: &State, tree: &Tree, goal: Goal) -> Option<u8> {
    match goal {
        Goal::Region(t) => Some(t),
        Goal::Empire(e) => tree.first_settled_in(s.rules.map.empire_borders(e)),
    }
}

/// The cheapest first legs of waypoint routes: home to every waypoint under the first leg's
/// costs (the target city blocked).
fn first_legs(s: &State, c: &Costs, target: Option<u8>, avoid: u16) -> Tree {
    grow(s, s.city(c.mover).region, |r| {
        if Some(r) == target {
            BLOCKED
        } else {
            c.route_step(avoid, target, r)
        }
    })
}

/// `plan_via` with the mover's cost table and first legs.
fn plan_via_with(
    s: &State,
    c: &Costs,
    legs: &Tree,
    kind: MoveKind,
    avoid: u16,
    via: u8,
) -> Option<Move> {
    let map = &s.rules.map;
    let home = s.city(c.mover).region;
    let goal = goal_of(s, kind);
    let target = match goal {
        Goal::Region(t) => Some(t),
        Goal::Empire(_) => None,
    };
    // The target city is blocked in the first legs, so it has no first leg and is no waypoint.
    if via as usize >= map.len() || via == home {
        return None;
    }
    let cost = |r: u8| c.route_step(avoid, target, r);
    if cost(via) >= BLOCKED {
        return None;
    }
    let (c1, leg1, len1) = legs.path(via)?;
    let leg1 = &leg1[..len1];
    if c1 >= BLOCKED {
        return None;
    }
    let seen: u64 = leg1.iter().fold(0, |m, &r| m | 1 << r);
    let (_, leg2, len2) =
        s.rules
            .map
            .cheapest_path_in::<MAX_REGIONS>(via, goal, TargetCost::Excluded, |r| {
                if seen & (1 << r) != 0 {
                    BLOCKED
                } else {
                    cost(r)
                }
            })?;
    let leg2 = &leg2[..len2];
    let mut path = [0u8; MAX_REGIONS];
    let mut len = 0;
    for r in leg1.iter().copied().chain(leg2.iter().copied().skip(1)) {
        *path.get_mut(len)? = r;
        len += 1;
    }
    // The path starts at home and each step is a border (both legs are searched paths meeting
    // at `via`), so only a region entered twice (leg 2 forced through leg 1) refuses the route
    // here; `build_move` refuses a blocked step, and 16 unblocked steps (a region's cost is at
    // most 255 + 127 in penalties, plus fewer than `MAX_STACKS` stacks) never add up to `BLOCKED`.
    let mut entered = 0u64;
    for (k, &r) in path[..len].iter().enumerate() {
        debug_assert!(k == 0 || map.adjacent(path[k - 1], r));
        if entered & (1 << r) != 0 {
            return None;
        }
        entered |= 1 << r;
    }
    build_move(s, c, kind, avoid, &path[..len])
}

/// Why a `Route(via)` decision is refused (the message is written only when asked for).
pub(super) enum RouteRefusal {
    NoRoute,
    NoWaypointRoute,
    WaypointIsCheapest,
    CannotPay(Move),
}

/// What the route choices of one move share: the mover's costs, the cheapest route and the
/// first legs of waypoint routes (grown when a waypoint is first asked about).
pub(super) struct RouteChoices {
    pub(super) c: Costs,
    pub(super) cheapest: Option<Move>,
    pub(super) legs: std::cell::OnceCell<Tree>,
}

impl RouteChoices {
    pub(super) fn new(s: &State, mv: &Move) -> RouteChoices {
        RouteChoices::with_costs(s, Costs::new(s, mv.mover), mv)
    }

    pub(super) fn with_costs(s: &State, c: Costs, mv: &Move) -> RouteChoices {
        let cheapest = plan_with(s, &c, mv.kind, mv.avoid);
        RouteChoices {
            c,
            cheapest,
            legs: std::cell::OnceCell::new(),
        }
    }

    /// The route a `Route(via)` decision gives for the move `mv`.
    pub(super) fn choice(&self, s: &State, mv: &Move, via: u8) -> Result<Move, RouteRefusal> {
        let c = &self.c;
        let new = if via == NONE {
            self.cheapest.ok_or(RouteRefusal::NoRoute)?
        } else {
            let legs = self
                .legs
                .get_or_init(|| first_legs(s, c, target_of(s, mv.kind), mv.avoid));
            let new = plan_via_with(s, c, legs, mv.kind, mv.avoid, via)
                .ok_or(RouteRefusal::NoWaypointRoute)?;
            if self.cheapest.is_some_and(|x| x.path() == new.path()) {
                return Err(RouteRefusal::WaypointIsCheapest);
            }
            new
        };
        if slack(s, c, &new) < 0 {
            return Err(RouteRefusal::CannotPay(new));
        }
        Ok(new)
    }

    /// Whether some waypoint gives the move `mv` another affordable route.
    pub(super) fn any_waypoint(&self, s: &State, mv: &Move) -> bool {
        (0..s.rules.map.len() as u8).any(|g| self.choice(s, mv, g).is_ok())
    }
}

/// The route a `Route(via)` decision gives for the move `mv`, if it may be chosen: `NONE` is
/// the cheapest route; a waypoint must give a different route. Either must be affordable.
pub fn route_option(s: &State, mv: &Move, via: u8) -> Res2<Move> {
    route_planned(s, mv, via).map(|p| p.mv)
}

/// `route_option` with the mover's costs.
pub(super) fn route_planned(s: &State, mv: &Move, via: u8) -> Res2<Planned> {
    let choices = RouteChoices::new(s, mv);
    let c = &choices.c;
    match choices.choice(s, mv, via) {
        Ok(new) => Ok(Planned { mv: new, costs: *c }),
        Err(RouteRefusal::NoRoute) => bad("no route can get there"),
        Err(RouteRefusal::NoWaypointRoute) => bad(format!(
            "no route goes by way of {}",
            s.rules.region_name(via)
        )),
        Err(RouteRefusal::WaypointIsCheapest) => bad(format!(
            "the way through {} is the cheapest route: say `route cheapest`",
            s.rules.region_name(via)
        )),
        Err(RouteRefusal::CannotPay(new)) => bad(format!(
            "{} cannot pay that route ({}) and the cost ({}) with {} coins",
            mv.mover,
            payments(s, c, &new).1,
            extra_cost(s, &new),
            s.city(mv.mover).coins
        )),
    }
}

/// What the mover would pay along the route of `mv` with the tolls as they stand (Caravanserai
/// and Safe Passage included).
pub fn route_payment(s: &State, mv: &Move) -> u32 {
    payments(s, &Costs::new(s, mv.mover), mv).1
}

/// Whether path position `k` is another player's city the mover passes through (`target`:
/// the move's target city's region).
pub(super) fn is_toll(c: &Costs, target: Option<u8>, mv: &Move, k: usize) -> bool {
    toll_at(|r| c.owner(r), target, mv, k)
}

/// `is_toll` with the owner of each region from `owner`.
pub(super) fn toll_at(
    owner: impl Fn(u8) -> Option<Seat>,
    target: Option<u8>,
    mv: &Move,
    k: usize,
) -> bool {
    let r = mv.path[k];
    let last = k + 1 == mv.len as usize;
    !(last && target == Some(r)) && owner(r).is_some_and(|o| o != mv.mover)
}

/// The Caravanserai's discount on the first region of a route (gap 13).
fn route_discount(s: &State, seat: Seat) -> u32 {
    improvement_sum(s, seat, |e| match e {
        ImprovementEffect::RouteDiscount(d) => Some(d as u32),
        _ => Some(0),
    })
}

/// What the mover pays per path position with the tolls as they stand, the total, and the
/// travel credit (Safe Passage) it uses up.
#[allow(clippy::needless_range_loop)] // path, tolls and pay are indexed together
pub(super) fn payments(s: &State, c: &Costs, mv: &Move) -> ([u8; MAX_REGIONS], u32, u32) {
    debug_assert_eq!(c.mover, mv.mover);
    let mut pay = [0u8; MAX_REGIONS];
    let city = s.city(mv.mover);
    let mut credit = city.travel_credit as u32;
    let disc = c.disc;
    let target = target_of(s, mv.kind);
    let mut total = 0;
    for k in 1..mv.len as usize {
        let r = mv.path[k];
        let last = k + 1 == mv.len as usize;
        if last && target == Some(r) {
            continue;
        }
        let amount = if is_toll(c, target, mv, k) {
            mv.tolls[k] as u32
        } else {
            // Gap 13 and 14: the Caravanserai and Safe Passage lower what is paid into stacks.
            let mut x = c.entry[r as usize];
            if k == 1 {
                x = x.saturating_sub(disc);
            }
            let d = credit.min(x);
            credit -= d;
            x - d
        };
        pay[k] = amount.min(255) as u8;
        total += amount;
    }
    // Gap 14, `safe_passage`: the credit is used up by this route, or stays for every route.
    let used = match s.rules.config.params.safe_passage {
        SafePassage::Once => city.travel_credit as u32 - credit,
        SafePassage::EveryRoute => 0,
    };
    (pay, total, used)
}

/// Coins the move needs besides the route: a purchase's price, an attack's reserve.
pub(super) fn extra_cost(s: &State, mv: &Move) -> u32 {
    match mv.kind {
        MoveKind::Buy { empire, slot } => buy_price(s, empire, slot).unwrap_or(0),
        MoveKind::Attack { target, .. } => travel(s, mv.mover, s.city(target).region),
        _ => 0,
    }
}

/// Coins the mover would have left after the route and the extra cost (negative: cannot).
pub(super) fn slack(s: &State, c: &Costs, mv: &Move) -> i64 {
    s.city(mv.mover).coins as i64 - payments(s, c, mv).1 as i64 - extra_cost(s, mv) as i64
}

/// A move `check` planned, with the mover's costs it was priced under, so that carrying out
/// the decision does not plan it again.
#[derive(Clone, Copy)]
pub(super) struct Planned {
    pub(super) mv: Move,
    pub(super) costs: Costs,
}

/// A planned, affordable route for a new move, or why not.
pub(super) fn plan_affordable(s: &State, mover: Seat, kind: MoveKind) -> Res2<Planned> {
    let c = Costs::new(s, mover);
    let Some(mv) = plan_with(s, &c, kind, 0) else {
        return bad("no route can get there");
    };
    if slack(s, &c, &mv) < 0 {
        return bad(format!(
            "{mover} cannot pay the route ({}) and the cost ({}) with {} coins",
            payments(s, &c, &mv).1,
            extra_cost(s, &mv),
            s.city(mover).coins
        ));
    }
    Ok(Planned { mv, costs: c })
}

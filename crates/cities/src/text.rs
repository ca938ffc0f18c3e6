//! The rules in force as text (`silk rules cities`): the design's rules, the data, and every
//! parameter's value.

use crate::data::{
    BothWipedOut, DevEffect, FineRule, ImprovementEffect, Params, RegionKind, Resource, Rules,
    SafePassage,
};
use crate::engine::MAX_OFFER;

fn res(r: Resource) -> &'static str {
    match r {
        Resource::Food => "food",
        Resource::Metal => "metal",
        Resource::Silk => "silk",
    }
}

/// What a development card does, in words.
pub(crate) fn dev_effect_text(effect: DevEffect) -> String {
    match effect {
        DevEffect::Vp(k) => format!("{k} victory point(s)"),
        DevEffect::AttackBonus(k) => format!("+{k} to an attacking army"),
        DevEffect::DefenceBonus(k) => format!("+{k} to a defending army"),
        DevEffect::IgnoreTravel(k) => format!("ignore {k} travel cost this round"),
        DevEffect::GatherBonus(k) => format!("+{k} to your next gather"),
    }
}

/// The rules in force, crediting the designer.
pub fn rules_text(rules: &Rules) -> String {
    let c = &rules.config;
    let p = &c.params;
    let mut t = String::new();
    t += "CITIES OF THE SILK ROAD — a design by Brian Stepnitz (CC BY-SA 3.0)\n";
    t += "The design is unfinished; the gaps are filled by the parameters below \
          (data/cities/README.md explains each).\n\n";
    t += &format!(
        "{} players. Each City-State starts with 1 Merchant, 2 Soldiers, 2 Laborers and 10 coins. \
         First to {} hidden victory points wins at once; otherwise the game stops after round {} \
         (most VP, then most coins).\n\n",
        c.players, p.target_vp, p.max_rounds
    );
    t += "Map:\n";
    for (i, r) in c.map.regions.iter().enumerate() {
        let borders: Vec<&str> = (0..rules.empires.len() as u8)
            .filter(|&e| rules.map.borders_empire(i as u8, e))
            .map(|e| rules.empire_name(e))
            .collect();
        let near: Vec<&str> = rules
            .map
            .neighbours(i as u8)
            .map(|n| rules.region_name(n))
            .collect();
        t += &format!(
            "  {:<12} {} region, trade cost {}; borders {}{}\n",
            r.name,
            if r.kind == RegionKind::Food {
                "food "
            } else {
                "metal"
            },
            r.cost,
            near.join(", "),
            if borders.is_empty() {
                String::new()
            } else {
                format!("; Great Empire {}", borders.join(", "))
            }
        );
    }
    t += "\nGreat Empires:\n";
    for e in &rules.empires {
        let mut parts = Vec::new();
        if let Some((r, prices)) = e.sells {
            parts.push(format!("sells {} at {:?}", res(r), prices));
        }
        if let Some((r, prices)) = e.buys {
            parts.push(format!("buys {} at {:?}", res(r), prices));
        }
        t += &format!("  {:<10} {}\n", e.name, parts.join("; "));
    }
    let barb: Vec<String> = c
        .silk
        .barbarians
        .iter()
        .map(|b| format!("{} of strength {}", b.count, b.strength))
        .collect();
    t += &format!(
        "\nSilk deck: {} standard, {} fine, barbarians {}.\n",
        c.silk.standard,
        c.silk.fine,
        barb.join(", ")
    );
    t += "\nImprovements (one of each per city; GA = Golden Age coins):\n";
    for im in &c.improvements {
        let effect = match im.effect {
            ImprovementEffect::GrowthDiscount(k) => {
                format!("growth costs {k} less food (at least 1)")
            }
            ImprovementEffect::GatherBonus(k) => {
                format!("once a round a Laborer gathers {k} more of the specialty")
            }
            ImprovementEffect::RouteDiscount(k) => format!("{k} less on a route's first region"),
            ImprovementEffect::NoTraining => "new Soldiers skip training".into(),
            ImprovementEffect::DefenceBonus(k) => format!("+{k} when defending"),
            ImprovementEffect::FallCoins(k) => format!("+{k} coins when the city falls"),
        };
        t += &format!(
            "  {:<12} cost {} food, {} metal, {} coins; {effect}; GA {}\n",
            im.name, im.cost.food, im.cost.metal, im.cost.coins, im.ga
        );
    }
    t += "\nDevelopment cards (hidden; effect cards are discarded when played):\n";
    for d in &c.development {
        let effect = dev_effect_text(d.effect);
        t += &format!("  {:>2} × {:<18} {effect}\n", d.count, d.name);
    }
    t += "\nEach round:\n";
    t += "  1. Replenish: Soldiers in training are trained, citizens untap, 1 coin per citizen \
          (not in round 1). India's and Persia's buy tracks are cleared, Byzantium loses its \
          latest sale, the food and metal sell tracks are restocked, and a silk card is turned: \
          silk enters China at slot 1 (fine silk covers two slots), pushing cards off the end. \
          Barbarians: the player with most Soldiers opens an auction in Soldiers; every bidder \
          loses its last bid, the winner gains a development card, and whoever did not bid pays \
          the barbarian's strength more per region until the next round.\n";
    t += "  2. Action: the richest player (ties bid coins to the bank) acts first, then the \
          others to the left. Actions: assign a citizen (Laborer 1 food, Merchant 1 coin, \
          Soldier 1 metal), gather with a Laborer, build, grow (1/2/3/4 food by size), trade \
          with a Merchant (route costs plus 1 per coin stack; tolls to the owners of cities \
          passed), attack (route plus a reserve of the target's travel cost; each army loses \
          the other's strength), end turn.\n";
    t += "  4. Rise and Fall: each region's largest coin stack goes to its treasury, the rest \
          to the bank. In reverse order each player keeps its city or lets it fall and rises \
          elsewhere with the treasury and a Golden Age (1 per food or metal, 2 per citizen or \
          silk, 3 per fine silk, plus improvements); its old holdings are auctioned one by one.\n";
    t += &format!(
        "  Sales to another player need the buyer's consent, at 1 to {MAX_OFFER} coins, one \
         offer per player per turn. {}\n",
        match p.route_rule {
            crate::data::RouteRule::Waypoint =>
                "Routes (gap 22): the mover takes the cheapest path or names a waypoint region \
                 (cheapest path to it, then onward without re-entering a region); after a \
                 refused toll it chooses again or calls the move off.",
            crate::data::RouteRule::Cheapest =>
                "Routes (gap 22): always the cheapest path; a refused toll reroutes around \
                 that city or calls the move off.",
            crate::data::RouteRule::FewestRegions =>
                "Routes (gap 22): the path entering the fewest regions, then the cheapest; a \
                 refused toll reroutes around that city or calls the move off.",
        }
    );
    t += &readings(p);
    t += "\nParameters in force (data/cities/params.json):\n";
    let json = serde_json::to_value(p).unwrap_or_default();
    if let Some(map) = json.as_object() {
        for (k, v) in map {
            t += &format!("  {k} = {v}\n");
        }
    }
    t += "\nCredits: Cities of the Silk Road © Brian Stepnitz, licensed CC BY-SA 3.0; \
          map, improvements and development cards are this project's proposals.\n";
    t
}

/// The readings decided where the design is silent or can be read two ways (issue 30), each
/// with its parameter and what the value in force does.
fn readings(p: &Params) -> String {
    let mut t = String::from("\nReadings decided (parameter = value in force):\n");
    let mut line = |param: String, what: String| t += &format!("  - {param}: {what}\n");
    line(
        format!("store_cap = {} (gaps 12, 31)", p.store_cap),
        match p.store_cap {
            0 => "no storage limit: a city keeps every food, metal and silk card it gains, \
                  however many"
                .into(),
            k => format!(
                "a city holds at most {k} cards of each resource; cards gained beyond are lost \
                 (silk to the discard)"
            ),
        },
    );
    line(
        format!("pop_cap = {} (gap 21)", p.pop_cap),
        match p.pop_cap {
            0 => "no cap, as the design reads: only the growth cost limits a city (under gap \
                  20 a grown citizen gathers at once, so growth can double a city a round); \
                  the engine holds at most 65 535 citizens a city and 65 535 coins a purse"
                .into(),
            k => format!(
                "a city holds at most {k} citizens: growing is refused at it, and a city at it \
                 takes no part in the auction of a fallen city's citizen (0 = no cap, as the \
                 design reads)"
            ),
        },
    );
    line(
        format!("fine_rule = {} (gap 9)", name(&p.fine_rule)),
        match p.fine_rule {
            FineRule::Sum => {
                "fine silk costs (China) or pays (Byzantium) the sum of the two \
                              slots it covers"
            }
            FineRule::TwiceCurrent => {
                "fine silk costs (China) or pays (Byzantium) twice the \
                                       price of its front slot"
            }
        }
        .to_string()
            + "; every track shows the price this rule charges or paid",
    );
    line(
        format!("max_rounds = {} (gap 32)", p.max_rounds),
        format!(
            "after round {} the game stops: the most VP wins, then the most coins (a tie left \
             is shared); the game is recorded as ended by the round cap",
            p.max_rounds
        ),
    );
    line(
        format!("both_wiped_out = {} (gap 16)", name(&p.both_wiped_out)),
        match p.both_wiped_out {
            _ if !p.reserve_to_defender => {
                "when both armies are wiped out, only the plunder applies \
                 (reserve_to_defender = false: no reserve is paid)"
            }
            BothWipedOut::ReserveThenPlunder => {
                "when both armies are wiped out, both rewards \
                 apply: the attacker's reserve is paid to the defender first, then the plunder \
                 takes its share of the defender's coins, the reserve included"
            }
            BothWipedOut::PlunderThenReserve => {
                "when both armies are wiped out, both rewards \
                 apply: the plunder takes its share of the defender's own coins first, then the \
                 attacker pays its reserve"
            }
        }
        .into(),
    );
    line(
        format!("safe_passage = {} (gap 14)", name(&p.safe_passage)),
        match p.safe_passage {
            SafePassage::Once => {
                "Safe Passage's \"ignore 2 travel cost this round\" is one \
                 credit of 2 for the round, used up by the routes in the order taken"
            }
            SafePassage::EveryRoute => {
                "Safe Passage's \"ignore 2 travel cost this round\" takes \
                 2 off every route the player takes that round"
            }
        }
        .into(),
    );
    t
}

/// A parameter's value as params.json writes it.
fn name<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => "?".into(),
    }
}

//! The rules in force as text (`silk rules silk-road`): the rules summary with every parameter's
//! value, and the provenance of the board and tiles in use.

use crate::data::{Colour, Rules, SilkRoadConfig, TieRule};

/// The rules in force, crediting the designers; a config that does not compile gets its error.
pub fn rules_text(config: &SilkRoadConfig) -> String {
    let rules = match Rules::compile(config) {
        Ok(r) => r,
        Err(e) => return format!("invalid configuration: {e}\n"),
    };
    let p = &config.params;
    let mut t = String::new();
    t += "SILK ROAD — Ted Cheatham & Bruno Faidutti (Z-Man Games, 2006)\n\n";
    t += &format!(
        "{} players{}. Each starts with {} gold + {} silver and {} goods drawn from the bag \
         ({} of each of ivory, silk, fruits, jewels, spices).\n",
        config.players,
        if config.reverse {
            ", reverse direction"
        } else {
            ""
        },
        p.start_gold,
        p.start_silver,
        p.start_goods,
        p.goods_per_colour
    );
    t += &format!(
        "{} tiles face up on each of the {} tile cities; the caravan starts at {} and the \
         game ends the moment it reaches {}.\n\n",
        rules.tiles_per_city,
        rules.back.iter().filter(|b| **b != Colour::None).count(),
        rules.name(rules.start),
        rules.name(rules.end)
    );
    t += "Each turn:\n";
    t +=
        &format!(
        "  1. Leader auction: from the holder's left, once around, pass or outbid (at least {}, \
         never more than you own). The holder sells the pawn to the high bidder, or pays them \
         and keeps it{}.\n",
        p.min_bid,
        if p.keep_needs_funds { " (only if able to pay)" } else { "" }
    );
    t += "  2. The leader moves the caravan along one arrow.\n";
    t += "  3. Market: at a bonus city the leader may first use its printed action. The leader \
          takes a tile and uses it (or declines), takes a turn token and passes the pawn to a \
          player with no token; and so on. The last player takes no tile and keeps the pawn. \
          With 3 players each acts twice; the player who acted once ends with the pawn.\n";
    t += "     A Barterer takes 2 tiles and 2 turn tokens, not in the city where it was taken; \
          when the tiles run out, the last to act gives the pawn to a player who did not act.\n";
    t += "     Decided where the rules are silent: a player takes at most 2 tiles in one market, \
          so a Barterer is used only on a player's first turn of the market (with 3 players, \
          never for a third action); and the pawn is never passed to oneself (a last actor who \
          alone acted least keeps it).\n\n";
    t += &format!(
        "Tiles: Seller (sell any number at {}, last repeats) · Buyer (buy at {}) · Trader \
         (once or twice) · Exchanger (swap up to N goods) · Thief (a random good from a \
         player) · Grand Vizier (call a good; all reveal at once; most {} silver, second {}; \
         tied firsts all paid and no second; reveal of 0 {}) · Crook (change one good on a \
         tile you use; single use) · Barterer (take 2 tiles, not in the city where taken).\n\n",
        ladder(&p.seller_prices),
        ladder(&p.buyer_prices),
        p.vizier_prizes[0],
        p.vizier_prizes[1],
        if p.vizier_zero_places {
            "can place"
        } else {
            "never places"
        }
    );
    t += &format!(
        "Scoring: 5 per gold, 1 per silver, 1 per good, +{} to the sole majority of each \
         colour (ties: nobody). Equal scores: {}.\n\n",
        p.majority_bonus,
        match p.tie_break {
            TieRule::Shared => "shared win",
            TieRule::MostMoney => "most money wins, then shared",
            TieRule::MostGoods => "most goods wins, then shared",
        }
    );
    t += &format!(
        "Parameters in force: keep_needs_funds={}, spent_goods={}, vizier_token_from_bag={}, \
         bank_coins={} ({}), vizier_zero_places={}, tie_break={}.\n\n",
        p.keep_needs_funds,
        name_of(&p.spent_goods),
        p.vizier_token_from_bag,
        p.bank_coins,
        if p.bank_coins == 0 {
            "unlimited"
        } else {
            "limited"
        },
        p.vizier_zero_places,
        name_of(&p.tie_break)
    );
    let m = &config.map;
    let confirmed: Vec<&str> = m
        .cities
        .iter()
        .filter(|c| c.confirmed)
        .map(|c| c.name.as_str())
        .collect();
    let guessed: Vec<&str> = m
        .cities
        .iter()
        .filter(|c| !c.confirmed)
        .map(|c| c.name.as_str())
        .collect();
    t += "Provenance:\n";
    t += &format!("  Map: {}\n", m.provenance);
    t += &format!(
        "  Cities confirmed by public sources: {}\n",
        confirmed.join(", ")
    );
    t += &format!(
        "  Stand-in cities (reconstructed): {}\n",
        if guessed.is_empty() {
            "none".into()
        } else {
            guessed.join(", ")
        }
    );
    t += &format!(
        "  Links: {}. Routes pass {}–{} tile cities.\n",
        if m.links_confirmed {
            "confirmed"
        } else {
            "reconstructed"
        },
        rules.min_route,
        rules.max_route
    );
    let bonus: Vec<String> = m
        .cities
        .iter()
        .zip(&rules.bonus)
        .filter_map(|(c, b)| {
            b.map(|k| {
                format!(
                    "{} = {}{}",
                    c.name,
                    rules.kind(k).label(),
                    if c.bonus_confirmed {
                        ""
                    } else {
                        " (reconstructed)"
                    }
                )
            })
        })
        .collect();
    t += &format!("  Bonus actions: {}\n", bonus.join(", "));
    t += &format!(
        "  Tiles: {} ({}).\n",
        config.tiles.provenance,
        if config.tiles.confirmed {
            "confirmed"
        } else {
            "reconstructed"
        }
    );
    t
}

/// A price ladder as written in the rules: `4, 3, 2, 1`.
fn ladder(prices: &[u8]) -> String {
    let shown: Vec<String> = prices.iter().map(u8::to_string).collect();
    shown.join(", ")
}

/// A parameter's value as a config file spells it (`bag`, `most_money`).
fn name_of(value: &impl serde::Serialize) -> String {
    match serde_json::to_value(value) {
        Ok(serde_json::Value::String(s)) => s,
        Ok(other) => other.to_string(),
        Err(_) => String::new(),
    }
}

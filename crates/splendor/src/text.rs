//! The rules in force as players read them (`silk rules splendor`): the game, the modules
//! chosen, the edition, and every decision the texts leave open with its value.

use crate::colour::token_name;
use crate::data::{CityTie, Edition, Effect, Module, NoAction, Power, ShortTake, SplendorConfig};
use crate::rules::compile;

/// How a card's effect is worded: what the card does (the history: "brings a free level-2
/// card"), or what its buyer does (a page's card face: "take a level 2 card free").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mood {
    Does,
    Do,
}

/// An Orient card's effect besides its bonus and prestige, in words; `None` for a card whose
/// bonus says it all (plain, double, gold).
pub fn effect_words(effect: Effect, sacrifice: u8, mood: Mood) -> Option<String> {
    let does = mood == Mood::Does;
    Some(match effect {
        Effect::None | Effect::Double | Effect::Gold => return None,
        Effect::Join if does => "joins a colour you have".into(),
        Effect::Join => "join it to a colour you have".into(),
        Effect::JoinTake1 if does => "joins a colour, then a free level-1 card".into(),
        Effect::JoinTake1 => "join it, then take a level 1 card free".into(),
        Effect::ReserveNoble if does => "reserves a noble".into(),
        Effect::ReserveNoble => "reserve a noble".into(),
        Effect::Take2 if does => "brings a free level-2 card".into(),
        Effect::Take2 => "take a level 2 card free".into(),
        Effect::Sacrifice => {
            let colour = token_name(sacrifice as usize);
            if does {
                format!("discards 2 {colour} bonuses")
            } else {
                format!("discard 2 {colour} bonuses to buy it")
            }
        }
    })
}

pub fn power_text(p: Power) -> &'static str {
    match p {
        Power::TakeGemAfterBuy => "after buying a card, take 1 gem",
        Power::ExtraGemWithPair => "taking 2 gems of a colour, take 1 of another colour too",
        Power::GoldCountsDouble => "each gold token pays 2 gems of one colour",
        Power::FivePoints => "5 prestige",
        Power::PointPerPost => "1 prestige per coat of arms placed",
    }
}

pub fn rules_text(config: &SplendorConfig) -> String {
    let rules = match compile(config) {
        Ok(r) => r,
        Err(e) => return format!("These settings cannot start a game: {e}\n"),
    };
    let p = &config.params;
    let mut t = String::new();
    t.push_str(
        "Splendor, by Marc André (Space Cowboys, 2014), with the Cities of Splendor modules (2017).\n\n",
    );
    t.push_str(&format!(
        "{} players; gems of each colour: {}; gold: {}; {} face-up cards per level.\n",
        rules.players, rules.gems, rules.gold, rules.face_up
    ));
    t.push_str(
        "On your turn do one thing: take 3 gems of different colours; take 2 of one colour if 4 or \
         more are left; reserve a face-up card or the top card of a deck (blind) and take a gold if \
         any is left; or buy a face-up or reserved card. Bonuses are permanent discounts; gold pays \
         for any colour, where you choose. At the end of your turn return tokens down to the limit \
         (any, including ones just taken); then a noble whose bonuses you meet visits (you choose \
         among several, one a turn).\n",
    );
    if rules.cities_module {
        t.push_str(
            "End: the round in which someone claims a city is finished; only a city's claimant can win.\n",
        );
    } else {
        t.push_str(&format!(
            "End: when someone reaches {} prestige the round is finished, so all had the same number of turns.\n",
            p.prestige_to_end
        ));
    }
    t.push_str(
        "Winner: most prestige; a tie goes to the fewest development cards in front of the player \
         (spent gold cards and discarded cards do not count); a further tie is shared.\n\n",
    );
    t.push_str(&format!(
        "Edition: {} ({}).\n",
        config.edition.name(),
        match config.edition {
            Edition::E2017 => "the 2017 rulebook: modules are played singly",
            Edition::E2024 => {
                "the 2024 online edition: Cities claimants are those meeting a city's requirements \
                 at the end; one trading post a turn; only a lone stronghold can be removed; \
                 Cities and Trading Posts may be combined"
            }
        }
    ));
    if config.modules.is_empty() {
        t.push_str("Modules: none (the base game).\n");
    }
    for m in &config.modules {
        t.push_str(match m {
            Module::Cities => {
                "Module The Cities: no nobles; 3 city tiles, each on a random side. At the end of \
                 your turn you claim a city whose prestige and bonuses you meet (choose one among \
                 several); the round is then finished.\n"
            }
            Module::TradingPosts => {
                "Module Trading Posts: at the end of your turn, after the noble, place a coat of \
                 arms on each power whose requirement you meet (2024: one a turn); its power lasts \
                 the whole game.\n"
            }
            Module::Orient => {
                "Module The Orient: 2 face-up Orient cards per level beside the base cards, refilled \
                 from their own decks; gold cards, join, double bonus, reserve a noble, free cards, \
                 sacrifice.\n"
            }
            Module::Strongholds => {
                "Module The Strongholds: after each purchase place or move one of your 3 strongholds \
                 onto a face-up card free of others' strongholds, or remove another player's; only \
                 the owner may buy or reserve a card holding strongholds; all 3 on one card let you \
                 buy it after your action (conquest).\n"
            }
        });
    }
    if rules.posts_module {
        for (i, post) in rules.posts.iter().enumerate() {
            t.push_str(&format!(
                "  post {}: {} — needs bonuses {}{}\n",
                i + 1,
                power_text(post.power),
                crate::colour::short(&post.requires),
                if post.nobles > 0 { " and a noble" } else { "" }
            ));
        }
    }
    t.push_str(&format!(
        "\nDecided where the texts are silent (parameters, version {}):\n",
        p.version
    ));
    let mut line = |name: &str, value: String, why: &str| {
        t.push_str(&format!("  {name} = {value}: {why}\n"));
    };
    line(
        "prestige_to_end",
        p.prestige_to_end.to_string(),
        "prestige that starts the last round",
    );
    line(
        "token_limit",
        p.token_limit.to_string(),
        "tokens held at the end of a turn",
    );
    line(
        "reserve_limit",
        p.reserve_limit.to_string(),
        "reserved cards held",
    );
    line(
        "take_three_short",
        match p.take_three_short {
            ShortTake::Fewer => "fewer".into(),
            ShortTake::None => "none".into(),
        },
        "with fewer than 3 colours in the supply, `fewer` takes one of each colour left; `none` forbids taking different colours",
    );
    line(
        "no_action",
        match p.no_action {
            NoAction::Pass => "pass".into(),
            NoAction::Stuck => "stuck".into(),
        },
        "a player who can do nothing passes (`pass`: the end of the turn still follows — token limit, nobles, trading posts, cities; a whole round of passes ends the game as stuck) or the game ends at once as stuck (`stuck`)",
    );
    line(
        "round_cap",
        p.round_cap.to_string(),
        "rounds after which an unfinished game ends as stuck (0: none); a stuck game has no winner",
    );
    line(
        "city_tie",
        match p.city_tie {
            CityTie::FewestCards => "fewest_cards".into(),
            CityTie::Shared => "shared".into(),
        },
        "2017: among city claimants of equal prestige (the 2024 edition: fewest cards)",
    );
    line(
        "reserve_orient_deck",
        p.reserve_orient_deck.to_string(),
        "a blind reserve may draw from an Orient deck",
    );
    line(
        "join_onto_joined",
        p.join_onto_joined.to_string(),
        "an Orient join card may be joined to a colour whose only bonuses are join cards joined before (`false`: only to a colour of a card with a bonus of its own)",
    );
    line(
        "sacrifice_exact",
        p.sacrifice_exact.to_string(),
        "an Orient sacrifice costs exactly its 2 bonuses where it can: the cards discarded form a minimal set (`false`: any cards of the colour, joined ones first, until 2 bonuses are gone; a double may pay the last, 3 bonuses in all)",
    );
    t.push_str(
        "  Orient sacrifice: you choose the cards discarded (cards joined to that colour first); \
         with sacrifice_exact, a minimal set: none could be left out with the rest still paying \
         the 2 bonuses (a double alone or two singles, never a single and a double; a double \
         pays a last bonus only when no single can, as after a joined card); a discarded card's \
         prestige goes with it.\n  Orient gold card: each spent pays up to 2 \
         gems; one spent to pay a single gem wastes the second.\n  Strongholds (2017): any other \
         player's stronghold may be removed; (2024) only one standing alone on its card.\n",
    );
    t
}

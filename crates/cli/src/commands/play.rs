//! `silk play`: a game in the terminal or on phones, humans and bots.

use crate::args::DataArgs;
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use crate::play::{self, MoveSource, PlayOptions, SeatKind};
use crate::serve;
use silk_app::calls::players_named;
use silk_bots::BotKind;
use silk_core::{Game, Replay};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct PlayArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// Number of players (default: the game's default).
    #[arg(long)]
    pub players: Option<usize>,
    /// Who sits where, comma-separated: one name for every seat, or one per seat in seat
    /// order, as in `silk simulate`; without it every seat is human. Names: human, random,
    /// greedy, greedy-aggressive|trader|builder, mctsN, mctsNms, mcts-greedyN,
    /// mcts-greedyNms, mcts-greedy-STYLEN (rollouts in a style, e.g.
    /// mcts-greedy-aggressive800); 'cmd:PROGRAM ARGS' runs a program of your own as the bot
    /// (docs/bot-protocol.md). `--bots human,greedy,greedy` is you against two greedy bots.
    #[arg(long, value_delimiter = ',')]
    pub bots: Vec<String>,
    /// The deal and every random draw follow from this number: the same seed, the same game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub data: DataArgs,
    /// Read the humans' moves from this file, one per line, instead of the terminal.
    #[arg(long)]
    pub script: Option<PathBuf>,
    /// Keep the game in this file (config, seed, every move), saved again after each move:
    /// `silk replay` shows it, `--resume` continues it. An existing file is refused.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// With --save: overwrite the file if it already exists.
    #[arg(long, requires = "save")]
    pub force: bool,
    /// Continue a game kept with --save: players, config, seed and the moves so far come
    /// from FILE, --bots and --script seat this session, and new moves are saved to FILE.
    #[arg(long, value_name = "FILE", conflicts_with_all = [
        "players", "seed", "save", "force", "config", "map", "tiles", "reverse", "modules",
        "edition", "files", "sets",
    ])]
    pub resume: Option<PathBuf>,
    /// Competitor mode: no game assists in the humans' views (Splendor: no remaining cost
    /// shown, no affordable cards marked), as the online edition's competitor mode.
    #[arg(long)]
    pub competitor: bool,
    /// Play on phones or laptops: a local web server with a table page and a private page
    /// per human seat (its address and QR codes are printed at the start).
    #[arg(long, conflicts_with = "script")]
    pub serve: bool,
    /// With --serve: the address to listen on (default 127.0.0.1:8080, or the one a resumed
    /// game was served on). Only this machine can connect unless you give another, e.g.
    /// 0.0.0.0:8080 for the phones on your network.
    #[arg(long, requires = "serve")]
    pub bind: Option<std::net::SocketAddr>,
    /// With --serve and --resume: new links for every page (the ones in FILE.links stop
    /// working), served at the address kept there unless --bind says otherwise.
    #[arg(long, requires = "serve")]
    pub new_links: bool,
    /// Keep this game's playtest record (a game with a person in it) in this folder; default:
    /// `playtests/` beside the --save file (without --save and this, no record is kept).
    /// `silk playtests DIR` reads the folder. (On phones, --serve, each person's page asks
    /// the playtest questions after the result.)
    #[arg(long, value_name = "DIR")]
    pub playtests: Option<PathBuf>,
    /// Keep no playtest record of this game.
    #[arg(long, conflicts_with = "playtests")]
    pub no_playtest: bool,
    /// The players' names in seat order, comma-separated, for the playtest record (default:
    /// the seat labels P1, P2, …).
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    pub names: Vec<String>,
    /// Where the group plays, for the playtest record.
    #[arg(long)]
    pub place: Option<String>,
    /// After the result, ask each person the playtest questions (enjoyment, length, the
    /// rounds most and least engaging, unclear rules, a comment) even when the moves come
    /// from --script; a person at a terminal is always asked (and may skip).
    #[arg(long, conflicts_with_all = ["no_playtest", "serve"])]
    pub feedback: bool,
    #[command(flatten)]
    pub bot_time: crate::outside::BotTimeArgs,
}

impl PlayArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let PlayArgs {
            game,
            players,
            bots,
            seed,
            data,
            script,
            save,
            force,
            resume,
            competitor,
            serve,
            bind,
            new_links,
            playtests,
            no_playtest,
            names,
            place,
            feedback,
            bot_time,
        } = self;
        bot_time.apply();
        with_game!(game, G => {
            // A resumed game takes everything but its seats from the file.
            let replay = match &resume {
                Some(path) => play::load_resume::<G>(path)?,
                None => {
                    let players = players.or(players_named(&bots));
                    Replay::new(G::config(players, &data.files()?)?, seed)
                }
            };
            let n = G::num_seats(&G::setup(&replay.config, replay.seed)?);
            let seats = seat_kinds::<G>(n, &bots, &replay.config, replay.seed)?;
            if serve {
                let save = match (&resume, &save) {
                    (Some(path), _) => Some(play::SaveFile::at(path, &replay, out)?),
                    (None, Some(path)) => Some(play::SaveFile::create(path, force, &replay, out)?),
                    (None, None) => None,
                };
                let resume_hint = save.as_ref().map(|s| {
                    format!(
                        "silk play {} --resume {} --serve{}",
                        game.name(),
                        s.path().display(),
                        if bots.is_empty() { String::new() } else { format!(" --bots {}", bots.join(",")) }
                    )
                });
                let playtest = silk_app::playtest::PlaytestOptions {
                    dir: playtests,
                    off: no_playtest,
                    names,
                    place,
                    feedback: false,
                };
                let saved = save.as_ref().map(|s| s.path().to_path_buf());
                let record =
                    play::playtest_record(&replay, &seats, (saved.as_deref(), &playtest), out)?;
                let session =
                    serve::PlaySession::new(replay, seats, (save, record), !competitor, 1_000_000)?;
                let serving = serve::Serving { bind, new_links, resumed: resume.is_some() };
                return serve::serve(session, serving, resume_hint, out);
            }
            let source = match script {
                Some(path) => MoveSource::script(path)?,
                None => MoveSource::Stdin(Box::new(std::io::stdin().lock())),
            };
            let opts = PlayOptions {
                resumed: resume.is_some(),
                save: resume.or(save),
                force,
                max_decisions: 1_000_000,
                assist: !competitor,
                playtest: silk_app::playtest::PlaytestOptions {
                    dir: playtests,
                    off: no_playtest,
                    names,
                    place,
                    feedback,
                },
            };
            play::run::<G>(replay, seats, source, &opts, out)
        })
    }
}

/// Seats from `--bots`, as `silk simulate` reads it: one name for every seat or one per seat
/// (`human` for a person); no list, every seat human.
fn seat_kinds<G: CliGame>(
    n: usize,
    bots: &[String],
    config: &G::Config,
    seed: u64,
) -> CliResult<Vec<SeatKind<G>>> {
    let table = silk_bots::Table::of::<G>(config);
    let names: Vec<&str> = match bots {
        [] => vec!["human"; n],
        [one] => vec![one.trim(); n],
        many if many.len() == n => many.iter().map(|b| b.trim()).collect(),
        many => {
            return Err(CliError::input(format!(
                "{} names in --bots for {n} seats: name one for every seat, or one per seat \
                 (human for a person), e.g. --bots human{}",
                many.len(),
                ",greedy".repeat(n.saturating_sub(1))
            )))
        }
    };
    let mut seats = Vec::with_capacity(n);
    for (i, name) in names.into_iter().enumerate() {
        if name.eq_ignore_ascii_case("human") {
            seats.push(SeatKind::Human);
            continue;
        }
        if let Some(player) = crate::outside::player::<G>(i, name, &table) {
            seats.push(SeatKind::Bot(name.to_string(), player?));
            continue;
        }
        let kind = BotKind::parse(name).ok_or_else(|| {
            CliError::input(format!(
                "unknown bot {name:?}: choose from human, {}, or cmd:PROGRAM",
                BotKind::NAMES.join(", ")
            ))
        })?;
        // Each bot its own stream, derived from the game seed and its seat.
        let bot_seed = seed ^ ((i + 1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        seats.push(SeatKind::Bot(name.to_string(), G::bot(kind, bot_seed)?));
    }
    Ok(seats)
}

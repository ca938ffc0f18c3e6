//! `silk table`: a physical game at the table (Silk Road's auctions and market from what is
//! said aloud), or a Cities playtest refereed on phones.

use crate::args::DataArgs;
use crate::error::{CliError, CliResult};
use crate::games::{CliGame, GameName};
use crate::output::Out;
use crate::{play, serve, table, table_serve};
use silk_cities::Cities;
use silk_core::{Game, Replay};
use silk_road::SilkRoad;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct TableArgs {
    /// silk-road, or cities with --serve.
    pub game: GameName,
    /// Player names in seating order, comma-separated (or a number of players).
    #[arg(long)]
    pub players: Option<String>,
    /// Where to keep the journal, every entry saved as it is made (default:
    /// silk-table-<time>.journal here). While the helper runs, JOURNAL.lock keeps a second
    /// helper off it.
    #[arg(long, value_name = "JOURNAL")]
    pub journal: Option<PathBuf>,
    /// Continue the game kept in this journal (after a crash or a closed terminal). A line
    /// cut short is skipped; at an edited or missing line the journal stops, and the whole
    /// file is kept as JOURNAL.damaged.
    #[arg(long, value_name = "JOURNAL")]
    pub resume: Option<PathBuf>,
    /// Accept whatever city the leader names (your own board is the truth).
    #[arg(long)]
    pub any_city: bool,
    /// Players on their phones: a local web server with a table page for a shared screen
    /// and a private page per player (addresses and QR codes are printed at the start).
    #[arg(long)]
    pub serve: bool,
    /// With --serve: the address to listen on (default 127.0.0.1:8080, or the one a resumed
    /// game was served on). Only this machine can connect unless you give another, e.g.
    /// 0.0.0.0:8080 for the phones on your network.
    #[arg(long, requires = "serve")]
    pub bind: Option<std::net::SocketAddr>,
    /// With --serve: new links for every page (the ones in JOURNAL.links stop working), served
    /// at the address kept there unless --bind says otherwise.
    #[arg(long, requires = "serve")]
    pub new_links: bool,
    #[command(flatten)]
    pub data: DataArgs,
}

impl TableArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let TableArgs {
            game,
            players,
            journal,
            resume,
            any_city,
            serve,
            bind,
            new_links,
            data,
        } = self;
        let serving = serve::Serving {
            bind,
            new_links,
            resumed: resume.is_some(),
        };
        match game {
            GameName::SilkRoad => {
                let config = SilkRoad::config(None, &data.files()?)?;
                let args = table::TableArgs {
                    players,
                    journal,
                    resume,
                    any_city,
                    config,
                };
                if serve {
                    let (t, j) = table::open(&args, out)?;
                    return table_serve::serve(t, j, serving, out);
                }
                table::run(args, out)
            }
            GameName::Cities if serve => {
                cities_table(players.as_deref(), journal, resume, &data, serving, out)
            }
            _ => Err(CliError::input(
                "the table helper runs silk-road (in the terminal or with --serve) and cities (with --serve)",
            )),
        }
    }
}

/// `silk table cities --serve`: a playtest of the prototype refereed by the engine, every seat
/// a person on their own page, every move kept in the journal (a `silk play` save file, so
/// `silk replay cities FILE` shows it and `--resume` continues it).
fn cities_table(
    players: Option<&str>,
    journal: Option<PathBuf>,
    resume: Option<PathBuf>,
    data: &DataArgs,
    serving: serve::Serving,
    out: &mut Out,
) -> CliResult<()> {
    let replay = match &resume {
        Some(path) => Replay::<Cities>::load(path)?,
        None => {
            let n = match players {
                Some(p) => p
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .or_else(|| Some(p.split(',').count())),
                None => None,
            };
            let seed = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(1);
            Replay::new(Cities::config(n, &data.files()?)?, seed)
        }
    };
    let n = Cities::num_seats(&Cities::setup(&replay.config, replay.seed)?);
    let seats = (0..n).map(|_| play::SeatKind::Human).collect();
    let path = resume
        .clone()
        .or(journal)
        .unwrap_or_else(|| PathBuf::from(format!("silk-table-cities-{}.json", replay.seed)));
    let save = if resume.is_some() {
        play::SaveFile::at(&path, &replay, out)?
    } else {
        play::SaveFile::create(&path, false, &replay, out)?
    };
    out.message(&format!(
        "journal: {} (every move is saved as it is made; --resume {} continues)",
        path.display(),
        path.display()
    ));
    let session = serve::PlaySession::new(replay, seats, Some(save), true, 1_000_000)?;
    let resume = format!("silk table cities --resume {} --serve", path.display());
    serve::serve(session, serving, Some(resume), out)
}

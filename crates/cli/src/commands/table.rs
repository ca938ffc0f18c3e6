//! `silk table`: a physical game at the table (Silk Road's auctions and market from what is
//! said aloud), or a Cities playtest refereed on phones.

use crate::args::DataArgs;
use crate::error::{CliError, CliResult};
use crate::games::engines::{Cities, SilkRoad};
use crate::games::{CliGame, GameName};
use crate::output::Out;
use crate::{serve, table, table_serve};
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
    /// Keep the table's playtest record in this folder (default: `playtests/` beside the
    /// journal). Silk Road: what the helper hears (auctions, tiles by kind, the count), each
    /// entry timed; Cities: the whole game. `silk playtests DIR` reads the folder.
    #[arg(long, value_name = "DIR")]
    pub playtests: Option<PathBuf>,
    /// Keep no playtest record of this table.
    #[arg(long, conflicts_with = "playtests")]
    pub no_playtest: bool,
    /// Where the group plays, for the playtest record.
    #[arg(long)]
    pub place: Option<String>,
    /// Silk Road: after the count, ask each player the playtest questions even when the
    /// entries are not typed at a terminal (at a terminal they are always asked, and each may
    /// skip). With --serve each player's page asks them once the host confirms the count.
    #[arg(long, conflicts_with_all = ["no_playtest", "serve"])]
    pub feedback: bool,
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
            playtests,
            no_playtest,
            place,
            feedback,
            data,
        } = self;
        let playtest = silk_app::playtest::PlaytestOptions {
            dir: playtests,
            off: no_playtest,
            // Silk Road's names are the players'; Cities' named players become the record's.
            names: players
                .as_deref()
                .filter(|p| p.trim().parse::<usize>().is_err())
                .map(|p| p.split(',').map(|n| n.trim().to_string()).collect())
                .unwrap_or_default(),
            place,
            feedback,
        };
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
                    playtest,
                };
                if serve {
                    let (t, j) = table::open(&args, out)?;
                    return table_serve::serve(t, j, serving, out);
                }
                table::run(args, out)
            }
            GameName::Cities if serve => {
                // A new game's rules (for a number of players, or for the players named: only
                // their count matters); a resumed game keeps its own.
                let config = match resume {
                    Some(_) => None,
                    None => {
                        let n = players.as_deref().map(|p| {
                            let p = p.trim();
                            p.parse::<usize>().unwrap_or_else(|_| p.split(',').count())
                        });
                        Some(Cities::config(n, &data.files()?)?)
                    }
                };
                table::cities(config, (journal, resume), &playtest, serving, out)
            }
            _ => Err(CliError::input(
                "the table helper runs silk-road (in the terminal or with --serve) and cities (with --serve)",
            )),
        }
    }
}

//! The `silk` command line: play any silk game, replay a game, print the rules in force.
//! The CLI holds no rules: it parses, calls a crate, prints. The binary itself lives in the
//! root package (`src/main.rs`) so that the workspace's end-to-end tests can run it.

mod bench;
mod design;
mod error;
mod find;
mod games;
mod hot_seat;
mod lab;
mod ladder;
mod lock;
mod mechanics;
mod narrate;
mod output;
mod play;
mod replay_run;
mod serve;
mod table;
mod table_serve;
mod traces;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use error::{CliError, CliResult};
use games::{game_list, with_game, with_game_arms, CliGame, DataFiles, GameName};
use output::Out;
use play::{MoveSource, PlayOptions, SeatKind};
use serde_json::json;
use silk_bots::BotKind;
use silk_cities::Cities;
use silk_core::{Game, Replay};
use silk_road::SilkRoad;
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "silk",
    version,
    about = "Rules engines, a table helper and a playtest lab for Silk Road trading games"
)]
struct Cli {
    /// Machine-readable output: JSON (Lines for streams) on stdout.
    #[arg(long, global = true)]
    json: bool,
    /// No progress bars and no messages on stderr (errors are still shown).
    #[arg(long, short, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

/// Data files and variant flags shared by the commands that set up a game.
#[derive(clap::Args, Clone, Debug, Default)]
struct DataArgs {
    /// The game's config as JSON (players, parameters, data).
    #[arg(long)]
    config: Option<PathBuf>,
    /// Silk Road: a board of your own (JSON, as data/silk-road/map.json).
    #[arg(long)]
    map: Option<PathBuf>,
    /// Silk Road: a tile mix of your own (JSON, as data/silk-road/tiles.json).
    #[arg(long)]
    tiles: Option<PathBuf>,
    /// Silk Road: the reverse-direction variant.
    #[arg(long)]
    reverse: bool,
    /// Splendor: Cities of Splendor modules, comma-separated (cities, trading-posts, orient,
    /// strongholds; the 2017 rules play them singly).
    #[arg(long, value_delimiter = ',')]
    modules: Vec<String>,
    /// Splendor: the rules edition where the 2017 box and the 2024 online edition differ.
    #[arg(long, value_parser = ["2017", "2024"])]
    edition: Option<String>,
    /// A data file of your own in place of a bundled one, as NAME=PATH (`silk data list GAME`
    /// names them: Silk Road's map and tiles, Cities' map, Splendor's cards, nobles, cities,
    /// orient, trading-posts, strongholds). Repeatable.
    #[arg(long = "file", value_name = "NAME=PATH")]
    files: Vec<String>,
    /// Any value of the game's config, by its path or a unique tail of it (as in `silk sweep`;
    /// the value is JSON, or else text): `--set attacks_per_turn=2`. Repeatable; applied last.
    #[arg(long = "set", value_name = "PATH=VALUE")]
    sets: Vec<String>,
}

impl DataArgs {
    fn files(&self) -> CliResult<DataFiles<'_>> {
        let mut files: Vec<(String, String)> = Vec::new();
        let (mut map, mut tiles) = (self.map.as_deref(), self.tiles.as_deref());
        for f in &self.files {
            let (name, path) = f
                .split_once('=')
                .ok_or_else(|| CliError::input(format!("--file {f}: write NAME=PATH")))?;
            // `--file map=PATH` and `--file tiles=PATH` are the board files `--map` and
            // `--tiles` name: one way to give any game's data files.
            let slot = match name.trim() {
                "map" => &mut map,
                "tiles" => &mut tiles,
                other => {
                    files.push((other.to_string(), path.to_string()));
                    continue;
                }
            };
            if slot.is_some() {
                return Err(CliError::input(format!(
                    "--file {f}: the {} file is given twice",
                    name.trim()
                )));
            }
            *slot = Some(std::path::Path::new(path));
        }
        let sets = self
            .sets
            .iter()
            .map(|f| {
                f.split_once('=')
                    .map(|(n, v)| (n.trim().to_string(), v.to_string()))
                    .ok_or_else(|| CliError::input(format!("--set {f}: write PATH=VALUE")))
            })
            .collect::<CliResult<_>>()?;
        Ok(DataFiles {
            config: self.config.as_deref(),
            map,
            tiles,
            reverse: self.reverse,
            modules: &self.modules,
            edition: self.edition.as_deref(),
            files,
            sets,
        })
    }
}

#[derive(Subcommand)]
enum Command {
    /// List the games silk plays.
    Games,
    /// List the mechanics the engines share (auctions, routes): where each engine uses one,
    /// the parameter that selects its format, its default and its choices.
    Mechanics,
    /// Play a game in the terminal: humans and bots, each human sees only their own seat.
    Play {
        /// The game (`silk games` lists them).
        game: GameName,
        /// Number of players (default: the game's default).
        #[arg(long)]
        players: Option<usize>,
        /// Who sits where, comma-separated: one name for every seat, or one per seat in seat
        /// order, as in `silk simulate`; without it every seat is human. Names: human, random,
        /// greedy, greedy-aggressive|trader|builder, mctsN, mctsNms, mcts-greedyN,
        /// mcts-greedyNms, mcts-greedy-STYLEN (rollouts in a style, e.g.
        /// mcts-greedy-aggressive800). `--bots human,greedy,greedy` is you against two greedy
        /// bots.
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// The deal and every random draw follow from this number: the same seed, the same game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[command(flatten)]
        data: DataArgs,
        /// Read the humans' moves from this file, one per line, instead of the terminal.
        #[arg(long)]
        script: Option<PathBuf>,
        /// Keep the game in this file (config, seed, every move), saved again after each move:
        /// `silk replay` shows it, `--resume` continues it. An existing file is refused.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
        /// With --save: overwrite the file if it already exists.
        #[arg(long, requires = "save")]
        force: bool,
        /// Continue a game kept with --save: players, config, seed and the moves so far come
        /// from FILE, --bots and --script seat this session, and new moves are saved to FILE.
        #[arg(long, value_name = "FILE", conflicts_with_all = [
            "players", "seed", "save", "force", "config", "map", "tiles", "reverse", "modules",
            "edition", "files",
        ])]
        resume: Option<PathBuf>,
        /// Competitor mode: no game assists in the humans' views (Splendor: no remaining cost
        /// shown, no affordable cards marked), as the online edition's competitor mode.
        #[arg(long)]
        competitor: bool,
        /// Play on phones or laptops: a local web server with a table page and a private page
        /// per human seat (its address and QR codes are printed at the start).
        #[arg(long, conflicts_with = "script")]
        serve: bool,
        /// With --serve: the address to listen on. Only this machine can connect unless you
        /// give another, e.g. 0.0.0.0:8080 for the phones on your network.
        #[arg(long, requires = "serve", default_value = "127.0.0.1:8080")]
        bind: std::net::SocketAddr,
    },
    /// Run a physical game at the table. Silk Road: the auctions and the market order, from
    /// what is said aloud (coins and goods stay behind the real shields). Cities (with --serve):
    /// a playtest refereed by the engine, each player on their own phone.
    Table {
        /// silk-road, or cities with --serve.
        game: GameName,
        /// Player names in seating order, comma-separated (or a number of players).
        #[arg(long)]
        players: Option<String>,
        /// Where to keep the journal, every entry saved as it is made (default:
        /// silk-table-<time>.journal here). While the helper runs, JOURNAL.lock keeps a second
        /// helper off it.
        #[arg(long, value_name = "JOURNAL")]
        journal: Option<PathBuf>,
        /// Continue the game kept in this journal (after a crash or a closed terminal). A line
        /// cut short is skipped; at an edited or missing line the journal stops, and the whole
        /// file is kept as JOURNAL.damaged.
        #[arg(long, value_name = "JOURNAL")]
        resume: Option<PathBuf>,
        /// Accept whatever city the leader names (your own board is the truth).
        #[arg(long)]
        any_city: bool,
        /// Players on their phones: a local web server with a table page for a shared screen
        /// and a private page per player (addresses and QR codes are printed at the start).
        #[arg(long)]
        serve: bool,
        /// With --serve: the address to listen on. Only this machine can connect unless you
        /// give another, e.g. 0.0.0.0:8080 for the phones on your network.
        #[arg(long, requires = "serve", default_value = "127.0.0.1:8080")]
        bind: std::net::SocketAddr,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Simulate many bot games and summarise them (win rates with 95% intervals, seat
    /// advantage, length, margins, lead changes, branching, per-game metrics).
    Simulate {
        /// The game (`silk games` lists them).
        game: GameName,
        #[command(flatten)]
        batch: BatchArgs,
        /// Write run.json, games.jsonl (one record per game, written as games finish) and
        /// summary.json here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write a self-contained HTML report with charts.
        #[arg(long)]
        html: Option<PathBuf>,
        /// With --out: also write each game as an open trace (self-contained JSON: setup,
        /// decisions, chance, result; see docs/traces.md) to DIR/traces/game-K.json as games
        /// finish. Each game is played a second time to record it.
        #[arg(long, requires = "out")]
        traces: bool,
        /// Replace files that already exist at --out or --html.
        #[arg(long)]
        force: bool,
    },
    /// How fast the lab plays a game: the same games played by the engine alone and through
    /// the whole lab (as `silk simulate`), their rates and ratio, the lab's games/s on 1, 2, …
    /// threads up to the core count, and the peak memory. With search bots (mcts), the search's
    /// playouts and playout decisions per second.
    Bench {
        /// The game (`silk games` lists them).
        game: GameName,
        /// Number of players (default: the game's default).
        #[arg(long)]
        players: Option<usize>,
        /// Bots, comma-separated: one for every seat, or one per seat (random, greedy, mcts…).
        #[arg(long, value_delimiter = ',')]
        bots: Vec<String>,
        /// Games per measurement (default: enough for about half a second on one thread).
        #[arg(long)]
        games: Option<u64>,
        /// The run seed: game K is set up and played from this seed and K (the same seed, the
        /// same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Repeat each measurement this many times and keep the fastest (other work on the
        /// machine only ever slows a run down).
        #[arg(long, default_value_t = 3)]
        repeat: u32,
        /// Measure the lab on 1, 2, … up to this many threads (default: every core).
        #[arg(long)]
        max_threads: Option<usize>,
        /// A game still running after this many decisions is cut short (in both measurements).
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
        max_decisions: u64,
        #[command(flatten)]
        data: DataArgs,
    },
    /// Run the same simulation for each value of one or two parameters, side by side.
    Sweep {
        /// The game (`silk games` lists them).
        game: GameName,
        /// A parameter by its path in the config (`params.keep_needs_funds`, or a unique tail
        /// such as `keep_needs_funds`). Give it once or twice, each followed by --values.
        #[arg(long = "param", required = true)]
        params: Vec<String>,
        /// Values for the preceding --param (JSON: 3, true, "box", [1,2]).
        /// (Each --values keeps its own group: read from the matches, see `values_groups`.)
        #[arg(long = "values", num_args = 1.., required = true, action = clap::ArgAction::Append)]
        values: Vec<String>,
        #[command(flatten)]
        batch: BatchArgs,
        /// Write a self-contained HTML report of the sweep.
        #[arg(long)]
        html: Option<PathBuf>,
        /// A targets file (as for silk gaps): the report opens on each setting's verdicts and
        /// the measures the targets name come first.
        #[arg(long, value_name = "FILE")]
        targets: Option<PathBuf>,
        /// Replace the report if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Show me a game where X happened: the games of a run directory, or of a new batch, where
    /// a condition on each game's figures holds, with the command that replays each.
    Find {
        /// A game (a new batch is played, see --games, --bots) or a run directory written by
        /// `silk simulate --out`.
        #[arg(value_name = "GAME|RUN_DIR")]
        target: String,
        /// The condition, e.g. `rounds >= 40`, `vp.attacks / vp.total > 0.9 && winner_seat == 1`,
        /// `winner_bot == "random"`. Names: see `silk find --help`'s long text.
        #[arg(long = "where", value_name = "EXPR", long_help = find_where_help())]
        condition: String,
        #[command(flatten)]
        batch: BatchArgs,
        /// With a game: keep the batch in this run directory, so the games found can be replayed.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace files that already exist at --out.
        #[arg(long)]
        force: bool,
        /// List at most this many matching games (all are counted).
        #[arg(long, default_value_t = 20)]
        limit: u64,
        /// Write each game listed (at most --limit) as an open trace to RUN_DIR/traces/game-K.json
        /// (the run directory searched, or --out with a game; see docs/traces.md).
        #[arg(long)]
        traces: bool,
    },
    /// Without a game: the shared mechanics across the engines, from greedy bots' games
    /// (auctions, routes, resource conversion, seat advantage, length, branching; "—": not in
    /// that game). With --mechanic auction: every engine under every auction format at each of
    /// its auction points, on the same seeds, with 95% intervals. With a game and --variant: the
    /// game's config and each variant on the same seeds, every measure with its 95% interval
    /// and each variant's difference from the base.
    Compare {
        /// The game whose variants to compare (leave out to compare the engines).
        game: Option<GameName>,
        /// Swap a shared mechanic's format at every point of every engine that uses it
        /// (see silk mechanics); greedy bots unless --bots says otherwise.
        #[arg(long, value_enum, conflicts_with_all = ["game", "variants", "all"])]
        mechanic: Option<mechanics::Mechanic>,
        /// A variant as NAME=CONFIG: a config file, or changes to the base config as
        /// PARAM=VALUE,… (e.g. `tapped=grow_taps=true,attacks_per_turn=1`). Repeat for more.
        #[arg(long = "variant", value_name = "NAME=CONFIG", requires = "game")]
        variants: Vec<String>,
        /// Show every per-game engine metric in the text table too.
        #[arg(long, requires = "game")]
        all: bool,
        /// Write a self-contained HTML report of the comparison (an existing file is refused);
        /// with a game or --mechanic.
        #[arg(long)]
        html: Option<PathBuf>,
        /// With a game: a targets file (as for silk gaps); the table and the report open on
        /// the measures the targets name, the report on each variant's verdicts.
        #[arg(long, value_name = "FILE", requires = "game")]
        targets: Option<PathBuf>,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// How far the design misses a designer's targets (a JSON file: see docs/lab.md), ranked,
    /// each with the measured value and its 95% interval; table minutes from a time model.
    Gaps {
        /// The game (`silk games` lists them).
        game: GameName,
        /// The targets (and the table-time model) as JSON.
        #[arg(long, value_name = "FILE")]
        targets: PathBuf,
        #[command(flatten)]
        batch: BatchArgs,
        /// Write the run's HTML report with the gaps at the top.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Replace the report if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Search parameter values that bring the design closest to the targets (NTBEA, an
    /// optimiser for noisy evaluations), then check the best setting on fresh games.
    Tune {
        /// The game (`silk games` lists them).
        game: GameName,
        /// A parameter to tune, by its path in the config (as in `silk sweep`), each followed
        /// by --values.
        #[arg(long = "param", required = true)]
        params: Vec<String>,
        /// The values to try for the preceding --param (JSON: 3, true, "box").
        #[arg(long = "values", num_args = 1.., required = true, action = clap::ArgAction::Append)]
        values: Vec<String>,
        /// The targets (and the table-time model) as JSON.
        #[arg(long, value_name = "FILE")]
        targets: PathBuf,
        /// Evaluations: each one a batch of --games games on fresh seeds.
        #[arg(long, default_value_t = 60)]
        budget: usize,
        /// Games to validate the best setting (and the base config) on, with seeds no
        /// evaluation used.
        #[arg(long, default_value_t = 2000)]
        validate_games: u64,
        /// How much the search explores settings it knows little about (in units of the sum
        /// of normalised misses).
        #[arg(long, default_value_t = 2.0)]
        explore: f64,
        /// Independent searches (each its own seeds); their recommendations are validated
        /// side by side, so a disagreement shows.
        #[arg(long, default_value_t = 3)]
        repeats: usize,
        #[command(flatten)]
        batch: BatchArgs,
    },
    /// A round-robin of bots: every pair plays its own games with the seats shared between
    /// them and moved round the table; ratings with 95% intervals, the win matrix, each bot's
    /// time per decision.
    Ladder {
        /// The game (`silk games` lists them).
        game: GameName,
        /// The bots, comma-separated: random; greedy and its styles greedy-aggressive,
        /// greedy-trader, greedy-builder; mcts, mctsN (N iterations), mctsNms (N ms a decision);
        /// mcts-greedy, mcts-greedyN, mcts-greedyNms (heuristic rollouts), mcts-greedy-STYLEN
        /// (rollouts in a style, e.g. mcts-greedy-aggressive800).
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<String>,
        /// Games per pair of bots.
        #[arg(long, default_value_t = 200)]
        games: u64,
        /// Number of players (default: the game's default).
        #[arg(long)]
        players: Option<usize>,
        /// The run seed: game K is set up and played from this seed and K (the same seed, the
        /// same games).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (0 = all cores). Ratings do not depend on it; decision times do.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// A game still running after this many decisions is left out (counted as cut short).
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
        max_decisions: u64,
        /// Write a self-contained HTML report.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Replace the report if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        data: DataArgs,
    },
    /// The game data: list and print the bundled files (templates for your own), check yours.
    Data {
        #[command(subcommand)]
        command: DataCommand,
    },
    /// Lab utilities.
    Lab {
        #[command(subcommand)]
        command: LabCommand,
    },
    /// Replay a saved game (`silk replay GAME FILE`: its moves and outcome), or game K of a lab
    /// run (`silk replay RUN_DIR --game K`: step by step, each seat's view, checked against the
    /// run's record); `--trace` writes either as an open JSON trace, `--trace-in FILE` plays a
    /// trace back and checks it (docs/traces.md).
    Replay {
        /// The game of a saved FILE (`silk games` lists them), or a run
        /// directory written by `silk simulate --out`.
        #[arg(value_name = "GAME|RUN_DIR", required_unless_present = "trace_in")]
        target: Option<String>,
        /// The saved game (from `silk play --save`); leave out to replay a run's game.
        file: Option<PathBuf>,
        /// Write the game as an open trace instead of showing it: self-contained JSON with the
        /// setup, every decision as structured data, chance and the result (docs/traces.md).
        #[arg(long)]
        trace: bool,
        /// With --trace: write the trace to this file instead of stdout (an existing file is
        /// refused without --force).
        #[arg(long, value_name = "PATH", requires = "trace")]
        out: Option<PathBuf>,
        /// With --trace --out: replace the file if it exists.
        #[arg(long, requires = "out")]
        force: bool,
        /// Play back and check a trace (written by silk or by another tool): each decision is
        /// checked and the first illegal one is reported with its index in "actions".
        #[arg(long, value_name = "FILE", conflicts_with_all = ["target", "file", "trace", "game", "moves"])]
        trace_in: Option<PathBuf>,
        /// With --trace-in: also list every legal decision before each decision and after the
        /// last (with --at N: at that one position only), in the trace's decision format, so
        /// that another implementation can compare its own list (docs/traces.md).
        #[arg(long, requires = "trace_in")]
        legal: bool,
        /// With RUN_DIR: the index of the game to replay, as in its games.jsonl (from 0).
        #[arg(long, value_name = "K")]
        game: Option<u64>,
        /// With RUN_DIR: start at decision N (from 1): the state before it, then the decisions
        /// from there to the end. With --trace-in --legal: the legal decisions before decision
        /// N only (one more than the trace's decisions: after the last).
        #[arg(long, value_name = "N")]
        at: Option<u64>,
        /// With RUN_DIR: only the decisions and their events, not each seat's view.
        #[arg(long)]
        moves: bool,
        /// With RUN_DIR or --trace-in: the standings round by round (each seat's score, its
        /// coins, the leader) and the round the game was decided in, instead of the decisions.
        #[arg(long, conflicts_with_all = ["moves", "at"])]
        timeline: bool,
    },
    /// Print the rules in force with their parameter values.
    Rules {
        /// The game (`silk games` lists them).
        game: GameName,
        /// Number of players (default: the game's default).
        #[arg(long)]
        players: Option<usize>,
        #[command(flatten)]
        data: DataArgs,
    },
}

#[derive(Subcommand)]
enum DataCommand {
    /// The bundled data files of a game.
    List {
        /// The game (`silk games` lists them).
        game: GameName,
    },
    /// Print a bundled data file (e.g. `silk data show silk-road map > ours.json`).
    Show {
        /// The game (`silk games` lists them).
        game: GameName,
        /// The data file, by the name `silk data list GAME` gives.
        file: String,
    },
    /// Check data files (`--map`, `--tiles`, `--config`, `--file NAME=PATH`): ok, or the file and
    /// place of the first mistake.
    Check {
        /// The game (`silk games` lists them).
        game: GameName,
        /// Number of players (default: the game's default).
        #[arg(long)]
        players: Option<usize>,
        #[command(flatten)]
        data: DataArgs,
    },
}

#[derive(Subcommand)]
enum LabCommand {
    /// Combine the run directories of `silk simulate --shard K/N --out DIR` into one summary.
    Merge {
        /// The run directories to combine (each written by `silk simulate --shard K/N --out DIR`).
        dirs: Vec<PathBuf>,
        /// Write the merged run here.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write a self-contained HTML report of the merged run.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Replace files that already exist at --out or --html.
        #[arg(long)]
        force: bool,
    },
}

/// What a batch of simulated games is.
#[derive(clap::Args, Clone, Debug)]
struct BatchArgs {
    /// How many games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Bots, comma-separated: one name for every seat, or one per seat in seat order, as in
    /// `silk play`; the number named sets the players unless --players does. Without it every
    /// seat is random. Names: random, greedy, greedy-aggressive|trader|builder, mctsN, mctsNms,
    /// mcts-greedyN, mcts-greedyNms, mcts-greedy-STYLEN (rollouts in a style, e.g.
    /// mcts-greedy-aggressive800).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// Number of players (default: the game's default).
    #[arg(long)]
    players: Option<usize>,
    /// The run seed: game K is set up and played from this seed and K (the same seed, the same
    /// games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0 = all cores). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Run only slice K of N of the games (for batch schedulers); merge with `silk lab merge`.
    #[arg(long)]
    shard: Option<String>,
    /// A game still running after this many decisions is counted unfinished.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
    max_decisions: u64,
    /// Check the engine's invariants (coins and goods conserved, no negative holdings) after
    /// every decision; the first broken one stops the run with the game and decision.
    #[arg(long)]
    check: bool,
    /// Keep each bot in the seat it is named for. By default different bots move round the
    /// table from game to game, so a seat's advantage is not taken for a bot's strength.
    #[arg(long)]
    no_rotate: bool,
    #[command(flatten)]
    data: DataArgs,
}

impl BatchArgs {
    fn batch(&self, out: &Out) -> lab::Batch {
        lab::Batch {
            progress: out.progress(),
            games: self.games,
            bots: self.bots.clone(),
            seed: self.seed,
            threads: self.threads,
            shard: self.shard.clone(),
            max_decisions: self.max_decisions,
            check: self.check,
            no_rotate: self.no_rotate,
        }
    }

    /// Players: --players, else the number of bots named (if more than one).
    fn players(&self) -> Option<usize> {
        self.players.or(players_named(&self.bots))
    }
}

/// Parses the command line, runs it, and exits as docs/files.md says: 0 when done, 2 for any
/// error the user can fix (bad input, a file that cannot be read or written, output that
/// cannot be written), 1 for an internal error (a bug to report); a reader that closed the
/// pipe (`silk … | head`) ends silk quietly with 0, as ripgrep does: the reader chose to stop.
pub fn main() {
    let matches = Cli::command()
        .try_get_matches()
        .unwrap_or_else(|e| usage_error(e));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| usage_error(e));
    let groups = values_groups(&matches);
    let mut out = Out::new(cli.json);
    out.quiet = cli.quiet;
    let result = run(cli.command, groups, &mut out);
    let closed = |e: &std::io::Error| e.kind() == std::io::ErrorKind::BrokenPipe;
    match (result, out.finish()) {
        (Err(e), _) => {
            output::to_stderr(&format!("silk: {e}"), true);
            std::process::exit(e.exit_code());
        }
        (Ok(()), Some(e)) if closed(e) => std::process::exit(0),
        (Ok(()), Some(e)) => {
            output::to_stderr(&format!("silk: cannot write the output: {e}"), true);
            std::process::exit(2);
        }
        (Ok(()), None) => {}
    }
}

/// Help and version print as usual; a usage error is one line on stderr, exit code 2.
fn usage_error(e: clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // Printed as clap prints it, but a failed write is not a success (nor a panic).
        match e
            .print()
            .and_then(|_| std::io::Write::flush(&mut std::io::stdout()))
        {
            Ok(()) => std::process::exit(e.exit_code()),
            Err(w) if w.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
            Err(w) => {
                output::to_stderr(&format!("silk: cannot write the output: {w}"), true);
                std::process::exit(2)
            }
        }
    }
    let text = e.render().to_string();
    // clap writes the message, then a blank line and the usage: keep the message, on one line.
    let message: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty() && !l.starts_with("Usage:"))
        .map(str::trim)
        .collect();
    let message = message.join(" ");
    output::to_stderr(
        &format!(
            "silk: {} (see silk --help)",
            message.trim_start_matches("error: ")
        ),
        true,
    );
    std::process::exit(2)
}

/// `silk sweep`'s and `silk tune`'s `--values` lists, one per occurrence (clap's derive flattens them).
fn values_groups(matches: &clap::ArgMatches) -> Vec<Vec<String>> {
    matches
        .subcommand_matches("sweep")
        .or_else(|| matches.subcommand_matches("tune"))
        .and_then(|m| m.get_occurrences::<String>("values"))
        .map(|occ| occ.map(|o| o.cloned().collect()).collect())
        .unwrap_or_default()
}

fn run(command: Command, values_groups: Vec<Vec<String>>, out: &mut Out) -> CliResult<()> {
    match command {
        Command::Games => {
            let list: Vec<(&str, &str)> =
                GameName::ALL.iter().map(|g| (g.name(), g.summary())).collect();
            let text: String = list.iter().map(|(n, s)| format!("{n:<12} {s}\n")).collect();
            let value = json!(list
                .iter()
                .map(|(n, s)| json!({"name": n, "summary": s}))
                .collect::<Vec<_>>());
            out.doc(&text, &value);
            Ok(())
        }
        Command::Play {
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
        } => {
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
                let seats = seat_kinds::<G>(n, &bots, replay.seed)?;
                if serve {
                    let save = match (&resume, &save) {
                        (Some(path), _) => Some(play::SaveFile::at(path, &replay, out)?),
                        (None, Some(path)) => Some(play::SaveFile::create(path, force, &replay, out)?),
                        (None, None) => None,
                    };
                    let session = serve::PlaySession::new(replay, seats, save, !competitor, 1_000_000)?;
                    return serve::serve(session, bind, out);
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
                };
                play::run::<G>(replay, seats, source, &opts, out)
            })
        }
        Command::Table {
            game,
            players,
            journal,
            resume,
            any_city,
            serve,
            bind,
            data,
        } => match game {
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
                    return table_serve::serve(t, j, bind, out);
                }
                table::run(args, out)
            }
            GameName::Cities if serve => {
                cities_table(players.as_deref(), journal, resume, &data, bind, out)
            }
            _ => Err(CliError::input(
                "the table helper runs silk-road (in the terminal or with --serve) and cities (with --serve)",
            )),
        },
        Command::Simulate {
            game,
            batch,
            out: dir,
            html,
            traces,
            force,
        } => {
            with_game!(game, G => {
                let cfg = G::config(batch.players(), &batch.data.files()?)?;
                let to = lab::Outputs { dir: dir.as_deref(), html: html.as_deref(), force };
                lab::simulate::<G>(&cfg, &batch.batch(out), to, traces, out)
            })
        }
        Command::Bench {
            game,
            players,
            bots,
            games,
            seed,
            repeat,
            max_threads,
            max_decisions,
            data,
        } => {
            let players = players.or((bots.len() > 1).then_some(bots.len()));
            let args = bench::BenchArgs {
                games,
                bots,
                seed,
                repeat,
                max_threads: max_threads.unwrap_or_else(lab::cores),
                max_decisions,
            };
            with_game!(game, G => {
                let cfg = G::config(players, &data.files()?)?;
                bench::bench::<G>(&cfg, &args, out)
            })
        }
        Command::Sweep {
            game,
            params,
            values: _,
            batch,
            html,
            targets,
            force,
        } => {
            if let Some(path) = &html {
                lab::check_html(path, force)?;
            }
            let values = values_groups;
            if params.len() != values.len() {
                return Err(CliError::input("give each --param its own --values"));
            }
            let pairs: Vec<(String, Vec<String>)> = params.into_iter().zip(values).collect();
            with_game!(game, G => {
                let cfg = G::config(batch.players(), &batch.data.files()?)?;
                lab::sweep_run::<G>(&cfg, &pairs, &batch.batch(out), html.as_deref(), targets.as_deref(), out)
            })
        }
        Command::Compare {
            game,
            mechanic: Some(mechanic),
            html,
            batch,
            ..
        } => {
            if batch.players.is_some() || batch.shard.is_some() {
                return Err(CliError::input(
                    "--mechanic plays each game at its default table: --players and --shard go                      with a game (silk compare GAME --variant …)",
                ));
            }
            let _ = game;
            mechanics::compare(mechanic, &batch.batch(out), html.as_deref(), out)
        }
        Command::Mechanics => mechanics::list(out),
        Command::Compare {
            game,
            variants,
            all,
            html,
            targets,
            batch,
            ..
        } => match game {
            Some(game) => {
                if variants.is_empty() {
                    return Err(CliError::input(
                        "which variants? silk compare GAME --variant NAME=CONFIG …",
                    ));
                }
                with_game!(game, G => {
                    let files = batch.data.files()?;
                    let cfg = G::config(batch.players(), &files)?;
                    let args = design::VariantArgs {
                        variants: &variants,
                        players: batch.players(),
                        data: &files,
                        all,
                        html: html.as_deref(),
                        targets: targets.as_deref(),
                    };
                    design::compare_variants::<G>(&cfg, &args, &batch.batch(out), out)
                })
            }
            None => {
                if html.is_some() {
                    return Err(CliError::input(
                        "--html goes with a game (silk compare GAME --variant …) or --mechanic",
                    ));
                }
                compare_engines(&batch, out)
            }
        },
        Command::Gaps {
            game,
            targets,
            batch,
            html,
            force,
        } => with_game!(game, G => {
            let cfg = G::config(batch.players(), &batch.data.files()?)?;
            design::gaps::<G>(&cfg, &targets, &batch.batch(out), html.as_deref(), force, out)
        }),
        Command::Tune {
            game,
            params,
            values: _,
            targets,
            budget,
            validate_games,
            explore,
            repeats,
            batch,
        } => {
            if params.len() != values_groups.len() {
                return Err(CliError::input("give each --param its own --values"));
            }
            let pairs: Vec<(String, Vec<String>)> = params.into_iter().zip(values_groups).collect();
            let args = design::TuneArgs {
                params: &pairs,
                targets: &targets,
                budget,
                validate_games,
                explore,
                repeats,
            };
            with_game!(game, G => {
                let cfg = G::config(batch.players(), &batch.data.files()?)?;
                design::tune::<G>(&cfg, &args, &batch.batch(out), out)
            })
        }
        Command::Find {
            target,
            condition,
            batch,
            out: dir,
            force,
            limit,
            traces,
        } => find_command(
            &target,
            &condition,
            &batch,
            FindOutputs {
                dir: dir.as_deref(),
                force,
                traces,
            },
            limit,
            out,
        ),
        Command::Data { command } => data_command(command, out),
        Command::Ladder {
            game,
            bots,
            games,
            players,
            seed,
            threads,
            max_decisions,
            html,
            force,
            data,
        } => {
            let args = ladder::LadderArgs {
                bots,
                games,
                seed,
                threads,
                max_decisions,
                html,
                force,
                progress: out.progress(),
            };
            with_game!(game, G => {
                let cfg = G::config(players, &data.files()?)?;
                ladder::ladder::<G>(&cfg, &args, out)
            })
        }
        Command::Lab {
            command:
                LabCommand::Merge {
                    dirs,
                    out: dir,
                    html,
                    force,
                },
        } => {
            let to = lab::Outputs {
                dir: dir.as_deref(),
                html: html.as_deref(),
                force,
            };
            lab::merge(&dirs, to, out)
        }
        Command::Replay {
            target,
            file,
            trace,
            out: trace_out,
            force,
            trace_in,
            legal,
            game,
            at,
            moves,
            timeline,
        } => {
            if let Some(path) = trace_in {
                if at.is_some() && !legal {
                    return Err(CliError::input(
                        "--at with --trace-in lists the legal decisions at one position: add --legal",
                    ));
                }
                let t = traces::load(&path)?;
                let name = GameName::named(&t.game).ok_or_else(|| {
                    CliError::input(format!(
                        "{}: game: unknown game {:?} ({})",
                        path.display(),
                        t.game,
                        GameName::names()
                    ))
                })?;
                let legal = legal.then_some(traces::Legal { at });
                return with_game!(name, G => traces::play_back::<G>(&t, &path, legal, timeline, out));
            }
            if legal {
                // (clap's `requires` lets it pass when the run's arguments conflict with it.)
                return Err(CliError::input(
                    "--legal lists the legal decisions of a trace: silk replay --trace-in FILE --legal",
                ));
            }
            let target = target.unwrap_or_default();
            let to = trace.then_some(traces::TraceTo {
                path: trace_out.as_deref(),
                force,
            });
            match file {
                Some(file) => {
                    if game.is_some() || at.is_some() || moves {
                        return Err(CliError::input(
                            "--game, --at and --moves replay a run: silk replay RUN_DIR --game K",
                        ));
                    }
                    let name = GameName::from_str(&target, true).map_err(|_| {
                        CliError::input(format!(
                            "unknown game {target:?}: choose from {}",
                            GameName::names()
                        ))
                    })?;
                    with_game!(name, G => match &to {
                        Some(to) => traces::saved_game::<G>(&file, to, out),
                        None => replay::<G>(&file, out),
                    })
                }
                None => {
                    let show = replay_run::Show {
                        at,
                        moves_only: moves,
                        timeline,
                    };
                    replay_run_dir(std::path::Path::new(&target), game, show, to.as_ref(), out)
                }
            }
        }
        Command::Rules {
            game,
            players,
            data,
        } => {
            with_game!(game, G => {
                let cfg = G::config(players, &data.files()?)?;
                G::setup(&cfg, 0)?;
                let text = G::rules_text(&cfg);
                out.doc(&text, &json!({"game": G::NAME, "config": cfg, "rules": text}));
                Ok(())
            })
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
    bind: std::net::SocketAddr,
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
    serve::serve(session, bind, out)
}

/// One engine's line of `silk compare`: its default game played by `batch`.
fn engine_row<G: CliGame + silk_core::Observe>(batch: &lab::Batch) -> CliResult<lab::CompareRow>
where
    G::Config: Sync,
{
    let config = G::config(None, &DataFiles::default())?;
    Ok(lab::CompareRow {
        game: G::NAME.into(),
        summary: lab::run_batch::<G>(&config, batch, None)?.1,
    })
}

/// `silk compare` without a game: each engine's shared mechanics from greedy bots' games.
fn compare_engines(args: &BatchArgs, out: &mut Out) -> CliResult<()> {
    if !args.bots.is_empty() || args.players.is_some() || args.shard.is_some() {
        return Err(CliError::input(
            "comparing the engines plays greedy bots at each game's default table: --bots, \
             --players and --shard go with a game (silk compare GAME --variant …)",
        ));
    }
    let batch = |bot: &str| lab::Batch {
        bots: vec![bot.to_string()],
        ..args.batch(out)
    };
    // Every game in the list: greedy bots where the game has a heuristic, random otherwise.
    let mut rows = Vec::new();
    for &game in GameName::ALL {
        rows.push(with_game!(game, G => {
            let greedy = BotKind::parse("greedy").is_some_and(|k| G::bot(k, 0).is_ok());
            engine_row::<G>(&batch(if greedy { "greedy" } else { "random" }))?
        }));
    }
    lab::compare_output(&rows, out);
    Ok(())
}

fn find_where_help() -> String {
    format!(
        "The condition each game must meet (an expression: + - * / %, comparisons, && || !, \
         parentheses, \"strings\"; at most {} bytes, nested at most {} deep). Names: {}. Counts \
         are whole numbers; metrics are decimals, so compare them with < > <= >= (or to 0.0).",
        find::MAX_LEN,
        find::MAX_DEPTH,
        find::NAMES
    )
}

/// `silk find`: over a run directory's records, or over a new batch as it plays.
/// Where `silk find` writes: a run directory for a new batch, the traces of the games listed.
struct FindOutputs<'a> {
    dir: Option<&'a std::path::Path>,
    force: bool,
    traces: bool,
}

fn find_command(
    target: &str,
    condition: &str,
    batch: &BatchArgs,
    to: FindOutputs,
    limit: u64,
    out: &mut Out,
) -> CliResult<()> {
    let FindOutputs { dir, force, traces } = to;
    let query = find::Query::parse(condition)?;
    let run_dir = std::path::Path::new(target);
    if run_dir.is_dir() {
        if dir.is_some() {
            return Err(CliError::input(
                "--out goes with a game, not a run directory",
            ));
        }
        let spec = silk_lab::read_spec(run_dir)?;
        let name = GameName::named(&spec.game).ok_or_else(|| {
            CliError::input(format!(
                "{}: unknown game {:?}",
                run_dir.join("run.json").display(),
                spec.game
            ))
        })?;
        let metrics = with_game!(name, G => {
            let cfg = traces::config_of::<G>(&spec, run_dir)?;
            silk_lab::run::declared_metrics::<G>(&cfg, &spec)?
        });
        query.check_names(&spec.game, spec.bots.len(), &metrics)?;
        let mut finder = find::Finder {
            query,
            limit,
            dir: Some(run_dir),
            matched: 0,
            games: 0,
        };
        if !traces {
            silk_lab::read_records(run_dir, &spec, &mut |r| {
                finder.each(&spec, &r, out).map(|_| ())
            })?;
            finder.finish(out);
            return Ok(());
        }
        return with_game!(name, G => {
            let mut tracer = traces::RunTraces::<G>::for_run_dir(run_dir, &spec, force)?;
            silk_lab::read_records(run_dir, &spec, &mut |r| {
                if finder.each(&spec, &r, out)? {
                    tracer.write(&spec, &r)?;
                }
                Ok(())
            })?;
            finder.finish(out);
            tracer.finish(out);
            Ok(())
        });
    }
    let game = GameName::from_str(target, true).map_err(|_| {
        CliError::input(format!(
            "{target:?} is neither a game ({}) nor a run directory",
            GameName::names()
        ))
    })?;
    if traces && dir.is_none() {
        return Err(CliError::input(
            "--traces writes into the run directory: with a game, give --out DIR",
        ));
    }
    with_game!(game, G => {
        let cfg = G::config(batch.players(), &batch.data.files()?)?;
        let spec = lab::spec_for::<G>(&cfg, &batch.batch(out))?;
        let metrics = silk_lab::run::declared_metrics::<G>(&cfg, &spec)?;
        query.check_names(G::NAME, spec.bots.len(), &metrics)?;
        let mut writer = dir.map(|d| silk_lab::RunWriter::create(d, force)).transpose()?;
        let mut tracer = match (traces, dir) {
            (true, Some(d)) => Some(traces::RunTraces::<G>::create(d, cfg.clone(), force)?),
            _ => None,
        };
        let mut finder = find::Finder { query, limit, dir, matched: 0, games: 0 };
        let (spec, summary) = lab::run_batch_each::<G>(&cfg, &batch.batch(out), writer.as_mut(), Some(&mut |spec, r| {
            match (finder.each(spec, r, out)?, tracer.as_mut()) {
                (true, Some(t)) => t.write(spec, r),
                _ => Ok(()),
            }
        }))?;
        if let Some(w) = writer {
            w.finish(&spec, &summary)?;
        }
        finder.finish(out);
        if let Some(t) = &tracer {
            t.finish(out);
        }
        Ok(())
    })
}

fn data_command(command: DataCommand, out: &mut Out) -> CliResult<()> {
    match command {
        DataCommand::List { game } => with_game!(game, G => {
            let names: Vec<&str> = G::DATA.iter().map(|(n, _)| *n).collect();
            let text: String = names.iter().map(|n| format!("{n}\n")).collect();
            out.doc(&text, &json!(names));
            Ok(())
        }),
        DataCommand::Show { game, file } => with_game!(game, G => {
            let (_, text) = G::DATA
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(file.trim_end_matches(".json")))
                .ok_or_else(|| {
                    let names: Vec<&str> = G::DATA.iter().map(|(n, _)| *n).collect();
                    CliError::input(format!("{} has no data file {file:?} (files: {})", G::NAME, names.join(", ")))
                })?;
            // The bundled text as it is, so `> ours.json` gives a file to edit.
            out.raw(text);
            Ok(())
        }),
        DataCommand::Check {
            game,
            players,
            data,
        } => with_game!(game, G => {
            // Loading validates everything and names the file and place of the first problem.
            let cfg = G::config(players, &data.files()?)?;
            let n = G::num_seats(&G::setup(&cfg, 0)?);
            out.doc(
                &format!("ok: {} data valid for {n} players\n", G::NAME),
                &json!({"ok": true, "game": G::NAME, "players": n}),
            );
            Ok(())
        }),
    }
}

/// The number of players a `--bots` list names: one name per seat when there are several (one
/// name is for every seat, whatever their number). `silk play` and `silk simulate` alike.
fn players_named(bots: &[String]) -> Option<usize> {
    (bots.len() > 1).then_some(bots.len())
}

/// Seats from `--bots`, as `silk simulate` reads it: one name for every seat or one per seat
/// (`human` for a person); no list, every seat human.
fn seat_kinds<G: CliGame>(n: usize, bots: &[String], seed: u64) -> CliResult<Vec<SeatKind<G>>> {
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
        let kind = BotKind::parse(name).ok_or_else(|| {
            CliError::input(format!(
                "unknown bot {name:?}: choose from human, {}",
                BotKind::NAMES.join(", ")
            ))
        })?;
        // Each bot its own stream, derived from the game seed and its seat.
        let bot_seed = seed ^ ((i + 1) as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        seats.push(SeatKind::Bot(name.to_string(), G::bot(kind, bot_seed)?));
    }
    Ok(seats)
}

/// `silk replay RUN_DIR --game K`, with the engine the run's `run.json` names.
fn replay_run_dir(
    dir: &std::path::Path,
    game: Option<u64>,
    show: replay_run::Show,
    trace: Option<&traces::TraceTo>,
    out: &mut Out,
) -> CliResult<()> {
    if !dir.is_dir() && GameName::from_str(&dir.display().to_string(), true).is_ok() {
        return Err(CliError::input(format!(
            "which saved game? silk replay {} FILE (or silk replay RUN_DIR --game K for a lab run)",
            dir.display()
        )));
    }
    if !dir.is_dir() {
        return Err(CliError::input(format!(
            "{}: not a run directory (silk replay RUN_DIR --game K) nor a game with a saved file \
             (silk replay GAME FILE)",
            dir.display()
        )));
    }
    let index = game.ok_or_else(|| {
        CliError::input(format!(
            "{}: which game? silk replay {} --game K",
            dir.display(),
            dir.display()
        ))
    })?;
    let run = replay_run::open(dir, index)?;
    let name = GameName::named(&run.spec.game).ok_or_else(|| {
        CliError::input(format!(
            "{}: unknown game {:?}",
            dir.join("run.json").display(),
            run.spec.game
        ))
    })?;
    with_game!(name, G => {
        if G::NAME != run.spec.game {
            return Err(CliError::input(format!(
                "{}: unknown game {:?}",
                dir.join("run.json").display(),
                run.spec.game
            )));
        }
        match trace {
            Some(to) => traces::run_game::<G>(&run, to, out),
            None => replay_run::run::<G>(&run, &show, out),
        }
    })
}

fn replay<G: CliGame>(file: &std::path::Path, out: &mut Out) -> CliResult<()> {
    let replay = Replay::<G>::load(file)?;
    let origin = file.display().to_string();
    // Each move, then what it caused, as a public observer sees it.
    let state = replay.run_each(&origin, |i, state, events| {
        let m = &replay.moves[i];
        out.line(
            &format!("{:>4}. {}: {}", i + 1, m.seat, m.action),
            json!({"type": "move", "index": i + 1, "seat": m.seat, "action": m.action}),
        );
        for e in events {
            if out.json {
                if let Some(v) = G::event_json(state, e, None) {
                    out.line("", json!({"type": "event", "event": v}));
                }
            } else if let Some(t) = G::event_text(state, e, None) {
                out.line(&format!("  {t}"), serde_json::Value::Null);
            }
        }
    })?;
    match G::outcome(&state) {
        Some(_) => narrate::Narration::new(None).end::<G>(&state, out),
        None => out.message(&format!(
            "the game is unfinished: {} moves so far (silk play {} --resume {} continues it)",
            replay.moves.len(),
            G::NAME,
            file.display()
        )),
    }
    Ok(())
}

#[cfg(test)]
mod help_tests {
    use super::Cli;
    use clap::CommandFactory;

    /// Every command has a line saying what it does and every flag and argument a line saying
    /// what it means (the standard for `--help`): walks the whole command tree.
    #[test]
    fn every_command_and_argument_has_a_help_line() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if matches!(id, "help" | "version") || arg.is_hide_set() {
                    continue;
                }
                let has = arg.get_help().is_some() || arg.get_long_help().is_some();
                if !has {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                if sub.get_name() == "help" || sub.is_hide_set() {
                    continue;
                }
                let name = format!("{path} {}", sub.get_name());
                if sub.get_about().is_none() && sub.get_long_about().is_none() {
                    missing.push(format!("{name} (command)"));
                }
                walk(sub, &name, missing);
            }
        }
        let mut missing = Vec::new();
        walk(&Cli::command(), "silk", &mut missing);
        assert!(missing.is_empty(), "no help line: {missing:#?}");
    }
}

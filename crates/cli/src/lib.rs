//! The `silk` command line: play any silk game, replay a game, print the rules in force.
//! The CLI holds no rules: it parses, calls a crate, prints. The binary itself lives in the
//! root package (`src/main.rs`) so that the workspace's end-to-end tests can run it.

mod args;
mod commands;

// The application layer's modules, named as the commands name them.
use silk_app::{
    bench, design, error, find, games, jobs, lab, mechanics, narrate, output, outside, play,
    replay_run, seats, serve, skill, table, table_serve, traces,
};

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use error::CliResult;
use output::Out;

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

#[derive(Subcommand)]
enum Command {
    /// List the games silk plays.
    Games,
    /// List the mechanics the engines share (auctions, routes): where each engine uses one,
    /// the parameter that selects its format, its default and its choices.
    Mechanics,
    /// Play a game in the terminal: humans and bots, each human sees only their own seat.
    Play(commands::play::PlayArgs),
    /// Run a physical game at the table. Silk Road: the auctions and the market order, from
    /// what is said aloud (coins and goods stay behind the real shields). Cities (with --serve):
    /// a playtest refereed by the engine, each player on their own phone.
    Table(commands::table::TableArgs),
    /// Simulate many bot games and summarise them (win rates with 95% intervals, seat
    /// advantage, length, margins, lead changes, branching, per-game metrics).
    Simulate(commands::simulate::SimulateArgs),
    /// How fast the lab plays a game: the same games played by the engine alone and through
    /// the whole lab (as `silk simulate`), their rates and ratio, the lab's games/s on 1, 2, …
    /// threads up to the core count, and the peak memory. With search bots (mcts), the search's
    /// playouts and playout decisions per second.
    Bench(commands::bench::BenchArgs),
    /// Which branches of the rules the bots reach (each decision option, each event, falls,
    /// ties…): the share of games in which each happens and its count per game, with 95%
    /// intervals; those that never happen first, each with what would make it happen.
    Coverage(commands::coverage::CoverageArgs),
    /// Run the same simulation for each value of one or two parameters, side by side.
    Sweep(commands::sweep::SweepArgs),
    /// Show me a game where X happened: the games of a run directory, or of a new batch, where
    /// a condition on each game's figures holds, with the command that replays each.
    Find(commands::find::FindArgs),
    /// Why the games of a run that the round cap ended stalled: each one's freeze and, seat by
    /// seat, what holds each source of points shut; the share of stalls each cause holds. With
    /// --skill: the stall share at rising skill, the design's or the bots'.
    Stalls(commands::stalls::StallsArgs),
    /// The games people played (the playtest records `silk play` keeps in a folder) read as a
    /// lab run: decided or stalled, wins by player with exact 95% intervals, length, table
    /// minutes by the records' clock, and each game.
    Playtests(commands::playtests::PlaytestsArgs),
    /// Without a game: the shared mechanics across the engines, from greedy bots' games
    /// (auctions, routes, resource conversion, seat advantage, length, branching; "—": not in
    /// that game). With --mechanic auction: every engine under every auction format at each of
    /// its auction points, on the same seeds, with 95% intervals. With a game and --variant: the
    /// game's config and each variant on the same seeds, every measure with its 95% interval
    /// and each variant's difference from the base.
    Compare(commands::compare::CompareArgs),
    /// A game's findings re-measured: each finding (a rule fact or a play fact, with its
    /// command and a stated direction) played again on one batch of paired games and written
    /// as a document saying whether each direction still holds (docs/cities-findings.md).
    Findings(commands::findings::FindingsArgs),
    /// How far the design misses a designer's targets (a JSON file: see docs/lab.md), ranked,
    /// each with the measured value and its 95% interval; table minutes from a time model.
    Gaps(commands::gaps::GapsArgs),
    /// Search parameter values that bring the design closest to the targets (NTBEA, an
    /// optimiser for noisy evaluations), then check the best setting on fresh games.
    Tune(commands::tune::TuneArgs),
    /// A round-robin of bots: every pair plays its own games with the seats shared between
    /// them and moved round the table; ratings with 95% intervals, the win matrix, each bot's
    /// time per decision.
    Ladder(commands::ladder::LadderArgs),
    /// Learn a value of a seat's standing from bot games: which of the game's features
    /// (points, coins, goods…) predict the winner, as weights with standard errors, checked
    /// on held-out games; --out writes the value file the strong bot's search ranks seats by.
    Learn(commands::learn::LearnArgs),
    /// The game data: list and print the bundled files (templates for your own), check yours.
    Data {
        #[command(subcommand)]
        command: commands::data::DataCommand,
    },
    /// Lab utilities.
    Lab {
        #[command(subcommand)]
        command: commands::lab::LabCommand,
    },
    /// Replay a saved game (`silk replay GAME FILE`: its moves and outcome), or game K of a lab
    /// run (`silk replay RUN_DIR --game K`: step by step, each seat's view, checked against the
    /// run's record); `--trace` writes either as an open JSON trace, `--trace-in FILE` plays a
    /// trace back and checks it (docs/traces.md).
    Replay(commands::replay::ReplayArgs),
    /// Print the rules in force with their parameter values.
    Rules(commands::rules::RulesArgs),
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
    let groups = args::values_groups(&matches);
    let mut out = Out::new(cli.json);
    out.quiet = cli.quiet;
    let result = run(cli.command, groups, &mut out);
    // The external bots still running, and whatever they started, end with silk.
    silk_bots::program::stop_all();
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

/// One line a command: each command's module holds its arguments and its body.
fn run(command: Command, values_groups: Vec<Vec<String>>, out: &mut Out) -> CliResult<()> {
    match command {
        Command::Games => commands::games::games(out),
        Command::Mechanics => crate::mechanics::list(out),
        Command::Play(args) => args.run(out),
        Command::Table(args) => args.run(out),
        Command::Simulate(args) => args.run(out),
        Command::Bench(args) => args.run(out),
        Command::Coverage(args) => args.run(out),
        Command::Learn(args) => args.run(out),
        Command::Sweep(args) => args.run(values_groups, out),
        Command::Find(args) => args.run(out),
        Command::Stalls(args) => args.run(out),
        Command::Playtests(args) => args.run(out),
        Command::Compare(args) => args.run(out),
        Command::Findings(args) => args.run(out),
        Command::Gaps(args) => args.run(out),
        Command::Tune(args) => args.run(values_groups, out),
        Command::Ladder(args) => args.run(out),
        Command::Data { command } => command.run(out),
        Command::Lab { command } => command.run(out),
        Command::Replay(args) => args.run(out),
        Command::Rules(args) => args.run(out),
    }
}

/// Runs a design job's command again from its `job.json` arguments, its games given by `io`
/// (`silk lab merge` of the job's shards: see crate::jobs).
pub(crate) fn run_job(command: &[String], io: jobs::GamesIo, out: &mut Out) -> CliResult<()> {
    let argv = std::iter::once("silk".to_string()).chain(command.iter().cloned());
    let bad = |e: clap::Error| {
        let text = e.render().to_string();
        let first = text.lines().next().unwrap_or_default().to_string();
        error::CliError::input(format!("job.json: `silk {}`: {first}", command.join(" ")))
    };
    let matches = Cli::command().try_get_matches_from(argv).map_err(bad)?;
    let cli = Cli::from_arg_matches(&matches).map_err(bad)?;
    let groups = args::values_groups(&matches);
    let command = match cli.command {
        Command::Sweep(a) => Command::Sweep(commands::sweep::SweepArgs { io, ..a }),
        Command::Compare(a) => Command::Compare(commands::compare::CompareArgs { io, ..a }),
        Command::Tune(a) => Command::Tune(commands::tune::TuneArgs { io, ..a }),
        Command::Ladder(a) => Command::Ladder(commands::ladder::LadderArgs { io, ..a }),
        _ => {
            return Err(error::CliError::input(format!(
                "job.json: `silk {}` is not a design job",
                command.join(" ")
            )))
        }
    };
    run(command, groups, out)
}

#[cfg(test)]
mod tests;

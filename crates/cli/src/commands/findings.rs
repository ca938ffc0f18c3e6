//! `silk findings`: a game's findings re-measured and written as a document.

use crate::design::findings::{self, FindingsRun};
use crate::error::{CliError, CliResult};
use crate::games::{game_list, with_game, with_game_arms, CliGame, GameName};
use crate::output::Out;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct FindingsArgs {
    /// The game (`silk games` lists them).
    pub game: GameName,
    /// A findings file of your own (JSON: docs/lab.md) in place of the game's bundled one.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Games per config (default: the findings file's scale).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: Option<u64>,
    /// Games per config of the strong-bot column (default: the findings file's `strong`
    /// scale; 0 leaves the column out).
    #[arg(long)]
    pub strong_games: Option<u64>,
    /// Games per config of each skill level that plays its own batch (default: the findings
    /// file's `skill` scale; 0 leaves the skill curve out).
    #[arg(long)]
    pub skill_games: Option<u64>,
    /// The run seed (default: the findings file's).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (0 = all cores). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Write the document here and print only each finding's verdict (an existing file is
    /// refused without --force).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// With --out: replace the file if it exists (as regenerating the repository's document does).
    #[arg(long, requires = "out")]
    pub force: bool,
}

impl FindingsArgs {
    pub fn run(self, out: &mut Out) -> CliResult<()> {
        let FindingsArgs {
            game,
            file,
            games,
            strong_games,
            skill_games,
            seed,
            threads,
            out: to,
            force,
        } = self;
        if let Some(path) = &to {
            silk_lab::check_new(path, force)?;
        }
        with_game!(game, G => {
            let (text, source) = match &file {
                Some(path) => (
                    silk_core::files::read_text(path, silk_core::files::Limit::DATA)
                        .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?,
                    path.display().to_string(),
                ),
                None => match G::FINDINGS {
                    Some(text) => (text.to_string(), format!("data/{}/findings.json", game.name())),
                    None => {
                        return Err(CliError::input(format!(
                            "{} has no bundled findings: give your own with --file",
                            game.name()
                        )))
                    }
                },
            };
            let parsed = findings::parse(&text, &source)?;
            let mut command = format!("silk findings {}", game.name());
            if let Some(path) = &file {
                command += &format!(" --file {}", path.display());
            }
            if let Some(n) = games.filter(|&n| n != parsed.scale.games) {
                command += &format!(" --games {n}");
            }
            let file_strong = parsed.strong.as_ref().map_or(0, |s| s.games);
            if let Some(n) = strong_games.filter(|&n| n != file_strong) {
                command += &format!(" --strong-games {n}");
            }
            if let Some(n) = skill_games {
                command += &format!(" --skill-games {n}");
            }
            if let Some(s) = seed.filter(|&s| s != parsed.scale.seed) {
                command += &format!(" --seed {s}");
            }
            if let Some(path) = &to {
                command += &format!(" --out {}", path.display());
                if force {
                    command += " --force";
                }
            }
            let run = FindingsRun {
                games: games.unwrap_or(parsed.scale.games),
                strong_games: strong_games.unwrap_or(file_strong),
                skill_games,
                seed: seed.unwrap_or(parsed.scale.seed),
                file: parsed,
                source: &source,
                command: &command,
                threads,
            };
            let (doc, value) = findings::findings::<G>(&run, out)?;
            match &to {
                Some(path) => {
                    silk_lab::write_atomic(path, doc.as_bytes())?;
                    let mut text = String::new();
                    for f in value["findings"].as_array().into_iter().flatten() {
                        let holds = f["holds"] == true;
                        text += &format!(
                            "{:<5} {:<24} {}\n",
                            f["fact"].as_str().unwrap_or(""),
                            f["id"].as_str().unwrap_or(""),
                            if holds { "holds" } else { "DOES NOT HOLD" }
                        );
                    }
                    text += &format!("written to {}\n", path.display());
                    out.doc(&text, &value);
                }
                None if out.json => out.doc("", &value),
                None => out.raw(&doc),
            }
            Ok(())
        })
    }
}

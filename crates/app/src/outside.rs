//! Players outside silk in any command that seats bots: an external program
//! (`--bots 'cmd:python3 bot.py'`, docs/bot-protocol.md) and the choosers an embedding
//! registers by name (the Python package's callables, `py:NAME`). Both are seated as
//! [`OutsidePlayer`]s, which forfeit a game instead of failing the run.

use crate::games::CliGame;
use silk_bots::{Chooser, OutsidePlayer, Program, Table};
use silk_core::Player;
use silk_lab::LabError;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The prefix of an external program's bot name.
pub const PROGRAM: &str = "cmd:";

/// `--bot-time`'s default: milliseconds an external program may take per answer.
pub const DEFAULT_BOT_TIME_MS: u64 = 10_000;

static BOT_TIME_MS: AtomicU64 = AtomicU64::new(DEFAULT_BOT_TIME_MS);

/// The `--bot-time` flag of the commands that seat bots.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct BotTimeArgs {
    /// Milliseconds an external bot (`cmd:…`) may take to answer one decision (and its first
    /// one, which includes its start); past it, it forfeits the game.
    #[arg(long, value_name = "MS", default_value_t = DEFAULT_BOT_TIME_MS,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub bot_time: u64,
}

impl BotTimeArgs {
    /// Sets the budget for the external bots this command starts.
    pub fn apply(self) {
        set_bot_time(self.bot_time);
    }
}

/// Sets the time an external program may take per answer (one command runs per process).
pub fn set_bot_time(ms: u64) {
    BOT_TIME_MS.store(ms.max(1), Ordering::Relaxed);
}

fn bot_time() -> Duration {
    Duration::from_millis(BOT_TIME_MS.load(Ordering::Relaxed))
}

/// Makes a seat's chooser for one game.
pub type ChooserFactory = dyn Fn(usize) -> Box<dyn Chooser> + Send + Sync;

type Registry = Vec<(String, Arc<ChooserFactory>)>;

static REGISTERED: Mutex<Registry> = Mutex::new(Vec::new());

/// Whether any name is registered, kept with the registry under its lock: a lab thread asks
/// for every seat of every game, and with nothing registered (every run outside Python) it
/// reads this instead of taking a lock all threads share.
static ANY_REGISTERED: AtomicBool = AtomicBool::new(false);

fn registry() -> std::sync::MutexGuard<'static, Registry> {
    REGISTERED.lock().unwrap_or_else(|e| e.into_inner())
}

/// The name `name`'s chooser factory, if it is registered.
fn registered(name: &str) -> Option<Arc<ChooserFactory>> {
    if !ANY_REGISTERED.load(Ordering::Acquire) {
        return None;
    }
    registry()
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, m)| Arc::clone(m))
}

/// A name registered while this lives ([`register`]).
pub struct Registration(String);

impl Drop for Registration {
    fn drop(&mut self) {
        let mut r = registry();
        r.retain(|(n, _)| *n != self.0);
        ANY_REGISTERED.store(!r.is_empty(), Ordering::Release);
    }
}

/// Registers `name` as a bot any command may seat, played by the choosers `make` gives, until
/// the registration is dropped (how the Python package seats a callable).
pub fn register(name: &str, make: Arc<ChooserFactory>) -> Registration {
    let mut r = registry();
    r.retain(|(n, _)| n != name);
    r.push((name.to_string(), make));
    ANY_REGISTERED.store(true, Ordering::Release);
    Registration(name.to_string())
}

/// Whether `name` is a player outside silk (a program or a registered name).
pub fn is_outside(name: &str) -> bool {
    program(name).is_some() || registered(name).is_some()
}

pub fn program(name: &str) -> Option<&str> {
    name.trim()
        .strip_prefix(PROGRAM)
        .map(str::trim)
        .filter(|c| !c.is_empty())
}

/// The player outside silk called `name` in `seat`, or `None` when `name` is not one.
pub fn player<G: CliGame>(
    seat: usize,
    name: &str,
    table: &Arc<Table>,
) -> Option<Result<Box<dyn Player<G>>, LabError>> {
    let chooser: Box<dyn Chooser> = match program(name) {
        Some(command) => match Program::seat(command, seat, bot_time()) {
            Ok(p) => Box::new(p),
            Err(e) => return Some(Err(LabError::Input(format!("--bots {name}: {e}")))),
        },
        None => registered(name)?(seat),
    };
    Some(Ok(Box::new(OutsidePlayer::<G>::new(
        chooser,
        Arc::clone(table),
    ))))
}

/// `text` as one shell word, its control characters shown as `?` (it comes from a file).
pub fn shell_quoted(text: &str) -> String {
    let shown: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect();
    format!("'{}'", shown.replace('\'', r"'\''"))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Silent;

    impl Chooser for Silent {
        fn begin(&mut self, _: &serde_json::Value) -> Result<(), silk_core::Forfeit> {
            Ok(())
        }
        fn decide(
            &mut self,
            _: &serde_json::Value,
        ) -> Result<serde_json::Value, silk_core::Forfeit> {
            Ok(serde_json::json!(0))
        }
    }

    /// A registered name is a player outside silk while its registration lives, and only
    /// then; with nothing registered no lookup takes the registry's lock.
    #[test]
    fn a_registered_name_is_outside_while_registered() {
        let name = "issue45-registered-callable";
        assert!(!is_outside(name));
        let registration = register(name, Arc::new(|_| Box::new(Silent) as Box<dyn Chooser>));
        assert!(is_outside(name));
        assert!(registered(name).is_some());
        assert!(registered("issue45-other-name").is_none());
        drop(registration);
        assert!(!is_outside(name));
    }
}

//! One writer per file: the lock a table's journal and a saved game are held by while open
//! (silk-core's [`silk_core::lock::FileLock`], the one lab run directories are held by too).

use crate::error::{CliError, CliResult};
use crate::output::Out;
use silk_core::lock::FileLock;
use std::path::{Path, PathBuf};

/// Takes `FILE.lock` beside `file` for this process's life (until dropped), saying so if a
/// killed process had left it behind; refused, naming the holder's pid, while another silk
/// process holds it. Two processes writing one file would lose each other's moves.
pub(crate) fn take(file: &Path, out: &mut Out) -> CliResult<FileLock> {
    if let Some(dir) = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty() && !d.is_dir())
    {
        return Err(CliError::input(format!(
            "{}: the folder {} does not exist (silk makes no folder for it: create it, or              choose another path)",
            file.display(),
            dir.display()
        )));
    }
    let mut name = file.as_os_str().to_owned();
    name.push(".lock");
    let taken =
        FileLock::take(file, &PathBuf::from(name)).map_err(|e| CliError::input(e.to_string()))?;
    if let Some(said) = taken.taken_over(file) {
        out.message(&said);
    }
    Ok(taken.lock)
}

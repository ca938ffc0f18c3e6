//! Helpers shared by the end-to-end tests.

use assert_cmd::Command;
use std::path::PathBuf;

/// The `silk` binary of this build.
pub fn silk() -> Command {
    Command::cargo_bin("silk").expect("the silk binary is built")
}

/// A fresh, empty directory for one test (`suite` and `name` keep tests apart).
pub fn temp_dir(suite: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("silk-{suite}-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the temp dir can be created");
    dir
}

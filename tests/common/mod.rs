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

/// Runs `silk --json ARGS`, which must succeed, and reads the JSON document it prints.
#[allow(dead_code)] // not every test file reads JSON
pub fn json_doc(args: &[&str]) -> serde_json::Value {
    let out = silk()
        .arg("--json")
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    serde_json::from_slice(&out).expect("--json prints one JSON document")
}

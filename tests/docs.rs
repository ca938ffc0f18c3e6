//! The repository's own documentation reads as a newcomer expects (issue 44, point 33): every
//! Markdown page closes its code blocks, holds no empty block and no table row cut off from its
//! table, points only at files that exist in the repository and never at an outside address;
//! the README's commands do what it says of them.

mod common;

use common::{silk, temp_dir};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every Markdown file of the repository outside build output.
fn markdown_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if path.is_dir() {
                if !name.starts_with('.') && name != "target" && name != "node_modules" {
                    walk(&path, out);
                }
            } else if name.ends_with(".md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(Path::new(env!("CARGO_MANIFEST_DIR")), &mut files);
    files.sort();
    assert!(files.len() > 10, "the docs are found: {files:?}");
    files
}

/// The problems of one page's Markdown: unclosed or empty code blocks, orphan table rows.
fn markdown_problems(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let mut open: Option<usize> = None;
    let mut rows = 0; // table rows in a run of consecutive table lines
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let n = i + 1;
        let fence = line.trim_start().starts_with("```");
        if fence {
            match open {
                Some(start) if start + 1 == n => {
                    problems.push(format!("line {start}: empty code block"))
                }
                _ => {}
            }
            open = if open.is_some() { None } else { Some(n) };
            continue;
        }
        if open.is_some() {
            continue;
        }
        if line.starts_with('|') {
            rows += 1;
        } else {
            if rows == 1 {
                problems.push(format!("line {}: a table row outside any table", n - 1));
            }
            rows = 0;
        }
    }
    if rows == 1 {
        problems.push(format!(
            "line {}: a table row outside any table",
            lines.len()
        ));
    }
    if let Some(start) = open {
        problems.push(format!("line {start}: a code block that is never closed"));
    }
    problems
}

#[test]
fn issue44_markdown_closes_its_blocks_and_tables() {
    let mut problems = Vec::new();
    for file in markdown_files() {
        let text = fs::read_to_string(&file).unwrap();
        for p in markdown_problems(&text) {
            problems.push(format!("{}: {p}", file.display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn issue44_the_markdown_check_finds_what_it_looks_for() {
    assert_eq!(
        markdown_problems("a\n```sh\nx\n"),
        ["line 2: a code block that is never closed"]
    );
    assert_eq!(
        markdown_problems("```\n```\n"),
        ["line 1: empty code block"]
    );
    assert_eq!(
        markdown_problems("| a | b |\n|---|---|\n| 1 | 2 |\n\n| lost |\n\ntext"),
        ["line 5: a table row outside any table"]
    );
    assert!(markdown_problems("| a |\n|---|\n```\n| in code |\n```\n").is_empty());
}

/// Relative links `](path)` of a page, without their `#anchor`.
fn relative_links(text: &str) -> Vec<&str> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let end = rest.find(')')?;
            let target = rest[..end].split('#').next()?;
            (!target.is_empty() && !target.contains("://") && !target.starts_with("mailto:"))
                .then_some(target)
        })
        .collect()
}

#[test]
fn issue44_docs_link_only_to_files_of_the_repository() {
    let mut problems = Vec::new();
    for file in markdown_files() {
        let text = fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap();
        for target in relative_links(&text) {
            if !dir.join(target).exists() {
                problems.push(format!("{}: link to missing {target}", file.display()));
            }
        }
        for (at, _) in text.match_indices("](http") {
            let end = text[at..].find(')').map_or(text.len(), |e| at + e);
            problems.push(format!(
                "{}: outside link {}",
                file.display(),
                &text[at + 2..end]
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn issue44_readme_installs_with_the_lock_file() {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let installs: Vec<&str> = readme
        .lines()
        .filter(|l| l.contains("cargo install"))
        .collect();
    assert!(!installs.is_empty(), "the README says how to install silk");
    for line in installs {
        assert!(
            line.contains("--locked"),
            "an install that ignores Cargo.lock: {line}"
        );
    }
}

/// The README's lab example: the `silk find` condition it shows finds games of the run it shows.
#[test]
fn issue44_readme_find_example_finds_games() {
    let readme =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let find = readme
        .lines()
        .find(|l| l.starts_with("silk find runs/base --where"))
        .expect("the README shows silk find on runs/base");
    let condition = find
        .split('\'')
        .nth(1)
        .expect("the condition is quoted with '…'");
    let simulate = readme
        .lines()
        .find(|l| l.starts_with("silk simulate silk-road") && l.contains("--out runs/base"))
        .expect("the README makes runs/base");
    let bots = simulate
        .split_whitespace()
        .skip_while(|w| *w != "--bots")
        .nth(1)
        .expect("the run names its bots");
    // A tenth of the README's 10 000 games: the example must not rest on a rare game.
    let dir = temp_dir("docs", "readme-find");
    let run = dir.join("base");
    silk()
        .args([
            "simulate",
            "silk-road",
            "--games",
            "1000",
            "--bots",
            bots,
            "--out",
        ])
        .arg(&run)
        .assert()
        .success();
    let text = common::json_text(&["find", run.to_str().unwrap(), "--where", condition]);
    let summary: serde_json::Value =
        serde_json::from_str(text.lines().last().expect("find prints its count")).unwrap();
    let found = summary["matched"]
        .as_u64()
        .expect("find counts the games it found");
    assert!(
        found >= 10,
        "`{condition}` finds {found} of 1000 games:\n{text}"
    );
    let _ = fs::remove_dir_all(dir);
}

/// What a test calls when it needs a component, and the mark that reports it as ignored where
/// the component is missing (build.rs sets the `cfg`).
const NEEDS: [(&str, &str); 5] = [
    ("start_or_skip", "silk_no_browser"),
    ("missing(\"no Slurm", "silk_no_slurm"),
    ("missing(\"GNU parallel", "silk_no_parallel"),
    ("if !python()", "silk_no_python"),
    ("Command::new(\"unshare\")", "silk_no_netns"),
];

/// The tests of a file that need a component but lack its mark: `(test name, cfg)`.
fn unmarked(text: &str) -> Vec<(String, &'static str)> {
    let mut found = Vec::new();
    let parts: Vec<&str> = text.split("#[test]").collect();
    for part in parts.iter().skip(1) {
        let body_at = part.find("fn ").unwrap_or(0);
        let (attributes, body) = part.split_at(body_at);
        let name = body[3..].split('(').next().unwrap_or("").to_string();
        if let Some(&(_, cfg)) = NEEDS.iter().find(|(needle, _)| body.contains(needle)) {
            let attributes: String = attributes.split_whitespace().collect();
            if !attributes.contains(&format!("cfg_attr({cfg},ignore")) {
                found.push((name, cfg));
            }
        }
    }
    found
}

/// Issue 44, point 29: a test skipped for want of a component is reported as ignored in the
/// test summary, not as a pass.
#[test]
fn issue44_tests_that_need_a_component_are_reported_ignored_without_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut problems = Vec::new();
    let mut marked = 0;
    for entry in fs::read_dir(&dir).unwrap().flatten() {
        let path = entry.path();
        // This file names the calls it looks for.
        if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("docs.rs") {
            let text = fs::read_to_string(&path).unwrap();
            marked += text.matches("ignore = \"needs ").count();
            for (name, cfg) in unmarked(&text) {
                problems.push(format!(
                    "{}: {name} needs #[cfg_attr({cfg}, ignore = \"needs …\")]",
                    path.display()
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(marked >= 14, "the component tests are found: {marked}");
    let missing =
        "#[test]\nfn a() {\n    let Some(d) = Driver::start_or_skip() else { return };\n}\n";
    assert_eq!(unmarked(missing), [("a".to_string(), "silk_no_browser")]);
    let marked = format!(
        "#[test]\n#[cfg_attr(silk_no_browser, ignore = \"needs x\")]\n{}",
        &missing[8..]
    );
    assert!(unmarked(&marked).is_empty());
}

/// Each workspace crate's silk dependencies (`[dependencies]` naming another member), from
/// `cargo metadata`: crate → sorted names.
fn crate_dependencies() -> BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata is JSON");
    let packages = meta["packages"].as_array().expect("packages");
    let members: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    packages
        .iter()
        .map(|p| {
            let mut deps: Vec<String> = p["dependencies"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|d| d["kind"].is_null())
                .filter_map(|d| d["name"].as_str())
                .filter(|n| members.contains(n))
                .map(str::to_string)
                .collect();
            deps.sort();
            deps.dedup();
            (p["name"].as_str().unwrap_or_default().to_string(), deps)
        })
        .collect()
}

/// Issue 45, point 6: docs/architecture.md lists every crate of the workspace with its silk
/// dependencies exactly as the manifests say (a new crate or a new arrow must be written there),
/// and every crate's row in "why it exists" names a crate that exists.
#[test]
fn issue45_architecture_lists_the_crates_and_their_dependencies_as_cargo_does() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
            .expect("docs/architecture.md");
    let start = text
        .find("<!-- crate dependencies: checked by tests/docs.rs -->")
        .expect("the crate dependency table's start marker");
    let end = text[start..]
        .find("<!-- end of crate dependencies -->")
        .expect("the crate dependency table's end marker")
        + start;
    let written: BTreeMap<String, Vec<String>> = text[start..end]
        .lines()
        .filter(|l| l.starts_with("| silk"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let deps = cells
                .get(1)
                .map(|d| {
                    d.split(',')
                        .map(str::trim)
                        .filter(|d| !d.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            (cells[0].to_string(), deps)
        })
        .collect();
    let cargo = crate_dependencies();
    assert_eq!(
        written, cargo,
        "docs/architecture.md's crate dependencies differ from cargo metadata's"
    );
    // The "why it exists" table names each crate under `crates/` by its package name.
    for name in cargo.keys().filter(|n| n.as_str() != "silk") {
        assert!(
            text.contains(&format!("— {name} |")),
            "docs/architecture.md has no row for {name}"
        );
    }
}

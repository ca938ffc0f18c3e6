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

/// The end-to-end tests' scratch folders do not pile up (docs/testing.md): the folders of a
/// test program that has ended go, this one's and anything not named for a process stay.
#[test]
fn scratch_folders_of_ended_test_programs_are_removed() {
    if !Path::new("/proc/self").exists() {
        eprintln!("skipping: no /proc to tell which processes run");
        return;
    }
    let mine = temp_dir("docs", "scratch");
    let root = mine
        .parent()
        .and_then(Path::parent)
        .expect("silk-tests/<pid>/");
    // Above the kernel's largest pid (4 194 304), so never a running process.
    let ended = root.join("4294967295").join("docs-left");
    let other = root.join("not-a-pid");
    fs::create_dir_all(&ended).unwrap();
    fs::create_dir_all(&other).unwrap();
    common::remove_ended(root);
    assert!(
        !root.join("4294967295").exists(),
        "an ended program's folder stays"
    );
    assert!(mine.exists(), "this program's folder went");
    assert!(other.exists(), "a folder not named for a process went");
    fs::remove_dir_all(&other).unwrap();
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
    let table = common::marked(
        &text,
        "<!-- crate dependencies: checked by tests/docs.rs -->",
        "<!-- end of crate dependencies -->",
    );
    let written: BTreeMap<String, Vec<String>> = table
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

/// A crate's sources as (module path, code): comments, and the unit tests after
/// `#[cfg(test)] mod tests`, left out.
fn module_sources(src: &Path) -> Vec<(Vec<String>, String)> {
    rust_files(src)
        .into_iter()
        .map(|f| {
            let rel = f.strip_prefix(src).expect("under src").with_extension("");
            let mut path: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if path
                .last()
                .is_some_and(|l| l == "mod" || l == "lib" || l == "main")
            {
                path.pop();
            }
            let text = fs::read_to_string(&f).expect("a source file");
            let code: String = text
                .split("#[cfg(test)]\nmod tests")
                .next()
                .unwrap_or_default()
                .lines()
                .map(|l| l.split("//").next().unwrap_or_default())
                .collect::<Vec<_>>()
                .join("\n");
            (path, code)
        })
        .collect()
}

/// The module paths `code` (of the module at `at`) names: `crate::a::b…` and `super::x…`,
/// inside `use` braces too (one level: `use crate::{a, b::c}`).
fn named_modules(code: &str, at: &[String]) -> Vec<Vec<String>> {
    let ident = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_';
    let mut found = Vec::new();
    for (prefix, base) in [
        ("crate::", Vec::new()),
        ("super::", at[..at.len().saturating_sub(1)].to_vec()),
    ] {
        for (i, _) in code.match_indices(prefix) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| ident(c) || c == ':') {
                continue;
            }
            let rest = &code[i + prefix.len()..];
            let heads: Vec<String> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split('}')
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(|p| p.trim().to_string())
                    .collect(),
                None => vec![rest.chars().take_while(|&c| ident(c) || c == ':').collect()],
            };
            for h in heads {
                let mut path = base.clone();
                path.extend(
                    h.split("::")
                        .filter(|p| !p.is_empty() && p.chars().all(ident))
                        .map(str::to_string),
                );
                found.push(path);
            }
        }
    }
    found
}

/// The import circles among the sibling modules of every module of every crate under
/// `crates/`: `crate::module` (with `::` for a nested one) and the circle's modules, sorted.
fn import_circles() -> Vec<(String, Vec<String>)> {
    let mut circles = Vec::new();
    for (name, dir) in common::workspace_crates() {
        let src = dir.join("src");
        if !src.is_dir() {
            continue;
        }
        let modules = module_sources(&src);
        let parents: BTreeSet<Vec<String>> = modules
            .iter()
            .filter(|(p, _)| !p.is_empty())
            .map(|(p, _)| p[..p.len() - 1].to_vec())
            .collect();
        for parent in parents {
            let d = parent.len();
            let under = |p: &[String]| p.len() > d && p[..d] == parent[..];
            let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for (path, code) in &modules {
                if !under(path) {
                    continue;
                }
                let from = path[d].clone();
                edges.entry(from.clone()).or_default();
                for named in named_modules(code, path) {
                    if under(&named) && named[d] != from {
                        edges
                            .entry(from.clone())
                            .or_default()
                            .insert(named[d].clone());
                    }
                }
            }
            let siblings: BTreeSet<&String> = edges.keys().collect();
            let reach = |from: &String| {
                let mut seen = BTreeSet::new();
                let mut todo = vec![from.clone()];
                while let Some(m) = todo.pop() {
                    for n in edges.get(&m).into_iter().flatten() {
                        if siblings.contains(n) && seen.insert(n.clone()) {
                            todo.push(n.clone());
                        }
                    }
                }
                seen
            };
            let reaches: BTreeMap<&String, BTreeSet<String>> =
                siblings.iter().map(|&m| (m, reach(m))).collect();
            let mut done = BTreeSet::new();
            for &m in &siblings {
                if done.contains(m) || !reaches[m].contains(m) {
                    continue;
                }
                let circle: Vec<String> = siblings
                    .iter()
                    .filter(|&&o| reaches[m].contains(o) && reaches[o].contains(m))
                    .map(|o| o.to_string())
                    .collect();
                done.extend(circle.iter().cloned());
                let at = std::iter::once(name.clone())
                    .chain(parent.iter().cloned())
                    .collect::<Vec<_>>()
                    .join("::");
                circles.push((at, circle));
            }
        }
    }
    circles
}

/// Issue 45, point 3: the only import circles among sibling modules are the inherent ones
/// docs/architecture.md names, each with why (a new circle fails here until it is broken or
/// written down).
#[test]
fn issue45_only_the_documented_import_circles_remain() {
    let text =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md"))
            .expect("docs/architecture.md");
    let start = text
        .find("<!-- import circles: checked by tests/docs.rs -->")
        .expect("the import circles' start marker");
    let end = text[start..]
        .find("<!-- end of import circles -->")
        .expect("the end marker")
        + start;
    let written: Vec<(String, Vec<String>)> = text[start..end]
        .lines()
        .filter(|l| l.starts_with("| silk"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let mut modules: Vec<String> =
                cells[1].split(',').map(|m| m.trim().to_string()).collect();
            modules.sort();
            (cells[0].to_string(), modules)
        })
        .collect();
    assert_eq!(
        import_circles(),
        written,
        "import circles differ from docs/architecture.md's list"
    );
}

/// The circle finder finds a circle (and the module paths it reads), so that the test above
/// can fail.
#[test]
fn the_circle_finder_reads_module_paths() {
    let at = vec!["engine".to_string(), "turn".to_string()];
    let named = named_modules(
        "use crate::{a, b::c};\nuse super::rise_fall::end;\nlet x = silk_core::crate_like::y;",
        &at,
    );
    assert_eq!(
        named,
        vec![
            vec!["a".to_string()],
            vec!["b".to_string(), "c".to_string()],
            vec![
                "engine".to_string(),
                "rise_fall".to_string(),
                "end".to_string()
            ],
        ]
    );
    let found = import_circles();
    assert!(
        found
            .iter()
            .any(|(at, c)| at == "silk-cities::engine" && c.contains(&"turn".to_string())),
        "{found:?}"
    );
}

/// `line` without its string and character literals and its comment (so that braces inside
/// them are not counted).
fn code_of(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(d) = chars.next() {
                    match d {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            '\'' if matches!(chars.clone().nth(1), Some('\'')) => {
                chars.nth(1);
            }
            '\'' if chars.peek() == Some(&'\\') => {
                chars.find(|&d| d == '\'');
            }
            '/' if chars.peek() == Some(&'/') => break,
            _ => out.push(c),
        }
    }
    out
}

/// The non-test functions of `text` longer than `most` lines: (name, first line, lines).
fn long_functions(text: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default()
        .lines()
        .collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = code_of(line);
        let words: Vec<&str> = code.split_whitespace().collect();
        let Some(at) = words.iter().position(|&w| w == "fn") else {
            continue;
        };
        let qualifiers = ["pub", "const", "unsafe", "async", "extern"];
        if !words[..at]
            .iter()
            .all(|w| qualifiers.iter().any(|q| w.starts_with(q)))
        {
            continue;
        }
        let name: String = words
            .get(at + 1)
            .map(|w| {
                w.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            })
            .unwrap_or_default();
        let (mut depth, mut opened) = (0i64, false);
        for (j, l) in lines.iter().enumerate().skip(i) {
            let code = code_of(l);
            if !opened && code.contains(';') && !code.contains('{') {
                break;
            }
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                if j - i + 1 > most {
                    long.push((name.clone(), i + 1, j - i + 1));
                }
                break;
            }
        }
    }
    long
}

/// The Rust files under `dir`, at any depth (none if it is no folder).
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for p in entries.flatten().map(|e| e.path()) {
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                files.push(p);
            }
        }
    }
    files
}

/// Issue 45, point 4: no Rust file over 800 lines (sources, tests, examples, benches) and no
/// non-test function of a crate's sources over 120 (the rules texts, `rules_text`, excepted:
/// each is one text the rules are read from).
#[test]
fn issue45_no_source_file_over_800_lines_and_no_function_over_120() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates: Vec<PathBuf> = common::workspace_crates()
        .into_iter()
        .map(|(_, dir)| dir)
        .collect();
    let under =
        |dirs: Vec<PathBuf>| -> Vec<PathBuf> { dirs.iter().flat_map(|d| rust_files(d)).collect() };
    let sources = under(
        std::iter::once(root.join("src"))
            .chain(crates.iter().map(|c| c.join("src")))
            .collect(),
    );
    let others = under(
        [root.join("tests"), root.join("examples")]
            .into_iter()
            .chain(
                crates
                    .iter()
                    .flat_map(|c| ["tests", "benches", "examples"].map(|d| c.join(d))),
            )
            .collect(),
    );
    let shown = |f: &Path| f.strip_prefix(root).unwrap_or(f).display().to_string();
    let mut too_long = Vec::new();
    for f in sources.iter().chain(&others) {
        let n = fs::read_to_string(f).expect("a Rust file").lines().count();
        if n > 800 {
            too_long.push(format!("{}: {n} lines", shown(f)));
        }
    }
    for f in &sources {
        let text = fs::read_to_string(f).expect("a source file");
        for (name, line, n) in long_functions(&text, 120) {
            if name != "rules_text" {
                too_long.push(format!("{}:{line}: fn {name}, {n} lines", shown(f)));
            }
        }
    }
    assert!(
        sources.len() > 200,
        "only {} source files found",
        sources.len()
    );
    assert!(
        others.len() > 40,
        "only {} test and example files found",
        others.len()
    );
    assert!(
        too_long.is_empty(),
        "over the limits:\n{}",
        too_long.join("\n")
    );
}

/// The function measure counts a function's lines, skips braces in strings and comments, and
/// leaves tests and declarations out.
#[test]
fn the_function_measure_counts_what_it_should() {
    let text = "pub fn a() {\n    let s = \"}}}\"; // }\n    let c = '{';\n    x();\n}\nfn b();\npub(crate) fn c(\n    y: u8,\n) -> u8 {\n    y\n}\n#[cfg(test)]\nmod tests {\n    fn t() {\n\n\n\n    }\n}\n";
    assert_eq!(
        long_functions(text, 3),
        vec![("a".to_string(), 1, 5), ("c".to_string(), 7, 5)]
    );
    assert!(long_functions(text, 5).is_empty());
}

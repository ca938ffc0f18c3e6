//! Issue 45, point 4: the crates others build on expose a curated surface. Each one's public
//! modules are exactly those docs/architecture.md lists for it; everything else is private and
//! re-exported at the crate root, so making a module public is a decision written down there.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The crates whose modules are their commands and bindings, not an API for other crates: not
/// in the table (docs/architecture.md says so).
const APPLICATIONS: [&str; 3] = ["silk-app", "silk-cli", "silk-py"];

/// The table between the markers: crate → its public modules.
fn documented(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    common::marked(
        text,
        "<!-- public modules: checked by tests/surfaces.rs -->",
        "<!-- end of public modules -->",
    )
    .lines()
    .filter(|l| l.starts_with("| silk"))
    .map(|l| {
        let cells: Vec<&str> = l.split('|').map(str::trim).collect();
        let modules = cells[2]
            .split(',')
            .map(|m| m.trim().trim_matches('`').to_string())
            .filter(|m| !m.is_empty())
            .collect();
        (cells[1].to_string(), modules)
    })
    .collect()
}

/// The modules a `lib.rs` declares `pub mod` at its top level (inline ones included).
fn public_modules(lib_rs: &str) -> BTreeSet<String> {
    lib_rs
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|rest| {
            rest.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

#[test]
fn issue45_each_crate_exposes_exactly_the_modules_the_architecture_lists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("docs/architecture.md")).expect("architecture.md");
    let table = documented(&text);
    let mut libraries = 0;
    for (name, dir) in common::workspace_crates() {
        let Ok(lib) = fs::read_to_string(dir.join("src/lib.rs")) else {
            continue;
        };
        libraries += 1;
        if APPLICATIONS.contains(&name.as_str()) {
            assert!(
                !table.contains_key(&name),
                "{name} is an application, not listed"
            );
            continue;
        }
        let listed = table.get(&name).unwrap_or_else(|| {
            panic!("{name} has a lib.rs but no row in docs/architecture.md's public modules")
        });
        assert_eq!(
            &public_modules(&lib),
            listed,
            "{name}: its lib.rs makes these modules public; docs/architecture.md lists the others \
             (keep a module private and re-export what callers need, or add it to the table)"
        );
    }
    assert_eq!(
        libraries,
        table.len() + APPLICATIONS.len(),
        "a row of the table names no crate with a lib.rs"
    );
}

#[test]
fn the_surface_reader_finds_what_it_looks_for() {
    let lib = "mod a;\npub mod b;\n#[cfg(test)]\npub mod c;\npub mod cards {\n    pub mod inner;\n}\npub(crate) mod d;\n// pub mod e;\n";
    let found: Vec<String> = public_modules(lib).into_iter().collect();
    assert_eq!(found, ["b", "c", "cards"]);
    let doc = "x\n<!-- public modules: checked by tests/surfaces.rs -->\n| crate | public modules |\n|---|---|\n| silk-x | `a`, `b` |\n| silk-y | |\n<!-- end of public modules -->\n| silk-z | `q` |\n";
    let t = documented(doc);
    assert_eq!(t.len(), 2);
    assert_eq!(t["silk-x"].len(), 2);
    assert!(t["silk-y"].is_empty());
}

//! Issue 45, point 4: the crates others build on expose a curated surface. Each one's public
//! modules are exactly those docs/architecture.md lists for it; everything else is private and
//! re-exported at the crate root, so making a module public is a decision written down there.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The table between the markers: crate → its public modules.
fn documented(text: &str) -> BTreeMap<String, BTreeSet<String>> {
    let start = text
        .find("<!-- public modules: checked by tests/surfaces.rs -->")
        .expect("the public modules table's start marker");
    let end = text[start..]
        .find("<!-- end of public modules -->")
        .expect("the table's end marker");
    text[start..start + end]
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

/// Package name → its `lib.rs`, for every crate under crates/.
fn libraries(root: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for dir in fs::read_dir(root.join("crates")).expect("crates/") {
        let dir = dir.expect("a crate directory").path();
        let (Ok(manifest), Ok(lib)) = (
            fs::read_to_string(dir.join("Cargo.toml")),
            fs::read_to_string(dir.join("src/lib.rs")),
        ) else {
            continue;
        };
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
            .expect("a package name");
        out.insert(name, lib);
    }
    out
}

#[test]
fn issue45_each_crate_exposes_exactly_the_modules_the_architecture_lists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = fs::read_to_string(root.join("docs/architecture.md")).expect("architecture.md");
    let table = documented(&text);
    for engine in [
        "silk-road",
        "silk-cities",
        "silk-splendor",
        "silk-lab",
        "silk-core",
    ] {
        assert!(table.contains_key(engine), "{engine} has no row");
    }
    let libs = libraries(root);
    for (name, listed) in &table {
        let lib = libs
            .get(name)
            .unwrap_or_else(|| panic!("{name} is listed but is no crate with a lib.rs"));
        let actual = public_modules(lib);
        assert_eq!(
            &actual, listed,
            "{name}: its lib.rs makes these modules public; docs/architecture.md lists the others \
             (keep a module private and re-export what callers need, or add it to the table)"
        );
    }
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

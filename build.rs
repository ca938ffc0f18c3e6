//! Which real components this machine lacks (a browser, Python, GNU parallel, a Slurm cluster,
//! network namespaces), so that the end-to-end tests that need one are reported as *ignored*,
//! with the reason, in the test summary a newcomer reads — not as passes that checked nothing.
//! In CI (`CI` set) nothing is ignored: there a missing component fails its tests.
//!
//! The tests still check at run time (a browser that is installed but will not start skips
//! with a message outside CI); this only decides what the summary calls ignored.

use std::env;
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for var in ["CI", "PATH", "SLURM_CONF"] {
        println!("cargo::rerun-if-env-changed={var}");
    }
    let dirs: Vec<PathBuf> = env::var_os("PATH")
        .map(|p| env::split_paths(&p).filter(|d| d.is_dir()).collect())
        .unwrap_or_default();
    // Installing a component changes its directory: the next build looks again.
    for d in &dirs {
        println!("cargo::rerun-if-changed={}", d.display());
    }
    let found = |names: &[&str]| {
        names.iter().any(|n| {
            let p = Path::new(n);
            (p.is_absolute() && p.is_file()) || dirs.iter().any(|d| d.join(n).is_file())
        })
    };
    let have = [
        (
            "silk_no_browser",
            found(&["chromium", "chromium-browser", "google-chrome"])
                && found(&["chromedriver", "/usr/lib/chromium/chromedriver"]),
        ),
        ("silk_no_python", found(&["python3"])),
        ("silk_no_parallel", found(&["parallel"])),
        // A cluster answers where .ci/run (or examples/scale-out/slurm/cluster.sh) set it up.
        (
            "silk_no_slurm",
            found(&["sbatch"]) && env::var_os("SLURM_CONF").is_some(),
        ),
        ("silk_no_netns", found(&["unshare"]) && is_root()),
    ];
    let ci = env::var_os("CI").is_some();
    for (cfg, present) in have {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if !present && !ci {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}

/// Whether the build runs as root (network namespaces need it), read from /proc on Linux.
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().next())
            == Some("0")
    })
}

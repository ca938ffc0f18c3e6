//! The `silk` binary: see `silk --help`.
fn main() {
    silk_cli::main();
}

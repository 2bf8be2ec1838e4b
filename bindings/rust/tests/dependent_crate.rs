//! A crate that depends on this one, as a user's would (tests/dependent/):
//! built with cargo, its program run with no LD_LIBRARY_PATH, finds the
//! library through the rpath its build script sets from
//! DEP_WHATENC_LIB_DIR (this crate's `links` metadata).

use std::path::Path;
use std::process::Command;

#[test]
fn dependent_runs_without_ld_library_path() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/dependent/Cargo.toml");
    if !manifest.exists() {
        // A packaged crate leaves out tests/dependent (a package of its own).
        eprintln!("skipped: no {} (the whatenc repository has it)", manifest.display());
        return;
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join("dependent");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let build = Command::new(cargo)
        .args(["build", "--quiet", "--offline", "--manifest-path"])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .env_remove("LD_LIBRARY_PATH")
        .status()
        .expect("cargo runs");
    assert!(build.success(), "building tests/dependent failed");

    let out = Command::new(target.join("debug/whatenc-dependent-check"))
        .env_remove("LD_LIBRARY_PATH")
        .output()
        .expect("the dependent's program runs");
    assert!(
        out.status.success(),
        "the dependent's program failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "日本\n");
}

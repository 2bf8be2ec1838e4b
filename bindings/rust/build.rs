//! Finds libwhatenc: `WHATENC_LIB_DIR`, else `pkg-config --libs whatenc`,
//! else the repository's `build/` (`make` puts the library there).  Links
//! dynamically and sets an rpath so that this crate's tests, examples and
//! binaries run without `LD_LIBRARY_PATH`; dependents get the directories
//! as DEP_WHATENC_LIB_DIR (see the README's "Building").

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn has_library(dir: &Path) -> bool {
    ["libwhatenc.so", "libwhatenc.dylib", "whatenc.lib", "libwhatenc.a"]
        .iter()
        .any(|f| dir.join(f).exists())
}

/// The -L directories of `pkg-config --libs whatenc`, if pkg-config knows
/// the package.
fn pkg_config() -> Option<Vec<PathBuf>> {
    let pkg_config = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
    let out = Command::new(pkg_config).args(["--libs", "whatenc"]).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?;
    Some(
        text.split_whitespace()
            .filter_map(|w| w.strip_prefix("-L"))
            .map(PathBuf::from)
            .collect(),
    )
}

fn main() {
    for var in ["WHATENC_LIB_DIR", "PKG_CONFIG", "PKG_CONFIG_PATH", "PKG_CONFIG_LIBDIR", "PKG_CONFIG_SYSROOT_DIR", "DOCS_RS"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    println!("cargo:rerun-if-changed=build.rs");

    // docs.rs builds the documentation on machines without libwhatenc, and
    // rustdoc links nothing: look for no library there.
    if env::var_os("DOCS_RS").is_some() {
        return;
    }

    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let repo_build = manifest.join("../../build");

    let dirs: Vec<PathBuf> = if let Some(dir) = env::var_os("WHATENC_LIB_DIR") {
        let dir = PathBuf::from(dir);
        if !has_library(&dir) {
            panic!(
                "WHATENC_LIB_DIR={} holds no libwhatenc (libwhatenc.so); run `make` in the whatenc repository or fix the variable",
                dir.display()
            );
        }
        vec![dir]
    } else if let Some(dirs) = pkg_config() {
        dirs
    } else if has_library(&repo_build) {
        vec![repo_build.canonicalize().unwrap_or(repo_build)]
    } else {
        panic!(
            "libwhatenc not found: set WHATENC_LIB_DIR to the directory holding libwhatenc.so, \
             install it where `pkg-config --libs whatenc` finds it, \
             or run `make` at the repository root to build {}",
            repo_build.display()
        );
    };

    for dir in &dirs {
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
        for lib in ["libwhatenc.so", "libwhatenc.so.1"] {
            if dir.join(lib).exists() {
                println!("cargo:rerun-if-changed={}", dir.join(lib).display());
            }
        }
    }
    println!("cargo:rustc-link-lib=dylib=whatenc");

    // The rpath above reaches this crate's own targets only: a crate that
    // depends on this one links the library through the search path but
    // needs it on the loader's path to run. `links = "whatenc"` hands this
    // metadata to the build scripts of direct dependents, which can set
    // their own rpath from DEP_WHATENC_LIB_DIR (the directories joined as
    // PATH is; empty when the linker's default directories hold it).
    let joined = env::join_paths(&dirs).expect("a library directory holds the path separator");
    println!("cargo:lib_dir={}", joined.to_string_lossy());
}

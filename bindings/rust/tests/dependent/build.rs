//! What the README's "Building" asks of a crate that depends on whatenc:
//! the rpath from DEP_WHATENC_LIB_DIR, so the program runs without
//! LD_LIBRARY_PATH.
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_WHATENC_LIB_DIR");
    let dirs = std::env::var_os("DEP_WHATENC_LIB_DIR").expect("whatenc's build script sets DEP_WHATENC_LIB_DIR");
    for dir in std::env::split_paths(&dirs) {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    }
}

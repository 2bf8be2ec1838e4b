//! Re-exports encoding_c's C API (`encoding_for_label`, `decoder_*`,
//! `encoder_*`, ...) from one static library for bench/compare.c.
pub use encoding_c::*;

//! Raw declarations of `include/whatenc.h`, one for one.
//!
//! Type aliases carry the C names so that the test at the bottom can turn
//! every declaration back into C and have the compiler compare it with the
//! header (`__builtin_types_compatible_p`), and compare struct layouts and
//! constants with what the header says.

#![allow(non_camel_case_types, dead_code)]

use std::ffi::{c_char, c_int, c_uint, c_void};

pub type whatenc_status = c_int;
pub type whatenc_error_mode = c_uint;
pub type whatenc_bom_mode = c_uint;

pub const WHATENC_OK: whatenc_status = 0;
pub const WHATENC_OUTPUT_FULL: whatenc_status = 1;
pub const WHATENC_MALFORMED: whatenc_status = 2;
pub const WHATENC_UNMAPPABLE: whatenc_status = 3;
pub const WHATENC_ERR_UNKNOWN_LABEL: whatenc_status = -1;
pub const WHATENC_ERR_INVALID_ENCODING: whatenc_status = -2;
pub const WHATENC_ERR_INVALID_HANDLE: whatenc_status = -3;
pub const WHATENC_ERR_NULL_POINTER: whatenc_status = -4;
pub const WHATENC_ERR_INVALID_ARGUMENT: whatenc_status = -5;
pub const WHATENC_ERR_OVERFLOW: whatenc_status = -6;
pub const WHATENC_ERR_OUT_OF_MEMORY: whatenc_status = -7;
pub const WHATENC_ERR_FORKED: whatenc_status = -8;
pub const WHATENC_ERR_INTERNAL: whatenc_status = -9;

pub const WHATENC_REPLACEMENT: whatenc_error_mode = 0;
pub const WHATENC_FATAL: whatenc_error_mode = 1;
pub const WHATENC_HTML: whatenc_error_mode = 2;

pub const WHATENC_BOM_SNIFF: whatenc_bom_mode = 0;
pub const WHATENC_BOM_REMOVE: whatenc_bom_mode = 1;
pub const WHATENC_BOM_KEEP: whatenc_bom_mode = 2;

/// `WHATENC_VERSION_MAJOR` of the header this crate was written against.
pub const WHATENC_VERSION_MAJOR: c_uint = 1;

/// The encoding IDs (`WHATENC_UTF_8` ... `WHATENC_X_USER_DEFINED`) in table
/// order; the test checks each against the header's macro.
pub const ENCODING_MACROS: [&str; 40] = [
    "WHATENC_UTF_8",
    "WHATENC_IBM866",
    "WHATENC_ISO_8859_2",
    "WHATENC_ISO_8859_3",
    "WHATENC_ISO_8859_4",
    "WHATENC_ISO_8859_5",
    "WHATENC_ISO_8859_6",
    "WHATENC_ISO_8859_7",
    "WHATENC_ISO_8859_8",
    "WHATENC_ISO_8859_8_I",
    "WHATENC_ISO_8859_10",
    "WHATENC_ISO_8859_13",
    "WHATENC_ISO_8859_14",
    "WHATENC_ISO_8859_15",
    "WHATENC_ISO_8859_16",
    "WHATENC_KOI8_R",
    "WHATENC_KOI8_U",
    "WHATENC_MACINTOSH",
    "WHATENC_WINDOWS_874",
    "WHATENC_WINDOWS_1250",
    "WHATENC_WINDOWS_1251",
    "WHATENC_WINDOWS_1252",
    "WHATENC_WINDOWS_1253",
    "WHATENC_WINDOWS_1254",
    "WHATENC_WINDOWS_1255",
    "WHATENC_WINDOWS_1256",
    "WHATENC_WINDOWS_1257",
    "WHATENC_WINDOWS_1258",
    "WHATENC_X_MAC_CYRILLIC",
    "WHATENC_GBK",
    "WHATENC_GB18030",
    "WHATENC_BIG5",
    "WHATENC_EUC_JP",
    "WHATENC_ISO_2022_JP",
    "WHATENC_SHIFT_JIS",
    "WHATENC_EUC_KR",
    "WHATENC_REPLACEMENT_ENCODING",
    "WHATENC_UTF_16BE",
    "WHATENC_UTF_16LE",
    "WHATENC_X_USER_DEFINED",
];

/// Opaque `whatenc_decoder`.
#[repr(C)]
pub struct whatenc_decoder {
    _private: [u8; 0],
    _not_send_sync: std::marker::PhantomData<*mut u8>,
}

/// Opaque `whatenc_encoder`.
#[repr(C)]
pub struct whatenc_encoder {
    _private: [u8; 0],
    _not_send_sync: std::marker::PhantomData<*mut u8>,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct whatenc_decode_info {
    pub replaced: c_int,
    pub malformed_len: usize,
    pub consumed_after: usize,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct whatenc_encode_info {
    pub replaced: c_int,
    pub unmappable: u32,
}

/// Declares the functions and, for the tests, keeps their Rust signatures
/// as text.
macro_rules! declare {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) $(-> $ret:ty)? ; )*) => {
        #[link(name = "whatenc")]
        unsafe extern "C" {
            $( pub fn $name($($arg: $ty),*) $(-> $ret)?; )*
        }

        /// (name, return type, parameter types) as Rust source text.
        #[cfg(test)]
        pub(crate) const SIGNATURES: &[(&str, &str, &[&str])] = &[
            $( (stringify!($name), declare!(@ret $($ret)?), &[$(stringify!($ty)),*]) ),*
        ];
    };
    (@ret) => { "()" };
    (@ret $ret:ty) => { stringify!($ret) };
}

declare! {
    fn whatenc_version_number() -> c_uint;
    fn whatenc_version_string() -> *const c_char;
    fn whatenc_kernels() -> *const c_char;
    fn whatenc_strerror(status: c_int) -> *const c_char;
    fn whatenc_init() -> whatenc_status;

    fn whatenc_encoding_for_label(label: *const c_char, len: usize) -> c_int;
    fn whatenc_encoding_count() -> c_int;
    fn whatenc_encoding_name(encoding: c_int) -> *const c_char;
    fn whatenc_encoding_output_encoding(encoding: c_int) -> c_int;
    fn whatenc_encoding_has_encoder(encoding: c_int) -> c_int;
    fn whatenc_bom_sniff(src: *const u8, len: usize) -> c_int;

    fn whatenc_utf8_valid_up_to(src: *const u8, len: usize, valid_len: *mut usize) -> whatenc_status;
    fn whatenc_utf16_valid_up_to(src: *const u16, len: usize, valid_len: *mut usize) -> whatenc_status;

    fn whatenc_decoder_new(
        encoding: c_int,
        bom: whatenc_bom_mode,
        mode: whatenc_error_mode,
        out: *mut *mut whatenc_decoder,
    ) -> whatenc_status;
    fn whatenc_decoder_free(decoder: *mut whatenc_decoder);
    fn whatenc_decoder_reset(decoder: *mut whatenc_decoder) -> whatenc_status;
    fn whatenc_decoder_encoding(decoder: *const whatenc_decoder) -> c_int;
    fn whatenc_decoder_max_utf8_length(
        decoder: *const whatenc_decoder,
        src_len: usize,
        out: *mut usize,
    ) -> whatenc_status;
    fn whatenc_decoder_max_utf16_length(
        decoder: *const whatenc_decoder,
        src_len: usize,
        out: *mut usize,
    ) -> whatenc_status;
    fn whatenc_decoder_decode_to_utf8(
        decoder: *mut whatenc_decoder,
        src: *const u8,
        src_len: *mut usize,
        dst: *mut u8,
        dst_len: *mut usize,
        last: c_int,
        info: *mut whatenc_decode_info,
    ) -> whatenc_status;
    fn whatenc_decoder_decode_to_utf16(
        decoder: *mut whatenc_decoder,
        src: *const u8,
        src_len: *mut usize,
        dst: *mut u16,
        dst_len: *mut usize,
        last: c_int,
        info: *mut whatenc_decode_info,
    ) -> whatenc_status;

    fn whatenc_encoder_new(
        encoding: c_int,
        mode: whatenc_error_mode,
        out: *mut *mut whatenc_encoder,
    ) -> whatenc_status;
    fn whatenc_encoder_free(encoder: *mut whatenc_encoder);
    fn whatenc_encoder_reset(encoder: *mut whatenc_encoder) -> whatenc_status;
    fn whatenc_encoder_encoding(encoder: *const whatenc_encoder) -> c_int;
    fn whatenc_encoder_max_length_from_utf8(
        encoder: *const whatenc_encoder,
        src_len: usize,
        out: *mut usize,
    ) -> whatenc_status;
    fn whatenc_encoder_max_length_from_utf16(
        encoder: *const whatenc_encoder,
        src_len: usize,
        out: *mut usize,
    ) -> whatenc_status;
    fn whatenc_encoder_encode_from_utf8(
        encoder: *mut whatenc_encoder,
        src: *const u8,
        src_len: *mut usize,
        dst: *mut u8,
        dst_len: *mut usize,
        last: c_int,
        info: *mut whatenc_encode_info,
    ) -> whatenc_status;
    fn whatenc_encoder_encode_from_utf16(
        encoder: *mut whatenc_encoder,
        src: *const u16,
        src_len: *mut usize,
        dst: *mut u8,
        dst_len: *mut usize,
        last: c_int,
        info: *mut whatenc_encode_info,
    ) -> whatenc_status;
    fn whatenc_encode_into(
        src: *const u16,
        src_len: usize,
        dst: *mut u8,
        dst_len: usize,
        read: *mut usize,
        written: *mut usize,
    ) -> whatenc_status;

    fn whatenc_decode(
        fallback_encoding: c_int,
        src: *const u8,
        src_len: usize,
        out: *mut *mut u8,
        out_len: *mut usize,
        used_encoding: *mut c_int,
    ) -> whatenc_status;
    fn whatenc_decode_advanced(
        encoding: c_int,
        bom: whatenc_bom_mode,
        mode: whatenc_error_mode,
        src: *const u8,
        src_len: usize,
        out: *mut *mut u8,
        out_len: *mut usize,
        used_encoding: *mut c_int,
        error_offset: *mut usize,
    ) -> whatenc_status;
    fn whatenc_encode(
        encoding: c_int,
        utf8: *const u8,
        len: usize,
        mode: whatenc_error_mode,
        out: *mut *mut u8,
        out_len: *mut usize,
        unmappable: *mut u32,
    ) -> whatenc_status;
    fn whatenc_free(p: *mut c_void);
}

#[cfg(test)]
mod tests {
    //! Checks the declarations above against the header with the C
    //! compiler: every function's type, every struct's size and offsets,
    //! and every constant.  Skipped (with a message) without `cc`/`gcc` or
    //! without the header (`WHATENC_INCLUDE_DIR`, else `../../include`).
    use super::*;
    use std::fmt::Write as _;
    use std::mem::{offset_of, size_of};
    use std::path::PathBuf;
    use std::process::Command;

    fn include_dir() -> Option<PathBuf> {
        let dir = match std::env::var_os("WHATENC_INCLUDE_DIR") {
            Some(d) => PathBuf::from(d),
            None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include"),
        };
        dir.join("whatenc.h").exists().then_some(dir)
    }

    fn compiler() -> Option<String> {
        ["cc", "gcc", "clang"]
            .into_iter()
            .find(|c| Command::new(c).arg("--version").output().is_ok_and(|o| o.status.success()))
            .map(str::to_owned)
    }

    /// Rust type text (as `stringify!` spells it) to a C type name.
    fn c_type(rust: &str) -> String {
        let rust = rust.trim();
        if let Some(rest) = rust.strip_prefix("*const ") {
            return format!("{} const *", c_type(rest));
        }
        if let Some(rest) = rust.strip_prefix("*mut ") {
            return format!("{} *", c_type(rest));
        }
        match rust {
            "()" => "void",
            "u8" => "uint8_t",
            "u16" => "uint16_t",
            "u32" => "uint32_t",
            "usize" => "size_t",
            "c_int" => "int",
            "c_uint" => "unsigned",
            "c_char" => "char",
            "c_void" => "void",
            other => other, // the whatenc_* aliases and structs
        }
        .to_owned()
    }

    fn setup(test: &str) -> Option<(String, PathBuf, PathBuf)> {
        let (Some(cc), Some(inc)) = (compiler(), include_dir()) else {
            eprintln!("skipped: no C compiler or no whatenc.h (set WHATENC_INCLUDE_DIR)");
            return None;
        };
        let dir = std::env::temp_dir().join(format!("whatenc-ffi-{}-{test}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Some((cc, inc, dir))
    }

    #[test]
    fn function_types_match_header() {
        let Some((cc, inc, dir)) = setup("sigs") else { return };
        let mut c = String::from("#include <whatenc.h>\n");
        for (name, ret, args) in SIGNATURES {
            let params = if args.is_empty() {
                "void".to_owned()
            } else {
                args.iter().map(|a| c_type(a)).collect::<Vec<_>>().join(", ")
            };
            writeln!(
                c,
                "_Static_assert(__builtin_types_compatible_p(__typeof__(&{name}), {} (*)({params})), \"{name}: Rust declares {} (*)({params})\");",
                c_type(ret),
                c_type(ret),
            )
            .unwrap();
        }
        // Signedness and size of the enums the Rust side calls c_int.
        // Size and signedness of the enums, which Rust declares as aliases.
        for (e, size, signed) in [
            ("whatenc_status", size_of::<whatenc_status>(), whatenc_status::MIN != 0),
            ("whatenc_error_mode", size_of::<whatenc_error_mode>(), whatenc_error_mode::MIN != 0),
            ("whatenc_bom_mode", size_of::<whatenc_bom_mode>(), whatenc_bom_mode::MIN != 0),
        ] {
            writeln!(
                c,
                "_Static_assert(sizeof({e}) == {size} && (({e})-1 < 0) == {}, \"{e}: Rust declares {size} bytes, signed {signed}\");",
                signed as u8
            )
            .unwrap();
        }
        let src = dir.join("sigs.c");
        std::fs::write(&src, &c).unwrap();
        let out = Command::new(&cc)
            .args(["-std=gnu11", "-fsyntax-only", "-Wall", "-Werror", "-I"])
            .arg(&inc)
            .arg(&src)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "declarations differ from whatenc.h:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );

        // Every function the header declares is declared here.
        let header = std::fs::read_to_string(inc.join("whatenc.h")).unwrap();
        let declared: Vec<&str> = SIGNATURES.iter().map(|s| s.0).collect();
        let mut missing = vec![];
        for line in header.lines() {
            let line = line.trim_start();
            if line.starts_with('*') || line.starts_with("/*") || line.starts_with('#') {
                continue;
            }
            if let Some(p) = line.find("whatenc_") {
                let rest = &line[p..];
                let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
                if rest[end..].starts_with('(') && !line.starts_with("return") {
                    let name = &rest[..end];
                    if !declared.contains(&name) {
                        missing.push(name.to_owned());
                    }
                }
            }
        }
        assert!(missing.is_empty(), "functions of whatenc.h not declared in ffi.rs: {missing:?}");
    }

    #[test]
    fn layouts_and_constants_match_header() {
        let Some((cc, inc, dir)) = setup("layout") else { return };
        let mut c = String::from("#include <stdio.h>\n#include <stddef.h>\n#include <whatenc.h>\nint main(void) {\n");
        let mut want = String::new();
        let mut item = |expr: &str, value: String| {
            writeln!(c, "printf(\"%s=%lld\\n\", \"{expr}\", (long long)({expr}));").unwrap();
            writeln!(want, "{expr}={value}").unwrap();
        };
        item("sizeof(whatenc_decode_info)", size_of::<whatenc_decode_info>().to_string());
        item("_Alignof(whatenc_decode_info)", std::mem::align_of::<whatenc_decode_info>().to_string());
        item("offsetof(whatenc_decode_info, replaced)", offset_of!(whatenc_decode_info, replaced).to_string());
        item("offsetof(whatenc_decode_info, malformed_len)", offset_of!(whatenc_decode_info, malformed_len).to_string());
        item("offsetof(whatenc_decode_info, consumed_after)", offset_of!(whatenc_decode_info, consumed_after).to_string());
        item("sizeof(whatenc_encode_info)", size_of::<whatenc_encode_info>().to_string());
        item("_Alignof(whatenc_encode_info)", std::mem::align_of::<whatenc_encode_info>().to_string());
        item("offsetof(whatenc_encode_info, replaced)", offset_of!(whatenc_encode_info, replaced).to_string());
        item("offsetof(whatenc_encode_info, unmappable)", offset_of!(whatenc_encode_info, unmappable).to_string());
        for (name, v) in [
            ("WHATENC_OK", WHATENC_OK),
            ("WHATENC_OUTPUT_FULL", WHATENC_OUTPUT_FULL),
            ("WHATENC_MALFORMED", WHATENC_MALFORMED),
            ("WHATENC_UNMAPPABLE", WHATENC_UNMAPPABLE),
            ("WHATENC_ERR_UNKNOWN_LABEL", WHATENC_ERR_UNKNOWN_LABEL),
            ("WHATENC_ERR_INVALID_ENCODING", WHATENC_ERR_INVALID_ENCODING),
            ("WHATENC_ERR_INVALID_HANDLE", WHATENC_ERR_INVALID_HANDLE),
            ("WHATENC_ERR_NULL_POINTER", WHATENC_ERR_NULL_POINTER),
            ("WHATENC_ERR_INVALID_ARGUMENT", WHATENC_ERR_INVALID_ARGUMENT),
            ("WHATENC_ERR_OVERFLOW", WHATENC_ERR_OVERFLOW),
            ("WHATENC_ERR_OUT_OF_MEMORY", WHATENC_ERR_OUT_OF_MEMORY),
            ("WHATENC_ERR_FORKED", WHATENC_ERR_FORKED),
            ("WHATENC_ERR_INTERNAL", WHATENC_ERR_INTERNAL),
            ("WHATENC_REPLACEMENT", WHATENC_REPLACEMENT as c_int),
            ("WHATENC_FATAL", WHATENC_FATAL as c_int),
            ("WHATENC_HTML", WHATENC_HTML as c_int),
            ("WHATENC_BOM_SNIFF", WHATENC_BOM_SNIFF as c_int),
            ("WHATENC_BOM_REMOVE", WHATENC_BOM_REMOVE as c_int),
            ("WHATENC_BOM_KEEP", WHATENC_BOM_KEEP as c_int),
            ("WHATENC_VERSION_MAJOR", WHATENC_VERSION_MAJOR as c_int),
        ] {
            item(name, v.to_string());
        }
        for (id, name) in ENCODING_MACROS.iter().enumerate() {
            item(name, id.to_string());
        }
        c.push_str("return 0;\n}\n");
        let src = dir.join("layout.c");
        let exe = dir.join("layout");
        std::fs::write(&src, &c).unwrap();
        let out = Command::new(&cc).arg("-I").arg(&inc).arg(&src).arg("-o").arg(&exe).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let got = Command::new(&exe).output().unwrap();
        let got = String::from_utf8(got.stdout).unwrap();
        for (g, w) in got.lines().zip(want.lines()) {
            assert_eq!(g, w, "header (left) and ffi.rs (right) disagree");
        }
        assert_eq!(got.lines().count(), want.lines().count());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

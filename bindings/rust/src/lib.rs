//! Rust bindings to libwhatenc, the [WHATWG Encoding Standard] in a C
//! library: every encoding, label, decoder and encoder exactly as browsers
//! have them.
//!
//! The crate is a thin, safe layer: all decoding and encoding happens in
//! the library.  The API follows `encoding_rs` where it can:
//!
//! ```
//! use whatenc::Encoding;
//!
//! let enc = Encoding::for_label(b"latin1").unwrap();
//! assert_eq!(enc.name(), "windows-1252");
//!
//! let (text, used, had_errors) = enc.decode(b"caf\xe9");
//! assert_eq!((&*text, used, had_errors), ("café", enc, false));
//!
//! let (bytes, used, had_unmappables) = enc.encode("café €5 ☃");
//! assert_eq!(&*bytes, b"caf\xe9 \x805 &#9731;");
//! assert_eq!((used, had_unmappables), (enc, true));
//! ```
//!
//! Streaming goes through [`Decoder`] and [`Encoder`], or through
//! [`DecodeReader`] and [`EncodeWriter`] for `std::io`.
//!
//! # Linking
//!
//! `build.rs` finds the library in `WHATENC_LIB_DIR`, else through
//! `pkg-config --libs whatenc`, else in the whatenc repository's `build/`
//! (run `make` there first), links it dynamically and sets an rpath for this
//! crate's own tests and examples. Crates that depend on this one get the
//! directories it linked from as `DEP_WHATENC_LIB_DIR` in their build
//! script, to set their own rpath (see the crate's README).
//!
//! [WHATWG Encoding Standard]: https://encoding.spec.whatwg.org/

#![warn(missing_docs)]

use std::borrow::Cow;
use std::ffi::{CStr, c_int};
use std::fmt;
use std::ops::Range;
use std::ptr::{self, NonNull};
use std::sync::Once;

mod ffi;
mod io;

pub use io::{DecodeReader, EncodeWriter};

/// Calls `whatenc_init()` once per process, before the first use of the
/// library (the documented habit; it makes a later `fork()` detectable).
fn init() {
    static INIT: Once = Once::new();
    INIT.call_once(|| {
        // SAFETY: no arguments; idempotent and thread-safe in C.
        let status = unsafe { ffi::whatenc_init() };
        // WHATENC_ERR_FORKED is the only failure; later calls report it.
        let _ = status;
    });
}

/// The library's message for a status.
fn strerror(status: c_int) -> &'static str {
    // SAFETY: whatenc_strerror returns a static NUL-terminated string.
    unsafe { CStr::from_ptr(ffi::whatenc_strerror(status)) }
        .to_str()
        .unwrap_or("?")
}

/// Panics on a negative status: with the arguments this crate passes, the
/// only reachable ones are a call in a forked child, out of memory and a
/// bug caught inside the library.
#[track_caller]
fn check(status: c_int, what: &str) -> c_int {
    if status < 0 {
        panic!("whatenc: {what}: {} ({status})", strerror(status));
    }
    status
}

/// Whether ASCII `text` has U+000E, U+000F or U+001B, which the
/// ISO-2022-JP encoder takes as errors (section 12.2.2 of the standard).
fn has_iso_2022_jp_controls(text: &str) -> bool {
    text.bytes().any(|b| matches!(b, 0x0E | 0x0F | 0x1B))
}

/// The version of libwhatenc loaded, as `"1.0.0"`.
pub fn library_version() -> &'static str {
    // SAFETY: static NUL-terminated string.
    unsafe { CStr::from_ptr(ffi::whatenc_version_string()) }
        .to_str()
        .unwrap_or("?")
}

/// The vector kernels libwhatenc chose when it was loaded: `"avx512"`,
/// `"avx2"`, `"neon"` (arm64) or `"generic"` (the environment variable
/// `WHATENC_CPU` can hold them lower; output is the same with any of them).
pub fn kernels() -> &'static str {
    // SAFETY: no arguments; it returns a static string, or NULL.
    let p = unsafe { ffi::whatenc_kernels() };
    if p.is_null() {
        return "?"; // only in a forked child
    }
    // SAFETY: static NUL-terminated string.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("?")
}

/// TextEncoder's `encodeInto()` (section 7.4): encodes the UTF-16 `src`
/// as UTF-8 into `dst`, as much as fits without splitting a character, a
/// lone surrogate as U+FFFD. Returns the code units read and the bytes
/// written, the standard's `read` and `written`.
///
/// ```
/// let text: Vec<u16> = "a😀é".encode_utf16().collect();
/// let mut buf = [0u8; 4];
/// assert_eq!(whatenc::encode_into(&text, &mut buf), (1, 1)); // 😀 needs 4 more bytes
/// let mut buf = [0u8; 8];
/// assert_eq!(whatenc::encode_into(&text, &mut buf), (4, 7));
/// assert_eq!(&buf[..7], "a😀é".as_bytes());
/// assert_eq!(whatenc::encode_into(&[0xD800, 0x41], &mut buf), (2, 4));
/// assert_eq!(&buf[..4], "\u{FFFD}A".as_bytes());
/// ```
pub fn encode_into(src: &[u16], dst: &mut [u8]) -> (usize, usize) {
    init();
    let (mut read, mut written) = (0, 0);
    // SAFETY: the slices are valid for their lengths and do not overlap
    // (one is borrowed shared, the other mutably).
    let status = unsafe {
        ffi::whatenc_encode_into(src.as_ptr(), src.len(), dst.as_mut_ptr(), dst.len(), &mut read, &mut written)
    };
    check(status, "encode_into");
    (read, written)
}

/// How many leading bytes of `bytes` are valid UTF-8: `bytes.len()` if all
/// of them are, else the offset of the first byte of the first sequence
/// that the standard's UTF-8 decoder (section 8.1.1) finds malformed, or
/// that `bytes` ends before it is complete.  The bytes before that offset
/// decode without an error; a byte order mark is valid like any other
/// character.
///
/// The standard and `std` reject the same sequences, so this is
/// [`Utf8Error::valid_up_to`](std::str::Utf8Error::valid_up_to) for the
/// same bytes, a sequence cut short at the end included (invalid here too:
/// when more input follows, go on from the offset returned with the rest).
///
/// ```
/// assert_eq!(whatenc::utf8_valid_up_to("café".as_bytes()), 5);
/// assert_eq!(whatenc::utf8_valid_up_to(b"ab\xe3\x81"), 2); // cut short at the end
/// assert_eq!(whatenc::utf8_valid_up_to(b"a\xc0\x80"), 1); // an overlong NUL
/// assert_eq!(whatenc::utf8_valid_up_to(b"a\xed\xa0\x80"), 1); // a surrogate, U+D800
/// assert_eq!(whatenc::utf8_valid_up_to(b""), 0);
/// ```
pub fn utf8_valid_up_to(bytes: &[u8]) -> usize {
    init();
    let mut valid = 0;
    // SAFETY: bytes is bytes.len() readable bytes; valid is a valid
    // out-parameter.
    let status = unsafe { ffi::whatenc_utf8_valid_up_to(bytes.as_ptr(), bytes.len(), &mut valid) };
    // WHATENC_MALFORMED is an answer (valid < bytes.len()), not an error.
    check(status, "utf8_valid_up_to");
    valid
}

/// How many leading code units of `units` are valid UTF-16: `units.len()`
/// if every surrogate in it is half of a pair, else the index of the first
/// that is not (a low surrogate without a high one before it, or a high one
/// without a low one after it, also at the end of `units`).  Those are the
/// code units [`encode_into`] and [`Encoder::encode_from_utf16`] read as
/// U+FFFD, and the first one [`char::decode_utf16`] returns an error for.
///
/// ```
/// let text: Vec<u16> = "a😀b".encode_utf16().collect();
/// assert_eq!(whatenc::utf16_valid_up_to(&text), 4);
/// assert_eq!(whatenc::utf16_valid_up_to(&text[..2]), 1); // a high surrogate at the end
/// assert_eq!(whatenc::utf16_valid_up_to(&[0x61, 0xDE00, 0x62]), 1); // a lone low surrogate
/// assert_eq!(whatenc::utf16_valid_up_to(&[0xD83D, 0x62]), 0); // a high one before "b"
/// ```
pub fn utf16_valid_up_to(units: &[u16]) -> usize {
    init();
    let mut valid = 0;
    // SAFETY: units is units.len() readable, aligned u16; valid is a valid
    // out-parameter.
    let status = unsafe { ffi::whatenc_utf16_valid_up_to(units.as_ptr(), units.len(), &mut valid) };
    // WHATENC_MALFORMED is an answer (valid < units.len()), not an error.
    check(status, "utf16_valid_up_to");
    valid
}

// ---------------------------------------------------------------- Encoding

/// An encoding of the standard (section 4.2): a small `Copy` value that
/// can be used from any thread.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Encoding(c_int);

macro_rules! encodings {
    ($($name:ident = $id:expr, $doc:expr;)*) => {
        impl Encoding {
            $( #[doc = concat!("The ", $doc, " encoding.")] pub const $name: Encoding = Encoding($id); )*
        }
    };
}

encodings! {
    UTF_8 = 0, "UTF-8";
    IBM866 = 1, "IBM866";
    ISO_8859_2 = 2, "ISO-8859-2";
    ISO_8859_3 = 3, "ISO-8859-3";
    ISO_8859_4 = 4, "ISO-8859-4";
    ISO_8859_5 = 5, "ISO-8859-5";
    ISO_8859_6 = 6, "ISO-8859-6";
    ISO_8859_7 = 7, "ISO-8859-7";
    ISO_8859_8 = 8, "ISO-8859-8";
    ISO_8859_8_I = 9, "ISO-8859-8-I";
    ISO_8859_10 = 10, "ISO-8859-10";
    ISO_8859_13 = 11, "ISO-8859-13";
    ISO_8859_14 = 12, "ISO-8859-14";
    ISO_8859_15 = 13, "ISO-8859-15";
    ISO_8859_16 = 14, "ISO-8859-16";
    KOI8_R = 15, "KOI8-R";
    KOI8_U = 16, "KOI8-U";
    MACINTOSH = 17, "macintosh";
    WINDOWS_874 = 18, "windows-874";
    WINDOWS_1250 = 19, "windows-1250";
    WINDOWS_1251 = 20, "windows-1251";
    WINDOWS_1252 = 21, "windows-1252";
    WINDOWS_1253 = 22, "windows-1253";
    WINDOWS_1254 = 23, "windows-1254";
    WINDOWS_1255 = 24, "windows-1255";
    WINDOWS_1256 = 25, "windows-1256";
    WINDOWS_1257 = 26, "windows-1257";
    WINDOWS_1258 = 27, "windows-1258";
    X_MAC_CYRILLIC = 28, "x-mac-cyrillic";
    GBK = 29, "GBK";
    GB18030 = 30, "gb18030";
    BIG5 = 31, "Big5";
    EUC_JP = 32, "EUC-JP";
    ISO_2022_JP = 33, "ISO-2022-JP";
    SHIFT_JIS = 34, "Shift_JIS";
    EUC_KR = 35, "EUC-KR";
    REPLACEMENT = 36, "replacement";
    UTF_16BE = 37, "UTF-16BE";
    UTF_16LE = 38, "UTF-16LE";
    X_USER_DEFINED = 39, "x-user-defined";
}

impl Encoding {
    /// The number of encodings (40).
    pub const COUNT: usize = 40;

    /// Every encoding, in the standard's table order.
    ///
    /// ```
    /// assert_eq!(whatenc::Encoding::all().count(), 40);
    /// ```
    pub fn all() -> impl Iterator<Item = Encoding> {
        (0..Self::COUNT as c_int).map(Encoding)
    }

    /// "Get an encoding" (section 4.2): the encoding a label names, with
    /// ASCII whitespace around it ignored and ASCII case-insensitively.
    ///
    /// ```
    /// use whatenc::Encoding;
    /// assert_eq!(Encoding::for_label(b" Shift-JIS\n"), Some(Encoding::SHIFT_JIS));
    /// assert_eq!(Encoding::for_label(b"utf-7"), None);
    /// ```
    pub fn for_label(label: &[u8]) -> Option<Encoding> {
        init();
        // SAFETY: label is label.len() readable bytes.
        let id = unsafe { ffi::whatenc_encoding_for_label(label.as_ptr().cast(), label.len()) };
        if id == ffi::WHATENC_ERR_UNKNOWN_LABEL {
            return None;
        }
        Some(Encoding(check(id, "whatenc_encoding_for_label")))
    }

    /// The encoding with this ID (its position in the standard's table,
    /// `whatenc.h`'s `WHATENC_*` macros), if there is one.
    pub fn from_id(id: i32) -> Option<Encoding> {
        (0..Self::COUNT as i32).contains(&id).then_some(Encoding(id))
    }

    /// The encoding's ID (see [`from_id`](Self::from_id)).
    pub fn id(self) -> i32 {
        self.0
    }

    /// The encoding's name as the standard spells it ("Shift_JIS").
    pub fn name(self) -> &'static str {
        init();
        // SAFETY: a valid ID gives a static NUL-terminated string.
        let p = unsafe { ffi::whatenc_encoding_name(self.0) };
        if p.is_null() {
            check(ffi::WHATENC_ERR_FORKED, "whatenc_encoding_name");
        }
        // SAFETY: non-null static string.
        unsafe { CStr::from_ptr(p) }.to_str().expect("ASCII name")
    }

    /// "Get an output encoding" (section 4.3): UTF-8 for replacement,
    /// UTF-16BE and UTF-16LE, the encoding itself otherwise.
    pub fn output_encoding(self) -> Encoding {
        init();
        // SAFETY: plain call.
        Encoding(check(unsafe { ffi::whatenc_encoding_output_encoding(self.0) }, "output_encoding"))
    }

    /// Whether this is one of the standard's single-byte encodings (section
    /// 9) or x-user-defined: each byte decodes on its own, to one character.
    pub fn is_single_byte(self) -> bool {
        (Self::IBM866.0..=Self::X_MAC_CYRILLIC.0).contains(&self.0) || self == Self::X_USER_DEFINED
    }

    /// Whether ASCII bytes decode to themselves and ASCII characters encode
    /// to themselves, in any state: false for UTF-16BE, UTF-16LE,
    /// ISO-2022-JP (whose escape sequences are ASCII bytes) and replacement.
    pub fn is_ascii_compatible(self) -> bool {
        !matches!(self, Self::UTF_16BE | Self::UTF_16LE | Self::ISO_2022_JP | Self::REPLACEMENT)
    }

    /// [`for_label`](Self::for_label), but `None` for the labels of the
    /// replacement encoding (TextDecoder rejects them, section 7.2).
    pub fn for_label_no_replacement(label: &[u8]) -> Option<Encoding> {
        Self::for_label(label).filter(|&e| e != Self::REPLACEMENT)
    }

    /// Whether the standard defines an encoder for this encoding (false for
    /// replacement, UTF-16BE and UTF-16LE, whose encoders write UTF-8).
    pub fn has_encoder(self) -> bool {
        init();
        // SAFETY: plain call.
        check(unsafe { ffi::whatenc_encoding_has_encoder(self.0) }, "has_encoder") != 0
    }

    /// "BOM sniff" (section 6.1): the encoding whose byte order mark `bytes`
    /// starts with, and the BOM's length.
    pub fn for_bom(bytes: &[u8]) -> Option<(Encoding, usize)> {
        init();
        // SAFETY: bytes is bytes.len() readable bytes.
        let id = unsafe { ffi::whatenc_bom_sniff(bytes.as_ptr(), bytes.len()) };
        if id == -1 {
            return None;
        }
        let enc = Encoding(check(id, "whatenc_bom_sniff"));
        Some((enc, if enc == Encoding::UTF_8 { 3 } else { 2 }))
    }

    /// The legacy "decode" hook (section 6.1): a UTF-8, UTF-16BE or UTF-16LE
    /// byte order mark decides the encoding (and is removed), otherwise
    /// `self` does; malformed input becomes U+FFFD.  Returns the text, the
    /// encoding used and whether there were malformed sequences.
    ///
    /// ```
    /// use whatenc::Encoding;
    /// let (text, used, errors) = Encoding::SHIFT_JIS.decode(b"\xef\xbb\xbfhi");
    /// assert_eq!((&*text, used, errors), ("hi", Encoding::UTF_8, false));
    /// let (text, _, errors) = Encoding::UTF_8.decode(b"a\xffb");
    /// assert_eq!((&*text, errors), ("a\u{FFFD}b", true));
    /// ```
    pub fn decode(self, bytes: &[u8]) -> (Cow<'_, str>, Encoding, bool) {
        let (enc, rest) = match Encoding::for_bom(bytes) {
            Some((enc, len)) => (enc, &bytes[len..]),
            None => (self, bytes),
        };
        let (text, errors) = enc.decode_without_bom_handling(rest);
        (text, enc, errors)
    }

    /// Decodes with this encoding, removing its own BOM only (UTF-8,
    /// UTF-16BE, UTF-16LE; TextDecoder's default).
    pub fn decode_with_bom_removal(self, bytes: &[u8]) -> (Cow<'_, str>, bool) {
        let bytes = match Encoding::for_bom(bytes) {
            Some((enc, len)) if enc == self => &bytes[len..],
            _ => bytes,
        };
        self.decode_without_bom_handling(bytes)
    }

    /// Decodes with this encoding, a BOM being text like any other bytes.
    /// Malformed input becomes U+FFFD; the bool tells whether there was any.
    pub fn decode_without_bom_handling(self, bytes: &[u8]) -> (Cow<'_, str>, bool) {
        if self == Encoding::UTF_8 {
            if let Ok(s) = std::str::from_utf8(bytes) {
                return (Cow::Borrowed(s), false);
            }
        }
        let mut d = Decoder::new(self, BomHandling::Keep, DecoderMode::Replacement);
        let cap = d.max_utf8_buffer_length(bytes.len()).expect("input too long");
        let mut s = String::with_capacity(cap);
        let (res, read, errors) = d.decode_to_string(bytes, &mut s, true);
        debug_assert_eq!((res, read), (CoderResult::InputEmpty, bytes.len()));
        (Cow::Owned(s), errors)
    }

    /// Decodes without BOM handling, or `None` on malformed input ("decode
    /// without BOM or fail" when `self` is UTF-8).
    pub fn decode_without_bom_handling_and_without_replacement(self, bytes: &[u8]) -> Option<Cow<'_, str>> {
        if self == Encoding::UTF_8 {
            return std::str::from_utf8(bytes).ok().map(Cow::Borrowed);
        }
        let mut d = Decoder::new(self, BomHandling::Keep, DecoderMode::Fatal);
        let cap = d.max_utf8_buffer_length(bytes.len()).expect("input too long");
        let mut s = String::with_capacity(cap);
        match d.decode_to_string_without_replacement(bytes, &mut s, true) {
            (DecoderResult::InputEmpty, _) => Some(Cow::Owned(s)),
            _ => None,
        }
    }

    /// The legacy "encode" hook: encodes into the [output
    /// encoding](Self::output_encoding), writing code points it cannot
    /// represent as HTML numeric character references (`&#NNNN;`).
    /// Returns the bytes, the encoding written and whether there were
    /// unmappable code points.
    ///
    /// ```
    /// use whatenc::Encoding;
    /// let (bytes, used, unmappable) = Encoding::ISO_8859_7.encode("Ωμέγα ☃");
    /// assert_eq!(used, Encoding::ISO_8859_7);
    /// assert_eq!(&*bytes, b"\xd9\xec\xdd\xe3\xe1 &#9731;");
    /// assert!(unmappable);
    /// // UTF-16 encodes as UTF-8 (its output encoding):
    /// assert_eq!(Encoding::UTF_16LE.encode("hi").1, Encoding::UTF_8);
    /// ```
    pub fn encode(self, text: &str) -> (Cow<'_, [u8]>, Encoding, bool) {
        let out = self.output_encoding();
        if out == Encoding::UTF_8 || text.is_ascii() && !(out == Encoding::ISO_2022_JP && has_iso_2022_jp_controls(text)) {
            // Every output encoding writes ASCII as itself (ISO-2022-JP
            // starts and ends in its ASCII state), but for ISO-2022-JP's
            // ESC, SO and SI.
            return (Cow::Borrowed(text.as_bytes()), out, false);
        }
        let mut e = Encoder::new(out, EncoderMode::Html);
        let cap = e.max_buffer_length_from_utf8(text.len()).expect("input too long");
        let mut v = Vec::with_capacity(cap);
        let (res, read, unmappable) = e.encode_from_utf8_to_vec(text, &mut v, true);
        debug_assert_eq!((res, read), (CoderResult::InputEmpty, text.len()));
        (Cow::Owned(v), out, unmappable)
    }

    /// A decoder that sniffs a BOM (like [`decode`](Self::decode)) and
    /// replaces malformed input with U+FFFD.
    pub fn new_decoder(self) -> Decoder {
        Decoder::new(self, BomHandling::Sniff, DecoderMode::Replacement)
    }

    /// A decoder that removes this encoding's own BOM.
    pub fn new_decoder_with_bom_removal(self) -> Decoder {
        Decoder::new(self, BomHandling::Remove, DecoderMode::Replacement)
    }

    /// A decoder that decodes a BOM as U+FEFF.
    pub fn new_decoder_without_bom_handling(self) -> Decoder {
        Decoder::new(self, BomHandling::Keep, DecoderMode::Replacement)
    }

    /// An encoder in HTML mode for the [output encoding](Self::output_encoding).
    pub fn new_encoder(self) -> Encoder {
        Encoder::new(self, EncoderMode::Html)
    }
}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding {{ {} }}", self.name())
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

// ---------------------------------------------------------------- results

/// Why a streaming call returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoderResult {
    /// All input was consumed.
    InputEmpty,
    /// The output buffer has no room for the next character: empty it and
    /// call again with the unread input.
    OutputFull,
}

/// The malformed bytes a fatal decoder stopped at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed {
    /// The malformed sequence's offsets in the whole stream fed to the
    /// decoder since it was created or last finished a stream.
    pub range: Range<u64>,
    /// How many bytes after the sequence the decoder had already consumed;
    /// it decodes them on the next call (the standard "restores" them).
    pub consumed_after: usize,
}

/// Why a fatal decoder call returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecoderResult {
    /// All input was consumed.
    InputEmpty,
    /// The output buffer has no room for the next character.
    OutputFull,
    /// Malformed input: the call stopped right after it.  Call again with
    /// the unread input to continue.
    Malformed(Malformed),
}

/// Why a fatal encoder call returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncoderResult {
    /// All input was consumed.
    InputEmpty,
    /// The output buffer has no room for the next character.
    OutputFull,
    /// The output encoding cannot represent this character (consumed).
    /// ISO-2022-JP reports U+FFFD for U+000E, U+000F and U+001B.
    Unmappable(char),
}

/// What a [`Decoder`] does with a byte order mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BomHandling {
    /// A UTF-8, UTF-16BE or UTF-16LE BOM overrides the encoding and is
    /// removed (the legacy "decode" hook).
    Sniff,
    /// The encoding's own BOM is removed (TextDecoder's default).
    Remove,
    /// A BOM is decoded like other bytes.
    Keep,
}

/// What a [`Decoder`] does with malformed input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecoderMode {
    /// Malformed input becomes U+FFFD: use the `decode_to_*` methods.
    Replacement,
    /// Decoding stops at malformed input: use the
    /// `decode_to_*_without_replacement` methods.
    Fatal,
}

/// What an [`Encoder`] does with characters its encoding cannot represent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncoderMode {
    /// They become `&#NNNN;`: use the `encode_from_*` methods.
    Html,
    /// Encoding stops at them: use the `encode_from_*_without_replacement`
    /// methods.
    Fatal,
}

// ---------------------------------------------------------------- Decoder

/// A streaming decoder: bytes in an encoding to UTF-8 or UTF-16.
///
/// Input may be split anywhere; incomplete sequences are held between
/// calls.  Pass `last = true` with the final input, and call again with
/// the unread rest while the result is `OutputFull`.
///
/// ```
/// use whatenc::{CoderResult, Encoding};
/// let mut d = Encoding::UTF_16LE.new_decoder();
/// let mut out = String::with_capacity(64);
/// // "日本" split inside the first character:
/// assert_eq!(d.decode_to_string(b"\xe5", &mut out, false), (CoderResult::InputEmpty, 1, false));
/// assert_eq!(d.decode_to_string(b"\x65\x2c\x67", &mut out, true), (CoderResult::InputEmpty, 3, false));
/// assert_eq!(out, "日本");
/// ```
///
/// A decoder is `Send` but not `Sync`: one thread at a time.
pub struct Decoder {
    handle: NonNull<ffi::whatenc_decoder>,
    mode: DecoderMode,
    /// Bytes consumed in the current stream (for [`Malformed::range`]).
    consumed: u64,
}

// SAFETY: the C contract lets a handle move between threads between calls;
// &mut self on every call keeps it to one thread at a time (no Sync).
unsafe impl Send for Decoder {}

struct RawDecode {
    status: c_int,
    read: usize,
    written: usize,
    info: ffi::whatenc_decode_info,
}

impl Decoder {
    /// A decoder for `encoding` (any of the 40) with the given BOM handling
    /// and error mode.
    pub fn new(encoding: Encoding, bom: BomHandling, mode: DecoderMode) -> Decoder {
        init();
        let bom = match bom {
            BomHandling::Sniff => ffi::WHATENC_BOM_SNIFF,
            BomHandling::Remove => ffi::WHATENC_BOM_REMOVE,
            BomHandling::Keep => ffi::WHATENC_BOM_KEEP,
        };
        let m = match mode {
            DecoderMode::Replacement => ffi::WHATENC_REPLACEMENT,
            DecoderMode::Fatal => ffi::WHATENC_FATAL,
        };
        let mut out = ptr::null_mut();
        // SAFETY: out is a valid out-parameter.
        check(unsafe { ffi::whatenc_decoder_new(encoding.0, bom, m, &mut out) }, "whatenc_decoder_new");
        Decoder {
            handle: NonNull::new(out).expect("whatenc_decoder_new returned NULL"),
            mode,
            consumed: 0,
        }
    }

    /// The encoding being decoded: after a BOM was sniffed, the BOM's.
    pub fn encoding(&self) -> Encoding {
        // SAFETY: live handle.
        Encoding(check(unsafe { ffi::whatenc_decoder_encoding(self.handle.as_ptr()) }, "decoder encoding"))
    }

    /// The error mode the decoder was created with.
    pub fn mode(&self) -> DecoderMode {
        self.mode
    }

    /// Forgets any partial input and sniffed encoding: back to new.
    pub fn reset(&mut self) {
        // SAFETY: live handle.
        check(unsafe { ffi::whatenc_decoder_reset(self.handle.as_ptr()) }, "decoder reset");
        self.consumed = 0;
    }

    /// An upper bound of the UTF-8 bytes decoding `byte_length` more bytes
    /// (with `last`) writes, counting held input; `None` if it overflows.
    pub fn max_utf8_buffer_length(&self, byte_length: usize) -> Option<usize> {
        let mut n = 0;
        // SAFETY: live handle, valid out-parameter.
        let s = unsafe { ffi::whatenc_decoder_max_utf8_length(self.handle.as_ptr(), byte_length, &mut n) };
        if s == ffi::WHATENC_ERR_OVERFLOW {
            return None;
        }
        check(s, "max_utf8_length");
        Some(n)
    }

    /// As [`max_utf8_buffer_length`](Self::max_utf8_buffer_length) in
    /// UTF-16 code units.
    pub fn max_utf16_buffer_length(&self, byte_length: usize) -> Option<usize> {
        let mut n = 0;
        // SAFETY: live handle, valid out-parameter.
        let s = unsafe { ffi::whatenc_decoder_max_utf16_length(self.handle.as_ptr(), byte_length, &mut n) };
        if s == ffi::WHATENC_ERR_OVERFLOW {
            return None;
        }
        check(s, "max_utf16_length");
        Some(n)
    }

    #[track_caller]
    fn want(&self, mode: DecoderMode) {
        assert_eq!(
            self.mode, mode,
            "whatenc: a {:?} decoder called with a method for {mode:?} mode",
            self.mode
        );
    }

    /// # Safety
    /// `dst` is valid for writes of `dst_len` bytes and does not overlap `src`.
    unsafe fn raw_utf8(&mut self, src: &[u8], dst: *mut u8, dst_len: usize, last: bool) -> RawDecode {
        let mut read = src.len();
        let mut written = dst_len;
        let mut info = ffi::whatenc_decode_info::default();
        // SAFETY: per the caller's promise and src's slice.
        let status = unsafe {
            ffi::whatenc_decoder_decode_to_utf8(
                self.handle.as_ptr(),
                src.as_ptr(),
                &mut read,
                dst,
                &mut written,
                last as c_int,
                &mut info,
            )
        };
        self.finish_raw(status, read, written, info, last)
    }

    fn finish_raw(&mut self, status: c_int, read: usize, written: usize, info: ffi::whatenc_decode_info, last: bool) -> RawDecode {
        check(status, "decode");
        self.consumed += read as u64;
        let raw = RawDecode { status, read, written, info };
        if last && status == ffi::WHATENC_OK {
            self.consumed = 0;
        }
        raw
    }

    fn malformed(&self, raw: &RawDecode) -> DecoderResult {
        match raw.status {
            ffi::WHATENC_OK => DecoderResult::InputEmpty,
            ffi::WHATENC_OUTPUT_FULL => DecoderResult::OutputFull,
            _ => {
                let end = self.consumed - raw.info.consumed_after as u64;
                DecoderResult::Malformed(Malformed {
                    range: end - raw.info.malformed_len as u64..end,
                    consumed_after: raw.info.consumed_after,
                })
            }
        }
    }

    fn coder(status: c_int) -> CoderResult {
        if status == ffi::WHATENC_OUTPUT_FULL { CoderResult::OutputFull } else { CoderResult::InputEmpty }
    }

    /// Decodes `src` into `dst` as UTF-8.  Returns the result, the bytes
    /// read and written, and whether malformed input was replaced.
    /// `dst` makes progress when it has room for 4 bytes.
    ///
    /// # Panics
    /// If the decoder was created in [`DecoderMode::Fatal`].
    #[track_caller]
    pub fn decode_to_utf8(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> (CoderResult, usize, usize, bool) {
        self.want(DecoderMode::Replacement);
        // SAFETY: dst is a distinct mutable slice.
        let r = unsafe { self.raw_utf8(src, dst.as_mut_ptr(), dst.len(), last) };
        (Self::coder(r.status), r.read, r.written, r.info.replaced != 0)
    }

    /// Decodes `src` and appends to `dst`, within `dst`'s spare capacity
    /// (it does not grow `dst`).  Returns the result, the bytes read and
    /// whether malformed input was replaced.
    ///
    /// # Panics
    /// If the decoder was created in [`DecoderMode::Fatal`].
    #[track_caller]
    pub fn decode_to_string(&mut self, src: &[u8], dst: &mut String, last: bool) -> (CoderResult, usize, bool) {
        self.want(DecoderMode::Replacement);
        let r = self.raw_to_string(src, dst, last);
        (Self::coder(r.status), r.read, r.info.replaced != 0)
    }

    fn raw_to_string(&mut self, src: &[u8], dst: &mut String, last: bool) -> RawDecode {
        // SAFETY: the library writes only whole UTF-8 sequences (the
        // streaming contract), so the String stays UTF-8 after set_len.
        unsafe {
            let v = dst.as_mut_vec();
            let len = v.len();
            let spare = v.spare_capacity_mut();
            let r = self.raw_utf8(src, spare.as_mut_ptr().cast(), spare.len(), last);
            v.set_len(len + r.written);
            debug_assert!(std::str::from_utf8(&v[len..]).is_ok());
            r
        }
    }

    /// Decodes `src` into `dst` as UTF-16 (progress needs room for 2 code
    /// units).  Returns the result, the bytes read, the code units written
    /// and whether malformed input was replaced.
    ///
    /// # Panics
    /// If the decoder was created in [`DecoderMode::Fatal`].
    #[track_caller]
    pub fn decode_to_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> (CoderResult, usize, usize, bool) {
        self.want(DecoderMode::Replacement);
        let r = self.raw_utf16(src, dst, last);
        (Self::coder(r.status), r.read, r.written, r.info.replaced != 0)
    }

    fn raw_utf16(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> RawDecode {
        let mut read = src.len();
        let mut written = dst.len();
        let mut info = ffi::whatenc_decode_info::default();
        // SAFETY: slices valid for their lengths; u16 is aligned.
        let status = unsafe {
            ffi::whatenc_decoder_decode_to_utf16(
                self.handle.as_ptr(),
                src.as_ptr(),
                &mut read,
                dst.as_mut_ptr(),
                &mut written,
                last as c_int,
                &mut info,
            )
        };
        self.finish_raw(status, read, written, info, last)
    }

    /// Fatal-mode [`decode_to_utf8`](Self::decode_to_utf8): stops at
    /// malformed input.  Returns the result, bytes read and written.
    ///
    /// ```
    /// use whatenc::{DecoderMode, BomHandling, DecoderResult, Decoder, Encoding, Malformed};
    /// let mut d = Decoder::new(Encoding::UTF_8, BomHandling::Keep, DecoderMode::Fatal);
    /// let mut out = [0u8; 16];
    /// let (res, read, written) = d.decode_to_utf8_without_replacement(b"ab\xe2\x82x", &mut out, true);
    /// assert_eq!(res, DecoderResult::Malformed(Malformed { range: 2..4, consumed_after: 0 }));
    /// assert_eq!((read, &out[..written]), (4, &b"ab"[..]));
    /// ```
    ///
    /// # Panics
    /// If the decoder was created in [`DecoderMode::Replacement`].
    #[track_caller]
    pub fn decode_to_utf8_without_replacement(&mut self, src: &[u8], dst: &mut [u8], last: bool) -> (DecoderResult, usize, usize) {
        self.want(DecoderMode::Fatal);
        // SAFETY: dst is a distinct mutable slice.
        let r = unsafe { self.raw_utf8(src, dst.as_mut_ptr(), dst.len(), last) };
        (self.malformed(&r), r.read, r.written)
    }

    /// Fatal-mode [`decode_to_string`](Self::decode_to_string).
    ///
    /// # Panics
    /// If the decoder was created in [`DecoderMode::Replacement`].
    #[track_caller]
    pub fn decode_to_string_without_replacement(&mut self, src: &[u8], dst: &mut String, last: bool) -> (DecoderResult, usize) {
        self.want(DecoderMode::Fatal);
        let r = self.raw_to_string(src, dst, last);
        (self.malformed(&r), r.read)
    }

    /// Fatal-mode [`decode_to_utf16`](Self::decode_to_utf16).
    ///
    /// # Panics
    /// If the decoder was created in [`DecoderMode::Replacement`].
    #[track_caller]
    pub fn decode_to_utf16_without_replacement(&mut self, src: &[u8], dst: &mut [u16], last: bool) -> (DecoderResult, usize, usize) {
        self.want(DecoderMode::Fatal);
        let r = self.raw_utf16(src, dst, last);
        (self.malformed(&r), r.read, r.written)
    }
}

impl Drop for Decoder {
    fn drop(&mut self) {
        // SAFETY: the handle is live and never used again.
        unsafe { ffi::whatenc_decoder_free(self.handle.as_ptr()) }
    }
}

impl fmt::Debug for Decoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decoder").field("encoding", &self.encoding()).field("mode", &self.mode).finish()
    }
}

// ---------------------------------------------------------------- Encoder

/// A streaming encoder: UTF-8 or UTF-16 to bytes in an OUTPUT encoding
/// (UTF-8 for UTF-16BE, UTF-16LE and replacement).
///
/// Output makes progress when `dst` has room for 13 bytes.
///
/// ```
/// use whatenc::{CoderResult, Encoding};
/// let mut e = Encoding::WINDOWS_1251.new_encoder();
/// let mut out = Vec::with_capacity(64);
/// assert_eq!(e.encode_from_utf8_to_vec("Да ", &mut out, false), (CoderResult::InputEmpty, 5, false));
/// assert_eq!(e.encode_from_utf8_to_vec("☃", &mut out, true), (CoderResult::InputEmpty, 3, true));
/// assert_eq!(out, b"\xc4\xe0 &#9731;");
/// ```
///
/// An encoder is `Send` but not `Sync`: one thread at a time.
pub struct Encoder {
    handle: NonNull<ffi::whatenc_encoder>,
    mode: EncoderMode,
}

// SAFETY: as for Decoder.
unsafe impl Send for Encoder {}

impl Encoder {
    /// An encoder writing the output encoding of `encoding`.
    pub fn new(encoding: Encoding, mode: EncoderMode) -> Encoder {
        init();
        let m = match mode {
            EncoderMode::Html => ffi::WHATENC_HTML,
            EncoderMode::Fatal => ffi::WHATENC_FATAL,
        };
        let mut out = ptr::null_mut();
        // SAFETY: out is a valid out-parameter.
        check(unsafe { ffi::whatenc_encoder_new(encoding.0, m, &mut out) }, "whatenc_encoder_new");
        Encoder { handle: NonNull::new(out).expect("whatenc_encoder_new returned NULL"), mode }
    }

    /// The encoding written (always an output encoding).
    pub fn encoding(&self) -> Encoding {
        // SAFETY: live handle.
        Encoding(check(unsafe { ffi::whatenc_encoder_encoding(self.handle.as_ptr()) }, "encoder encoding"))
    }

    /// The error mode the encoder was created with.
    pub fn mode(&self) -> EncoderMode {
        self.mode
    }

    /// Forgets held input: back to new.
    pub fn reset(&mut self) {
        // SAFETY: live handle.
        check(unsafe { ffi::whatenc_encoder_reset(self.handle.as_ptr()) }, "encoder reset");
    }

    /// An upper bound of the bytes encoding `byte_length` more bytes of
    /// UTF-8 (with `last`) writes in this encoder's mode; `None` on
    /// overflow.
    pub fn max_buffer_length_from_utf8(&self, byte_length: usize) -> Option<usize> {
        let mut n = 0;
        // SAFETY: live handle, valid out-parameter.
        let s = unsafe { ffi::whatenc_encoder_max_length_from_utf8(self.handle.as_ptr(), byte_length, &mut n) };
        if s == ffi::WHATENC_ERR_OVERFLOW {
            return None;
        }
        check(s, "max_length_from_utf8");
        Some(n)
    }

    /// As [`max_buffer_length_from_utf8`](Self::max_buffer_length_from_utf8)
    /// for `u16_length` code units of UTF-16.
    pub fn max_buffer_length_from_utf16(&self, u16_length: usize) -> Option<usize> {
        let mut n = 0;
        // SAFETY: live handle, valid out-parameter.
        let s = unsafe { ffi::whatenc_encoder_max_length_from_utf16(self.handle.as_ptr(), u16_length, &mut n) };
        if s == ffi::WHATENC_ERR_OVERFLOW {
            return None;
        }
        check(s, "max_length_from_utf16");
        Some(n)
    }

    #[track_caller]
    fn want(&self, mode: EncoderMode) {
        assert_eq!(self.mode, mode, "whatenc: a {:?} encoder called with a method for {mode:?} mode", self.mode);
    }

    /// # Safety
    /// `dst` valid for writes of `dst_len` bytes, not overlapping `src`.
    unsafe fn raw_utf8(&mut self, src: &[u8], dst: *mut u8, dst_len: usize, last: bool) -> (c_int, usize, usize, ffi::whatenc_encode_info) {
        let mut read = src.len();
        let mut written = dst_len;
        let mut info = ffi::whatenc_encode_info::default();
        // SAFETY: per the caller's promise and src's slice.
        let status = unsafe {
            ffi::whatenc_encoder_encode_from_utf8(self.handle.as_ptr(), src.as_ptr(), &mut read, dst, &mut written, last as c_int, &mut info)
        };
        (check(status, "encode_from_utf8"), read, written, info)
    }

    fn raw_utf16(&mut self, src: &[u16], dst: &mut [u8], last: bool) -> (c_int, usize, usize, ffi::whatenc_encode_info) {
        let mut read = src.len();
        let mut written = dst.len();
        let mut info = ffi::whatenc_encode_info::default();
        // SAFETY: slices valid for their lengths.
        let status = unsafe {
            ffi::whatenc_encoder_encode_from_utf16(self.handle.as_ptr(), src.as_ptr(), &mut read, dst.as_mut_ptr(), &mut written, last as c_int, &mut info)
        };
        (check(status, "encode_from_utf16"), read, written, info)
    }

    fn raw_to_vec(&mut self, src: &[u8], dst: &mut Vec<u8>, last: bool) -> (c_int, usize, ffi::whatenc_encode_info) {
        let len = dst.len();
        let spare = dst.spare_capacity_mut();
        // SAFETY: spare capacity is valid for writes; set_len covers only
        // what the library wrote.
        unsafe {
            let (s, read, written, info) = self.raw_utf8(src, spare.as_mut_ptr().cast(), spare.len(), last);
            dst.set_len(len + written);
            (s, read, info)
        }
    }

    fn unmappable(status: c_int, info: &ffi::whatenc_encode_info) -> EncoderResult {
        match status {
            ffi::WHATENC_OK => EncoderResult::InputEmpty,
            ffi::WHATENC_OUTPUT_FULL => EncoderResult::OutputFull,
            _ => EncoderResult::Unmappable(char::from_u32(info.unmappable).unwrap_or('\u{FFFD}')),
        }
    }

    /// Encodes `src` into `dst`.  Returns the result, the bytes read and
    /// written, and whether unmappable characters became `&#NNNN;`.
    /// `read` is always at a character boundary of `src`. (Bytes that may
    /// split characters go through [`EncodeWriter`].)
    ///
    /// # Panics
    /// If the encoder was created in [`EncoderMode::Fatal`].
    #[track_caller]
    pub fn encode_from_utf8(&mut self, src: &str, dst: &mut [u8], last: bool) -> (CoderResult, usize, usize, bool) {
        self.want(EncoderMode::Html);
        // SAFETY: dst is a distinct mutable slice.
        let (s, read, written, info) = unsafe { self.raw_utf8(src.as_bytes(), dst.as_mut_ptr(), dst.len(), last) };
        (Decoder::coder(s), read, written, info.replaced != 0)
    }

    /// As [`encode_from_utf8`](Self::encode_from_utf8), appending to `dst`
    /// within its spare capacity.  Returns the result, the bytes read and
    /// whether there were unmappable characters.
    ///
    /// # Panics
    /// If the encoder was created in [`EncoderMode::Fatal`].
    #[track_caller]
    pub fn encode_from_utf8_to_vec(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (CoderResult, usize, bool) {
        self.want(EncoderMode::Html);
        let (s, read, info) = self.raw_to_vec(src.as_bytes(), dst, last);
        (Decoder::coder(s), read, info.replaced != 0)
    }

    /// Encodes UTF-16 (a lone surrogate becomes U+FFFD; a high surrogate
    /// ending `src` waits for the next call).
    ///
    /// # Panics
    /// If the encoder was created in [`EncoderMode::Fatal`].
    #[track_caller]
    pub fn encode_from_utf16(&mut self, src: &[u16], dst: &mut [u8], last: bool) -> (CoderResult, usize, usize, bool) {
        self.want(EncoderMode::Html);
        let (s, read, written, info) = self.raw_utf16(src, dst, last);
        (Decoder::coder(s), read, written, info.replaced != 0)
    }

    /// Fatal-mode [`encode_from_utf8`](Self::encode_from_utf8): stops after
    /// a character the encoding cannot represent and returns it.
    ///
    /// ```
    /// use whatenc::{Encoder, EncoderMode, EncoderResult, Encoding};
    /// let mut e = Encoder::new(Encoding::WINDOWS_1252, EncoderMode::Fatal);
    /// let mut out = [0u8; 16];
    /// let (res, read, written) = e.encode_from_utf8_without_replacement("é☃x", &mut out, true);
    /// assert_eq!((res, read, &out[..written]), (EncoderResult::Unmappable('☃'), 5, &b"\xe9"[..]));
    /// ```
    ///
    /// # Panics
    /// If the encoder was created in [`EncoderMode::Html`].
    #[track_caller]
    pub fn encode_from_utf8_without_replacement(&mut self, src: &str, dst: &mut [u8], last: bool) -> (EncoderResult, usize, usize) {
        self.want(EncoderMode::Fatal);
        // SAFETY: dst is a distinct mutable slice.
        let (s, read, written, info) = unsafe { self.raw_utf8(src.as_bytes(), dst.as_mut_ptr(), dst.len(), last) };
        (Self::unmappable(s, &info), read, written)
    }

    /// Fatal-mode [`encode_from_utf8_to_vec`](Self::encode_from_utf8_to_vec).
    ///
    /// # Panics
    /// If the encoder was created in [`EncoderMode::Html`].
    #[track_caller]
    pub fn encode_from_utf8_to_vec_without_replacement(&mut self, src: &str, dst: &mut Vec<u8>, last: bool) -> (EncoderResult, usize) {
        self.want(EncoderMode::Fatal);
        let (s, read, info) = self.raw_to_vec(src.as_bytes(), dst, last);
        (Self::unmappable(s, &info), read)
    }

    /// Fatal-mode [`encode_from_utf16`](Self::encode_from_utf16).
    ///
    /// # Panics
    /// If the encoder was created in [`EncoderMode::Html`].
    #[track_caller]
    pub fn encode_from_utf16_without_replacement(&mut self, src: &[u16], dst: &mut [u8], last: bool) -> (EncoderResult, usize, usize) {
        self.want(EncoderMode::Fatal);
        let (s, read, written, info) = self.raw_utf16(src, dst, last);
        (Self::unmappable(s, &info), read, written)
    }

    /// Encodes raw bytes taken as UTF-8 (used by [`EncodeWriter`], whose
    /// input may split characters).
    fn encode_bytes(&mut self, src: &[u8], dst: &mut Vec<u8>, last: bool) -> (c_int, usize, ffi::whatenc_encode_info) {
        self.raw_to_vec(src, dst, last)
    }
}

impl Drop for Encoder {
    fn drop(&mut self) {
        // SAFETY: the handle is live and never used again.
        unsafe { ffi::whatenc_encoder_free(self.handle.as_ptr()) }
    }
}

impl fmt::Debug for Encoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Encoder").field("encoding", &self.encoding()).field("mode", &self.mode).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_labels_round_trip() {
        for e in Encoding::all() {
            assert_eq!(Encoding::for_label(e.name().as_bytes()), Some(e), "{e:?}");
        }
        assert_eq!(Encoding::for_label(b"  UTF8\n"), Some(Encoding::UTF_8));
        assert_eq!(Encoding::for_label(b"utf8\xc2\xa0"), None);
        assert_eq!(Encoding::for_label(b""), None);
    }

    #[test]
    fn send_not_sync() {
        fn send<T: Send>() {}
        fn copy_send_sync<T: Copy + Send + Sync>() {}
        send::<Decoder>();
        send::<Encoder>();
        copy_send_sync::<Encoding>();
    }

    #[test]
    #[should_panic(expected = "called with a method for Fatal mode")]
    fn mode_mismatch_panics() {
        let mut d = Encoding::UTF_8.new_decoder();
        d.decode_to_utf8_without_replacement(b"", &mut [0; 4], true);
    }

    #[test]
    fn malformed_range_counts_across_calls() {
        let mut d = Decoder::new(Encoding::UTF_16LE, BomHandling::Keep, DecoderMode::Fatal);
        let mut s = String::with_capacity(32);
        assert_eq!(d.decode_to_string_without_replacement(b"a\0b", &mut s, false).0, DecoderResult::InputEmpty);
        // A high surrogate (stream offsets 4..6) followed by "c": the
        // standard restores the two bytes of "c" and decodes them after
        // the error.
        let input = b"\0\x00\xd8c\0";
        let (res, read) = d.decode_to_string_without_replacement(input, &mut s, true);
        match res {
            DecoderResult::Malformed(m) => assert_eq!(m.range, 4..6, "{m:?}"),
            other => panic!("{other:?}"),
        }
        let (res, _) = d.decode_to_string_without_replacement(&input[read..], &mut s, true);
        assert_eq!(res, DecoderResult::InputEmpty);
        assert_eq!(s, "abc");
    }
}

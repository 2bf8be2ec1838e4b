//! Shared pieces of the differential tests: a tiny PRNG, input makers,
//! the corpus, and failure messages that name the encoding, the input in
//! hex and both outputs.
#![allow(dead_code)]

use std::path::PathBuf;

/// xorshift64*: deterministic, no dependencies.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

pub fn seed_of(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

/// Random cut points of 0..len: ascending, the last is len.  Sometimes
/// one chunk, sometimes many tiny ones (including empty chunks).
pub fn cuts(rng: &mut Rng, len: usize) -> Vec<usize> {
    let mut v = vec![];
    match rng.below(4) {
        0 => {}
        1 => {
            // one or two bytes at a time
            let mut p = 0;
            while p < len {
                p = (p + 1 + rng.below(2)).min(len);
                v.push(p);
            }
        }
        _ => {
            let n = rng.below(12);
            for _ in 0..n {
                v.push(rng.below(len + 1));
            }
        }
    }
    v.push(len);
    v.sort_unstable();
    v
}

/// A destination size: tiny (the contract's minimum) to roomy.
pub fn dst_size(rng: &mut Rng, min: usize) -> usize {
    match rng.below(4) {
        0 => min,
        1 => min + rng.below(16),
        2 => 1024,
        _ => 64 * 1024,
    }
}

const SPECIAL_BYTES: &[u8] = &[
    0x00, 0x0E, 0x0F, 0x1B, 0x24, 0x28, 0x29, 0x40, 0x41, 0x42, 0x44, 0x48, 0x49, 0x4A, 0x7E, 0x7F, 0x80, 0x81,
    0x82, 0x84, 0x8E, 0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xA4, 0xB0, 0xC0, 0xC2, 0xD8, 0xDB, 0xDC, 0xDF, 0xDF, 0xE0,
    0xED, 0xEF, 0xBB, 0xBF, 0xF0, 0xF4, 0xF5, 0xFC, 0xFD, 0xFE, 0xFF, 0x30, 0x39,
];

/// Random bytes biased towards the bytes that matter to some decoder:
/// escapes, lead and trail ranges, surrogates, BOMs.
pub fn random_bytes(rng: &mut Rng, max_len: usize) -> Vec<u8> {
    let len = rng.below(max_len + 1);
    let mut v = Vec::with_capacity(len);
    for _ in 0..len {
        let b = match rng.below(10) {
            0..=4 => rng.below(256) as u8,
            5..=7 => SPECIAL_BYTES[rng.below(SPECIAL_BYTES.len())],
            _ => b'a' + rng.below(26) as u8,
        };
        v.push(b);
    }
    v
}

const SPECIAL_CHARS: &[char] = &[
    '\u{0}', '\u{E}', '\u{F}', '\u{1B}', '~', '\\', '\u{80}', '\u{A5}', '\u{AB}', '\u{203E}', '\u{2212}', '\u{2014}',
    '\u{2015}', '\u{20AC}', '\u{E5E5}', '\u{E7C7}', '\u{E000}', '\u{FFFD}', '\u{FEFF}', '\u{F8F5}', '\u{FFE2}',
    '\u{3000}', '\u{30FB}', '\u{FF5E}', '\u{10000}', '\u{1F600}', '\u{10FFFF}', '\u{E78D}', '\u{E78E}', '\u{E5E4}',
    '\u{1E3F}', '\u{F7C8}', '\u{FE10}', '\u{9FB4}', '\u{20087}', '\u{F780}', '\u{F7FF}', '\u{2116}', '\u{FF0D}',
];

/// Random text: ASCII, characters decoded from random bytes of `enc`
/// (so mostly mappable ones), any code point, and tricky ones.
pub fn random_text(rng: &mut Rng, max_chars: usize, enc: &'static encoding_rs::Encoding) -> String {
    let n = rng.below(max_chars + 1);
    let mut s = String::new();
    let sample = {
        let bytes = random_bytes(rng, 64);
        let (t, _) = enc.decode_without_bom_handling(&bytes);
        t.chars().filter(|&c| c != '\u{FFFD}').collect::<Vec<_>>()
    };
    for _ in 0..n {
        let c = match rng.below(10) {
            0..=2 => (b' ' + rng.below(95) as u8) as char,
            3..=5 if !sample.is_empty() => sample[rng.below(sample.len())],
            6 => SPECIAL_CHARS[rng.below(SPECIAL_CHARS.len())],
            7 => char::from_u32(0x4E00 + rng.below(0x5200) as u32).unwrap(),
            8 => char::from_u32(0xAC00 + rng.below(0x2BA4) as u32).unwrap(),
            _ => loop {
                if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                    break c;
                }
            },
        };
        s.push(c);
    }
    s
}

/// The input around position `at`, in hex.
pub fn hex_around(bytes: &[u8], at: usize) -> String {
    let start = at.saturating_sub(16);
    let end = (at + 16).min(bytes.len());
    let mut s = format!("[{} bytes; {start}..{end}:", bytes.len());
    for b in &bytes[start..end] {
        s.push_str(&format!(" {b:02x}"));
    }
    s.push(']');
    s
}

pub fn first_diff<T: PartialEq>(a: &[T], b: &[T]) -> usize {
    a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()))
}

/// `s` around byte offset `at`, escaped.
pub fn text_around(s: &str, at: usize) -> String {
    let mut start = at.saturating_sub(24).min(s.len());
    while !s.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (at + 24).min(s.len());
    while !s.is_char_boundary(end) {
        end += 1;
    }
    format!("{:?}", &s[start..end])
}

pub fn bytes_around(b: &[u8], at: usize) -> String {
    let start = at.saturating_sub(24);
    let end = (at + 24).min(b.len());
    format!("{:?}", String::from_utf8_lossy(&b[start..end]))
}

pub fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("WHATENC_CORPUS") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/wikipedia"),
    };
    dir.is_dir().then_some(dir)
}

/// The corpus pages (name, UTF-8 text), or none (with a message).
pub fn corpus() -> Vec<(String, String)> {
    let Some(dir) = corpus_dir() else {
        eprintln!("corpus not found (set WHATENC_CORPUS to .../corpus/wikipedia): skipping the corpus");
        return vec![];
    };
    let mut pages: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            (name.ends_with(".txt") || name.ends_with(".html")) && name != "sources.txt"
        })
        .collect();
    pages.sort();
    pages
        .into_iter()
        .filter_map(|p| {
            let text = String::from_utf8(std::fs::read(&p).ok()?).ok()?;
            Some((p.file_name().unwrap().to_string_lossy().into_owned(), text))
        })
        .collect()
}

/// A slice of `text` of about `len` bytes on character boundaries.
pub fn slice_of<'a>(text: &'a str, rng: &mut Rng, len: usize) -> &'a str {
    if text.len() <= len {
        return text;
    }
    let mut start = rng.below(text.len() - len);
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = start + len;
    while !text.is_char_boundary(end) {
        end += 1;
    }
    &text[start..end]
}

/// A place to collect differences and report them all at the end.
#[derive(Default)]
pub struct Failures {
    pub list: Vec<String>,
    pub count: usize,
}

impl Failures {
    pub fn add(&mut self, msg: String) {
        self.count += 1;
        if self.list.len() < 40 {
            self.list.push(msg);
        }
    }
    pub fn check(self, what: &str) {
        if self.count > 0 {
            panic!("{what}: {} differences; the first ones:\n{}", self.count, self.list.join("\n\n"));
        }
    }
}

//! Throughput of whatenc (through this crate) and encoding_rs on the same
//! inputs in the same run: every corpus page in every encoding that can
//! represent it (encoding_rs encodes it without unmappable characters),
//! decoding to UTF-8 and encoding from UTF-8.  A page is in the table for
//! an encoding when the encoding represents at least 98% of the page's
//! non-ASCII characters; the rest become `&#NNNN;` as a browser's form
//! submission would write them, and those bytes are what is decoded.
//!
//! ```text
//! cargo run --release --example bench [-- FILTER]
//! ```
//!
//! FILTER keeps the rows whose page or encoding name contains it.
//! `WHATENC_CORPUS` names the corpus directory (default
//! `../../../shared/corpus/wikipedia`), `BENCH_MS` the time per measurement
//! (default 40), spread over 5 alternating rounds of which the best counts
//! (the machine may be busy).  Each measurement converts one whole page per call with
//! buffers allocated beforehand; whatenc reuses its decoder or encoder (a
//! finished stream starts over), encoding_rs makes a new one per page as
//! its API requires.  Not part of `make test`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};
use whatenc::{CoderResult, Encoding};

fn rs(e: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(e.name().as_bytes()).unwrap()
}

/// Bytes per second of `f` and `g` (each call converting `bytes` input
/// bytes): the best of 5 alternating rounds sharing `budget`.
fn throughput(bytes: usize, budget: Duration, mut f: impl FnMut(), mut g: impl FnMut()) -> (f64, f64) {
    f(); // warm up
    g();
    let round = |h: &mut dyn FnMut()| {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed() < budget / 5 || n < 2 {
            h();
            n += 1;
        }
        (bytes as f64 * n as f64) / start.elapsed().as_secs_f64()
    };
    let (mut a, mut b) = (0f64, 0f64);
    for _ in 0..5 {
        a = a.max(round(&mut f));
        b = b.max(round(&mut g));
    }
    (a, b)
}

/// Whether `e` represents at least 98% of the non-ASCII characters of
/// `text`.
fn supports(e: Encoding, text: &str) -> bool {
    let mut enc = rs(e).new_encoder();
    let mut out = Vec::with_capacity(enc.max_buffer_length_from_utf8_without_replacement(text.len()).unwrap());
    let mut unmappable = 0usize;
    let mut src = text;
    loop {
        let (res, read) = enc.encode_from_utf8_to_vec_without_replacement(src, &mut out, true);
        src = &src[read..];
        match res {
            encoding_rs::EncoderResult::Unmappable(_) => unmappable += 1,
            _ => break,
        }
    }
    let non_ascii = text.chars().filter(|c| !c.is_ascii()).count();
    unmappable * 50 <= non_ascii
}

fn main() {
    let filter = std::env::args().nth(1).unwrap_or_default();
    let budget = Duration::from_millis(std::env::var("BENCH_MS").ok().and_then(|s| s.parse().ok()).unwrap_or(40));
    let dir = std::env::var_os("WHATENC_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/wikipedia"));
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("no corpus at {} (set WHATENC_CORPUS)", dir.display());
        std::process::exit(1);
    };
    let mut pages: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            (n.ends_with(".txt") || n.ends_with(".html")) && n != "sources.txt"
        })
        .collect();
    pages.sort();

    println!("whatenc {} vs encoding_rs; MB/s of input (1 MB = 1e6 bytes); {} ms per measurement", whatenc::library_version(), budget.as_millis());
    println!(
        "{:<14} {:<15} {:>9} | {:>10} {:>10} {:>6} | {:>10} {:>10} {:>6}",
        "page", "encoding", "bytes", "dec whatenc", "dec rs", "ratio", "enc whatenc", "enc rs", "ratio"
    );
    let (mut dec_ratios, mut enc_ratios) = (vec![], vec![]);
    for path in pages {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        for e in Encoding::all() {
            if e == Encoding::REPLACEMENT || !(name.contains(&filter) || e.name().contains(&filter)) {
                continue;
            }
            let bytes: Vec<u8> = match e {
                Encoding::UTF_16LE => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
                Encoding::UTF_16BE => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
                _ if !supports(e, &text) => continue,
                _ => rs(e).encode(&text).0.into_owned(),
            };
            let (want, _) = rs(e).decode_without_bom_handling(&bytes);

            // Decoding to UTF-8.
            let mut ours = e.new_decoder_without_bom_handling();
            let mut out = String::with_capacity(ours.max_utf8_buffer_length(bytes.len()).unwrap());
            let r = ours.decode_to_string(&bytes, &mut out, true);
            assert_eq!((r.0, r.1), (CoderResult::InputEmpty, bytes.len()));
            assert!(out == want, "{name} in {e}: whatenc decodes differently");
            let mut out2 = String::with_capacity(out.capacity());
            let (dec_ours, dec_rs) = throughput(
                bytes.len(),
                budget,
                || {
                    out.clear();
                    let _ = black_box(ours.decode_to_string(black_box(&bytes), &mut out, true));
                },
                || {
                    out2.clear();
                    let mut d = rs(e).new_decoder_without_bom_handling();
                    let _ = black_box(d.decode_to_string(black_box(&bytes), &mut out2, true));
                },
            );

            // Encoding from UTF-8 (UTF-16 encodes as UTF-8: not measured).
            let (enc_ours, enc_rs) = if e.has_encoder() && e != Encoding::UTF_8 {
                let mut ours = e.new_encoder();
                let mut out = Vec::with_capacity(ours.max_buffer_length_from_utf8(text.len()).unwrap());
                ours.encode_from_utf8_to_vec(&text, &mut out, true);
                assert!(out == bytes, "{name} in {e}: whatenc encodes differently");
                let mut out2 = Vec::with_capacity(out.capacity());
                let (a, b) = throughput(
                    text.len(),
                    budget,
                    || {
                        out.clear();
                        let _ = black_box(ours.encode_from_utf8_to_vec(black_box(&text), &mut out, true));
                    },
                    || {
                        out2.clear();
                        let mut enc = rs(e).new_encoder();
                        let _ = black_box(enc.encode_from_utf8_to_vec(black_box(&text), &mut out2, true));
                    },
                );
                (Some(a), Some(b))
            } else {
                (None, None)
            };

            dec_ratios.push(dec_ours / dec_rs);
            let enc_cols = match (enc_ours, enc_rs) {
                (Some(a), Some(b)) => {
                    enc_ratios.push(a / b);
                    format!("{:>10.0} {:>10.0} {:>6.2}", a / 1e6, b / 1e6, a / b)
                }
                _ => format!("{:>10} {:>10} {:>6}", "-", "-", "-"),
            };
            println!(
                "{:<14} {:<15} {:>9} | {:>10.0} {:>10.0} {:>6.2} | {enc_cols}",
                name,
                e.name(),
                bytes.len(),
                dec_ours / 1e6,
                dec_rs / 1e6,
                dec_ours / dec_rs
            );
        }
    }
    let geo = |v: &[f64]| (v.iter().map(|x| x.ln()).sum::<f64>() / v.len().max(1) as f64).exp();
    println!(
        "geometric mean of whatenc/encoding_rs: decode {:.2} over {} pairs, encode {:.2} over {} pairs",
        geo(&dec_ratios),
        dec_ratios.len(),
        geo(&enc_ratios),
        enc_ratios.len()
    );
}

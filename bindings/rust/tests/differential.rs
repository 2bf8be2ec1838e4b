//! Differential tests against encoding_rs: every encoding, decoding and
//! encoding, on slices of the Wikipedia corpus and on random inputs, with
//! random chunk splits and output buffer sizes.  Both sides implement the
//! WHATWG Encoding Standard, so any difference is a bug on one side.

mod common;

use common::*;
use whatenc::{BomHandling, CoderResult, Decoder, DecoderMode, DecoderResult, Encoder, EncoderMode, EncoderResult, Encoding};

fn rs(e: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(e.name().as_bytes()).unwrap_or_else(|| panic!("encoding_rs has no {e}"))
}

/// Ours, streaming: `bytes` in chunks at `cuts`, UTF-8 output through a
/// `dst`-byte buffer.  Returns the text and whether anything was replaced.
fn decode_chunked(e: Encoding, bom: BomHandling, bytes: &[u8], cuts: &[usize], dst: usize) -> (String, bool, Encoding) {
    let mut d = Decoder::new(e, bom, DecoderMode::Replacement);
    let mut out = String::new();
    let mut buf = vec![0u8; dst];
    let mut replaced = false;
    let mut prev = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        let mut src = &bytes[prev..cut];
        loop {
            let (res, read, written, rep) = d.decode_to_utf8(src, &mut buf, last);
            replaced |= rep;
            let piece = std::str::from_utf8(&buf[..written])
                .unwrap_or_else(|err| panic!("{e}: a call wrote invalid UTF-8 ({err}): {:x?}", &buf[..written]));
            out.push_str(piece);
            src = &src[read..];
            if res == CoderResult::InputEmpty {
                assert!(src.is_empty(), "{e}: InputEmpty with {} bytes unread", src.len());
                break;
            }
        }
        prev = cut;
    }
    (out, replaced, d.encoding())
}

/// Ours, streaming to UTF-16.
fn decode_utf16_chunked(e: Encoding, bytes: &[u8], cuts: &[usize], dst: usize) -> (Vec<u16>, bool) {
    let mut d = Decoder::new(e, BomHandling::Keep, DecoderMode::Replacement);
    let mut out = vec![];
    let mut buf = vec![0u16; dst];
    let mut replaced = false;
    let mut prev = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        let mut src = &bytes[prev..cut];
        loop {
            let (res, read, written, rep) = d.decode_to_utf16(src, &mut buf, last);
            replaced |= rep;
            out.extend_from_slice(&buf[..written]);
            src = &src[read..];
            if res == CoderResult::InputEmpty {
                break;
            }
        }
        prev = cut;
    }
    (out, replaced)
}

/// Ours, fatal mode, streaming: the text with U+FFFD where each error was
/// reported, and the errors' stream ranges.
fn decode_fatal_chunked(e: Encoding, bytes: &[u8], cuts: &[usize]) -> (String, Vec<std::ops::Range<u64>>) {
    let mut d = Decoder::new(e, BomHandling::Keep, DecoderMode::Fatal);
    let mut out = String::with_capacity(64);
    let mut errors = vec![];
    let mut prev = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        let mut src = &bytes[prev..cut];
        loop {
            out.reserve(16);
            let (res, read) = d.decode_to_string_without_replacement(src, &mut out, last);
            src = &src[read..];
            match res {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(m) => {
                    out.push('\u{FFFD}');
                    errors.push(m.range);
                }
            }
        }
        prev = cut;
    }
    (out, errors)
}

/// encoding_rs, fatal mode, in one call per error: the text with U+FFFD per
/// error, and the errors' stream ranges.
fn rs_decode_fatal(e: &'static encoding_rs::Encoding, bytes: &[u8]) -> (String, Vec<std::ops::Range<u64>>) {
    let mut d = e.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(d.max_utf8_buffer_length_without_replacement(bytes.len()).unwrap() + 16);
    let mut errors = vec![];
    let mut src = bytes;
    let mut consumed = 0u64;
    loop {
        let (res, read) = d.decode_to_string_without_replacement(src, &mut out, true);
        consumed += read as u64;
        src = &src[read..];
        match res {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => out.reserve(64),
            encoding_rs::DecoderResult::Malformed(len, after) => {
                let end = consumed - after as u64;
                errors.push(end - len as u64..end);
                out.push('\u{FFFD}');
                out.reserve(8);
            }
        }
    }
    (out, errors)
}

/// Compares everything decoding `bytes` as `e` can differ in.
fn check_decode(f: &mut Failures, e: Encoding, bytes: &[u8], rng: &mut Rng, what: &str) {
    let r = rs(e);
    let (want, want_err) = r.decode_without_bom_handling(bytes);

    let cuts = cuts(rng, bytes.len());
    let dst = dst_size(rng, 4);
    let (got, got_err, _) = decode_chunked(e, BomHandling::Keep, bytes, &cuts, dst);
    if got != want || got_err != want_err {
        let at = first_diff(got.as_bytes(), want.as_bytes());
        f.add(format!(
            "decode {e} ({what}), chunks at {cuts:?}, dst {dst}: input {}\n  encoding_rs: {} (errors {want_err})\n  whatenc:     {} (errors {got_err})",
            hex_around(bytes, at.min(bytes.len())),
            text_around(&want, at),
            text_around(&got, at)
        ));
        return;
    }

    // One-shot with BOM sniffing, as encoding_rs's Encoding::decode.
    let (want, want_enc, want_err) = r.decode(bytes);
    let (got, got_enc, got_err) = e.decode(bytes);
    if got != want || got_enc.name() != want_enc.name() || got_err != want_err {
        let at = first_diff(got.as_bytes(), want.as_bytes());
        f.add(format!(
            "Encoding::decode {e} ({what}): input {}\n  encoding_rs: {} {} (errors {want_err})\n  whatenc:     {} {} (errors {got_err})",
            hex_around(bytes, 0),
            want_enc.name(),
            text_around(&want, at),
            got_enc,
            text_around(&got, at)
        ));
    }

    // UTF-16 output.
    let want16: Vec<u16> = r.decode_without_bom_handling(bytes).0.encode_utf16().collect();
    let cuts = common::cuts(rng, bytes.len());
    let dst = dst_size(rng, 2);
    let (got16, _) = decode_utf16_chunked(e, bytes, &cuts, dst);
    if got16 != want16 {
        let at = first_diff(&got16, &want16);
        f.add(format!(
            "decode_to_utf16 {e} ({what}), chunks at {cuts:?}, dst {dst}: input {}\n  encoding_rs: {:04x?}\n  whatenc:     {:04x?}",
            hex_around(bytes, 0),
            &want16[at..(at + 8).min(want16.len())],
            &got16[at..(at + 8).min(got16.len())]
        ));
    }

    // Fatal mode: the same text with U+FFFD at each error, and the same
    // error positions as encoding_rs reports.
    let (want_text, want_errors) = rs_decode_fatal(r, bytes);
    let cuts = common::cuts(rng, bytes.len());
    let (got_text, got_errors) = decode_fatal_chunked(e, bytes, &cuts);
    if got_text != want_text {
        let at = first_diff(got_text.as_bytes(), want_text.as_bytes());
        f.add(format!(
            "fatal decode {e} ({what}), chunks at {cuts:?}: input {}\n  encoding_rs: {}\n  whatenc:     {}",
            hex_around(bytes, 0),
            text_around(&want_text, at),
            text_around(&got_text, at)
        ));
    } else if got_errors != want_errors {
        let i = first_diff(&got_errors, &want_errors);
        let at = want_errors.get(i).or(got_errors.get(i)).map_or(0, |r| r.start as usize);
        f.add(format!(
            "fatal decode {e} ({what}): malformed ranges differ at error {i}: input {}\n  encoding_rs: {:?}\n  whatenc:     {:?}",
            hex_around(bytes, at.min(bytes.len())),
            &want_errors[i.min(want_errors.len())..(i + 3).min(want_errors.len())],
            &got_errors[i.min(got_errors.len())..(i + 3).min(got_errors.len())],
        ));
    }
}

/// Ours, HTML mode, UTF-8 input split at character boundaries near `cuts`.
fn encode_chunked(e: Encoding, text: &str, cuts: &[usize], dst: usize) -> (Vec<u8>, bool) {
    let mut enc = Encoder::new(e, EncoderMode::Html);
    let mut out = vec![];
    let mut buf = vec![0u8; dst];
    let mut replaced = false;
    let mut prev = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        let mut cut = cut.max(prev);
        while !text.is_char_boundary(cut) {
            cut += 1;
        }
        let mut src = &text[prev..cut];
        loop {
            let (res, read, written, rep) = enc.encode_from_utf8(src, &mut buf, last);
            replaced |= rep;
            out.extend_from_slice(&buf[..written]);
            src = &src[read..];
            if res == CoderResult::InputEmpty {
                break;
            }
        }
        prev = cut;
    }
    (out, replaced)
}

/// Ours, HTML mode, UTF-16 input split anywhere (pairs too).
fn encode_utf16_chunked(e: Encoding, text: &[u16], cuts: &[usize], dst: usize) -> Vec<u8> {
    let mut enc = Encoder::new(e, EncoderMode::Html);
    let mut out = vec![];
    let mut buf = vec![0u8; dst];
    let mut prev = 0;
    for (i, &cut) in cuts.iter().enumerate() {
        let last = i + 1 == cuts.len();
        let mut src = &text[prev..cut];
        loop {
            let (res, read, written, _) = enc.encode_from_utf16(src, &mut buf, last);
            out.extend_from_slice(&buf[..written]);
            src = &src[read..];
            if res == CoderResult::InputEmpty {
                break;
            }
        }
        prev = cut;
    }
    out
}

/// Fatal mode: output bytes and the unmappable characters in order.
fn encode_fatal(e: Encoding, text: &str) -> (Vec<u8>, Vec<char>) {
    let mut enc = Encoder::new(e, EncoderMode::Fatal);
    let mut out = Vec::with_capacity(enc.max_buffer_length_from_utf8(text.len()).unwrap());
    let mut bad = vec![];
    let mut src = text;
    loop {
        let (res, read) = enc.encode_from_utf8_to_vec_without_replacement(src, &mut out, true);
        src = &src[read..];
        match res {
            EncoderResult::InputEmpty => break,
            EncoderResult::OutputFull => out.reserve(64),
            EncoderResult::Unmappable(c) => bad.push(c),
        }
    }
    (out, bad)
}

fn rs_encode_fatal(e: &'static encoding_rs::Encoding, text: &str) -> (Vec<u8>, Vec<char>) {
    let mut enc = e.new_encoder();
    let mut out = Vec::with_capacity(enc.max_buffer_length_from_utf8_without_replacement(text.len()).unwrap() + 16);
    let mut bad = vec![];
    let mut src = text;
    loop {
        let (res, read) = enc.encode_from_utf8_to_vec_without_replacement(src, &mut out, true);
        src = &src[read..];
        match res {
            encoding_rs::EncoderResult::InputEmpty => break,
            encoding_rs::EncoderResult::OutputFull => out.reserve(64),
            encoding_rs::EncoderResult::Unmappable(c) => bad.push(c),
        }
    }
    (out, bad)
}

fn check_encode(f: &mut Failures, e: Encoding, text: &str, rng: &mut Rng, what: &str) {
    let r = rs(e);
    let (want, want_enc, want_unm) = r.encode(text);
    let (got, got_enc, got_unm) = e.encode(text);
    if got != want || got_enc.name() != want_enc.name() || got_unm != want_unm {
        let at = first_diff(&got, &want);
        f.add(format!(
            "Encoding::encode {e} ({what}): text {}\n  encoding_rs: {} {:x?} (unmappable {want_unm})\n  whatenc:     {} {:x?} (unmappable {got_unm})",
            text_around(text, 0),
            want_enc.name(),
            &want[at.min(want.len())..(at + 24).min(want.len())],
            got_enc,
            &got[at.min(got.len())..(at + 24).min(got.len())],
        ));
        return;
    }

    let cuts = cuts(rng, text.len());
    let dst = dst_size(rng, 13);
    let (got, got_unm) = encode_chunked(e, text, &cuts, dst);
    if got != *want || got_unm != want_unm {
        let at = first_diff(&got, &want);
        f.add(format!(
            "encode_from_utf8 {e} ({what}), chunks at {cuts:?}, dst {dst}: text {}\n  encoding_rs: {:x?}\n  whatenc:     {:x?}",
            text_around(text, 0),
            &want[at.min(want.len())..(at + 24).min(want.len())],
            &got[at.min(got.len())..(at + 24).min(got.len())],
        ));
    }

    let utf16: Vec<u16> = text.encode_utf16().collect();
    let cuts = common::cuts(rng, utf16.len());
    let dst = dst_size(rng, 13);
    let got = encode_utf16_chunked(e, &utf16, &cuts, dst);
    if got != *want {
        let at = first_diff(&got, &want);
        f.add(format!(
            "encode_from_utf16 {e} ({what}), chunks at {cuts:?}, dst {dst}: text {}\n  encoding_rs: {:x?}\n  whatenc:     {:x?}",
            text_around(text, 0),
            &want[at.min(want.len())..(at + 24).min(want.len())],
            &got[at.min(got.len())..(at + 24).min(got.len())],
        ));
    }

    let (want, want_bad) = rs_encode_fatal(r, text);
    let (got, got_bad) = encode_fatal(e, text);
    if got != want || got_bad != want_bad {
        let at = first_diff(&got, &want);
        f.add(format!(
            "fatal encode {e} ({what}): text {}\n  encoding_rs: {:x?} unmappable {:?}\n  whatenc:     {:x?} unmappable {:?}",
            text_around(text, 0),
            &want[at.min(want.len())..(at + 24).min(want.len())],
            &want_bad[..want_bad.len().min(8)],
            &got[at.min(got.len())..(at + 24).min(got.len())],
            &got_bad[..got_bad.len().min(8)],
        ));
    }
}

/// The bytes a page has in `e` (UTF-16 written as such; replacement gets
/// the page's UTF-8).
fn bytes_in(e: Encoding, text: &str) -> Vec<u8> {
    match e {
        Encoding::UTF_16LE => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
        Encoding::UTF_16BE => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        _ => rs(e).encode(text).0.into_owned(),
    }
}

const SLICE: usize = 6 * 1024;

#[test]
fn corpus_decode() {
    let mut f = Failures::default();
    for (name, text) in corpus() {
        let mut rng = Rng::new(seed_of(&name));
        let text = slice_of(&text, &mut rng, SLICE);
        for e in Encoding::all() {
            check_decode(&mut f, e, &bytes_in(e, text), &mut rng, &format!("{name} in {e}"));
            // The UTF-8 bytes read as every encoding: mostly errors and
            // unusual sequences.
            check_decode(&mut f, e, &text.as_bytes()[..text.len().min(1024)], &mut rng, &format!("{name} as UTF-8 bytes"));
        }
    }
    f.check("decoding the corpus");
}

#[test]
fn corpus_encode() {
    let mut f = Failures::default();
    for (name, text) in corpus() {
        let mut rng = Rng::new(seed_of(&name) ^ 1);
        let text = slice_of(&text, &mut rng, SLICE);
        for e in Encoding::all() {
            check_encode(&mut f, e, text, &mut rng, &name);
        }
    }
    f.check("encoding the corpus");
}

#[test]
fn random_decode() {
    let mut f = Failures::default();
    for e in Encoding::all() {
        let mut rng = Rng::new(seed_of(e.name()));
        for i in 0..300 {
            let bytes = random_bytes(&mut rng, if i % 10 == 0 { 2000 } else { 40 });
            check_decode(&mut f, e, &bytes, &mut rng, "random bytes");
        }
    }
    f.check("decoding random bytes");
}

#[test]
fn random_encode() {
    let mut f = Failures::default();
    for e in Encoding::all() {
        let mut rng = Rng::new(seed_of(e.name()) ^ 2);
        let r = rs(e);
        for i in 0..300 {
            let text = random_text(&mut rng, if i % 10 == 0 { 1000 } else { 30 }, r);
            check_encode(&mut f, e, &text, &mut rng, "random text");
        }
    }
    f.check("encoding random text");
}

#[test]
fn round_trip_of_decodable_text() {
    // Text decoded from random bytes re-encodes to an encoding_rs-identical
    // result (it is mostly mappable, unlike random_text's code points).
    let mut f = Failures::default();
    for e in Encoding::all() {
        let mut rng = Rng::new(seed_of(e.name()) ^ 3);
        for _ in 0..200 {
            let bytes = random_bytes(&mut rng, 60);
            let (text, _) = rs(e).decode_without_bom_handling(&bytes);
            check_encode(&mut f, e, &text, &mut rng, "decoded random bytes");
        }
    }
    f.check("re-encoding decoded text");
}

/// Every byte pair with a high first byte (each followed by a newline, so
/// errors restore and resynchronise), for every encoding: the whole of the
/// two-byte index space of the CJK encodings, and gb18030's four-byte
/// ranges on a grid.
#[test]
fn every_byte_pair() {
    let mut f = Failures::default();
    let mut pairs = vec![];
    for lead in 0x80..=0xFFu8 {
        for trail in 0..=0xFFu8 {
            pairs.extend_from_slice(&[lead, trail, b'\n']);
        }
    }
    let mut four = vec![];
    for b1 in (0x81..=0xFEu8).step_by(3) {
        for b2 in 0x30..=0x39u8 {
            for b3 in (0x81..=0xFEu8).step_by(5) {
                four.extend_from_slice(&[b1, b2, b3, 0x30 + (b1 ^ b3) % 10, b'\n']);
            }
        }
    }
    let mut escapes = vec![];
    for a in 0x20..=0x7Fu8 {
        for b in 0x20..=0x7Fu8 {
            escapes.extend_from_slice(&[0x1B, a, b, 0x30 + a % 64, 0x21 + b % 90, b'\n']);
        }
    }
    for e in Encoding::all() {
        let mut rng = Rng::new(seed_of(e.name()) ^ 4);
        check_decode(&mut f, e, &pairs, &mut rng, "every byte pair");
        if e == Encoding::GB18030 || e == Encoding::GBK {
            check_decode(&mut f, e, &four, &mut rng, "four-byte grid");
        }
        if e == Encoding::ISO_2022_JP {
            check_decode(&mut f, e, &escapes, &mut rng, "escape sequences");
        }
    }
    f.check("decoding every byte pair");
}

/// Every code point of the BMP but surrogates, and the first and last of
/// the astral planes, encoded in every encoding.
#[test]
fn every_code_point() {
    let mut f = Failures::default();
    let mut text: String = (0x80..=0xFFFFu32).filter_map(char::from_u32).collect();
    text.extend((0x10000..0x10100u32).chain(0x20000..0x20100).chain(0x10FF00..=0x10FFFF).filter_map(char::from_u32));
    for e in Encoding::all() {
        let mut rng = Rng::new(seed_of(e.name()) ^ 5);
        check_encode(&mut f, e, &text, &mut rng, "every code point");
    }
    f.check("encoding every code point");
}

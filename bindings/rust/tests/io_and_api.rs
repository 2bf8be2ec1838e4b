//! The std::io adapters and the API's edges, against encoding_rs where
//! there is something to compare.

mod common;

use common::*;
use std::borrow::Cow;
use std::cell::Cell;
use std::io::{self, BufRead, Read, Write};
use std::rc::Rc;
use whatenc::{BomHandling, CoderResult, DecodeReader, Decoder, DecoderMode, EncodeWriter, Encoder, EncoderMode, Encoding};

fn rs(e: Encoding) -> &'static encoding_rs::Encoding {
    encoding_rs::Encoding::for_label(e.name().as_bytes()).unwrap()
}

/// A reader that hands out its bytes a few at a time.
struct Trickle<'a> {
    data: &'a [u8],
    rng: Rng,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = (1 + self.rng.below(40)).min(self.data.len()).min(buf.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

fn inputs() -> Vec<(String, Vec<u8>, Encoding)> {
    let mut v = vec![];
    let mut rng = Rng::new(7);
    for (name, text) in corpus().into_iter().step_by(3) {
        let text = slice_of(&text, &mut rng, 3000).to_owned();
        for e in Encoding::all() {
            let bytes = match e {
                Encoding::UTF_16LE => text.encode_utf16().flat_map(u16::to_le_bytes).collect(),
                Encoding::UTF_16BE => text.encode_utf16().flat_map(u16::to_be_bytes).collect(),
                _ => rs(e).encode(&text).0.into_owned(),
            };
            v.push((name.clone(), bytes, e));
        }
    }
    for e in Encoding::all() {
        for _ in 0..20 {
            v.push(("random".into(), random_bytes(&mut rng, 300), e));
        }
    }
    v
}

#[test]
fn decode_reader_matches_encoding_rs() {
    let mut f = Failures::default();
    for (i, (name, bytes, e)) in inputs().into_iter().enumerate() {
        let (want, want_enc, _) = rs(e).decode(&bytes);
        let mut r = DecodeReader::new(Trickle { data: &bytes, rng: Rng::new(i as u64) }, e);
        let mut got = String::new();
        r.read_to_string(&mut got).unwrap();
        if got != want || r.decoder().encoding().name() != want_enc.name() {
            let at = first_diff(got.as_bytes(), want.as_bytes());
            f.add(format!(
                "DecodeReader {e} ({name}): input {}\n  encoding_rs: {}\n  whatenc:     {}",
                hex_around(&bytes, 0),
                text_around(&want, at),
                text_around(&got, at)
            ));
        }
    }
    f.check("DecodeReader");
}

#[test]
fn decode_reader_is_a_bufread() {
    let r = DecodeReader::new(&b"\xff\xfea\0\n\0b\0"[..], Encoding::WINDOWS_1252);
    let lines: Vec<String> = r.lines().collect::<Result<_, _>>().unwrap();
    assert_eq!(lines, ["a", "b"]);
}

#[test]
fn fatal_decode_reader_reports_and_continues() {
    let d = Decoder::new(Encoding::UTF_8, BomHandling::Keep, DecoderMode::Fatal);
    let mut r = DecodeReader::with_decoder(&b"ab\xffcd"[..], d);
    let mut buf = [0u8; 16];
    assert_eq!(r.read(&mut buf).unwrap(), 2);
    assert_eq!(&buf[..2], b"ab");
    let err = r.read(&mut buf).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    assert!(err.to_string().contains("2..3"), "{err}");
    let mut rest = String::new();
    r.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "cd");
}

#[test]
fn encode_writer_matches_encoding_rs() {
    let mut f = Failures::default();
    let mut rng = Rng::new(11);
    let mut texts: Vec<(String, String)> = corpus()
        .into_iter()
        .step_by(2)
        .map(|(n, t)| (n, slice_of(&t, &mut rng, 3000).to_owned()))
        .collect();
    for e in Encoding::all() {
        for _ in 0..5 {
            texts.push((format!("random for {e}"), random_text(&mut rng, 200, rs(e))));
        }
    }
    for (name, text) in &texts {
        for e in Encoding::all() {
            let (want, _, _) = rs(e).encode(text);
            let mut w = EncodeWriter::new(Vec::new(), e);
            // Writes split anywhere, inside characters too.
            let bytes = text.as_bytes();
            let mut p = 0;
            while p < bytes.len() {
                let n = (1 + rng.below(50)).min(bytes.len() - p);
                w.write_all(&bytes[p..p + n]).unwrap();
                p += n;
            }
            let got = w.finish().unwrap();
            if got != *want {
                let at = first_diff(&got, &want);
                f.add(format!(
                    "EncodeWriter {e} ({name}): text {}\n  encoding_rs: {:x?}\n  whatenc:     {:x?}",
                    text_around(text, 0),
                    &want[at.min(want.len())..(at + 24).min(want.len())],
                    &got[at.min(got.len())..(at + 24).min(got.len())]
                ));
            }
        }
    }
    f.check("EncodeWriter");
}

#[test]
fn encode_writer_finishes_on_drop_and_reports_unmappables() {
    let mut out = Vec::new();
    {
        let mut w = EncodeWriter::new(&mut out, Encoding::ISO_2022_JP);
        w.write_all("日".as_bytes()).unwrap();
    }
    assert_eq!(out, rs(Encoding::ISO_2022_JP).encode("日").0.as_ref());

    // The write that reaches an unmappable character takes it, the next
    // call reports it, and writing goes on after it.
    let mut w = EncodeWriter::with_encoder(Vec::new(), Encoder::new(Encoding::WINDOWS_1252, EncoderMode::Fatal));
    let err = w.write_all("a☃b".as_bytes()).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::InvalidData);
    assert!(err.to_string().contains("U+2603"), "{err}");
    w.write_all(b"b").unwrap();
    assert_eq!(w.write("c€☃d".as_bytes()).unwrap(), 7, "up to and including the snowman");
    let err = w.flush().unwrap_err();
    assert!(err.to_string().contains("U+2603"), "{err}");
    w.flush().unwrap();
    w.write_all(b"d\xe2").unwrap(); // a sequence that the end of the stream cuts
    assert_eq!(w.get_ref(), b"abc\x80");
    let err = w.finish().unwrap_err();
    assert!(err.to_string().contains("U+FFFD"), "{err}");
}

/// A writer that fails as told: `fail` errors of `kind` before each
/// success, taking at most `max` bytes a write.
struct Flaky {
    got: Vec<u8>,
    fail: usize,
    left: usize,
    kind: io::ErrorKind,
    max: usize,
}

impl Flaky {
    fn new(fail: usize, kind: io::ErrorKind, max: usize) -> Self {
        Flaky { got: Vec::new(), fail, left: fail, kind, max }
    }
}

impl Write for Flaky {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.left > 0 {
            self.left -= 1;
            return Err(io::Error::new(self.kind, "flaky"));
        }
        self.left = self.fail;
        let n = buf.len().min(self.max);
        self.got.extend_from_slice(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.left > 0 {
            self.left -= 1;
            return Err(io::Error::new(self.kind, "flaky"));
        }
        Ok(())
    }
}

#[test]
fn encode_writer_keeps_what_a_failing_writer_did_not_take() {
    let text: String = "Привет, мир! ".repeat(3000); // 69,000 bytes of KOI8-R: the buffer fills
    let (want, _, _) = rs(Encoding::KOI8_R).encode(&text);
    for (fail, kind, max) in [
        (2, io::ErrorKind::WouldBlock, usize::MAX),
        (1, io::ErrorKind::Interrupted, 1000),
        (3, io::ErrorKind::BrokenPipe, 777),
        (2, io::ErrorKind::Other, 1),
    ] {
        // An error after a write took some input returns what it took (the
        // error comes again at the next call): with two errors in a row or
        // more, some write returns one. Interrupted is retried inside.
        let mut w = EncodeWriter::new(Flaky::new(fail, kind, max), Encoding::KOI8_R);
        let mut rest = text.as_bytes();
        let mut errors = 0;
        while !rest.is_empty() {
            match w.write(&rest[..rest.len().min(5000)]) {
                Ok(n) => rest = &rest[n..],
                Err(e) => {
                    assert_eq!(e.kind(), kind);
                    errors += 1;
                    assert!(errors < 1_000_000, "no progress");
                }
            }
        }
        let inner = loop {
            match w.flush() {
                Ok(()) => break w.finish().unwrap(),
                Err(e) => assert_eq!(e.kind(), kind),
            }
        };
        assert!(inner.got == *want, "{kind:?}: {} bytes, want {}", inner.got.len(), want.len());
        if kind != io::ErrorKind::Interrupted {
            assert!(errors > 0, "{kind:?}: the writer never failed a write");
        }
    }
}

#[test]
fn encode_writer_finishes_once() {
    // A writer whose flush fails: a failed finish drops it, unfinished,
    // without finishing again.
    struct FailingFlush(Rc<Cell<usize>>);
    impl Write for FailingFlush {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.0.set(self.0.get() + 1);
            Err(io::Error::other("flush"))
        }
    }
    let flushes = Rc::new(Cell::new(0));
    let mut w = EncodeWriter::new(FailingFlush(flushes.clone()), Encoding::ISO_2022_JP);
    w.write_all("日本".as_bytes()).unwrap();
    assert!(w.finish().is_err());
    assert_eq!(flushes.get(), 1);
}

#[test]
fn invalid_utf8_written_encodes_as_replacement() {
    let mut w = EncodeWriter::new(Vec::new(), Encoding::WINDOWS_1252);
    w.write_all(b"a\xffb").unwrap();
    assert_eq!(w.finish().unwrap(), b"a&#65533;b");
}

#[test]
fn one_shot_borrows_when_it_can() {
    assert!(matches!(Encoding::UTF_8.decode(b"plain").0, Cow::Borrowed("plain")));
    assert!(matches!(Encoding::UTF_8.decode(b"\xef\xbb\xbfbom").0, Cow::Borrowed("bom")));
    assert!(matches!(Encoding::SHIFT_JIS.encode("ascii").0, Cow::Borrowed(b"ascii")));
    assert!(matches!(Encoding::ISO_2022_JP.encode("ascii").0, Cow::Borrowed(b"ascii")));
    // ISO-2022-JP cannot encode ESC, SO and SI: ASCII, but not as itself.
    for c in ['\u{1b}', '\u{e}', '\u{f}'] {
        let text = format!("a{c}b");
        assert_eq!(Encoding::ISO_2022_JP.encode(&text), (Cow::Borrowed(&b"a&#65533;b"[..]), Encoding::ISO_2022_JP, true));
    }
    assert!(matches!(Encoding::UTF_16BE.encode("ü").0, Cow::Borrowed(_)));
    assert_eq!(Encoding::WINDOWS_1252.decode_with_bom_removal(b"\xef\xbb\xbfx").0, "ï»¿x");
    assert_eq!(Encoding::UTF_8.decode_with_bom_removal(b"\xef\xbb\xbfx").0, "x");
    assert_eq!(Encoding::UTF_8.decode_without_bom_handling(b"\xef\xbb\xbfx").0, "\u{FEFF}x");
    assert_eq!(Encoding::UTF_8.decode_without_bom_handling_and_without_replacement(b"\xff"), None);
    assert_eq!(Encoding::BIG5.decode_without_bom_handling_and_without_replacement(b"\xa4\x40").as_deref(), Some("一"));
}

#[test]
fn labels_names_and_output_encodings_match_encoding_rs() {
    for e in Encoding::all() {
        let r = rs(e);
        assert_eq!(e.name(), r.name());
        assert_eq!(e.output_encoding().name(), r.output_encoding().name(), "{e}");
        assert_eq!(e.has_encoder(), e.output_encoding() == e, "{e}");
        assert_eq!(Encoding::from_id(e.id()), Some(e));
        assert_eq!(e.is_single_byte(), r.is_single_byte(), "{e}");
        assert_eq!(e.is_ascii_compatible(), r.is_ascii_compatible(), "{e}");
    }
    for label in ["unicode-1-1-utf-8", "x-sjis", "csISO2022JP", " GB2312 ", "iso-2022-kr", "ucs-2", "x-cp1253", "nonsense", "", "utf-16"] {
        assert_eq!(
            Encoding::for_label(label.as_bytes()).map(Encoding::name),
            encoding_rs::Encoding::for_label(label.as_bytes()).map(|e| e.name()),
            "label {label:?}"
        );
        assert_eq!(
            Encoding::for_label_no_replacement(label.as_bytes()).map(Encoding::name),
            encoding_rs::Encoding::for_label_no_replacement(label.as_bytes()).map(|e| e.name()),
            "label {label:?}"
        );
    }
    assert_eq!(Encoding::from_id(40), None);
    assert_eq!(format!("{:?}", Encoding::GBK), "Encoding { GBK }");
}

#[test]
fn bom_sniffing_decoder_tells_the_encoding() {
    let mut d = Encoding::WINDOWS_1252.new_decoder();
    let mut s = String::with_capacity(16);
    d.decode_to_string(b"\xfe\xff\0h", &mut s, false);
    assert_eq!(d.encoding(), Encoding::UTF_16BE);
    d.decode_to_string(b"\0i", &mut s, true);
    assert_eq!(s, "hi");
    // A finished stream starts over: no BOM now, so windows-1252.
    s.clear();
    d.decode_to_string(b"\xe9", &mut s, true);
    assert_eq!((s.as_str(), d.encoding()), ("é", Encoding::WINDOWS_1252));
}

#[test]
fn reset_forgets_partial_input() {
    let mut d = Encoding::UTF_8.new_decoder_without_bom_handling();
    let mut s = String::with_capacity(16);
    d.decode_to_string(b"\xe6\x97", &mut s, false);
    d.reset();
    assert_eq!(d.decode_to_string(b"x", &mut s, true), (CoderResult::InputEmpty, 1, false));
    assert_eq!(s, "x");

    let mut e = Encoder::new(Encoding::ISO_2022_JP, EncoderMode::Html);
    let mut v = Vec::with_capacity(32);
    e.encode_from_utf8_to_vec("日", &mut v, false);
    e.reset();
    v.clear();
    e.encode_from_utf8_to_vec("a", &mut v, true);
    assert_eq!(v, b"a");
}

#[test]
fn lengths_that_overflow_are_none() {
    let d = Encoding::UTF_16LE.new_decoder();
    assert_eq!(d.max_utf8_buffer_length(usize::MAX), None);
    assert_eq!(d.max_utf16_buffer_length(usize::MAX), None);
    assert!(d.max_utf8_buffer_length(10).unwrap() >= 15);
    let e = Encoding::GB18030.new_encoder();
    assert_eq!(e.max_buffer_length_from_utf8(usize::MAX), None);
    assert_eq!(e.max_buffer_length_from_utf16(usize::MAX / 2), None);
}

#[test]
fn handles_move_between_threads() {
    let mut d = Encoding::EUC_KR.new_decoder();
    let mut s = String::with_capacity(8);
    d.decode_to_string(b"\xc7", &mut s, false);
    let s = std::thread::spawn(move || {
        d.decode_to_string(b"\xd1", &mut s, true);
        s
    })
    .join()
    .unwrap();
    assert_eq!(s, "한");
}

#[test]
fn surrogate_pair_split_across_utf16_calls() {
    let mut e = Encoding::GB18030.new_encoder();
    let mut out = [0u8; 16];
    let units: Vec<u16> = "😀".encode_utf16().collect();
    let (_, read, written, _) = e.encode_from_utf16(&units[..1], &mut out, false);
    assert_eq!((read, written), (1, 0));
    let (_, _, written, _) = e.encode_from_utf16(&units[1..], &mut out, true);
    assert_eq!(&out[..written], rs(Encoding::GB18030).encode("😀").0.as_ref());
    // A lone surrogate encodes as U+FFFD would.
    let (_, _, written, unm) = e.encode_from_utf16(&[0xDC00], &mut out, true);
    assert_eq!((&out[..written], unm), (&rs(Encoding::GB18030).encode("\u{FFFD}").0[..], false));
}

/// The kernels libwhatenc chose, and what WHATENC_CPU allows in a child
/// process (the variable is read when the library is loaded).
#[test]
fn kernels_as_whatenc_cpu_allows() {
    let k = whatenc::kernels();
    assert!(["avx512", "avx2", "neon", "generic"].contains(&k), "{k}");
    if let Ok(v) = std::env::var("WHATENC_KERNELS_CHILD") {
        assert!(v == "generic" && k == "generic" || v == "avx2" && k != "avx512", "WHATENC_CPU={v}: {k}");
        return;
    }
    for v in ["generic", "avx2"] {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "kernels_as_whatenc_cpu_allows", "--nocapture"])
            .env("WHATENC_CPU", v)
            .env("WHATENC_KERNELS_CHILD", v)
            .output()
            .unwrap();
        assert!(out.status.success(), "WHATENC_CPU={v}: {}", String::from_utf8_lossy(&out.stdout));
    }
}

#[test]
fn encode_into_matches_the_standard() {
    // encodeInto's steps (section 7.4): each scalar value (a lone surrogate
    // is U+FFFD) is written whole if it fits, else encoding stops.
    fn model(src: &[u16], room: usize) -> (usize, usize, Vec<u8>) {
        let (mut read, mut out) = (0, Vec::new());
        for c in char::decode_utf16(src.iter().copied()) {
            let (c, units) = match c {
                Ok(c) => (c, c.len_utf16()),
                Err(_) => ('\u{FFFD}', 1),
            };
            if out.len() + c.len_utf8() > room {
                break;
            }
            out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
            read += units;
        }
        (read, out.len(), out)
    }
    let mut rng = Rng::new(17);
    let pool: [u16; 9] = [0x41, 0xE9, 0x3042, 0xD83D, 0xDE00, 0xD800, 0xDFFF, 0xFFFD, 0x7F];
    for _ in 0..20_000 {
        let src: Vec<u16> = (0..rng.below(12)).map(|_| pool[rng.below(pool.len())]).collect();
        let room = rng.below(3 * src.len() + 2);
        let mut dst = vec![0xAAu8; room + 8];
        let (read, written) = whatenc::encode_into(&src, &mut dst[..room]);
        let (want_read, want_written, want) = model(&src, room);
        assert_eq!((read, written), (want_read, want_written), "{src:x?} into {room} bytes");
        assert_eq!(&dst[..written], &want[..]);
        assert!(dst[room..].iter().all(|&b| b == 0xAA), "wrote past the slice");
    }
}

/// std's answer: the length if `b` is UTF-8, else where its first error
/// starts (for a sequence cut short at the end too, whose `error_len()` is
/// `None`).
fn std_utf8_valid_up_to(b: &[u8]) -> usize {
    std::str::from_utf8(b).map_or_else(|e| e.valid_up_to(), |s| s.len())
}

/// std's answer for UTF-16: the index of the first unit `char::decode_utf16`
/// returns an error for, else the length.
fn std_utf16_valid_up_to(units: &[u16]) -> usize {
    let mut at = 0;
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok(c) => at += c.len_utf16(),
            Err(_) => break,
        }
    }
    at
}

#[test]
fn utf8_valid_up_to_crafted() {
    for (bytes, want) in [
        (&b""[..], 0),
        (b"abc", 3),
        ("h\u{e9}llo \u{3042} \u{1F600}".as_bytes(), 15),
        (b"\xef\xbb\xbfabc", 6), // a BOM is a character like any other
        (b"\xff", 0),
        (b"a\xff", 1),
        (b"ab\x80cd", 2), // a continuation byte alone
        (b"ab\xe3\x81", 2), // cut short at the end
        (b"ab\xe3\x81c", 2), // cut short before another character
        (b"\xf0\x9f\x98", 0), // an emoji cut short
        (b"a\xc0\x80", 1), // overlong NUL
        (b"a\xc1\xbf", 1), // overlong U+007F
        (b"a\xe0\x80\xaf", 1), // overlong "/"
        (b"a\xf0\x8f\xbf\xbf", 1), // overlong U+FFFF
        (b"a\xed\xa0\x80", 1), // a surrogate, U+D800
        (b"a\xed\xbf\xbf", 1), // U+DFFF
        (b"a\xed\x9f\xbf", 4), // U+D7FF, just below them
        (b"a\xf4\x90\x80\x80", 1), // above U+10FFFF
        (b"a\xf4\x8f\xbf\xbf", 5), // U+10FFFF
        (b"a\xf5\x80\x80\x80", 1), // a lead byte of no sequence
        (b"\xef\xbf\xbe\xef\xbf\xbf", 6), // noncharacters are valid
    ] {
        assert_eq!(whatenc::utf8_valid_up_to(bytes), want, "{bytes:x?}");
        assert_eq!(std_utf8_valid_up_to(bytes), want, "std on {bytes:x?}");
    }
}

#[test]
fn utf8_valid_up_to_matches_std() {
    // Short inputs are answered in C, long ones (here up to 5000 bytes) in
    // the library's vector code: random bytes biased towards decoders'
    // edges, alone and after valid text of any length, so that errors fall
    // near the end of long inputs; valid text cut anywhere, inside
    // characters too.
    const EDGES: [u8; 27] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
        0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF,
    ];
    let mut rng = Rng::new(23);
    let mut texts: Vec<String> = corpus().into_iter().map(|(_, t)| slice_of(&t, &mut rng, 5000).to_owned()).collect();
    texts.push("a\u{e9}\u{416}\u{3042}\u{1F600}\u{10FFFF} ".repeat(300));
    texts.push("x".repeat(5000));
    let (mut f, mut errors, mut long) = (Failures::default(), 0, 0);
    for i in 0..30_000 {
        let text = texts[i % texts.len()].as_bytes();
        let noise: Vec<u8> = if i % 2 == 0 {
            random_bytes(&mut rng, 12)
        } else {
            (0..rng.below(12)).map(|_| EDGES[rng.below(EDGES.len())]).collect()
        };
        let mut input = match i % 4 {
            0 => Vec::new(),
            1 => text[..rng.below(text.len() + 1)].to_vec(), // cut anywhere
            _ => text[..std_utf8_valid_up_to(&text[..rng.below(text.len() + 1)])].to_vec(),
        };
        input.extend_from_slice(&noise);
        if i % 8 == 3 {
            input.extend_from_slice(&text[..rng.below(200).min(text.len())]);
        }
        let want = std_utf8_valid_up_to(&input);
        errors += (want < input.len()) as usize;
        long += (input.len() > 1000) as usize;
        let got = whatenc::utf8_valid_up_to(&input);
        if got != want {
            f.add(format!("input {}: whatenc {got}, std {want}", hex_around(&input, want.min(got))));
        }
    }
    f.check("utf8_valid_up_to");
    assert!(errors > 10_000 && long > 5_000, "{errors} inputs with errors, {long} long ones");
}

#[test]
fn utf8_valid_up_to_error_at_every_offset() {
    // One malformed sequence at each character boundary of a text longer
    // than a few vectors, and a sequence cut short by its end.
    let text = "ab\u{e9}\u{3042}\u{1F600}c".repeat(110); // 1,430 bytes
    let text = text.as_bytes();
    for bad in [&b"\xff"[..], b"\x80", b"\xc0\x80", b"\xe0\x9f\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe3\x81"] {
        for at in (0..=text.len()).filter(|&at| std::str::from_utf8(&text[..at]).is_ok()) {
            let input = [&text[..at], bad, &text[at..]].concat();
            assert_eq!(whatenc::utf8_valid_up_to(&input), at, "{bad:x?} at {at}");
            assert_eq!(std_utf8_valid_up_to(&input), at);
        }
    }
    for cut in [&b"\xc3"[..], b"\xe3\x81", b"\xf0\x9f\x98"] {
        let input = [text, cut].concat();
        assert_eq!(whatenc::utf8_valid_up_to(&input), text.len(), "{cut:x?} at the end");
        assert_eq!(std_utf8_valid_up_to(&input), text.len());
    }
}

#[test]
fn utf16_valid_up_to_crafted() {
    for (units, want) in [
        (&[][..], 0),
        (&[0x41, 0x42], 2),
        (&[0xD83D, 0xDE00], 2), // a pair
        (&[0x41, 0xD83D, 0xDE00, 0x42], 4),
        (&[0xDBFF, 0xDFFF, 0xD800, 0xDC00], 4),
        (&[0xFFFD, 0xFEFF, 0xFFFF, 0xE000, 0xD7FF], 5),
        (&[0xD800], 0), // a high surrogate at the end
        (&[0x41, 0xD800], 1),
        (&[0x41, 0xD83D, 0xDE00, 0xD83D], 3),
        (&[0xDC00], 0), // a low surrogate alone
        (&[0x41, 0xDFFF, 0x42], 1),
        (&[0x41, 0xD800, 0x42], 1), // a high surrogate before a non-surrogate
        (&[0x41, 0xD800, 0xD800, 0xDC00], 1), // two highs: the first is alone
        (&[0x41, 0xDC00, 0xD800], 1), // a low before a high: no pair
        (&[0xD83D, 0xDE00, 0xDE00], 2), // a low after a pair
    ] {
        assert_eq!(whatenc::utf16_valid_up_to(units), want, "{units:x?}");
        assert_eq!(std_utf16_valid_up_to(units), want, "std on {units:x?}");
    }
}

#[test]
fn utf16_valid_up_to_matches_std() {
    // Lone surrogates at every position of a text longer than a few
    // vectors (not between a pair's halves), then random units after valid
    // text of any length.
    let text: Vec<u16> = "h\u{e9}\u{3042}\u{1F600} ".repeat(250).encode_utf16().collect(); // 1,500 units
    assert_eq!(whatenc::utf16_valid_up_to(&text), text.len());
    for lone in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
        for at in 0..=text.len() {
            if at > 0 && (0xD800..0xDC00).contains(&text[at - 1]) {
                continue;
            }
            let input = [&text[..at], &[lone], &text[at..]].concat();
            assert_eq!(whatenc::utf16_valid_up_to(&input), at, "{lone:x} at {at}");
            assert_eq!(std_utf16_valid_up_to(&input), at);
        }
    }
    let pool: [u16; 14] = [0x00, 0x41, 0xE9, 0x3042, 0xD7FF, 0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF];
    let mut rng = Rng::new(29);
    let mut f = Failures::default();
    for _ in 0..30_000 {
        let mut input = text[..rng.below(text.len() + 1)].to_vec();
        input.extend((0..rng.below(10)).map(|_| pool[rng.below(pool.len())]));
        let (got, want) = (whatenc::utf16_valid_up_to(&input), std_utf16_valid_up_to(&input));
        if got != want {
            let from = want.min(got).saturating_sub(4);
            f.add(format!("{} units, from {from}: {:x?}: whatenc {got}, std {want}", input.len(), &input[from..(from + 10).min(input.len())]));
        }
    }
    f.check("utf16_valid_up_to");
}

//! Decodes and encodes one string through whatenc; exits non-zero if the
//! result is wrong (or, before main, if the loader cannot find the library).
fn main() {
    let sjis = whatenc::Encoding::for_label(b"sjis").expect("sjis is a label");
    let (text, _, errors) = sjis.decode(b"\x93\xfa\x96\x7b");
    assert_eq!((&*text, errors), ("日本", false));
    let (bytes, _, unmappable) = sjis.encode("日本");
    assert_eq!((&*bytes, unmappable), (&b"\x93\xfa\x96\x7b"[..], false));
    println!("{}", text);
}

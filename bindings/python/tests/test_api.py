"""The API: lookup, TextDecoder, TextEncoder, the hooks, errors and misuse."""

from __future__ import annotations

import array
import mmap
import pickle
import random
import sys

import pytest

import whatenc
from whatenc import DecodeError, EncodeError, TextDecoder, TextEncoder


def test_lookup_names_and_attributes() -> None:
    assert whatenc.lookup("  SJIS\n").name == "Shift_JIS"
    assert whatenc.lookup("latin1").name == "windows-1252"
    assert whatenc.lookup("utf8") is whatenc.lookup("UTF-8")
    e = whatenc.lookup("utf-16le")
    assert e.output_encoding is whatenc.lookup("utf-8") and not e.has_encoder
    r = whatenc.lookup("iso-2022-kr")
    assert r.name == "replacement" and r.output_encoding.name == "UTF-8"
    assert whatenc.lookup("gbk").output_encoding.name == "GBK"
    assert len(whatenc.encodings()) == 40
    assert [e.id for e in whatenc.encodings()] == list(range(40))
    assert pickle.loads(pickle.dumps(e)) is e
    with pytest.raises(AttributeError):
        e.name = "x"  # type: ignore[misc]


@pytest.mark.parametrize("label", ["nope", "utf-8\u00a0", "", "utf\x008"])
def test_unknown_labels(label: str) -> None:
    with pytest.raises(LookupError):
        whatenc.lookup(label)
    with pytest.raises(LookupError):
        TextDecoder(label)


def test_textdecoder_attributes() -> None:
    d = TextDecoder("SJIS", fatal=True, ignore_bom=True)
    assert (d.encoding, d.fatal, d.ignore_bom) == ("shift_jis", True, True)
    d = TextDecoder()
    assert (d.encoding, d.fatal, d.ignore_bom) == ("utf-8", False, False)
    assert d.decode() == ""
    with pytest.raises(LookupError):
        TextDecoder("replacement")
    with pytest.raises(LookupError):
        TextDecoder("csiso2022kr")


# The standard's BOM rules: TextDecoder strips its own encoding's BOM only.
@pytest.mark.parametrize(
    "label, data, ignore_bom, expected",
    [
        ("utf-8", b"\xef\xbb\xbfabc", False, "abc"),
        ("utf-8", b"\xef\xbb\xbfabc", True, "\ufeffabc"),
        ("utf-8", b"\xef\xbb\xbf\xef\xbb\xbfa", False, "\ufeffa"),
        ("utf-8", b"\xff\xfea\x00", False, "\ufffd\ufffda\x00"),
        ("utf-16le", b"\xff\xfea\x00", False, "a"),
        ("utf-16le", b"\xff\xfea\x00", True, "\ufeffa"),
        ("utf-16be", b"\xfe\xff\x00a", False, "a"),
        ("utf-16be", b"\xff\xfe\x00a", False, "\ufffea"),
        ("utf-16le", b"\xef\xbb\xbf", False, "\ubbef\ufffd"),
        ("windows-1252", b"\xef\xbb\xbfa", False, "\u00ef\u00bb\u00bfa"),
        ("shift_jis", b"\xef\xbb\xbf", False, "\ufffd\uff7f"),
    ],
)
def test_textdecoder_bom(label: str, data: bytes, ignore_bom: bool, expected: str) -> None:
    assert TextDecoder(label, ignore_bom=ignore_bom).decode(data) == expected


def test_textdecoder_bom_split_and_new_stream() -> None:
    d = TextDecoder()
    assert d.decode(b"\xef", stream=True) == ""
    assert d.decode(b"\xbb", stream=True) == ""
    assert d.decode(b"\xbfa") == "a"
    # A new stream after the last call: its BOM is removed again.
    assert d.decode(b"\xef\xbb\xbfb") == "b"
    assert d.decode(b"\xef\xbb\xbfc", stream=True) == "c"
    assert d.decode(b"\xef\xbb\xbfd", stream=True) == "\ufeffd"


# The legacy decode hook sniffs: the BOM wins over the fallback.
@pytest.mark.parametrize(
    "data, fallback, text, used",
    [
        (b"\xef\xbb\xbfabc", "windows-1252", "abc", "UTF-8"),
        (b"\xfe\xff\x00a", "utf-8", "a", "UTF-16BE"),
        (b"\xff\xfea\x00", "shift_jis", "a", "UTF-16LE"),
        (b"\xe9", "latin1", "\u00e9", "windows-1252"),
        (b"\x82\xa0", "sjis", "\u3042", "Shift_JIS"),
        (b"abc", "replacement", "\ufffd", "replacement"),
        (b"", "replacement", "", "replacement"),
        (b"\xff", "utf-8", "\ufffd", "UTF-8"),
    ],
)
def test_decode_hook(data: bytes, fallback: str, text: str, used: str) -> None:
    got, enc = whatenc.decode(data, fallback)
    assert (got, enc.name) == (text, used)


def test_decode_default_fallback() -> None:
    assert whatenc.decode(b"\xc3\xa9") == ("\u00e9", whatenc.lookup("utf-8"))


def test_fatal_decode_error() -> None:
    d = TextDecoder("utf-8", fatal=True)
    with pytest.raises(DecodeError) as info:
        d.decode(b"ab\xe3\x81cd")
    e = info.value
    assert isinstance(e, UnicodeDecodeError)
    assert (e.encoding, e.object, e.start, e.end, e.position) == ("utf-8", b"ab\xe3\x81cd", 2, 4, 2)
    assert d.decode(b"ok") == "ok"  # the decoder is usable afterwards


def test_fatal_error_position_across_chunks() -> None:
    d = TextDecoder("utf-8", fatal=True)
    assert d.decode(b"xyz\xe3", stream=True) == "xyz"
    with pytest.raises(DecodeError) as info:
        d.decode(b"\x81a")
    e = info.value
    # The object starts with the bytes the earlier call began the sequence
    # with, as Python's own incremental decoders do.
    assert (e.position, e.object, e.start, e.end) == (3, b"\xe3\x81a", 0, 2)
    assert d.decode(b"\xe3\x81\x82") == "\u3042"


def test_fatal_streaming_call_keeps_the_input_after_the_error() -> None:
    # Section 7.2: a streaming call's error keeps the I/O queue (the input
    # after the error) and the decoder; the call's text is thrown away
    # unserialized, so BOM seen is unchanged.
    d = TextDecoder("utf-8", fatal=True)
    with pytest.raises(DecodeError):
        d.decode(b"X\xffA", stream=True)
    assert d.decode(b"B") == "AB"
    with pytest.raises(DecodeError):
        d.decode(b"\xffA")  # not streaming: the next call starts afresh
    assert d.decode(b"B") == "B"
    with pytest.raises(DecodeError):
        d.decode(b"A\xff", stream=True)
    assert d.decode(b"\xef\xbb\xbfB") == "B"  # the first character serialized
    with pytest.raises(DecodeError):
        d.decode(b"\xff\xef\xbb", stream=True)
    assert d.decode(b"\xbfB", stream=True) == "B"
    assert d.decode(b"\xef\xbb\xbfC") == "\ufeffC"  # BOM seen
    le = TextDecoder("utf-16le", fatal=True)
    with pytest.raises(DecodeError) as info:
        le.decode(b"\x00\xd8\xff\xfe", stream=True)  # a lone lead surrogate
    assert info.value.position == 0
    assert le.decode(b"A\x00") == "A"
    d = TextDecoder("utf-8", fatal=True, ignore_bom=True)
    with pytest.raises(DecodeError):
        d.decode(b"\xff", stream=True)
    assert d.decode(b"\xef\xbb\xbfB\xe3", stream=True) == "\ufeffB"
    with pytest.raises(DecodeError) as info:
        d.decode(b"\x41")
    assert info.value.position == 5  # counts the input before the error


def test_fatal_shift_jis_restores_ascii() -> None:
    with pytest.raises(DecodeError) as info:
        TextDecoder("shift_jis", fatal=True).decode(b"a\x81 ")
    assert (info.value.start, info.value.end) == (1, 2)
    # Replacement mode: the standard puts the ASCII byte back.
    assert TextDecoder("shift_jis").decode(b"a\x81 ") == "a\ufffd "


def test_encode_hook() -> None:
    assert whatenc.encode("caf\u00e9 \u2603", "latin1") == b"caf\xe9 &#9731;"
    assert whatenc.encode("\u00e9", "utf-16le") == b"\xc3\xa9"  # output encoding: UTF-8
    assert whatenc.encode("\u00e9", "replacement") == b"\xc3\xa9"
    assert whatenc.encode("a\ud800b", "utf-8") == b"a\xef\xbf\xbdb"
    assert whatenc.encode("\ud83d\ude00", "utf-8") == "\U0001F600".encode()
    assert whatenc.encode("\u3042", "iso-2022-jp") == b'\x1b$B$"\x1b(B'
    assert whatenc.encode("", "gbk") == b""
    assert whatenc.encode("x\u4e00", "windows-1252", "xmlcharrefreplace") == b"x&#19968;"


def test_encode_long_text_through_utf16() -> None:
    # From _UTF16_FROM characters on, encode() in the HTML mode goes through
    # an encoder from UTF-16 instead of the one-shot call on UTF-8: both
    # give the same bytes, at the threshold and across it, in every
    # encoding with an encoder (ASCII, mapped, unmapped characters, an
    # emoji, a lone surrogate, a state change in ISO-2022-JP).
    from whatenc import _core
    piece = "ab \u00e9\u0416\u05d0\u0e01\u3042\u4e00\uac00\u00a5\U0001F600\u2603 "
    for e in whatenc.encodings():
        if not e.has_encoder:
            continue
        for n in (_core._UTF16_FROM - 1, _core._UTF16_FROM, 3 * _core._UTF16_FROM + 7):
            s = (piece * n)[:n]
            if s[-1] == "\ud83d":
                s = s[:-1] + "x"  # not a lone surrogate at the end here
            for t in (s, s[:n // 2] + "\ud800" + s[n // 2 + 1:]):
                assert whatenc.encode(t, e) == _core._encode_one_shot(t, e), (e.name, n)


def test_encode_strict() -> None:
    with pytest.raises(EncodeError) as info:
        whatenc.encode("ab\U0001F600c", "shift_jis", "strict")
    e = info.value
    assert isinstance(e, UnicodeEncodeError)
    assert (e.encoding, e.object, e.start, e.end, e.code_point) == (
        "shift_jis", "ab\U0001F600c", 2, 3, 0x1F600)
    assert e.object[e.start:e.end] == "\U0001F600"
    with pytest.raises(EncodeError) as info:
        whatenc.encode("\U0001F600x\u4e00", "latin1", "strict")
    assert (info.value.start, info.value.code_point) == (0, 0x1F600)
    with pytest.raises(EncodeError) as info:
        whatenc.encode("ab\x1b", "iso-2022-jp", "strict")
    assert (info.value.start, info.value.code_point) == (2, 0xFFFD)
    with pytest.raises(EncodeError) as info:
        whatenc.encode("\U0001F600a\ud800", "gbk", "strict")
    assert info.value.start == 0
    assert whatenc.encode("a\ud800", "gb18030", "strict") == b"a\x84\x31\xa4\x37"


def test_encode_other_handlers() -> None:
    assert whatenc.encode("x\u4e00y", "latin1", "replace") == b"x?y"
    assert whatenc.encode("x\u4e00y", "latin1", "ignore") == b"xy"
    assert whatenc.encode("x\u4e00y", "latin1", "backslashreplace") == b"x\\u4e00y"
    with pytest.raises(LookupError):
        whatenc.encode("x\u4e00", "latin1", "no-such-handler")


def test_textencoder() -> None:
    t = TextEncoder()
    assert t.encoding == "utf-8"
    assert t.encode() == b""
    assert t.encode("\u00e9\U0001F600") == "\u00e9\U0001F600".encode()
    assert t.encode("\ud83d") == b"\xef\xbf\xbd"
    assert t.encode("\ude00\ud83d") == b"\xef\xbf\xbd" * 2


def test_encode_into_resumes_by_str_index() -> None:
    t = TextEncoder()
    s = "a\U0001F600b\u00e9"
    buf = bytearray(4)
    assert t.encode_into(s, buf) == (1, 1)  # the emoji does not fit in 3 bytes
    read, written = t.encode_into(s, bytearray(5))
    assert (read, written) == (2, 5) and s[read:] == "b\u00e9"
    out = bytearray()
    rest = s
    while rest:
        chunk = bytearray(4)
        read, written = t.encode_into(rest, chunk)
        out += chunk[:written]
        rest = rest[read:]
    assert out == s.encode()
    assert t.encode_into("\ud800x", bytearray(10)) == (2, 4)
    # Lone surrogates that pair (one code point, four bytes) after a
    # character above U+FFFF: read counts the str's characters.
    s = "\U0001F600\ud83d\ude00ab"
    assert t.encode_into(s, bytearray(9)) == (4, 9) and s[4:] == "b"
    mv = memoryview(bytearray(8))[2:6]
    assert t.encode_into("abcdef", mv) == (4, 4) and mv.tobytes() == b"abcd"
    arr = array.array("B", bytes(3))
    assert t.encode_into("xyz", arr) == (3, 3) and arr.tobytes() == b"xyz"


def test_buffers_of_every_kind() -> None:
    data = "h\u00e9llo".encode()
    d = TextDecoder()
    for obj in (data, bytearray(data), memoryview(data), memoryview(bytearray(data)),
                array.array("B", data)):
        assert d.decode(obj) == "h\u00e9llo", type(obj)
    assert d.decode(memoryview(b"xaxbxc")[1::2]) == "abc"  # non-contiguous
    assert d.decode(memoryview(b"__ab__")[2:4]) == "ab"
    assert TextDecoder("utf-16le").decode(array.array("H", [0x61, 0x62])) == "ab" if (
        array.array("H", [1]).tobytes() == b"\x01\x00") else True
    with mmap.mmap(-1, 5) as m:
        m.write(data[:5])
        assert d.decode(m) == "h\u00e9ll"
    ba = bytearray(b"abc")
    d.decode(ba)
    ba.extend(b"d")  # the buffer was released: resizing works again
    assert whatenc.decode(bytearray(b"\xef\xbb\xbfz"), "latin1")[0] == "z"


@pytest.mark.parametrize(
    "call",
    [
        lambda: TextDecoder(5),  # type: ignore[arg-type]
        lambda: TextDecoder(b"utf-8"),  # type: ignore[arg-type]
        lambda: TextDecoder("utf-8", True),  # type: ignore[misc]
        lambda: TextDecoder().decode("text"),  # type: ignore[arg-type]
        lambda: TextDecoder().decode(42),  # type: ignore[arg-type]
        lambda: TextDecoder().decode([1, 2]),  # type: ignore[arg-type]
        lambda: TextDecoder().decode(b"x", True),  # type: ignore[misc]
        lambda: whatenc.lookup(None),  # type: ignore[arg-type]
        lambda: whatenc.decode("text"),  # type: ignore[arg-type]
        lambda: whatenc.decode(b"x", 1),  # type: ignore[arg-type]
        lambda: whatenc.encode(b"bytes", "utf-8"),  # type: ignore[arg-type]
        lambda: whatenc.encode("x", None),  # type: ignore[arg-type]
        lambda: whatenc.encode("x", "utf-8", None),  # type: ignore[arg-type]
        lambda: TextEncoder().encode(b"x"),  # type: ignore[arg-type]
        lambda: TextEncoder().encode_into("x", b"readonly"),
        lambda: TextEncoder().encode_into("x", memoryview(b"ro")),
        lambda: TextEncoder().encode_into(1, bytearray(2)),  # type: ignore[arg-type]
        lambda: TextEncoder().encode_into("x", "str"),
    ],
)
def test_misuse_raises_type_error(call) -> None:  # noqa: ANN001
    with pytest.raises(TypeError):
        call()


def test_errors_pickle() -> None:
    e = DecodeError("utf-8", b"\xff", 0, 1, "malformed input", 7)
    e2 = pickle.loads(pickle.dumps(e))
    assert (e2.object, e2.start, e2.end, e2.position) == (b"\xff", 0, 1, 7)
    f = EncodeError("gbk", "\U0001F600", 0, 1, "unmappable character", 0x1F600)
    assert pickle.loads(pickle.dumps(f)).code_point == 0x1F600


# --------------------------------------------------------------- validation


def _python_utf8_valid_up_to(data: bytes) -> int:
    """Python's own UTF-8 decoder's answer: where its first error starts (a
    sequence cut short at the end starts an error too), else the length."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        return e.start
    return len(data)


@pytest.mark.parametrize(
    "data, valid",
    [
        (b"", 0),
        (b"abc", 3),
        ("h\u00e9llo \u3042 \U0001F600".encode(), 15),
        (b"\xef\xbb\xbfabc", 6),  # a BOM is a character like any other
        (b"\xff", 0),
        (b"a\xff", 1),
        (b"ab\x80cd", 2),  # a continuation byte alone
        (b"ab\xe3\x81", 2),  # cut short at the end
        (b"ab\xe3\x81c", 2),  # cut short before another character
        (b"\xf0\x9f\x98", 0),
        (b"a\xc0\x80", 1),  # overlong NUL
        (b"a\xc1\xbf", 1),  # overlong U+007F
        (b"a\xe0\x80\xaf", 1),  # overlong "/"
        (b"a\xf0\x8f\xbf\xbf", 1),  # overlong U+FFFF
        (b"a\xed\xa0\x80", 1),  # a surrogate (U+D800)
        (b"a\xed\xbf\xbf", 1),  # U+DFFF
        (b"a\xed\x9f\xbf", 4),  # U+D7FF, just below them
        (b"a\xf4\x90\x80\x80", 1),  # above U+10FFFF
        (b"a\xf4\x8f\xbf\xbf", 5),  # U+10FFFF
        (b"a\xf5\x80\x80\x80", 1),
        (b"\xef\xbf\xbe\xef\xbf\xbf", 6),  # noncharacters are valid
    ],
)
def test_utf8_valid_up_to(data: bytes, valid: int) -> None:
    assert whatenc.utf8_valid_up_to(data) == valid
    assert _python_utf8_valid_up_to(data) == valid  # the same as Python's decoder
    assert whatenc.utf8_valid_up_to(bytearray(data)) == valid


def test_utf8_valid_up_to_error_at_every_offset_of_long_inputs() -> None:
    # Long inputs reach the library's vector code (short ones are answered
    # in C): errors at several offsets, near the end among them, in ASCII
    # and in multi-byte text, with every kind of malformed sequence.
    base = "x\u00e9\u3042\U0001F600 abc".encode()  # 14 bytes, four lengths of sequence
    text = (base * 800)[:10000]
    text = text[:_python_utf8_valid_up_to(text)]  # whole characters
    ascii_text = b"a" * 10000
    assert whatenc.utf8_valid_up_to(text) == len(text)
    assert whatenc.utf8_valid_up_to(ascii_text) == 10000
    for bad in (b"\xff", b"\x80", b"\xc0\x80", b"\xed\xa0\x80", b"\xe3\x81", b"\xf4\x90\x80\x80"):
        for good in (text, ascii_text):
            for at in (0, 1, 31, 32, 63, 64, 65, 1000, 4095, 4096, len(good) - 70,
                       len(good) - 33, len(good) - 5, len(good) - 1, len(good)):
                at = _python_utf8_valid_up_to(good[:at])  # a character boundary
                data = good[:at] + bad + good[at:]
                assert whatenc.utf8_valid_up_to(data) == at, (bad, at)
                assert _python_utf8_valid_up_to(data) == at
    # A sequence cut short by the very end of a long input.
    for cut in (b"\xc3", b"\xe3\x81", b"\xf0\x9f\x98"):
        assert whatenc.utf8_valid_up_to(ascii_text + cut) == 10000
        assert whatenc.utf8_valid_up_to(text + cut) == len(text)


def test_utf8_valid_up_to_matches_python_on_random_bytes() -> None:
    # Bytes biased towards UTF-8's edges: lead bytes of each length, the
    # ends of the continuation ranges that E0, ED, F0 and F4 narrow, bytes
    # that are never UTF-8; some inputs long, with the noise near the end.
    rng = random.Random(20261128)
    edges = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
             0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF8, 0xFE, 0xFF]
    valid_text = "a\u00e9\u0416\u3042\U0001F600\U0010FFFF ".encode()
    checked_errors = 0
    for i in range(20000):
        noise = bytes(rng.choice(edges) if rng.random() < 0.7 else rng.randrange(256)
                      for _ in range(rng.randrange(12)))
        if i % 10 == 0:
            lead = (valid_text * (1 + rng.randrange(300)))[: rng.randrange(3000)]
            data = lead + noise
        else:
            data = noise
        want = _python_utf8_valid_up_to(data)
        checked_errors += want < len(data)
        assert whatenc.utf8_valid_up_to(data) == want, data[-40:]
    assert checked_errors > 10000  # most inputs had an error to find


def test_utf8_valid_up_to_takes_any_buffer() -> None:
    data = b"ab\xe3\x81\x82c\xff"
    for obj in (data, bytearray(data), memoryview(data), array.array("B", data)):
        assert whatenc.utf8_valid_up_to(obj) == 6, type(obj)
    assert whatenc.utf8_valid_up_to(memoryview(b"_a\xffb_")[1:4]) == 1
    assert whatenc.utf8_valid_up_to(memoryview(b"xaxbx\xff")[1::2]) == 2  # non-contiguous
    with mmap.mmap(-1, 4) as m:
        m.write(b"ok\xc3\xa9")
        assert whatenc.utf8_valid_up_to(m) == 4
    for bad in ("text", 42, None, [0x61]):
        with pytest.raises(TypeError):
            whatenc.utf8_valid_up_to(bad)  # type: ignore[arg-type]


# UTF-16 in the machine's byte order, what utf16_valid_up_to reads.
_NATIVE_UTF16 = "utf-16-le" if sys.byteorder == "little" else "utf-16-be"


def _units(*values: int) -> array.array[int]:
    return array.array("H", values)


def _python_utf16_valid_up_to(units: array.array[int]) -> int:
    """Python's own UTF-16 decoder's answer, in code units: where its first
    error starts (a lone surrogate, a high one at the end), else the length."""
    try:
        units.tobytes().decode(_NATIVE_UTF16)
    except UnicodeDecodeError as e:
        return e.start // 2
    return len(units)


@pytest.mark.parametrize(
    "units, valid",
    [
        ((), 0),
        ((0x41, 0x42), 2),
        ((0xD83D, 0xDE00), 2),  # a pair
        ((0x41, 0xD83D, 0xDE00, 0x42), 4),
        ((0xDBFF, 0xDFFF, 0xD800, 0xDC00), 4),
        ((0xFFFD, 0xFEFF, 0xFFFF, 0xE000, 0xD7FF), 5),
        ((0xD800,), 0),  # a high surrogate at the end
        ((0x41, 0xD800), 1),
        ((0x41, 0xD83D, 0xDE00, 0xD83D), 3),
        ((0xDC00,), 0),  # a low surrogate alone
        ((0x41, 0xDFFF, 0x42), 1),
        ((0x41, 0xD800, 0x42), 1),  # a high surrogate before a non-surrogate
        ((0x41, 0xD800, 0xD800, 0xDC00), 1),  # two highs: the first is alone
        ((0x41, 0xDC00, 0xD800), 1),  # a low before a high: no pair
        ((0xD83D, 0xDE00, 0xDE00), 2),  # a low after a pair
    ],
)
def test_utf16_valid_up_to(units: tuple[int, ...], valid: int) -> None:
    arr = _units(*units)
    assert whatenc.utf16_valid_up_to(arr) == valid
    assert _python_utf16_valid_up_to(arr) == valid  # the same as Python's decoder
    assert whatenc.utf16_valid_up_to(arr.tobytes()) == valid
    assert whatenc.utf16_valid_up_to(memoryview(arr)) == valid


def test_utf16_valid_up_to_lone_surrogates_in_long_inputs() -> None:
    text = array.array("H", "h\u00e9\u3042\U0001F600 ".encode(_NATIVE_UTF16)) * 1000
    n = len(text)  # 6000 code units, with pairs throughout
    assert whatenc.utf16_valid_up_to(text) == n
    for lone in (0xD800, 0xDBFF, 0xDC00, 0xDFFF):
        for at in (0, 1, 15, 16, 17, 1000, 4096, n - 40, n - 17, n - 2, n - 1, n):
            if 0 < at < n and 0xD800 <= text[at - 1] <= 0xDBFF:
                at -= 1  # not between the halves of a pair
            data = text[:at] + _units(lone) + text[at:]
            assert whatenc.utf16_valid_up_to(data) == at, (hex(lone), at)
            assert _python_utf16_valid_up_to(data) == at
    # A high surrogate that ends the input; a pair's halves apart.
    assert whatenc.utf16_valid_up_to(text + _units(0xD83D)) == n
    assert whatenc.utf16_valid_up_to(text + _units(0xD83D, 0x41, 0xDE00)) == n
    assert whatenc.utf16_valid_up_to(text[:4] + text[5:]) == 3  # the emoji's low half gone
    assert whatenc.utf16_valid_up_to(text[:3] + text[4:]) == 3  # its high half gone


def test_utf16_valid_up_to_matches_python_on_random_units() -> None:
    rng = random.Random(1128)
    pool = [0x00, 0x41, 0xE9, 0x3042, 0xD7FF, 0xD800, 0xD83D, 0xDBFF, 0xDC00, 0xDE00, 0xDFFF,
            0xE000, 0xFFFD, 0xFFFF]
    for i in range(20000):
        units = _units(*(rng.choice(pool) for _ in range(rng.randrange(10))))
        if i % 10 == 0:
            units = _units(0x41, 0x3042) * rng.randrange(1000) + units
        assert whatenc.utf16_valid_up_to(units) == _python_utf16_valid_up_to(units), units[-10:]


def test_utf16_valid_up_to_buffers_and_misuse() -> None:
    arr = _units(0x61, 0xD83D, 0xDE00, 0xDC00)
    raw = arr.tobytes()
    assert whatenc.utf16_valid_up_to(bytearray(raw)) == 3
    # Misaligned memory (an odd offset into a buffer) is copied, not refused.
    assert whatenc.utf16_valid_up_to(memoryview(b"_" + raw)[1:]) == 3
    assert whatenc.utf16_valid_up_to(memoryview(bytearray(b"_" + raw))[1:]) == 3
    assert whatenc.utf16_valid_up_to(memoryview(arr)[::2]) == 1  # non-contiguous: 0x61, 0xDE00
    # A str's code units, as the binding hands a str to the library.
    s = "ok\U0001F600\udc00!"
    assert whatenc.utf16_valid_up_to(s.encode(_NATIVE_UTF16, "surrogatepass")) == 4
    with pytest.raises(ValueError):
        whatenc.utf16_valid_up_to(b"abc")  # not whole code units
    for bad in (s, 42, None, [0x61], array.array("I", [0x61]), array.array("d", [1.0])):
        with pytest.raises(TypeError):
            whatenc.utf16_valid_up_to(bad)  # type: ignore[arg-type]

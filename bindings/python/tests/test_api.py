"""The API: lookup, TextDecoder, TextEncoder, the hooks, errors and misuse."""

from __future__ import annotations

import array
import mmap
import pickle

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

"""register(): codec names, error handlers, files."""

from __future__ import annotations

import codecs
from typing import Any, Callable

import pytest

import whatenc

whatenc.register()


def test_register_is_idempotent() -> None:
    whatenc.register()
    whatenc.register()
    assert b"\x82\xa0".decode("whatwg-shift_jis") == "\u3042"


@pytest.mark.parametrize(
    "name, canonical",
    [
        ("whatwg-shift_jis", "shift_jis"),
        ("whatwg-Shift_JIS", "shift_jis"),
        ("whatwg-sjis", "shift_jis"),
        ("WHATWG-EUC-KR", "euc-kr"),
        ("whatwg-iso_8859-2:1987", "iso-8859-2"),
        ("whatwg-iso-8859-8-i", "iso-8859-8-i"),
        ("whatwg-latin1", "windows-1252"),
        ("whatwg-x-mac-cyrillic", "x-mac-cyrillic"),
        ("whatwg-utf-16", "utf-16le"),
    ],
)
def test_codec_names(name: str, canonical: str) -> None:
    assert codecs.lookup(name).name == "whatwg-" + canonical


@pytest.mark.parametrize("name", ["whatwg-nope", "whatwg-", "shift-jis-whatwg"])
def test_unknown_codec(name: str) -> None:
    with pytest.raises(LookupError):
        codecs.lookup(name)


def test_python_codecs_are_untouched() -> None:
    assert codecs.lookup("shift_jis").name == "shift_jis"
    assert b"\x80".decode("latin-1") == "\x80"  # WHATWG latin1 would give U+20AC
    assert b"\x80".decode("whatwg-latin1") == "\u20ac"


def test_decode_error_handlers() -> None:
    bad = b"a\xffb\xe3\x81c"
    assert bad.decode("whatwg-utf-8", "replace") == "a\ufffdb\ufffdc"
    assert bad.decode("whatwg-utf-8", "ignore") == "abc"
    assert bad.decode("whatwg-utf-8", "backslashreplace") == "a\\xffb\\xe3\\x81c"
    assert bad.decode("whatwg-utf-8", "surrogateescape") == "a\udcffb\udce3\udc81c"
    with pytest.raises(UnicodeDecodeError) as info:
        bad.decode("whatwg-utf-8")
    assert isinstance(info.value, whatenc.DecodeError)
    assert (info.value.start, info.value.end) == (1, 2)

    def skip_two(e: UnicodeError) -> tuple[str, int]:
        return "<>", e.end + 1  # type: ignore[attr-defined]

    codecs.register_error("whatenc-test-skip", skip_two)
    assert b"a\xffxyz".decode("whatwg-utf-8", "whatenc-test-skip") == "a<>yz"


def test_encode_error_handlers() -> None:
    s = "x\u4e00y\U0001F600z"
    assert s.encode("whatwg-latin1", "xmlcharrefreplace") == b"x&#19968;y&#128512;z"
    assert s.encode("whatwg-latin1", "replace") == b"x?y?z"
    assert s.encode("whatwg-latin1", "ignore") == b"xyz"
    assert s.encode("whatwg-latin1", "backslashreplace") == b"x\\u4e00y\\U0001f600z"
    with pytest.raises(UnicodeEncodeError) as info:
        s.encode("whatwg-latin1")
    assert (info.value.start, info.value.end) == (1, 2)
    assert isinstance(info.value, whatenc.EncodeError)
    # A replacement the encoding cannot represent fails like strict.
    codecs.register_error("whatenc-test-snowman", lambda e: ("\u2603", e.end))
    with pytest.raises(UnicodeEncodeError):
        "\u4e00".encode("whatwg-latin1", "whatenc-test-snowman")
    # ISO-2022-JP: the handler's replacement is encoded in the current state.
    out = "\u3042\u4e02\u3042".encode("whatwg-iso-2022-jp", "replace")
    assert out.decode("whatwg-iso-2022-jp") == "\u3042?\u3042"


def test_incremental_codecs() -> None:
    dec = codecs.getincrementaldecoder("whatwg-euc-kr")()
    assert dec.decode(b"\xb0") == ""
    assert dec.decode(b"\xa1") == "\uac00"
    with pytest.raises(UnicodeDecodeError):
        dec.decode(b"\xb0", final=True)
    assert codecs.getincrementaldecoder("whatwg-euc-kr")("replace").decode(
        b"\xb0", final=True) == "\ufffd"
    dec.reset()
    assert dec.decode(b"\xb0\xa1", final=True) == "\uac00"
    enc = codecs.getincrementalencoder("whatwg-iso-2022-jp")()
    assert enc.encode("a\u3042") == b"a\x1b$B$\""
    assert enc.encode("", final=True) == b"\x1b(B"
    enc = codecs.getincrementalencoder("whatwg-utf-8")()
    assert enc.encode("\ud83d") == b""
    assert enc.encode("\ude00") == "\U0001F600".encode()


def test_open_big5(tmp_path) -> None:  # noqa: ANN001
    p = tmp_path / "big5.txt"
    p.write_bytes(b"\xa4\xa4\xa4\xe5\nabc\n")
    with open(p, encoding="whatwg-big5") as f:
        assert f.read() == "\u4e2d\u6587\nabc\n"
    with open(p, "w", encoding="whatwg-big5") as f:
        f.write("\u6587")
    assert p.read_bytes() == b"\xa4\xe5"


def test_stream_reader_reports_a_truncated_end() -> None:
    import io

    r = codecs.getreader("whatwg-utf-8")(io.BytesIO(b"ab\xe4\xb8"), "replace")
    assert r.read() == "ab\ufffd"
    r = codecs.getreader("whatwg-gbk")(io.BytesIO(b"a\x81"), "replace")
    assert r.readline() == "a\ufffd"
    r = codecs.getreader("whatwg-utf-8")(io.BytesIO(b"ab\xe4"))
    with pytest.raises(UnicodeDecodeError):
        r.read()


def test_many_errors_with_supplementary_characters() -> None:
    s = "a\U0001F600\u4e00\ud800" * 20000  # positions differ from UTF-16 offsets
    assert s.encode("whatwg-latin1", "backslashreplace") == s.encode("latin-1",
                                                                       "backslashreplace")
    assert whatenc.encode(s, "latin1", "ignore") == b"a" * 20000


def _in_chunks(rng: Any, code: Callable[..., Any], whole: Any, most: int) -> list[Any]:
    """The outputs of code (an incremental decoder's decode or encoder's
    encode) over whole cut at random into chunks shorter than most, then of
    its end."""
    parts, at = [], 0
    while at < len(whole):
        n = rng.randrange(1, most)
        parts.append(code(whole[at:at + n]))
        at += n
    parts.append(code(whole[:0], True))
    return parts


@pytest.mark.parametrize("errors", ["ignore", "backslashreplace", "surrogateescape", "replace"])
def test_handlers_see_sequences_an_earlier_chunk_began(errors: str) -> None:
    # Python's UTF-8 decoder replaces the same maximal subparts as the
    # standard's: the same handlers give the same text, however the input
    # is cut (the codec feeds each chunk's last bytes one at a time).
    import random

    rng = random.Random(7)
    pieces = [b"a", b"\n", "\u00e9".encode(), "\u3042".encode(), "\U0001F600".encode(),
              b"\xe3\x81", b"\xf0\x9f\x98", b"\xff", b"\x80", b"\xc0\xaf", b"\xed\xa0\x80",
              b"\xe0\x80", b"\xf4\x90"]
    for _ in range(300):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 30)))
        want = data.decode("utf-8", errors)
        dec = codecs.getincrementaldecoder("whatwg-utf-8")(errors)
        assert "".join(_in_chunks(rng, dec.decode, data, 12)) == want, data


@pytest.mark.parametrize("errors", ["ignore", "backslashreplace", "replace"])
def test_handlers_where_the_standard_restores_bytes_of_an_earlier_chunk(errors: str) -> None:
    # ISO-2022-JP: ESC $ x is an error in the ESC alone; "$x" is restored
    # and decoded again, though "$" came in the chunk before.
    dec = codecs.getincrementaldecoder("whatwg-iso-2022-jp")(errors)
    out = dec.decode(b"a\x1b$") + dec.decode(b"xb") + dec.decode(b"", final=True)
    assert out == b"a\x1b$xb".decode("whatwg-iso-2022-jp", errors)
    want = {"ignore": "a$xb", "backslashreplace": "a\\x1b$xb", "replace": "a\ufffd$xb"}
    assert out == want[errors]


def test_text_file_lines_with_errors(tmp_path) -> None:  # noqa: ANN001
    p = tmp_path / "bad.txt"
    p.write_bytes(b"x\xe2\x82A\ncaf\xe9\xe2\x82ABC\n")
    for errors in ("ignore", "backslashreplace", "surrogateescape"):
        with open(p, encoding="whatwg-utf-8", errors=errors) as f:
            lines = f.readlines()
        assert lines == p.read_bytes().decode("utf-8", errors).splitlines(True), errors


def test_encode_errors_with_surrogates_that_pair() -> None:
    # Two lone surrogates of a str that make a pair are one code point to
    # the library (as in a JavaScript string); error ranges and positions
    # still count the str's characters.
    s = "\ud83d\ude00\U0001F601\u00e9\u20ac"
    assert whatenc.encode(s, "iso-8859-2", "backslashreplace") == \
        b"\\ud83d\\ude00\\U0001f601\xe9\\u20ac"
    with pytest.raises(UnicodeEncodeError) as info:
        whatenc.encode("ab" + s, "iso-8859-2", "strict")
    assert (info.value.start, info.value.end) == (2, 4)


def test_errors_may_change_between_calls() -> None:
    import io

    enc = codecs.getincrementalencoder("whatwg-iso-2022-jp")()
    out = enc.encode("\u3042")
    enc.errors = "replace"  # the same stream: still in its JIS X 0208 state
    out += enc.encode("\u4e02\u3042", final=True)
    assert out == b"\x1b$B$\"\x1b(B?\x1b$B$\"\x1b(B"
    dec = codecs.getincrementaldecoder("whatwg-utf-8")()
    assert dec.decode(b"a\xe3") == "a"
    dec.errors = "ignore"
    assert dec.decode(b"\x81b", final=True) == "b"
    buf = io.BytesIO()
    w = codecs.getwriter("whatwg-latin1")(buf)
    w.errors = "replace"
    w.write("a\u4e00")
    assert buf.getvalue() == b"a?"
    r = codecs.getreader("whatwg-utf-8")(io.BytesIO(b"a\xffb"))
    r.errors = "ignore"
    assert r.read() == "ab"


@pytest.mark.parametrize("errors", ["ignore", "backslashreplace"])
def test_chunked_decoding_with_handlers_matches_one_call(errors: str) -> None:
    # Built-in handlers resume at the error's end, so however the input is
    # cut the text is that of one call: in every encoding, bytes of any kind
    # (the ones a decoder holds, restores or rejects) cut at random.
    import random

    rng = random.Random(11)
    for enc in whatenc.encodings():
        if enc.name == "replacement":
            continue
        name = "whatwg-" + enc.name
        for _ in range(12):
            data = bytes(rng.choice([rng.randrange(256), 0x1B, 0x24, 0x28, 0x42, 0x81, 0xA1,
                                     0xE3, 0x30, 0xD8, 0xDC, 0x8E, 0x8F, 0xFE])
                         for _ in range(rng.randrange(1, 40)))
            want = data.decode(name, errors)
            dec = codecs.getincrementaldecoder(name)(errors)
            assert "".join(_in_chunks(rng, dec.decode, data, 12)) == want, (name, data)


@pytest.mark.parametrize("errors", ["ignore", "replace", "backslashreplace", "xmlcharrefreplace"])
def test_chunked_encoding_with_handlers_matches_one_call(errors: str) -> None:
    # The same for encoders: text with characters each encoding lacks,
    # characters above U+FFFF and lone surrogates (two that pair are one
    # character, in one chunk or across two), cut at random.
    import random

    rng = random.Random(13)
    alphabet = ["a", "\x1b", "\u00e9", "\u0416", "\u3042", "\u4e02", "\uac00", "\u20ac",
                "\U0001F600", "\U00020000", "\ud83d", "\ude00", "\ud800", "\udfff"]
    for enc in whatenc.encodings():
        name = "whatwg-" + enc.name
        for _ in range(12):
            s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 30)))
            want = s.encode(name, errors)
            inc = codecs.getincrementalencoder(name)(errors)
            assert b"".join(_in_chunks(rng, inc.encode, s, 6)) == want, (name, s)

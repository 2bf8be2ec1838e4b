"""Every encoding's round trip through every entry point, on corpus text;
streaming with random splits equals one-shot decoding."""

from __future__ import annotations

import codecs
import io
import random

import pytest
from conftest import ALL, WITH_ENCODER, sample

import whatenc

whatenc.register()

IDS = [e.name for e in WITH_ENCODER]


def chunks(data, rng: random.Random, max_len: int = 64):  # noqa: ANN001, ANN201
    i = 0
    while i < len(data):
        n = rng.randint(0, max_len)
        yield data[i:i + n]
        i += n


@pytest.fixture(params=WITH_ENCODER, ids=IDS)
def case(request: pytest.FixtureRequest) -> tuple[whatenc.Encoding, str, bytes]:
    enc = request.param
    text = sample(enc.name)
    assert len(text) > 100, f"{enc.name}: too little corpus text survives the filter"
    data = whatenc.encode(text, enc.name, "strict")
    return enc, text, data


def test_api_round_trip(case) -> None:  # noqa: ANN001
    enc, text, data = case
    assert whatenc.encode(text, enc) == data
    assert whatenc.TextDecoder(enc.name).decode(data) == text
    assert whatenc.TextDecoder(enc.name, fatal=True).decode(memoryview(data)) == text
    assert whatenc.decode(bytearray(data), enc.name) == (text, enc)
    if enc.name == "UTF-8":
        t = whatenc.TextEncoder()
        assert t.encode(text) == data
        out, rest, buf = bytearray(), text, bytearray(61)
        while rest:
            read, written = t.encode_into(rest, buf)
            assert read > 0
            out += buf[:written]
            rest = rest[read:]
        assert out == data


def test_streaming_random_splits(case) -> None:  # noqa: ANN001
    enc, text, data = case
    rng = random.Random(enc.id)
    for max_len in (1, 7, 300):
        d = whatenc.TextDecoder(enc.name, fatal=True)
        out = "".join(d.decode(c, stream=True) for c in chunks(data, rng, max_len))
        assert out + d.decode() == text, f"{enc.name} max chunk {max_len}"
    # The incremental encoder, split at random points of the str (between
    # surrogate pairs too: a str has none, each character is one item).
    e = codecs.getincrementalencoder("whatwg-" + enc.name)("strict")
    got = b"".join(e.encode(c) for c in chunks(text, rng, 50)) + e.encode("", final=True)
    assert got == data


def test_codec_entry_points(case, tmp_path) -> None:  # noqa: ANN001
    enc, text, data = case
    name = "whatwg-" + enc.name
    assert data.decode(name) == text
    assert text.encode(name) == data
    assert codecs.decode(data, name, "strict") == text
    dec = codecs.getincrementaldecoder(name)()
    rng = random.Random(enc.id + 100)
    assert "".join(dec.decode(c) for c in chunks(data, rng)) + dec.decode(b"", True) == text
    path = tmp_path / "t.txt"
    with open(path, "w", encoding=name, newline="") as f:
        f.write(text)
    # TextIOWrapper never calls encode(final=True): ISO-2022-JP files may end
    # without returning to ASCII, which decoders accept.
    assert path.read_bytes() in (data, data.removesuffix(b"\x1b(B"))
    with open(path, encoding=name, newline="") as f:
        assert f.read() == text
    with codecs.open(str(path), "r", encoding=name) as f:
        assert f.read() == text
    w = codecs.getwriter(name)(io.BytesIO())
    w.write(text[: len(text) // 2])
    w.write(text[len(text) // 2:])
    assert w.stream.getvalue() in (data, data.removesuffix(b"\x1b(B")) or enc.name == "ISO-2022-JP"
    r = codecs.getreader(name)(io.BytesIO(data))
    assert r.read() == text


@pytest.mark.parametrize("label", ["utf-16le", "utf-16be"])
def test_utf16_decoding(label: str) -> None:
    text = sample("UTF-8")
    py = "utf-16-le" if label.endswith("le") else "utf-16-be"
    data = text.encode(py)
    assert whatenc.TextDecoder(label, fatal=True).decode(data) == text
    d = whatenc.TextDecoder(label)
    rng = random.Random(1)
    assert "".join(d.decode(c, stream=True) for c in chunks(data, rng, 9)) + d.decode() == text
    assert data.decode("whatwg-" + label) == text
    # Encoders for UTF-16 write UTF-8 (the output encoding).
    assert whatenc.encode(text, label) == text.encode()
    assert text.encode("whatwg-" + label) == text.encode()


def test_x_user_defined() -> None:
    data = bytes(range(256))
    text = whatenc.TextDecoder("x-user-defined").decode(data)
    assert text == "".join(chr(b) if b < 0x80 else chr(0xF780 + b - 0x80) for b in data)
    assert whatenc.encode(text, "x-user-defined", "strict") == data
    assert text.encode("whatwg-x-user-defined") == data


def test_replacement() -> None:
    assert whatenc.decode(b"abc", "replacement")[0] == "\ufffd"
    assert b"abc".decode("whatwg-replacement", "replace") == "\ufffd"
    with pytest.raises(UnicodeDecodeError):
        b"abc".decode("whatwg-replacement")
    assert "\u00e9".encode("whatwg-replacement") == b"\xc3\xa9"


def test_every_encoding_is_covered() -> None:
    covered = {e.name for e in WITH_ENCODER} | {"UTF-16BE", "UTF-16LE", "x-user-defined",
                                                 "replacement"}
    assert covered == {e.name for e in ALL}


def test_text_file_tell_and_seek(case, tmp_path) -> None:  # noqa: ANN001
    """TextIOWrapper.tell() relies on the incremental decoder's getstate()
    (the bytes it holds, a mode) to make cookies that seek() restores."""
    enc, text, data = case
    text, data = text[:6000], whatenc.encode(text[:6000], enc, "strict")
    if enc.name == "UTF-8":
        text, data = "\ufeff" + text, b"\xef\xbb\xbf\xef\xbb\xbf" + data  # BOM, then U+FEFF
    path = tmp_path / "t.txt"
    path.write_bytes(data)
    name = "whatwg-" + enc.name
    rng = random.Random(enc.id)
    with open(path, encoding=name, newline="") as f:
        for _ in range(40):
            k = rng.randrange(len(text))
            f.seek(0)
            assert f.read(k) == text[:k]
            cookie = f.tell()
            ahead = f.read(50)
            assert ahead == text[k:k + 50], f"{enc.name}: read after {k} characters"
            f.seek(cookie)
            assert f.read(50) == ahead, f"{enc.name}: seek to tell() after {k} characters"

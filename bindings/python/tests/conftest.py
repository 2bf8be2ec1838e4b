"""Shared data: text samples from the corpus for each encoding."""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest

import whatenc

CORPUS = Path(os.environ.get("WHATENC_CORPUS", "/work/shared/corpus/wikipedia"))
SAMPLE_CHARS = 20000

# The corpus language whose text suits each encoding (others: a mix).
LANG = {
    "IBM866": "ru", "ISO-8859-2": "cs", "ISO-8859-3": "tr", "ISO-8859-4": "de",
    "ISO-8859-5": "ru", "ISO-8859-6": "ar", "ISO-8859-7": "el", "ISO-8859-8": "he",
    "ISO-8859-8-I": "he", "ISO-8859-10": "de", "ISO-8859-13": "de", "ISO-8859-14": "fr",
    "ISO-8859-15": "fr", "ISO-8859-16": "cs", "KOI8-R": "ru", "KOI8-U": "ru",
    "macintosh": "fr", "windows-874": "th", "windows-1250": "cs", "windows-1251": "ru",
    "windows-1252": "pt", "windows-1253": "el", "windows-1254": "tr", "windows-1255": "he",
    "windows-1256": "ar", "windows-1257": "de", "windows-1258": "vi",
    "x-mac-cyrillic": "ru", "GBK": "zh_cn", "gb18030": "zh_cn", "Big5": "zh_tw",
    "EUC-JP": "ja", "ISO-2022-JP": "ja", "Shift_JIS": "ja", "EUC-KR": "ko",
}
MIX = ["en", "ru", "ja", "zh_cn", "ar", "el", "he", "th", "ko", "vi"]

ALL = whatenc.encodings()
WITH_ENCODER = [e for e in ALL if e.has_encoder and e.name != "x-user-defined"]


def pytest_report_header(config: object) -> str:
    state = "present" if CORPUS.is_dir() else "ABSENT: corpus round trips are skipped"
    return (f"whatenc {whatenc.library_version} ({whatenc.kernels} kernels) "
            f"from {whatenc.library_path}; "
            f"corpus {CORPUS}: {state}")


@functools.cache
def corpus_text(lang: str) -> str:
    path = CORPUS / f"{lang}.txt"
    if not path.is_file():
        pytest.skip(f"corpus file {path} absent (set WHATENC_CORPUS)")
    return path.read_text("utf-8")[:SAMPLE_CHARS]


@functools.cache
def _round_trips(enc_name: str, c: str) -> bool:
    try:
        b = whatenc.encode(c, enc_name, "strict")
    except whatenc.EncodeError:
        return False
    return whatenc.TextDecoder(enc_name, fatal=True).decode(b) == c


@functools.cache
def sample(enc_name: str) -> str:
    """Corpus text made of the characters that round-trip through the
    encoding (e.g. Shift_JIS writes U+00A5 as 0x5C, which decodes as "\\")."""
    lang = LANG.get(enc_name)
    text = corpus_text(lang) if lang else "".join(corpus_text(x)[:3000] for x in MIX)
    if enc_name in ("UTF-8", "gb18030"):
        return text + "\U0001F600 \U00020BB7 \u00e9"
    return "".join(c for c in text if _round_trips(enc_name, c))

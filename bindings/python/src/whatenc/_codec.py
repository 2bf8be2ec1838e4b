"""Python codecs for every encoding of the standard, named ``whatwg-<label>``
(private module; use :func:`whatenc.register`)."""

from __future__ import annotations

import codecs
import itertools
import re
import threading
from typing import Any

from ._core import BOM_KEEP, BOM_REMOVE, Encoding, _Decoding, _Encoding, lookup

PREFIX = "whatwg_"  # "whatwg-" after Python's normalisation of codec names

_lock = threading.Lock()
_registered = False
_cache: dict[int, codecs.CodecInfo] = {}


def _label_for(normalized: str) -> Encoding | None:
    """The encoding of a label after Python's normalisation, which lower-cases
    and turns "-", ":" and " " into "_": each "_" is tried as "_", "-", ":"."""
    rest = normalized[len(PREFIX):]
    try:
        return lookup(rest)
    except LookupError:
        pass
    pieces = rest.split("_")
    if len(pieces) > 7:
        return None
    for seps in itertools.product("-_:", repeat=len(pieces) - 1):
        label = pieces[0] + "".join(s + p for s, p in zip(seps, pieces[1:]))
        try:
            return lookup(label)
        except LookupError:
            continue
    return None


# getstate()/setstate() for TextIOWrapper.tell() and seek(): see
# _IncrementalDecoder.
_TAIL = 8  # more than any encoding holds without output (3, or BOM + 3)
_STARTED = 1 << 8  # flag: the stream is past its start (no BOM removal)
_ISO_2022_JP = 33
_ESCAPES = [b"", b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$@", b"\x1b$B"]
# One character after each escape: replaying "escape + character" restores the
# mode and, as any output does, unsets the decoder's "output flag" (so an
# escape sequence right after the replay point is not an error).
_REPLAY = [b"", b"a", b"a", b"\x21", b"\x21\x21", b"\x21\x21"]
_ESCAPE_RE = re.compile(rb"\x1b(?:\(B|\(J|\(I|\$@|\$B)")


class _IncrementalDecoder(codecs.IncrementalDecoder):
    """Streaming decoder of a whatwg-* codec: ``decode(b, final=False)``.

    getstate() returns ``(pending, flags)`` as TextIOWrapper expects:
    ``pending`` holds the input that has produced no output yet (the
    incomplete sequence the library holds), found by feeding the last few
    bytes of each call one at a time; ``flags`` records whether the stream is
    past its start (so a BOM is no longer removed) and, for ISO-2022-JP, the
    last escape sequence (the decoder's mode). So tell() and seek() on text
    files work. (Limit: for ISO-2022-JP, an escape sequence split by a chunk
    boundary where tell() is called may be replayed as an error.)
    """

    _enc: Encoding

    def __init__(self, errors: str = "strict") -> None:
        super().__init__(errors)
        self._bom = BOM_REMOVE
        self._d = _Decoding(self._enc, BOM_REMOVE, errors)
        self._clear()

    def _clear(self) -> None:
        self._held = b""  # input since the last output
        self._fed = False  # output was produced since the stream started
        self._mode = 0  # ISO-2022-JP: index of the last escape in _ESCAPES
        self._esc_tail = b""
        if self._bom != BOM_REMOVE:
            self._bom = BOM_REMOVE
            self._d = _Decoding(self._enc, BOM_REMOVE, self.errors)

    def _decoding(self) -> _Decoding:
        if self._d.errors != self.errors:
            self._d = self._d.with_errors(self.errors)
        return self._d

    def decode(self, input: Any, final: bool = False) -> str:
        d = self._decoding()
        mv = memoryview(input)
        if not mv.c_contiguous:
            mv = memoryview(mv.tobytes())
        mv = mv.cast("B")
        if final:
            try:
                return d.decode(mv, True)
            finally:
                self._clear()
        try:
            return self._decode_tracked(d, mv)
        except BaseException:
            self._clear()
            raise

    def _decode_tracked(self, d: _Decoding, mv: memoryview) -> str:
        n = len(mv)
        if self._enc.id == _ISO_2022_JP and n:
            data = self._esc_tail + mv.tobytes()
            for m in _ESCAPE_RE.finditer(data):
                self._mode = _ESCAPES.index(m.group())
            self._esc_tail = data[-2:]
        parts: list[str] = []
        held = self._held
        split = max(n - _TAIL, 0)
        if split:
            out = d.decode(mv[:split], False)
            if out:
                parts.append(out)
                held = b""
                self._fed = True
            else:
                held += mv[:split].tobytes()
        tail = mv[split:].tobytes()
        for i in range(len(tail)):
            byte = tail[i:i + 1]
            out = d.decode(byte, False)
            if out:
                parts.append(out)
                held = b""
                self._fed = True
            else:
                held += byte
        self._held = held
        return "".join(parts)

    def reset(self) -> None:
        self._d.reset()
        self._clear()

    def getstate(self) -> tuple[bytes, int]:
        return (self._held, self._mode | (_STARTED if self._fed else 0))

    def setstate(self, state: tuple[bytes, int]) -> None:
        pending, flags = state
        self._clear()
        bom = BOM_KEEP if flags & _STARTED else BOM_REMOVE
        self._bom = bom
        self._d = _Decoding(self._enc, bom, self.errors)
        self._fed = bool(flags & _STARTED)
        mode = flags & 0xFF
        if self._enc.id == _ISO_2022_JP and mode and not _ESCAPE_RE.search(pending):
            self._d.decode(_ESCAPES[mode] + _REPLAY[mode], False)
            self._d.consumed = 0
            self._mode = mode
        if pending:
            self._decode_tracked(self._d, memoryview(bytes(pending)))


def _codec_info(enc: Encoding) -> codecs.CodecInfo:
    name = "whatwg-" + enc.name.lower()

    def encode(input: str, errors: str = "strict") -> tuple[bytes, int]:
        return _Encoding(enc, errors).encode(input, True), len(input)

    def decode(input: Any, errors: str = "strict") -> tuple[str, int]:
        d = _Decoding(enc, BOM_REMOVE, errors)
        text = d.decode(input, True)
        return text, memoryview(input).nbytes

    class IncrementalEncoder(codecs.IncrementalEncoder):
        """Streaming encoder of the codec: ``encode(s, final=False)``."""

        def __init__(self, errors: str = "strict") -> None:
            super().__init__(errors)
            self._e = _Encoding(enc, errors)

        def encode(self, input: str, final: bool = False) -> bytes:
            if self._e.errors != self.errors:
                self._e = self._e.with_errors(self.errors)
            return self._e.encode(input, final)

        def reset(self) -> None:
            self._e.reset()

    class IncrementalDecoder(_IncrementalDecoder):
        _enc = enc

    class StreamWriter(codecs.StreamWriter):
        def __init__(self, stream: Any, errors: str = "strict") -> None:
            super().__init__(stream, errors)
            self._inc = IncrementalEncoder(errors)

        def encode(self, input: str, errors: str = "strict") -> tuple[bytes, int]:
            self._inc.errors = errors
            return self._inc.encode(input), len(input)

        def reset(self) -> None:
            super().reset()
            self._inc.reset()

    class StreamReader(codecs.StreamReader):
        def __init__(self, stream: Any, errors: str = "strict") -> None:
            super().__init__(stream, errors)
            self._inc = IncrementalDecoder(errors)

        def decode(self, input: Any, errors: str = "strict") -> tuple[str, int]:
            self._inc.errors = errors
            return self._inc.decode(input), len(input)

        def read(self, size: int = -1, chars: int = -1, firstline: bool = False) -> str:
            # codecs.StreamReader never tells the decoder the stream ended:
            # at the end, finish the stream so that an incomplete sequence
            # is reported (U+FFFD or an error) instead of dropped.
            text: str = super().read(size, chars, firstline)
            if (not text or (size < 0 and chars < 0)) and self._inc.getstate()[0]:
                text += self._inc.decode(b"", final=True)
            return text

        def reset(self) -> None:
            super().reset()
            self._inc.reset()

    for cls in (IncrementalEncoder, IncrementalDecoder, StreamWriter, StreamReader):
        cls.__name__ = cls.__qualname__ = f"{cls.__name__}[{name}]"
    return codecs.CodecInfo(
        name=name,
        encode=encode,
        decode=decode,
        incrementalencoder=IncrementalEncoder,
        incrementaldecoder=IncrementalDecoder,
        streamwriter=StreamWriter,
        streamreader=StreamReader,
    )


def _search(name: str) -> codecs.CodecInfo | None:
    if not name.startswith(PREFIX):
        return None
    enc = _label_for(name)
    if enc is None:
        return None
    with _lock:
        info = _cache.get(enc.id)
        if info is None:
            info = _cache[enc.id] = _codec_info(enc)
    return info


def register() -> None:
    """Registers a codec search function (once; later calls do nothing) that
    makes every encoding of the standard a Python codec named ``whatwg-``
    followed by any of its labels: ``b.decode("whatwg-shift_jis")``,
    ``s.encode("whatwg-gbk", "xmlcharrefreplace")``,
    ``codecs.getincrementaldecoder("whatwg-euc-kr")``,
    ``open(path, encoding="whatwg-big5")``. (The prefix keeps Python's own
    codecs, found first and cached, from shadowing the standard's.)

    Behaviour is the standard's: decoding is TextDecoder's (the encoding's own
    BOM is removed); encoding writes the OUTPUT encoding, so
    ``whatwg-utf-16le``, ``whatwg-utf-16be`` and ``whatwg-replacement`` encode
    to UTF-8. Error handlers: ``strict`` is fatal mode (DecodeError,
    EncodeError), ``replace`` on decoding is the standard's U+FFFD,
    ``xmlcharrefreplace`` (or ``html``) on encoding is its ``&#NNNN;``; any
    other registered handler is called with the exact error position (a
    decoding error's object starts with the bytes an earlier chunk began the
    malformed sequence with, as Python's incremental decoders do). A handler
    that resumes decoding elsewhere than the error's end restarts the decoder
    there, as at the start of a stream: a BOM there is removed and
    ISO-2022-JP starts in ASCII. An incremental codec's or stream's
    ``errors`` may change between calls; the stream goes on, but for a change
    between ``replace`` and another handler when decoding, or between
    ``xmlcharrefreplace``/``html`` and another when encoding, which starts a
    new stream. Lone surrogates in a str are U+FFFD to every
    encoder (as in a JavaScript string, two that make a pair are that
    character), so ``surrogateescape`` and ``surrogatepass`` do not round-trip
    them.

    Text files: ``open()``'s TextIOWrapper never tells an incremental encoder
    that the text ended, so an ISO-2022-JP file written through it may end
    without the final ``ESC ( B`` (decoders accept that); tell() and seek()
    work when reading (see the incremental decoder's getstate()).
    """
    global _registered
    with _lock:
        if _registered:
            return
        codecs.register(_search)
        _registered = True

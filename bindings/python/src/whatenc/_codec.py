"""Python codecs for every encoding of the standard, named ``whatwg-<label>``
(private module; use :func:`whatenc.register`)."""

from __future__ import annotations

import codecs
import itertools
import threading
from typing import Any

from ._core import BOM_REMOVE, Encoding, _Decoding, _Encoding, lookup

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
                self._e = _Encoding(enc, self.errors)
            return self._e.encode(input, final)

        def reset(self) -> None:
            self._e.reset()

    class IncrementalDecoder(codecs.IncrementalDecoder):
        """Streaming decoder of the codec: ``decode(b, final=False)``.

        getstate() cannot report the bytes of an incomplete sequence the
        library holds; it returns ``(b"", 0)``, so ``tell()`` on a text file
        is exact only at character boundaries of the bytes read.
        """

        def __init__(self, errors: str = "strict") -> None:
            super().__init__(errors)
            self._d = _Decoding(enc, BOM_REMOVE, errors)

        def decode(self, input: Any, final: bool = False) -> str:
            if self._d.errors != self.errors:
                self._d = _Decoding(enc, BOM_REMOVE, self.errors)
            return self._d.decode(input, final)

        def reset(self) -> None:
            self._d.reset()

        def getstate(self) -> tuple[bytes, int]:
            return (b"", 0)

        def setstate(self, state: tuple[bytes, int]) -> None:
            self._d.reset()
            if state[0]:
                self._d.decode(state[0], False)

    class StreamWriter(codecs.StreamWriter):
        def __init__(self, stream: Any, errors: str = "strict") -> None:
            super().__init__(stream, errors)
            self._inc = IncrementalEncoder(errors)

        def encode(self, input: str, errors: str = "strict") -> tuple[bytes, int]:
            return self._inc.encode(input), len(input)

        def reset(self) -> None:
            super().reset()
            self._inc.reset()

    class StreamReader(codecs.StreamReader):
        def __init__(self, stream: Any, errors: str = "strict") -> None:
            super().__init__(stream, errors)
            self._inc = IncrementalDecoder(errors)

        def decode(self, input: Any, errors: str = "strict") -> tuple[str, int]:
            return self._inc.decode(input), len(input)

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
    other registered handler is called with the exact error position.
    """
    global _registered
    with _lock:
        if _registered:
            return
        codecs.register(_search)
        _registered = True

"""The WHATWG Encoding Standard's API in Python spelling (private module;
import from :mod:`whatenc`)."""

from __future__ import annotations

import codecs
import re
import sys
import threading
from bisect import bisect_left, bisect_right
from ctypes import (
    addressof,
    byref,
    c_char,
    c_int,
    c_size_t,
    c_uint16,
    c_uint32,
    c_void_p,
    create_string_buffer,
    memmove,
    string_at,
)
from typing import Any, Callable, NamedTuple, Union

from . import _ffi
from ._buffers import Borrowed, bytes_address
from ._ffi import (
    BOM_KEEP,
    BOM_REMOVE,
    FATAL,
    HTML,
    MALFORMED,
    OK,
    OUTPUT_FULL,
    REPLACEMENT,
    UNMAPPABLE,
    DecodeInfo,
    EncodeInfo,
    lib,
)

Buffer = Any  # any object supporting the buffer protocol (bytes-like)

# UTF-16 in the machine's byte order: how a Python str reaches the library.
# "surrogatepass" lets lone surrogates through; the library encodes each as
# U+FFFD, as the standard does for a JavaScript string.
UTF16 = "utf-16-le" if sys.byteorder == "little" else "utf-16-be"

# Output buffers: one call when the worst case fits in _ONE_CALL bytes,
# otherwise a loop over a _CHUNK-byte buffer, so temporary memory stays
# bounded whatever the input size.
_ONE_CALL = 4 << 20
_CHUNK = 1 << 20
_SMALL = 4096

# Bytes of a stream's input a decoder keeps from earlier calls: more than
# the library holds without output (3, a BOM's 2 more at the start), so that
# an error handler sees every byte of a malformed sequence an earlier call
# began.
_HISTORY = 8

__all__ = [
    "BOM_KEEP",
    "BOM_REMOVE",
    "Encoding",
    "lookup",
    "TextDecoder",
    "TextEncoder",
    "DecodeError",
    "EncodeError",
    "decode",
    "encode",
    "encodings",
    "utf8_valid_up_to",
    "utf16_valid_up_to",
]


# --------------------------------------------------------------- encodings


class Encoding:
    """An encoding of the standard. Instances are unique per encoding (compare
    with ``is`` or ``==``), immutable, hashable and picklable.

    Attributes:
        id: the encoding's position in the standard's table (0 is UTF-8).
        name: the name as the standard spells it (``"Shift_JIS"``).
        has_encoder: whether the standard defines an encoder for it (False for
            replacement, UTF-16BE and UTF-16LE, whose encoders write UTF-8).
    """

    __slots__ = ("id", "name", "has_encoder", "_output")

    id: int
    name: str
    has_encoder: bool
    _output: int

    def __init__(self, id: int, name: str, has_encoder: bool, output: int) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "has_encoder", has_encoder)
        object.__setattr__(self, "_output", output)

    @property
    def output_encoding(self) -> Encoding:
        """The standard's "get an output encoding": the encoding an encoder for
        this one writes (UTF-8 for replacement, UTF-16BE and UTF-16LE)."""
        return _BY_ID[self._output]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Encoding objects are immutable")

    def __repr__(self) -> str:
        return f"<whatenc.Encoding {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        return (lookup, (self.name,))


def _load_encodings() -> list[Encoding]:
    out = []
    for i in range(lib.whatenc_encoding_count()):
        name = lib.whatenc_encoding_name(i).decode("ascii")
        out.append(
            Encoding(
                i,
                name,
                bool(lib.whatenc_encoding_has_encoder(i)),
                lib.whatenc_encoding_output_encoding(i),
            )
        )
    return out


_BY_ID: list[Encoding] = _load_encodings()


def encodings() -> list[Encoding]:
    """All the standard's encodings, in the order of its table (section 4.2)."""
    return list(_BY_ID)


def _label_bytes(label: object) -> bytes:
    if isinstance(label, str):
        # Labels are ASCII; a non-ASCII character matches nothing.
        return label.encode("utf-8", "surrogatepass")
    raise TypeError(f"an encoding label must be str, not {type(label).__name__}")


def lookup(label: Union[str, Encoding]) -> Encoding:
    """The standard's "get an encoding" (section 4.2): the encoding ``label``
    names, ignoring ASCII case and leading and trailing ASCII whitespace. (An
    Encoding is returned as is.)

    Raises LookupError for a label of no encoding, TypeError for a non-str.
    """
    if isinstance(label, Encoding):
        return label
    raw = _label_bytes(label)
    try:
        i: int = lib.whatenc_encoding_for_label(raw, len(raw))
    except LookupError:
        raise LookupError(f"unknown encoding label: {label!r}") from None
    return _BY_ID[i]


# --------------------------------------------------------------- errors


class DecodeError(UnicodeDecodeError):
    """Malformed input met by a fatal decoder.

    As a UnicodeDecodeError: ``encoding`` (the encoding's name), ``object``
    (the bytes passed to the call that met the error, after those of earlier
    calls that the malformed sequence began with), ``start`` and ``end`` (the
    malformed bytes, ``object[start:end]``) and ``reason``. Also
    ``position``: the offset of the malformed bytes from the start of the
    stream.
    """

    position: int

    def __init__(self, encoding: str, obj: bytes, start: int, end: int,
                 reason: str, position: int | None = None) -> None:
        super().__init__(encoding, obj, start, end, reason)
        self.position = start if position is None else position

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.encoding, self.object, self.start, self.end,
                             self.reason, self.position))


class EncodeError(UnicodeEncodeError):
    """A character the encoding cannot represent, met in fatal ("strict")
    mode. ``object[start:end]`` is the character; ``code_point`` is its value
    (U+FFFD for a lone surrogate)."""

    code_point: int

    def __init__(self, encoding: str, obj: str, start: int, end: int,
                 reason: str, code_point: int = 0) -> None:
        super().__init__(encoding, obj, start, end, reason)
        self.code_point = code_point

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.encoding, self.object, self.start, self.end,
                             self.reason, self.code_point))


# --------------------------------------------------------------- handles


class _Handle:
    """Owns a decoder or encoder handle (freed on close or collection)."""

    __slots__ = ("_h", "_free")

    def __init__(self, h: int, free: Callable[[Any], None]) -> None:
        self._h: int | None = h
        self._free = free

    @property
    def h(self) -> int:
        if self._h is None:
            raise ValueError("the decoder or encoder is closed")
        return self._h

    def close(self) -> None:
        h, self._h = self._h, None
        if h is not None:
            self._free(h)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - a forked child, interpreter exit
            pass


def _new_decoder(enc: Encoding, bom: int, mode: int) -> _Handle:
    out = c_void_p()
    lib.whatenc_decoder_new(enc.id, bom, mode, byref(out))
    return _Handle(out.value or 0, lib.whatenc_decoder_free)


def _new_encoder(enc: Encoding, mode: int) -> _Handle:
    out = c_void_p()
    lib.whatenc_encoder_new(enc.id, mode, byref(out))
    return _Handle(out.value or 0, lib.whatenc_encoder_free)


class _claim:
    """Takes a handle's lock without waiting: a handle used by two threads at
    once raises RuntimeError instead of corrupting the stream (the library
    requires one thread at a time per handle)."""

    __slots__ = ("lock", "what")

    def __init__(self, lock: threading.Lock, what: str) -> None:
        self.lock = lock
        self.what = what

    def __enter__(self) -> None:
        if not self.lock.acquire(False):
            raise RuntimeError(
                f"this whatenc {self.what} is in use by another thread (or re-entered "
                f"from an error handler); use one {self.what} per thread")

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def _decoder_mode(errors: str) -> int:
    """The library's error mode for a Python error handler: "replace" is the
    standard's U+FFFD; every other handler runs on the fatal mode."""
    return REPLACEMENT if errors == "replace" else FATAL


def _encoder_mode(errors: str) -> int:
    """The same for encoders: "html" and "xmlcharrefreplace" are the
    standard's &#NNNN;, every other handler runs on the fatal mode."""
    return HTML if errors in ("html", "xmlcharrefreplace") else FATAL


class _Decoding:
    """Streaming decoding with one handle: the loop of the streaming contract,
    error positions, and Python's error handlers (private)."""

    __slots__ = ("enc", "bom", "mode", "handle", "consumed", "history", "stopped_at", "errors",
                 "busy", "small")

    def __init__(self, enc: Encoding, bom: int, errors: str) -> None:
        self.enc = enc
        self.bom = bom
        self.errors = errors
        self.mode = _decoder_mode(errors)
        self.handle = _new_decoder(enc, bom, self.mode)
        self.consumed = 0  # bytes consumed by the stream before this call
        self.history = b""  # the stream's last _HISTORY bytes before this call
        self.stopped_at = 0  # after a DecodeError: the input bytes its call consumed
        self.busy = threading.Lock()
        self.small: Any = None  # an output buffer kept for small calls

    def with_errors(self, errors: str) -> _Decoding:
        """This decoding with another error handler: the same stream where
        the library's error mode is the same (every handler but "replace"
        runs on its fatal mode), else a new one."""
        if _decoder_mode(errors) == self.mode:
            self.errors = errors
            return self
        return _Decoding(self.enc, self.bom, errors)

    def reset(self) -> None:
        with _claim(self.busy, "decoder"):
            self._reset()

    def _reset(self) -> None:
        lib.whatenc_decoder_reset(self.handle.h)
        self.consumed = 0
        self.history = b""

    def encoding(self) -> Encoding:
        i: int = lib.whatenc_decoder_encoding(self.handle.h)
        return _BY_ID[i]

    def decode(self, data: Buffer, last: bool, keep: bool = False) -> str:
        """Decodes data, the end of the stream if last. After a DecodeError
        the stream starts again, unless keep: then it goes on after the
        stopped_at bytes of data the error's call consumed."""
        with _claim(self.busy, "decoder"):
            try:
                if type(data) is bytes:
                    return self._decode(data, bytes_address(data), len(data), last)
                with Borrowed(data) as src:
                    return self._decode(data, src.addr, src.size, last)
            except DecodeError:
                if not keep:
                    self._reset()
                raise
            except BaseException:
                self._reset()
                raise

    def _decode(self, data: Buffer, addr: int, size: int, last: bool) -> str:
        h = self.handle.h
        # Every input byte makes at most 3 bytes of UTF-8 (U+FFFD for a
        # malformed byte; a held sequence adds one U+FFFD at most), so one
        # call usually finishes; the loop below copes with any capacity.
        cap = 3 * size + 16
        if cap > _ONE_CALL:
            cap = _CHUNK
        if cap <= _SMALL:
            buf = self.small
            if buf is None:
                buf = self.small = create_string_buffer(_SMALL)
            cap = _SMALL
        else:
            buf = create_string_buffer(cap)
        dst = memoryview(buf)
        parts: list[str] = []
        pos = 0
        src_len = c_size_t()
        dst_len = c_size_t()
        info = DecodeInfo()
        flag = 1 if last else 0
        fn = lib.whatenc_decoder_decode_to_utf8
        while True:
            src_len.value = size - pos
            dst_len.value = cap
            st = fn(h, (addr + pos) or None, byref(src_len), buf, byref(dst_len),
                    flag, byref(info))
            if dst_len.value:
                parts.append(str(dst[: dst_len.value], "utf-8"))
            pos += src_len.value
            if st == OK:
                break
            if st == OUTPUT_FULL:
                continue
            if st != MALFORMED:  # pragma: no cover - statuses are pinned
                raise _ffi.WhatencError(f"unexpected status {st}", st)
            end = pos - info.consumed_after
            start = end - info.malformed_len
            if self.errors in ("strict", "fatal"):
                err = self._error(data, size, start, end)
                self.stopped_at = pos
                self._went_through(addr, pos)
                raise err
            text, resume = self._on_error(data, size, start, end)
            parts.append(text)
            if resume != end:
                # The handler chose where to resume: restart the decoder there
                # (the bytes it held are fed again from ``resume``).
                lib.whatenc_decoder_reset(h)
                pos = resume
        if last:
            self.consumed = 0
            self.history = b""
        else:
            self._went_through(addr, size)
        return "".join(parts)

    def _went_through(self, addr: int, n: int) -> None:
        """Counts the n bytes at addr as consumed by the stream."""
        self.consumed += n
        if n >= _HISTORY:
            self.history = string_at(addr + n - _HISTORY, _HISTORY)
        elif n:
            self.history = (self.history + string_at(addr, n))[-_HISTORY:]

    def _error(self, data: Buffer, size: int, start: int, end: int) -> DecodeError:
        """The error for bytes start:end of this call's input; where they
        began in an earlier call (start < 0) its object is those earlier
        bytes followed by this call's, start and end counted in it."""
        obj = bytes(data) if not isinstance(data, bytes) else data
        position = self.consumed + start
        if start < 0:
            earlier = self.history[start:]
            obj = earlier + obj
            start, end = max(start + len(earlier), 0), end + len(earlier)
        return DecodeError(self.encoding().name.lower(), obj, start, end,
                           "malformed input", position)

    def _on_error(self, data: Buffer, size: int, start: int, end: int) -> tuple[str, int]:
        err = self._error(data, size, start, end)
        rep, resume = codecs.lookup_error(self.errors)(err)
        if not isinstance(rep, str):
            raise TypeError(f"decoding error handler must return (str, int), got {rep!r}")
        if resume < 0:
            resume += len(err.object)
        if resume == err.end:
            # Where the decoder goes on by itself: end, which lies before
            # this call's input where the standard restores bytes that an
            # earlier call gave.
            return rep, end
        # The handler's position counts in err.object: the earlier calls'
        # bytes before this call's, if any.
        earlier = len(err.object) - size
        if not earlier <= resume <= len(err.object):
            raise IndexError(f"position {resume} from error handler out of bounds "
                             f"(this call's input starts at {earlier})")
        return rep, resume - earlier


# A character above U+FFFF: two UTF-16 code units.
_SUPPLEMENTARY = re.compile("[\U00010000-\U0010FFFF]")


class _Index:
    """Maps offsets in the UTF-16 of s (what the library reads; ``u16``) to
    indexes in s and back: a character above U+FFFF is two code units, any
    other one unit, a lone surrogate too (two lone surrogates that make a
    pair are two characters of s that the library reads as one code point;
    the offsets it reports fall between characters of s either way)."""

    __slots__ = ("starts", "ends")

    def __init__(self, s: str, u16: bytes) -> None:
        if len(u16) == 2 * len(s):  # no characters above U+FFFF
            self.starts: list[int] = []
        else:
            self.starts = [m.start() for m in _SUPPLEMENTARY.finditer(s)]
        # The offset in units after each character above U+FFFF.
        self.ends = [i + k + 2 for k, i in enumerate(self.starts)]

    def of(self, units: int) -> int:
        return units - bisect_right(self.ends, units)

    def units(self, index: int) -> int:
        return index + bisect_left(self.starts, index)


class _Encoding:
    """Streaming encoding with one handle (private)."""

    __slots__ = ("enc", "errors", "mode", "handle", "held", "busy", "small")

    def __init__(self, enc: Encoding, errors: str) -> None:
        self.enc = enc
        self.errors = errors
        self.mode = _encoder_mode(errors)
        self.handle = _new_encoder(enc, self.mode)
        # The high surrogate that ended the stream's last call, which the
        # library holds for the next (a character an error may begin with).
        self.held = ""
        self.busy = threading.Lock()
        self.small: Any = None

    def with_errors(self, errors: str) -> _Encoding:
        """This encoding with another error handler: the same stream where
        the library's error mode is the same (every handler but "html" and
        "xmlcharrefreplace" runs on its fatal mode), else a new one."""
        if _encoder_mode(errors) == self.mode:
            self.errors = errors
            return self
        return _Encoding(self.enc, errors)

    def reset(self) -> None:
        with _claim(self.busy, "encoder"):
            lib.whatenc_encoder_reset(self.handle.h)
            self.held = ""

    def encode(self, s: str, last: bool) -> bytes:
        if not isinstance(s, str):
            raise TypeError(f"expected str, got {type(s).__name__}")
        u16 = s.encode(UTF16, "surrogatepass")
        with _claim(self.busy, "encoder"):
            try:
                out = self._encode(s, u16, 0, last, self.errors, self.held)
            except BaseException:
                lib.whatenc_encoder_reset(self.handle.h)
                self.held = ""
                raise
            if last:
                self.held = ""
            elif s:
                self.held = s[-1] if "\ud800" <= s[-1] <= "\udbff" else ""
            return out

    def _encode(self, s: str, u16: bytes, start_unit: int, last: bool, errors: str,
                held: str = "") -> bytes:
        h = self.handle.h
        units = len(u16) // 2
        # u16 is bytes: its data is passed in place.
        addr = bytes_address(u16)
        # Most text needs at most 3 bytes per code unit (UTF-8, and any
        # legacy encoding without references); more only loops.
        cap = 3 * (units - start_unit) + 16
        if cap > _ONE_CALL:
            cap = _CHUNK
        if cap <= _SMALL:
            buf = self.small
            if buf is None:
                buf = self.small = create_string_buffer(_SMALL)
            cap = _SMALL
        else:
            buf = create_string_buffer(cap)
        dst = memoryview(buf)
        parts: list[bytes] = []
        pos = start_unit
        src_len = c_size_t()
        dst_len = c_size_t()
        info = EncodeInfo()
        flag = 1 if last else 0
        fn = lib.whatenc_encoder_encode_from_utf16
        index = _Index(s, u16)
        while True:
            src_len.value = units - pos
            dst_len.value = cap
            st = fn(h, (addr + 2 * pos) or None, byref(src_len), buf, byref(dst_len),
                    flag, byref(info))
            if dst_len.value:
                parts.append(dst[: dst_len.value].tobytes())
            pos += src_len.value
            if st == OK:
                break
            if st == OUTPUT_FULL:
                continue
            if st != UNMAPPABLE:  # pragma: no cover
                raise _ffi.WhatencError(f"unexpected status {st}", st)
            # The unmappable code point ends at pos: two units above U+FFFF
            # (one character of s, or two lone surrogates), else one; its
            # start is before s where an earlier call held its first half.
            end = index.of(pos)
            first = pos - (2 if info.unmappable > 0xFFFF else 1)
            obj, start = s, index.of(max(first, 0))
            if first < 0 and held:
                # Its high surrogate ended the call before (held): the error's
                # object starts with it, as a decoder's with held bytes.
                obj, start, end = held + s, 0, end + len(held)
            err = EncodeError(self.enc.name.lower(), obj, start, end,
                              "unmappable character", info.unmappable)
            if errors in ("strict", "fatal"):
                raise err
            rep, resume = codecs.lookup_error(errors)(err)
            if resume < 0:
                resume += len(obj)
            earlier = len(obj) - len(s)
            if not earlier <= resume <= len(obj):
                raise IndexError(f"position {resume} from error handler out of bounds")
            resume, end = resume - earlier, end - earlier
            if isinstance(rep, str):
                rep16 = rep.encode(UTF16, "surrogatepass")
                parts.append(self._encode(rep, rep16, 0, False, "strict"))
            elif isinstance(rep, (bytes, bytearray)):
                parts.append(bytes(rep))
            else:
                raise TypeError(
                    f"encoding error handler must return (str/bytes, int), got {rep!r}")
            if resume != end:
                pos = index.units(resume)
        return b"".join(parts)


# --------------------------------------------------------------- TextDecoder


class TextDecoder:
    """The standard's TextDecoder (section 7.2).

    ``TextDecoder(label="utf-8", *, fatal=False, ignore_bom=False)``: decodes
    bytes in the encoding ``label`` names. A UTF-8, UTF-16BE or UTF-16LE
    decoder removes its own encoding's BOM at the start of a stream unless
    ``ignore_bom``; other BOMs are text. Malformed input becomes U+FFFD, or
    raises :class:`DecodeError` if ``fatal``.

    Raises LookupError for an unknown label and for the replacement encoding
    (the standard's RangeError), TypeError for a label that is not a str.
    ``fatal`` and ``ignore_bom`` are taken as truth values, as the
    JavaScript options are converted to booleans.

    One decoder must not be used by two threads at once; use one per thread.
    """

    __slots__ = ("_enc", "_fatal", "_ignore_bom", "_d", "_do_not_flush", "_bom_seen", "_queued",
                 "_removes_bom", "__weakref__")

    def __init__(self, label: Union[str, Encoding] = "utf-8", *, fatal: bool = False,
                 ignore_bom: bool = False) -> None:
        enc = lookup(label)
        if enc.id == 36:  # replacement
            raise LookupError(f"TextDecoder does not support the replacement encoding "
                              f"(label {label!r})")
        self._enc = enc
        self._fatal = bool(fatal)
        self._ignore_bom = bool(ignore_bom)
        # The library keeps every BOM; decode() removes one as the standard's
        # "serialize I/O queue" does (section 7.1): the first character
        # serialized, which text thrown away with an error is not.
        self._d = _Decoding(enc, BOM_KEEP, "strict" if fatal else "replace")
        self._removes_bom = not ignore_bom and enc.name in ("UTF-8", "UTF-16BE", "UTF-16LE")
        self._do_not_flush = False
        self._bom_seen = False
        self._queued = b""  # input after an error in a streaming call

    @property
    def encoding(self) -> str:
        """The encoding's name, lower-cased (``"shift_jis"``)."""
        return self._enc.name.lower()

    @property
    def fatal(self) -> bool:
        """Whether malformed input raises DecodeError."""
        return self._fatal

    @property
    def ignore_bom(self) -> bool:
        """Whether a BOM is decoded as text (U+FEFF) rather than removed."""
        return self._ignore_bom

    def decode(self, data: Buffer = b"", *, stream: bool = False) -> str:
        """Decodes ``data``, any bytes-like object (bytes, bytearray,
        memoryview, array, mmap...), without copying it.

        With ``stream=True`` an incomplete sequence at the end is kept for the
        next call; the last call (``stream=False``, the default) finishes the
        stream and the next call starts a new one. A DecodeError throws the
        call's text away; after a call with ``stream=True`` the next call goes
        on with the input after the error, as the standard's decode() does,
        after one without it the next call starts a new stream.
        """
        if not self._do_not_flush:
            self._bom_seen = False
            self._queued = b""
        self._do_not_flush = stream
        if self._queued:
            data = self._queued + memoryview(data).tobytes()
            self._queued = b""
        try:
            text = self._d.decode(data, not stream, keep=stream)
        except DecodeError:
            if stream:
                self._queued = memoryview(data).tobytes()[self._d.stopped_at:]
            raise
        if self._removes_bom and not self._bom_seen and text:
            self._bom_seen = True
            if text[0] == "\ufeff":
                text = text[1:]
        return text

    def __repr__(self) -> str:
        return (f"<whatenc.TextDecoder {self.encoding} fatal={self._fatal} "
                f"ignore_bom={self._ignore_bom}>")


# --------------------------------------------------------------- TextEncoder


class EncodeIntoResult(NamedTuple):
    """The result of :meth:`TextEncoder.encode_into`."""

    read: int
    """Characters of the str read, as an index into it: ``s[read:]`` is what
    remains. (The standard counts UTF-16 code units, which differ for
    characters above U+FFFF: see encode_into.)"""
    written: int
    """Bytes written to the buffer."""


class TextEncoder:
    """The standard's TextEncoder (section 7.4): str to UTF-8.

    Lone surrogates (possible in a Python str) are encoded as U+FFFD, as the
    standard does for a JavaScript string. Stateless: may be shared between
    threads.
    """

    __slots__ = ()

    @property
    def encoding(self) -> str:
        """Always ``"utf-8"``."""
        return "utf-8"

    def encode(self, s: str = "") -> bytes:
        """The UTF-8 bytes of ``s``."""
        return _encode(s, _BY_ID[0], "html")

    def encode_into(self, s: str, buffer: Buffer) -> EncodeIntoResult:
        """Writes as much of ``s`` as fits into ``buffer`` (a writable
        bytes-like object) as UTF-8, never splitting a character, and returns
        ``(read, written)``.

        ``read`` counts the str's characters (code points), so ``s[read:]`` is
        the unwritten rest and ``encode_into(s[read:], ...)`` resumes. The
        standard's encodeInto() counts UTF-16 code units instead; they differ
        when ``s[:read]`` holds characters above U+FFFF, each two code units:
        ``len(s[:read].encode("utf-16-le", "surrogatepass")) // 2`` gives the
        standard's count.
        """
        if not isinstance(s, str):
            raise TypeError(f"expected str, got {type(s).__name__}")
        u16 = s.encode(UTF16, "surrogatepass")
        read = c_size_t()
        written = c_size_t()
        with Borrowed(buffer, writable=True) as dst, Borrowed(u16) as src:
            lib.whatenc_encode_into(src.addr or None, len(u16) // 2, dst.addr or None,
                                    dst.size, byref(read), byref(written))
        return EncodeIntoResult(_Index(s, u16).of(read.value), written.value)


# --------------------------------------------------------------- hooks


def _malloced_text(p: c_void_p, n: int) -> str:
    try:
        return str(memoryview((c_char * n).from_address(p.value or 0)), "utf-8") if n else ""
    finally:
        lib.whatenc_free(p)


def decode(data: Buffer, fallback: Union[str, Encoding] = "utf-8") -> tuple[str, Encoding]:
    """The standard's legacy "decode" hook (section 6.1): a UTF-8, UTF-16BE
    or UTF-16LE byte order mark decides the encoding (and is removed);
    without one, the encoding ``fallback`` names does. Malformed input becomes
    U+FFFD. Returns the text and the encoding used.
    """
    enc = lookup(fallback)
    out = c_void_p()
    n = c_size_t()
    used = c_int()
    with Borrowed(data) as src:
        lib.whatenc_decode(enc.id, src.addr or None, src.size, byref(out), byref(n),
                           byref(used))
    return _malloced_text(out, n.value), _BY_ID[used.value]


# From this many characters on, encode() in the HTML mode hands the library
# the text's UTF-16, through an encoder, rather than its UTF-8 in one
# one-shot call: CPython gives out a str's UTF-16 faster than its UTF-8 unless
# the text is ASCII, and the library encodes UTF-16 as fast as UTF-8 (Intel
# Xeon, 2026-11-27: 1.3-3.5x on the corpus pages, 0.94x on ISO-2022-JP),
# while a short text is done sooner by the one-shot call, which needs no
# encoder handle (7.5 against 10 us a call).
_UTF16_FROM = 1024


def _encode_one_shot(s: str, enc: Encoding) -> bytes:
    """encode() in the HTML mode through the one-shot call on the UTF-8 of
    ``s`` (through an encoder where ``s`` has lone surrogates, which UTF-8
    cannot hold)."""
    try:
        raw = s.encode("utf-8")
    except UnicodeEncodeError:
        return _Encoding(enc, "html").encode(s, True)
    out = c_void_p()
    n = c_size_t()
    cp = c_uint32()
    with Borrowed(raw) as src:
        lib.whatenc_encode(enc.id, src.addr or None, src.size, HTML, byref(out),
                           byref(n), byref(cp))
    try:
        return bytes((c_char * n.value).from_address(out.value or 0)) if n.value else b""
    finally:
        lib.whatenc_free(out)


def _encode(s: str, enc: Encoding, errors: str) -> bytes:
    if not isinstance(s, str):
        raise TypeError(f"expected str, got {type(s).__name__}")
    if not isinstance(errors, str):
        raise TypeError(f"errors must be str, not {type(errors).__name__}")
    if errors in ("html", "xmlcharrefreplace") and len(s) < _UTF16_FROM:
        return _encode_one_shot(s, enc)
    return _Encoding(enc, errors).encode(s, True)


def encode(s: str, label: Union[str, Encoding] = "utf-8", errors: str = "html") -> bytes:
    """The standard's legacy "encode" hook (section 6.1): encodes ``s`` in
    the OUTPUT encoding of the encoding ``label`` names ("get an output
    encoding", section 4.3). NOTE: UTF-16BE, UTF-16LE and replacement have no
    encoder; for them the result is UTF-8.

    ``errors``: ``"html"`` (the standard's default; an unmappable character
    becomes ``&#NNNN;``, also spelled ``"xmlcharrefreplace"``), ``"strict"``
    (raise :class:`EncodeError` naming the character and its index), or the
    name of any handler registered with :func:`codecs.register_error`. Lone
    surrogates are read as U+FFFD.
    """
    return _encode(s, lookup(label), errors)


# --------------------------------------------------------------- validation


def utf8_valid_up_to(data: Buffer) -> int:
    """How many leading bytes of ``data`` are valid UTF-8 (the library's
    ``whatenc_utf8_valid_up_to``): ``len(data)`` if all of them are, else the
    offset of the first byte of the first sequence that the standard's UTF-8
    decoder (section 8.1.1) finds malformed, or that ``data`` ends before it
    is complete. The bytes before that offset decode without an error; a
    byte order mark is valid like any other character.

    ``data`` is any bytes-like object (bytes, bytearray, memoryview, array,
    mmap...), read in place. Invalid input is not an error: the answer is
    then less than ``len(data)``. A sequence cut short at the end counts as
    invalid too; when more input follows, go on from the offset returned,
    with the rest. The offset is the ``start`` of the UnicodeDecodeError that
    ``bytes(data).decode("utf-8")`` raises: Python's UTF-8 decoder and the
    standard's reject the same sequences.

    Raises TypeError for an object that is not bytes-like (a str included).
    """
    valid = c_size_t()
    if type(data) is bytes:
        lib.whatenc_utf8_valid_up_to(bytes_address(data), len(data), byref(valid))
    else:
        with Borrowed(data) as src:
            lib.whatenc_utf8_valid_up_to(src.addr or None, src.size, byref(valid))
    return valid.value


def utf16_valid_up_to(units: Buffer) -> int:
    """How many leading code units of ``units`` are valid UTF-16 (the
    library's ``whatenc_utf16_valid_up_to``): their number if every
    surrogate is half of a pair, else the index of the first that is not (a
    low surrogate without a high one before it, or a high one without a low
    one after it, also at the end). Those are the code units that TextEncoder
    and :func:`encode` read as U+FFFD in a str.

    ``units`` is a bytes-like object holding UTF-16 code units in the
    machine's byte order (``sys.byteorder``), as this binding hands a str to
    the library: ``array.array("H", ...)``, a memoryview or ctypes array of
    ``uint16``, or the bytes of ``s.encode("utf-16-le", "surrogatepass")`` on
    a little-endian machine. Its items must be of 1 or 2 bytes, and its size
    even; the answer counts code units, not bytes. Invalid input is not an
    error: the answer is then less than the number of code units. (A Python
    str is not taken: its lone surrogates are characters of their own, and
    the index of a code unit is not an index into the str.)

    Raises TypeError for a str, an object that is not bytes-like or items of
    another size, ValueError for an odd number of bytes.
    """
    if isinstance(units, str):
        raise TypeError(f"expected a bytes-like object of UTF-16 code units, got str "
                        f"(s.encode({UTF16!r}, 'surrogatepass') gives its code units)")
    if type(units) is not bytes:
        try:
            with memoryview(units) as mv:
                itemsize = mv.itemsize
        except TypeError:
            raise TypeError(f"expected a bytes-like object of UTF-16 code units, got "
                            f"{type(units).__name__}") from None
        if itemsize not in (1, 2):
            # array("I") of code points, say: its bytes are no UTF-16.
            raise TypeError(f"expected UTF-16 code units (items of 2 bytes, or bytes), "
                            f"got items of {itemsize} bytes")
    valid = c_size_t()
    with Borrowed(units) as src:
        if src.size % 2:
            raise ValueError(f"UTF-16 code units are 2 bytes each: got {src.size} bytes")
        addr = src.addr
        if addr % 2:
            # The library reads uint16_t and refuses a misaligned address
            # (memoryview(b)[1:], say): one copy, aligned.
            aligned = (c_uint16 * (src.size // 2))()
            memmove(aligned, addr, src.size)
            addr = addressof(aligned)
        lib.whatenc_utf16_valid_up_to(addr or None, src.size // 2, byref(valid))
    return valid.value

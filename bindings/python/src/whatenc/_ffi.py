"""Loading libwhatenc and declaring its functions (private).

Every C function the binding calls is declared once, in :func:`_declare`, with
its ``argtypes``, ``restype`` and, for functions returning a status, the one
``errcheck`` that turns negative statuses into Python exceptions.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import os
from ctypes import (
    POINTER,
    Structure,
    c_char_p,
    c_int,
    c_size_t,
    c_uint,
    c_uint8,
    c_uint16,
    c_uint32,
    c_void_p,
)
from typing import Any

__all__ = ["lib", "library_path", "WhatencError", "ForkedError", "status_name"]

# Status codes (whatenc_status; pinned values).
OK = 0
OUTPUT_FULL = 1
MALFORMED = 2
UNMAPPABLE = 3
ERR_UNKNOWN_LABEL = -1
ERR_INVALID_ENCODING = -2
ERR_INVALID_HANDLE = -3
ERR_NULL_POINTER = -4
ERR_INVALID_ARGUMENT = -5
ERR_OVERFLOW = -6
ERR_OUT_OF_MEMORY = -7
ERR_FORKED = -8
ERR_INTERNAL = -9

# Modes.
REPLACEMENT = 0
FATAL = 1
HTML = 2
BOM_SNIFF = 0
BOM_REMOVE = 1
BOM_KEEP = 2

_HOW_TO_GET_ONE = (
    "whatenc: cannot find the shared library libwhatenc.\n"
    "Tried: {tried}.\n"
    "Get one in any of these ways:\n"
    "  * install the package from a checkout of whatenc with the Go toolchain "
    "(the version go.mod names) and a C compiler on PATH: `pip install ./bindings/python` builds "
    "the library (`make lib`) and bundles it inside the package;\n"
    "  * build it yourself with `make` at the root of the whatenc repository and "
    "point WHATENC_LIBRARY at it: "
    "`export WHATENC_LIBRARY=/path/to/whatenc/build/libwhatenc.so.1`;\n"
    "  * install it system-wide (`sudo make install` at the repository root, then "
    "`sudo ldconfig`; or the libwhatenc1 .deb package), so that "
    "ctypes.util.find_library('whatenc') finds it."
)


class WhatencError(RuntimeError):
    """An error status returned by libwhatenc (a bug or a misuse the binding
    did not catch before the call). ``status`` is the C status code."""

    def __init__(self, message: str, status: int = ERR_INTERNAL) -> None:
        super().__init__(message)
        self.status = status

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (str(self), self.status))


class ForkedError(WhatencError):
    """libwhatenc was called in a child process forked after the library was
    loaded, where its Go runtime cannot run. Use the ``spawn`` or
    ``forkserver`` start method of :mod:`multiprocessing` instead of ``fork``."""


FORKED_MESSAGE = (
    "whatenc cannot be used in a process forked (without exec) after the library "
    "was loaded: the Go runtime inside libwhatenc does not survive fork(). With "
    "multiprocessing, use the 'spawn' or 'forkserver' start method, e.g. "
    "multiprocessing.get_context('spawn'), or import whatenc only in the children."
)


def _candidates() -> list[str]:
    """The library paths to try, in order."""
    out: list[str] = []
    env = os.environ.get("WHATENC_LIBRARY")
    if env:
        return [env]  # an explicit choice is not second-guessed
    here = os.path.dirname(os.path.abspath(__file__))
    for pattern in ("libwhatenc.so*", "libwhatenc*.dylib", "whatenc*.dll"):
        out.extend(sorted(glob.glob(os.path.join(here, pattern)), key=len))
    found = ctypes.util.find_library("whatenc")
    if found:
        out.append(found)
    return out


def _load() -> tuple[ctypes.CDLL, str]:
    tried: list[str] = []
    errors: list[str] = []
    env = os.environ.get("WHATENC_LIBRARY")
    for path in _candidates():
        tried.append(path)
        try:
            return ctypes.CDLL(path), path
        except OSError as e:
            errors.append(f"{path}: {e}")
            if env:
                raise ImportError(
                    f"whatenc: WHATENC_LIBRARY={env!r} cannot be loaded: {e}"
                ) from e
    what = ", ".join(
        ["$WHATENC_LIBRARY (unset)", "libwhatenc.so* beside the package (none)",
         "ctypes.util.find_library('whatenc') (nothing)"]
    )
    if errors:
        what += "; load errors: " + "; ".join(errors)
    raise ImportError(_HOW_TO_GET_ONE.format(tried=what))


def status_name(status: int) -> str:
    """The library's description of a status code (whatenc_strerror)."""
    return (lib.whatenc_strerror(status) or b"unknown status").decode("ascii", "replace")


def _raise_for(status: int, func: Any) -> None:
    name = getattr(func, "__name__", "whatenc")
    if status == ERR_FORKED:
        raise ForkedError(FORKED_MESSAGE, status)
    if status == ERR_OUT_OF_MEMORY:
        raise MemoryError(f"{name}: out of memory")
    if status == ERR_OVERFLOW:
        raise OverflowError(f"{name}: {status_name(status)}")
    if status == ERR_UNKNOWN_LABEL:
        raise LookupError(f"{name}: {status_name(status)}")
    if status == ERR_INVALID_HANDLE:
        raise ValueError(f"{name}: invalid handle (used after close?)")
    raise WhatencError(f"{name}: {status_name(status)} (status {status})", status)


def _check(result: int, func: Any, args: tuple[Any, ...]) -> int:
    """The one status checker: negative results become exceptions; the
    non-negative outcomes (OK, OUTPUT_FULL, MALFORMED, UNMAPPABLE, or an
    encoding ID) are returned."""
    if result < 0:
        _raise_for(result, func)
    return result


def _check_sniff(result: int, func: Any, args: tuple[Any, ...]) -> int:
    """whatenc_bom_sniff: -1 means "no BOM", other negatives are errors."""
    if result < -1:
        _raise_for(result, func)
    return result


def _check_ptr(result: Any, func: Any, args: tuple[Any, ...]) -> Any:
    """const char * results: NULL means an invalid ID or a forked child."""
    if result is None:
        lib.whatenc_encoding_count()  # raises ForkedError in a forked child
        raise ValueError(f"{func.__name__}: invalid argument")
    return result


class DecodeInfo(Structure):
    _fields_ = [
        ("replaced", c_int),
        ("malformed_len", c_size_t),
        ("consumed_after", c_size_t),
    ]


class EncodeInfo(Structure):
    _fields_ = [("replaced", c_int), ("unmappable", c_uint32)]


P_SIZE = POINTER(c_size_t)
P_U8 = c_void_p  # buffers are passed as addresses (see _buffers.py)
P_U16 = c_void_p
P_HANDLE = POINTER(c_void_p)


def _declare(lib: ctypes.CDLL) -> None:
    # name: (restype, argtypes, errcheck)
    table: dict[str, tuple[Any, list[Any], Any]] = {
        "whatenc_version_number": (c_uint, [], None),
        "whatenc_version_string": (c_char_p, [], None),
        "whatenc_kernels": (c_char_p, [], _check_ptr),
        "whatenc_strerror": (c_char_p, [c_int], None),
        "whatenc_init": (c_int, [], _check),
        "whatenc_encoding_for_label": (c_int, [c_char_p, c_size_t], _check),
        "whatenc_encoding_count": (c_int, [], _check),
        "whatenc_encoding_name": (c_char_p, [c_int], _check_ptr),
        "whatenc_encoding_output_encoding": (c_int, [c_int], _check),
        "whatenc_encoding_has_encoder": (c_int, [c_int], _check),
        "whatenc_bom_sniff": (c_int, [P_U8, c_size_t], _check_sniff),
        # MALFORMED is an answer here (the valid length is short of the
        # input's), not an error: _check returns it.
        "whatenc_utf8_valid_up_to": (c_int, [P_U8, c_size_t, P_SIZE], _check),
        "whatenc_utf16_valid_up_to": (c_int, [P_U16, c_size_t, P_SIZE], _check),
        "whatenc_decoder_new": (c_int, [c_int, c_int, c_int, P_HANDLE], _check),
        "whatenc_decoder_free": (None, [c_void_p], None),
        "whatenc_decoder_reset": (c_int, [c_void_p], _check),
        "whatenc_decoder_encoding": (c_int, [c_void_p], _check),
        "whatenc_decoder_max_utf8_length": (c_int, [c_void_p, c_size_t, P_SIZE], _check),
        "whatenc_decoder_max_utf16_length": (c_int, [c_void_p, c_size_t, P_SIZE], _check),
        "whatenc_decoder_decode_to_utf8": (
            c_int,
            [c_void_p, P_U8, P_SIZE, P_U8, P_SIZE, c_int, POINTER(DecodeInfo)],
            _check,
        ),
        "whatenc_decoder_decode_to_utf16": (
            c_int,
            [c_void_p, P_U8, P_SIZE, P_U16, P_SIZE, c_int, POINTER(DecodeInfo)],
            _check,
        ),
        "whatenc_encoder_new": (c_int, [c_int, c_int, P_HANDLE], _check),
        "whatenc_encoder_free": (None, [c_void_p], None),
        "whatenc_encoder_reset": (c_int, [c_void_p], _check),
        "whatenc_encoder_encoding": (c_int, [c_void_p], _check),
        "whatenc_encoder_max_length_from_utf8": (
            c_int, [c_void_p, c_size_t, P_SIZE], _check),
        "whatenc_encoder_max_length_from_utf16": (
            c_int, [c_void_p, c_size_t, P_SIZE], _check),
        "whatenc_encoder_encode_from_utf8": (
            c_int,
            [c_void_p, P_U8, P_SIZE, P_U8, P_SIZE, c_int, POINTER(EncodeInfo)],
            _check,
        ),
        "whatenc_encoder_encode_from_utf16": (
            c_int,
            [c_void_p, P_U16, P_SIZE, P_U8, P_SIZE, c_int, POINTER(EncodeInfo)],
            _check,
        ),
        "whatenc_encode_into": (
            c_int, [P_U16, c_size_t, P_U8, c_size_t, P_SIZE, P_SIZE], _check),
        "whatenc_decode": (
            c_int,
            [c_int, P_U8, c_size_t, POINTER(c_void_p), P_SIZE, POINTER(c_int)],
            _check,
        ),
        "whatenc_decode_advanced": (
            c_int,
            [c_int, c_int, c_int, P_U8, c_size_t, POINTER(c_void_p), P_SIZE,
             POINTER(c_int), P_SIZE],
            _check,
        ),
        "whatenc_encode": (
            c_int,
            [c_int, P_U8, c_size_t, c_int, POINTER(c_void_p), P_SIZE, POINTER(c_uint32)],
            _check,
        ),
        "whatenc_free": (None, [c_void_p], None),
    }
    for name, (restype, argtypes, errcheck) in table.items():
        func = getattr(lib, name)
        func.restype = restype
        func.argtypes = argtypes
        if errcheck is not None:
            func.errcheck = errcheck


lib, library_path = _load()
_declare(lib)
U8 = c_uint8
U16 = c_uint16

"""Borrowing the memory of Python buffers for C calls, without copying (private).

ctypes alone can point C at the memory of a *writable* buffer
(``(c_char * n).from_buffer``) but not of a read-only one such as ``bytes``, a
``memoryview`` of ``bytes`` or a read-only ``mmap``: ``from_buffer`` refuses
them and ``from_buffer_copy`` copies. So the binding asks CPython itself for
the buffer (``PyObject_GetBuffer`` through ``ctypes.pythonapi``), which gives
the address of any C-contiguous buffer, read-only or not, and holds the
exporter (a ``bytearray`` cannot be resized meanwhile) until
``PyBuffer_Release``. The library never keeps the pointer after a call, and
only reads from input buffers.

Copies happen only where they cannot be avoided: a non-contiguous buffer
(e.g. ``memoryview(b)[::2]``) is copied once with ``tobytes()``, and on a
Python without ``ctypes.pythonapi`` (not CPython) read-only buffers are copied
with ``from_buffer_copy``.
"""

from __future__ import annotations

import ctypes
import sys
from ctypes import POINTER, Structure, byref, c_char, c_int, c_void_p, py_object
from typing import Any

PyBUF_SIMPLE = 0
PyBUF_WRITABLE = 0x0001


class _PyBuffer(Structure):
    # Py_buffer, part of the stable ABI since Python 3.11 (same layout before).
    _fields_ = [
        ("buf", c_void_p),
        ("obj", c_void_p),
        ("len", ctypes.c_ssize_t),
        ("itemsize", ctypes.c_ssize_t),
        ("readonly", c_int),
        ("ndim", c_int),
        ("format", c_void_p),
        ("shape", c_void_p),
        ("strides", c_void_p),
        ("suboffsets", c_void_p),
        ("internal", c_void_p),
    ]


try:
    _api: Any = ctypes.pythonapi
    _get = _api.PyObject_GetBuffer
    _get.argtypes = [py_object, POINTER(_PyBuffer), c_int]
    _get.restype = c_int
    _release = _api.PyBuffer_Release
    _release.argtypes = [POINTER(_PyBuffer)]
    _release.restype = None
except (AttributeError, OSError):  # pragma: no cover - not CPython
    _get = None


def _cast_address(b: bytes) -> int:
    return ctypes.cast(b, c_void_p).value or 0  # type: ignore[arg-type]


# The data of a bytes object lies at a fixed offset from the object in
# CPython (PyBytesObject.ob_sval); checked here, else ctypes finds it.
_OFFSET = sys.getsizeof(b"") - 1


def _id_address(b: bytes) -> int:
    return id(b) + _OFFSET


bytes_address = _cast_address
if all(_id_address(x) == _cast_address(x) for x in (b"", b"x", b"abc" * 100, bytes(5000))):
    bytes_address = _id_address
bytes_address.__doc__ = """The address of the data of a bytes object (exactly
``bytes``, not a subclass), which lives as long as the object: no copy."""


def _type_error(obj: object, what: str) -> TypeError:
    return TypeError(f"expected {what}, got {type(obj).__name__}")


class Borrowed:
    """The address and byte length of a buffer's memory, valid until
    :meth:`release` (or the end of a ``with`` block)."""

    __slots__ = ("addr", "size", "_view", "_keep")

    def __init__(self, obj: Any, writable: bool = False) -> None:
        self._view: _PyBuffer | None = None
        self._keep: Any = None
        what = "a writable bytes-like object" if writable else "a bytes-like object"
        if isinstance(obj, str):
            raise _type_error(obj, what)
        if _get is not None:
            view = _PyBuffer()
            try:
                _get(obj, byref(view), PyBUF_WRITABLE if writable else PyBUF_SIMPLE)
            except TypeError:
                raise _type_error(obj, what) from None
            except BufferError as e:
                if writable:
                    raise TypeError(f"expected {what}: {e}") from None
                # Not C-contiguous: one unavoidable copy.
                copy = memoryview(obj).tobytes()
                _get(copy, byref(view), PyBUF_SIMPLE)
            self._view = view
            self.addr: int = view.buf or 0
            self.size: int = view.len
            return
        # Fallback without pythonapi.
        try:
            mv = memoryview(obj)
        except TypeError:
            raise _type_error(obj, what) from None
        if not mv.c_contiguous:
            if writable:
                raise TypeError(f"expected {what}: not C-contiguous")
            mv = memoryview(mv.tobytes())
        mv = mv.cast("B")
        if mv.readonly:
            if writable:
                raise _type_error(obj, what)
            arr = (c_char * mv.nbytes).from_buffer_copy(mv)
        else:
            arr = (c_char * mv.nbytes).from_buffer(mv)
        self._keep = arr
        self.addr = ctypes.addressof(arr)
        self.size = mv.nbytes

    def release(self) -> None:
        if self._view is not None:
            _release(byref(self._view))
            self._view = None
        self._keep = None

    def __enter__(self) -> Borrowed:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __del__(self) -> None:
        self.release()

"""whatenc: the WHATWG Encoding Standard (https://encoding.spec.whatwg.org/)
for Python, on libwhatenc.

Every encoding, label, decoder and encoder of the standard, exactly as
browsers behave:

* :func:`lookup` ("get an encoding") and :class:`Encoding`;
* :class:`TextDecoder` and :class:`TextEncoder`, the standard's API;
* :func:`decode` and :func:`encode`, its legacy hooks (BOM sniffing,
  HTML numeric character references);
* :func:`register`, which makes every encoding a Python codec named
  ``whatwg-<label>`` (``b.decode("whatwg-shift_jis")``,
  ``open(path, encoding="whatwg-big5")``);
* :func:`utf8_valid_up_to` and :func:`utf16_valid_up_to`: how much of a
  buffer is valid UTF-8, or UTF-16 (every surrogate in a pair).

The conversions all happen in libwhatenc, loaded with ctypes from
``$WHATENC_LIBRARY``, else the copy bundled in the package, else a system
install. The library embeds a Go runtime: a process forked after importing
whatenc cannot use it (calls raise :class:`ForkedError`); use
multiprocessing's "spawn" or "forkserver" start method.
"""

from __future__ import annotations

from ._ffi import ForkedError, WhatencError, lib, library_path

lib.whatenc_init()

from ._codec import register  # noqa: E402
from ._core import (  # noqa: E402
    DecodeError,
    EncodeError,
    EncodeIntoResult,
    Encoding,
    TextDecoder,
    TextEncoder,
    decode,
    encode,
    encodings,
    lookup,
    utf8_valid_up_to,
    utf16_valid_up_to,
)

__version__ = "1.0.0"
library_version: str = lib.whatenc_version_string().decode("ascii")
"""The version of the libwhatenc loaded."""
kernels: str = lib.whatenc_kernels().decode("ascii")
"""The vector kernels libwhatenc chose when it was loaded: "avx512", "avx2",
"neon" (arm64) or "generic" (the environment variable WHATENC_CPU can hold
them lower)."""

__all__ = [
    "DecodeError",
    "EncodeError",
    "EncodeIntoResult",
    "Encoding",
    "ForkedError",
    "TextDecoder",
    "TextEncoder",
    "WhatencError",
    "decode",
    "encode",
    "encodings",
    "kernels",
    "library_path",
    "library_version",
    "lookup",
    "register",
    "utf8_valid_up_to",
    "utf16_valid_up_to",
]

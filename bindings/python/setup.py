"""Bundles libwhatenc into the package.

The library comes from, in order:
  1. $WHATENC_BUNDLE_LIBRARY, a path to a built libwhatenc.so;
  2. the whatenc checkout around this directory (../..): `make lib` there
     (Go toolchain and a C compiler needed), then build/libwhatenc.so.<major>.
The build fails when neither gives a library (a failed `make lib`, or an
sdist unpacked outside a checkout), since the package would not import.
WHATENC_BUNDLE_LIBRARY=system builds it without one on purpose: at import it
then loads $WHATENC_LIBRARY or a system install (`make install`, the .deb).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # setuptools < 70.1
    from wheel.bdist_wheel import bdist_wheel

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


_NO_LIBRARY = """no libwhatenc to bundle: {why}.
A wheel without the library fails at import unless one is installed apart. Either
  * build from a whatenc checkout, with the Go toolchain and a C compiler on PATH
    (`pip install ./bindings/python` runs `make lib` at the checkout's root);
  * set WHATENC_BUNDLE_LIBRARY=/path/to/libwhatenc.so.1 to bundle a library built
    elsewhere (`make lib` in a checkout builds build/libwhatenc.so.1);
  * or set WHATENC_BUNDLE_LIBRARY=system to bundle none: at import the package
    then loads $WHATENC_LIBRARY or a system-installed libwhatenc."""


def _find_library() -> str | None:
    """The library to bundle, or None under WHATENC_BUNDLE_LIBRARY=system."""
    env = os.environ.get("WHATENC_BUNDLE_LIBRARY")
    if env == "system":
        return None
    if env:
        if not os.path.isfile(env):
            sys.exit(f"WHATENC_BUNDLE_LIBRARY={env!r} is not a file")
        return env
    if not os.path.isfile(os.path.join(ROOT, "include", "whatenc.h")):
        sys.exit(_NO_LIBRARY.format(
            why=f"{HERE} is not in a whatenc checkout (an sdist, say) to build it from"))
    if not shutil.which("make"):
        sys.exit(_NO_LIBRARY.format(why="`make` is not on PATH to build it"))
    res = subprocess.run(["make", "-C", ROOT, "lib"], stdout=sys.stderr)
    if res.returncode != 0:
        sys.exit(_NO_LIBRARY.format(why=f"`make lib` failed in {ROOT}"))
    libs = sorted(glob.glob(os.path.join(ROOT, "build", "libwhatenc.so.[0-9]")))
    if not libs:
        sys.exit(_NO_LIBRARY.format(why=f"`make lib` left no build/libwhatenc.so.<N> in {ROOT}"))
    return libs[0]


class BuildPyWithLibrary(build_py):
    def run(self) -> None:
        super().run()
        lib = _find_library()
        dest_dir = os.path.join(self.build_lib, "whatenc")
        for old in glob.glob(os.path.join(dest_dir, "libwhatenc.so*")):
            os.remove(old)
        if lib is None:
            print("WHATENC_BUNDLE_LIBRARY=system: no libwhatenc bundled; whatenc will load "
                  "$WHATENC_LIBRARY or a system install at import", file=sys.stderr)
            return
        # Copied (symlinks resolved) under its soname.
        name = os.path.basename(lib)
        if name == "libwhatenc.so" or name.count(".") > 2:
            name = "libwhatenc.so.1"
        os.makedirs(dest_dir, exist_ok=True)
        shutil.copyfile(os.path.realpath(lib), os.path.join(dest_dir, name))


class BinaryDistribution(Distribution):
    """The wheel holds a native library: platform-specific, not pure."""

    def has_ext_modules(self) -> bool:
        return True


class BdistWheelAnyPython(bdist_wheel):
    """The package is Python that calls the library through ctypes, with no
    extension module: one wheel serves every Python 3 (py3-none-<platform>),
    and one without the library (WHATENC_BUNDLE_LIBRARY=system) any platform."""

    def get_tag(self) -> tuple[str, str, str]:
        _, _, plat = super().get_tag()
        if os.environ.get("WHATENC_BUNDLE_LIBRARY") == "system":
            plat = "any"
        return "py3", "none", plat


setup(cmdclass={"build_py": BuildPyWithLibrary, "bdist_wheel": BdistWheelAnyPython},
      distclass=BinaryDistribution)

"""Bundles libwhatenc into the package.

The library comes from, in order:
  1. $WHATENC_BUNDLE_LIBRARY, a path to a built libwhatenc.so;
  2. the whatenc checkout around this directory (../..): `make lib` there
     (Go toolchain and a C compiler needed), then build/libwhatenc.so.<major>;
If neither works the package is built without a bundled library, with a
warning; at import it then looks for $WHATENC_LIBRARY or a system install.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _find_library() -> str | None:
    env = os.environ.get("WHATENC_BUNDLE_LIBRARY")
    if env:
        if not os.path.isfile(env):
            sys.exit(f"WHATENC_BUNDLE_LIBRARY={env!r} is not a file")
        return env
    if os.path.isfile(os.path.join(ROOT, "include", "whatenc.h")) and shutil.which("make"):
        res = subprocess.run(["make", "-C", ROOT, "lib"], stdout=sys.stderr)
        if res.returncode != 0:
            sys.exit("`make lib` failed in " + ROOT + ": the Go toolchain and a C compiler "
                     "are needed to build libwhatenc")
        libs = sorted(glob.glob(os.path.join(ROOT, "build", "libwhatenc.so.[0-9]")))
        if libs:
            return libs[0]
    return None


class BuildPyWithLibrary(build_py):
    def run(self) -> None:
        super().run()
        lib = _find_library()
        dest_dir = os.path.join(self.build_lib, "whatenc")
        for old in glob.glob(os.path.join(dest_dir, "libwhatenc.so*")):
            os.remove(old)
        if lib is None:
            print("warning: no libwhatenc to bundle; whatenc will look for "
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


setup(cmdclass={"build_py": BuildPyWithLibrary}, distclass=BinaryDistribution)

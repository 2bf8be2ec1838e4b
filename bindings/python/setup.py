"""Bundles libwhatenc into the package.

The library comes from, in order:
  1. $WHATENC_BUNDLE_LIBRARY, a path to a built libwhatenc.so;
  2. the whatenc checkout around this directory (../..): `make lib` there
     (Go toolchain and a C compiler needed), then build/libwhatenc.so.<major>.
The build fails when neither gives a library (a failed `make lib`, or an
sdist unpacked outside a checkout), since the package would not import.
WHATENC_BUNDLE_LIBRARY=system builds it without one on purpose: at import it
then loads $WHATENC_LIBRARY or a system install (`make install`, the .deb).

A wheel with the library is tagged py3-none-manylinux_X_Y_<machine> (PEP 600),
read from the bundled library itself: the machine of its ELF header and X.Y
the newest GLIBC_X.Y symbol version it needs. When it cannot be read, or needs
more than glibc (a library that `auditwheel repair` would have to vendor), the
tag is linux_<machine> and the build says why: PyPI refuses those wheels.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import struct
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
        dest = os.path.join(dest_dir, name)
        shutil.copyfile(os.path.realpath(lib), dest)
        self.distribution.whatenc_bundled = (dest, lib)  # for bdist_wheel's tag


# (e_machine, ELF class, byte order) of a library -> the machine of its wheel tag,
# for the machines that have manylinux tags.
_ELF_MACHINES = {
    (3, 32, "<"): "i686",
    (40, 32, "<"): "armv7l",  # the hard-float ABI only: see _read_elf
    (62, 64, "<"): "x86_64",
    (183, 64, "<"): "aarch64",
    (21, 64, "<"): "ppc64le",
    (21, 64, ">"): "ppc64",
    (22, 64, ">"): "s390x",
    (243, 64, "<"): "riscv64",
    (258, 64, "<"): "loongarch64",
}
# glibc's own libraries a manylinux wheel may need from the system (those of
# auditwheel's manylinux policies); anything else would have to be vendored.
_GLIBC_LIBRARIES = frozenset({
    "libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
    "libutil.so.1", "libresolv.so.2", "libanl.so.1", "libnsl.so.1",
})


def _is_loader(soname: str) -> bool:
    """glibc's dynamic loader, which auditwheel leaves out of its checks."""
    return soname.startswith("ld-linux") or soname in ("ld64.so.1", "ld64.so.2")


_GLIBC_VERSION = re.compile(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?")


def _read_elf(path: str) -> tuple[str | None, list[str], list[tuple[str, str]]]:
    """The wheel machine of the ELF shared library at path (None when it has no
    manylinux tag), its NEEDED sonames and the (soname, version) pairs of its
    version references (.gnu.version_r). ValueError when it cannot be read."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        if data[:4] != b"\x7fELF":
            raise ValueError("not an ELF file")
        bits = {1: 32, 2: 64}.get(data[4])
        order = {1: "<", 2: ">"}.get(data[5])
        if bits is None or order is None:
            raise ValueError("unknown ELF class or byte order")
        if bits == 64:
            e_type, e_machine = struct.unpack_from(order + "HH", data, 16)
            (e_shoff,) = struct.unpack_from(order + "Q", data, 40)
            (e_flags,) = struct.unpack_from(order + "I", data, 48)
            e_shentsize, e_shnum = struct.unpack_from(order + "HH", data, 58)
            shdr, dyn = order + "IIQQQQIIQQ", order + "qQ"
        else:
            e_type, e_machine = struct.unpack_from(order + "HH", data, 16)
            e_shoff, e_flags = struct.unpack_from(order + "II", data, 32)
            e_shentsize, e_shnum = struct.unpack_from(order + "HH", data, 46)
            shdr, dyn = order + "IIIIIIIIII", order + "iI"
        if e_type != 3:  # ET_DYN
            raise ValueError("not a shared library")
        if e_shoff == 0 or e_shnum == 0:
            raise ValueError("no section headers")
        # (type, offset, size, link, info) of each section
        sections = []
        for i in range(e_shnum):
            sh = struct.unpack_from(shdr, data, e_shoff + i * e_shentsize)
            sections.append((sh[1], sh[4], sh[5], sh[6], sh[7]))

        def string(strtab: int, off: int) -> str:
            start = sections[strtab][1] + off
            return data[start:data.index(b"\0", start)].decode("ascii")

        if not any(sh[0] == 6 for sh in sections):  # SHT_DYNAMIC
            raise ValueError("no dynamic section")
        needed, versions = [], []
        for sh_type, off, size, link, info in sections:
            if sh_type == 6:  # SHT_DYNAMIC
                for at in range(off, off + size, struct.calcsize(dyn)):
                    d_tag, d_val = struct.unpack_from(dyn, data, at)
                    if d_tag == 0:  # DT_NULL
                        break
                    if d_tag == 1:  # DT_NEEDED
                        needed.append(string(link, d_val))
            elif sh_type == 0x6FFFFFFE:  # SHT_GNU_verneed: info entries
                at = off
                for _ in range(info):
                    vn = struct.unpack_from(order + "HHIII", data, at)
                    _, vn_cnt, vn_file, vn_aux, vn_next = vn
                    aux = at + vn_aux
                    for _ in range(vn_cnt):
                        _, _, _, vna_name, vna_next = struct.unpack_from(order + "IHHII", data, aux)
                        versions.append((string(link, vn_file), string(link, vna_name)))
                        aux += vna_next
                    at += vn_next
    except (struct.error, IndexError, UnicodeDecodeError) as e:
        raise ValueError(f"a malformed ELF file ({e})") from None
    machine = _ELF_MACHINES.get((e_machine, bits, order))
    if machine == "armv7l" and not e_flags & 0x400:  # EF_ARM_ABI_FLOAT_HARD
        machine = None
    return machine, needed, versions


def _manylinux_tag(path: str, lib: str) -> tuple[str | None, str]:
    """(manylinux_X_Y_<machine>, "") for the library at path, or (linux_<machine>,
    or None when even its machine is unknown, why it has no manylinux tag); lib
    names it in the why."""
    try:
        machine, needed, versions = _read_elf(path)
    except (OSError, ValueError) as e:
        return None, f"cannot read {lib} as an ELF shared library: {e}"
    if machine is None:
        return None, f"{lib} is for a machine that has no manylinux tag"
    fallback = f"linux_{machine}"
    others = [n for n in needed if n not in _GLIBC_LIBRARIES and not _is_loader(n)]
    if others:
        return fallback, f"{lib} needs {', '.join(others)}, not part of glibc"
    glibc = []
    for soname, version in versions:
        if _is_loader(soname):
            continue
        m = _GLIBC_VERSION.fullmatch(version)
        if not m:
            return fallback, f"{lib} needs {version} of {soname}, not a GLIBC_X.Y version"
        glibc.append((int(m[1]), int(m[2])))
    # The oldest tags installers know: glibc 2.5 on x86 (manylinux1), 2.17
    # elsewhere (manylinux2014); a library needing older gets those.
    floor = (2, 5) if machine in ("x86_64", "i686") else (2, 17)
    major, minor = max(glibc + [floor])
    return f"manylinux_{major}_{minor}_{machine}", ""


class BinaryDistribution(Distribution):
    """The wheel holds a native library: platform-specific, not pure."""

    def has_ext_modules(self) -> bool:
        return True


class BdistWheelAnyPython(bdist_wheel):
    """The package is Python that calls the library through ctypes, with no
    extension module: one wheel serves every Python 3 (py3-none-<platform>),
    and one without the library (WHATENC_BUNDLE_LIBRARY=system) any platform.
    The platform of a wheel with the library is the bundled library's own
    manylinux tag (_manylinux_tag), unless --plat-name names one."""

    _warned = False

    def get_tag(self) -> tuple[str, str, str]:
        _, _, plat = super().get_tag()
        if os.environ.get("WHATENC_BUNDLE_LIBRARY") == "system":
            return "py3", "none", "any"
        if self.plat_name_supplied:
            return "py3", "none", plat
        # The copy in the wheel (and where it came from), or, build_py not
        # run here (--skip-build), a library in the build folder.
        bundled = getattr(self.distribution, "whatenc_bundled", None)
        if bundled is None:
            build_lib = self.get_finalized_command("build_py").build_lib
            libs = sorted(glob.glob(os.path.join(build_lib, "whatenc", "libwhatenc.so*")))
            bundled = (libs[0], libs[0]) if libs else None
        if bundled:
            found, why = _manylinux_tag(*bundled)
        else:
            found, why = None, "no bundled libwhatenc to read"
        tag = found or plat
        if why:
            if not BdistWheelAnyPython._warned:  # get_tag is called more than once
                BdistWheelAnyPython._warned = True
                print(f"whatenc: the wheel is tagged {tag}, not manylinux: {why}. PyPI refuses "
                      "linux_* wheels: `auditwheel repair` makes a manylinux wheel of it, "
                      "vendoring what it needs, when one can be made.", file=sys.stderr)
        return "py3", "none", tag


setup(cmdclass={"build_py": BuildPyWithLibrary, "bdist_wheel": BdistWheelAnyPython},
      distclass=BinaryDistribution)

#!/bin/sh
# install_test.sh: `make install` into a temporary DESTDIR, then a consumer
# built three ways against the installed tree (pkg-config, CMake
# find_package, static libwhatenc.a), each run and checked, and a C++ one
# using only the installed whatenc.hpp (pkg-config, find_package); a second
# install with its own PREFIX and LIBDIR; `make uninstall` removes it all.
# Then: a LIBDIR (and a MANDIR) outside PREFIX; the CMake package found
# through a usrmerge symlink; CPPFLAGS, LDFLAGS and GO_STRIP reaching the
# builds; the Python package built from its sdist (no checkout around it)
# refusing to make a wheel without the library unless told to, and its
# wheel with the library tagged manylinux from the library's glibc symbol
# versions, as auditwheel (from PyPI, when it installs) finds it.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make=${MAKE:-make}
cc=${CC:-cc}
cxx=${CXX:-c++}
want="1.0.0 windows-1252 café"
pass=0 fail=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi; }

install_tree() { # destdir prefix libdir
    $make -s -C "$top" install DESTDIR="$1" PREFIX="$2" LIBDIR="$3" > "$tmp/install.log" 2>&1 ||
        { cat "$tmp/install.log"; echo "FAIL: make install"; exit 1; }
}

d=$tmp/root p=/usr/local l=/usr/local/lib
install_tree "$d" $p $l
for f in $l/libwhatenc.so.1.0.0 $l/libwhatenc.so.1 $l/libwhatenc.so $l/libwhatenc.a $p/include/whatenc.h $p/include/whatenc.hpp \
         $l/pkgconfig/whatenc.pc $l/cmake/whatenc/whatencConfig.cmake \
         $l/cmake/whatenc/whatencConfigVersion.cmake $p/bin/whatconv $p/share/man/man1/whatconv.1; do
    check "installed $f" yes "$([ -e "$d$f" ] && echo yes)"
done
check "installed whatenc.hpp is include/whatenc.hpp" yes "$(cmp -s "$top/include/whatenc.hpp" "$d$p/include/whatenc.hpp" && echo yes)"
check "installed manual page is man/whatconv.1" yes "$(cmp -s "$top/man/whatconv.1" "$d$p/share/man/man1/whatconv.1" && echo yes)"
check "soname link" libwhatenc.so.1.0.0 "$(readlink "$d$l/libwhatenc.so.1")"
check "dev link" libwhatenc.so.1 "$(readlink "$d$l/libwhatenc.so")"

# 1. pkg-config (the sysroot maps the .pc file's paths into DESTDIR).
export PKG_CONFIG_PATH="$d$l/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$d"
check "pkg-config version" 1.0.0 "$(pkg-config --modversion whatenc)"
# shellcheck disable=SC2046
$cc -std=c99 -Wall -Wextra -Werror -o "$tmp/pc" "$top/tests/consumer/consumer.c" $(pkg-config --cflags --libs whatenc)
check "pkg-config consumer" "$want" "$(LD_LIBRARY_PATH="$d$l" "$tmp/pc")"
# shellcheck disable=SC2046
$cxx -std=c++17 -pedantic -Wall -Wextra -Werror -fno-exceptions -fno-rtti -o "$tmp/pc-cxx" \
    "$top/tests/consumer/consumer.cc" $(pkg-config --cflags --libs whatenc)
check "pkg-config C++ consumer (whatenc.hpp)" "$want" "$(LD_LIBRARY_PATH="$d$l" "$tmp/pc-cxx")"
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# 2. CMake find_package (whatenc::whatenc and whatenc::whatenc_static).
cmake -S "$top/tests/consumer" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$d$p" > "$tmp/cm.log" 2>&1 || cat "$tmp/cm.log"
cmake --build "$tmp/cm" > "$tmp/cmb.log" 2>&1 || cat "$tmp/cmb.log"
check "find_package consumer" "$want" "$(LD_LIBRARY_PATH="$d$l" "$tmp/cm/consumer")"
check "find_package static consumer" "$want" "$("$tmp/cm/consumer_static")"
check "find_package C++ consumer (whatenc.hpp)" "$want" "$(LD_LIBRARY_PATH="$d$l" "$tmp/cm/consumer_cxx")"
mkdir -p "$tmp/v2" && sed 's/whatenc 1 REQUIRED/whatenc 2 REQUIRED/' "$top/tests/consumer/CMakeLists.txt" > "$tmp/v2/CMakeLists.txt"
cp "$top/tests/consumer/consumer.c" "$top/tests/consumer/consumer.cc" "$tmp/v2/"
cmake -S "$tmp/v2" -B "$tmp/v2/b" -DCMAKE_PREFIX_PATH="$d$p" > /dev/null 2>&1
check "find_package(whatenc 2) is refused" 1 "$([ $? -ne 0 ] && echo 1)"

# 3. Static, against libwhatenc.a alone.
$cc -std=c99 -Wall -Wextra -Werror -I"$d$p/include" -o "$tmp/static" "$top/tests/consumer/consumer.c" \
    "$d$l/libwhatenc.a" -lpthread
check "static consumer" "$want" "$("$tmp/static")"
check "static consumer needs no libwhatenc.so" 0 "$(ldd "$tmp/static" | grep -c libwhatenc)"

# The installed example.
check "installed whatconv" "café" "$(printf 'caf\351' | LD_LIBRARY_PATH="$d$l" "$d$p/bin/whatconv" -f latin1 -t utf-8)"

# Uninstall leaves nothing.
$make -s -C "$top" uninstall DESTDIR="$d" PREFIX=$p LIBDIR=$l > /dev/null
check "uninstall" "" "$(find "$d" -type f -o -type l)"

# Another PREFIX and LIBDIR.
d2=$tmp/root2 p2=/opt/whatenc l2=/opt/whatenc/lib/x86_64-linux-gnu
install_tree "$d2" $p2 $l2
check "LIBDIR honoured" yes "$([ -e "$d2$l2/libwhatenc.so.1.0.0" ] && [ -e "$d2$l2/cmake/whatenc/whatencConfig.cmake" ] && echo yes)"
check "pc libdir" "libdir=$l2" "$(grep '^libdir=' "$d2$l2/pkgconfig/whatenc.pc")"
check "MANDIR follows PREFIX" yes "$([ -f "$d2$p2/share/man/man1/whatconv.1" ] && echo yes)"
cmake -S "$top/tests/consumer" -B "$tmp/cm2" -DCMAKE_PREFIX_PATH="$d2$p2" > /dev/null 2>&1 &&
    cmake --build "$tmp/cm2" > /dev/null 2>&1
check "find_package with a multiarch LIBDIR" "$want" "$(LD_LIBRARY_PATH="$d2$l2" "$tmp/cm2/consumer" 2>&1)"
$make -s -C "$top" uninstall DESTDIR="$d2" PREFIX=$p2 LIBDIR=$l2 > /dev/null
check "uninstall multiarch" "" "$(find "$d2" -type f -o -type l)"

# A LIBDIR outside PREFIX: no relative path leads from the CMake package to
# the library, so it names both directories by absolute path (no DESTDIR).
# A MANDIR outside it too: whatconv's manual page goes there.
p3=$tmp/p3 l3=$tmp/p3lib
$make -s -C "$top" install PREFIX="$p3" LIBDIR="$l3" MANDIR="$tmp/p3man" > "$tmp/install3.log" 2>&1 || cat "$tmp/install3.log"
check "MANDIR honoured" yes "$([ -f "$tmp/p3man/man1/whatconv.1" ] && [ ! -e "$p3/share/man" ] && echo yes)"
cmake -S "$top/tests/consumer" -B "$tmp/cm3" -Dwhatenc_DIR="$l3/cmake/whatenc" > "$tmp/cm3.log" 2>&1 &&
    cmake --build "$tmp/cm3" >> "$tmp/cm3.log" 2>&1 || cat "$tmp/cm3.log"
check "find_package with LIBDIR outside PREFIX" "$want" "$(LD_LIBRARY_PATH="$l3" "$tmp/cm3/consumer" 2>&1)"
check "find_package C++ consumer with LIBDIR outside PREFIX" "$want" "$(LD_LIBRARY_PATH="$l3" "$tmp/cm3/consumer_cxx" 2>&1)"
check "pkg-config with LIBDIR outside PREFIX" "-I$p3/include -L$l3 -lwhatenc" \
    "$(PKG_CONFIG_PATH=$l3/pkgconfig pkg-config --cflags --libs whatenc | sed 's/ *$//')"

# The CMake package found through usrmerge's /lib -> usr/lib: the prefix
# is the config's real place's, /usr, not the one of the path it was found by.
d4=$tmp/root4 l4=/usr/lib/x86_64-linux-gnu
install_tree "$d4" /usr $l4
ln -s usr/lib "$d4/lib"
cmake -S "$top/tests/consumer" -B "$tmp/cm4" -Dwhatenc_DIR="$d4/lib/x86_64-linux-gnu/cmake/whatenc" > "$tmp/cm4.log" 2>&1 &&
    cmake --build "$tmp/cm4" >> "$tmp/cm4.log" 2>&1 || cat "$tmp/cm4.log"
check "find_package through a /lib -> usr/lib symlink" "$want" "$(LD_LIBRARY_PATH="$d4$l4" "$tmp/cm4/consumer" 2>&1)"

# A distribution's flags: CPPFLAGS (fortified calls, __*_chk) and LDFLAGS (a
# .hash section besides .gnu.hash) reach whatconv and the library (its cgo
# C and its link); GO_STRIP empty keeps the library's symbol table. The
# default build has none of these.
$make -s -C "$top" B="$tmp/flags" example GO_STRIP= CPPFLAGS=-D_FORTIFY_SOURCE=2 \
    LDFLAGS=-Wl,--hash-style=both > "$tmp/flags.log" 2>&1 || cat "$tmp/flags.log"
has_section() { readelf -SW "$2" 2>/dev/null | grep -q " $1 " && echo yes; }
check "CPPFLAGS reach whatconv" yes "$(objdump -T "$tmp/flags/whatconv" | grep -q '_chk' && echo yes)"
check "LDFLAGS reach whatconv" yes "$(has_section .hash "$tmp/flags/whatconv")"
check "CPPFLAGS reach the library" yes "$(objdump -T "$tmp/flags/libwhatenc.so.1.0.0" | grep -q '_chk' && echo yes)"
check "LDFLAGS reach the library" yes "$(has_section .hash "$tmp/flags/libwhatenc.so.1.0.0")"
check "GO_STRIP= keeps the symbols" yes "$(has_section .symtab "$tmp/flags/libwhatenc.so.1.0.0")"
check "the library is stripped by default" "" "$(has_section .symtab "$top/build/libwhatenc.so.1.0.0")"

# The Python package built from its sdist (its files without the checkout
# around them), offline: without WHATENC_BUNDLE_LIBRARY the build fails and
# says why; =system builds a wheel without the library; =PATH bundles PATH,
# in a wheel tagged manylinux_X_Y_<machine>, X.Y the newest GLIBC_X.Y symbol
# version the library needs, or linux_<machine> and why when it cannot say.
py=$top/build/pyenv/bin/python
[ -x "$py" ] || py=python3
if "$py" -c 'import setuptools, wheel' 2> /dev/null && "$py" -m pip --version > /dev/null 2>&1; then
    sdist=$tmp/sdist/whatenc-1.0.0
    mkdir -p "$sdist"
    cp -r "$top/bindings/python/src" "$top/bindings/python/setup.py" "$top/bindings/python/pyproject.toml" \
        "$top/bindings/python/README.md" "$sdist"
    rm -rf "$sdist"/src/*.egg-info
    wheel() { # out-dir [VAR=value]
        out=$1 && shift
        (cd "$tmp/sdist" && env -u WHATENC_BUNDLE_LIBRARY "$@" "$py" -m pip wheel -v --disable-pip-version-check \
            --no-index --no-build-isolation --no-deps -w "$out" "$sdist" > "$out.log" 2>&1)
    }
    wheel "$tmp/w-none"
    check "sdist without a library: no wheel" "" "$(ls "$tmp/w-none" 2> /dev/null)"
    check "sdist without a library: says how" yes \
        "$(grep -q 'no libwhatenc to bundle.*sdist' "$tmp/w-none.log" && grep -q 'WHATENC_BUNDLE_LIBRARY=system' "$tmp/w-none.log" && echo yes)"
    wheel "$tmp/w-system" WHATENC_BUNDLE_LIBRARY=system
    check "WHATENC_BUNDLE_LIBRARY=system: wheel without the library" "whatenc/__init__.py" \
        "$("$py" -m zipfile -l "$tmp"/w-system/*.whl 2>&1 | grep -o 'whatenc/__init__.py\|whatenc/libwhatenc[^ ]*')"
    check "WHATENC_BUNDLE_LIBRARY=system: a wheel for any Python 3 and platform" "whatenc-1.0.0-py3-none-any.whl" \
        "$(cd "$tmp/w-system" && ls)"
    lib=$top/build/libwhatenc.so.1
    wheel "$tmp/w-path" WHATENC_BUNDLE_LIBRARY="$lib"
    glibc=$(objdump -T "$lib" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -uV | tail -n 1)
    tag=manylinux_$(echo "$glibc" | cut -d. -f1)_$(echo "$glibc" | cut -d. -f2)_$(uname -m)
    check "WHATENC_BUNDLE_LIBRARY=PATH: a wheel for any Python 3 (ctypes), the library's glibc (GLIBC_$glibc)" \
        "whatenc-1.0.0-py3-none-$tag.whl" "$(cd "$tmp/w-path" && ls)"
    check "WHATENC_BUNDLE_LIBRARY=PATH: the WHEEL file's tag" "Tag: py3-none-$tag" \
        "$("$py" -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("whatenc-1.0.0.dist-info/WHEEL").decode())' \
            "$tmp"/w-path/*.whl | grep '^Tag:')"
    check "WHATENC_BUNDLE_LIBRARY=PATH: wheel with the library" "whatenc/__init__.py whatenc/libwhatenc.so.1" \
        "$("$py" -m zipfile -l "$tmp"/w-path/*.whl 2>&1 | grep -o 'whatenc/__init__.py\|whatenc/libwhatenc[^ ]*' | sort | tr '\n' ' ' | sed 's/ $//')"
    # No manylinux tag for a library it cannot read, or one that needs more
    # than glibc (whatconv: libwhatenc.so.1): linux_<machine>, and it says why.
    mkdir -p "$tmp/notelf" "$tmp/more"
    echo 'not a library' > "$tmp/notelf/libwhatenc.so.1"
    cp "$top/build/whatconv" "$tmp/more/libwhatenc.so.1"
    wheel "$tmp/w-notelf" WHATENC_BUNDLE_LIBRARY="$tmp/notelf/libwhatenc.so.1"
    check "a library it cannot read: tagged linux_<machine>" "whatenc-1.0.0-py3-none-linux_$(uname -m).whl" \
        "$(cd "$tmp/w-notelf" && ls)"
    check "a library it cannot read: says why" yes \
        "$(grep -q 'tagged linux_.*not manylinux: cannot read .*not an ELF file' "$tmp/w-notelf.log" && echo yes)"
    wheel "$tmp/w-more" WHATENC_BUNDLE_LIBRARY="$tmp/more/libwhatenc.so.1"
    check "a library needing more than glibc: tagged linux_<machine>" "whatenc-1.0.0-py3-none-linux_$(uname -m).whl" \
        "$(cd "$tmp/w-more" && ls)"
    check "a library needing more than glibc: says why" yes \
        "$(grep -q 'not manylinux: .*needs libwhatenc.so.1, not part of glibc.*auditwheel repair' "$tmp/w-more.log" && echo yes)"
    # auditwheel, PyPI's checker of manylinux wheels, in a venv of its own:
    # the wheel is consistent with the tag it has. Skipped when auditwheel
    # cannot be installed, except in CI (which reaches PyPI).
    if "$py" -m venv "$tmp/aw" > "$tmp/aw.log" 2>&1 &&
        "$tmp/aw/bin/python" -m pip install -q --disable-pip-version-check auditwheel >> "$tmp/aw.log" 2>&1; then
        "$tmp/aw/bin/auditwheel" show "$tmp"/w-path/*.whl > "$tmp/aw-show.log" 2>&1
        wtag=$(cd "$tmp/w-path" && ls | sed -n 's/^whatenc-1.0.0-py3-none-\(.*\)\.whl$/\1/p')
        check "auditwheel show: the wheel is consistent with its tag" "${wtag:-(no wheel)}" \
            "$(tr -s ' \n' '  ' < "$tmp/aw-show.log" | sed -n 's/.*is consistent with the following platform tag: "\([^"]*\)".*/\1/p')"
    elif [ -n "${CI:-}" ]; then
        cat "$tmp/aw.log"
        check "auditwheel installs from PyPI (CI)" yes no
    else
        echo "SKIP: auditwheel's check of the wheel: auditwheel did not install from PyPI"
    fi
else
    echo "SKIP: the Python sdist checks: no Python with pip, setuptools and wheel ($py)"
fi

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

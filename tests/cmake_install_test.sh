#!/bin/sh
# cmake_install_test.sh BUILD: installs the CMake build BUILD (configured for
# another prefix) with `cmake --install --prefix`, then a build configured
# with a library directory outside its prefix; each time whatenc.pc and the
# CMake package must name the install's own directories: a consumer built
# through pkg-config and through find_package runs, in C and in C++ through
# the installed whatenc.hpp alone; and whatconv's manual page is installed
# in CMAKE_INSTALL_MANDIR's man1.
set -u
build=$1
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-cc}
cxx=${CXX:-c++}
want="1.0.0 windows-1252 café"
pass=0 fail=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi; }

# consumers NAME PKGCONFIG-DIR CMAKE-PACKAGE-DIR LIBDIR: the consumer built
# both ways against an install, run.
consumers() {
    out=$tmp/$(echo "$1" | tr -c 'a-z\n' -)
    # shellcheck disable=SC2046
    $cc -std=c99 -Wall -Wextra -Werror -o "$out-pc" "$top/tests/consumer/consumer.c" \
        $(PKG_CONFIG_PATH=$2 pkg-config --cflags --libs whatenc) 2> "$out-pc.log"
    check "$1: pkg-config consumer" "$want" "$(LD_LIBRARY_PATH=$4 "$out-pc" 2>&1)"
    # shellcheck disable=SC2046
    $cxx -std=c++17 -pedantic -Wall -Wextra -Werror -fno-exceptions -fno-rtti -o "$out-pc-cxx" \
        "$top/tests/consumer/consumer.cc" $(PKG_CONFIG_PATH=$2 pkg-config --cflags --libs whatenc) 2> "$out-pc-cxx.log"
    check "$1: pkg-config C++ consumer (whatenc.hpp)" "$want" "$(LD_LIBRARY_PATH=$4 "$out-pc-cxx" 2>&1)"
    { cmake -S "$top/tests/consumer" -B "$out-cm" -Dwhatenc_DIR="$3" && cmake --build "$out-cm"; } > "$out-cm.log" 2>&1
    check "$1: find_package consumer" "$want" "$(LD_LIBRARY_PATH=$4 "$out-cm/consumer" 2>&1)"
    check "$1: find_package C++ consumer (whatenc.hpp)" "$want" "$(LD_LIBRARY_PATH=$4 "$out-cm/consumer_cxx" 2>&1)"
}

# 1. The prefix given at install time, not the configured one.
p=$tmp/other
cmake --install "$build" --prefix "$p" > "$tmp/install.log" || cat "$tmp/install.log"
l=$(dirname "$(find "$p" -name libwhatenc.so.1.0.0)")
check "install --prefix: pc prefix" "prefix=$p" "$(grep '^prefix=' "$l/pkgconfig/whatenc.pc")"
check "install --prefix: pkg-config flags" "-I$p/include -L$l -lwhatenc" \
    "$(PKG_CONFIG_PATH=$l/pkgconfig pkg-config --cflags --libs whatenc | sed 's/ *$//')"
consumers "install --prefix" "$l/pkgconfig" "$l/cmake/whatenc" "$l"
check "install --prefix: whatenc.hpp beside whatenc.h" yes \
    "$([ -f "$p/include/whatenc.h" ] && cmp -s "$top/include/whatenc.hpp" "$p/include/whatenc.hpp" && echo yes)"
check "install --prefix: manual page" yes "$(cmp -s "$top/man/whatconv.1" "$p/share/man/man1/whatconv.1" && echo yes)"

# 2. CMAKE_INSTALL_LIBDIR absolute, outside the prefix: the CMake package
# cannot reach it by a relative path and names both directories in full.
# This build also keeps the symbols (WHATENC_GO_STRIP empty) and gives the
# Go link a flag of its own (a link map): a distribution's LDFLAGS. Its
# CMAKE_INSTALL_MANDIR is absolute too.
p=$tmp/p2 l=$tmp/p2lib
cmake -S "$top" -B "$tmp/b2" -DBUILD_TESTING=OFF -DCMAKE_INSTALL_LIBDIR="$l" -DWHATENC_GO_STRIP= \
    -DCMAKE_INSTALL_MANDIR="$tmp/p2man" -DCMAKE_SHARED_LINKER_FLAGS="-Wl,-Map,$tmp/b2.map" > "$tmp/b2.log" 2>&1 &&
    cmake --build "$tmp/b2" -j2 >> "$tmp/b2.log" 2>&1 &&
    cmake --install "$tmp/b2" --prefix "$p" >> "$tmp/b2.log" 2>&1 || cat "$tmp/b2.log"
check "absolute libdir: pkg-config flags" "-I$p/include -L$l -lwhatenc" \
    "$(PKG_CONFIG_PATH=$l/pkgconfig pkg-config --cflags --libs whatenc | sed 's/ *$//')"
check "absolute libdir: config libdir" "set(_whatenc_libdir \"$l\")" \
    "$(grep '^set(_whatenc_libdir' "$l/cmake/whatenc/whatencConfig.cmake")"
consumers "absolute libdir" "$l/pkgconfig" "$l/cmake/whatenc" "$l"
check "absolute mandir: manual page" yes "$(cmp -s "$top/man/whatconv.1" "$tmp/p2man/man1/whatconv.1" && echo yes)"
check "WHATENC_GO_STRIP empty keeps the symbols" yes \
    "$(readelf -S "$tmp/b2/libwhatenc.so.1.0.0" | grep -q '\.symtab' && echo yes)"
check "CMAKE_SHARED_LINKER_FLAGS reach the Go link" yes "$([ -s "$tmp/b2.map" ] && echo yes)"

echo "cmake install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

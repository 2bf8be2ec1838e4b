#!/bin/sh
# install_test.sh: `make install` into a temporary DESTDIR, then a consumer
# built three ways against the installed tree (pkg-config, CMake
# find_package, static libwhatenc.a), each run and checked; a second
# install with its own PREFIX and LIBDIR; `make uninstall` removes it all.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make=${MAKE:-make}
cc=${CC:-cc}
want="1.0.0 windows-1252 café"
pass=0 fail=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi; }

install_tree() { # destdir prefix libdir
    $make -s -C "$top" install DESTDIR="$1" PREFIX="$2" LIBDIR="$3" > "$tmp/install.log" 2>&1 ||
        { cat "$tmp/install.log"; echo "FAIL: make install"; exit 1; }
}

d=$tmp/root p=/usr/local l=/usr/local/lib
install_tree "$d" $p $l
for f in $l/libwhatenc.so.1.0.0 $l/libwhatenc.so.1 $l/libwhatenc.so $l/libwhatenc.a $p/include/whatenc.h \
         $l/pkgconfig/whatenc.pc $l/cmake/whatenc/whatencConfig.cmake \
         $l/cmake/whatenc/whatencConfigVersion.cmake $p/bin/whatconv; do
    check "installed $f" yes "$([ -e "$d$f" ] && echo yes)"
done
check "soname link" libwhatenc.so.1.0.0 "$(readlink "$d$l/libwhatenc.so.1")"
check "dev link" libwhatenc.so.1 "$(readlink "$d$l/libwhatenc.so")"

# 1. pkg-config (the sysroot maps the .pc file's paths into DESTDIR).
export PKG_CONFIG_PATH="$d$l/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$d"
check "pkg-config version" 1.0.0 "$(pkg-config --modversion whatenc)"
# shellcheck disable=SC2046
$cc -std=c99 -Wall -Wextra -Werror -o "$tmp/pc" "$top/tests/consumer/consumer.c" $(pkg-config --cflags --libs whatenc)
check "pkg-config consumer" "$want" "$(LD_LIBRARY_PATH="$d$l" "$tmp/pc")"
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# 2. CMake find_package (whatenc::whatenc and whatenc::whatenc_static).
cmake -S "$top/tests/consumer" -B "$tmp/cm" -DCMAKE_PREFIX_PATH="$d$p" > "$tmp/cm.log" 2>&1 || cat "$tmp/cm.log"
cmake --build "$tmp/cm" > "$tmp/cmb.log" 2>&1 || cat "$tmp/cmb.log"
check "find_package consumer" "$want" "$(LD_LIBRARY_PATH="$d$l" "$tmp/cm/consumer")"
check "find_package static consumer" "$want" "$("$tmp/cm/consumer_static")"
mkdir -p "$tmp/v2" && sed 's/whatenc 1 REQUIRED/whatenc 2 REQUIRED/' "$top/tests/consumer/CMakeLists.txt" > "$tmp/v2/CMakeLists.txt"
cp "$top/tests/consumer/consumer.c" "$tmp/v2/"
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
cmake -S "$top/tests/consumer" -B "$tmp/cm2" -DCMAKE_PREFIX_PATH="$d2$p2" > /dev/null 2>&1 &&
    cmake --build "$tmp/cm2" > /dev/null 2>&1
check "find_package with a multiarch LIBDIR" "$want" "$(LD_LIBRARY_PATH="$d2$l2" "$tmp/cm2/consumer" 2>&1)"
$make -s -C "$top" uninstall DESTDIR="$d2" PREFIX=$p2 LIBDIR=$l2 > /dev/null
check "uninstall multiarch" "" "$(find "$d2" -type f -o -type l)"

echo "install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

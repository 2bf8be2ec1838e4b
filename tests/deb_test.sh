#!/bin/sh
# deb_test.sh DEB: checks the package's metadata and contents, extracts it
# (dpkg-deb -x) and builds and runs a consumer against the extracted tree.
set -u
deb=$1
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi; }
version=$(sed -n 's/^#define WHATENC_VERSION_STRING "\(.*\)"$/\1/p' "$top/include/whatenc.h")
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
l=/usr/lib/$ma

check "package name" libwhatenc "$(dpkg-deb -f "$deb" Package)"
check "package version matches the header" "$version-1" "$(dpkg-deb -f "$deb" Version)"
dpkg-deb -x "$deb" "$tmp/root"
for f in $l/libwhatenc.so.$version $l/libwhatenc.so.1 $l/libwhatenc.so $l/libwhatenc.a /usr/include/whatenc.h \
         $l/pkgconfig/whatenc.pc $l/cmake/whatenc/whatencConfig.cmake /usr/bin/whatconv; do
    check "contains $f" yes "$([ -e "$tmp/root$f" ] || [ -L "$tmp/root$f" ] && echo yes)"
done
check "soname link" "libwhatenc.so.$version" "$(readlink "$tmp/root$l/libwhatenc.so.1")"
check "soname" libwhatenc.so.1 "$(readelf -d "$tmp/root$l/libwhatenc.so.$version" | sed -n 's/.*soname: \[\(.*\)\]/\1/p')"
check "files owned by root" 0 "$(dpkg-deb -c "$deb" | awk '$2 != "root/root"' | wc -l | tr -d ' ')"

${CC:-cc} -std=c99 -Wall -Wextra -Werror -I"$tmp/root/usr/include" -o "$tmp/consumer" \
    "$top/tests/consumer/consumer.c" -L"$tmp/root$l" -lwhatenc
check "consumer against the extracted package" "$version windows-1252 café" \
    "$(LD_LIBRARY_PATH="$tmp/root$l" "$tmp/consumer")"
PKG_CONFIG_PATH="$tmp/root$l/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$tmp/root" pkg-config --cflags --libs whatenc > "$tmp/pc"
check "pkg-config flags" "-I$tmp/root/usr/include -L$tmp/root$l -lwhatenc" "$(cat "$tmp/pc" | sed 's/ *$//')"

echo "deb: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# deb_test.sh RUNTIME-DEB DEV-DEB TOOLS-DEB: checks the packages `make deb`
# builds (libwhatenc1, libwhatenc-dev, whatenc-tools): metadata, the files
# of each, the Debian bookkeeping lintian asks for (the library's symbols
# file, whatconv's manual page among them); then extracts them (dpkg-deb -x)
# and builds and runs consumers against the extracted tree.
set -u
runtime_deb=$1 dev_deb=$2 tools_deb=$3
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
check() { if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi; }
version=$(sed -n 's/^#define WHATENC_VERSION_STRING "\(.*\)"$/\1/p' "$top/include/whatenc.h")
major=${version%%.*}
runtime=libwhatenc$major
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
l=/usr/lib/$ma
want="$version windows-1252 café"

# glibc_needed FILE: the highest GLIBC_ symbol version FILE uses.
glibc_needed() { objdump -T "$1" | sed -n 's/.*GLIBC_\([0-9][0-9.]*\).*/\1/p' | sort -uV | tail -n 1; }
has_section() { readelf -SW "$2" | grep -q " $1 " && echo yes; }

# package DEB NAME FILE...: the package's name, version, architecture,
# bookkeeping, and its files (besides its doc folder): exactly FILE...
package() {
    deb=$1 name=$2 && shift 2
    root=$tmp/$name
    dpkg-deb -x "$deb" "$root" && dpkg-deb -e "$deb" "$root/DEBIAN"
    check "$name: package name" "$name" "$(dpkg-deb -f "$deb" Package)"
    check "$name: version matches the header" "$version-1" "$(dpkg-deb -f "$deb" Version)"
    check "$name: architecture" "$arch" "$(dpkg-deb -f "$deb" Architecture)"
    check "$name: maintainer address at no reserved host" "" \
        "$(dpkg-deb -f "$deb" Maintainer | grep -E '[@.](invalid|example|test|localhost)>')"
    check "$name: files owned by root" 0 "$(dpkg-deb -c "$deb" | awk '$2 != "root/root"' | wc -l | tr -d ' ')"
    doc=$root/usr/share/doc/$name
    check "$name: copyright notice" yes "$(grep -Eq '^Copyright \(C\) [0-9]{4}' "$doc/copyright" && echo yes)"
    check "$name: changelog.Debian.gz" "whatenc ($version-1) unstable; urgency=medium" \
        "$(gzip -dc "$doc/changelog.Debian.gz" | head -n 1)"
    check "$name: md5sums match" "" "$(cd "$root" && md5sum --quiet -c DEBIAN/md5sums 2>&1)"
    check "$name: md5sums list every file" \
        "$(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort)" \
        "$(sed 's/^[0-9a-f]*  //' "$root/DEBIAN/md5sums" | sort)"
    check "$name: files" "$(printf '%s\n' "$@" | sort)" \
        "$(cd "$root" && find . -path ./DEBIAN -prune -o ! -type d -print | sed 's|^\.||' |
            grep -v "^/usr/share/doc/$name/" | sort)"
}

package "$runtime_deb" "$runtime" "$l/libwhatenc.so.$version" "$l/libwhatenc.so.$major"
r=$tmp/$runtime
check "$runtime: soname link" "libwhatenc.so.$version" "$(readlink "$r$l/libwhatenc.so.$major")"
check "$runtime: soname" "libwhatenc.so.$major" \
    "$(readelf -d "$r$l/libwhatenc.so.$version" | sed -n 's/.*soname: \[\(.*\)\]/\1/p')"
check "$runtime: library stripped" "" "$(has_section .symtab "$r$l/libwhatenc.so.$version")"
check "$runtime: shlibs" "libwhatenc $major $runtime (>= $version)" "$(cat "$r/DEBIAN/shlibs")"
check "$runtime: ldconfig trigger" "activate-noawait ldconfig" "$(cat "$r/DEBIAN/triggers")"
# The symbols file: the library's soname and package, then exactly the
# dynamic symbols the library defines (nm -D; unversioned ones are @Base),
# each with its minimum version: 1.0.0, the first release, for all of them
# (a release that adds symbols gives them its own version).
s=$r/DEBIAN/symbols
check "$runtime: symbols file: soname and package" "libwhatenc.so.$major $runtime #MINVER#" "$(head -n 1 "$s")"
check "$runtime: symbols file: Build-Depends-Package" "* Build-Depends-Package: libwhatenc-dev" "$(sed -n 2p "$s")"
check "$runtime: symbols file lists exactly the exported symbols" \
    "$(nm -D --defined-only "$r$l/libwhatenc.so.$version" |
        awk '{ n = $3; sub(/@@?/, "@", n); if (n !~ /@/) n = n "@Base"; print n }' | LC_ALL=C sort)" \
    "$(sed -n 's/^ \([^ ]*\) .*/\1/p' "$s" | LC_ALL=C sort)"
check "$runtime: symbols file: minimum versions" 1.0.0 "$(awk '/^ / { print $2 }' "$s" | sort -u)"
check "$runtime: symbols file: no other lines" 2 "$(grep -vc '^ ' "$s")"
# dpkg-gensymbols, as a package build runs it (dh_makeshlibs), at its
# strictest (-c4: any difference fails) against the library in the package.
if command -v dpkg-gensymbols > /dev/null; then
    (cd "$tmp" && dpkg-gensymbols -c4 -p"$runtime" -v"$version-1" -P"$r" -I"$s" -O"$tmp/symbols.gen" \
        > "$tmp/gensymbols.log" 2>&1)
    status=$?
    check "$runtime: dpkg-gensymbols -c4 accepts the symbols file" 0 "$status"
    [ "$status" -eq 0 ] || cat "$tmp/gensymbols.log"
else
    echo "SKIP: dpkg-gensymbols -c4 on the symbols file: no dpkg-gensymbols (dpkg-dev)"
fi
check "$runtime: section" libs "$(dpkg-deb -f "$runtime_deb" Section)"
# The library's needs, not the build machine's libc version.
check "$runtime: Depends" "libc6 (>= $(glibc_needed "$r$l/libwhatenc.so.$version"))" \
    "$(dpkg-deb -f "$runtime_deb" Depends)"

package "$dev_deb" libwhatenc-dev /usr/include/whatenc.h /usr/include/whatenc.hpp "$l/libwhatenc.so" "$l/libwhatenc.a" \
    "$l/pkgconfig/whatenc.pc" "$l/cmake/whatenc/whatencConfig.cmake" "$l/cmake/whatenc/whatencConfigVersion.cmake"
check "libwhatenc-dev: link" "libwhatenc.so.$major" "$(readlink "$tmp/libwhatenc-dev$l/libwhatenc.so")"
check "libwhatenc-dev: Depends" "$runtime (= $version-1)" "$(dpkg-deb -f "$dev_deb" Depends)"
check "libwhatenc-dev: section" libdevel "$(dpkg-deb -f "$dev_deb" Section)"

package "$tools_deb" whatenc-tools /usr/bin/whatconv /usr/share/man/man1/whatconv.1.gz
t=$tmp/whatenc-tools
check "whatenc-tools: manual page" yes \
    "$(gzip -dc "$t/usr/share/man/man1/whatconv.1.gz" | cmp -s - "$top/man/whatconv.1" && echo yes)"
# gzip -9n: no name (FLG 0), no time (MTIME 0), best compression (XFL 2).
check "whatenc-tools: manual page compressed with gzip -9n" 1f8b08000000000002 \
    "$(od -An -tx1 -N9 "$t/usr/share/man/man1/whatconv.1.gz" | tr -d ' \n')"
check "whatenc-tools: whatconv stripped" "" "$(has_section .symtab "$t/usr/bin/whatconv")"
check "whatenc-tools: Depends" "libc6 (>= $(glibc_needed "$t/usr/bin/whatconv")), $runtime (>= $version)" \
    "$(dpkg-deb -f "$tools_deb" Depends)"

# Consumers against the runtime and -dev packages extracted together.
root=$tmp/root
dpkg-deb -x "$runtime_deb" "$root" && dpkg-deb -x "$dev_deb" "$root" && dpkg-deb -x "$tools_deb" "$root"
${CC:-cc} -std=c99 -Wall -Wextra -Werror -I"$root/usr/include" -o "$tmp/consumer" \
    "$top/tests/consumer/consumer.c" -L"$root$l" -lwhatenc
check "consumer against the extracted packages" "$want" "$(LD_LIBRARY_PATH="$root$l" "$tmp/consumer")"
${CXX:-c++} -std=c++17 -pedantic -Wall -Wextra -Werror -fno-exceptions -fno-rtti -I"$root/usr/include" \
    -o "$tmp/consumer-cxx" "$top/tests/consumer/consumer.cc" -L"$root$l" -lwhatenc
check "C++ consumer (whatenc.hpp) against the extracted packages" "$want" "$(LD_LIBRARY_PATH="$root$l" "$tmp/consumer-cxx")"
PKG_CONFIG_PATH="$root$l/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$root" pkg-config --cflags --libs whatenc > "$tmp/pc"
check "pkg-config flags" "-I$root/usr/include -L$root$l -lwhatenc" "$(sed 's/ *$//' "$tmp/pc")"
cmake -S "$top/tests/consumer" -B "$tmp/cm" -Dwhatenc_DIR="$root$l/cmake/whatenc" > "$tmp/cm.log" 2>&1 &&
    cmake --build "$tmp/cm" >> "$tmp/cm.log" 2>&1 || cat "$tmp/cm.log"
check "find_package consumer" "$want" "$(LD_LIBRARY_PATH="$root$l" "$tmp/cm/consumer" 2>&1)"
check "find_package static consumer" "$want" "$("$tmp/cm/consumer_static" 2>&1)"
check "find_package C++ consumer" "$want" "$(LD_LIBRARY_PATH="$root$l" "$tmp/cm/consumer_cxx" 2>&1)"
check "whatconv" "café" "$(printf 'caf\351' | LD_LIBRARY_PATH="$root$l" "$root/usr/bin/whatconv" -f latin1 -t utf-8)"

echo "deb: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

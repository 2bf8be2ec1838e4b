#!/bin/sh
# make-deb.sh VERSION BUILD: builds with dpkg-deb, in BUILD, the Debian
# packages of libwhatenc, split as Debian splits a C library:
#   libwhatenc1     the shared library and its soname link (shlibs, symbols,
#                   ldconfig);
#   libwhatenc-dev  the header, the libwhatenc.so link, the static library,
#                   the pkg-config and CMake package files;
#   whatenc-tools   the whatconv converter and its manual page.
# Installed under /usr with Debian's multiarch library directory; binaries
# stripped as dh_strip does; Depends computed from what the binaries need.
set -eu
umask 022
version=$1
mkdir -p "$2" && build=$(cd "$2" && pwd)
major=${version%%.*}
runtime=libwhatenc$major
debversion=$version-1
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
lib=/usr/lib/$multiarch
top=$(cd "$(dirname "$0")/.." && pwd)
# No real maintainer address exists yet: the project's name, at its
# homepage's host. Replace it when the project has a list.
maintainer="whatenc developers <whatenc@users.noreply.github.com>"
homepage=https://github.com/whatenc/whatenc

# Debian's build flags (with bindnow and the other hardening), unless the
# caller gave their own: the library and whatconv are built with them, in
# a build directory of their own.
if command -v dpkg-buildflags > /dev/null; then
    debflags() { DEB_BUILD_MAINT_OPTIONS=hardening=+all dpkg-buildflags --get "$1"; }
    : "${CPPFLAGS=$(debflags CPPFLAGS)}" "${CFLAGS=$(debflags CFLAGS)}" "${LDFLAGS=$(debflags LDFLAGS)}"
    export CPPFLAGS CFLAGS LDFLAGS
fi

# One install, then each file moved to the tree of its package; the trees
# sit in debian/<package>/, where dpkg-shlibdeps looks for them.
work=$build/deb
rm -rf "$work"
make -s -C "$top" install B="$work/build" DESTDIR="$work/install" PREFIX=/usr LIBDIR="$lib" > /dev/null
take() { # package path...
    pkg=$1 && shift
    for f; do
        mkdir -p "$work/debian/$pkg$(dirname "$f")"
        mv "$work/install$f" "$work/debian/$pkg$f"
    done
}
take "$runtime" "$lib/libwhatenc.so.$version" "$lib/libwhatenc.so.$major"
take libwhatenc-dev /usr/include/whatenc.h /usr/include/whatenc.hpp "$lib/libwhatenc.so" "$lib/libwhatenc.a" "$lib/pkgconfig" "$lib/cmake"
take whatenc-tools /usr/bin/whatconv /usr/share/man/man1/whatconv.1
left=$(find "$work/install" ! -type d)
[ -z "$left" ] || { echo "make-deb.sh: in no package: $left" >&2; exit 1; }
{
    echo "Source: whatenc"
    for pkg in "$runtime" libwhatenc-dev whatenc-tools; do printf '\nPackage: %s\nArchitecture: any\n' "$pkg"; done
} > "$work/debian/control"

# Stripped as dh_strip does: the shared library keeps its dynamic symbols
# and soname, the static library loses its debugging sections only.
strip --remove-section=.comment --remove-section=.note --strip-unneeded \
    "$work/debian/$runtime$lib/libwhatenc.so.$version"
strip --remove-section=.comment --remove-section=.note "$work/debian/whatenc-tools/usr/bin/whatconv"
strip --remove-section=.comment --remove-section=.note --strip-debug --enable-deterministic-archives \
    "$work/debian/libwhatenc-dev$lib/libwhatenc.a"
# Manual pages compressed as dh_compress does: gzip -9, no name or time.
gzip -9n "$work/debian/whatenc-tools/usr/share/man/man1/whatconv.1"

# The changelog's date is the last commit's (or SOURCE_DATE_EPOCH), so the
# same tree gives the same packages; the copyright years run from the first
# commit's year to that date's.
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$top" log -1 --format=%ct 2>/dev/null || date +%s)}
last_year=$(date -u -d "@$epoch" +%Y)
first_year=$(git -C "$top" log --reverse --format=%cd --date=format:%Y 2>/dev/null | head -n 1)
years=${first_year:-$last_year}
[ "$years" = "$last_year" ] || years=$years-$last_year
for pkg in "$runtime" libwhatenc-dev whatenc-tools; do
    doc=$work/debian/$pkg/usr/share/doc/$pkg
    mkdir -p "$doc" "$work/debian/$pkg/DEBIAN"
    cat > "$doc/copyright" <<COPYRIGHT
whatenc: the WHATWG Encoding Standard implemented in Go, as a C library
(libwhatenc). Homepage: $homepage

Copyright (C) $years the whatenc developers.

The index data compiled into the library comes from the WHATWG Encoding
Standard: Copyright (C) WHATWG (Apple, Google, Mozilla, Microsoft).
(CC BY 4.0; portions incorporated into source code are BSD-3-Clause.)
COPYRIGHT
    cat > "$doc/changelog.Debian" <<CHANGELOG
whatenc ($debversion) unstable; urgency=medium

  * Built from the whatenc $version source tree by scripts/make-deb.sh.

 -- $maintainer  $(date -u -R -d "@$epoch")
CHANGELOG
    gzip -9n "$doc/changelog.Debian"
done

# The shared library's soname for dpkg-shlibdeps users, and ldconfig.
echo "libwhatenc $major $runtime (>= $version)" > "$work/debian/$runtime/DEBIAN/shlibs"
echo "activate-noawait ldconfig" > "$work/debian/$runtime/DEBIAN/triggers"

# The symbols file (deb-symbols(5), as dpkg-gensymbols writes it): every
# dynamic symbol the library defines (objdump -T; the version script leaves
# the whatenc_ functions, unversioned: @Base), each with the first upstream
# version that had it, from the list below. A release that adds symbols
# adds a line for them with its version; until then a new symbol gets this
# build's version, which is never too low. A listed symbol the library no
# longer exports stops the build, as dpkg-gensymbols does: removing a
# symbol breaks the ABI and needs a new soname (and a new list).
symbols_since() {
    cat <<'SINCE'
1.0.0 whatenc_bom_sniff whatenc_decode whatenc_decode_advanced whatenc_decoder_decode_to_utf16
1.0.0 whatenc_decoder_decode_to_utf8 whatenc_decoder_encoding whatenc_decoder_free
1.0.0 whatenc_decoder_max_utf16_length whatenc_decoder_max_utf8_length whatenc_decoder_new
1.0.0 whatenc_decoder_reset whatenc_encode whatenc_encode_into whatenc_encoder_encode_from_utf16
1.0.0 whatenc_encoder_encode_from_utf8 whatenc_encoder_encoding whatenc_encoder_free
1.0.0 whatenc_encoder_max_length_from_utf16 whatenc_encoder_max_length_from_utf8 whatenc_encoder_new
1.0.0 whatenc_encoder_reset whatenc_encoding_count whatenc_encoding_for_label whatenc_encoding_has_encoder
1.0.0 whatenc_encoding_name whatenc_encoding_output_encoding whatenc_free whatenc_init whatenc_kernels
1.0.0 whatenc_strerror whatenc_utf16_valid_up_to whatenc_utf8_valid_up_to whatenc_version_number
1.0.0 whatenc_version_string
SINCE
}
shared=$work/debian/$runtime$lib/libwhatenc.so.$version
soname=$(objdump -p "$shared" | awk '$1 == "SONAME" { print $2 }')
symbols_since > "$work/symbols-since"
objdump -T "$shared" > "$work/dynamic-symbols"
awk -v version="$version" -v soname="$soname" '
    NR == FNR { for (i = 2; i <= NF; i++) since[$i] = $1; next }
    /^[0-9a-f]+ / && !/\*UND\*/ {
        name = $NF; ver = $(NF - 1); gsub(/[()]/, "", ver)
        seen[name] = 1
        print " " name "@" ver " " (name in since ? since[name] : version)
    }
    END {
        for (name in since) if (!(name in seen)) {
            print "make-deb.sh: " soname " no longer exports " name " (since " since[name] ")" > "/dev/stderr"
            gone = 1
        }
        exit gone
    }' "$work/symbols-since" "$work/dynamic-symbols" > "$work/symbols"
{
    echo "$soname $runtime #MINVER#"
    echo "* Build-Depends-Package: libwhatenc-dev"
    LC_ALL=C sort "$work/symbols"
} > "$work/debian/$runtime/DEBIAN/symbols"

# shlib_depends FILE...: the packages of the shared libraries FILE... need,
# as dpkg-shlibdeps finds them (from debian/<package>/DEBIAN/shlibs for
# libwhatenc); without it, libc6 at the highest GLIBC_ symbol version the
# files use, and libwhatenc for the files linked with it.
shlib_depends() {
    if command -v dpkg-shlibdeps > /dev/null; then
        substvars=$(cd "$work" && dpkg-shlibdeps -O "$@") || return 1
        echo "${substvars#shlibs:Depends=}"
        return
    fi
    glibc=$(cd "$work" && objdump -T "$@" | sed -n 's/.*GLIBC_\([0-9][0-9.]*\).*/\1/p' | sort -uV | tail -n 1)
    if (cd "$work" && objdump -p "$@") | grep -q "NEEDED *libwhatenc\.so\.$major\$"; then
        echo "libc6${glibc:+ (>= $glibc)}, $runtime (>= $version)"
    else
        echo "libc6${glibc:+ (>= $glibc)}"
    fi
}

# build_package PACKAGE SECTION MULTI-ARCH DEPENDS SYNOPSIS PARAGRAPH:
# writes DEBIAN/md5sums and DEBIAN/control of PACKAGE and builds it. Each
# package replaces the former single package, libwhatenc, which held all
# the files (Conflicts + Replaces: dpkg removes it on installing this).
build_package() {
    root=$work/debian/$1
    (cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | LC_ALL=C sort |
        xargs md5sum) > "$root/DEBIAN/md5sums"
    cat > "$root/DEBIAN/control" <<CONTROL
Package: $1
Source: whatenc
Version: $debversion
Architecture: $arch
Multi-Arch: $3
Section: $2
Priority: optional
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $4
Conflicts: libwhatenc
Replaces: libwhatenc
Homepage: $homepage
Description: $5
 libwhatenc implements every encoding, label, decoder and encoder of the
 WHATWG Encoding Standard as browsers do, for streaming conversion between
 caller-provided buffers.
 .
$(echo "$6" | fold -s -w 72 | sed 's/^/ /; s/ *$//')
CONTROL
    out=$build/${1}_${debversion}_$arch.deb
    dpkg-deb --root-owner-group -Zxz --build "$root" "$out" > /dev/null
    echo "built $out"
}

runtime_depends=$(shlib_depends "debian/$runtime$lib/libwhatenc.so.$version")
tools_depends=$(shlib_depends debian/whatenc-tools/usr/bin/whatconv)
build_package "$runtime" libs same "$runtime_depends" \
    "WHATWG Encoding Standard library (every encoding, streaming)" \
    "This package holds the shared library."
build_package libwhatenc-dev libdevel same "$runtime (= $debversion)" \
    "WHATWG Encoding Standard library - development files" \
    "This package holds the header, the static library, and the pkg-config and CMake package files."
build_package whatenc-tools utils foreign "$tools_depends" \
    "WHATWG Encoding Standard converter (whatconv)" \
    "This package holds whatconv, an iconv-like streaming converter between the encodings of the standard."

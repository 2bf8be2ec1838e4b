#!/bin/sh
# make-deb.sh VERSION BUILD: builds BUILD/libwhatenc_VERSION_ARCH.deb with
# dpkg-deb: the library with its soname links, the header, the static
# library, the pkg-config and CMake package files and whatconv, installed
# under /usr with Debian's multiarch library directory.
set -eu
version=$1 build=$2
arch=$(dpkg --print-architecture 2>/dev/null || echo amd64)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
stage=$build/deb/root
rm -rf "$build/deb"
make -s install DESTDIR="$stage" PREFIX=/usr LIBDIR=/usr/lib/$multiarch > /dev/null
mkdir -p "$stage/DEBIAN" "$stage/usr/share/doc/libwhatenc"
cat > "$stage/usr/share/doc/libwhatenc/copyright" <<'COPY'
libwhatenc: the WHATWG Encoding Standard implemented in Go, as a C library.
The index data comes from the WHATWG Encoding Standard (CC BY 4.0; portions
incorporated into source code are BSD-3-Clause).
COPY
size=$(du -sk "$stage/usr" | cut -f1)
libc=$(dpkg-query -W -f='${Version}' libc6 2>/dev/null | sed 's/-.*//')
cat > "$stage/DEBIAN/control" <<CONTROL
Package: libwhatenc
Version: $version-1
Architecture: $arch
Section: libs
Priority: optional
Maintainer: whatenc developers <whatenc@invalid>
Installed-Size: $size
Depends: libc6${libc:+ (>= $libc)}
Provides: libwhatenc1 (= $version-1), libwhatenc-dev (= $version-1)
Homepage: https://github.com/whatenc/whatenc
Description: WHATWG Encoding Standard library (every encoding, streaming)
 libwhatenc implements every encoding, label, decoder and encoder of the
 WHATWG Encoding Standard as browsers do, for streaming conversion between
 caller-provided buffers. This package holds the shared library
 (libwhatenc.so.1), its header, the static library, pkg-config and CMake
 package files, and the whatconv converter.
CONTROL
# The shared library's soname for dpkg-shlibdeps users, and ldconfig.
echo "libwhatenc 1 libwhatenc (>= $version)" > "$stage/DEBIAN/shlibs"
echo "activate-noawait ldconfig" > "$stage/DEBIAN/triggers"
out=$build/libwhatenc_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$out" > /dev/null
echo "built $out"

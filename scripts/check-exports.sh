#!/bin/sh
# check-exports.sh HEADER LIBRARY SONAME
#
# Checks that the shared library exports exactly the functions the header
# declares:
#   - every dynamic symbol the library defines starts with whatenc_ (nothing
#     of the Go runtime, such as crosscall2 or _cgo_*, leaks);
#   - every function declared in the header is exported, and every exported
#     whatenc_ symbol is declared;
#   - no data symbol is exported (functions only);
#   - the soname is SONAME.
# The signatures agree by construction: capi/wrappers.c, which defines every
# exported function, includes the header, so a definition that differs from
# its declaration does not compile (tests/header_test.cc also checks each
# declared function's address against the symbol the library exports).
set -eu
header=$1 lib=$2 soname=$3
cc=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Declarations: the preprocessed header, without comments, has one
# "whatenc_name(" per declared function.
$cc -E -P -x c "$header" | grep -oE '\bwhatenc_[a-z0-9_]+[[:space:]]*\(' |
    sed 's/[[:space:]]*($//' | sort -u > "$tmp/declared"
nm -D --defined-only "$lib" | awk '{print $2, $3}' > "$tmp/symbols"
awk '{print $2}' "$tmp/symbols" | sed 's/@.*//' | sort -u > "$tmp/exported"

fail=0
if grep -v '^whatenc_' "$tmp/exported" > "$tmp/leaks"; then
    echo "FAIL: symbols without the whatenc_ prefix are exported:"; cat "$tmp/leaks"; fail=1
fi
if awk '$1 != "T" {print}' "$tmp/symbols" | grep . > "$tmp/nonfunc"; then
    echo "FAIL: exported symbols that are not functions:"; cat "$tmp/nonfunc"; fail=1
fi
if ! diff -u "$tmp/declared" "$tmp/exported" > "$tmp/diff"; then
    echo "FAIL: declared (-) and exported (+) functions differ:"; cat "$tmp/diff"; fail=1
fi
got=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
if [ "$got" != "$soname" ]; then
    echo "FAIL: soname is '$got', want '$soname'"; fail=1
fi
n=$(wc -l < "$tmp/declared")
if [ "$n" -lt 30 ]; then
    echo "FAIL: only $n declarations found in $header"; fail=1
fi
[ $fail -eq 0 ] && echo "exports: OK ($n functions declared and exported, nothing else; soname $got)"
exit $fail

#!/bin/sh
# whatconv_test.sh WHATCONV: the example converter's behaviour and exit codes,
# and its manual page (man/whatconv.1).
set -u
conv=$1
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: want '$2', got '$3'"; fi
}
hexof() { od -An -tx1 | tr -d ' \n'; }

check "latin1 to utf-8" "636166c3a9e282ac" "$(printf 'caf\351\200' | "$conv" -f latin1 -t utf-8 | hexof)"
check "utf-8 to shift_jis output encoding" "$(printf 'abc' | hexof)" "$(printf 'abc' | "$conv" -f utf-8 -t shift_jis | hexof)"
check "utf-16le to utf-8, BOM removed" "6869" "$(printf '\377\376h\000i\000' | "$conv" -f utf-16le -t utf-8 | hexof)"
check "to utf-16be writes UTF-8" "c3a9" "$(printf '\351' | "$conv" -f windows-1252 -t utf-16be 2> /dev/null | hexof)"
check "replacement by default" "61efbfbd62" "$(printf 'a\377b' | "$conv" -f utf-8 -t utf-8 | hexof)"
out=$(printf 'a\342\230\203b' | "$conv" -f utf-8 -t latin1 --html)
check "html mode text" "a&#9731;b" "$out"

printf 'a\342\230\203b' | "$conv" -f utf-8 -t latin1 > "$tmp/out" 2> "$tmp/err"
check "unmappable exit code" 1 $?
check "unmappable message" "1" "$(grep -c 'U+2603 at byte offset 1' "$tmp/err")"
check "output before the error" "a" "$(cat "$tmp/out")"

# A malformed byte far into a large file: offset reported exactly.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "%s", "0123456789" }' > "$tmp/big"
printf '\377tail' >> "$tmp/big"
"$conv" -f utf-8 -t utf-8 --fatal "$tmp/big" > "$tmp/out" 2> "$tmp/err"
check "fatal exit code" 1 $?
check "fatal offset" "1" "$(grep -c 'byte offset 200000' "$tmp/err")"
check "fatal output before the error" 200000 "$(wc -c < "$tmp/out" | tr -d ' ')"

# Streaming: a large file round-trips through a legacy encoding.
awk 'BEGIN { for (i = 0; i < 30000; i++) printf "Gr\303\274\303\237e \303\251t\303\251 %d\n", i }' > "$tmp/text"
"$conv" -f utf-8 -t windows-1252 "$tmp/text" > "$tmp/legacy"
check "to legacy exit" 0 $?
"$conv" -f windows-1252 -t utf-8 "$tmp/legacy" > "$tmp/back"
check "round trip" "$(cksum < "$tmp/text")" "$(cksum < "$tmp/back")"
check "legacy is smaller" 1 "$([ "$(wc -c < "$tmp/legacy")" -lt "$(wc -c < "$tmp/text")" ] && echo 1)"

"$conv" -f no-such-label -t utf-8 < /dev/null 2> /dev/null
check "unknown label exit code" 2 $?
"$conv" -f utf-8 < /dev/null 2> /dev/null
check "missing -t exit code" 2 $?
"$conv" -f utf-8 -t utf-8 --bogus < /dev/null 2> /dev/null
check "bad option exit code" 2 $?
"$conv" -f utf-8 -t utf-8 "$tmp/does-not-exist" 2> /dev/null
check "missing file exit code" 3 $?
check "help documents exit codes" 1 "$("$conv" --help | grep -c '^  3  I/O error')"
check "list" 40 "$("$conv" --list | wc -l | tr -d ' ')"

# Usage errors say what is wrong; help and the list report a failed write.
"$conv" -f utf-8 -t < /dev/null 2> "$tmp/err"
check "option without its label: exit code" 2 $?
check "option without its label: message" 1 "$(grep -c "option '-t' needs a label" "$tmp/err")"
"$conv" -f utf-8 -t utf-8 "$tmp/text" "$tmp/text" 2> "$tmp/err" > /dev/null
check "second FILE: exit code" 2 $?
check "second FILE: message" 1 "$(grep -c 'one FILE at most' "$tmp/err")"
"$conv" -f utf-8 -t utf-8 --fatal --html < /dev/null 2> "$tmp/err"
check "--fatal --html: message" 1 "$(grep -c 'exclude each other' "$tmp/err")"
if [ -w /dev/full ]; then
    "$conv" --list > /dev/full 2> /dev/null
    check "--list to a full disk" 3 $?
    "$conv" --help > /dev/full 2> /dev/null
    check "--help to a full disk" 3 $?
fi
check "--from= --to= and --" "636166c3a9" "$(printf 'caf\351' | "$conv" --from=latin1 --to=utf-8 -- - | hexof)"
printf 'x' | "$conv" -f utf-8 -t utf-16le 2> "$tmp/err" > /dev/null
check "a note where TO has no encoder" 1 "$(grep -c 'UTF-16LE has no encoder; writing UTF-8' "$tmp/err")"
printf 'x' | "$conv" -f utf-8 -t latin1 2> "$tmp/err" > /dev/null
check "no note otherwise" "" "$(cat "$tmp/err")"

# The manual page documents every long option --help lists (in the page's
# text, without its comments; roff writes a hyphen-minus as \-) and renders
# without a warning: groff (with every warning on), or man-db's man -l where
# groff is absent (a fresh machine may have neither).
page=$top/man/whatconv.1
"$conv" --help | grep -oE -- '--[a-z][a-z-]*' | sort -u > "$tmp/options"
check "long options found in --help" yes "$(grep -qx -- --from "$tmp/options" && echo yes)"
sed -e '/^\.\\"/d' -e 's/\\-/-/g' "$page" > "$tmp/page"
while read -r opt; do
    check "manual page documents $opt" yes "$(grep -qE -- "$opt([^a-z-]|\$)" "$tmp/page" && echo yes)"
done < "$tmp/options"
if command -v groff > /dev/null; then
    check "manual page renders without warnings (groff -man -ww)" "" \
        "$(groff -man -Tutf8 -ww -z "$page" 2>&1)"
elif man --version > /dev/null 2>&1; then
    check "manual page renders without warnings (man --warnings -l)" "" \
        "$(LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 -Z "$page" 2>&1 > /dev/null)"
else
    echo "SKIP: rendering the manual page: neither groff nor man is installed"
fi

echo "whatconv: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

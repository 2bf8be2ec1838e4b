#!/bin/sh
# streamab-ab.sh A.so B.so [SHIFT [ALTERNATIONS [ROUNDS]]]
#
# Two builds of the library (e.g. build/bench/libwhatenc.so.1 of two
# commits) through streamab, in turns, each run in its own process; prints
# each page's best GB/s for A and B, decoding (UTF-8 to UTF-8) and
# encoding (from UTF-8), B's ratio to A, and the geometric means. Repeating
# a page lets the branch predictor learn it: for changes to branches,
# compare's -s rows (make bench's conditions) are the better judge, and
# ONCE=1 (streamab's "once": each round takes every page once, in turn)
# times text that the predictor meets once, as a program that reads it does.
set -eu
a=${1:?usage: streamab-ab.sh A.so B.so [SHIFT [ALTERNATIONS [ROUNDS]]]}
b=${2:?usage: streamab-ab.sh A.so B.so [SHIFT [ALTERNATIONS [ROUNDS]]]}
shift_=${3:-16}
alts=${4:-8}
rounds=${5:-10}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
corpus=${CORPUS:-$top/../shared/corpus/wikipedia}
tool=$top/build/bench/streamab
mkdir -p "$top/build/bench"
cc -std=c11 -O2 -Wall -Wextra -Werror -I"$top/include" -o "$tool" "$here/streamab.c" -ldl
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
i=0
while [ $i -lt "$alts" ]; do
    "$tool" "$a" "$corpus" "$shift_" "$rounds" ${ONCE:+once} | sed 's/^/A /' >>"$tmp"
    "$tool" "$b" "$corpus" "$shift_" "$rounds" ${ONCE:+once} 2>/dev/null | sed 's/^/B /' >>"$tmp"
    i=$((i + 1))
done
python3 - "$tmp" <<'PY'
import math, sys
best = {}
for line in open(sys.argv[1]):
    lib, page, d, e = line.split()
    b = best.setdefault((lib, page), [0.0, 0.0])
    b[0], b[1] = max(b[0], float(d)), max(b[1], float(e))
pages = sorted({p for _, p in best})
logs = [0.0, 0.0]
print("%-12s %8s %8s %6s %8s %8s %6s" % ("page", "A dec", "B dec", "B/A", "A enc", "B enc", "B/A"))
for p in pages:
    a, b = best[("A", p)], best[("B", p)]
    print("%-12s %8.2f %8.2f %6.3f %8.2f %8.2f %6.3f" % (p, a[0], b[0], b[0] / a[0], a[1], b[1], b[1] / a[1]))
    logs[0] += math.log(b[0] / a[0])
    logs[1] += math.log(b[1] / a[1])
print("geometric mean B/A: decode %.3f, encode %.3f" % tuple(math.exp(x / len(pages)) for x in logs))
PY

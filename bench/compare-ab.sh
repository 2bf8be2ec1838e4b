#!/bin/sh
# compare-ab.sh A.so B.so PAGES [RUNS [ENCODING]]
#
# Two builds of the library on a few of make bench's rows, in make bench's
# conditions (compare -s: the libraries in turns, so whatenc meets each page
# with a branch predictor that other code has since used): each run copies
# the build over build/bench/libwhatenc.so.1, which compare links, and
# times the pages' rows in ENCODING (default UTF-8). Prints, per row and
# direction, the median over RUNS (default 16) of whatenc's ratio to
# encoding_rs for A and for B; a row where a build's output is wrong is
# reported and left out. PAGES: comma-separated, e.g. ja.html,ru.html.
# Needs make bench to have built build/bench (compare and encoding_rs).
set -eu
usage="usage: compare-ab.sh A.so B.so PAGES [RUNS [ENCODING]]"
a=${1:?$usage}
b=${2:?$usage}
pages=${3:?$usage}
runs=${4:-16}
enc=${5:-UTF-8}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
B=$top/build/bench
corpus=${CORPUS:-$top/../shared/corpus/wikipedia}
[ -x "$B/compare" ] || { echo "compare-ab.sh: run make bench first"; exit 1; }
tmp=$(mktemp -d)
cp "$B/libwhatenc.so.1" "$tmp/saved.so"
trap 'cp "$tmp/saved.so" "$B/libwhatenc.so.1"; rm -rf "$tmp"' EXIT
cp "$a" "$tmp/A.so"
cp "$b" "$tmp/B.so"
i=0
while [ $i -lt "$runs" ]; do
    for lib in A B; do
        cp "$tmp/$lib.so" "$B/libwhatenc.so.1"
        for page in $(echo "$pages" | tr ',' ' '); do
            "$B/compare" -q -s -r 5 -b 3e6 -f "$page" -e "$enc" -o "$tmp/$lib.$page.$i.csv" "$corpus" \
                "$B/libwhatenc.so.1" "$B/libencoding_rs-default.so" "$B/libencoding_rs-fast.so" >/dev/null
        done
    done
    i=$((i + 1))
done
python3 - "$tmp" <<'PY'
import csv, glob, os, statistics, sys
ratios, wrong = {}, set()
for path in glob.glob(os.path.join(sys.argv[1], "*.csv")):
    lib = os.path.basename(path).split(".")[0]
    for row in csv.DictReader(l for l in open(path) if not l.startswith("#")):
        key = (row["page"], row["encoding"], row["direction"])
        if row["whatenc_ok"] != "ok":
            wrong.add((lib,) + key)
        elif row["encoding_rs_mbps"]:
            ratios.setdefault((lib, key), []).append(float(row["whatenc_mbps"]) / float(row["encoding_rs_mbps"]))
for w in sorted(wrong):
    print("WRONG OUTPUT from %s: %s %s %s (row left out)" % w)
keys = sorted({k for _, k in ratios})
print("%-11s %-12s %-9s %8s %8s %6s" % ("page", "encoding", "direction", "A", "B", "B/A"))
for k in keys:
    if ("A", k) in ratios and ("B", k) in ratios:
        a, b = statistics.median(ratios[("A", k)]), statistics.median(ratios[("B", k)])
        print("%-11s %-12s %-9s %8.3f %8.3f %6.3f" % (k + (a, b, b / a)))
PY

#!/usr/bin/env python3
"""Markdown tables for bench/RESULTS.md from make bench's CSV.

Usage: scripts/bench-tables.py RESULTS.csv [PAGE:ENCODING ...]

Prints the ratio table (whatenc MB/s / peer MB/s, median and worst per
direction, over all rows, the UTF rows and the legacy rows; only rows where
both outputs are right), then the rows named on the command line (MB/s).
"""
import csv
import statistics
import sys

DIRECTIONS = [("decode8", "decode to UTF-8"), ("decode16", "decode to UTF-16"), ("encode8", "encode from UTF-8"),
              ("encode16", "encode from UTF-16"), ("valid8", "validate UTF-8")]
# The directions fast-legacy-encode changes (compare times the build with it on these only).
ENCODE = ("encode8", "encode16")
PEERS = [("encoding_rs", "encoding_rs"), ("encoding_rs_fast", "encoding_rs `fast-legacy-encode`"), ("ICU", "ICU"), ("iconv", "iconv")]
UTF = ("UTF-8", "UTF-16LE", "UTF-16BE")


def load(path):
    with open(path) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def ratio(row, peer):
    if row.get(peer + "_ok") != "ok" or not row.get(peer + "_mbps") or row.get("whatenc_ok") != "ok":
        return None
    return float(row["whatenc_mbps"]) / float(row[peer + "_mbps"])


def cell(rows, peer):
    pairs = [(ratio(r, peer), r) for r in rows]
    pairs = [(x, r) for x, r in pairs if x is not None]
    if not pairs:
        return "–"
    worst, wr = min(pairs, key=lambda p: p[0])
    med = statistics.median(x for x, _ in pairs)
    return f"{med:.2f}× / {worst:.2f}× ({wr['page']} {wr['encoding']})"


def ratio_table(rows):
    print("| direction | rows | " + " | ".join("vs " + name for _, name in PEERS) + " |")
    print("|---|---|" + "---|" * len(PEERS))
    for key, name in DIRECTIONS:
        d = [r for r in rows if r["direction"] == key]
        for label, sel in (("all", d), ("UTF", [r for r in d if r["encoding"] in UTF]),
                           ("legacy", [r for r in d if r["encoding"] not in UTF])):
            if not sel:
                continue
            cells = [cell(sel, p) if (p != "encoding_rs_fast" or key in ENCODE) else "–" for p, _ in PEERS]
            print(f"| {name} | {label} ({len(sel)}) | " + " | ".join(cells) + " |")


def mbps(row, peer):
    v = row.get(peer + "_mbps")
    if not v:
        return "–"
    mark = "" if row.get(peer + "_ok") == "ok" else "*"
    return f"{float(v):.0f}{mark}"


def selected(rows, wanted):
    print("| page | encoding | direction | whatenc | encoding_rs | ers fast | ICU | iconv | /ers | /ICU | /iconv |")
    print("|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for w in wanted:
        page, enc = w.split(":", 1)
        for key, name in DIRECTIONS:
            for r in rows:
                if r["page"] == page and r["encoding"] == enc and r["direction"] == key:
                    rs = [ratio(r, p) for p in ("encoding_rs", "ICU", "iconv")]
                    print(f"| {page} | {enc} | {name} | " + " | ".join(mbps(r, p) for p in ("whatenc", "encoding_rs", "encoding_rs_fast", "ICU", "iconv"))
                          + " | " + " | ".join("–" if x is None else f"{x:.2f}×" for x in rs) + " |")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    rows = load(sys.argv[1])
    ratio_table(rows)
    if len(sys.argv) > 2:
        print()
        selected(rows, sys.argv[2:])


if __name__ == "__main__":
    main()

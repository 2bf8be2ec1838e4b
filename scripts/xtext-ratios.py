#!/usr/bin/env python3
"""codec/ against golang.org/x/text, pair by pair, interleaved.

Usage: scripts/xtext-ratios.py [-n ROUNDS] [-t BENCHTIME] [-o CSV]

Builds codec's test binary once, then for every page/encoding pair of
BenchmarkDecode and BenchmarkEncode that x/text supports runs whatenc's and
x/text's benchmark in turns (go test -count alternates the sub-benchmarks of
one pair), ROUNDS times each, and keeps the best MB/s of each side: the two
are measured within a second of each other, so the machine's drift (2x over
a day on shared machines) mostly cancels in the ratio. Prints a Markdown
table (worst first) with the median per direction and the pairs below 3x.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r"^Benchmark(Decode|Encode)/([^/]+)/([^/]+)/(whatenc-utf8|xtext-utf8)-\d+\s+\d+\s+[\d.]+ ns/op\s+([\d.]+) MB/s")


def run(binary, pattern, rounds, benchtime):
    out = subprocess.run(
        [binary, "-test.run", "^$", "-test.bench", pattern, "-test.count", str(rounds), "-test.benchtime", benchtime],
        cwd=os.path.join(TOP, "codec"), capture_output=True, text=True, check=True).stdout
    best = {}
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            key = (m.group(1).lower(), m.group(2), m.group(3), m.group(4))
            best[key] = max(best.get(key, 0.0), float(m.group(5)))
    return best


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=5, help="rounds per pair (best kept)")
    ap.add_argument("-t", default="0.2s", help="go test -benchtime per round")
    ap.add_argument("-o", help="also write the figures as CSV")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        binary = os.path.join(tmp, "codec.test")
        subprocess.run(["go", "test", "-c", "-o", binary, "./codec"], cwd=TOP, check=True)
        listing = subprocess.run([binary, "-test.list", "^Benchmark(Decode|Encode)$"], cwd=os.path.join(TOP, "codec"),
                                 capture_output=True, text=True, check=True).stdout
        if "BenchmarkDecode" not in listing:
            sys.exit("no BenchmarkDecode in codec's tests")
        # One discovery pass at a tiny benchtime names the pairs x/text has.
        found = run(binary, "Benchmark(Decode|Encode)/.*/.*/xtext-utf8$", 1, "1x")
        pairs = sorted({(d, p, e) for d, p, e, _ in found})
        rows = []
        for d, page, enc in pairs:
            pattern = f"Benchmark{d.capitalize()}/^{re.escape(page)}$/^{re.escape(enc)}$/(whatenc-utf8|xtext-utf8)$"
            best = run(binary, pattern, args.n, args.t)
            w, x = best.get((d, page, enc, "whatenc-utf8")), best.get((d, page, enc, "xtext-utf8"))
            if w and x:
                rows.append((d, page, enc, w, x, w / x))
                print(f"{d} {page} {enc}: {w:.0f} / {x:.0f} MB/s = {w / x:.2f}x", file=sys.stderr)

    if args.o:
        with open(args.o, "w") as f:
            f.write("direction,page,encoding,whatenc_mbps,xtext_mbps,ratio\n")
            for r in rows:
                f.write(f"{r[0]},{r[1]},{r[2]},{r[3]:.1f},{r[4]:.1f},{r[5]:.3f}\n")
    for d in ("decode", "encode"):
        rs = [r[5] for r in rows if r[0] == d]
        if rs:
            print(f"- {d}: {len(rs)} pairs, median **{statistics.median(rs):.2f}×**, worst {min(rs):.2f}×")
    below = [r for r in rows if r[5] < 3]
    print(f"- below 3×: {len(below)} of {len(rows)} pairs" +
          (": " + ", ".join(f"{r[0]} {r[1]} {r[2]} {r[5]:.2f}×" for r in sorted(below, key=lambda r: r[5])) if below else ""))
    print()
    print("| | page | encoding | whatenc MB/s | x/text MB/s | ratio |")
    print("|---|---|---|--:|--:|--:|")
    for r in sorted(rows, key=lambda r: (r[0], r[5])):
        print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]:.0f} | {r[4]:.0f} | {r[5]:.2f}× |")


if __name__ == "__main__":
    main()

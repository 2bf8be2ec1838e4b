#!/usr/bin/env python3
"""Turns the CSV of bench/compare (make bench) into an SVG chart.

Usage: scripts/bench-chart.py RESULTS.csv OUT.svg

One panel per direction; in each, one strip per peer with a dot for every
row (page x encoding), placed at the ratio whatenc MB/s / peer MB/s on a
log scale, the median marked. Rows where either output was wrong are left
out, as in compare's summary. Plain SVG, no dependencies.
"""

import csv
import math
import statistics
import sys

DIRS = [
    ("decode8", "decode to UTF-8"),
    ("decode16", "decode to UTF-16"),
    ("encode8", "encode from UTF-8"),
    ("encode16", "encode from UTF-16"),
    ("valid8", "validate UTF-8"),
]
PEERS = [
    ("encoding_rs", "encoding_rs", "#d9534f"),
    ("encoding_rs_fast", "encoding_rs fast-legacy-encode", "#f0ad4e"),
    ("ICU", "ICU ucnv", "#5b7bd5"),
    ("iconv", "glibc iconv", "#4cae4c"),
]
FAMILY_SHAPES = {"utf": "circle", "single": "circle", "cjk": "diamond"}
LO, HI = 1 / 64, 64  # ratio range of the x axis (clamped)

W, LEFT, RIGHT = 900, 230, 30
STRIP, PANEL_GAP, TOP = 34, 46, 70


def read(path):
    meta, lines = "", []
    with open(path, newline="") as f:
        for line in f:
            if line.startswith("#"):
                meta = line[1:].strip()
            else:
                lines.append(line)
    return meta, list(csv.DictReader(lines))


def x_of(r):
    r = min(max(r, LO), HI)
    return LEFT + (math.log(r) - math.log(LO)) / (math.log(HI) - math.log(LO)) * (W - LEFT - RIGHT)


def family(enc):
    if enc.startswith("UTF"):
        return "utf"
    if enc in ("Shift_JIS", "EUC-JP", "ISO-2022-JP", "gb18030", "GBK", "Big5", "EUC-KR"):
        return "cjk"
    return "single"


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    meta, rows = read(sys.argv[1])
    panels = []
    for key, title in DIRS:
        if not any(row["direction"] == key for row in rows):
            continue  # a CSV from before the direction: chart it as it was
        strips = []
        for peer, label, color in PEERS:
            pts = []
            for row in rows:
                if row["direction"] != key or row.get(peer + "_ok") != "ok" or row.get("whatenc_ok") != "ok":
                    continue
                we, pm = float(row["whatenc_mbps"]), float(row[peer + "_mbps"])
                if we > 0 and pm > 0:
                    pts.append((we / pm, row["page"], row["encoding"]))
            if pts:
                strips.append((label, color, pts))
        panels.append((title, strips))

    height = TOP + sum(len(s) * STRIP + PANEL_GAP for _, s in panels) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" '
        f'viewBox="0 0 {W} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{height}" fill="white"/>',
        f'<text x="{W / 2}" y="22" text-anchor="middle" font-size="16" font-weight="bold">'
        "whatenc speed / peer speed, per page and encoding (log scale; right of 1\u00d7: whatenc faster)</text>",
        f'<text x="{W / 2}" y="40" text-anchor="middle" fill="#555">{esc(meta)}</text>',
        f'<text x="{W / 2}" y="56" text-anchor="middle" fill="#555">'
        "dots: rows (\u25c6 CJK encodings); bar: median</text>",
    ]
    y = TOP
    ticks = [1 / 32, 1 / 8, 1 / 2, 1, 2, 4, 8, 16, 32]
    for title, strips in panels:
        top = y
        out.append(f'<text x="10" y="{y + 14}" font-weight="bold" font-size="14">{esc(title)}</text>')
        y += 20
        bottom = y + len(strips) * STRIP
        for t in ticks:
            xt = x_of(t)
            width = 1.5 if t == 1 else 0.5
            out.append(f'<line x1="{xt:.1f}" y1="{y}" x2="{xt:.1f}" y2="{bottom}" stroke="#999" stroke-width="{width}"/>')
            lab = f"{t:g}\u00d7" if t >= 1 else f"1/{round(1 / t)}\u00d7"
            out.append(f'<text x="{xt:.1f}" y="{bottom + 12}" text-anchor="middle" fill="#666" font-size="10">{lab}</text>')
        for label, color, pts in strips:
            mid = y + STRIP / 2
            med = statistics.median(r for r, _, _ in pts)
            worst = min(r for r, _, _ in pts)
            out.append(
                f'<text x="{LEFT - 8}" y="{mid - 2}" text-anchor="end">{esc(label)}</text>'
                f'<text x="{LEFT - 8}" y="{mid + 11}" text-anchor="end" fill="#666" font-size="10">'
                f"median {med:.2f}\u00d7, worst {worst:.2f}\u00d7, {len(pts)} rows</text>"
            )
            for i, (r, page, enc) in enumerate(pts):
                xr = x_of(r)
                yr = mid + ((i * 7) % 15 - 7) * 0.8  # jitter
                tip = f"<title>{esc(page)} {esc(enc)}: {r:.2f}\u00d7</title>"
                if family(enc) == "cjk":
                    out.append(
                        f'<path d="M{xr:.1f},{yr - 4:.1f} l4,4 l-4,4 l-4,-4 z" fill="{color}" '
                        f'fill-opacity="0.55">{tip}</path>'
                    )
                else:
                    out.append(f'<circle cx="{xr:.1f}" cy="{yr:.1f}" r="3" fill="{color}" fill-opacity="0.55">{tip}</circle>')
            xm = x_of(med)
            out.append(f'<line x1="{xm:.1f}" y1="{mid - 12}" x2="{xm:.1f}" y2="{mid + 12}" stroke="black" stroke-width="2.5"/>')
            y += STRIP
        y = bottom + PANEL_GAP - 20
        del top
    out.append("</svg>")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

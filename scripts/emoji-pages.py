#!/usr/bin/env python3
"""Writes two pages of text with emoji into a directory, for `make
bench-emoji` (bench/compare on them): the Wikipedia corpus hardly has
supplementary characters (surrogate pairs in UTF-16, four-byte sequences
in UTF-8), which chat and social text are full of.

  chat.txt   about 60 KB of short lines: words in Latin, Cyrillic and
             Japanese with one to three emoji between them
  emoji.txt  60 KB of emoji alone (U+1F600..U+1F64F in turn)

Usage: emoji-pages.py DIR
"""
import os
import sys


def chat(size):
    parts = ["Hello ", "\U0001F600", " how are you ", "\U0001F44D\U0001F3FD", "! ",
             "\u4eca\u65e5\u306f", "\U0001F389\U0001F389", " ok ", "\u2764\ufe0f",
             "\u0441\u043f\u0430\u0441\u0438\u0431\u043e ", "\U0001F602" * 3, " lol\n"]
    out, n = [], 0
    while n < size:
        for p in parts:
            out.append(p)
            n += len(p.encode("utf-8"))
    return "".join(out)


def emoji(size):
    return "".join(chr(0x1F600 + i % 0x50) for i in range(size // 4))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, text in (("chat.txt", chat(60000)), ("emoji.txt", emoji(60000))):
        with open(os.path.join(sys.argv[1], name), "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()

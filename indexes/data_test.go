package indexes

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// rawEntry is one line of an index file.
type rawEntry struct {
	pointer int
	cp      rune
}

// rawIndex is an index file as parsed independently of the generator.
type rawIndex struct {
	identifier, date string
	entries          []rawEntry
}

// whatwgDir returns the standard's data directory, or skips the test when it
// is absent. WHATENC_WHATWG overrides the default ../shared/whatwg beside the
// repository.
func whatwgDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("WHATENC_WHATWG")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "whatwg")
	}
	if _, err := os.Stat(filepath.Join(dir, "encodings.json")); err != nil {
		t.Skipf("skipping: the standard's data is not at %s (set WHATENC_WHATWG to its directory): %v", dir, err)
	}
	return dir
}

// readRaw parses index-<name>.txt as section 5 describes.
func readRaw(t testing.TB, name string) *rawIndex {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(whatwgDir(t), "index-"+name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	r := &rawIndex{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" {
			continue
		}
		if line[0] == '#' {
			if v, ok := strings.CutPrefix(line, "# Identifier: "); ok {
				r.identifier = v
			} else if v, ok := strings.CutPrefix(line, "# Date: "); ok {
				r.date = v
			}
			continue
		}
		f := strings.Split(line, "\t")
		p, err := strconv.Atoi(strings.TrimSpace(f[0]))
		if err != nil {
			t.Fatalf("index-%s.txt: %q: %v", name, line, err)
		}
		cp, err := strconv.ParseInt(f[1], 0, 32)
		if err != nil {
			t.Fatalf("index-%s.txt: %q: %v", name, line, err)
		}
		r.entries = append(r.entries, rawEntry{p, rune(cp)})
	}
	return r
}

// firstPointers maps each code point to its first pointer among the entries
// for which keep returns true (the standard's "index pointer").
func (r *rawIndex) firstPointers(keep func(p int) bool) map[rune]int {
	m := map[rune]int{}
	for _, e := range r.entries {
		if _, ok := m[e.cp]; !ok && keep(e.pointer) {
			m[e.cp] = e.pointer
		}
	}
	return m
}

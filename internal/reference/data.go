package reference

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// The standard's data (the index-*.txt files and encodings.json) is read at
// run time, never compiled in, so that the oracle also checks the project's
// generated tables.

// DataDir returns the directory holding the WHATWG data: $WHATENC_WHATWG if
// set, else <module root>/../shared/whatwg, where the module root is the
// nearest directory holding go.mod above the working directory (or, failing
// that, above this source file).
func DataDir() (string, error) {
	if dir := os.Getenv("WHATENC_WHATWG"); dir != "" {
		return dir, nil
	}
	var starts []string
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	if _, file, _, ok := runtime.Caller(0); ok {
		starts = append(starts, filepath.Dir(file))
	}
	for _, start := range starts {
		for dir := start; ; {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.Join(dir, "..", "shared", "whatwg"), nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return "", errors.New("no go.mod found above the working directory; set WHATENC_WHATWG to the directory of the WHATWG index files")
}

// indexFiles lists every index file the standard defines (sections 5 and 9).
var indexFiles = []string{
	"index-big5.txt", "index-euc-kr.txt", "index-gb18030.txt", "index-gb18030-ranges.txt",
	"index-jis0208.txt", "index-jis0212.txt", "index-iso-2022-jp-katakana.txt",
	"index-ibm866.txt", "index-iso-8859-2.txt", "index-iso-8859-3.txt", "index-iso-8859-4.txt",
	"index-iso-8859-5.txt", "index-iso-8859-6.txt", "index-iso-8859-7.txt", "index-iso-8859-8.txt",
	"index-iso-8859-10.txt", "index-iso-8859-13.txt", "index-iso-8859-14.txt",
	"index-iso-8859-15.txt", "index-iso-8859-16.txt", "index-koi8-r.txt", "index-koi8-u.txt",
	"index-macintosh.txt", "index-windows-874.txt", "index-windows-1250.txt",
	"index-windows-1251.txt", "index-windows-1252.txt", "index-windows-1253.txt",
	"index-windows-1254.txt", "index-windows-1255.txt", "index-windows-1256.txt",
	"index-windows-1257.txt", "index-windows-1258.txt", "index-x-mac-cyrillic.txt",
}

// Available reports why the WHATWG data cannot be used, or nil if every
// index file and encodings.json can be read and parsed. Tests call it and
// skip with its message when it fails.
func Available() error {
	dir, err := DataDir()
	if err != nil {
		return fmt.Errorf("reference: WHATWG data unavailable: %w", err)
	}
	if _, err := loadEncodings(); err != nil {
		return err
	}
	for _, f := range indexFiles {
		if _, err := loadIndex(f); err != nil {
			return fmt.Errorf("%w (data directory %s; set WHATENC_WHATWG to override)", err, dir)
		}
	}
	return nil
}

// Section 5, "Indexes".

// indexEntry is one entry of an index: a pointer and its code point.
type indexEntry struct {
	pointer   int
	codePoint rune
}

// index is an index: an ordered list of entries. Pointers are unique, code
// points can be duplicated.
type index struct {
	name    string
	entries []indexEntry // in the order of the index

	once         sync.Once
	byPointer    map[int]rune
	firstPointer map[rune]int
}

// newIndex returns an index of entries, in order.
func newIndex(name string, entries []indexEntry) *index {
	return &index{name: name, entries: entries}
}

// lookups builds, once, the maps behind codePoint and pointer. They hold
// exactly what the linear definitions give; they only make them fast enough
// to run over every code point.
func (idx *index) lookups() {
	idx.once.Do(func() {
		idx.byPointer = make(map[int]rune, len(idx.entries))
		idx.firstPointer = make(map[rune]int, len(idx.entries))
		for _, e := range idx.entries {
			idx.byPointer[e.pointer] = e.codePoint
			// The first pointer for a code point wins: later duplicates are ignored.
			if _, seen := idx.firstPointer[e.codePoint]; !seen {
				idx.firstPointer[e.codePoint] = e.pointer
			}
		}
	})
}

// codePoint is "index code point": the code point corresponding to pointer
// in the index, or ok=false (null) if pointer is not in it.
func (idx *index) codePoint(pointer int) (cp rune, ok bool) {
	idx.lookups()
	cp, ok = idx.byPointer[pointer]
	return cp, ok
}

// pointer is "index pointer": the first pointer corresponding to codePoint
// in the index, or ok=false (null) if codePoint is not in it.
func (idx *index) pointer(codePoint rune) (pointer int, ok bool) {
	idx.lookups()
	pointer, ok = idx.firstPointer[codePoint]
	return pointer, ok
}

// excluding returns the index without the entries whose pointer satisfies
// drop, keeping the order of the rest.
func (idx *index) excluding(name string, drop func(pointer int) bool) *index {
	var kept []indexEntry
	for _, e := range idx.entries {
		if !drop(e.pointer) {
			kept = append(kept, e)
		}
	}
	return newIndex(name, kept)
}

// parseIndex finds the pointers and their corresponding code points in an
// index resource, as section 5 says: split the contents on U+000A LF; remove
// each line that is the empty string or starts with U+0023 (#); split each
// line on U+0009 TAB; the first subitem is the pointer (as a decimal number)
// and the second the code point (as a hexadecimal number); other subitems are
// not relevant.
func parseIndex(name, contents string) (*index, error) {
	var entries []indexEntry
	seen := map[int]bool{}
	for n, line := range strings.Split(contents, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		sub := strings.Split(line, "\t")
		if len(sub) < 2 {
			return nil, fmt.Errorf("reference: %s line %d: no TAB-separated code point", name, n+1)
		}
		// The files right-align the pointer with spaces.
		pointer, err := strconv.Atoi(strings.TrimSpace(sub[0]))
		if err != nil || pointer < 0 {
			return nil, fmt.Errorf("reference: %s line %d: bad pointer %q", name, n+1, sub[0])
		}
		hex := strings.TrimSpace(sub[1])
		if !strings.HasPrefix(hex, "0x") {
			return nil, fmt.Errorf("reference: %s line %d: bad code point %q", name, n+1, sub[1])
		}
		cp, err := strconv.ParseUint(hex[2:], 16, 32)
		if err != nil || cp > 0x10FFFF {
			return nil, fmt.Errorf("reference: %s line %d: bad code point %q", name, n+1, sub[1])
		}
		if seen[pointer] {
			return nil, fmt.Errorf("reference: %s line %d: duplicate pointer %d", name, n+1, pointer)
		}
		seen[pointer] = true
		entries = append(entries, indexEntry{pointer: pointer, codePoint: rune(cp)})
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("reference: %s has no entries", name)
	}
	return newIndex(name, entries), nil
}

type loadedIndex struct {
	idx *index
	err error
}

var (
	indexMu    sync.Mutex
	indexCache = map[string]loadedIndex{}
)

// loadIndex reads and parses the index file named file (e.g.
// "index-jis0208.txt") once.
func loadIndex(file string) (*index, error) {
	indexMu.Lock()
	defer indexMu.Unlock()
	if l, ok := indexCache[file]; ok {
		return l.idx, l.err
	}
	var l loadedIndex
	dir, err := DataDir()
	if err == nil {
		var b []byte
		b, err = os.ReadFile(filepath.Join(dir, file))
		if err == nil {
			l.idx, err = parseIndex(file, string(b))
		}
	}
	if err != nil {
		l.err = fmt.Errorf("reference: cannot load %s: %w", file, err)
	}
	indexCache[file] = l
	return l.idx, l.err
}

// mustIndex is loadIndex for the algorithms, which have no way to report
// missing data: callers check Available first.
func mustIndex(file string) *index {
	idx, err := loadIndex(file)
	if err != nil {
		panic(err.Error() + " (check reference.Available() first)")
	}
	return idx
}

// derived caches indexes derived from the files (the Shift_JIS and Big5
// pointer indexes), each built once. A derived index may be built from
// another, so building happens outside derivedMu.
var (
	derivedMu sync.Mutex
	derived   = map[string]*derivedEntry{}
)

type derivedEntry struct {
	once sync.Once
	idx  *index
}

func derivedIndex(name string, build func() *index) *index {
	derivedMu.Lock()
	e, ok := derived[name]
	if !ok {
		e = &derivedEntry{}
		derived[name] = e
	}
	derivedMu.Unlock()
	e.once.Do(func() { e.idx = build() })
	return e.idx
}

// encodingsJSON mirrors encodings.json: groups (headings) of encodings, each
// with its name and labels.
type encodingsJSON []struct {
	Heading   string `json:"heading"`
	Encodings []struct {
		Name   string   `json:"name"`
		Labels []string `json:"labels"`
	} `json:"encodings"`
}

var (
	encodingsOnce sync.Once
	encodingsData encodingsJSON
	encodingsErr  error
)

// loadEncodings reads encodings.json once.
func loadEncodings() (encodingsJSON, error) {
	encodingsOnce.Do(func() {
		dir, err := DataDir()
		if err == nil {
			var b []byte
			b, err = os.ReadFile(filepath.Join(dir, "encodings.json"))
			if err == nil {
				err = json.Unmarshal(b, &encodingsData)
			}
			if err == nil && len(encodingsData) == 0 {
				err = errors.New("no encodings")
			}
		}
		if err != nil {
			encodingsErr = fmt.Errorf("reference: cannot load encodings.json (set WHATENC_WHATWG to the WHATWG data directory): %w", err)
		}
	})
	return encodingsData, encodingsErr
}

// mustEncodings is loadEncodings for callers that cannot report errors.
func mustEncodings() encodingsJSON {
	e, err := loadEncodings()
	if err != nil {
		panic(err.Error() + " (check reference.Available() first)")
	}
	return e
}

// Command gen generates the Go tables of package indexes from the WHATWG
// Encoding Standard's data files (encodings.json and index-*.txt).
//
// Usage, from the indexes directory (go generate ./indexes/... does this):
//
//	go run ./internal/gen [-whatwg dir] [-out dir]
//
// The data directory defaults to $WHATENC_WHATWG if set, otherwise to
// ../../shared/whatwg (relative to indexes/); -whatwg overrides both. Output is
// deterministic and gofmt'ed.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

func main() {
	def := os.Getenv("WHATENC_WHATWG")
	if def == "" {
		def = filepath.Join("..", "..", "shared", "whatwg")
	}
	dir := flag.String("whatwg", def, "directory holding the standard's encodings.json and index-*.txt")
	out := flag.String("out", ".", "directory to write the generated Go files to")
	flag.Parse()

	files, err := generate(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	if err := writeFiles(*out, files); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// writeFiles writes the generated files into dir, in name order.
func writeFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

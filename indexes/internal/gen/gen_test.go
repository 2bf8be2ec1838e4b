package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// whatwgDir returns the standard's data directory, or skips the test when it
// is absent. WHATENC_WHATWG overrides the default ../shared/whatwg beside the
// repository.
func whatwgDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("WHATENC_WHATWG")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "..", "shared", "whatwg")
	}
	if _, err := os.Stat(filepath.Join(dir, "encodings.json")); err != nil {
		t.Skipf("skipping: the standard's data is not at %s (set WHATENC_WHATWG to its directory): %v", dir, err)
	}
	return dir
}

// TestGeneratedFilesUpToDate regenerates the tables into a temporary
// directory and compares them with the committed files in indexes/.
func TestGeneratedFilesUpToDate(t *testing.T) {
	dir := whatwgDir(t)
	files, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	if err := writeFiles(tmp, files); err != nil {
		t.Fatal(err)
	}
	committed := filepath.Join("..", "..")
	for name := range files {
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(committed, name))
		if err != nil {
			t.Errorf("%s: not committed (run go generate ./indexes/...): %v", name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("indexes/%s differs from the generator's output; run go generate ./indexes/...", name)
		}
	}
	// Every committed generated file must still be produced by the generator.
	all, err := filepath.Glob(filepath.Join(committed, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range all {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(string(b), headerLine) && files[filepath.Base(path)] == nil {
			t.Errorf("indexes/%s is a stale generated file", filepath.Base(path))
		}
	}
}

// TestGenerateDeterministic checks that two runs give identical output.
func TestGenerateDeterministic(t *testing.T) {
	dir := whatwgDir(t)
	a, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name := range a {
		if !bytes.Equal(a[name], b[name]) {
			t.Errorf("%s: output differs between runs", name)
		}
	}
}

func TestHeader(t *testing.T) {
	dir := whatwgDir(t)
	files, err := generate(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, b := range files {
		if !strings.HasPrefix(string(b), headerLine+"\n") {
			t.Errorf("%s: does not start with the generated-code line", name)
		}
		if !strings.Contains(string(b), "at commit ") {
			t.Errorf("%s: does not record the source commit", name)
		}
	}
}

package codec

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"
)

// BenchmarkUTF8Kernel times the UTF-8 validator alone on 60 KB of each
// corpus page (the page repeated if shorter; about what make bench's
// 64 KiB calls give it): validating and copying with the output 0 bytes
// past the input modulo 4 KiB (where the AVX-512 validator goes backward,
// but on Intel cores: utf8Backward), 2112 bytes past (forward) and 2160
// (forward, each store straddling two cache lines, as in make bench,
// whose output is 48 bytes past the input's 64-byte alignment),
// validating only, and Go's copy of the same bytes between the same
// buffers (memmove, what encoding_rs's UTF-8 "encode" comes to). Compare kernels by running their test binaries in
// turns, not one after the other:
// go test ./codec -run '^$' -bench UTF8Kernel/ja.txt -count 5
// A loop over one page lets the branch predictor learn the page, which
// make bench does not: judge changes to the validator's branches with
// bench/compare-ab.sh (bench/RESULTS.md, "Since ecb7a9d").
func BenchmarkUTF8Kernel(b *testing.B) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "wikipedia", "*"))
	if len(pages) == 0 {
		b.Skip("skipping: no corpus")
	}
	const size, out = 60000, 1 << 20
	arena := make([]byte, 2<<20)
	at := int(-uintptr(unsafe.Pointer(&arena[0])) % 4096) // arena[at:] starts a page
	src := arena[at : at+size]
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			b.Fatal(err)
		}
		for len(data) < size {
			data = append(data, data...)
		}
		p := src[:utf8ValidPrefix(data[:size])]
		copy(p, data)
		if len(p) < size-3 {
			b.Fatalf("%s: not UTF-8", page)
		}
		name := filepath.Base(page)
		for _, c := range []struct {
			name string
			d    int
		}{{"/copy-valid-back", 0}, {"/copy-valid-fwd", 2112}, {"/copy-valid-r48", 2112 + 48}} {
			dst := arena[at+out+c.d : at+out+c.d+len(p)]
			b.Run(name+c.name, func(b *testing.B) {
				b.SetBytes(int64(len(p)))
				for i := 0; i < b.N; i++ {
					utf8CopyValidPrefix(dst, p)
				}
			})
		}
		b.Run(name+"/valid", func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			for i := 0; i < b.N; i++ {
				utf8ValidPrefix(p)
			}
		})
		dst := arena[at+out : at+out+len(p)]
		b.Run(name+"/memmove", func(b *testing.B) {
			b.SetBytes(int64(len(p)))
			for i := 0; i < b.N; i++ {
				copy(dst, p)
			}
		})
	}
}

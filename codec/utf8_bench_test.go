package codec

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkUTF8Kernel times the UTF-8 validator alone on the first 60 KB
// of each corpus page (about what make bench's 64 KiB calls give it):
// validating and copying, validating only, and Go's copy of the same bytes
// between the same buffers (memmove, what encoding_rs's UTF-8 "encode"
// comes to). Run the kernels' variants in turns, not one after the other:
// go test ./codec -run '^$' -bench UTF8Kernel/ja.txt -count 5
func BenchmarkUTF8Kernel(b *testing.B) {
	pages, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "wikipedia", "*"))
	if len(pages) == 0 {
		b.Skip("skipping: no corpus")
	}
	dst := make([]byte, 64<<10)
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			b.Fatal(err)
		}
		data = data[:min(len(data), 60000)]
		if utf8ValidPrefix(data) < len(data)-3 {
			b.Fatalf("%s: not UTF-8", page)
		}
		name := filepath.Base(page)
		b.Run(name+"/copy-valid", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				utf8CopyValidPrefix(dst, data)
			}
		})
		b.Run(name+"/valid", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				utf8ValidPrefix(data)
			}
		})
		b.Run(name+"/memmove", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for i := 0; i < b.N; i++ {
				copy(dst, data)
			}
		})
	}
}

package codec

import "testing"

// BenchmarkSmallCall is the Go side of the C API's per-call cost: decoding
// and encoding 16 ASCII bytes, a call that must cost little beyond the call.
func BenchmarkSmallCall(b *testing.B) {
	src := []byte("hello, world 123")
	dst := make([]byte, 256)
	b.Run("decode-windows-1252", func(b *testing.B) {
		d := Windows1252.NewDecoder(SniffBOM, Replace)
		d.DecodeToUTF8(src, dst, false)
		for i := 0; i < b.N; i++ {
			d.DecodeToUTF8(src, dst, false)
		}
	})
	b.Run("decode-windows-1252-not-ascii", func(b *testing.B) {
		src := []byte("h\xe9llo, w\xf6rld 1")
		d := Windows1252.NewDecoder(SniffBOM, Replace)
		d.DecodeToUTF8(src, dst, false)
		for i := 0; i < b.N; i++ {
			d.DecodeToUTF8(src, dst, false)
		}
	})
	b.Run("decode-utf-8", func(b *testing.B) {
		d := UTF8.NewDecoder(SniffBOM, Replace)
		d.DecodeToUTF8(src, dst, false)
		for i := 0; i < b.N; i++ {
			d.DecodeToUTF8(src, dst, false)
		}
	})
	b.Run("encode-windows-1252", func(b *testing.B) {
		e := Windows1252.NewEncoder(HTML)
		for i := 0; i < b.N; i++ {
			e.EncodeFromUTF8(src, dst, false)
		}
	})
}

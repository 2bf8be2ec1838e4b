package codec

// Benchmarks on the shared Wikipedia corpus, with golang.org/x/text doing
// the same work in the same run. Throughput (MB/s) counts the bytes on the
// legacy side: the encoded input of a decoder, the encoded output of an
// encoder. Run: go test ./codec -run '^$' -bench . -benchmem

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf16"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// benchPair is a corpus page in an encoding that represents it, with
// x/text's implementation of that encoding (nil if it has none).
type benchPair struct {
	page  string
	enc   *Encoding
	xtext encoding.Encoding
}

// benchPairs lists this file's pairs: UTF-8, UTF-16LE and the single-byte
// encodings the issues name. Families add theirs in their own _test files.
var benchPairs = []benchPair{
	{"en.html", UTF8, unicode.UTF8}, {"ja.html", UTF8, unicode.UTF8}, {"ru.html", UTF8, unicode.UTF8},
	{"zh_cn.txt", UTF8, unicode.UTF8}, {"ja.txt", UTF8, unicode.UTF8}, {"ru.txt", UTF8, unicode.UTF8}, {"en.txt", UTF8, unicode.UTF8},
	{"en.html", UTF16LE, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"ja.txt", UTF16LE, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"en.html", UTF16BE, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	{"ru.txt", UTF16BE, unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	{"de.html", Windows1252, charmap.Windows1252}, {"fr.txt", Windows1252, charmap.Windows1252},
	{"ru.html", Windows1251, charmap.Windows1251}, {"ru.txt", Windows1251, charmap.Windows1251},
	{"ar.html", Windows1256, charmap.Windows1256}, {"ar.txt", Windows1256, charmap.Windows1256},
	{"el.txt", Windows1253, charmap.Windows1253}, {"th.txt", Windows874, charmap.Windows874},
	{"ru.txt", KOI8R, charmap.KOI8R},
}

// corpusPage reads a page of ../shared/corpus/wikipedia, skipping b if the
// corpus is not there.
func corpusPage(b *testing.B, name string) []byte {
	b.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "shared", "corpus", "wikipedia", name))
	if err != nil {
		b.Skipf("skipping: no corpus: %v", err)
	}
	return data
}

// encodedPage returns the page in p's encoding.
func encodedPage(b *testing.B, p benchPair) (text, encoded []byte) {
	text = corpusPage(b, p.page)
	switch p.enc {
	case UTF8:
		return text, text
	case UTF16LE, UTF16BE:
		for _, u := range utf16.Encode([]rune(string(text))) {
			if p.enc == UTF16LE {
				encoded = append(encoded, byte(u), byte(u>>8))
			} else {
				encoded = append(encoded, byte(u>>8), byte(u))
			}
		}
		return text, encoded
	}
	// Text the encoding cannot represent becomes character references,
	// which are ASCII; the pages are chosen so that this is rare.
	encoded = Encode(string(text), p.enc)
	decoded, _ := Decode(encoded, p.enc)
	return []byte(decoded), encoded
}

func BenchmarkDecode(b *testing.B) {
	for _, p := range benchPairs {
		b.Run(p.page+"/"+p.enc.Name(), func(b *testing.B) {
			_, encoded := encodedPage(b, p)
			d := p.enc.NewDecoder(KeepBOM, Replace)
			n8, _ := d.MaxUTF8BufferLength(len(encoded))
			n16, _ := d.MaxUTF16BufferLength(len(encoded))
			dst8, dst16 := make([]byte, n8), make([]uint16, n16)
			want8 := withoutKernels(func() []byte {
				r := p.enc.NewDecoder(KeepBOM, Replace).DecodeToUTF8(encoded, dst8, true)
				return bytes.Clone(dst8[:r.Written])
			})
			want16 := withoutKernels(func() []uint16 {
				r := p.enc.NewDecoder(KeepBOM, Replace).DecodeToUTF16(encoded, dst16, true)
				return slices.Clone(dst16[:r.Written])
			})
			b.Run("whatenc-utf8", func(b *testing.B) {
				b.SetBytes(int64(len(encoded)))
				b.ReportAllocs()
				var r DecodeResult
				for i := 0; i < b.N; i++ {
					if r = d.DecodeToUTF8(encoded, dst8, true); r.Read != len(encoded) {
						b.Fatal(r)
					}
				}
				checkBenchOutput(b, dst8[:r.Written], want8)
			})
			b.Run("whatenc-utf16", func(b *testing.B) {
				b.SetBytes(int64(len(encoded)))
				b.ReportAllocs()
				var r DecodeResult
				for i := 0; i < b.N; i++ {
					if r = d.DecodeToUTF16(encoded, dst16, true); r.Read != len(encoded) {
						b.Fatal(r)
					}
				}
				checkBenchOutput(b, dst16[:r.Written], want16)
			})
			if p.xtext != nil {
				t := p.xtext.NewDecoder()
				b.Run("xtext-utf8", func(b *testing.B) {
					b.SetBytes(int64(len(encoded)))
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						transformAll(b, t, dst8, encoded)
					}
				})
			}
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, p := range benchPairs {
		if !p.enc.HasEncoder() {
			continue
		}
		b.Run(p.page+"/"+p.enc.Name(), func(b *testing.B) {
			text, encoded := encodedPage(b, p)
			units := utf16.Encode([]rune(string(text)))
			enc := p.enc.NewEncoder(HTML)
			n, _ := enc.MaxBufferLengthFromUTF8(len(text))
			dst := make([]byte, n)
			want := portableEncode(p.enc, text, dst)
			b.Run("whatenc-utf8", func(b *testing.B) {
				b.SetBytes(int64(len(encoded)))
				b.ReportAllocs()
				var r EncodeResult
				for i := 0; i < b.N; i++ {
					if r = enc.EncodeFromUTF8(text, dst, true); r.Read != len(text) {
						b.Fatal(r)
					}
				}
				checkBenchOutput(b, dst[:r.Written], want)
			})
			b.Run("whatenc-utf16", func(b *testing.B) {
				b.SetBytes(int64(len(encoded)))
				b.ReportAllocs()
				var r EncodeResult
				for i := 0; i < b.N; i++ {
					if r = enc.EncodeFromUTF16(units, dst, true); r.Read != len(units) {
						b.Fatal(r)
					}
				}
				checkBenchOutput(b, dst[:r.Written], want)
			})
			if p.xtext != nil {
				t := encoding.HTMLEscapeUnsupported(p.xtext.NewEncoder())
				b.Run("xtext-utf8", func(b *testing.B) {
					b.SetBytes(int64(len(encoded)))
					b.ReportAllocs()
					for i := 0; i < b.N; i++ {
						transformAll(b, t, dst, text)
					}
				})
			}
		})
	}
}

// withoutKernels returns f's result with the vector kernels off: what the
// portable code writes, which the tests hold to the reference. The
// benchmarks check their last output against it, so that a benchmark of a
// kernel that writes the wrong text fails instead of timing it (they
// check how much was read on every turn, but that alone let a broken
// kernel through once).
func withoutKernels[T any](f func() T) T {
	saved2, saved512 := useAVX2, useAVX512
	defer func() { setAVX2(saved2); setAVX512(saved512) }()
	setAVX2(false)
	setAVX512(false)
	return f()
}

// portableEncode is what e's portable encoder writes for text (HTML mode),
// using dst for room.
func portableEncode(e *Encoding, text, dst []byte) []byte {
	return withoutKernels(func() []byte {
		r := e.NewEncoder(HTML).EncodeFromUTF8(text, dst, true)
		return bytes.Clone(dst[:r.Written])
	})
}

// checkBenchOutput fails b if a benchmark's last output is not the
// portable code's.
func checkBenchOutput[T comparable](b *testing.B, got, want []T) {
	b.Helper()
	if !slices.Equal(got, want) {
		b.Fatalf("the output (%d units) differs from the portable code's (%d units)", len(got), len(want))
	}
}

// transformAll runs an x/text transformer over all of src into dst, which
// is large enough.
func transformAll(b *testing.B, t transform.Transformer, dst, src []byte) {
	t.Reset()
	if _, n, err := t.Transform(dst, src, true); err != nil || n != len(src) {
		b.Fatalf("x/text: %v after %d of %d bytes", err, n, len(src))
	}
}

// BenchmarkEncodeRawPages encodes the corpus pages as they are, characters
// the encoding lacks included (HTML mode writes them as references), from
// UTF-8 and from UTF-16: after each such character the encoder must go back
// to its fast path (the pairs of BenchmarkEncode have none).
func BenchmarkEncodeRawPages(b *testing.B) {
	for _, p := range []struct {
		page string
		enc  *Encoding
	}{{"ru.txt", Windows1251}, {"en.txt", Windows1252}, {"ar.html", Windows1256}, {"ja.txt", ShiftJIS}, {"ko.html", EUCKR}, {"zh_cn.txt", GBK}, {"ja.txt", UTF8}} {
		b.Run(p.page+"/"+p.enc.Name(), func(b *testing.B) {
			text := corpusPage(b, p.page)
			if p.enc == UTF8 {
				// Malformed bytes (each becomes U+FFFD) instead.
				text = append([]byte("\xff"), text...)
				text = append(text[:len(text)/2:len(text)/2], append([]byte("\xc3"), text[len(text)/2:]...)...)
			}
			units := utf16.Encode([]rune(string(text)))
			enc := p.enc.NewEncoder(HTML)
			dst := make([]byte, 10*len(text)+64)
			want8 := portableEncode(p.enc, text, dst)
			want16 := withoutKernels(func() []byte {
				r := p.enc.NewEncoder(HTML).EncodeFromUTF16(units, dst, true)
				return bytes.Clone(dst[:r.Written])
			})
			b.Run("utf8", func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				var r EncodeResult
				for i := 0; i < b.N; i++ {
					if r = enc.EncodeFromUTF8(text, dst, true); r.Read != len(text) {
						b.Fatal(r)
					}
				}
				checkBenchOutput(b, dst[:r.Written], want8)
			})
			b.Run("utf16", func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				var r EncodeResult
				for i := 0; i < b.N; i++ {
					if r = enc.EncodeFromUTF16(units, dst, true); r.Read != len(units) {
						b.Fatal(r)
					}
				}
				checkBenchOutput(b, dst[:r.Written], want16)
			})
		})
	}
}

//go:build !purego

package codec

// copyUTF16AVX2 is the UTF-16 decoders' vector kernel (utf16_amd64.s).
//
//go:noescape
func copyUTF16AVX2(dst *uint16, src *byte, n int, order *[16]byte) int

// utf16ToUTF8AVX2 is the UTF-16 decoders' vector kernel for UTF-8 output
// (utf16_amd64.s).
//
//go:noescape
func utf16ToUTF8AVX2(dst *byte, dstLen int, src *byte, n int, order *[16]byte, steps *utf16StepTables) (read, written int)

// utf16ToUTF8AVX512 is utf16ToUTF8AVX2 with AVX-512, 32 units a step
// (utf16to8_amd64.s). Callers check useAVX512 first.
//
//go:noescape
func utf16ToUTF8AVX512(dst *byte, dstLen int, src *byte, n int, order *[16]byte) (read, written int)

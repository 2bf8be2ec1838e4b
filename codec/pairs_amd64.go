//go:build !purego

package codec

// decodePairsUTF16AVX512 is pairs_amd64.s's decoder of ASCII and two-byte
// sequences to UTF-16, 64 bytes a window. Callers check useAVX512 first.
//
//go:noescape
func decodePairsUTF16AVX512(dst *uint16, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int)

// decodePairsUTF8AVX512 is decodePairsUTF16AVX512 for UTF-8 output.
//
//go:noescape
func decodePairsUTF8AVX512(dst *byte, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int)

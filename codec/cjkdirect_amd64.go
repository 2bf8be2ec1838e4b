//go:build !purego

package codec

// encodeThreesAVX2 is cjkdirect_amd64.s's encoder of three-byte sequences
// through a direct table, eight a step. Callers check useAVX2 first.
//
//go:noescape
func encodeThreesAVX2(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int)

// encodeMixedAVX512 is cjkdirect_amd64.s's encoder of ASCII and three-byte
// sequences through a direct table, 64 bytes a window. Callers check
// useAVX512 first.
//
//go:noescape
func encodeMixedAVX512(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int)

// encodeDirectFromUTF16AVX512 is cjkdirect_amd64.s's encoder of code
// units below literal (ASCII, or none) and with an entry in a direct table,
// from UTF-16, 16 units a step. Callers check useAVX512 first.
//
//go:noescape
func encodeDirectFromUTF16AVX512(dst *byte, dstLen int, src *uint16, n int, t *directTable, literal int) (read, written int)

// encodeDirectFromUTF16AVX2 is encodeDirectFromUTF16AVX512 with AVX2
// (cjkdirect_amd64.s), packs being unitPacks. Callers check useAVX2 first.
//
//go:noescape
func encodeDirectFromUTF16AVX2(dst *byte, dstLen int, src *uint16, n int, t *directTable, literal int, packs *[256][16]byte) (read, written int)

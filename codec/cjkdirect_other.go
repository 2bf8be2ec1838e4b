//go:build !amd64 || purego

package codec

func encodeThreesAVX2(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int) {
	panic("unreachable")
}

func encodeMixedAVX512(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int) {
	panic("unreachable")
}

func encodeDirectFromUTF16AVX512(dst *byte, dstLen int, src *uint16, n int, t *directTable, literal int) (read, written int) {
	panic("unreachable")
}

func encodeDirectFromUTF16AVX2(dst *byte, dstLen int, src *uint16, n int, t *directTable, literal int, packs *[256][16]byte) (read, written int) {
	panic("unreachable")
}

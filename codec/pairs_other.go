//go:build !amd64

package codec

func decodePairsUTF16AVX512(dst *uint16, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int) {
	panic("unreachable")
}

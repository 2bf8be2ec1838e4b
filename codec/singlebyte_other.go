//go:build !amd64

package codec

func singleByteToUTF16AVX2(dst *uint16, src *byte, n int, t *singleByteVectorTables) int {
	panic("unreachable")
}

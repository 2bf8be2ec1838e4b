//go:build !amd64 || purego

package codec

func decodePairsUTF16AVX512(dst *uint16, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int) {
	panic("unreachable")
}

func decodePairsUTF8AVX512(dst *byte, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int) {
	panic("unreachable")
}

func setLookupGather(on bool) {}
func lookupGatherOn() bool    { return false }

//go:build !amd64 || purego

package codec

func singleByteToUTF16AVX2(dst *uint16, src *byte, n int, t *singleByteVectorTables) int {
	panic("unreachable")
}

func singleByteToUTF8AVX2(dst *byte, dstLen int, src *byte, n int, t *singleByteVectorTables, steps *utf16StepTables) (read, written int) {
	panic("unreachable")
}

func singleByteToUTF16AVX512(dst *uint16, src *byte, n int, t *singleByteWideTables) int {
	panic("unreachable")
}

func singleByteToUTF8AVX512(dst *byte, dstLen int, src *byte, n int, t *singleByteWideTables) (read, written int) {
	panic("unreachable")
}

func encodeBlocksFromUTF16AVX512(dst *byte, src *uint16, n int, t *singleByteBlocks) int {
	panic("unreachable")
}

func encodeBlocksFromUTF16AVX2(dst *byte, src *uint16, n int, t *singleByteBlocks256) int {
	panic("unreachable")
}

func blockToSingleByteAVX2(dst *byte, dstLen int, src *byte, n int, t *[8][32]byte, lead int, packs *[256][8]byte) (read, written int) {
	panic("unreachable")
}

func encodeBlocksAVX512(dst *byte, dstLen int, src *byte, n int, t *singleByteBlocks) (read, written int) {
	panic("unreachable")
}

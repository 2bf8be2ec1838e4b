//go:build !amd64 || purego

package codec

// No vector kernel on this architecture (useAVX2 is false).
func copyUTF16AVX2(dst *uint16, src *byte, n int, order *[16]byte) int { panic("unreachable") }

func utf16ToUTF8AVX2(dst *byte, dstLen int, src *byte, n int, order *[16]byte, steps *utf16StepTables) (read, written int) {
	panic("unreachable")
}

func utf16ToUTF8AVX512(dst *byte, dstLen int, src *byte, n int, order *[16]byte) (read, written int) {
	panic("unreachable")
}

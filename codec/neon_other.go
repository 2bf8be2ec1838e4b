//go:build !arm64 || purego

package codec

// No NEON kernels on this architecture (or with the purego build tag):
// useNEON is false.

func utf8ValidBlocksNEON(dst, p *byte, n int) int { panic("unreachable") }

func singleByteToUTF16NEON(dst *uint16, src *byte, n int, t *singleByteWideTables) int {
	panic("unreachable")
}

func copyUTF16NEON(dst *uint16, src *byte, n int, order *[16]byte) int { panic("unreachable") }

func singleByteToUTF8NEON(dst *byte, dstLen int, src *byte, n int, t *singleByteWideTables, steps *utf16StepTables) (read, written int) {
	panic("unreachable")
}

func utf16ToUTF8NEON(dst *byte, dstLen int, src *byte, n int, order *[16]byte, steps *utf16StepTables) (read, written int) {
	panic("unreachable")
}

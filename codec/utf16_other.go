//go:build !amd64

package codec

// No vector kernel on this architecture (useAVX2 is false).
func copyUTF16AVX2(dst *uint16, src *byte, n int, order *[16]byte) int { panic("unreachable") }

//go:build !purego

package codec

// copyUTF16NEON is the UTF-16 decoders' NEON kernel for UTF-16 output
// (utf16_arm64.s). Callers check useNEON first.
//
//go:noescape
func copyUTF16NEON(dst *uint16, src *byte, n int, order *[16]byte) int

//go:build !purego

package codec

// copyUTF16NEON is the UTF-16 decoders' NEON kernel for UTF-16 output
// (utf16_arm64.s). Callers check useNEON first.
//
//go:noescape
func copyUTF16NEON(dst *uint16, src *byte, n int, order *[16]byte) int

// utf16ToUTF8NEON is the NEON kernel for UTF-16 to UTF-8 (utf16_arm64.s):
// steps of one- and two-byte forms. Callers check useNEON first.
//
//go:noescape
func utf16ToUTF8NEON(dst *byte, dstLen int, src *byte, n int, order *[16]byte, steps *utf16StepTables) (read, written int)

//go:build !purego

package codec

// singleByteToUTF16NEON is singlebyte_arm64.s's decoder to UTF-16. Callers
// check useNEON first.
//
//go:noescape
func singleByteToUTF16NEON(dst *uint16, src *byte, n int, t *singleByteWideTables) int

// singleByteToUTF8NEON is singlebyte_arm64.s's decoder to UTF-8: steps of
// ASCII and code points of two bytes. Callers check useNEON first.
//
//go:noescape
func singleByteToUTF8NEON(dst *byte, dstLen int, src *byte, n int, t *singleByteWideTables, steps *utf16StepTables) (read, written int)

//go:build !purego

package codec

// singleByteToUTF16NEON is singlebyte_arm64.s's decoder to UTF-16. Callers
// check useNEON first.
//
//go:noescape
func singleByteToUTF16NEON(dst *uint16, src *byte, n int, t *singleByteWideTables) int

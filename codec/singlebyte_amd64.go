package codec

// singleByteToUTF16AVX2 is singlebyte_amd64.s's decoder to UTF-16.
//
//go:noescape
func singleByteToUTF16AVX2(dst *uint16, src *byte, n int, t *singleByteVectorTables) int

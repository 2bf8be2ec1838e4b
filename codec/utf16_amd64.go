package codec

// copyUTF16AVX2 is the UTF-16 decoders' vector kernel (utf16_amd64.s).
//
//go:noescape
func copyUTF16AVX2(dst *uint16, src *byte, n int, order *[16]byte) int

package codec

// utf8ValidBlocksAVX2 is utf8_amd64.s's validator: 32 × the number of
// leading 32-byte blocks of p[:n] in which it sees no error, copied to dst
// (room for n bytes) unless dst is nil. Callers check useAVX2 first.
//
//go:noescape
func utf8ValidBlocksAVX2(dst, p *byte, n int) int

// utf8ValidBlocksAVX512 is the same with AVX-512, 64 × the number of
// leading 64-byte blocks. Callers check useAVX512 first.
//
//go:noescape
func utf8ValidBlocksAVX512(dst, p *byte, n int) int

// utf8ToUTF16AVX2 is utf8to16_amd64.s's converter from valid UTF-8 to
// UTF-16 (see utf8to16.go).
//
//go:noescape
func utf8ToUTF16AVX2(dst *uint16, src *byte, n int, t *utf8StepTables) (read, written int)

// utf8ToUTF16AVX512 is utf8to16_amd64.s's AVX-512 converter from valid
// UTF-8 to UTF-16 (see utf8to16.go). Callers check useAVX512 first.
//
//go:noescape
func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (read, written int)

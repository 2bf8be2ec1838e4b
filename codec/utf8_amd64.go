package codec

// utf8ValidBlocksAVX2 is utf8_amd64.s's validator: 32 × the number of
// leading 32-byte blocks of p[:n] in which it sees no error. Callers check
// useAVX2 first.
//
//go:noescape
func utf8ValidBlocksAVX2(p *byte, n int) int

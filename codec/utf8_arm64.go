//go:build !purego

package codec

// utf8ValidBlocksNEON is utf8_arm64.s's validator: how many leading bytes
// of p[:n] it sees no error in (a multiple of 64: the blocks start at p),
// copied to dst (room for n bytes) unless dst is nil. Callers check
// useNEON first.
//
//go:noescape
func utf8ValidBlocksNEON(dst, p *byte, n int) int

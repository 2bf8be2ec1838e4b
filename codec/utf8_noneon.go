//go:build !arm64 || purego

package codec

// No NEON validator on this architecture (or with the purego build tag):
// useNEON is false.
func utf8ValidBlocksNEON(dst, p *byte, n int) int { panic("unreachable") }

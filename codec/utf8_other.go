//go:build !amd64

package codec

func utf8ValidBlocksAVX2(p *byte, n int) int { panic("unreachable") }

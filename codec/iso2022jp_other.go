//go:build !amd64

package codec

func iso2022JPASCIIPrefixAVX2(p *byte, n int) int { panic("unreachable") }

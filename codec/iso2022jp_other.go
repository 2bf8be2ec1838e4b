//go:build !amd64 || purego

package codec

func iso2022JPASCIIPrefixAVX2(dst, p *byte, n int) int { panic("unreachable") }

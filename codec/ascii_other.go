//go:build !amd64 || purego

package codec

// No vector kernels on this architecture (or with the purego build tag):
// ascii.go's word-at-a-time code does all the work (useAVX2 is false:
// cpu_other.go).

func asciiPrefixAVX2(p *byte, n int) int                         { panic("unreachable") }
func copyASCIIAVX2(dst, src *byte, n int) int                    { panic("unreachable") }
func widenASCIIAVX2(dst *uint16, src *byte, n int) int           { panic("unreachable") }
func narrowASCIIAVX2(dst, src *byte, n int, order *[16]byte) int { panic("unreachable") }

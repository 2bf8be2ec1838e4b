//go:build !amd64 || purego

package codec

// No vector kernels on this architecture (or with the purego build tag):
// ascii.go's word-at-a-time code does all the work.

const (
	useAVX2   = false
	useAVX512 = false
)

func asciiPrefixAVX2(p *byte, n int) int                         { panic("unreachable") }
func copyASCIIAVX2(dst, src *byte, n int) int                    { panic("unreachable") }
func widenASCIIAVX2(dst *uint16, src *byte, n int) int           { panic("unreachable") }
func narrowASCIIAVX2(dst, src *byte, n int, order *[16]byte) int { panic("unreachable") }

// For the tests: no vector kernels to switch.
func hasAVX2Kernels() bool   { return false }
func hasAVX512Kernels() bool { return false }
func setAVX2(on bool)        {}
func setAVX512(on bool)      {}

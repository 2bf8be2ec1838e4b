//go:build !(amd64 || arm64) || purego

package codec

// No vector kernels on this architecture (or with the purego build tag):
// ascii.go's word-at-a-time code does all the work.

func asciiKernels() bool { return false }

func asciiPrefixKernel(p *byte, n int) int                         { panic("unreachable") }
func copyASCIIKernel(dst, src *byte, n int) int                    { panic("unreachable") }
func widenASCIIKernel(dst *uint16, src *byte, n int) int           { panic("unreachable") }
func narrowASCIIKernel(dst, src *byte, n int, order *[16]byte) int { panic("unreachable") }

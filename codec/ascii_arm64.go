//go:build !purego

package codec

// The NEON ASCII kernels (ascii_arm64.s), taken when useNEON is set
// (cpu_arm64.go).

//go:noescape
func asciiPrefixNEON(p *byte, n int) int

//go:noescape
func copyASCIINEON(dst, src *byte, n int) int

//go:noescape
func widenASCIINEON(dst *uint16, src *byte, n int) int

//go:noescape
func narrowASCIINEON(dst, src *byte, n int, order *[16]byte) int

// asciiKernels reports whether ascii.go's long runs go to the kernels
// below: the NEON ones here.
func asciiKernels() bool { return useNEON }

func asciiPrefixKernel(p *byte, n int) int      { return asciiPrefixNEON(p, n) }
func copyASCIIKernel(dst, src *byte, n int) int { return copyASCIINEON(dst, src, n) }
func widenASCIIKernel(dst *uint16, src *byte, n int) int {
	return widenASCIINEON(dst, src, n)
}
func narrowASCIIKernel(dst, src *byte, n int, order *[16]byte) int {
	return narrowASCIINEON(dst, src, n, order)
}

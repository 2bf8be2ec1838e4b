//go:build !purego

package codec

// The AVX2 ASCII kernels (ascii_amd64.s), taken when useAVX2 is set
// (cpu_amd64.go). The build needs no GOAMD64 level and no experiment.

// asciiKernels reports whether ascii.go's long runs go to the kernels
// below: the AVX2 ones here.
func asciiKernels() bool { return useAVX2 }

func asciiPrefixKernel(p *byte, n int) int      { return asciiPrefixAVX2(p, n) }
func copyASCIIKernel(dst, src *byte, n int) int { return copyASCIIAVX2(dst, src, n) }
func widenASCIIKernel(dst *uint16, src *byte, n int) int {
	return widenASCIIAVX2(dst, src, n)
}
func narrowASCIIKernel(dst, src *byte, n int, order *[16]byte) int {
	return narrowASCIIAVX2(dst, src, n, order)
}

//go:noescape
func asciiPrefixAVX2(p *byte, n int) int

//go:noescape
func copyASCIIAVX2(dst, src *byte, n int) int

//go:noescape
func widenASCIIAVX2(dst *uint16, src *byte, n int) int

//go:noescape
func narrowASCIIAVX2(dst, src *byte, n int, order *[16]byte) int

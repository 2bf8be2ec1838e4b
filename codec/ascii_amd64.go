//go:build !purego

package codec

// The AVX2 ASCII kernels (ascii_amd64.s), taken when useAVX2 is set
// (cpu_amd64.go). The build needs no GOAMD64 level and no experiment.

//go:noescape
func asciiPrefixAVX2(p *byte, n int) int

//go:noescape
func copyASCIIAVX2(dst, src *byte, n int) int

//go:noescape
func widenASCIIAVX2(dst *uint16, src *byte, n int) int

//go:noescape
func narrowASCIIAVX2(dst, src *byte, n int, order *[16]byte) int

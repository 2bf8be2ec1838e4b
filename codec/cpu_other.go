//go:build !(amd64 || arm64) || purego

package codec

// No vector kernels on this architecture (or with the purego build tag).

const (
	useAVX2   = false
	useAVX512 = false
	useNEON   = false
)

// For the tests: no vector kernels to switch.
func hasAVX2Kernels() bool   { return false }
func hasAVX512Kernels() bool { return false }
func hasNEONKernels() bool   { return false }
func setAVX2(on bool)        {}
func setAVX512(on bool)      {}
func setNEON(on bool)        {}

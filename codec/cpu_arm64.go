//go:build !purego

package codec

// Every arm64 core has NEON (Advanced SIMD is part of ARMv8-A), so nothing
// is detected: the NEON kernels run unless WHATENC_CPU says "generic"
// (cpu.go). The x86 kernels do not exist here.

const (
	useAVX2   = false
	useAVX512 = false
)

// useNEON selects the NEON kernels; tests switch it off to check the
// portable code on the same machine.
var useNEON = cpuLevel >= 1

// For the tests: which kernels can run here, and switching them.
func hasAVX2Kernels() bool   { return false }
func hasAVX512Kernels() bool { return false }
func hasNEONKernels() bool   { return true }
func setAVX2(on bool)        {}
func setAVX512(on bool)      {}
func setNEON(on bool)        { useNEON = on }

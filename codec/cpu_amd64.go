//go:build !purego

package codec

// What the CPU has (CPUID, XGETBV), read once when the package is
// initialised: which vector kernels run (useAVX2, useAVX512, held lower by
// WHATENC_CPU: cpu.go) and whose cores these are (isIntel, for the UTF-8
// validator's settings in utf8_amd64.go).

func cpuidex(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
func xgetbv0() (eax, edx uint32)

// useAVX2 selects the vector kernels (unless WHATENC_CPU says "generic",
// cpu.go); tests switch it off to check the portable code on the same
// machine.
var useAVX2 = cpuLevel >= 1 && hasAVX2()

func hasAVX2() bool {
	maxLeaf, _, _, _ := cpuidex(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuidex(1, 0)
	const popcnt, osxsave, avx = 1 << 23, 1 << 27, 1 << 28 // every AVX2 CPU has POPCNT; the kernels use it
	if ecx1&osxsave == 0 || ecx1&avx == 0 || ecx1&popcnt == 0 {
		return false
	}
	if xcr0, _ := xgetbv0(); xcr0&6 != 6 { // XMM and YMM state enabled
		return false
	}
	_, ebx7, _, _ := cpuidex(7, 0)
	return ebx7&(1<<5) != 0
}

// useAVX512 selects the AVX-512 kernels where one exists (unless
// WHATENC_CPU says "avx2" or "generic"); only set with useAVX2.
var useAVX512 = useAVX2 && cpuLevel >= 2 && hasAVX512()

// hasAVX512 reports the AVX-512 the kernels use (F, BW, VL, VBMI and VBMI2, as
// from Ice Lake and Zen 4 on; with BMI2), with the operating system saving
// the opmask and ZMM registers.
func hasAVX512() bool {
	maxLeaf, _, _, _ := cpuidex(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuidex(1, 0)
	if ecx1&(1<<27) == 0 { // OSXSAVE
		return false
	}
	if xcr0, _ := xgetbv0(); xcr0&0xE6 != 0xE6 { // XMM, YMM, opmask, ZMM0-15 upper halves, ZMM16-31
		return false
	}
	_, ebx7, ecx7, _ := cpuidex(7, 0)
	const bmi2, avx512f, avx512bw, avx512vl = 1 << 8, 1 << 16, 1 << 30, 1 << 31
	const avx512vbmi, avx512vbmi2 = 1 << 1, 1 << 6 // in ECX
	want := uint32(bmi2 | avx512f | avx512bw | avx512vl)
	return ebx7&want == want && ecx7&(avx512vbmi|avx512vbmi2) == avx512vbmi|avx512vbmi2
}

// useNEON: the arm64 kernels (cpu_arm64.go) do not exist here.
const useNEON = false

// For the tests: whether the kernels can run here, and switching them.
func hasAVX2Kernels() bool   { return hasAVX2() }
func hasAVX512Kernels() bool { return hasAVX2() && hasAVX512() }
func hasNEONKernels() bool   { return false }
func setAVX2(on bool)        { useAVX2 = on }
func setAVX512(on bool)      { useAVX512 = on }
func setNEON(on bool)        {}

// isIntel reports whether CPUID's vendor string is "GenuineIntel".
func isIntel() bool {
	_, ebx, ecx, edx := cpuidex(0, 0)
	return ebx == 0x756e6547 && edx == 0x49656e69 && ecx == 0x6c65746e // "Genu", "ineI", "ntel"
}

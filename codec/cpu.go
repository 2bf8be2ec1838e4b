package codec

import (
	"os"
	"strings"
)

// The vector kernels are chosen at run time by what the CPU has (CPUID on
// x86-64; every arm64 core has NEON). The environment variable
// WHATENC_CPU, read once when the package is initialised (when libwhatenc
// is loaded), can hold them below that: "avx2" leaves out the AVX-512
// kernels, "generic" every vector kernel (NEON too), "avx512" (or no
// variable) takes what the CPU has. It never selects
// kernels the CPU lacks, and other values change nothing. It is there to
// measure on one machine what a CPU without AVX-512 (or without AVX2)
// gets, and to rule a kernel out when looking into a problem; the output
// is the same whatever it says (the tests check every kernel against the
// portable code).
const cpuVariable = "WHATENC_CPU"

// cpuLevel is how far WHATENC_CPU lets the kernels go: 0 none, 1 AVX2
// (and NEON), 2 AVX-512 (what the CPU has).
var cpuLevel = cpuLevelOf(os.Getenv(cpuVariable))

func cpuLevelOf(v string) int {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "generic":
		return 0
	case "avx2":
		return 1
	}
	return 2
}

// Kernels reports the vector kernels in use: "avx512", "avx2", "neon"
// (arm64) or "generic" (the portable code alone).
func Kernels() string {
	switch {
	case useAVX512:
		return "avx512"
	case useAVX2:
		return "avx2"
	case useNEON:
		return "neon"
	}
	return "generic"
}

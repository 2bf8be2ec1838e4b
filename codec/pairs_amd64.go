//go:build !purego

package codec

// decodePairsUTF16AVX512 is pairs_amd64.s's decoder of ASCII and two-byte
// sequences to UTF-16, 64 bytes a window. Callers check useAVX512 first.
//
//go:noescape
func decodePairsUTF16AVX512(dst *uint16, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int)

// decodePairsUTF8AVX512 is decodePairsUTF16AVX512 for UTF-8 output.
//
//go:noescape
func decodePairsUTF8AVX512(dst *byte, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int)

// lookupGather makes the AVX-512 kernels that look up 16 table entries at a
// time (LOOK16_EITHER in lookup_amd64.h: the double-byte decoders here, the
// CJK encoders in cjkdirect_amd64.s) use one VPGATHERDD instead of sixteen
// scalar loads, on Intel cores with AVX512-FP16: Golden Cove and later
// (Sapphire Rapids on), whose gathers Downfall (GDS) does not slow. Zen 4
// runs the scalar loads twice as fast as its gather; on Ice Lake, Tiger
// Lake and Rocket Lake the microcode that mitigates Downfall slows every
// gather. (A feature rather than a model number: the Xeon these were
// measured on, a Sapphire Rapids class core with AMX, reports model 167,
// Rocket Lake's, under its hypervisor.)
var lookupGather = intelCore && hasAVX512FP16()

// hasAVX512FP16 reports CPUID's AVX512-FP16 (leaf 7, EDX bit 23).
func hasAVX512FP16() bool {
	if maxLeaf, _, _, _ := cpuidex(0, 0); maxLeaf < 7 {
		return false
	}
	_, _, _, edx7 := cpuidex(7, 0)
	return edx7&(1<<23) != 0
}

// For the tests: the lookups by gather or by scalar loads.
func setLookupGather(on bool) { lookupGather = on }
func lookupGatherOn() bool    { return lookupGather }

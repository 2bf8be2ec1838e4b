//go:build !purego

package codec

// utf8ValidBlocksAVX2 is utf8_amd64.s's validator: how many leading bytes
// of p[:n] it sees no error in (the end of a 32-byte block; after the
// first pair the blocks start at p's 64-byte boundaries), copied to dst
// (room for n bytes) unless dst is nil. Callers check useAVX2 first.
//
//go:noescape
func utf8ValidBlocksAVX2(dst, p *byte, n int) int

// utf8ValidBlocksAVX512 is the same with AVX-512 and 64-byte blocks, which
// after the first are aligned to the input's 64-byte boundaries and the
// last of which ends at n: it returns n, or less where it sees an error
// (the end of a block, not always a multiple of 64). Callers check
// useAVX512 first.
//
//go:noescape
func utf8ValidBlocksAVX512(dst, p *byte, n int) int

// utf8ToUTF16AVX2 is utf8to16_amd64.s's converter from valid UTF-8 to
// UTF-16 (see utf8to16.go).
//
//go:noescape
func utf8ToUTF16AVX2(dst *uint16, src *byte, n int, t *utf8StepTables) (read, written int)

// utf8ToUTF16AVX512 is utf8to16_amd64.s's AVX-512 converter from valid
// UTF-8 to UTF-16 (see utf8to16.go). Callers check useAVX512 first.
//
//go:noescape
func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (read, written int)

// utf8PermbChecks selects, in the AVX-512 validator, fast and two-byte
// checks by two 64-entry VPERMB lookups a block (FAST_LEADS_PAIR512,
// TWO_LEADS_PAIR512) rather than two 128-entry VPERMI2B ones: on Intel
// cores VPERMI2B is three micro-ops and the checks are bound by ports 0
// and 5 (utf8_amd64.s gives the figures); Zen 4 runs it as one. The tests
// run the validator both ways wherever AVX-512 is there.
var utf8PermbChecks = intelCore

// intelCore: CPUID's vendor is Intel (read once, for the two settings
// above and below).
var intelCore = isIntel()

// utf8Backward lets the AVX-512 validator copy from the end backward
// where the output starts less than 2 KiB past the input modulo 4 KiB
// (backward512 in utf8_amd64.s says why Zen 4 wants it). Intel cores go
// forward: on an Intel Xeon (family 6, model 207), whole pages in 64 KiB
// calls through the C API, forward against backward in turns, 33 pages:
// geomean +15% with the output 32 bytes past the input modulo 4 KiB, +8%
// at 144, +7% at 208, +15% at 820 (ru.html and th.html +23-24%), -1-2%
// at 96.
var utf8Backward = !intelCore

// For the tests: the AVX-512 validator tuned for Intel cores (VPERMB
// checks, forward only, windows) or for the others.
func setUTF8IntelTuning(on bool) { utf8PermbChecks, utf8Backward, utf8Windows = on, !on, on }
func utf8IntelTuningOn() bool    { return utf8PermbChecks && !utf8Backward && utf8Windows }

// utf8WindowsAVX512 is utf8_amd64.s's validator of 4 KiB windows (see
// utf8ValidInWindows): from p[from:] (p[:from] valid, from >= 64) to where a
// window has an error or a byte F0..FF, or fewer than 4 KiB are left, or
// (text) a window was mostly text. Callers check useAVX512 first.
//
//go:noescape
func utf8WindowsAVX512(p *byte, from, n int) (stop int, text bool)

// utf8Windows lets utf8ValidAVX512 take long inputs in windows. Their
// check is the Intel cores' (utf8PermbChecks), and their gains were
// measured there only; Zen 4 keeps utf8ValidBlocksAVX512 throughout.
var utf8Windows = intelCore

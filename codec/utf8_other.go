//go:build !amd64 || purego

package codec

func utf8ValidBlocksAVX2(dst, p *byte, n int) int { panic("unreachable") }

func utf8ValidBlocksAVX512(dst, p *byte, n int) int { panic("unreachable") }

func utf8ToUTF16AVX2(dst *uint16, src *byte, n int, t *utf8StepTables) (read, written int) {
	panic("unreachable")
}

func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (read, written int) { panic("unreachable") }

// For the tests: no AVX-512 validator whose tuning could be switched.
func setUTF8IntelTuning(on bool) {}
func utf8IntelTuningOn() bool    { return false }

func utf8WindowsAVX512(p *byte, from, n int) (stop int, text bool) { panic("unreachable") }

// No windows without the AVX-512 validator.
const utf8Windows = false

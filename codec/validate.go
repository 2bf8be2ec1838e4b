package codec

// Validation without conversion: how much of a buffer the UTF-8 decoder or
// a UTF-16 consumer would take without an error, for callers that check
// input before they store or pass it on (the C API's whatenc_*_valid_up_to).

// UTF8ValidUpTo returns how many leading bytes of p are valid UTF-8:
// len(p) if all of p is, else the offset of the first byte of the first
// sequence that the UTF-8 decoder (section 8.1.1) finds malformed or that
// p ends before it is complete. p[:n] decodes without an error, and
// decoding p[n:] starts with one (or, for a sequence cut short, may not
// once more bytes follow).
func UTF8ValidUpTo(p []byte) int {
	return utf8ValidPrefix(p)
}

// UTF16ValidUpTo returns how many leading code units of u are valid
// UTF-16: len(u) if all of u is, else the index of the first surrogate
// that is not half of a pair (a low surrogate without a high one before
// it, or a high one without a low one after it, also at the end of u).
// These are the units that "convert a JavaScript string into a scalar
// value string" (Infra), which TextEncoder applies, turns into U+FFFD.
func UTF16ValidUpTo(u []uint16) int {
	return utf16ValidPrefix(u)
}

// utf16ValidPrefix is UTF16ValidUpTo: 16 units a step while none is a
// surrogate (surrogateLanes), else four a step while a step's surrogates
// pair up inside it (pairedUnits, as copyUTF16PairWords takes them), else
// a unit at a time up to the next step boundary past the surrogate that
// stopped the word steps.
func utf16ValidPrefix(u []uint16) int {
	k := 0
	for {
		for ; k+16 <= len(u); k += 16 {
			if surrogateLanes(load64u16(u, k))|surrogateLanes(load64u16(u, k+4))|
				surrogateLanes(load64u16(u, k+8))|surrogateLanes(load64u16(u, k+12)) != 0 {
				break
			}
		}
		for k+4 <= len(u) {
			x := load64u16(u, k)
			if !hasSurrogate(x) {
				k += 4
				continue
			}
			p := pairedUnits(x)
			if p == 0 {
				break
			}
			k += p
		}
		end := min(k+5, len(u)) // a step, and the low surrogate after it
		for k < end {
			c := u[k]
			if c&0xF800 != 0xD800 {
				k++
				continue
			}
			if c > 0xDBFF || k+1 == len(u) || u[k+1]&0xFC00 != 0xDC00 {
				return k
			}
			k += 2
		}
		if k == len(u) {
			return k
		}
	}
}

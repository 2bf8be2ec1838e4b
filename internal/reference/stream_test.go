package reference

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// interesting are bytes that start, continue or break sequences somewhere.
var interesting = []byte{
	0x00, 0x0E, 0x0F, 0x1B, 0x22, 0x24, 0x28, 0x30, 0x35, 0x39, 0x40, 0x41, 0x42, 0x49, 0x4A,
	0x5C, 0x7E, 0x7F, 0x80, 0x81, 0x84, 0x8E, 0x8F, 0x90, 0x9F, 0xA0, 0xA1, 0xA4, 0xBB, 0xBF,
	0xC2, 0xD8, 0xDC, 0xDF, 0xE0, 0xE3, 0xED, 0xEF, 0xF0, 0xF4, 0xFC, 0xFE, 0xFF,
}

// randomInput returns bytes that mix valid sequences of encoding name with
// random and interesting bytes.
func randomInput(r *rand.Rand, name string) []byte {
	var b []byte
	n := r.IntN(40)
	for range n {
		switch r.IntN(4) {
		case 0:
			b = append(b, byte(r.IntN(256)))
		case 1:
			b = append(b, interesting[r.IntN(len(interesting))])
		default:
			cp := rune(r.IntN(0x3000))
			if r.IntN(4) == 0 {
				cp = rune(0x4E00 + r.IntN(0x5000))
			}
			if r.IntN(20) == 0 {
				cp = rune(0x10000 + r.IntN(0x100000))
			}
			if isSurrogate(cp) {
				continue
			}
			switch name {
			case "UTF-16BE":
				u := rune(cp)
				if u >= 0x10000 {
					u -= 0x10000
					b = append(b, byte(0xD8+u>>18), byte(u>>10), byte(0xDC+u>>8&3), byte(u))
				} else {
					b = append(b, byte(u>>8), byte(u))
				}
			case "UTF-16LE":
				u := rune(cp)
				if u >= 0x10000 {
					u -= 0x10000
					b = append(b, byte(u>>10), byte(0xD8+u>>18), byte(u), byte(0xDC+u>>8&3))
				} else {
					b = append(b, byte(u), byte(u>>8))
				}
			default:
				enc, _, _, ok := Encode(OutputEncoding(name), []rune{cp}, EncodeFatal)
				if ok {
					b = append(b, enc...)
				}
			}
		}
	}
	return b
}

// randomChunks cuts b into random pieces, empty ones included.
func randomChunks(r *rand.Rand, b []byte) [][]byte {
	var chunks [][]byte
	for len(b) > 0 {
		n := r.IntN(min(len(b), 5) + 1)
		chunks = append(chunks, b[:n])
		b = b[n:]
	}
	if r.IntN(2) == 0 {
		chunks = append(chunks, nil)
	}
	return chunks
}

func TestDecodeStreamEqualsDecode(t *testing.T) {
	requireData(t)
	r := rand.New(rand.NewPCG(1, 2))
	iterations := 400
	if testing.Short() {
		iterations = 50
	}
	for _, name := range Names() {
		for range iterations {
			in := randomInput(r, name)
			chunks := randomChunks(r, in)
			for _, mode := range []DecodeMode{DecodeReplacement, DecodeFatal} {
				want, _, wantOK := Decode(name, in, mode)
				got, gotOK := DecodeStream(name, chunks, mode)
				if !slices.Equal(got, want) || gotOK != wantOK {
					t.Fatalf("%s mode %d, input %s in chunks %v: DecodeStream %s ok=%v, Decode %s ok=%v",
						name, mode, hexBytes(in), chunks, codePoints(got), gotOK, codePoints(want), wantOK)
				}
			}
			// One byte at a time, and all at once.
			bytewise := make([][]byte, len(in))
			for i := range in {
				bytewise[i] = in[i : i+1]
			}
			want, _, _ := Decode(name, in, DecodeReplacement)
			for _, chunks := range [][][]byte{bytewise, {in}, nil} {
				if chunks == nil && len(in) > 0 {
					continue
				}
				if got, _ := DecodeStream(name, chunks, DecodeReplacement); !slices.Equal(got, want) {
					t.Fatalf("%s, input %s in %d chunks: DecodeStream %s, Decode %s", name, hexBytes(in), len(chunks), codePoints(got), codePoints(want))
				}
			}
		}
	}
}

// TestFatalPrefixAgreesWithReplacement checks the fatal mode's output and
// consumed count against the replacement mode's output: the output before
// the first error is a prefix, and decoding the consumed bytes alone ends in
// the same error.
func TestFatalPrefixAgreesWithReplacement(t *testing.T) {
	requireData(t)
	r := rand.New(rand.NewPCG(3, 4))
	for _, name := range Names() {
		for range 200 {
			in := randomInput(r, name)
			full, _, _ := Decode(name, in, DecodeReplacement)
			out, consumed, ok := Decode(name, in, DecodeFatal)
			if ok {
				if !slices.Equal(out, full) || consumed != len(in) && name != "replacement" {
					t.Fatalf("%s %s: fatal ok with %s consumed %d, replacement %s", name, hexBytes(in), codePoints(out), consumed, codePoints(full))
				}
				continue
			}
			if len(out) >= len(full) || !slices.Equal(full[:len(out)], out) || full[len(out)] != 0xFFFD {
				t.Fatalf("%s %s: fatal output %s is not the replacement output %s up to its first U+FFFD", name, hexBytes(in), codePoints(out), codePoints(full))
			}
			if consumed < 1 || consumed > len(in) {
				t.Fatalf("%s %s: consumed %d out of range", name, hexBytes(in), consumed)
			}
		}
	}
}

// TestRoundTrip encodes every scalar value of the BMP and a sample of the
// other planes with every encoder and decodes the result: the decoder must
// give back the code point, except where the standard makes the mapping
// one-way.
func TestRoundTrip(t *testing.T) {
	requireData(t)
	var cps []rune
	for cp := rune(0); cp <= 0xFFFF; cp++ {
		if !isSurrogate(cp) {
			cps = append(cps, cp)
		}
	}
	for cp := rune(0x10000); cp <= 0x10FFFF; cp += 0x3FF {
		cps = append(cps, cp)
	}
	// All of them even with -short (about 1 s; 9 s under -race): the
	// gb18030 count below needs U+E5E5 among them, and the first 0x3000
	// (the sample -short once took) stop short of kana and the ideographs.
	oneWay := map[string]map[rune]rune{
		"EUC-JP":      {0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D},
		"Shift_JIS":   {0xA5: 0x5C, 0x203E: 0x7E, 0x2212: 0xFF0D},
		"ISO-2022-JP": {0x2212: 0xFF0D},
	}
	for _, name := range encoderNames() {
		encodable := 0
		for _, cp := range cps {
			b, _, _, ok := Encode(name, []rune{cp}, EncodeFatal)
			if !ok {
				continue
			}
			encodable++
			got, _, dok := Decode(name, b, DecodeFatal)
			want := []rune{cp}
			if w, ok := oneWay[name][cp]; ok {
				want = []rune{w}
			}
			if name == "ISO-2022-JP" && cp >= 0xFF61 && cp <= 0xFF9F {
				continue // halfwidth katakana are written as fullwidth
			}
			if (name == "gb18030" || name == "GBK") && slices.ContainsFunc(gb18030PUASideTable, func(row struct {
				codePoint rune
				bytes     [2]byte
			}) bool {
				return row.codePoint == cp
			}) {
				continue // the GB18030-2022 side table is one-way
			}
			if !dok || !slices.Equal(got, want) {
				t.Errorf("%s: U+%04X encodes to %s, which decodes to %s (ok=%v), want %s", name, cp, hexBytes(b), codePoints(got), dok, codePoints(want))
			}
		}
		if encodable < 128 {
			t.Errorf("%s: only %d code points encodable", name, encodable)
		}
		t.Logf("%s: %d of %d code points encodable", name, encodable, len(cps))
		switch name {
		case "UTF-8":
			if encodable != len(cps) {
				t.Errorf("%s: %d of %d scalar values encodable, want all", name, encodable, len(cps))
			}
		case "gb18030":
			if encodable != len(cps)-1 {
				t.Errorf("%s: %d of %d scalar values encodable, want all but U+E5E5", name, encodable, len(cps))
			}
		}
	}
}

package codec

import (
	"math/rand"
	"testing"

	"github.com/whatenc/whatenc/internal/reference"
)

// bomTestPieces are what the tests of BOM handling after errors put
// together: each encoding's BOM, characters, bytes that are errors, and
// pieces of those.
var bomTestPieces = map[*Encoding][][]byte{
	UTF8: {{0xEF, 0xBB, 0xBF}, {'A'}, {0xC3, 0xA9}, {0xFF}, {0x80}, {0xC0}, {0xE3},
		{0xED, 0xA0}, {0xEF, 0xBB}},
	UTF16LE: {{0xFF, 0xFE}, {'A', 0}, {0x00, 0xD8}, {0x00, 0xDC}, {0xFF}, {0xFE}, {'A'}},
	UTF16BE: {{0xFE, 0xFF}, {0, 'A'}, {0xD8, 0x00}, {0xDC, 0x00}, {0xFE}, {0xFF}, {'A'}},
}

// TestRemoveBOMAfterFatalErrors streams pieces of text, BOMs and errors
// through a fatal RemoveBOM decoder in random chunks, going on after each
// Malformed as the streaming contract allows, and compares its whole output
// with the reference TextDecoder's (section 7.2) fed one piece a call with
// stream set, which also goes on after each error: an error writes nothing,
// so a U+FEFF after errors alone is the first character, which the
// standard removes ("BOM seen", section 7.1). One piece a call keeps the
// reference from dropping text that the contract delivers before an error
// of the same call (decode() throws the call's output away).
func TestRemoveBOMAfterFatalErrors(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(5))
	for e, pool := range bomTestPieces {
		for n := 0; n < 3000; n++ {
			var input []byte
			var want []rune
			ref, err := reference.NewTextDecoder(e.Name(), true, false)
			if err != nil {
				t.Fatal(err)
			}
			// Until a call without error: each error call is followed by
			// calls with no input that decode what the error left queued.
			drain := func(out string, err error, stream bool) {
				for {
					want = append(want, []rune(out)...)
					if err == nil {
						return
					}
					out, err = ref.Decode(nil, stream)
				}
			}
			for k := rng.Intn(6); k >= 0; k-- {
				p := pool[rng.Intn(len(pool))]
				input = append(input, p...)
				out, err := ref.Decode(p, true)
				drain(out, err, true)
			}
			out, err := ref.Decode(nil, false)
			if err == nil {
				want = append(want, []rune(out)...)
			} // else: an incomplete end, the last error (the stream then ends)
			for _, wide := range []bool{false, true} {
				got := decodeContinuing(t, e.NewDecoder(RemoveBOM, Fatal), input, newSplitter(int64(n), MinUTF8Output), wide)
				if string(got) != string(want) {
					t.Fatalf("%s, UTF-16 output %v, input % x: got %q, want %q", e, wide, input, string(got), string(want))
				}
			}
		}
	}
}

// decodeContinuing decodes input with d as one stream cut by sp, going on
// after every Malformed, and returns all its output.
func decodeContinuing(t *testing.T, d *Decoder, input []byte, sp *splitter, wide bool) []rune {
	t.Helper()
	var u8 []byte
	var u16 []uint16
	pos := 0
	for calls := 0; ; calls++ {
		if calls > 10*len(input)+1000 {
			t.Fatalf("%s: no progress decoding % x", d.Encoding(), input)
		}
		n := sp.chunk(len(input) - pos)
		last := pos+n == len(input)
		var r DecodeResult
		if wide {
			dst := make([]uint16, max(sp.out(), MinUTF16Output))
			r = d.DecodeToUTF16(input[pos:pos+n], dst, last)
			u16 = append(u16, dst[:r.Written]...)
		} else {
			dst := make([]byte, sp.out())
			r = d.DecodeToUTF8(input[pos:pos+n], dst, last)
			u8 = append(u8, dst[:r.Written]...)
		}
		pos += r.Read
		if r.Status == InputEmpty && last {
			return collect(u8, u16, wide)
		}
	}
}

// TestTextDecoderBOMSeenAfterErrors runs decode() calls of a few pieces
// each against the reference TextDecoder, fatal, streaming but for the
// last: a call with an error throws its text away unserialized, so a BOM
// after it may still be the first character, and removed.
func TestTextDecoderBOMSeenAfterErrors(t *testing.T) {
	needReference(t)
	rng := rand.New(rand.NewSource(6))
	for e, pool := range bomTestPieces {
		for n := 0; n < 3000; n++ {
			got, _ := NewTextDecoder(e.Name(), true, false)
			want, _ := reference.NewTextDecoder(e.Name(), true, false)
			var calls [][]byte
			for k := rng.Intn(5); k >= 0; k-- {
				var input []byte
				for j := rng.Intn(3); j >= 0; j-- {
					input = append(input, pool[rng.Intn(len(pool))]...)
				}
				calls = append(calls, input)
				stream := k > 0
				gotText, gotErr := got.Decode(input, stream)
				wantText, wantErr := want.Decode(input, stream)
				if (gotErr != nil) != (wantErr != nil) || gotText != wantText {
					t.Fatalf("%s: calls % x: got %q, %v; want %q, %v", e, calls, gotText, gotErr, wantText, wantErr)
				}
			}
		}
	}
}

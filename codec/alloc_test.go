package codec

import "testing"

// TestStreamingCallsDoNotAllocate: steady-state decoder and encoder calls
// allocate nothing, for every encoding, in both error modes.
func TestStreamingCallsDoNotAllocate(t *testing.T) {
	input := []byte("plain ASCII, caf\xc3\xa9, \xe2\x82\xac, \xe3\x81\x82\xe4\xb8\x80, \xf0\x9f\x98\x80, bad \xff\xfe\xc3")
	units := []uint16{'a', 0xE9, 0x20AC, 0x3042, 0xD83D, 0xDE00, 0xDC00, 'z', 0xD800}
	dst8 := make([]byte, 256)
	dst16 := make([]uint16, 256)
	for _, e := range Encodings() {
		for _, mode := range []ErrorMode{Replace, Fatal} {
			d := e.NewDecoder(SniffBOM, mode)
			enc := e.NewEncoder(mode)
			allocs := testing.AllocsPerRun(50, func() {
				d.DecodeToUTF8(input, dst8, false)
				d.DecodeToUTF16(input, dst16, true)
				enc.EncodeFromUTF8(input, dst8, false)
				enc.EncodeFromUTF16(units, dst8, true)
			})
			if allocs != 0 {
				t.Errorf("%s, mode %v: %v allocations per round of calls", e, mode, allocs)
			}
		}
	}
}

package reference

import (
	"errors"
	"slices"
	"testing"
	"unicode/utf16"
)

func TestBOMSniff(t *testing.T) {
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{nil, ""},
		{[]byte{0xEF, 0xBB}, ""},
		{[]byte{0xEF, 0xBB, 0xBF}, "UTF-8"},
		{[]byte{0xEF, 0xBB, 0xBF, 0x41}, "UTF-8"},
		{[]byte{0xFE, 0xFF}, "UTF-16BE"},
		{[]byte{0xFE, 0xFF, 0x00}, "UTF-16BE"},
		{[]byte{0xFF, 0xFE}, "UTF-16LE"},
		{[]byte{0xFF, 0xFE, 0x00, 0x00}, "UTF-16LE"},
		{[]byte{0xFE}, ""},
		{[]byte{0x41, 0xFF, 0xFE}, ""},
	} {
		if got := BOMSniff(c.in); got != c.want {
			t.Errorf("BOMSniff(%s) = %q, want %q", hexBytes(c.in), got, c.want)
		}
	}
}

func TestDecodeHook(t *testing.T) {
	requireData(t)
	for _, c := range []struct {
		in       []byte
		fallback string
		want     []rune
		used     string
	}{
		{[]byte{0xFE, 0xFF, 0x00, 0x41}, "windows-1252", []rune{0x41}, "UTF-16BE"},
		{[]byte{0xFF, 0xFE, 0x41, 0x00}, "UTF-8", []rune{0x41}, "UTF-16LE"},
		{[]byte{0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF}, "Shift_JIS", []rune{0xFEFF}, "UTF-8"},
		{[]byte{0xEF, 0xBB, 0x41}, "windows-1252", []rune{0xEF, 0xBB, 0x41}, "windows-1252"},
		{[]byte{0xFF, 0xFE}, "UTF-16BE", nil, "UTF-16LE"},
		{[]byte{0x41}, "replacement", []rune{0xFFFD}, "replacement"},
		{nil, "replacement", nil, "replacement"},
	} {
		got, used := DecodeHook(c.in, c.fallback)
		if !slices.Equal(got, c.want) || used != c.used {
			t.Errorf("DecodeHook(%s, %s) = %s, %s; want %s, %s", hexBytes(c.in), c.fallback, codePoints(got), used, codePoints(c.want), c.used)
		}
	}
}

func TestUTF8Hooks(t *testing.T) {
	bom := []byte{0xEF, 0xBB, 0xBF, 0x41}
	if got := UTF8Decode(bom); !slices.Equal(got, []rune{0x41}) {
		t.Errorf("UTF8Decode(%s) = %s", hexBytes(bom), codePoints(got))
	}
	// UTF-8 decode ignores UTF-16 BOMs.
	if got := UTF8Decode([]byte{0xFF, 0xFE}); !slices.Equal(got, []rune{0xFFFD, 0xFFFD}) {
		t.Errorf("UTF8Decode(FF FE) = %s", codePoints(got))
	}
	if got := UTF8DecodeWithoutBOM(bom); !slices.Equal(got, []rune{0xFEFF, 0x41}) {
		t.Errorf("UTF8DecodeWithoutBOM(%s) = %s", hexBytes(bom), codePoints(got))
	}
	if got, ok := UTF8DecodeWithoutBOMOrFail(bom); !ok || !slices.Equal(got, []rune{0xFEFF, 0x41}) {
		t.Errorf("UTF8DecodeWithoutBOMOrFail(%s) = %s, %v", hexBytes(bom), codePoints(got), ok)
	}
	if got, ok := UTF8DecodeWithoutBOMOrFail([]byte{0x41, 0x80}); ok {
		t.Errorf("UTF8DecodeWithoutBOMOrFail(41 80) = %s, want failure", codePoints(got))
	}
	if got := UTF8Encode([]rune{0x41, 0xFEFF}); !slices.Equal(got, []byte{0x41, 0xEF, 0xBB, 0xBF}) {
		t.Errorf("UTF8Encode = %s", hexBytes(got))
	}
}

func TestTextDecoderConstructor(t *testing.T) {
	requireData(t)
	for _, label := range []string{"replacement", "iso-2022-kr", "csiso2022kr", "bogus", "", "utf-8\u00a0"} {
		if _, err := NewTextDecoder(label, false, false); !errors.Is(err, ErrRange) {
			t.Errorf("NewTextDecoder(%q) error = %v, want RangeError", label, err)
		}
	}
	d, err := NewTextDecoder(" Shift_JIS\n", true, true)
	if err != nil {
		t.Fatal(err)
	}
	if d.Encoding() != "shift_jis" || !d.Fatal() || !d.IgnoreBOM() {
		t.Errorf("TextDecoder getters: %q %v %v", d.Encoding(), d.Fatal(), d.IgnoreBOM())
	}
	d, _ = NewTextDecoder("latin1", false, false)
	if d.Encoding() != "windows-1252" || d.Fatal() || d.IgnoreBOM() {
		t.Errorf("TextDecoder getters: %q %v %v", d.Encoding(), d.Fatal(), d.IgnoreBOM())
	}
}

// textDecode runs a new TextDecoder over chunks (stream true for all but the
// last call, which has no input) and returns the concatenated output.
func textDecode(t *testing.T, label string, fatal, ignoreBOM bool, chunks ...[]byte) (string, error) {
	t.Helper()
	d, err := NewTextDecoder(label, fatal, ignoreBOM)
	if err != nil {
		t.Fatal(err)
	}
	var s string
	for _, c := range chunks {
		out, err := d.Decode(c, true)
		if err != nil {
			return s, err
		}
		s += out
	}
	out, err := d.Decode(nil, false)
	return s + out, err
}

func TestTextDecoderBOM(t *testing.T) {
	requireData(t)
	bom8 := []byte{0xEF, 0xBB, 0xBF}
	for _, c := range []struct {
		label     string
		ignoreBOM bool
		chunks    [][]byte
		want      string
	}{
		{"utf-8", false, [][]byte{{0xEF, 0xBB, 0xBF, 0x41}}, "A"},
		{"utf-8", true, [][]byte{{0xEF, 0xBB, 0xBF, 0x41}}, "\uFEFFA"},
		{"utf-8", false, [][]byte{{0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF}}, "\uFEFF"},
		{"utf-8", false, [][]byte{{0xEF}, {0xBB}, {0xBF, 0x41}}, "A"},
		{"utf-8", false, [][]byte{{0x41}, bom8}, "A\uFEFF"},
		{"utf-16le", false, [][]byte{{0xFF, 0xFE, 0x41, 0x00}}, "A"},
		{"utf-16be", false, [][]byte{{0xFE, 0xFF, 0x00, 0x41}}, "A"},
		{"utf-16be", true, [][]byte{{0xFE, 0xFF, 0x00, 0x41}}, "\uFEFFA"},
		// The decoder does not switch encodings on another encoding's BOM.
		{"utf-16le", false, [][]byte{{0xFE, 0xFF, 0x00, 0x41}}, "\uFFFE\u4100"},
		{"utf-8", false, [][]byte{{0xFF, 0xFE, 0x41, 0x00}}, "\uFFFD\uFFFDA\x00"},
		// Only UTF-8 and UTF-16BE/LE strip: GB18030 decodes 0x84 0x31 0x95 0x33 to U+FEFF.
		{"gb18030", false, [][]byte{{0x84, 0x31, 0x95, 0x33, 0x41}}, "\uFEFFA"},
		{"windows-1252", false, [][]byte{{0xEF, 0xBB, 0xBF}}, "ï»¿"},
	} {
		got, err := textDecode(t, c.label, false, c.ignoreBOM, c.chunks...)
		if err != nil || got != c.want {
			t.Errorf("TextDecoder(%s, ignoreBOM=%v) over %v: got %+q, %v; want %+q", c.label, c.ignoreBOM, c.chunks, got, err, c.want)
		}
	}
	// BOM seen is reset by each non-streaming call.
	d, _ := NewTextDecoder("utf-8", false, false)
	for i := range 2 {
		if got, _ := d.Decode([]byte{0xEF, 0xBB, 0xBF, 0x41}, false); got != "A" {
			t.Errorf("call %d: got %+q, want \"A\"", i, got)
		}
	}
	// An incomplete sequence at a non-streaming end is an error, and the next
	// call starts afresh.
	if got, _ := d.Decode([]byte{0xE2, 0x82}, false); got != "\uFFFD" {
		t.Errorf("got %+q, want U+FFFD", got)
	}
	if got, _ := d.Decode([]byte{0xAC}, false); got != "\uFFFD" {
		t.Errorf("got %+q, want U+FFFD (the decoder was reset)", got)
	}
}

func TestTextDecoderFatal(t *testing.T) {
	requireData(t)
	if _, err := textDecode(t, "utf-8", true, false, []byte{0x41, 0xFF}); !errors.Is(err, ErrType) {
		t.Errorf("fatal UTF-8 decoder on FF: error %v, want TypeError", err)
	}
	if _, err := textDecode(t, "utf-8", true, false, []byte{0xE2, 0x82}); !errors.Is(err, ErrType) {
		t.Errorf("fatal UTF-8 decoder on a truncated sequence: error %v, want TypeError", err)
	}
	// Streaming keeps an incomplete sequence without error.
	d, _ := NewTextDecoder("utf-8", true, false)
	if got, err := d.Decode([]byte{0xE2, 0x82}, true); err != nil || got != "" {
		t.Errorf("streaming E2 82: got %+q, %v", got, err)
	}
	if got, err := d.Decode([]byte{0xAC}, false); err != nil || got != "€" {
		t.Errorf("then AC: got %+q, %v; want €", got, err)
	}
}

func TestTextDecoderMatchesDecode(t *testing.T) {
	requireData(t)
	// For encodings other than UTF-8/UTF-16, TextDecoder is the decoder alone.
	in := []byte("\x1b$B$\"\x1b(Babc\x82\xa0\xa4\xa2\xff")
	for _, name := range Names() {
		if name == "replacement" {
			continue
		}
		want, _, _ := Decode(name, in, DecodeReplacement)
		got, err := textDecode(t, name, false, true, in[:3], in[3:])
		if err != nil || got != string(want) {
			t.Errorf("%s: TextDecoder %+q, Decode %+q", name, got, string(want))
		}
	}
}

func TestEncodeInto(t *testing.T) {
	a := utf16.Encode([]rune("a😀"))
	for _, c := range []struct {
		src           []uint16
		dstLen        int
		read, written int
		want          []byte
	}{
		{a, 0, 0, 0, nil},
		{a, 1, 1, 1, []byte("a")},
		{a, 4, 1, 1, []byte("a")}, // 😀 needs 4 bytes: it is never split
		{a, 5, 3, 5, []byte("a😀")},
		{a, 10, 3, 5, []byte("a😀")},
		{[]uint16{0xD800}, 3, 1, 3, []byte{0xEF, 0xBF, 0xBD}},
		{[]uint16{0xDC00, 0x41}, 4, 2, 4, []byte{0xEF, 0xBF, 0xBD, 0x41}},
		{[]uint16{0xD800, 0xDC00}, 3, 0, 0, nil},
		{[]uint16{0xD800, 0xDC00}, 4, 2, 4, []byte{0xF0, 0x90, 0x80, 0x80}},
		{[]uint16{0xD800, 0xD800, 0xDC00}, 6, 1, 3, []byte{0xEF, 0xBF, 0xBD}},
		{[]uint16{0x20AC, 0x20AC}, 5, 1, 3, []byte("€")},
	} {
		dst := make([]byte, c.dstLen)
		read, written := EncodeInto(c.src, dst)
		if read != c.read || written != c.written || !slices.Equal(dst[:written], c.want) {
			t.Errorf("EncodeInto(%04X, [%d]) = %d, %d, %s; want %d, %d, %s", c.src, c.dstLen, read, written, hexBytes(dst[:written]), c.read, c.written, hexBytes(c.want))
		}
		for _, b := range dst[written:] {
			if b != 0 {
				t.Errorf("EncodeInto(%04X, [%d]) wrote past written", c.src, c.dstLen)
			}
		}
	}
}

func TestEncoderStream(t *testing.T) {
	for _, c := range []struct {
		chunks [][]uint16
		want   []byte
	}{
		{nil, nil},
		{[][]uint16{{0xD83D}, {0xDE00}}, []byte("😀")},
		{[][]uint16{{0x41, 0xD83D}, {}, {0xDE00, 0x42}}, []byte("A😀B")},
		{[][]uint16{{0xD83D}}, []byte{0xEF, 0xBF, 0xBD}},
		{[][]uint16{{0xD83D}, {0x41}}, []byte{0xEF, 0xBF, 0xBD, 0x41}},
		{[][]uint16{{0xD83D, 0xD83D, 0xDE00}}, []byte("\uFFFD😀")},
		{[][]uint16{{0xDE00}}, []byte{0xEF, 0xBF, 0xBD}},
		{[][]uint16{{0xDE00, 0xD83D}}, []byte{0xEF, 0xBF, 0xBD, 0xEF, 0xBF, 0xBD}},
	} {
		if got := EncoderStream(c.chunks); !slices.Equal(got, c.want) {
			t.Errorf("EncoderStream(%04X) = %s, want %s", c.chunks, hexBytes(got), hexBytes(c.want))
		}
	}
}

func TestQueue(t *testing.T) {
	// Section 3's example: restoring « 0xF0, 0x9F » to « 0x92 0xA9, end-of-queue ».
	q := toIOQueue([]byte{0x92, 0xA9})
	q.restore(0xF0, 0x9F)
	if got := q.peek(3); !slices.Equal(got, []byte{0xF0, 0x9F, 0x92}) {
		t.Errorf("peek(3) = %s", hexBytes(got))
	}
	if got := q.read(); got.end || got.value != 0xF0 {
		t.Errorf("read = %+v, want 0xF0", got)
	}
	if got := q.readItems(5); !slices.Equal(got, []byte{0x9F, 0x92, 0xA9}) {
		t.Errorf("readItems(5) = %s", hexBytes(got))
	}
	first, second := q.read(), q.read()
	if !first.end || !second.end {
		t.Errorf("end-of-queue is not sticky")
	}
	// Pushing to a queue ending with end-of-queue inserts before it.
	q.pushValues(1, 2)
	q.pushEnd()
	if got := q.toList(); !slices.Equal(got, []byte{1, 2}) {
		t.Errorf("toList = %s", hexBytes(got))
	}
	// Pushing end-of-queue to an open queue appends it.
	o := newIOQueue[rune]()
	o.pushValues('a')
	o.pushEnd()
	o.pushValues('b')
	if got := o.toList(); !slices.Equal(got, []rune("ab")) {
		t.Errorf("toList = %q", got)
	}
}

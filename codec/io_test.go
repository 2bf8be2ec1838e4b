package codec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/whatenc/whatenc/internal/reference"
)

// Tests of DecodeReader and EncodeWriter: whatever the reads and writes,
// the text is that of one decoder or encoder call over the whole stream,
// and errors come after the text before them, with the offsets TextDecoder
// reports.

// ioInput returns random input for e's decoder: with valid, the encoding of
// random text (by the codec's encoder, or as UTF-16 by hand); otherwise
// ASCII, stray bytes, lead bytes with anything after them and pieces of
// encoded text, mixed, sometimes after a BOM.
func ioInput(rng *rand.Rand, e *Encoding, n int, valid bool) []byte {
	if valid {
		text := string(randomText(rng, n/2))
		switch e.family {
		case familyUTF16BE, familyUTF16LE:
			var b []byte
			for _, u := range utf16.Encode([]rune(text)) {
				if e.family == familyUTF16BE {
					b = append(b, byte(u>>8), byte(u))
				} else {
					b = append(b, byte(u), byte(u>>8))
				}
			}
			return b
		case familyReplacement:
			return nil
		}
		return Encode(text, e)
	}
	var b []byte
	if rng.Intn(4) == 0 {
		b = append(b, [][]byte{{0xEF, 0xBB, 0xBF}, {0xFE, 0xFF}, {0xFF, 0xFE}}[rng.Intn(3)]...)
	}
	for len(b) < n {
		switch rng.Intn(5) {
		case 0:
			b = append(b, byte(rng.Intn(0x80)))
		case 1:
			b = append(b, byte(rng.Intn(0x100)))
		case 2:
			b = append(b, 0x80+byte(rng.Intn(0x80)), byte(rng.Intn(0x100)))
		default:
			b = append(b, ioInput(rng, e, 2+rng.Intn(8), true)...)
		}
	}
	return b
}

// decodeOneShot decodes input as one stream with a new decoder and one call
// (repeated while OutputFull), stopping at an error as TextDecoder does.
func decodeOneShot(e *Encoding, bom BOMHandling, mode ErrorMode, input []byte) ([]byte, error) {
	d := e.NewDecoder(bom, mode)
	out := make([]byte, 3*len(input)+16)
	r := d.DecodeToUTF8(input, out, true)
	if r.Status == OutputFull {
		panic("decodeOneShot: output buffer too small")
	}
	if r.Status == Malformed {
		consumed := int64(r.Read)
		return out[:r.Written], &DecodeError{Encoding: d.Encoding(), Offset: consumed - int64(r.ConsumedAfter+r.MalformedLen), Len: r.MalformedLen}
	}
	return out[:r.Written], nil
}

// chunkReader returns its input in chunks of random sizes, some of them
// empty.
type chunkReader struct {
	rng   *rand.Rand
	input []byte
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.input) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(c.input), []int{0, 1, 2, 3, 7, 64, 1000}[c.rng.Intn(7)])
	copy(p, c.input[:n])
	c.input = c.input[n:]
	return n, nil
}

// readAll reads z to its error with Reads of size(), checking io.Reader's
// rules, and then that the error sticks.
func readAll(t *testing.T, z *DecodeReader, size func() int) ([]byte, error) {
	t.Helper()
	var text []byte
	for {
		p := make([]byte, size())
		n, err := z.Read(p)
		if n < 0 || n > len(p) || (n == 0 && err == nil) {
			t.Fatalf("Read of %d bytes returned %d, %v", len(p), n, err)
		}
		text = append(text, p[:n]...)
		if err != nil {
			if n > 0 {
				t.Fatalf("Read returned text with an error: %d, %v", n, err)
			}
			for range 2 {
				if n2, err2 := z.Read(make([]byte, 8)); n2 != 0 || !sameError(err2, err) {
					t.Fatalf("after %v, Read returned %d, %v", err, n2, err2)
				}
			}
			return text, err
		}
	}
}

// sameError reports whether a and b are the same error, or equal
// *DecodeErrors or *EncodeErrors.
func sameError(a, b error) bool {
	var da, db *DecodeError
	if errors.As(a, &da) && errors.As(b, &db) {
		return *da == *db
	}
	var ea, eb *EncodeError
	if errors.As(a, &ea) && errors.As(b, &eb) {
		return *ea == *eb
	}
	return a == b
}

// TestDecodeReaderRandom: for every encoding, both error modes and every BOM
// handling, random input through readers that return it in different
// pieces, read into buffers of 1 to 9 bytes, random sizes and a large one,
// gives the one-call text, then io.EOF or the one-call DecodeError.
func TestDecodeReaderRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	readers := []struct {
		name string
		wrap func(in []byte) io.Reader
	}{
		{"OneByteReader", func(in []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(in)) }},
		{"HalfReader", func(in []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(in)) }},
		{"DataErrReader", func(in []byte) io.Reader { return iotest.DataErrReader(bytes.NewReader(in)) }},
		{"chunkReader", func(in []byte) io.Reader { return &chunkReader{rng: rng, input: in} }},
	}
	sizes := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1 << 16}
	for _, e := range Encodings() {
		for _, mode := range []ErrorMode{Replace, Fatal} {
			for i, rd := range readers {
				for j, size := range sizes {
					bom := BOMHandling((i + j) % 3)
					input := ioInput(rng, e, rng.Intn(200), rng.Intn(3) == 0)
					want, wantErr := decodeOneShot(e, bom, mode, input)
					if wantErr == nil {
						wantErr = io.EOF
					}
					next := func() int { return size }
					if size == 0 {
						next = func() int { return 1 + rng.Intn(40) }
					}
					d := e.NewDecoder(bom, mode)
					got, err := readAll(t, NewDecodeReader(rd.wrap(input), d), next)
					if !bytes.Equal(got, want) || !sameError(err, wantErr) {
						t.Fatalf("%s, %v, BOM handling %d, %s, Reads of %d, input % x:\n got  %q, %v\n want %q, %v",
							e, mode, bom, rd.name, size, input, got, err, want, wantErr)
					}
				}
			}
		}
	}
}

// TestDecodeReaderTextDecoderOffsets: a fatal DecodeReader reports the
// errors TextDecoder reports, for every encoding TextDecoder takes.
func TestDecodeReaderTextDecoderOffsets(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	errs := 0
	for _, e := range Encodings() {
		if e == Replacement {
			continue
		}
		for range 20 {
			input := ioInput(rng, e, rng.Intn(100), false)
			td, err := NewTextDecoder(e.Name(), true, false)
			if err != nil {
				t.Fatal(err)
			}
			_, wantErr := td.Decode(input, false)
			if wantErr == nil {
				wantErr = io.EOF
			} else {
				errs++
			}
			z := NewDecodeReader(&chunkReader{rng: rng, input: input}, e.NewDecoder(RemoveBOM, Fatal))
			_, err = readAll(t, z, func() int { return 1 + rng.Intn(9) })
			if !sameError(err, wantErr) {
				t.Fatalf("%s, input % x: DecodeReader's error %v, TextDecoder's %v", e, input, err, wantErr)
			}
		}
	}
	if errs < 100 {
		t.Fatalf("only %d inputs had errors", errs)
	}
}

// TestDecodeReaderLongInput: input of several input buffers, read with
// io.ReadAll, decodes as in one call.
func TestDecodeReaderLongInput(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, e := range []*Encoding{UTF8, UTF16LE, ShiftJIS, GB18030, Big5, ISO2022JP, Windows1252} {
		input := ioInput(rng, e, 3*ioBufferSize+rng.Intn(1000), false)
		want, _ := decodeOneShot(e, SniffBOM, Replace, input)
		got, err := io.ReadAll(NewDecodeReader(bytes.NewReader(input), e.NewDecoder(SniffBOM, Replace)))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: %d bytes of input: got %d bytes of text, %v; want %d bytes", e, len(input), len(got), err, len(want))
		}
	}
}

// failingReader returns its input up to fail, then err (with the last
// bytes when together), and then works again: the DecodeReader must not
// go on reading.
type failingReader struct {
	input    []byte
	fail     int
	err      error
	together bool
	pos      int
	failed   bool
}

func (f *failingReader) Read(p []byte) (int, error) {
	if !f.failed {
		if f.pos == f.fail {
			f.failed = true
			return 0, f.err
		}
		n := copy(p, f.input[f.pos:min(f.fail, f.pos+3)])
		f.pos += n
		if f.together && f.pos == f.fail {
			f.failed = true
			return n, f.err
		}
		return n, nil
	}
	if f.pos == len(f.input) {
		return 0, io.EOF
	}
	n := copy(p, f.input[f.pos:])
	f.pos += n
	return n, nil
}

// TestDecodeReaderReaderError: an error of the reader comes after the text
// of the bytes before it, sticks, and leaves an unfinished sequence in the
// decoder, which decodes the rest of the stream as if nothing happened.
func TestDecodeReaderReaderError(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	boom := errors.New("boom")
	for _, e := range []*Encoding{UTF8, UTF16BE, ShiftJIS, EUCJP, GB18030, Big5, ISO2022JP, EUCKR, KOI8R} {
		for _, together := range []bool{false, true} {
			for range 20 {
				input := ioInput(rng, e, 1+rng.Intn(60), true)
				fail := rng.Intn(len(input) + 1)
				d := e.NewDecoder(KeepBOM, Replace)
				z := NewDecodeReader(&failingReader{input: input, fail: fail, err: boom, together: together}, d)
				got, err := readAll(t, z, func() int { return 1 + rng.Intn(9) })

				ref := e.NewDecoder(KeepBOM, Replace)
				want := make([]byte, 3*len(input)+16)
				r := ref.DecodeToUTF8(input[:fail], want, false)
				if err != boom || !bytes.Equal(got, want[:r.Written]) {
					t.Fatalf("%s, input % x failing after %d (with the data %v): got %q, %v; want %q, %v",
						e, input, fail, together, got, err, want[:r.Written], boom)
				}
				// The decoder holds what it held: the rest continues it.
				rest := make([]byte, 3*len(input)+16)
				r = z.Decoder().DecodeToUTF8(input[fail:], rest, true)
				all, _ := decodeOneShot(e, KeepBOM, Replace, input)
				if s := string(got) + string(rest[:r.Written]); s != string(all) {
					t.Fatalf("%s, input % x failing after %d: text before and after %q, want %q", e, input, fail, s, all)
				}
			}
		}
	}
}

// TestDecodeReaderSmallReads: a 4-byte character comes out whole over
// Reads of one byte; Read of nothing returns nothing; the encoding a BOM
// selects shows through Decoder.
func TestDecodeReaderSmallReads(t *testing.T) {
	z := NewDecodeReader(bytes.NewReader([]byte("\xff\xfe\x3d\xd8\x00\xde!\x00")), Windows1252.NewDecoder(SniffBOM, Fatal))
	if n, err := z.Read(nil); n != 0 || err != nil {
		t.Fatalf("Read(nil) = %d, %v", n, err)
	}
	var got []byte
	for {
		var p [1]byte
		n, err := z.Read(p[:])
		got = append(got, p[:n]...)
		if err == io.EOF {
			break
		}
		if err != nil || n != 1 {
			t.Fatalf("Read = %d, %v", n, err)
		}
	}
	if string(got) != "😀!" || z.Decoder().Encoding() != UTF16LE {
		t.Fatalf("got %q as %s, want %q as UTF-16LE", got, z.Decoder().Encoding(), "😀!")
	}
	if n, err := z.Read(nil); n != 0 || err != nil {
		t.Fatalf("Read(nil) at the end = %d, %v", n, err)
	}
}

// TestDecodeReaderNoProgress: a reader that returns nothing forever is
// reported, not waited on.
func TestDecodeReaderNoProgress(t *testing.T) {
	_, err := NewDecodeReader(emptyReader{}, UTF8.NewDecoder(KeepBOM, Replace)).Read(make([]byte, 8))
	if err != io.ErrNoProgress {
		t.Fatalf("got %v, want io.ErrNoProgress", err)
	}
}

type emptyReader struct{}

func (emptyReader) Read([]byte) (int, error) { return 0, nil }

// repeatReader returns its bytes over and over.
type repeatReader struct {
	b   []byte
	pos int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := copy(p, r.b[r.pos:])
	r.pos = (r.pos + n) % len(r.b)
	return n, nil
}

// TestDecodeReaderAllocs: Reads allocate nothing, whatever their size.
func TestDecodeReaderAllocs(t *testing.T) {
	text := "ASCII, café, €, あ一, 😀, ☃"
	for _, e := range []*Encoding{UTF8, ShiftJIS, GB18030, ISO2022JP, Windows1252, Big5} {
		z := NewDecodeReader(&repeatReader{b: Encode(text, e)}, e.NewDecoder(SniffBOM, Replace))
		for _, size := range []int{1, 3, 4, 7, 100, 1 << 16} {
			p := make([]byte, size)
			// Many Reads a run: AllocsPerRun rounds down, and a small
			// Read decodes only every few calls.
			if allocs := testing.AllocsPerRun(20, func() {
				for range 100 {
					if _, err := z.Read(p); err != nil {
						t.Fatal(err)
					}
				}
			}); allocs != 0 {
				t.Errorf("%s: %v allocations per 100 Reads of %d bytes", e, allocs, size)
			}
		}
	}
}

// ioText returns random UTF-8 input for an encoder: text, with bytes that
// are not UTF-8 and sequences cut short mixed in, sometimes at the end.
func ioText(rng *rand.Rand, n int) []byte {
	var b []byte
	for len(b) < n {
		switch rng.Intn(6) {
		case 0:
			b = append(b, byte(0x80+rng.Intn(0x80)))
		case 1:
			s := string(randomText(rng, 1))
			b = append(b, s[:rng.Intn(len(s))+1]...)
		default:
			b = append(b, string(randomText(rng, 1+rng.Intn(6)))...)
		}
	}
	return b
}

// encodeOneShot encodes input as one stream with a new encoder and one
// call, and in Fatal mode returns the EncodeError it meets, its offset
// found from the reference UTF-8 decoder: the character is the last one
// the encoder read, and begins at the longest prefix of input that decodes
// to the characters before it.
func encodeOneShot(e *Encoding, mode ErrorMode, input []byte) ([]byte, error) {
	enc := e.NewEncoder(mode)
	out := make([]byte, 16*len(input)+16)
	r := enc.EncodeFromUTF8(input, out, true)
	if r.Status == OutputFull {
		panic("encodeOneShot: output buffer too small")
	}
	if r.Status != Unmappable {
		return out[:r.Written], nil
	}
	chars := len(reference.UTF8DecodeWithoutBOM(input[:r.Read]))
	start := 0
	for j := 1; j <= r.Read; j++ {
		if len(reference.UTF8DecodeWithoutBOM(input[:j])) < chars {
			start = j
		}
	}
	return out[:r.Written], &EncodeError{Encoding: enc.Encoding(), CodePoint: r.Unmappable, Offset: int64(start)}
}

// recordWriter keeps what it is given and, from fail on, fails (taking
// the bytes before fail of the Write that reaches it).
type recordWriter struct {
	bytes.Buffer
	fail   int // -1: never
	err    error
	writes int
}

func (w *recordWriter) Write(p []byte) (int, error) {
	w.writes++
	if len(p) == 0 {
		panic("recordWriter: empty Write")
	}
	if w.fail >= 0 && w.Len()+len(p) > w.fail {
		n, _ := w.Buffer.Write(p[:max(0, w.fail-w.Len())])
		return n, w.err
	}
	return w.Buffer.Write(p)
}

// writeAll writes input to z in pieces of random sizes, with Flushes
// between some, then Closes it. It checks io.Writer's rules, and after an
// error that the error sticks. It returns where in input the last Write
// began and what it returned, and the error and whether Close returned it.
func writeAll(t *testing.T, rng *rand.Rand, z *EncodeWriter, input []byte) (pos, n int, err error, atClose bool) {
	t.Helper()
	for rest := input; err == nil; {
		if len(rest) == 0 {
			err = z.Close()
			atClose = true
			break
		}
		k := min(len(rest), []int{0, 1, 2, 3, 5, 17, 100, 1 << 16}[rng.Intn(8)])
		pos = len(input) - len(rest)
		n, err = z.Write(rest[:k])
		if n < 0 || n > k || (n < k && err == nil) {
			t.Fatalf("Write of %d bytes returned %d, %v", k, n, err)
		}
		rest = rest[k:]
		if err == nil && rng.Intn(8) == 0 {
			err = z.Flush()
		}
	}
	if err != nil {
		if n, err2 := z.Write([]byte("a")); n != 0 || !sameError(err2, err) {
			t.Fatalf("after %v, Write returned %d, %v", err, n, err2)
		}
		if err2 := z.Flush(); !sameError(err2, err) {
			t.Fatalf("after %v, Flush returned %v", err, err2)
		}
	}
	if err2 := z.Close(); !sameError(err2, err) {
		t.Fatalf("Close after %v returned %v", err, err2)
	}
	return pos, n, err, atClose
}

// TestEncodeWriterRandom: for every encoding, in HTML and Fatal mode,
// random UTF-8 (not always valid) written in random pieces gives the
// one-call output, and in Fatal mode stops at the first unmappable
// character with its code point and offset, having written to w the
// encoding of the text before it.
func TestEncodeWriterRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	errs := 0
	for _, e := range Encodings() {
		for _, mode := range []ErrorMode{HTML, Fatal} {
			for range 30 {
				input := ioText(rng, rng.Intn(150))
				want, wantErr := encodeOneShot(e, mode, input)
				if wantErr != nil {
					errs++
				}
				w := &recordWriter{fail: -1}
				pos, n, err, atClose := writeAll(t, rng, NewEncodeWriter(w, e.NewEncoder(mode)), input)
				// The last Write took all its input, or the bytes
				// before the unmappable character.
				wantN := len(input) - pos
				if wantErr != nil && !atClose {
					wantN = max(0, int(wantErr.(*EncodeError).Offset)-pos)
				}
				if !bytes.Equal(w.Bytes(), want) || !sameError(err, wantErr) || n != wantN {
					t.Fatalf("%s, %v, input % x:\n got  % x, %v, last Write from %d took %d\n want % x, %v, took %d",
						e, mode, input, w.Bytes(), err, pos, n, want, wantErr, wantN)
				}
			}
		}
	}
	if errs < 500 {
		t.Fatalf("only %d inputs met an unmappable character", errs)
	}
}

// TestEncodeWriterSplitUnmappable: a fatal error on a character split
// between Writes, or left unfinished at Close, is at the character's first
// byte, in an earlier Write.
func TestEncodeWriterSplitUnmappable(t *testing.T) {
	for _, tc := range []struct {
		writes    []string
		close     bool
		n         int // returned by the last Write
		codePoint rune
		offset    int64
		out       string
	}{
		{[]string{"ab\xe2\x98", "\x83cd"}, false, 0, 0x2603, 2, "ab"},
		{[]string{"ab\xe2", "\x98\x83cd"}, false, 0, 0x2603, 2, "ab"},
		{[]string{"ab", "c\xe2\x98\x83d"}, false, 1, 0x2603, 3, "abc"},
		{[]string{"ab\xf0\x9f", "x"}, false, 0, 0xFFFD, 2, "ab"},
		{[]string{"ab\xf0\x9f"}, true, 4, 0xFFFD, 2, "ab"},
		{[]string{"a\xff"}, false, 1, 0xFFFD, 1, "a"},
	} {
		w := &recordWriter{fail: -1}
		z := NewEncodeWriter(w, Windows1252.NewEncoder(Fatal))
		var n int
		var err error
		for _, s := range tc.writes {
			n, err = z.Write([]byte(s))
		}
		if tc.close {
			err = z.Close()
		}
		want := &EncodeError{Encoding: Windows1252, CodePoint: tc.codePoint, Offset: tc.offset}
		if n != tc.n || !sameError(err, want) || w.String() != tc.out {
			t.Errorf("%q: got %d, %v, %q; want %d, %v, %q", tc.writes, n, err, w.String(), tc.n, want, tc.out)
		}
	}
}

// TestEncodeWriterISO2022JP: ISO-2022-JP returns to ASCII at Close only;
// Flush writes the stream so far; nothing reaches w before.
func TestEncodeWriterISO2022JP(t *testing.T) {
	w := &recordWriter{fail: -1}
	z := NewEncodeWriter(w, ISO2022JP.NewEncoder(HTML))
	if _, err := io.WriteString(z, "a日本"); err != nil {
		t.Fatal(err)
	}
	if w.writes != 0 {
		t.Fatalf("%d writes before Flush", w.writes)
	}
	if err := z.Flush(); err != nil || w.String() != "a\x1b$BF|K\\" {
		t.Fatalf("after Flush: %q, %v", w.String(), err)
	}
	if _, err := io.WriteString(z, "語\xe2\x98"); err != nil {
		t.Fatal(err)
	}
	if err := z.Flush(); err != nil || w.String() != "a\x1b$BF|K\\8l" {
		t.Fatalf("after the second Flush: %q, %v", w.String(), err)
	}
	if err := z.Close(); err != nil || w.String() != "a\x1b$BF|K\\8l\x1b(B&#65533;" {
		t.Fatalf("after Close: %q, %v", w.String(), err)
	}
	if err := z.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	if n, err := z.Write([]byte("x")); n != 0 || err == nil {
		t.Fatalf("Write after Close: %d, %v", n, err)
	}
	if w.String() != "a\x1b$BF|K\\8l\x1b(B&#65533;" {
		t.Fatalf("after Close and Write: %q", w.String())
	}
}

// TestEncodeWriterWriterError: w failing after k bytes, or taking fewer
// bytes than given, is an error that sticks; w got a prefix of the output,
// and a Write returns with it the bytes it took.
func TestEncodeWriterWriterError(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	boom := errors.New("boom")
	for _, e := range []*Encoding{UTF8, ShiftJIS, GB18030, ISO2022JP, Windows1252} {
		for i := range 20 {
			input := ioText(rng, 3*ioBufferSize+rng.Intn(1000))
			want, _ := encodeOneShot(e, HTML, input)
			fail := rng.Intn(len(want))
			w := &recordWriter{fail: fail, err: boom}
			wantErr := boom
			if i%2 == 1 {
				w.err = nil // a short write
				wantErr = io.ErrShortWrite
			}
			_, _, err, _ := writeAll(t, rng, NewEncodeWriter(w, e.NewEncoder(HTML)), input)
			if err != wantErr || !bytes.Equal(w.Bytes(), want[:fail]) {
				t.Fatalf("%s, failing after %d bytes: got %d bytes, %v; want %d bytes, %v", e, fail, w.Len(), err, fail, wantErr)
			}
		}
	}
	// The first error is kept: w's error when the text before an
	// unmappable character cannot be written out.
	w := &recordWriter{fail: 1, err: boom}
	z := NewEncodeWriter(w, Windows1252.NewEncoder(Fatal))
	if n, err := z.Write([]byte("ab☃")); n != 2 || err != boom {
		t.Fatalf("got %d, %v; want 2, boom", n, err)
	}
	if err := z.Close(); err != boom {
		t.Fatalf("Close: %v", err)
	}
}

// TestEncodeWriterLosesNothing: the bytes w did not take stay buffered and
// a Write reports the input the encoder took: written out later by hand,
// they complete the output.
func TestEncodeWriterLosesNothing(t *testing.T) {
	boom := errors.New("boom")
	input := bytes.Repeat([]byte("日本語 text, "), 5000)
	want := Encode(string(input), ShiftJIS)
	w := &recordWriter{fail: 20000, err: boom}
	z := NewEncodeWriter(w, ShiftJIS.NewEncoder(HTML))
	n, err := z.Write(input)
	if err != boom || n == 0 || n >= len(input) {
		t.Fatalf("Write: %d, %v", n, err)
	}
	got := append(w.Bytes(), z.buf[:z.n]...)
	out := make([]byte, 4*len(input))
	r := z.enc.EncodeFromUTF8(input[n:], out, true)
	got = append(got, out[:r.Written]...)
	if !bytes.Equal(got, want) {
		t.Fatalf("w, the buffer and the rest give %d bytes, want %d", len(got), len(want))
	}
}

// TestEncodeWriterAllocs: Writes allocate nothing, whatever their size.
func TestEncodeWriterAllocs(t *testing.T) {
	text := []byte("ASCII, café, €, あ一, 😀, ☃, \xff")
	big := bytes.Repeat(text, 300)
	for _, e := range []*Encoding{UTF8, UTF16LE, ShiftJIS, GB18030, ISO2022JP, Windows1252, Big5} {
		z := NewEncodeWriter(io.Discard, e.NewEncoder(HTML))
		for _, p := range [][]byte{text[:1], text[:3], text[17:19], text, big} {
			if allocs := testing.AllocsPerRun(10, func() {
				for range 100 {
					if _, err := z.Write(p); err != nil {
						t.Fatal(err)
					}
				}
			}); allocs != 0 {
				t.Errorf("%s: %v allocations per 100 Writes of %d bytes", e, allocs, len(p))
			}
		}
		if allocs := testing.AllocsPerRun(100, func() { _ = z.Flush() }); allocs != 0 {
			t.Errorf("%s: %v allocations per Flush", e, allocs)
		}
	}
}

func TestEncodeWriterErrorMessage(t *testing.T) {
	err := error(&EncodeError{Encoding: ShiftJIS, CodePoint: 0x2603, Offset: 7})
	if got := fmt.Sprint(err); got != "whatenc: Shift_JIS cannot encode U+2603 at offset 7" {
		t.Fatal(got)
	}
}

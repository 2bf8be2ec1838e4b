package codec

// Decoder is a streaming decoder for one encoding: the standard's decoder
// instance, plus BOM handling and the error mode. It follows the streaming
// contract of the package documentation. A Decoder has a fixed size and
// allocates nothing after [Encoding.NewDecoder]; it is not safe for
// concurrent use. Make one with [Encoding.NewDecoder], or [Decoder.Init]
// for one embedded in a larger value: the zero Decoder is not one.
type Decoder struct {
	// The encodings are kept as IDs, so a Decoder holds no pointers and can
	// live in memory the garbage collector does not scan.
	initial uint8 // the ID of the encoding given at construction
	enc     uint8 // the ID of the encoding in use (differs after a sniffed BOM)
	bom     BOMHandling
	fatal   bool

	// BOM handling: until bomDone, the bytes that may still start a BOM
	// are held in bomBuf. bomSeen is the standard's "BOM seen" (section
	// 7.1, serialize I/O queue) for RemoveBOM: set once a BOM was removed
	// or a character written. Until then a fatal error, which writes
	// nothing, leaves the next character the first: BOM handling starts
	// again after it (rearmBOM).
	bomDone bool
	bomSeen bool
	bomLen  uint8
	bomBuf  [3]byte

	// back holds bytes that an earlier call consumed and the standard
	// "restores" to the input (gb18030 second and third, an ISO-2022-JP
	// escape's lead, a UTF-16 code unit), or that BOM handling held back.
	// They are decoded before the next input.
	nback uint8
	back  [4]byte

	// finished is set when a call with last ended the stream; the next call
	// starts a new one. (Resetting only then keeps Encoding meaningful.)
	finished bool

	// replaced and malformedLen collect a call's details.
	replaced     bool
	malformedLen int

	st decoderState
}

// NewDecoder returns a decoder for e with the given BOM handling and error
// mode (Fatal, or Replace for anything else).
func (e *Encoding) NewDecoder(bom BOMHandling, mode ErrorMode) *Decoder {
	d := new(Decoder)
	d.Init(e, bom, mode)
	return d
}

// Init makes d a new decoder for e, as [Encoding.NewDecoder] does, without
// allocating: useful when a Decoder is embedded in a larger value.
func (d *Decoder) Init(e *Encoding, bom BOMHandling, mode ErrorMode) {
	*d = Decoder{initial: uint8(e.id), enc: uint8(e.id), bom: bom, fatal: mode == Fatal}
	d.bomDone = bom == KeepBOM || (bom == RemoveBOM && ownBOM(e) == nil)
	d.st.reset(e)
}

// Reset returns d to its state right after construction.
func (d *Decoder) Reset() { d.Init(allEncodings[d.initial], d.bom, d.mode()) }

func (d *Decoder) mode() ErrorMode {
	if d.fatal {
		return Fatal
	}
	return Replace
}

// ErrorMode returns the error mode d was made with: Replace (an error
// becomes U+FFFD) or Fatal.
func (d *Decoder) ErrorMode() ErrorMode { return d.mode() }

// Encoding returns the encoding d decodes: with SniffBOM, the encoding of a
// BOM found at the start of the stream, otherwise the one it was made for.
func (d *Decoder) Encoding() *Encoding { return allEncodings[d.enc] }

// BOMDecided reports whether BOM handling is over: with SniffBOM, whether
// [Decoder.Encoding] is final.
func (d *Decoder) BOMDecided() bool { return d.bomDone }

// DecodeToUTF8 decodes src into dst as UTF-8; see the package documentation
// for the contract.
func (d *Decoder) DecodeToUTF8(src, dst []byte, last bool) DecodeResult {
	if d.asciiShortcut() {
		// The ASCII shortcut: an ASCII-compatible decoder between
		// characters writes ASCII bytes as they are, so a call that
		// starts with ASCII copies it first, without the machinery a
		// character needs; small calls then cost little beyond the copy.
		n := copyASCII(dst, src)
		if n == len(src) && !last {
			d.replaced = false
			return DecodeResult{Read: n, Written: n}
		}
		s := newUTF8Sink(dst[n:])
		st, read := d.decode(src[n:], &s, last)
		return d.result(st, n+read, n+s.n)
	}
	s := newUTF8Sink(dst)
	st, read := d.decode(src, &s, last)
	return d.result(st, read, s.n)
}

// DecodeToUTF16 decodes src into dst as UTF-16 code units; see the package
// documentation for the contract.
func (d *Decoder) DecodeToUTF16(src []byte, dst []uint16, last bool) DecodeResult {
	if d.asciiShortcut() {
		// See DecodeToUTF8.
		n := widenASCII(dst, src)
		if n == len(src) && !last {
			d.replaced = false
			return DecodeResult{Read: n, Written: n}
		}
		s := newUTF16Sink(dst[n:])
		st, read := d.decode(src[n:], &s, last)
		return d.result(st, n+read, n+s.n)
	}
	s := newUTF16Sink(dst)
	st, read := d.decode(src, &s, last)
	return d.result(st, read, s.n)
}

// PassesASCII reports whether the next call, if its input is all ASCII and
// it is not the last, writes that input unchanged (as UTF-8, or widened to
// UTF-16), reports nothing replaced, and leaves d as it was. The C library
// answers such calls without entering Go while this holds.
func (d *Decoder) PassesASCII() bool { return d.asciiShortcut() }

// PassesUTF16 reports whether d decodes UTF-16 (BE or LE, also after a BOM
// chose it), is between characters (no lead byte or lead surrogate held),
// past BOM handling, and holds no restored bytes: then input of whole code
// units that are valid UTF-16 decodes to its code points and leaves d as
// it was. The C library answers such calls without entering Go while this
// holds.
func (d *Decoder) PassesUTF16() bool {
	f := allEncodings[d.enc].family
	return (f == familyUTF16BE || f == familyUTF16LE) && d.bomDone && d.nback == 0 && !d.finished &&
		!d.st.utf16.hasLeadByte && d.st.utf16.leadSurrogate == 0
}

// RestsInISO2022JPASCII reports whether d decodes ISO-2022-JP and rests in
// its ASCII state (section 12.2.1): the decoder state and the output state
// ASCII, the output flag unset, past BOM handling, no restored bytes. A
// call that is not the last, whose input has no error and takes the
// decoder back to that state (through escape sequences, pairs of the other
// states), leaves d as it was: the leading byte is always set before it is
// read. The C library answers such calls without entering Go while this
// holds.
func (d *Decoder) RestsInISO2022JPASCII() bool {
	st := &d.st.iso2022JP
	return allEncodings[d.enc].family == familyISO2022JP && d.bomDone && d.nback == 0 && !d.finished &&
		st.state == iso2022JPASCII && st.outputState == iso2022JPASCII && !st.output
}

// asciiShortcut reports whether the next call may copy the ASCII bytes at
// the start of its input before anything else: the decoder is
// ASCII-compatible, between characters, past BOM handling and holds no
// restored bytes.
func (d *Decoder) asciiShortcut() bool {
	return d.bomDone && d.nback == 0 && !d.finished && d.st.asciiIdle(allEncodings[d.enc].family)
}

// statusRestart is what a family decoder returns, besides a Status, when it
// restored bytes into d.back that must be decoded before the rest of src.
const statusRestart Status = 0xFF

// decode is the decoder's loop over src into s: BOM handling, restored
// bytes, the family's decoder. It returns the status and the bytes of src
// read; the caller makes the DecodeResult (a small call's cost is mostly
// its struct copies, so it is made once).
func (d *Decoder) decode(src []byte, s *sink, last bool) (Status, int) {
	if d.finished {
		d.Reset()
	}
	d.replaced = false
	read := 0
	if !d.bomDone {
		n := d.handleBOM(src, last)
		read = n
		if !d.bomDone {
			return InputEmpty, read
		}
	}
	for {
		if d.nback > 0 {
			if st := d.drainBack(s); st != InputEmpty {
				return st, read
			}
		}
		st, n := d.decodeFamily(src[read:], s, last)
		read += n
		if st == statusRestart {
			continue
		}
		if st == InputEmpty && last {
			if d.nback > 0 {
				continue
			}
			d.finished = true
		}
		return st, read
	}
}

// result is the DecodeResult of a call that ended with st, having read and
// written as much.
func (d *Decoder) result(st Status, read, written int) DecodeResult {
	r := DecodeResult{Status: st, Read: read, Written: written, Replaced: d.replaced}
	if written > 0 {
		d.bomSeen = true
	}
	if st == Malformed {
		r.MalformedLen, r.ConsumedAfter = d.malformedLen, int(d.nback)
		if d.bom == RemoveBOM && !d.bomSeen && !d.finished {
			d.rearmBOM()
		}
	}
	return r
}

// drainBack decodes the restored bytes in d.back. Bytes it restores again go
// in front of the ones it did not reach.
func (d *Decoder) drainBack(s *sink) Status {
	for d.nback > 0 {
		var pending [4]byte
		n := copy(pending[:], d.back[:d.nback])
		d.nback = 0
		st, used := d.decodeFamily(pending[:n], s, false)
		d.restore(pending[used:n]...)
		if st != InputEmpty && st != statusRestart {
			return st
		}
	}
	return InputEmpty
}

// restore implements the standard's "restore" (section 3) for bytes the
// decoder has already consumed: they are appended to d.back, to be decoded
// next. A family decoder that restores returns statusRestart (or Malformed)
// at once. The standard never restores more than three bytes, so d.back
// cannot overflow.
func (d *Decoder) restore(b ...byte) {
	d.nback += uint8(copy(d.back[d.nback:], b))
}

// fail reports malformed input of badLen bytes: in Replace mode it writes
// U+FFFD and returns false; in Fatal mode it records the error and returns
// true, and the family decoder returns Malformed.
func (d *Decoder) fail(s *sink, badLen int) bool {
	if d.fatal {
		d.malformedLen = badLen
		return true
	}
	s.putReplacement()
	d.replaced = true
	return false
}

// errStatus is what a family decoder returns after fail: Malformed, or
// statusRestart when it restored bytes, or InputEmpty to go on.
func (d *Decoder) errStatus(stop bool) (st Status, cont bool) {
	if stop {
		return Malformed, false
	}
	if d.nback > 0 {
		return statusRestart, false
	}
	return InputEmpty, true
}

// ownBOM returns the BOM that RemoveBOM removes for e, or nil.
func ownBOM(e *Encoding) []byte {
	switch e.family {
	case familyUTF8:
		return bomUTF8
	case familyUTF16BE:
		return bomUTF16BE
	case familyUTF16LE:
		return bomUTF16LE
	}
	return nil
}

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16BE = []byte{0xFE, 0xFF}
	bomUTF16LE = []byte{0xFF, 0xFE}
)

// handleBOM consumes bytes until it knows whether the stream starts with a
// BOM (BOM sniff, section 6.1, or the encoding's own BOM for RemoveBOM):
// restored bytes first (after rearmBOM), then src. It returns how many bytes
// of src it consumed. Once decided, a BOM is dropped (switching d.enc when
// sniffing) and bytes held that were no BOM are put back in d.back, before
// any restored bytes it did not reach, to be decoded first.
func (d *Decoder) handleBOM(src []byte, last bool) int {
	read := 0
	for !d.bomDone {
		held := d.bomBuf[:d.bomLen]
		enc, bomLen, possible := d.matchBOM(held)
		more := d.nback > 0 || read < len(src)
		switch {
		case enc != nil:
			d.enc = uint8(enc.id)
			d.st.reset(enc)
			d.bomDone = true
			d.bomSeen = true
			d.putBack(held[bomLen:])
		case !possible || (last && !more):
			d.bomDone = true
			d.putBack(held)
		case !more:
			return read
		case d.nback > 0:
			d.bomBuf[d.bomLen] = d.back[0]
			d.bomLen++
			d.nback--
			copy(d.back[:], d.back[1:d.nback+1])
		default:
			d.bomBuf[d.bomLen] = src[read]
			d.bomLen++
			read++
		}
	}
	return read
}

// putBack puts b in d.back in front of the restored bytes there.
func (d *Decoder) putBack(b []byte) {
	var rest [len(d.back)]byte
	n := copy(rest[:], d.back[:d.nback])
	d.nback = 0
	d.restore(b...)
	d.restore(rest[:n]...)
}

// discardOutput tells d that its caller threw away what the stream wrote
// since BOM seen was bomSeen (TextDecoder's decode() after a fatal error):
// BOM seen goes back to that, and with it BOM handling.
func (d *Decoder) discardOutput(bomSeen bool) {
	if d.bom == RemoveBOM && !bomSeen && d.bomSeen {
		d.bomSeen = false
		d.rearmBOM()
	}
}

// rearmBOM starts BOM handling again for RemoveBOM after a fatal error
// before any character: the standard's TextDecoder removes a U+FEFF that is
// the first character it serializes, and an error serializes none. The
// bytes the error restored are looked at first.
func (d *Decoder) rearmBOM() {
	if ownBOM(allEncodings[d.enc]) == nil {
		return
	}
	d.bomDone = false
	d.bomLen = 0
}

// matchBOM looks at the held bytes: it returns the encoding and length of a
// complete BOM they start with, or whether more bytes could still make one.
func (d *Decoder) matchBOM(held []byte) (enc *Encoding, n int, possible bool) {
	candidates := [...]struct {
		bom []byte
		enc *Encoding
	}{{bomUTF8, UTF8}, {bomUTF16BE, UTF16BE}, {bomUTF16LE, UTF16LE}}
	for _, c := range candidates {
		if d.bom == RemoveBOM && c.enc.id != int(d.initial) {
			continue
		}
		m := min(len(held), len(c.bom))
		if string(held[:m]) != string(c.bom[:m]) {
			continue
		}
		if m == len(c.bom) {
			return c.enc, m, true
		}
		possible = true
	}
	return nil, 0, possible
}

// MaxUTF8BufferLength returns an upper bound of the UTF-8 output of decoding
// n more bytes with last=true, counting what d holds from earlier calls. A
// dst of that length is enough to finish in one call. ok is false if the
// bound overflows an int.
func (d *Decoder) MaxUTF8BufferLength(n int) (max int, ok bool) {
	// No decoder writes more than 3 bytes for one input byte (a U+FFFD for
	// a lone byte); the slack covers held bytes and the output room rule.
	return mulAdd(n, 3, 3*(len(d.back)+len(d.bomBuf)+decoderStateBytes)+MinUTF8Output)
}

// MaxUTF16BufferLength is [Decoder.MaxUTF8BufferLength] for UTF-16 output:
// no decoder writes more than one code unit for one input byte.
func (d *Decoder) MaxUTF16BufferLength(n int) (max int, ok bool) {
	return mulAdd(n, 1, len(d.back)+len(d.bomBuf)+decoderStateBytes+MinUTF16Output)
}

// mulAdd returns n*k+c, or ok=false if n is negative or the result
// overflows an int.
func mulAdd(n, k, c int) (int, bool) {
	const maxInt = int(^uint(0) >> 1)
	if n < 0 || n > (maxInt-c)/k {
		return 0, false
	}
	return n*k + c, true
}

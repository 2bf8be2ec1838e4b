package codec

// Encoder is a streaming encoder into one encoding: the standard's encoder
// instance plus the error mode, reading UTF-8 or UTF-16 input. It follows the
// streaming contract of the package documentation. It encodes into the
// output encoding: an Encoder made for UTF-16BE, UTF-16LE or replacement
// writes UTF-8. It allocates nothing after [Encoding.NewEncoder]; it is not
// safe for concurrent use. Make one with [Encoding.NewEncoder]: the zero
// Encoder is not one.
type Encoder struct {
	enc  uint8 // the ID of the output encoding; an Encoder holds no pointers
	html bool

	// An unfinished UTF-8 sequence from the previous call's input.
	nheld uint8
	held  [3]byte
	// A high surrogate that ended the previous call's UTF-16 input.
	highSurrogate uint16

	st encoderState
}

// NewEncoder returns an encoder writing e's output encoding ("get an output
// encoding", section 4.3), in error mode Fatal, or HTML for anything else.
func (e *Encoding) NewEncoder(mode ErrorMode) *Encoder {
	enc := new(Encoder)
	enc.Init(e, mode)
	return enc
}

// Init makes enc a new encoder, as [Encoding.NewEncoder] does, without
// allocating.
func (enc *Encoder) Init(e *Encoding, mode ErrorMode) {
	*enc = Encoder{enc: uint8(e.OutputEncoding().id), html: mode != Fatal}
}

// Reset returns enc to its state right after construction.
func (enc *Encoder) Reset() {
	enc.Init(enc.encoding(), enc.mode())
}

func (enc *Encoder) mode() ErrorMode {
	if enc.html {
		return HTML
	}
	return Fatal
}

// ErrorMode returns the error mode enc was made with: HTML (an unmappable
// code point becomes "&#NNNN;") or Fatal.
func (enc *Encoder) ErrorMode() ErrorMode { return enc.mode() }

// Encoding returns the encoding enc writes: always an output encoding.
func (enc *Encoder) Encoding() *Encoding { return enc.encoding() }

func (enc *Encoder) encoding() *Encoding { return allEncodings[enc.enc] }

// asciiIsIdentity reports whether every ASCII code point encodes as its own
// byte, so ASCII runs can be copied: true but for ISO-2022-JP, whose
// U+000E, U+000F and U+001B are errors even in its ASCII state (its own
// fast path copies the other ASCII).
func (enc *Encoder) asciiIsIdentity() bool {
	return enc.encoding().family != familyISO2022JP
}

// PassesASCII reports whether the next call, if its input is all ASCII (in
// UTF-8, or in UTF-16 if utf16) and it is not the last, writes that input
// unchanged (narrowed from UTF-16), reports nothing replaced, and leaves enc
// as it was: false for ISO-2022-JP, and while part of a character from an
// earlier call is held. The C library answers such calls without entering
// Go while this holds.
func (enc *Encoder) PassesASCII(utf16 bool) bool {
	if utf16 {
		return enc.highSurrogate == 0 && enc.asciiIsIdentity()
	}
	return enc.nheld == 0 && enc.asciiIsIdentity()
}

// RestsInISO2022JPASCII reports whether enc encodes ISO-2022-JP, is in its
// ASCII state (section 12.2.2) and holds no part of a character from an
// earlier call (in either input form): a call that is not the last and
// leaves the state ASCII leaves enc as it was. The C library answers such
// calls without entering Go while this holds.
func (enc *Encoder) RestsInISO2022JPASCII() bool {
	return enc.encoding().family == familyISO2022JP && enc.st.iso2022JP == iso2022JPEncASCII &&
		enc.nheld == 0 && enc.highSurrogate == 0
}

// EncodeFromUTF8 encodes the UTF-8 text src into dst; see the package
// documentation for the contract. Invalid UTF-8 in src is encoded as U+FFFD,
// one for each maximal malformed subsequence, as "UTF-8 decode" reads it.
func (enc *Encoder) EncodeFromUTF8(src, dst []byte, last bool) EncodeResult {
	var res EncodeResult
	i := 0
	if enc.nheld == 0 && enc.asciiIsIdentity() {
		// The ASCII shortcut: ASCII encodes as itself here, so a call
		// that starts with ASCII copies it first; small calls then cost
		// little beyond the copy.
		i = copyASCII(dst, src)
		if i == len(src) && !last {
			// A fresh value, not res: res lives in memory (its address is
			// taken below), and copying it out costs more than this call.
			return EncodeResult{Read: i, Written: i}
		}
		res.Written = i
	}
	if enc.nheld > 0 {
		// Finish the sequence the previous call began.
		var buf [4]byte
		k := copy(buf[:], enc.held[:enc.nheld])
		m := copy(buf[k:], src)
		c, n := utf8Next(buf[:k+m])
		if c == utf8Incomplete && !last {
			enc.nheld = uint8(copy(enc.held[:], buf[:n]))
			res.Read = len(src)
			return res
		}
		if c < 0 {
			c = 0xFFFD
		}
		if !enc.put(c, dst, &res) {
			return res
		}
		enc.nheld = 0
		i = n - k
		if res.Status == Unmappable {
			res.Read = i
			return res
		}
	}
	i = enc.runFromUTF8(src, dst, i, &res)
	for i < len(src) && res.Status == InputEmpty {
		if src[i] < 0x80 && enc.asciiIsIdentity() {
			n := copyASCII(dst[res.Written:], src[i:])
			i += n
			res.Written += n
			if n == 0 {
				res.Status = OutputFull
			}
			continue
		}
		c, n := utf8Next(src[i:])
		if c == utf8Incomplete && !last {
			enc.nheld = uint8(copy(enc.held[:], src[i:]))
			i = len(src)
			break
		}
		if c < 0 {
			c = 0xFFFD
		}
		if !enc.put(c, dst, &res) {
			break
		}
		i += n
		if res.Status == InputEmpty {
			// Back to the fast path after the character it left (an
			// unmappable one, a malformed sequence).
			i = enc.runFromUTF8(src, dst, i, &res)
		}
	}
	res.Read = i
	if res.Status == InputEmpty && last {
		enc.finish(dst, &res)
	}
	return res
}

// runFromUTF8 is the encoders' fast path from UTF-8, by family: it encodes
// from src[i] what needs no special handling and returns where it stopped
// (res updated); EncodeFromUTF8's loop does the rest, a character at a
// time, and comes back here after each.
func (enc *Encoder) runFromUTF8(src, dst []byte, i int, res *EncodeResult) int {
	switch enc.encoding().family {
	case familyUTF8:
		return enc.copyUTF8(src, dst, i, res)
	case familySingleByte:
		return enc.encodeSingleByteRun(src, dst, i, res)
	}
	return enc.encodeCJKRun(src, dst, i, res)
}

// copyUTF8 is UTF-8 output from UTF-8 input: valid input is copied, a
// malformed subsequence becomes U+FFFD. It returns where it stopped in src.
func (enc *Encoder) copyUTF8(src, dst []byte, i int, res *EncodeResult) int {
	for i < len(src) {
		w := res.Written
		k := utf8CopyValidPrefix(dst[w:], src[i:min(len(src), i+len(dst)-w)])
		res.Written += k
		i += k
		if i == len(src) {
			return i
		}
		w = res.Written
		c, n := utf8Next(src[i:])
		switch {
		case c >= 0:
			// Valid, but it did not fit.
			res.Status = OutputFull
			return i
		case c == utf8Incomplete:
			// Left to the caller's loop, which holds it or ends the stream.
			return i
		case len(dst)-w < 3:
			res.Status = OutputFull
			return i
		}
		res.Written += putUTF8(dst[w:], 0xFFFD)
		i += n
	}
	return i
}

// EncodeFromUTF16 encodes the UTF-16 text src into dst; see the package
// documentation for the contract. An unpaired surrogate is encoded as
// U+FFFD; a high surrogate at the end of src is held until the next call
// (TextEncoderStream's "leading surrogate", section 7.6).
func (enc *Encoder) EncodeFromUTF16(src []uint16, dst []byte, last bool) EncodeResult {
	var res EncodeResult
	i := 0
	for res.Status == InputEmpty {
		if enc.highSurrogate == 0 && i < len(src) {
			read, written := enc.runFromUTF16(src[i:], dst[res.Written:])
			i += read
			res.Written += written
		}
		if enc.highSurrogate == 0 && i < len(src) && src[i] < 0x80 && enc.asciiIsIdentity() {
			n := narrowASCII(dst[res.Written:], src[i:])
			i += n
			res.Written += n
			if n == 0 {
				res.Status = OutputFull
			}
			continue
		}
		// Convert a code unit to a scalar value (section 7.6).
		var c rune
		n := 1 // code units of src consumed with c
		high := enc.highSurrogate
		switch {
		case high != 0 && i < len(src) && src[i] >= 0xDC00 && src[i] <= 0xDFFF:
			c = 0x10000 + (rune(high)-0xD800)<<10 + rune(src[i]) - 0xDC00
		case high != 0 && (i < len(src) || last):
			c, n = 0xFFFD, 0 // the unit after the lone high surrogate is restored
		case i == len(src):
			res.Read = i
			if last {
				enc.finish(dst, &res)
			}
			return res
		case src[i] >= 0xD800 && src[i] <= 0xDBFF:
			if i+1 < len(src) || !last {
				enc.highSurrogate = src[i]
				i++
				continue
			}
			c = 0xFFFD
		case src[i] >= 0xDC00 && src[i] <= 0xDFFF:
			c = 0xFFFD
		default:
			c = rune(src[i])
		}
		if !enc.put(c, dst, &res) {
			break
		}
		enc.highSurrogate = 0
		i += n
	}
	res.Read = i
	return res
}

// runFromUTF16 is the encoders' fast path from UTF-16: it encodes the
// characters at the start of src that need no special handling (no
// surrogate out of place, nothing unmappable, room to spare) and returns the
// code units read and the bytes written. The general loop does the rest.
func (enc *Encoder) runFromUTF16(src []uint16, dst []byte) (read, written int) {
	switch enc.encoding().family {
	case familyUTF8:
		return utf16ToUTF8(dst, src)
	case familySingleByte:
		return enc.encodeSingleByteRunFromUTF16(src, dst)
	default:
		return enc.encodeCJKRunFromUTF16(src, dst)
	}
}

// put encodes c into dst[res.Written:] in the encoder's error mode and
// updates res. It returns false, leaving res.Status OutputFull and the
// encoder unchanged, when the output does not fit; res.Status becomes
// Unmappable (with put returning true: c was consumed) in Fatal mode.
func (enc *Encoder) put(c rune, dst []byte, res *EncodeResult) bool {
	out := dst[res.Written:]
	saved := enc.st
	n, bad := enc.encodeFamily(c, out)
	if n < 0 {
		res.Status = OutputFull
		return false
	}
	if bad < 0 {
		res.Written += n
		return true
	}
	if !enc.html {
		res.Written += n
		res.Status = Unmappable
		res.Unmappable = bad
		return true
	}
	// The "html" error mode (section 4.1). The standard encodes the
	// reference's ASCII characters with the encoder; every encoder's error
	// leaves it where ASCII is written as is (ISO-2022-JP switches to ASCII
	// or stays in Roman first), so the bytes are written directly.
	m := putNCR(out[n:], bad)
	if m < 0 {
		enc.st = saved
		res.Status = OutputFull
		return false
	}
	res.Written += n + m
	res.Replaced = true
	return true
}

// putNCR writes "&#" c ";" with c in decimal into dst and returns its
// length, or -1 if it does not fit.
func putNCR(dst []byte, c rune) int {
	var digits [7]byte
	k := len(digits)
	for v := uint32(c); ; v /= 10 {
		k--
		digits[k] = byte('0' + v%10)
		if v < 10 {
			break
		}
	}
	n := 3 + len(digits) - k
	if n > len(dst) {
		return -1
	}
	dst[0], dst[1] = '&', '#'
	copy(dst[2:], digits[k:])
	dst[n-1] = ';'
	return n
}

// finish handles the end of the stream once all input is consumed: input
// still held becomes U+FFFD, the encoder's end-of-queue step runs (the
// ISO-2022-JP encoder returns to ASCII) and enc is reset. On OutputFull
// nothing is lost: the caller calls again with last.
func (enc *Encoder) finish(dst []byte, res *EncodeResult) {
	if enc.nheld > 0 || enc.highSurrogate != 0 {
		if !enc.put(0xFFFD, dst, res) {
			return
		}
		enc.nheld, enc.highSurrogate = 0, 0
		if res.Status != InputEmpty {
			return
		}
	}
	if !enc.finishFamily(dst, res) {
		return
	}
	enc.Reset()
}

// finishFamily runs the encoder's end-of-queue step; it returns false with
// res.Status OutputFull if its output does not fit.
func (enc *Encoder) finishFamily(dst []byte, res *EncodeResult) bool {
	n := enc.st.finish(dst[res.Written:])
	if n < 0 {
		res.Status = OutputFull
		return false
	}
	res.Written += n
	return true
}

// MaxBufferLengthFromUTF8 returns an upper bound of the output of encoding n
// more bytes of UTF-8 with last=true in enc's error mode, counting what enc
// holds from earlier calls. A dst of that length is enough to finish in one
// call. ok is false if the bound overflows an int.
func (enc *Encoder) MaxBufferLengthFromUTF8(n int) (max int, ok bool) {
	return mulAdd(n, enc.bytesPerInputUnit(), 2*MinEncodeOutput)
}

// MaxBufferLengthFromUTF16 is [Encoder.MaxBufferLengthFromUTF8] for n more
// UTF-16 code units.
func (enc *Encoder) MaxBufferLengthFromUTF16(n int) (max int, ok bool) {
	return mulAdd(n, enc.bytesPerInputUnit(), 2*MinEncodeOutput)
}

// bytesPerInputUnit bounds the output for one input byte or code unit. UTF-8
// output: 3 (a U+FFFD for one invalid byte or a lone surrogate, a BMP
// character for one code unit). HTML mode: 8 ("&#65533;" for one invalid
// byte), 11 for ISO-2022-JP (an escape sequence first). Fatal mode: 4 (a
// gb18030 four-byte sequence for one UTF-16 code unit), 5 for ISO-2022-JP.
func (enc *Encoder) bytesPerInputUnit() int {
	iso := enc.encoding().family == familyISO2022JP
	switch {
	case enc.encoding().family == familyUTF8:
		return 3
	case enc.html && iso:
		return 11
	case enc.html:
		return 8
	case iso:
		return 5
	}
	return 4
}

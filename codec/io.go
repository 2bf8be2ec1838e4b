package codec

import (
	"errors"
	"fmt"
	"io"
)

// io.Reader and io.Writer adapters over a Decoder and an Encoder. They are Go
// conveniences, not part of the standard: they drive the streaming contract
// of the package documentation so that callers need not, and add nothing to
// the decoders' and encoders' semantics. The names are those of the Rust
// binding's std::io adapters.

// ioBufferSize is the input buffer of a DecodeReader and the output buffer
// of an EncodeWriter, as in the Rust binding.
const ioBufferSize = 16 << 10

// maxEmptyReads is how many reads returning no bytes and no error a
// DecodeReader takes before it reports io.ErrNoProgress, as bufio.Reader
// does.
const maxEmptyReads = 100

var errInvalidCount = errors.New("whatenc: the underlying reader or writer returned an invalid count")

// DecodeReader is an io.Reader of UTF-8 text decoded by a [Decoder] from an
// io.Reader of bytes in the decoder's encoding. It is not safe for
// concurrent use.
//
// Read decodes the bytes it reads with the streaming contract, as much as
// fits into p. When the reader reports io.EOF, Read ends the stream (an
// unfinished sequence is then U+FFFD in Replace mode and an error in Fatal
// mode) and returns io.EOF after the last text. The text decoded before an
// error always comes first, from earlier Reads, and never with the error;
// then every Read returns the error, as bufio does:
//
//   - An error of the reader other than io.EOF, once the text of the bytes
//     before it is out. An unfinished sequence stays held in the decoder.
//   - In Fatal mode, a [*DecodeError] for the first malformed sequence, once
//     the text before it is out. Its Offset counts the bytes read since the
//     DecodeReader was made, as [TextDecoder] counts them.
//
// Read decodes straight into p when p has room for MinUTF8Output bytes, and
// otherwise through a small buffer of the DecodeReader's, so it takes a p of
// any length: a character comes out whole over Reads of one byte. Read of
// an empty p returns 0, nil. A DecodeReader allocates nothing per Read
// after NewDecodeReader (an error, once, allocates its value).
type DecodeReader struct {
	r io.Reader
	d *Decoder

	in           []byte // in[inPos:inEnd] is read from r, not yet decoded
	inPos, inEnd int
	eof          bool  // r reported io.EOF: the stream ends after in
	rerr         error // r's error, for when the input before it is decoded
	empty        int   // consecutive reads of r that returned nothing

	consumed int64 // bytes the decoder consumed since the stream began
	err      error // returned by every Read once the text before it is out

	// small holds text decoded for a Read whose p was too small for the
	// decoder to make progress in; small[outPos:outEnd] is not yet
	// returned. 64 bytes spare the decoder a call per character.
	small          [64]byte
	outPos, outEnd int
}

// NewDecodeReader returns a DecodeReader of the text d decodes from r. d
// should be at the start of a stream: the caller chooses the encoding, BOM
// handling and error mode when making it, and no one else should use it
// while the DecodeReader does.
func NewDecodeReader(r io.Reader, d *Decoder) *DecodeReader {
	return &DecodeReader{r: r, d: d, in: make([]byte, ioBufferSize)}
}

// Decoder returns the decoder the DecodeReader reads with: after a BOM,
// its Encoding is the encoding the BOM selected.
func (z *DecodeReader) Decoder() *Decoder { return z.d }

// Read implements io.Reader; see [DecodeReader].
func (z *DecodeReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if z.outPos < z.outEnd {
		n := copy(p, z.small[z.outPos:z.outEnd])
		z.outPos += n
		return n, nil
	}
	if z.err != nil {
		return 0, z.err
	}
	if len(p) >= MinUTF8Output {
		// Scratch bytes the decoder may store in p past n are allowed:
		// io.Reader lets Read use all of p.
		n := z.decode(p)
		if n == 0 {
			return 0, z.err
		}
		return n, nil
	}
	n := z.decode(z.small[:])
	if n == 0 {
		return 0, z.err
	}
	z.outEnd = n
	z.outPos = copy(p, z.small[:n])
	return z.outPos, nil
}

// decode decodes into dst (at least MinUTF8Output bytes), reading from r as
// needed, until it has written something or set z.err. The text is
// returned without the error, which the next Read returns: a caller that
// looks at the error before the count loses nothing.
func (z *DecodeReader) decode(dst []byte) int {
	for {
		if z.inPos == z.inEnd && !z.eof {
			if z.rerr != nil {
				z.err = z.rerr
				return 0
			}
			z.fill()
			continue
		}
		r := z.d.DecodeToUTF8(z.in[z.inPos:z.inEnd], dst, z.eof)
		z.inPos += r.Read
		z.consumed += int64(r.Read)
		switch r.Status {
		case Malformed:
			// As TextDecoder.decodeInto: the malformed bytes end
			// ConsumedAfter bytes before what the decoder consumed.
			z.err = &DecodeError{
				Encoding: z.d.Encoding(),
				Offset:   z.consumed - int64(r.ConsumedAfter+r.MalformedLen),
				Len:      r.MalformedLen,
			}
		case InputEmpty:
			if z.eof {
				// The stream is finished; another call would start a
				// new one.
				z.err = io.EOF
			}
		}
		if r.Written > 0 || z.err != nil {
			return r.Written
		}
		// Everything went into the decoder's state (part of a character,
		// a BOM being sniffed) or, for OutputFull, cannot happen with
		// MinUTF8Output bytes of room: read on.
	}
}

// fill reads the next input from r into z.in.
func (z *DecodeReader) fill() {
	n, err := z.r.Read(z.in)
	if n < 0 || n > len(z.in) {
		n, err = 0, errInvalidCount
	}
	z.inPos, z.inEnd = 0, n
	switch {
	case err == io.EOF:
		z.eof = true
	case err != nil:
		z.rerr = err
	case n == 0:
		z.empty++
		if z.empty >= maxEmptyReads {
			z.rerr = io.ErrNoProgress
		}
		return
	}
	z.empty = 0
}

// EncodeError is a fatal encoder's error, from an [EncodeWriter]: the
// encoding cannot represent CodePoint (U+FFFD for input that is not UTF-8,
// and for ISO-2022-JP's U+000E, U+000F and U+001B, as [EncodeResult] has
// it).
type EncodeError struct {
	Encoding  *Encoding
	CodePoint rune
	// Offset is where the character begins in the UTF-8 input: it counts
	// every byte written to the EncodeWriter since its stream began.
	Offset int64
}

func (e *EncodeError) Error() string {
	return fmt.Sprintf("whatenc: %s cannot encode U+%04X at offset %d", e.Encoding.Name(), e.CodePoint, e.Offset)
}

var errWriterClosed = errors.New("whatenc: EncodeWriter used after Close")

// EncodeWriter is an io.WriteCloser taking UTF-8 text and writing its
// encoding by an [Encoder] to an io.Writer. Like the encoder, it writes the
// output encoding: UTF-8 for UTF-16BE, UTF-16LE and replacement. It is not
// safe for concurrent use.
//
// Write takes text cut anywhere: the encoder keeps a sequence split between
// Writes until the next completes it. Bytes that are not UTF-8 are encoded
// as U+FFFD would be. Close ends the stream (an unfinished sequence becomes
// U+FFFD; ISO-2022-JP returns to ASCII) and writes what is left; it does
// not close the writer underneath, as gzip.Writer's does not. The encoded
// bytes wait in a buffer of 16 KiB until it is full, or until Flush or
// Close.
//
// Errors are sticky, as bufio.Writer's: after one, every call returns it,
// Close included. (A Close after one that succeeded does nothing and
// returns nil; Write and Flush after it return an error.)
//
//   - An error of the writer underneath. A Write returns with it the bytes
//     of p the encoder took. The bytes the writer did not take stay in the
//     buffer, never written: the output is cut short where it failed.
//   - In Fatal mode, an [*EncodeError] for a character the encoding cannot
//     represent. The Write (or Close) that meets it first writes out the
//     encoding of all the text before the character (if the writer fails
//     then, its error is returned instead), and returns as n the bytes of p
//     before the character: 0 if the character began in an earlier Write.
//     EncodeResult.Read counts the character as read; n does not, so that
//     p[:n] is exactly the text encoded and written.
//
// An EncodeWriter allocates nothing per Write after NewEncodeWriter (an
// error, once, allocates its value).
type EncodeWriter struct {
	w   io.Writer
	enc *Encoder

	buf []byte // buf[:n] is encoded, not yet written to w
	n   int

	consumed int64 // input bytes enc consumed since the stream began
	// err is returned by every call once set (errWriterClosed after a
	// Close that succeeded).
	err error
}

// NewEncodeWriter returns an EncodeWriter that encodes with enc and writes
// to w. enc should be at the start of a stream, and no one else should use
// it while the EncodeWriter does.
func NewEncodeWriter(w io.Writer, enc *Encoder) *EncodeWriter {
	return &EncodeWriter{w: w, enc: enc, buf: make([]byte, ioBufferSize)}
}

// Write implements io.Writer; see [EncodeWriter].
func (z *EncodeWriter) Write(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	read := 0
	for {
		if len(z.buf)-z.n < MinEncodeOutput {
			if err := z.writeOut(); err != nil {
				return read, err
			}
		}
		// The bytes enc holds from earlier Writes: an unmappable
		// character may begin with them, and its offset then counts
		// back into them.
		var held [3]byte
		nheld := copy(held[:], z.enc.held[:z.enc.nheld])
		r := z.enc.EncodeFromUTF8(p[read:], z.buf[z.n:], false)
		z.n += r.Written
		switch r.Status {
		case InputEmpty:
			z.consumed += int64(r.Read)
			return len(p), nil
		case Unmappable:
			return z.unmappable(held[:nheld], p, read, r)
		}
		// OutputFull: the buffer has no room for the next character.
		read += r.Read
		z.consumed += int64(r.Read)
		if err := z.writeOut(); err != nil {
			return read, err
		}
	}
}

// Flush writes the buffered bytes to w without ending the stream. It is
// there for a stream that must reach w in parts, such as a network
// connection: Close would end the stream, and the buffer otherwise waits
// until 16 KiB are encoded. A character split between Writes stays in enc
// until it is whole, and ISO-2022-JP does not return to ASCII: the bytes
// written are the stream so far, to be continued. Flush writes to w only;
// it calls no Flush method w may have.
func (z *EncodeWriter) Flush() error {
	if z.err != nil {
		return z.err
	}
	return z.writeOut()
}

// Close ends the stream and writes what is left to w, which it does not
// close; see [EncodeWriter]. A second Close does nothing and returns what
// the first returned.
func (z *EncodeWriter) Close() error {
	if z.err == errWriterClosed {
		return nil
	}
	if z.err != nil {
		return z.err
	}
	for {
		if len(z.buf)-z.n < MinEncodeOutput {
			if err := z.writeOut(); err != nil {
				return err
			}
		}
		var held [3]byte
		nheld := copy(held[:], z.enc.held[:z.enc.nheld])
		r := z.enc.EncodeFromUTF8(nil, z.buf[z.n:], true)
		z.n += r.Written
		switch r.Status {
		case InputEmpty:
			if err := z.writeOut(); err != nil {
				return err
			}
			z.err = errWriterClosed
			return nil
		case Unmappable:
			_, err := z.unmappable(held[:nheld], nil, 0, r)
			return err
		}
		if err := z.writeOut(); err != nil {
			return err
		}
	}
}

// unmappable handles a call that stopped at an unmappable character: the
// call had src = p[read:], and held the bytes enc held before it. It
// returns Write's results.
func (z *EncodeWriter) unmappable(held, p []byte, read int, r EncodeResult) (int, error) {
	// r.Read counts the character as consumed; find where it began.
	start := read + unmappableStart(held, p[read:], r.Read)
	err := &EncodeError{Encoding: z.enc.Encoding(), CodePoint: r.Unmappable, Offset: z.consumed + int64(start-read)}
	if werr := z.writeOut(); werr != nil {
		return max(start, 0), werr
	}
	z.err = err
	return max(start, 0), err
}

// unmappableStart returns where the last character that the encoder read
// from src[:end], after the bytes it held, begins: an index into src, or
// minus the number of held bytes when it began with them. It reads src as
// EncodeFromUTF8 does, one character (or maximal invalid subsequence) at a
// time, and runs only on an error.
func unmappableStart(held, src []byte, end int) int {
	i := 0
	if len(held) > 0 {
		// The first character is the held bytes completed by src, as
		// EncodeFromUTF8 reads it.
		var buf [4]byte
		k := copy(buf[:], held)
		m := copy(buf[k:], src)
		_, n := utf8Next(buf[:k+m])
		if n-k >= end {
			return -k
		}
		i = n - k
	}
	for i < len(src) {
		_, n := utf8Next(src[i:])
		if i+n >= end {
			break
		}
		i += n
	}
	return i
}

// writeOut writes the buffer to w. Bytes w does not take stay buffered, as
// bufio.Writer keeps them.
func (z *EncodeWriter) writeOut() error {
	if z.n == 0 {
		return nil
	}
	m, err := z.w.Write(z.buf[:z.n])
	if m < 0 || m > z.n {
		m, err = 0, errInvalidCount
	}
	if m < z.n && err == nil {
		err = io.ErrShortWrite
	}
	copy(z.buf, z.buf[m:z.n])
	z.n -= m
	if err != nil {
		z.err = err
	}
	return err
}

package codec

import (
	"errors"
	"fmt"
	"strings"
)

// The API of section 7 (TextDecoder, TextEncoder, TextDecoderStream,
// TextEncoderStream) with its semantics, in Go spelling. Strings are Go
// strings (UTF-8); the UTF-16 forms take []uint16 where the standard counts
// code units.

// ErrUnknownLabel is returned for a label that is not one of the standard's
// (the standard's RangeError).
var ErrUnknownLabel = errors.New("whatenc: unknown encoding label")

// ErrReplacementEncoding is returned when a TextDecoder is asked for the
// replacement encoding (the standard's RangeError).
var ErrReplacementEncoding = errors.New("whatenc: the replacement encoding cannot be used by a TextDecoder")

// DecodeError is a fatal decoder's error (the standard's TypeError).
type DecodeError struct {
	Encoding *Encoding
	// Offset and Len locate the malformed bytes in the stream: Offset
	// counts every byte passed to the decoder since its stream began.
	Offset int64
	Len    int
}

func (e *DecodeError) Error() string {
	return fmt.Sprintf("whatenc: malformed %s input: %d byte(s) at offset %d", e.Encoding.Name(), e.Len, e.Offset)
}

// TextDecoder is section 7.2's TextDecoder. It is not safe for concurrent
// use.
type TextDecoder struct {
	enc        *Encoding
	fatal      bool
	ignoreBOM  bool
	doNotFlush bool
	dec        Decoder
	consumed   int64 // bytes consumed since the stream began
	// queued holds the input after a fatal error in a streaming call: the
	// standard keeps it in the I/O queue for the next call.
	queued []byte
	buf    []byte
}

// NewTextDecoder implements the TextDecoder constructor: label as for
// [Lookup]; fatal selects the error mode; ignoreBOM keeps a leading BOM.
func NewTextDecoder(label string, fatal, ignoreBOM bool) (*TextDecoder, error) {
	e := Lookup(label)
	if e == nil {
		return nil, ErrUnknownLabel
	}
	if e == Replacement {
		return nil, ErrReplacementEncoding
	}
	t := &TextDecoder{enc: e, fatal: fatal, ignoreBOM: ignoreBOM}
	t.newDecoder()
	return t, nil
}

// newDecoder is the first step of decode(): a new decoder instance, and
// BOM seen false. The serialize step's BOM removal (section 7.1) removes a
// leading U+FEFF for UTF-8, UTF-16BE and UTF-16LE only, which is what
// RemoveBOM does with their byte order marks.
func (t *TextDecoder) newDecoder() {
	bom, mode := RemoveBOM, Replace
	if t.ignoreBOM {
		bom = KeepBOM
	}
	if t.fatal {
		mode = Fatal
	}
	t.dec.Init(t.enc, bom, mode)
	t.consumed = 0
	t.queued = t.queued[:0]
}

// Encoding returns the encoding's name, ASCII-lowercased ("utf-8",
// "shift_jis"), as the standard's encoding getter.
func (t *TextDecoder) Encoding() string { return strings.ToLower(t.enc.Name()) }

// Fatal reports whether the error mode is fatal.
func (t *TextDecoder) Fatal() bool { return t.fatal }

// IgnoreBOM reports whether a BOM is kept.
func (t *TextDecoder) IgnoreBOM() bool { return t.ignoreBOM }

// Decode implements decode(input, {stream}): with stream it keeps an
// unfinished sequence for the next call; without it, it ends the stream and
// the next call starts a new one. A fatal decoder returns a *DecodeError
// and none of the call's text; after a streaming call the next goes on
// with the input after the error (section 7.2: the I/O queue and the
// decoder are kept, and the text thrown away was not serialized, so BOM
// seen is as it was), after a call without stream it starts a new stream.
func (t *TextDecoder) Decode(input []byte, stream bool) (string, error) {
	if !t.doNotFlush {
		t.newDecoder()
	}
	t.doNotFlush = stream
	if len(t.queued) > 0 {
		t.queued = append(t.queued, input...)
		input = t.queued
	}
	bomSeen := t.dec.bomSeen
	out, rest, err := t.decodeInto(t.buf[:0], input, !stream)
	t.buf = out[:0]
	t.queued = append(t.queued[:0], rest...)
	if err != nil {
		t.dec.discardOutput(bomSeen)
		return "", err
	}
	return string(out), nil
}

// decodeInto appends the decoding of input to out; after an error it
// returns the input it did not reach too.
func (t *TextDecoder) decodeInto(out, input []byte, last bool) (text, rest []byte, err error) {
	size, ok := t.dec.MaxUTF8BufferLength(len(input))
	if !ok {
		size = len(input)
	}
	for {
		if cap(out)-len(out) < size {
			out = append(out[:cap(out)], make([]byte, size)...)[:len(out)]
		}
		r := t.dec.DecodeToUTF8(input, out[len(out):cap(out)], last)
		out = out[:len(out)+r.Written]
		input = input[r.Read:]
		t.consumed += int64(r.Read)
		switch r.Status {
		case InputEmpty:
			return out, nil, nil
		case Malformed:
			return out, input, &DecodeError{Encoding: t.dec.Encoding(), Offset: t.consumed - int64(r.ConsumedAfter+r.MalformedLen), Len: r.MalformedLen}
		}
		size = max(size, MinUTF8Output)
	}
}

// TextDecoderStream is section 7.5's TextDecoderStream without the streams
// machinery: Write is "decode and enqueue a chunk", Flush is "flush and
// enqueue". It is not safe for concurrent use.
//
// In fatal mode a malformed sequence errors the stream, as the TypeError
// those algorithms throw errors a TransformStream: the call returns no text
// (the chunk's output is not enqueued) and the *DecodeError, and every later
// Write and Flush returns the same error.
type TextDecoderStream struct {
	t   TextDecoder
	err error // the error that errored the stream
}

// NewTextDecoderStream implements the TextDecoderStream constructor.
func NewTextDecoderStream(label string, fatal, ignoreBOM bool) (*TextDecoderStream, error) {
	t, err := NewTextDecoder(label, fatal, ignoreBOM)
	if err != nil {
		return nil, err
	}
	return &TextDecoderStream{t: *t}, nil
}

// Encoding returns the encoding's name, ASCII-lowercased, as the
// TextDecoderCommon getter.
func (s *TextDecoderStream) Encoding() string { return s.t.Encoding() }

// Fatal reports whether the error mode is fatal.
func (s *TextDecoderStream) Fatal() bool { return s.t.Fatal() }

// IgnoreBOM reports whether a BOM is kept.
func (s *TextDecoderStream) IgnoreBOM() bool { return s.t.IgnoreBOM() }

// Write decodes chunk and returns the text it completes (possibly empty).
func (s *TextDecoderStream) Write(chunk []byte) (string, error) {
	return s.decode(chunk, false)
}

// Flush ends the stream and returns the text still held (U+FFFD for an
// unfinished sequence, or the error in fatal mode).
func (s *TextDecoderStream) Flush() (string, error) {
	return s.decode(nil, true)
}

func (s *TextDecoderStream) decode(chunk []byte, last bool) (string, error) {
	if s.err != nil {
		return "", s.err
	}
	out, _, err := s.t.decodeInto(nil, chunk, last)
	if err != nil {
		// Section 7.5, "decode and enqueue a chunk" step 4.4 and "flush and
		// enqueue" step 2.4: throw, with the output not serialized.
		s.err = err
		return "", err
	}
	return string(out), nil
}

// TextEncoderEncode implements TextEncoder's encode(input) (section 7.4):
// UTF-8, with each invalid UTF-8 sequence of input (a Go string may hold any
// bytes) encoded as U+FFFD, as USVString conversion does for lone
// surrogates.
func TextEncoderEncode(input string) []byte {
	return Encode(input, UTF8)
}

// TextEncoderEncodeUTF16 implements TextEncoder's encode(input) (section 7.4)
// for UTF-16 input: lone surrogates become U+FFFD.
func TextEncoderEncodeUTF16(input []uint16) []byte {
	enc := UTF8.NewEncoder(Fatal)
	out := make([]byte, 3*len(input)+3)
	r := enc.EncodeFromUTF16(input, out, true)
	return out[:r.Written]
}

// EncodeInto implements TextEncoder's encodeInto(source, destination)
// (section 7.4): it writes the UTF-8 form of src into dst as far as whole
// scalar values fit and returns the UTF-16 code units read and the bytes
// written. A surrogate pair is never split; a lone surrogate is written as
// U+FFFD.
func EncodeInto(src []uint16, dst []byte) (read, written int) {
	for read < len(src) {
		c, n := rune(src[read]), 1
		switch {
		case c >= 0xD800 && c <= 0xDBFF && read+1 < len(src) && src[read+1] >= 0xDC00 && src[read+1] <= 0xDFFF:
			c, n = 0x10000+(c-0xD800)<<10+rune(src[read+1])-0xDC00, 2
		case c >= 0xD800 && c <= 0xDFFF:
			c = 0xFFFD
		}
		if utf8Len(c) > len(dst)-written {
			break
		}
		written += putUTF8(dst[written:], c)
		read += n
	}
	return read, written
}

// TextEncoderStream is section 7.6's TextEncoderStream without the streams
// machinery: a surrogate pair split between chunks is joined, a lone
// surrogate becomes U+FFFD.
type TextEncoderStream struct {
	enc Encoder
}

// NewTextEncoderStream returns a TextEncoderStream.
func NewTextEncoderStream() *TextEncoderStream {
	s := new(TextEncoderStream)
	s.enc.Init(UTF8, Fatal)
	return s
}

// Write is "encode and enqueue a chunk": it returns the UTF-8 bytes of chunk,
// holding a final high surrogate for the next chunk.
func (s *TextEncoderStream) Write(chunk []uint16) []byte {
	return s.encode(chunk, false)
}

// Flush is "encode and flush": U+FFFD's bytes if a high surrogate is held.
func (s *TextEncoderStream) Flush() []byte {
	return s.encode(nil, true)
}

func (s *TextEncoderStream) encode(chunk []uint16, last bool) []byte {
	out := make([]byte, 3*len(chunk)+4)
	r := s.enc.EncodeFromUTF16(chunk, out, last)
	return out[:r.Written]
}

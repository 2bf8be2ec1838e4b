// Package xtext puts whatenc's codecs behind golang.org/x/text's interfaces:
// an [Encoding] is an encoding.Encoding whose decoders and encoders are
// transform.Transformers over a [codec.Decoder] and a [codec.Encoder]. Code
// written against x/text (encoding.Decoder's String, Bytes and Reader,
// transform.NewReader, transform.Chain, htmlindex.Get) switches to the
// standard's exact, browser-identical codecs by taking its encodings from
// [Of] or [Lookup] instead. It is a Go convenience, not part of the
// standard, and adds nothing to the codecs' semantics.
//
// The package lives apart from codec so that codec depends on nothing:
// only programs that import xtext import golang.org/x/text.
//
// # Decoders
//
// NewDecoder decodes in the standard's replacement error mode (malformed
// input becomes U+FFFD, as x/text's decoders do too) and removes the
// encoding's own byte order mark: a UTF-8 BOM for UTF-8, the UTF-16BE or
// UTF-16LE BOM for those. That is TextDecoder's default and "UTF-8 decode":
// what a browser gives for text whose encoding is known. It does not sniff
// (a windows-1252 decoder keeps decoding windows-1252 after bytes EF BB BF),
// as x/text's decoders do not; [Encoding.NewDecoderBOM] chooses another
// handling, such as [codec.SniffBOM] for the legacy "decode" hook of HTML
// and CSS. x/text's own UTF-8 and UTF-16 decoders from htmlindex keep the
// BOM as U+FEFF; [codec.KeepBOM] does that.
//
// # Encoders
//
// Encoders write the output encoding ("get an output encoding", section
// 4.3): the encoders of UTF-16BE, UTF-16LE and replacement write UTF-8, not
// UTF-16. A form or a URL in a UTF-16 page is submitted in UTF-8; callers
// wanting UTF-16 bytes want golang.org/x/text/encoding/unicode.
//
// NewEncoder stops at a character its encoding cannot represent, as x/text's
// encoders do, with an [*UnsupportedError] that encoding.HTMLEscapeUnsupported
// and encoding.ReplaceUnsupported recognise: they write "&#N;" or the byte
// 0x1A for it and go on. NewHTMLEncoder writes the standard's numeric
// character reference itself, in the standard's html error mode: byte for
// byte what a browser submits, also where HTMLEscapeUnsupported cannot
// follow the standard (see [Encoding.NewEncoder]). Invalid UTF-8 in the
// input is encoded as U+FFFD, once for each maximal invalid subsequence as
// the standard's UTF-8 decoder reads it.
//
// # Transformers
//
// The decoders' and encoders' Transform follows x/text's contract with the
// streaming contract of codec underneath:
//
//   - A decoder consumes all of src. An incomplete sequence at its end is
//     kept inside the decoder and counted in nSrc (nSrc is len(src) with
//     state held): the caller passes the rest of the input next, never those
//     bytes again. A decoder never returns transform.ErrShortSrc. Reset
//     clears what it holds.
//   - The encoder of NewEncoder leaves an incomplete UTF-8 sequence at the
//     end of src unread and returns transform.ErrShortSrc for it (unless
//     atEOF), as x/text's encoders do, so that an unsupported character is
//     always at src[nSrc:] when the error names it. The encoder of
//     NewHTMLEncoder keeps such a sequence, as a decoder does.
//   - transform.ErrShortDst means dst has no room for the next character;
//     nDst may then be 0. A decoder makes progress with room for
//     [codec.MinUTF8Output] bytes, an encoder with room for the next
//     character's bytes (and, for the ISO-2022-JP encoder of NewEncoder at
//     the end of the input, three more for its return to ASCII: never more
//     than [codec.MinEncodeOutput] in all); x/text's String, Bytes, Reader
//     and Writer grow or empty dst until it does.
//   - atEOF ends the stream (an unfinished sequence becomes U+FFFD; an
//     ISO-2022-JP encoder returns to ASCII); callers repeat it with the
//     unread rest of src while the result is ErrShortDst.
//   - Only dst[:nDst] is output: Transform may store scratch bytes after it,
//     never past len(dst).
//
// Decoders and encoders are not safe for concurrent use; an [Encoding] is.
package xtext

import (
	"fmt"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/whatenc/whatenc/codec"
)

// Encoding is one of the standard's encodings as an encoding.Encoding.
// There is one Encoding value for each [codec.Encoding]: compare them by
// pointer, as x/text's encodings are compared.
type Encoding struct {
	e *codec.Encoding
}

var encodings = func() (all [codec.NumEncodings]Encoding) {
	for i := range all {
		all[i].e = codec.ByID(i)
	}
	return all
}()

// Of returns the encoding.Encoding of e, or nil if e is nil.
func Of(e *codec.Encoding) *Encoding {
	if e == nil {
		return nil
	}
	return &encodings[e.ID()]
}

// Lookup implements "get an encoding" (section 4.2) with x/text's result
// types, as htmlindex.Get has them: label with leading and trailing ASCII
// whitespace removed, matched ASCII case-insensitively against the
// standard's labels (Unicode whitespace and letters are not folded, unlike
// htmlindex.Get). The encoding.Encoding is an [*Encoding]. An unknown label
// is an error that wraps [codec.ErrUnknownLabel]. Labels of the replacement
// encoding, such as "iso-2022-kr", give it, as they do in HTML.
func Lookup(label string) (encoding.Encoding, error) {
	e := codec.Lookup(label)
	if e == nil {
		return nil, fmt.Errorf("%w %q", codec.ErrUnknownLabel, label)
	}
	return Of(e), nil
}

// Codec returns the codec.Encoding that e adapts.
func (e *Encoding) Codec() *codec.Encoding { return e.e }

// String returns the encoding's name as the standard spells it.
func (e *Encoding) String() string { return e.e.Name() }

// NewDecoder returns a decoder in replacement mode that removes the
// encoding's own BOM; see the package documentation.
func (e *Encoding) NewDecoder() *encoding.Decoder {
	return e.NewDecoderBOM(codec.RemoveBOM)
}

// NewDecoderBOM is NewDecoder with the BOM handling bom: [codec.SniffBOM]
// for the legacy "decode" hook (a UTF-8, UTF-16BE or UTF-16LE BOM overrides
// the encoding), [codec.RemoveBOM] (NewDecoder's) or [codec.KeepBOM].
func (e *Encoding) NewDecoderBOM(bom codec.BOMHandling) *encoding.Decoder {
	t := new(decoder)
	t.d.Init(e.e, bom, codec.Replace)
	return &encoding.Decoder{Transformer: t}
}

// NewEncoder returns an encoder into e's output encoding that stops at a
// character e cannot represent: Transform returns an [*UnsupportedError]
// with nSrc at the start of the character in src (the character is read:
// skip utf8.DecodeRune(src[nSrc:])'s width and go on with the rest, as
// encoding.HTMLEscapeUnsupported does; invalid UTF-8 is one U+FFFD for its
// maximal subsequence however it is skipped). Reset forgets it.
//
// encoding.HTMLEscapeUnsupported(e.NewEncoder()) gives the standard's output
// (that of [Encoding.NewHTMLEncoder] and [codec.Encode]) with two
// exceptions, both of ISO-2022-JP, whose escape sequences it cannot see:
// it writes U+000E, U+000F and U+001B as "&#14;", "&#15;" and "&#27;" (the
// character at src[nSrc:]) where the standard writes "&#65533;", and when
// the last character of the text cannot be encoded while the encoder is in
// its Roman state (after "¥" or "‾"), the ESC ( B that returns to ASCII
// may come before the reference instead of after it (HTMLEscapeUnsupported
// does not call the encoder after the last character when the text ends
// with it in one call, so it returns to ASCII first; whether the text does
// depends on how the caller cuts it: String, Bytes and a Writer differ).
// Use NewHTMLEncoder for the standard's bytes.
func (e *Encoding) NewEncoder() *encoding.Encoder {
	t := &encoder{iso2022jp: e.e == codec.ISO2022JP}
	t.enc.Init(e.e, codec.Fatal)
	return &encoding.Encoder{Transformer: t}
}

// NewHTMLEncoder returns an encoder into e's output encoding in the
// standard's html error mode: a character e cannot represent becomes a
// decimal numeric character reference such as "&#8364;", as browsers submit
// forms. It never fails.
func (e *Encoding) NewHTMLEncoder() *encoding.Encoder {
	t := new(htmlEncoder)
	t.enc.Init(e.e, codec.HTML)
	return &encoding.Encoder{Transformer: t}
}

// UnsupportedError is the error of an encoder from [Encoding.NewEncoder] for
// a character its encoding cannot represent: CodePoint is U+FFFD for input
// that is not UTF-8, and for ISO-2022-JP's U+000E, U+000F and U+001B, as the
// standard has it.
//
// It has the method encoding.HTMLEscapeUnsupported and
// encoding.ReplaceUnsupported look for, Replacement.
type UnsupportedError struct {
	Encoding  *codec.Encoding
	CodePoint rune
}

// Error names the encoding and the character, as "whatenc: windows-1252
// cannot encode U+2603".
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("whatenc: %s cannot encode U+%04X", e.Encoding.Name(), e.CodePoint)
}

// Replacement returns encoding.ASCIISub (0x1A), the byte
// encoding.ReplaceUnsupported writes for the character, as it writes for
// x/text's own encoders.
func (e *UnsupportedError) Replacement() byte { return encoding.ASCIISub }

// decoder is a transform.Transformer over a codec.Decoder in Replace mode.
type decoder struct {
	d codec.Decoder
}

func (t *decoder) Reset() { t.d.Reset() }

func (t *decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	r := t.d.DecodeToUTF8(src, dst, atEOF)
	if r.Status == codec.OutputFull {
		err = transform.ErrShortDst
	}
	return r.Written, r.Read, err
}

// htmlEncoder is a transform.Transformer over a codec.Encoder in HTML mode.
type htmlEncoder struct {
	enc codec.Encoder
}

func (t *htmlEncoder) Reset() { t.enc.Reset() }

func (t *htmlEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	r := t.enc.EncodeFromUTF8(src, dst, atEOF)
	if r.Status == codec.OutputFull {
		err = transform.ErrShortDst
	}
	return r.Written, r.Read, err
}

// escapeASCII is ESC ( B, the ISO-2022-JP encoder's return to ASCII.
const escapeASCII = 3

// encoder is a transform.Transformer over a codec.Encoder in Fatal mode.
type encoder struct {
	enc       codec.Encoder
	iso2022jp bool
	// skip counts bytes at the start of the next src that enc has already
	// read: the rest of an invalid UTF-8 subsequence reported as one
	// unsupported U+FFFD, of which the caller skipped only the first byte.
	// A caller that passes the character again from its start instead
	// (HTMLEscapeUnsupported does, when its reference does not fit) meets
	// the same error: enc is then where the character is unmappable again,
	// and the rest of a subsequence is a lone continuation byte.
	skip int
}

func (t *encoder) Reset() {
	t.enc.Reset()
	t.skip = 0
}

func (t *encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if t.skip > 0 {
		nSrc = min(t.skip, len(src))
		t.skip -= nSrc
		src = src[nSrc:]
	}
	in := src
	// cut holds the truncated sequences that end in before the incomplete
	// one left unread: each is followed by a byte that starts a sequence,
	// which does not continue it, so each is one maximal invalid
	// subsequence, U+FFFD. At the end of in, enc would keep the last of
	// them for more input (last is false), so they are encoded below.
	end := len(src) // src[end:] is left unread, for more input
	var cut []byte
	if !atEOF {
		end = completeUTF8(src)
		in = src[:end]
		if end < len(src) {
			for c := completeUTF8(in); c < len(in); c = completeUTF8(in) {
				in = in[:c]
			}
			cut = src[len(in):end]
		}
	}
	out := dst
	if t.iso2022jp && atEOF {
		// Keep room for returning to ASCII before an error on the last
		// character (see below).
		if len(dst) < escapeASCII {
			if len(in) == 0 && t.enc.RestsInISO2022JPASCII() {
				return 0, nSrc, nil
			}
			return 0, nSrc, transform.ErrShortDst
		}
		out = dst[:len(dst)-escapeASCII]
	}
	r := t.enc.EncodeFromUTF8(in, out, atEOF)
	nDst = r.Written
	switch r.Status {
	case codec.OutputFull:
		return nDst, nSrc + r.Read, transform.ErrShortDst
	case codec.Unmappable:
		start := charStart(in, r.Read, r.Unmappable)
		_, width := utf8.DecodeRune(in[start:])
		t.skip = r.Read - start - width
		if atEOF && t.skip == 0 && r.Read == len(in) {
			// The caller skips the last character and, like
			// HTMLEscapeUnsupported, may never call again: end the
			// stream now (only ISO-2022-JP writes anything, into the
			// room kept for it).
			f := t.enc.EncodeFromUTF8(nil, dst[nDst:], true)
			nDst += f.Written
		}
		return nDst, nSrc + start, &UnsupportedError{Encoding: t.enc.Encoding(), CodePoint: r.Unmappable}
	}
	nSrc += r.Read
	for len(cut) > 0 {
		n := 1 // the sequence's lead and the continuation bytes after it
		for n < len(cut) && !utf8.RuneStart(cut[n]) {
			n++
		}
		f := t.enc.EncodeFromUTF8(replacementCharacter, out[nDst:], false)
		nDst += f.Written
		switch f.Status {
		case codec.OutputFull:
			return nDst, nSrc, transform.ErrShortDst
		case codec.Unmappable:
			// As for a subsequence enc reads: the caller skips its
			// first byte, this encoder the rest.
			t.skip = n - 1
			return nDst, nSrc, &UnsupportedError{Encoding: t.enc.Encoding(), CodePoint: f.Unmappable}
		}
		nSrc += n
		cut = cut[n:]
	}
	if end < len(src) {
		err = transform.ErrShortSrc
	}
	return nDst, nSrc, err
}

// replacementCharacter is U+FFFD in UTF-8, which an encoder encodes for a
// maximal invalid subsequence of its UTF-8 input.
var replacementCharacter = []byte("\uFFFD")

// completeUTF8 returns the length of src without an incomplete UTF-8
// sequence at its end: a lead byte and the continuation bytes that may follow
// it, short of the character's length.
func completeUTF8(src []byte) int {
	for i := len(src) - 1; i >= 0 && i >= len(src)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(src[i]) {
			if !utf8.FullRune(src[i:]) {
				return i
			}
			break
		}
	}
	return len(src)
}

// charStart returns where in src the character ending at end begins, which
// an encoder reported unmappable as the code point r: a scalar value from
// valid UTF-8, or U+FFFD for itself, for a maximal invalid subsequence of
// one to three bytes (the standard's UTF-8 decoder reads a truncated
// sequence as one error, any other invalid byte on its own) or for
// ISO-2022-JP's one-byte U+000E, U+000F and U+001B.
func charStart(src []byte, end int, r rune) int {
	if r != utf8.RuneError {
		return end - utf8.RuneLen(r)
	}
	if end >= 3 && string(src[end-3:end]) == "\uFFFD" {
		return end - 3
	}
	for n := 3; n >= 2; n-- {
		if s := end - n; s >= 0 && !utf8.FullRune(src[s:end]) {
			return s
		}
	}
	return end - 1
}

// Package reference is the test oracle of whatenc: a slow, literal
// transcription of the WHATWG Encoding Standard
// (https://encoding.spec.whatwg.org/, ../shared/spec/encoding.bs), used by the
// project's tests to check the fast codecs.
//
// It must stay a literal transcription. Every algorithm follows the
// standard's steps in order, with the step text in comments and the section
// named; I/O queues are lists with an end-of-queue item and a restore
// operation, exactly as section 3 defines them; indexes are read at run time
// from the standard's own index files (see Available), never from the
// project's generated tables, so that the oracle also catches bugs in those.
// Do not optimise it beyond building lookup maps once, do not share code with
// codec/ or indexes/, and when the standard changes, change this package the
// way the standard changed.
//
// Where the standard asserts something (for example that an encoder is
// never given a surrogate, or that replacement and UTF-16BE/LE have no
// encoder), this package panics: a failed assertion is a bug in the caller.
package reference

import (
	"errors"
	"fmt"
)

// DecodeMode is a decoder's error mode (section 4.1).
type DecodeMode int

const (
	// DecodeReplacement is error mode "replacement": each error becomes U+FFFD.
	DecodeReplacement DecodeMode = iota
	// DecodeFatal is error mode "fatal": decoding stops at the first error.
	DecodeFatal
)

func (m DecodeMode) errorMode() errorMode {
	switch m {
	case DecodeReplacement:
		return modeReplacement
	case DecodeFatal:
		return modeFatal
	}
	panic(fmt.Sprintf("reference: unknown DecodeMode %d", int(m)))
}

// EncodeMode is an encoder's error mode (section 4.1).
type EncodeMode int

const (
	// EncodeHTML is error mode "html": each unmappable code point becomes
	// "&#N;" (N in decimal) in the output.
	EncodeHTML EncodeMode = iota
	// EncodeFatal is error mode "fatal": encoding stops at the first error.
	EncodeFatal
)

func (m EncodeMode) errorMode() errorMode {
	switch m {
	case EncodeHTML:
		return modeHTML
	case EncodeFatal:
		return modeFatal
	}
	panic(fmt.Sprintf("reference: unknown EncodeMode %d", int(m)))
}

// newDecoder returns a new instance of the decoder of the encoding named
// name (sections 8 to 14).
func newDecoder(name string) decoder {
	if file, ok := singleByteIndexFiles[name]; ok {
		return &singleByteDecoder{index: mustIndex(file)}
	}
	switch name {
	case "UTF-8":
		return newUTF8Decoder()
	case "GBK", "gb18030":
		// GBK's decoder is gb18030's decoder (10.1.1).
		return &gb18030Decoder{}
	case "Big5":
		return &big5Decoder{}
	case "EUC-JP":
		return &eucJPDecoder{}
	case "ISO-2022-JP":
		return &iso2022JPDecoder{}
	case "Shift_JIS":
		return &shiftJISDecoder{}
	case "EUC-KR":
		return &eucKRDecoder{}
	case "replacement":
		return &replacementDecoder{}
	case "UTF-16BE":
		// UTF-16BE's decoder is shared UTF-16 decoder with its is UTF-16BE
		// decoder set to true (14.3.1).
		return &sharedUTF16Decoder{isUTF16BE: true}
	case "UTF-16LE":
		// UTF-16LE's decoder is shared UTF-16 decoder (14.4.1).
		return &sharedUTF16Decoder{}
	case "x-user-defined":
		return xUserDefinedDecoder{}
	}
	panic(fmt.Sprintf("reference: no encoding named %q (pass a name, not a label)", name))
}

// getAnEncoder is "get an encoder" (section 6.1).
func getAnEncoder(name string) encoder {
	// 1. Assert: encoding is not replacement or UTF-16BE/LE.
	if name == "replacement" || name == "UTF-16BE" || name == "UTF-16LE" {
		panic(fmt.Sprintf("reference: assertion failed: %s has no encoder (use OutputEncoding)", name))
	}
	// 2. Return an instance of encoding's encoder.
	if file, ok := singleByteIndexFiles[name]; ok {
		return &singleByteEncoder{index: mustIndex(file)}
	}
	switch name {
	case "UTF-8":
		return utf8Encoder{}
	case "GBK":
		// GBK's encoder is gb18030's encoder with its is GBK set to true (10.1.2).
		return &gb18030Encoder{isGBK: true}
	case "gb18030":
		return &gb18030Encoder{}
	case "Big5":
		return big5Encoder{}
	case "EUC-JP":
		return eucJPEncoder{}
	case "ISO-2022-JP":
		return &iso2022JPEncoder{}
	case "Shift_JIS":
		return shiftJISEncoder{}
	case "EUC-KR":
		return eucKREncoder{}
	case "x-user-defined":
		return xUserDefinedEncoder{}
	}
	panic(fmt.Sprintf("reference: no encoding named %q (pass a name, not a label)", name))
}

// Decode runs the decoder of the encoding named name over input followed by
// end-of-queue ("process a queue", section 4.1) in error mode mode. It does no
// BOM handling (see DecodeHook for that).
//
// In replacement mode it returns all output, ok=true. In fatal mode, on the
// first error it returns the output produced before the error, ok=false, and
// consumed = the number of input bytes read from the queue and not restored to
// it when the error was returned. Without an error, consumed is len(input)
// minus whatever a decoder that finished early left unread.
func Decode(name string, input []byte, mode DecodeMode) (out []rune, consumed int, ok bool) {
	dec := newDecoder(name)
	in := toIOQueue(input)
	output := newIOQueue[rune]()
	result := processAQueue(dec, in, output, mode.errorMode())
	consumed = len(input) - len(in.values())
	if result.kind == resultError {
		return output.values(), consumed, false
	}
	return output.toList(), consumed, true
}

// DecodeStream streams input through the decoder of the encoding named name
// the way TextDecoderStream does (section 7.5, "decode and enqueue a chunk"
// and "flush and enqueue"), without the BOM handling of "serialize I/O
// queue": each chunk is pushed to the I/O queue and items are processed until
// end-of-queue is read, which is left unprocessed while more chunks may come;
// after the last chunk the queue is processed until finished.
//
// Its output must equal Decode's over the concatenation of chunks; it is
// implemented separately as a check on the oracle itself. In fatal mode it
// returns the output before the first error and ok=false.
func DecodeStream(name string, chunks [][]byte, mode DecodeMode) (out []rune, ok bool) {
	dec := newDecoder(name)
	errMode := mode.errorMode()
	// The stream's I/O queue. The standard says "a new I/O queue"; it must
	// hold end-of-queue for "read" to return rather than wait, as TextDecoder's
	// « end-of-queue » does, and chunks are pushed before it.
	queue := newIOQueue(endOfQueue[byte]())

	// serialize converts an output queue into a list (the BOM handling of
	// "serialize I/O queue" is left out: DecodeStream is the decoder alone).
	serialize := func(output *ioQueue[rune]) []rune { return output.toList() }

	// decode and enqueue a chunk
	for _, chunk := range chunks {
		// 2. Push a copy of bufferSource to decoder's I/O queue.
		queue.pushValues(chunk...)
		// 3. Let output be the I/O queue of scalar values « end-of-queue ».
		output := newIOQueue(endOfQueue[rune]())
		// 4. While true:
		for {
			// 1. Let item be the result of reading from decoder's I/O queue.
			it := queue.read()
			// 2. If item is end-of-queue: serialize output, enqueue it, return.
			if it.end {
				out = append(out, serialize(output)...)
				break
			}
			// 3. Let result be the result of processing an item with item, ...
			result := processAnItem(it, dec, queue, output, errMode)
			// 4. If result is error, then throw a TypeError.
			if result.kind == resultError {
				return append(out, output.values()...), false
			}
		}
	}

	// flush and enqueue
	// 1. Let output be the I/O queue of scalar values « end-of-queue ».
	output := newIOQueue(endOfQueue[rune]())
	// 2. While true:
	for {
		// 1. Let item be the result of reading from decoder's I/O queue.
		it := queue.read()
		// 2. Let result be the result of processing an item with item, ...
		result := processAnItem(it, dec, queue, output, errMode)
		// 3. If result is finished: serialize output, enqueue it, return.
		if result.kind == resultFinished {
			return append(out, serialize(output)...), true
		}
		// 4. Otherwise, if result is error, throw a TypeError.
		if result.kind == resultError {
			return append(out, output.values()...), false
		}
	}
}

// Encode runs the encoder of the encoding named name over input followed by
// end-of-queue ("process a queue", section 4.1) in error mode mode. name must
// have an encoder: pass OutputEncoding(name). input must be scalar values
// (the standard asserts it; Encode panics otherwise).
//
// In html mode it returns all output, ok=true. In fatal mode, on the first
// error it returns the output so far, ok=false, the error's code point
// (which for ISO-2022-JP's U+000E, U+000F and U+001B is U+FFFD, as the
// standard says) and consumed = the number of code points read from the
// queue and not restored to it, including the failing one.
func Encode(name string, input []rune, mode EncodeMode) (out []byte, unmappable rune, consumed int, ok bool) {
	for _, cp := range input {
		if cp < 0 || cp > 0x10FFFF || isSurrogate(cp) {
			panic(fmt.Sprintf("reference: Encode given %#x, which is not a scalar value", cp))
		}
	}
	enc := getAnEncoder(name)
	in := toIOQueue(input)
	output := newIOQueue[byte]()
	result := processAQueue(enc, in, output, mode.errorMode())
	consumed = len(input) - len(in.values())
	if result.kind == resultError {
		return output.values(), result.codePoint, consumed, false
	}
	return output.toList(), 0, consumed, true
}

// ErrRange is the RangeError thrown by NewTextDecoder.
var ErrRange = errors.New("RangeError")

// ErrType is the TypeError thrown by TextDecoder.Decode in fatal mode.
var ErrType = errors.New("TypeError")

// TextDecoder is section 7.2's TextDecoder object (with the TextDecoderCommon
// state of 7.1).
type TextDecoder struct {
	encoding   string         // encoding (its name)
	decoder    decoder        // decoder
	ioQueue    *ioQueue[byte] // I/O queue
	ignoreBOM  bool           // ignore BOM, initially false
	bomSeen    bool           // BOM seen, initially false
	errorMode  errorMode      // error mode, initially "replacement"
	doNotFlush bool           // do not flush, initially false
}

// NewTextDecoder is "new TextDecoder(label, options)" (section 7.2), with
// options fatal and ignoreBOM. It fails with ErrRange if label is not a label
// or is a label of replacement.
func NewTextDecoder(label string, fatal, ignoreBOM bool) (*TextDecoder, error) {
	d := &TextDecoder{errorMode: modeReplacement}
	// 1. Let encoding be the result of getting an encoding from label.
	encoding, ok := GetEncoding(label)
	// 2. If encoding is failure or replacement, then throw a RangeError.
	if !ok || encoding == "replacement" {
		return nil, fmt.Errorf("%w: %q is not a label of an encoding TextDecoder supports", ErrRange, label)
	}
	// 3. Set this's encoding to encoding.
	d.encoding = encoding
	// 4. If options["fatal"] is true, then set this's error mode to "fatal".
	if fatal {
		d.errorMode = modeFatal
	}
	// 5. Set this's ignore BOM to options["ignoreBOM"].
	d.ignoreBOM = ignoreBOM
	return d, nil
}

// Encoding is the encoding getter: the encoding's name, ASCII lowercased.
func (d *TextDecoder) Encoding() string { return asciiLowercase(d.encoding) }

// Fatal is the fatal getter: whether error mode is "fatal".
func (d *TextDecoder) Fatal() bool { return d.errorMode == modeFatal }

// IgnoreBOM is the ignoreBOM getter.
func (d *TextDecoder) IgnoreBOM() bool { return d.ignoreBOM }

// Decode is "decode(input, options)" (section 7.2) with options' stream.
// It fails with ErrType when error mode is fatal and the decoder returns an
// error. An absent input is the same as an empty one.
func (d *TextDecoder) Decode(input []byte, stream bool) (string, error) {
	// 1. If this's do not flush is false, then set this's decoder to a new
	//    instance of this's encoding's decoder, this's I/O queue to the I/O
	//    queue of bytes « end-of-queue », and this's BOM seen to false.
	if !d.doNotFlush {
		d.decoder = newDecoder(d.encoding)
		d.ioQueue = newIOQueue(endOfQueue[byte]())
		d.bomSeen = false
	}
	// 2. Set this's do not flush to options["stream"].
	d.doNotFlush = stream
	// 3. If input is given, then push a copy of input to this's I/O queue.
	d.ioQueue.pushValues(input...)
	// 4. Let output be the I/O queue of scalar values « end-of-queue ».
	output := newIOQueue(endOfQueue[rune]())
	// 5. While true:
	for {
		// 1. Let item be the result of reading from this's I/O queue.
		it := d.ioQueue.read()
		// 2. If item is end-of-queue and this's do not flush is true, then
		//    return the result of running serialize I/O queue with this and output.
		if it.end && d.doNotFlush {
			return d.serializeIOQueue(output), nil
		}
		// 3. Otherwise:
		// 1. Let result be the result of processing an item with item, this's
		//    decoder, this's I/O queue, output, and this's error mode.
		result := processAnItem(it, d.decoder, d.ioQueue, output, d.errorMode)
		// 2. If result is finished, then return the result of running serialize
		//    I/O queue with this and output.
		if result.kind == resultFinished {
			return d.serializeIOQueue(output), nil
		}
		// 3. Otherwise, if result is error, throw a TypeError.
		if result.kind == resultError {
			return "", fmt.Errorf("%w: %s decoder error (fatal)", ErrType, d.encoding)
		}
	}
}

// serializeIOQueue is "serialize I/O queue" (section 7.1).
func (d *TextDecoder) serializeIOQueue(ioQueue *ioQueue[rune]) string {
	// 1. Let output be the empty string.
	var output []rune
	// 2. While true:
	for {
		// 1. Let item be the result of reading from ioQueue.
		it := ioQueue.read()
		// 2. If item is end-of-queue, then return output.
		if it.end {
			return string(output)
		}
		// 3. If decoder's encoding is UTF-8 or UTF-16BE/LE, and decoder's ignore
		//    BOM and BOM seen are false:
		if (d.encoding == "UTF-8" || d.encoding == "UTF-16BE" || d.encoding == "UTF-16LE") &&
			!d.ignoreBOM && !d.bomSeen {
			// 1. Set decoder's BOM seen to true.
			d.bomSeen = true
			// 2. If item is U+FEFF BOM, then continue.
			if it.value == 0xFEFF {
				continue
			}
		}
		// 4. Append item to output.
		output = append(output, it.value)
	}
}

// textEncoderStream is section 7.6's TextEncoderStream object.
type textEncoderStream struct {
	encoder             utf8Encoder // encoder: an instance of the UTF-8 encoder
	leadingSurrogate    rune        // leading surrogate, if hasLeadingSurrogate; initially null
	hasLeadingSurrogate bool
}

// EncoderStream runs TextEncoderStream (section 7.6) over chunks of UTF-16
// code units: "encode and enqueue a chunk" for each, then "encode and flush".
// It returns the concatenation of the enqueued chunks.
func EncoderStream(chunks [][]uint16) []byte {
	s := &textEncoderStream{}
	var out []byte
	for _, chunk := range chunks {
		out = append(out, s.encodeAndEnqueueAChunk(chunk)...)
	}
	return append(out, s.encodeAndFlush()...)
}

// encodeAndEnqueueAChunk is "encode and enqueue a chunk"; it returns the
// enqueued bytes (none if nothing was enqueued).
func (s *textEncoderStream) encodeAndEnqueueAChunk(chunk []uint16) []byte {
	// 1. Let input be the result of converting chunk to a DOMString.
	// 2. Convert input to an I/O queue of code units.
	codeUnits := make([]rune, len(chunk))
	for i, cu := range chunk {
		codeUnits[i] = rune(cu)
	}
	input := toIOQueue(codeUnits)
	// 3. Let output be the I/O queue of bytes « end-of-queue ».
	output := newIOQueue(endOfQueue[byte]())
	// The UTF-8 encoder's handler ignores its I/O queue argument; "process an
	// item" is given input, a queue of code units, which Go's types cannot
	// pass as a queue of scalar values, so an empty one stands in for it.
	unused := newIOQueue(endOfQueue[rune]())
	// 4. While true:
	for {
		// 1. Let item be the result of reading from input.
		it := input.read()
		// 2. If item is end-of-queue:
		if it.end {
			// 1. Convert output into a byte sequence.
			bytes := output.toList()
			// 2. If output is not empty: enqueue a Uint8Array of it.
			// 3. Return.
			return bytes
		}
		// 3. Let result be the result of executing the convert code unit to
		//    scalar value algorithm with encoder, item and input.
		result, cont := s.convertCodeUnitToScalarValue(it.value, input)
		// 4. If result is not continue, then process an item with result,
		//    encoder's encoder, input, output, and "fatal".
		if !cont {
			processAnItem(valueItem(result), encoder(s.encoder), unused, output, modeFatal)
		}
	}
}

// convertCodeUnitToScalarValue is "convert code unit to scalar value"
// (section 7.6). cont reports the result continue.
func (s *textEncoderStream) convertCodeUnitToScalarValue(it rune, input *ioQueue[rune]) (sv rune, cont bool) {
	// 1. If encoder's leading surrogate is non-null:
	if s.hasLeadingSurrogate {
		// 1. Let leadingSurrogate be encoder's leading surrogate.
		leadingSurrogate := s.leadingSurrogate
		// 2. Set encoder's leading surrogate to null.
		s.hasLeadingSurrogate = false
		// 3. If item is a trailing surrogate, then return a scalar value from
		//    surrogates given leadingSurrogate and item.
		if isTrailingSurrogate(it) {
			return scalarValueFromSurrogates(leadingSurrogate, it), false
		}
		// 4. Restore item to input.
		input.restore(it)
		// 5. Return U+FFFD (�).
		return 0xFFFD, false
	}
	// 2. If item is a leading surrogate, then set encoder's leading surrogate
	//    to item and return continue.
	if isLeadingSurrogate(it) {
		s.leadingSurrogate, s.hasLeadingSurrogate = it, true
		return 0, true
	}
	// 3. If item is a trailing surrogate, then return U+FFFD (�).
	if isTrailingSurrogate(it) {
		return 0xFFFD, false
	}
	// 4. Return item.
	return it, false
}

// encodeAndFlush is "encode and flush"; it returns the enqueued bytes.
func (s *textEncoderStream) encodeAndFlush() []byte {
	// 1. If encoder's leading surrogate is non-null: enqueue « 0xEF, 0xBF, 0xBD ».
	if s.hasLeadingSurrogate {
		return []byte{0xEF, 0xBF, 0xBD}
	}
	return nil
}

// EncodeInto is TextEncoder's "encodeInto(source, destination)" (section
// 7.4). source is converted to a USVString first (lone surrogates become
// U+FFFD); read counts UTF-16 code units of source, written bytes of dst. A
// scalar value is written whole or not at all.
func EncodeInto(src []uint16, dst []byte) (read, written int) {
	// 1. Let read be 0.
	// 2. Let written be 0.
	read, written = 0, 0
	// 3. Let encoder be an instance of the UTF-8 encoder.
	var enc encoder = utf8Encoder{}
	// 4. Let unused be the I/O queue of scalar values « end-of-queue ».
	unused := newIOQueue(endOfQueue[rune]())
	// 5. Convert source to an I/O queue of scalar values.
	source := toIOQueue(usvString(src))
	// 6. While true:
	for {
		// 1. Let item be the result of reading from source.
		it := source.read()
		// 2. Let result be the result of running encoder's handler on unused and item.
		result := enc.handler(unused, it)
		// 3. If result is finished, then break.
		if result.kind == resultFinished {
			break
		}
		// 4. Otherwise:
		// 1. If destination's byte length − written is greater than or equal to
		//    the number of bytes in result:
		if len(dst)-written >= len(result.items) {
			// 1. If item is greater than U+FFFF, then increment read by 2.
			// 2. Otherwise, increment read by 1.
			if it.value > 0xFFFF {
				read += 2
			} else {
				read++
			}
			// 3. Write the bytes in result into destination, with startingOffset
			//    set to written.
			copy(dst[written:], result.items)
			// 4. Increment written by the number of bytes in result.
			written += len(result.items)
		} else {
			// 2. Otherwise, break.
			break
		}
	}
	// 7. Return «[ "read" → read, "written" → written ]».
	return read, written
}

// usvString converts a JavaScript string (UTF-16 code units) to a USVString,
// Infra's "convert a string into a scalar value string": the string's code
// points, where a leading surrogate followed by a trailing surrogate is one
// code point, with every remaining (lone) surrogate replaced by U+FFFD.
func usvString(units []uint16) []rune {
	var out []rune
	for i := 0; i < len(units); i++ {
		cu := rune(units[i])
		if isLeadingSurrogate(cu) && i+1 < len(units) && isTrailingSurrogate(rune(units[i+1])) {
			out = append(out, scalarValueFromSurrogates(cu, rune(units[i+1])))
			i++
			continue
		}
		if isSurrogate(cu) {
			cu = 0xFFFD
		}
		out = append(out, cu)
	}
	return out
}

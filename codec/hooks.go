package codec

// The hooks for other standards (section 6) and the legacy hooks (section
// 6.1), for whole inputs held in memory. They are built on Decoder and
// Encoder; use those to stream.

// BOMSniff implements "BOM sniff" (section 6.1): the encoding of the byte
// order mark input starts with (UTF-8, UTF-16BE or UTF-16LE), or nil.
func BOMSniff(input []byte) *Encoding {
	switch {
	case len(input) >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF:
		return UTF8
	case len(input) >= 2 && input[0] == 0xFE && input[1] == 0xFF:
		return UTF16BE
	case len(input) >= 2 && input[0] == 0xFF && input[1] == 0xFE:
		return UTF16LE
	}
	return nil
}

// Decode implements the legacy "decode" hook (section 6.1): a BOM decides
// the encoding if there is one, otherwise fallback does; malformed input
// becomes U+FFFD. It returns the text and the encoding used.
func Decode(input []byte, fallback *Encoding) (string, *Encoding) {
	d := fallback.NewDecoder(SniffBOM, Replace)
	out, _ := decodeAll(d, input)
	return string(out), d.Encoding()
}

// UTF8Decode implements "UTF-8 decode" (section 6): a UTF-8 BOM is removed,
// malformed input becomes U+FFFD.
func UTF8Decode(input []byte) string {
	out, _ := decodeAll(UTF8.NewDecoder(RemoveBOM, Replace), input)
	return string(out)
}

// UTF8DecodeWithoutBOM implements "UTF-8 decode without BOM" (section 6):
// a BOM is kept as U+FEFF, malformed input becomes U+FFFD.
func UTF8DecodeWithoutBOM(input []byte) string {
	out, _ := decodeAll(UTF8.NewDecoder(KeepBOM, Replace), input)
	return string(out)
}

// UTF8DecodeWithoutBOMOrFail implements "UTF-8 decode without BOM or fail"
// (section 6): ok is false if input is not valid UTF-8.
func UTF8DecodeWithoutBOMOrFail(input []byte) (s string, ok bool) {
	out, ok := decodeAll(UTF8.NewDecoder(KeepBOM, Fatal), input)
	if !ok {
		return "", false
	}
	return string(out), true
}

// decodeAll decodes all of input, the last input of d's stream, into UTF-8.
// ok is false if a Fatal decoder met malformed input; out then holds the
// text before it.
func decodeAll(d *Decoder, input []byte) (out []byte, ok bool) {
	size, fits := d.MaxUTF8BufferLength(len(input))
	if !fits {
		size = len(input)
	}
	out = make([]byte, size)
	w := 0
	for {
		r := d.DecodeToUTF8(input, out[w:], true)
		input = input[r.Read:]
		w += r.Written
		switch r.Status {
		case InputEmpty:
			return out[:w], true
		case Malformed:
			return out[:w], false
		}
		out = append(out, make([]byte, len(out))...)
	}
}

// UTF8Encode implements "UTF-8 encode" (section 6): text as UTF-8, each
// invalid UTF-8 sequence in it (a Go string may hold any bytes; the hook's
// input is scalar values) as U+FFFD. It is TextEncoderEncode, under the
// hook's name.
func UTF8Encode(text string) []byte { return TextEncoderEncode(text) }

// Encode implements the legacy "encode" hook (section 6.1) for text: HTML
// mode, so an unmappable character becomes a numeric character reference.
// It encodes into e's output encoding (UTF-8 for replacement, UTF-16BE and
// UTF-16LE), which the standard leaves to the caller. Invalid UTF-8 in text
// is encoded as U+FFFD.
func Encode(text string, e *Encoding) []byte {
	out, _, _, _ := encodeAll(e.NewEncoder(HTML), []byte(text))
	return out
}

// GetEncoder implements "get an encoder" (section 6.1) for use with
// [Encoder.EncodeOrFail]: an encoder for e's output encoding in Fatal mode.
func GetEncoder(e *Encoding) *Encoder { return e.NewEncoder(Fatal) }

// EncodeOrFail implements "encode or fail" (section 6.1), the hook for URL
// percent-encoding. It appends to dst the encoding of text, ending the
// stream, and returns ok. If a character cannot be encoded it stops after
// it: out holds the bytes before the character, unmappable is its code
// point and rest is the text after it. The caller then writes its own
// replacement into out, using only bytes 0x00 to 0x7F other than 0x0E,
// 0x0F, 0x1B, 0x5C and 0x7E, and calls again with rest on the same Encoder,
// whose ISO-2022-JP state carries over. enc must be in Fatal mode.
func (enc *Encoder) EncodeOrFail(dst []byte, text string) (out []byte, unmappable rune, rest string, ok bool) {
	encoded, read, c, ok := encodeAll(enc, []byte(text))
	dst = append(dst, encoded...)
	if ok {
		return dst, -1, "", true
	}
	return dst, c, text[read:], false
}

// encodeAll encodes all of input, the last input of enc's stream. In Fatal
// mode it stops after the first unmappable character: ok is false, read is
// the input consumed and c the character.
func encodeAll(enc *Encoder, input []byte) (out []byte, read int, c rune, ok bool) {
	size, fits := enc.MaxBufferLengthFromUTF8(len(input))
	if !fits {
		size = len(input)
	}
	out = make([]byte, size)
	w := 0
	for {
		r := enc.EncodeFromUTF8(input[read:], out[w:], true)
		read += r.Read
		w += r.Written
		switch r.Status {
		case InputEmpty:
			return out[:w], read, -1, true
		case Unmappable:
			return out[:w], read, r.Unmappable, false
		}
		out = append(out, make([]byte, len(out))...)
	}
}

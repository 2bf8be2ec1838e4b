package codec

// Status says why a conversion call returned.
type Status uint8

const (
	// InputEmpty: all of src was consumed. After a call with last=true the
	// stream is finished; the next call starts a new one.
	InputEmpty Status = iota
	// OutputFull: dst has no room for the next character. Call again with
	// src[Read:] and more room.
	OutputFull
	// Malformed: a Fatal decoder met malformed input (see DecodeResult).
	Malformed
	// Unmappable: a Fatal encoder met a code point its encoding cannot
	// represent (see EncodeResult).
	Unmappable
)

var statusNames = [...]string{"InputEmpty", "OutputFull", "Malformed", "Unmappable"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(?)"
}

// ErrorMode is the standard's error mode (section 4.1).
type ErrorMode uint8

const (
	// Replace is the decoders' "replacement" mode: malformed input becomes
	// U+FFFD. Encoders treat it as HTML.
	Replace ErrorMode = iota
	// Fatal stops a decoder at malformed input and an encoder at an
	// unmappable code point.
	Fatal
	// HTML is the encoders' "html" mode: an unmappable code point becomes a
	// decimal numeric character reference such as "&#8364;". Decoders treat
	// it as Replace.
	HTML
)

// BOMHandling selects what a decoder does with a byte order mark.
type BOMHandling uint8

const (
	// SniffBOM is the legacy "decode" hook (section 6.1): a UTF-8, UTF-16BE
	// or UTF-16LE BOM at the start overrides the decoder's encoding and is
	// removed; [Decoder.Encoding] tells the encoding in use.
	SniffBOM BOMHandling = iota
	// RemoveBOM removes the encoding's own BOM, and only for UTF-8,
	// UTF-16BE and UTF-16LE: TextDecoder's default and "UTF-8 decode".
	RemoveBOM
	// KeepBOM does nothing with a BOM: TextDecoder's ignoreBOM and "UTF-8
	// decode without BOM".
	KeepBOM
)

// Output room needed for a call to make progress; see the package
// documentation.
const (
	// MinUTF8Output is the UTF-8 output a decoder step may write at once:
	// Big5 writes two code points for one pointer (U+00CA U+0304).
	MinUTF8Output = 4
	// MinUTF16Output is the UTF-16 output a decoder step may write at once.
	MinUTF16Output = 2
	// MinEncodeOutput bounds what an encoder writes for one character: an
	// ISO-2022-JP escape followed by "&#1114111;".
	MinEncodeOutput = 13
)

// DecodeResult is the outcome of a decoder call.
type DecodeResult struct {
	Status  Status
	Read    int // bytes of src consumed
	Written int // bytes (UTF-8) or code units (UTF-16) written to dst
	// Replaced reports, in Replace mode, that this call wrote at least one
	// U+FFFD for malformed input.
	Replaced bool
	// MalformedLen and ConsumedAfter describe a Malformed status: the
	// malformed byte sequence is MalformedLen bytes long and ends
	// ConsumedAfter bytes before the end of the input consumed so far
	// (src[:Read] after the input of earlier calls). ConsumedAfter is
	// non-zero when the standard restores bytes that an earlier call
	// consumed; the decoder decodes them on the next call. Both may reach
	// into earlier calls' input.
	MalformedLen  int
	ConsumedAfter int
}

// EncodeResult is the outcome of an encoder call.
type EncodeResult struct {
	Status  Status
	Read    int // bytes (UTF-8 source) or code units (UTF-16 source) consumed
	Written int // bytes written to dst
	// Replaced reports, in HTML mode, that this call wrote at least one
	// numeric character reference.
	Replaced bool
	// Unmappable is, with status Unmappable, the code point the encoding
	// cannot represent; it was consumed (it is within src[:Read] or was
	// completed by it). ISO-2022-JP reports U+FFFD for U+000E, U+000F and
	// U+001B, as the standard does.
	Unmappable rune
}

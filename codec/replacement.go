package codec

// The replacement encoding (section 14.1): its decoder turns any non-empty
// stream into a single U+FFFD; it has no encoder (it encodes as UTF-8).

type replacementDecoderState struct {
	errorReturned bool
}

// decodeReplacement is the replacement decoder (section 14.1.1). After its
// one error it returns "finished", so the rest of the stream is consumed
// without output.
func (d *Decoder) decodeReplacement(src []byte, s *sink) (Status, int) {
	st := &d.st.replacement
	if len(src) == 0 || st.errorReturned {
		return InputEmpty, len(src)
	}
	if !s.hasRoom() {
		return OutputFull, 0
	}
	st.errorReturned = true
	if d.fail(s, 1) {
		return Malformed, 1
	}
	return InputEmpty, len(src)
}

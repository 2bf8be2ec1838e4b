package reference

import "strconv"

// Section 14, "Legacy miscellaneous encodings": replacement (14.1) and
// x-user-defined (14.5). UTF-16BE/LE are in utf16.go.

// replacementDecoder is section 14.1.1, "replacement decoder". The
// replacement encoding has no encoder.
type replacementDecoder struct {
	errorReturned bool // replacement error returned, initially false
}

func (d *replacementDecoder) handler(_ *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	// 2. If replacement error returned is false, then set replacement error
	//    returned to true and return error.
	if !d.errorReturned {
		d.errorReturned = true
		return errorResult[rune]()
	}
	// 3. Return finished.
	return finishedResult[rune]()
}

// xUserDefinedDecoder is section 14.5.1, "x-user-defined decoder".
type xUserDefinedDecoder struct{}

func (xUserDefinedDecoder) handler(_ *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 2. If byte is an ASCII byte, then return a code point whose value is byte.
	if isASCIIByte(b) {
		return itemsResult(rune(b))
	}
	// 3. Return a code point whose value is 0xF780 + byte − 0x80.
	return itemsResult(0xF780 + rune(b) - 0x80)
}

// xUserDefinedEncoder is section 14.5.2, "x-user-defined encoder".
type xUserDefinedEncoder struct{}

func (xUserDefinedEncoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 3. If codePoint is in the range U+F780 to U+F7FF, inclusive, then return
	//    a byte whose value is codePoint − 0xF780 + 0x80.
	if codePoint >= 0xF780 && codePoint <= 0xF7FF {
		return itemsResult(byte(codePoint - 0xF780 + 0x80))
	}
	// 4. Return error with codePoint.
	return errorWithCodePoint[byte](codePoint)
}

func itoa(n int) string { return strconv.Itoa(n) }

package reference

// Section 12.2, "ISO-2022-JP".

// iso2022JPDecoderState is an ISO-2022-JP decoder state.
type iso2022JPDecoderState int

const (
	iso2022JPDecoderASCII iso2022JPDecoderState = iota
	iso2022JPDecoderRoman
	iso2022JPDecoderKatakana
	iso2022JPDecoderLeadingByte
	iso2022JPDecoderTrailingByte
	iso2022JPDecoderEscapeStart
	iso2022JPDecoderEscape
)

// iso2022JPDecoder is section 12.2.1, "ISO-2022-JP decoder".
type iso2022JPDecoder struct {
	state       iso2022JPDecoderState // ISO-2022-JP decoder state, initially ASCII
	outputState iso2022JPDecoderState // ISO-2022-JP decoder output state, initially ASCII
	leading     byte                  // ISO-2022-JP leading, initially 0x00
	output      bool                  // ISO-2022-JP output, initially false
}

func (d *iso2022JPDecoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	b := it.value
	// Switching on ISO-2022-JP decoder state:
	switch d.state {
	case iso2022JPDecoderASCII:
		// Based on byte:
		switch {
		case it.end:
			// end-of-queue: Return finished.
			return finishedResult[rune]()
		case b == 0x1B:
			// 0x1B: Set ISO-2022-JP decoder state to escape start and return continue.
			d.state = iso2022JPDecoderEscapeStart
			return continueResult[rune]()
		case b <= 0x7F && b != 0x0E && b != 0x0F:
			// 0x00 to 0x7F, excluding 0x0E, 0x0F, and 0x1B: Set ISO-2022-JP output
			// to false and return a code point whose value is byte.
			d.output = false
			return itemsResult(rune(b))
		default:
			// Otherwise: Set ISO-2022-JP output to false and return error.
			d.output = false
			return errorResult[rune]()
		}

	case iso2022JPDecoderRoman:
		// Based on byte:
		switch {
		case it.end:
			// end-of-queue: Return finished.
			return finishedResult[rune]()
		case b == 0x1B:
			// 0x1B: Set ISO-2022-JP decoder state to escape start and return continue.
			d.state = iso2022JPDecoderEscapeStart
			return continueResult[rune]()
		case b == 0x5C:
			// 0x5C: Set ISO-2022-JP output to false and return code point U+00A5 (¥).
			d.output = false
			return itemsResult[rune](0x00A5)
		case b == 0x7E:
			// 0x7E: Set ISO-2022-JP output to false and return code point U+203E (‾).
			d.output = false
			return itemsResult[rune](0x203E)
		case b <= 0x7F && b != 0x0E && b != 0x0F:
			// 0x00 to 0x7F, excluding 0x0E, 0x0F, 0x1B, 0x5C, and 0x7E: Set
			// ISO-2022-JP output to false and return a code point whose value is byte.
			d.output = false
			return itemsResult(rune(b))
		default:
			// Otherwise: Set ISO-2022-JP output to false and return error.
			d.output = false
			return errorResult[rune]()
		}

	case iso2022JPDecoderKatakana:
		// Based on byte:
		switch {
		case it.end:
			// end-of-queue: Return finished.
			return finishedResult[rune]()
		case b == 0x1B:
			// 0x1B: Set ISO-2022-JP decoder state to escape start and return continue.
			d.state = iso2022JPDecoderEscapeStart
			return continueResult[rune]()
		case b >= 0x21 && b <= 0x5F:
			// 0x21 to 0x5F: Set ISO-2022-JP output to false and return a code point
			// whose value is 0xFF61 − 0x21 + byte.
			d.output = false
			return itemsResult(0xFF61 - 0x21 + rune(b))
		default:
			// Otherwise: Set ISO-2022-JP output to false and return error.
			d.output = false
			return errorResult[rune]()
		}

	case iso2022JPDecoderLeadingByte:
		// Based on byte:
		switch {
		case it.end:
			// end-of-queue: Return finished.
			return finishedResult[rune]()
		case b == 0x1B:
			// 0x1B: Set ISO-2022-JP decoder state to escape start and return continue.
			d.state = iso2022JPDecoderEscapeStart
			return continueResult[rune]()
		case b >= 0x21 && b <= 0x7E:
			// 0x21 to 0x7E: Set ISO-2022-JP output to false, ISO-2022-JP leading to
			// byte, ISO-2022-JP decoder state to trailing byte, and return continue.
			d.output = false
			d.leading = b
			d.state = iso2022JPDecoderTrailingByte
			return continueResult[rune]()
		default:
			// Otherwise: Set ISO-2022-JP output to false and return error.
			d.output = false
			return errorResult[rune]()
		}

	case iso2022JPDecoderTrailingByte:
		// Based on byte:
		switch {
		case it.end:
			// end-of-queue: Set the ISO-2022-JP decoder state to leading byte and return error.
			d.state = iso2022JPDecoderLeadingByte
			return errorResult[rune]()
		case b == 0x1B:
			// 0x1B: Set ISO-2022-JP decoder state to escape start and return error.
			d.state = iso2022JPDecoderEscapeStart
			return errorResult[rune]()
		case b >= 0x21 && b <= 0x7E:
			// 0x21 to 0x7E:
			// 1. Set the ISO-2022-JP decoder state to leading byte.
			d.state = iso2022JPDecoderLeadingByte
			// 2. Let pointer be (ISO-2022-JP leading − 0x21) × 94 + byte − 0x21.
			pointer := (int(d.leading)-0x21)*94 + int(b) - 0x21
			// 3. Let codePoint be the index code point for pointer in index jis0208.
			codePoint, ok := mustIndex("index-jis0208.txt").codePoint(pointer)
			// 4. If codePoint is null, then return error.
			if !ok {
				return errorResult[rune]()
			}
			// 5. Return a code point whose value is codePoint.
			return itemsResult(codePoint)
		default:
			// Otherwise: Set ISO-2022-JP decoder state to leading byte and return error.
			d.state = iso2022JPDecoderLeadingByte
			return errorResult[rune]()
		}

	case iso2022JPDecoderEscapeStart:
		// 1. If byte is either 0x24 or 0x28, then set ISO-2022-JP leading to
		//    byte, ISO-2022-JP decoder state to escape, and return continue.
		if !it.end && (b == 0x24 || b == 0x28) {
			d.leading = b
			d.state = iso2022JPDecoderEscape
			return continueResult[rune]()
		}
		// 2. If byte is not end-of-queue, then restore byte to ioQueue.
		if !it.end {
			ioQueue.restore(b)
		}
		// 3. Set ISO-2022-JP output to false, ISO-2022-JP decoder state to
		//    ISO-2022-JP decoder output state, and return error.
		d.output = false
		d.state = d.outputState
		return errorResult[rune]()

	case iso2022JPDecoderEscape:
		// 1. Let leading be ISO-2022-JP leading and set ISO-2022-JP leading to 0x00.
		leading := d.leading
		d.leading = 0
		// 2. Let state be null.
		var state iso2022JPDecoderState
		hasState := false
		if !it.end {
			switch {
			// 3. If leading is 0x28 and byte is 0x42, then set state to ASCII.
			case leading == 0x28 && b == 0x42:
				state, hasState = iso2022JPDecoderASCII, true
			// 4. If leading is 0x28 and byte is 0x4A, then set state to Roman.
			case leading == 0x28 && b == 0x4A:
				state, hasState = iso2022JPDecoderRoman, true
			// 5. If leading is 0x28 and byte is 0x49, then set state to katakana.
			case leading == 0x28 && b == 0x49:
				state, hasState = iso2022JPDecoderKatakana, true
			// 6. If leading is 0x24 and byte is either 0x40 or 0x42, then set state
			//    to leading byte.
			case leading == 0x24 && (b == 0x40 || b == 0x42):
				state, hasState = iso2022JPDecoderLeadingByte, true
			}
		}
		// 7. If state is non-null:
		if hasState {
			// 1. Set ISO-2022-JP decoder state and ISO-2022-JP decoder output state to state.
			d.state, d.outputState = state, state
			// 2. Let output be the value of ISO-2022-JP output.
			output := d.output
			// 3. Set ISO-2022-JP output to true.
			d.output = true
			// 4. Return continue, if output is false, and error otherwise.
			if !output {
				return continueResult[rune]()
			}
			return errorResult[rune]()
		}
		// 8. If byte is end-of-queue, then restore leading to ioQueue; otherwise,
		//    restore « leading, byte » to ioQueue.
		if it.end {
			ioQueue.restore(leading)
		} else {
			ioQueue.restore(leading, b)
		}
		// 9. Set ISO-2022-JP output to false, ISO-2022-JP decoder state to
		//    ISO-2022-JP decoder output state and return error.
		d.output = false
		d.state = d.outputState
		return errorResult[rune]()
	}
	panic("reference: unknown ISO-2022-JP decoder state")
}

// iso2022JPEncoderState is an ISO-2022-JP encoder state.
type iso2022JPEncoderState int

const (
	iso2022JPEncoderASCII iso2022JPEncoderState = iota
	iso2022JPEncoderRoman
	iso2022JPEncoderJIS0208
)

// iso2022JPEncoder is section 12.2.2, "ISO-2022-JP encoder".
type iso2022JPEncoder struct {
	state iso2022JPEncoderState // ISO-2022-JP encoder state, initially ASCII
}

func (e *iso2022JPEncoder) handler(ioQueue *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue and ISO-2022-JP encoder state is not
	//    ASCII, then set ISO-2022-JP encoder state to ASCII and return three
	//    bytes 0x1B 0x28 0x42.
	if it.end && e.state != iso2022JPEncoderASCII {
		e.state = iso2022JPEncoderASCII
		return itemsResult[byte](0x1B, 0x28, 0x42)
	}
	// 2. If codePoint is end-of-queue and ISO-2022-JP encoder state is ASCII,
	//    then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 3. If ISO-2022-JP encoder state is ASCII or Roman, and codePoint is
	//    U+000E, U+000F, or U+001B, then return error with U+FFFD (�).
	if (e.state == iso2022JPEncoderASCII || e.state == iso2022JPEncoderRoman) &&
		(codePoint == 0x000E || codePoint == 0x000F || codePoint == 0x001B) {
		return errorWithCodePoint[byte](0xFFFD)
	}
	// 4. If ISO-2022-JP encoder state is ASCII and codePoint is an ASCII code
	//    point, then return a byte whose value is codePoint.
	if e.state == iso2022JPEncoderASCII && isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 5. If ISO-2022-JP encoder state is Roman and codePoint is an ASCII code
	//    point, excluding U+005C (\) and U+007E (~), or is U+00A5 (¥) or U+203E (‾):
	if e.state == iso2022JPEncoderRoman &&
		((isASCIICodePoint(codePoint) && codePoint != 0x005C && codePoint != 0x007E) ||
			codePoint == 0x00A5 || codePoint == 0x203E) {
		// 1. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
		if isASCIICodePoint(codePoint) {
			return itemsResult(byte(codePoint))
		}
		// 2. If codePoint is U+00A5 (¥), then return byte 0x5C.
		if codePoint == 0x00A5 {
			return itemsResult[byte](0x5C)
		}
		// 3. If codePoint is U+203E (‾), then return byte 0x7E.
		return itemsResult[byte](0x7E)
	}
	// 6. If codePoint is an ASCII code point, and ISO-2022-JP encoder state is
	//    not ASCII, then restore codePoint to ioQueue, set ISO-2022-JP encoder
	//    state to ASCII, and return three bytes 0x1B 0x28 0x42.
	if isASCIICodePoint(codePoint) && e.state != iso2022JPEncoderASCII {
		ioQueue.restore(codePoint)
		e.state = iso2022JPEncoderASCII
		return itemsResult[byte](0x1B, 0x28, 0x42)
	}
	// 7. If codePoint is either U+00A5 (¥) or U+203E (‾), and ISO-2022-JP
	//    encoder state is not Roman, then restore codePoint to ioQueue, set
	//    ISO-2022-JP encoder state to Roman, and return three bytes 0x1B 0x28 0x4A.
	if (codePoint == 0x00A5 || codePoint == 0x203E) && e.state != iso2022JPEncoderRoman {
		ioQueue.restore(codePoint)
		e.state = iso2022JPEncoderRoman
		return itemsResult[byte](0x1B, 0x28, 0x4A)
	}
	// 8. If codePoint is U+2212 (−), then set it to U+FF0D (－).
	if codePoint == 0x2212 {
		codePoint = 0xFF0D
	}
	// 9. If codePoint is in the range U+FF61 to U+FF9F, inclusive, then set it
	//    to the index code point for codePoint − 0xFF61 in index ISO-2022-JP katakana.
	if codePoint >= 0xFF61 && codePoint <= 0xFF9F {
		cp, ok := mustIndex("index-iso-2022-jp-katakana.txt").codePoint(int(codePoint - 0xFF61))
		if !ok {
			// The index maps all 63 pointers; a null here means broken data.
			panic("reference: index ISO-2022-JP katakana has no entry for pointer " + itoa(int(codePoint-0xFF61)))
		}
		codePoint = cp
	}
	// 10. Let pointer be the index pointer for codePoint in index jis0208.
	pointer, ok := mustIndex("index-jis0208.txt").pointer(codePoint)
	// 11. If pointer is null:
	if !ok {
		// 1. If ISO-2022-JP encoder state is jis0208, then restore codePoint to
		//    ioQueue, set ISO-2022-JP encoder state to ASCII, and return three
		//    bytes 0x1B 0x28 0x42.
		if e.state == iso2022JPEncoderJIS0208 {
			ioQueue.restore(codePoint)
			e.state = iso2022JPEncoderASCII
			return itemsResult[byte](0x1B, 0x28, 0x42)
		}
		// 2. Return error with codePoint.
		return errorWithCodePoint[byte](codePoint)
	}
	// 12. If ISO-2022-JP encoder state is not jis0208, then restore codePoint
	//     to ioQueue, set ISO-2022-JP encoder state to jis0208, and return three
	//     bytes 0x1B 0x24 0x42.
	if e.state != iso2022JPEncoderJIS0208 {
		ioQueue.restore(codePoint)
		e.state = iso2022JPEncoderJIS0208
		return itemsResult[byte](0x1B, 0x24, 0x42)
	}
	// 13. Let leading be pointer / 94 + 0x21.
	leading := pointer/94 + 0x21
	// 14. Let trailing be pointer % 94 + 0x21.
	trailing := pointer%94 + 0x21
	// 15. Return two bytes whose values are leading and trailing.
	return itemsResult(byte(leading), byte(trailing))
}

package reference

// Section 12.3, "Shift_JIS".

// shiftJISPointerIndex is the index of step 1 of "index Shift_JIS pointer":
// index jis0208 excluding all entries whose pointer is in the range 8272 to
// 8835, inclusive.
func shiftJISPointerIndex() *index {
	return derivedIndex("shift_jis-pointer", func() *index {
		return mustIndex("index-jis0208.txt").excluding("shift_jis-pointer", func(pointer int) bool {
			return pointer >= 8272 && pointer <= 8835
		})
	})
}

// shiftJISPointer is "index Shift_JIS pointer" (section 5).
func shiftJISPointer(codePoint rune) (int, bool) {
	// 1. Let index be index jis0208 excluding all entries whose pointer is in
	//    the range 8272 to 8835, inclusive.
	idx := shiftJISPointerIndex()
	// 2. Return the index pointer for codePoint in index.
	return idx.pointer(codePoint)
}

// shiftJISDecoder is section 12.3.1, "Shift_JIS decoder".
type shiftJISDecoder struct {
	leading byte // Shift_JIS leading, initially 0x00
}

func (d *shiftJISDecoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and Shift_JIS leading is not 0x00, then set
	//    Shift_JIS leading to 0x00 and return error.
	if it.end && d.leading != 0 {
		d.leading = 0
		return errorResult[rune]()
	}
	// 2. If byte is end-of-queue and Shift_JIS leading is 0x00, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 3. If Shift_JIS leading is not 0x00:
	if d.leading != 0 {
		// 1. Let leading be Shift_JIS leading.
		leading := d.leading
		// 2. Set Shift_JIS leading to 0x00.
		d.leading = 0
		// 3. Let pointer be null.
		pointer, hasPointer := 0, false
		// 4. Let offset be 0x40 if byte is less than 0x7F; otherwise 0x41.
		offset := 0x41
		if b < 0x7F {
			offset = 0x40
		}
		// 5. Let leadingOffset be 0x81 if leading is less than 0xA0; otherwise 0xC1.
		leadingOffset := 0xC1
		if leading < 0xA0 {
			leadingOffset = 0x81
		}
		// 6. If byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFC,
		//    inclusive, then set pointer to
		//    (leading − leadingOffset) × 188 + byte − offset.
		if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFC) {
			pointer, hasPointer = (int(leading)-leadingOffset)*188+int(b)-offset, true
		}
		// 7. If pointer is in the range 8836 to 10715, inclusive, then return a
		//    code point whose value is 0xE000 − 8836 + pointer.
		if hasPointer && pointer >= 8836 && pointer <= 10715 {
			return itemsResult(rune(0xE000 - 8836 + pointer))
		}
		// 8. Let codePoint be null if pointer is null; otherwise the index code
		//    point for pointer in index jis0208.
		var codePoint rune
		ok := false
		if hasPointer {
			codePoint, ok = mustIndex("index-jis0208.txt").codePoint(pointer)
		}
		// 9. If codePoint is non-null, then return a code point whose value is codePoint.
		if ok {
			return itemsResult(codePoint)
		}
		// 10. If byte is an ASCII byte, then restore byte to ioQueue.
		if isASCIIByte(b) {
			ioQueue.restore(b)
		}
		// 11. Return error.
		return errorResult[rune]()
	}
	// 4. If byte is an ASCII byte or 0x80, then return a code point whose value is byte.
	if isASCIIByte(b) || b == 0x80 {
		return itemsResult(rune(b))
	}
	// 5. If byte is in the range 0xA1 to 0xDF, inclusive, then return a code
	//    point whose value is 0xFF61 − 0xA1 + byte.
	if b >= 0xA1 && b <= 0xDF {
		return itemsResult(0xFF61 - 0xA1 + rune(b))
	}
	// 6. If byte is in the range 0x81 to 0x9F, inclusive, or 0xE0 to 0xFC,
	//    inclusive, then set Shift_JIS leading to byte and return continue.
	if (b >= 0x81 && b <= 0x9F) || (b >= 0xE0 && b <= 0xFC) {
		d.leading = b
		return continueResult[rune]()
	}
	// 7. Return error.
	return errorResult[rune]()
}

// shiftJISEncoder is section 12.3.2, "Shift_JIS encoder".
type shiftJISEncoder struct{}

func (shiftJISEncoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point or U+0080, then return a byte
	//    whose value is codePoint.
	if isASCIICodePoint(codePoint) || codePoint == 0x0080 {
		return itemsResult(byte(codePoint))
	}
	// 3. If codePoint is U+00A5 (¥), then return byte 0x5C.
	if codePoint == 0x00A5 {
		return itemsResult[byte](0x5C)
	}
	// 4. If codePoint is U+203E (‾), then return byte 0x7E.
	if codePoint == 0x203E {
		return itemsResult[byte](0x7E)
	}
	// 5. If codePoint is in the range U+FF61 to U+FF9F, inclusive, then return
	//    a byte whose value is codePoint − 0xFF61 + 0xA1.
	if codePoint >= 0xFF61 && codePoint <= 0xFF9F {
		return itemsResult(byte(codePoint - 0xFF61 + 0xA1))
	}
	// 6. If codePoint is U+2212 (−), then set it to U+FF0D (－).
	if codePoint == 0x2212 {
		codePoint = 0xFF0D
	}
	// 7. Let pointer be the index Shift_JIS pointer for codePoint.
	pointer, ok := shiftJISPointer(codePoint)
	// 8. If pointer is null, then return error with codePoint.
	if !ok {
		return errorWithCodePoint[byte](codePoint)
	}
	// 9. Let leading be pointer / 188.
	leading := pointer / 188
	// 10. Let leadingOffset be 0x81 if leading is less than 0x1F; otherwise 0xC1.
	leadingOffset := 0xC1
	if leading < 0x1F {
		leadingOffset = 0x81
	}
	// 11. Let trailing be pointer % 188.
	trailing := pointer % 188
	// 12. Let offset be 0x40 if trailing is less than 0x3F; otherwise 0x41.
	offset := 0x41
	if trailing < 0x3F {
		offset = 0x40
	}
	// 13. Return two bytes whose values are leading + leadingOffset and trailing + offset.
	return itemsResult(byte(leading+leadingOffset), byte(trailing+offset))
}

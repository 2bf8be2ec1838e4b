package reference

// Section 12.1, "EUC-JP".

// eucJPDecoder is section 12.1.1, "EUC-JP decoder".
type eucJPDecoder struct {
	jis0212 bool // EUC-JP jis0212, initially false
	leading byte // EUC-JP leading, initially 0x00
}

func (d *eucJPDecoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and EUC-JP leading is not 0x00, then set
	//    EUC-JP leading to 0x00 and return error.
	if it.end && d.leading != 0 {
		d.leading = 0
		return errorResult[rune]()
	}
	// 2. If byte is end-of-queue and EUC-JP leading is 0x00, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 3. If EUC-JP leading is 0x8E and byte is in the range 0xA1 to 0xDF,
	//    inclusive, then set EUC-JP leading to 0x00 and return a code point
	//    whose value is 0xFF61 − 0xA1 + byte.
	if d.leading == 0x8E && b >= 0xA1 && b <= 0xDF {
		d.leading = 0
		return itemsResult(0xFF61 - 0xA1 + rune(b))
	}
	// 4. If EUC-JP leading is 0x8F and byte is in the range 0xA1 to 0xFE,
	//    inclusive, then set EUC-JP jis0212 to true, set EUC-JP leading to
	//    byte, and return continue.
	if d.leading == 0x8F && b >= 0xA1 && b <= 0xFE {
		d.jis0212 = true
		d.leading = b
		return continueResult[rune]()
	}
	// 5. If EUC-JP leading is not 0x00:
	if d.leading != 0 {
		// 1. Let leading be EUC-JP leading.
		leading := d.leading
		// 2. Set EUC-JP leading to 0x00.
		d.leading = 0
		// 3. Let codePoint be null.
		var codePoint rune
		ok := false
		// 4. If leading and byte are both in the range 0xA1 to 0xFE, inclusive,
		//    then set codePoint to the index code point for
		//    (leading − 0xA1) × 94 + byte − 0xA1 in index jis0208 if EUC-JP
		//    jis0212 is false and in index jis0212 otherwise.
		if leading >= 0xA1 && leading <= 0xFE && b >= 0xA1 && b <= 0xFE {
			pointer := (int(leading)-0xA1)*94 + int(b) - 0xA1
			if !d.jis0212 {
				codePoint, ok = mustIndex("index-jis0208.txt").codePoint(pointer)
			} else {
				codePoint, ok = mustIndex("index-jis0212.txt").codePoint(pointer)
			}
		}
		// 5. Set EUC-JP jis0212 to false.
		d.jis0212 = false
		// 6. If codePoint is non-null, then return a code point whose value is codePoint.
		if ok {
			return itemsResult(codePoint)
		}
		// 7. If byte is an ASCII byte, then restore byte to ioQueue.
		if isASCIIByte(b) {
			ioQueue.restore(b)
		}
		// 8. Return error.
		return errorResult[rune]()
	}
	// 6. If byte is an ASCII byte, then return a code point whose value is byte.
	if isASCIIByte(b) {
		return itemsResult(rune(b))
	}
	// 7. If byte is 0x8E, 0x8F, or in the range 0xA1 to 0xFE, inclusive, then
	//    set EUC-JP leading to byte and return continue.
	if b == 0x8E || b == 0x8F || (b >= 0xA1 && b <= 0xFE) {
		d.leading = b
		return continueResult[rune]()
	}
	// 8. Return error.
	return errorResult[rune]()
}

// eucJPEncoder is section 12.1.2, "EUC-JP encoder".
type eucJPEncoder struct{}

func (eucJPEncoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
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
	//    two bytes whose values are 0x8E and codePoint − 0xFF61 + 0xA1.
	if codePoint >= 0xFF61 && codePoint <= 0xFF9F {
		return itemsResult[byte](0x8E, byte(codePoint-0xFF61+0xA1))
	}
	// 6. If codePoint is U+2212 (−), then set it to U+FF0D (－).
	if codePoint == 0x2212 {
		codePoint = 0xFF0D
	}
	// 7. Let pointer be the index pointer for codePoint in index jis0208.
	pointer, ok := mustIndex("index-jis0208.txt").pointer(codePoint)
	// 8. If pointer is null, then return error with codePoint.
	if !ok {
		return errorWithCodePoint[byte](codePoint)
	}
	// 9. Let leading be pointer / 94 + 0xA1.
	leading := pointer/94 + 0xA1
	// 10. Let trailing be pointer % 94 + 0xA1.
	trailing := pointer%94 + 0xA1
	// 11. Return two bytes whose values are leading and trailing.
	return itemsResult(byte(leading), byte(trailing))
}

package reference

// Section 13.1, "EUC-KR".

// eucKRDecoder is section 13.1.1, "EUC-KR decoder".
type eucKRDecoder struct {
	leading byte // EUC-KR leading, initially 0x00
}

func (d *eucKRDecoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and EUC-KR leading is not 0x00, then set
	//    EUC-KR leading to 0x00 and return error.
	if it.end && d.leading != 0 {
		d.leading = 0
		return errorResult[rune]()
	}
	// 2. If byte is end-of-queue and EUC-KR leading is 0x00, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 3. If EUC-KR leading is not 0x00:
	if d.leading != 0 {
		// 1. Let leading be EUC-KR leading.
		leading := d.leading
		// 2. Set EUC-KR leading to 0x00.
		d.leading = 0
		// 3. Let pointer be null.
		pointer, hasPointer := 0, false
		// 4. If byte is in the range 0x41 to 0xFE, inclusive, then set pointer
		//    to (leading − 0x81) × 190 + (byte − 0x41).
		if b >= 0x41 && b <= 0xFE {
			pointer, hasPointer = (int(leading)-0x81)*190+(int(b)-0x41), true
		}
		// 5. Let codePoint be null if pointer is null; otherwise the index code
		//    point for pointer in index EUC-KR.
		var codePoint rune
		ok := false
		if hasPointer {
			codePoint, ok = mustIndex("index-euc-kr.txt").codePoint(pointer)
		}
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
	// 4. If byte is an ASCII byte, then return a code point whose value is byte.
	if isASCIIByte(b) {
		return itemsResult(rune(b))
	}
	// 5. If byte is in the range 0x81 to 0xFE, inclusive, then set EUC-KR
	//    leading to byte and return continue.
	if b >= 0x81 && b <= 0xFE {
		d.leading = b
		return continueResult[rune]()
	}
	// 6. Return error.
	return errorResult[rune]()
}

// eucKREncoder is section 13.1.2, "EUC-KR encoder".
type eucKREncoder struct{}

func (eucKREncoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 3. Let pointer be the index pointer for codePoint in index EUC-KR.
	pointer, ok := mustIndex("index-euc-kr.txt").pointer(codePoint)
	// 4. If pointer is null, then return error with codePoint.
	if !ok {
		return errorWithCodePoint[byte](codePoint)
	}
	// 5. Let leading be pointer / 190 + 0x81.
	leading := pointer/190 + 0x81
	// 6. Let trailing be pointer % 190 + 0x41.
	trailing := pointer%190 + 0x41
	// 7. Return two bytes whose values are leading and trailing.
	return itemsResult(byte(leading), byte(trailing))
}

package reference

// Section 11, "Legacy multi-byte Chinese (traditional) encodings": Big5.

// big5PointerIndex is the index of step 1 of "index Big5 pointer": index
// Big5 excluding all entries whose pointer is less than (0xA1 − 0x81) × 157.
func big5PointerIndex() *index {
	return derivedIndex("big5-pointer", func() *index {
		return mustIndex("index-big5.txt").excluding("big5-pointer", func(pointer int) bool {
			return pointer < (0xA1-0x81)*157
		})
	})
}

// big5PointerLast maps each code point of big5PointerIndex to its last
// pointer (for step 2 of "index Big5 pointer").
func big5PointerLast() *index {
	return derivedIndex("big5-pointer-last", func() *index {
		idx := big5PointerIndex()
		// Reversing the entries makes "the first pointer" of the reversed list
		// the last pointer of the original.
		reversed := make([]indexEntry, len(idx.entries))
		for i, e := range idx.entries {
			reversed[len(idx.entries)-1-i] = e
		}
		return newIndex("big5-pointer-last", reversed)
	})
}

// big5Pointer is "index Big5 pointer" (section 5).
func big5Pointer(codePoint rune) (int, bool) {
	// 1. Let index be index Big5 excluding all entries whose pointer is less
	//    than (0xA1 − 0x81) × 157.
	idx := big5PointerIndex()
	// 2. If codePoint is U+2550, U+255E, U+2561, U+256A, U+5341, or U+5345,
	//    then return the last pointer corresponding to codePoint in index.
	switch codePoint {
	case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
		return big5PointerLast().pointer(codePoint)
	}
	// 3. Return the index pointer for codePoint in index.
	return idx.pointer(codePoint)
}

// big5Decoder is section 11.1.1, "Big5 decoder".
type big5Decoder struct {
	leading byte // Big5 leading, initially 0x00
}

func (d *big5Decoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and Big5 leading is not 0x00, then set Big5
	//    leading to 0x00 and return error.
	if it.end && d.leading != 0 {
		d.leading = 0
		return errorResult[rune]()
	}
	// 2. If byte is end-of-queue and Big5 leading is 0x00, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 3. If Big5 leading is not 0x00:
	if d.leading != 0 {
		// 1. Let leading be Big5 leading.
		leading := d.leading
		// 2. Set Big5 leading to 0x00.
		d.leading = 0
		// 3. Let pointer be null.
		pointer, hasPointer := 0, false
		// 4. Let offset be 0x40 if byte is less than 0x7F; otherwise 0x62.
		offset := 0x62
		if b < 0x7F {
			offset = 0x40
		}
		// 5. If byte is in the range 0x40 to 0x7E, inclusive, or 0xA1 to 0xFE,
		//    inclusive, then set pointer to (leading − 0x81) × 157 + (byte − offset).
		if (b >= 0x40 && b <= 0x7E) || (b >= 0xA1 && b <= 0xFE) {
			pointer, hasPointer = (int(leading)-0x81)*157+(int(b)-offset), true
		}
		// 6. If there is a row in the table whose first column is pointer, then
		//    return the two code points listed in its second column.
		if hasPointer {
			switch pointer {
			case 1133:
				return itemsResult[rune](0x00CA, 0x0304)
			case 1135:
				return itemsResult[rune](0x00CA, 0x030C)
			case 1164:
				return itemsResult[rune](0x00EA, 0x0304)
			case 1166:
				return itemsResult[rune](0x00EA, 0x030C)
			}
		}
		// 7. Let codePoint be null if pointer is null; otherwise the index code
		//    point for pointer in index Big5.
		var codePoint rune
		ok := false
		if hasPointer {
			codePoint, ok = mustIndex("index-big5.txt").codePoint(pointer)
		}
		// 8. If codePoint is non-null, then return a code point whose value is codePoint.
		if ok {
			return itemsResult(codePoint)
		}
		// 9. If byte is an ASCII byte, restore byte to ioQueue.
		if isASCIIByte(b) {
			ioQueue.restore(b)
		}
		// 10. Return error.
		return errorResult[rune]()
	}
	// 4. If byte is an ASCII byte, then return a code point whose value is byte.
	if isASCIIByte(b) {
		return itemsResult(rune(b))
	}
	// 5. If byte is in the range 0x81 to 0xFE, inclusive, then set Big5
	//    leading to byte and return continue.
	if b >= 0x81 && b <= 0xFE {
		d.leading = b
		return continueResult[rune]()
	}
	// 6. Return error.
	return errorResult[rune]()
}

// big5Encoder is section 11.1.2, "Big5 encoder".
type big5Encoder struct{}

func (big5Encoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 3. Let pointer be the index Big5 pointer for codePoint.
	pointer, ok := big5Pointer(codePoint)
	// 4. If pointer is null, then return error with codePoint.
	if !ok {
		return errorWithCodePoint[byte](codePoint)
	}
	// 5. Let leading be pointer / 157 + 0x81.
	leading := pointer/157 + 0x81
	// 6. Let trailing be pointer % 157.
	trailing := pointer % 157
	// 7. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x62.
	offset := 0x62
	if trailing < 0x3F {
		offset = 0x40
	}
	// 8. Return two bytes whose values are leading and trailing + offset.
	return itemsResult(byte(leading), byte(trailing+offset))
}

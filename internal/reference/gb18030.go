package reference

// Section 10, "Legacy multi-byte Chinese (simplified) encodings": GBK and
// gb18030. GBK's decoder is gb18030's decoder (10.1.1); GBK's encoder is
// gb18030's encoder with is GBK set to true (10.1.2).

// gb18030RangesCodePoint is "index gb18030 ranges code point" (section 5).
func gb18030RangesCodePoint(pointer int) (rune, bool) {
	// 1. If pointer is greater than 39419 and less than 189000, or pointer is
	//    greater than 1237575, then return null.
	if (pointer > 39419 && pointer < 189000) || pointer > 1237575 {
		return 0, false
	}
	// 2. If pointer is 7457, then return code point U+E7C7.
	if pointer == 7457 {
		return 0xE7C7, true
	}
	// 3. Let offset be the last pointer in index gb18030 ranges that is less
	//    than or equal to pointer and let codePointOffset be its corresponding
	//    code point.
	offset, codePointOffset, found := -1, rune(0), false
	for _, e := range mustIndex("index-gb18030-ranges.txt").entries {
		if e.pointer <= pointer {
			offset, codePointOffset, found = e.pointer, e.codePoint, true
		}
	}
	if !found {
		return 0, false // no entry at or below pointer (pointer < 0): not reachable
	}
	// 4. Return a code point whose value is codePointOffset + pointer − offset.
	return codePointOffset + rune(pointer-offset), true
}

// gb18030RangesPointer is "index gb18030 ranges pointer" (section 5).
func gb18030RangesPointer(codePoint rune) int {
	// 1. If codePoint is U+E7C7, then return pointer 7457.
	if codePoint == 0xE7C7 {
		return 7457
	}
	// 2. Let offset be the last code point in index gb18030 ranges that is less
	//    than or equal to codePoint and let pointerOffset be its corresponding
	//    pointer.
	offset, pointerOffset, found := rune(0), 0, false
	for _, e := range mustIndex("index-gb18030-ranges.txt").entries {
		if e.codePoint <= codePoint {
			offset, pointerOffset, found = e.codePoint, e.pointer, true
		}
	}
	if !found {
		// Only code points below U+0080 have none, and the encoder handles
		// ASCII before asking.
		panic("reference: index gb18030 ranges pointer asked for an ASCII code point")
	}
	// 3. Return a pointer whose value is pointerOffset + codePoint − offset.
	return pointerOffset + int(codePoint-offset)
}

// gb18030Decoder is section 10.2.1, "gb18030 decoder" (also GBK's decoder).
type gb18030Decoder struct {
	first, second, third byte // gb18030 first/second/third, initially 0x00
}

func (d *gb18030Decoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and gb18030 first, gb18030 second, and
	//    gb18030 third are 0x00, then return finished.
	if it.end && d.first == 0 && d.second == 0 && d.third == 0 {
		return finishedResult[rune]()
	}
	// 2. If byte is end-of-queue, and gb18030 first, second, or third is not
	//    0x00, then set them to 0x00, and return error.
	if it.end {
		d.first, d.second, d.third = 0, 0, 0
		return errorResult[rune]()
	}
	b := it.value
	// 3. If gb18030 third is not 0x00:
	if d.third != 0 {
		// 1. If byte is not in the range 0x30 to 0x39, inclusive:
		if b < 0x30 || b > 0x39 {
			// 1. Restore « gb18030 second, gb18030 third, byte » to ioQueue.
			ioQueue.restore(d.second, d.third, b)
			// 2. Set gb18030 first, gb18030 second, and gb18030 third to 0x00.
			d.first, d.second, d.third = 0, 0, 0
			// 3. Return error.
			return errorResult[rune]()
		}
		// 2. Let codePoint be the index gb18030 ranges code point for
		//    ((first − 0x81) × (10 × 126 × 10)) + ((second − 0x30) × (10 × 126)) +
		//    ((third − 0x81) × 10) + byte − 0x30.
		pointer := (int(d.first)-0x81)*(10*126*10) + (int(d.second)-0x30)*(10*126) +
			(int(d.third)-0x81)*10 + int(b) - 0x30
		codePoint, ok := gb18030RangesCodePoint(pointer)
		// 3. Set gb18030 first, gb18030 second, and gb18030 third to 0x00.
		d.first, d.second, d.third = 0, 0, 0
		// 4. If codePoint is null, then return error.
		if !ok {
			return errorResult[rune]()
		}
		// 5. Return a code point whose value is codePoint.
		return itemsResult(codePoint)
	}
	// 4. If gb18030 second is not 0x00:
	if d.second != 0 {
		// 1. If byte is in the range 0x81 to 0xFE, inclusive, then set gb18030
		//    third to byte and return continue.
		if b >= 0x81 && b <= 0xFE {
			d.third = b
			return continueResult[rune]()
		}
		// 2. Restore « gb18030 second, byte » to ioQueue, set gb18030 first and
		//    gb18030 second to 0x00, and return error.
		ioQueue.restore(d.second, b)
		d.first, d.second = 0, 0
		return errorResult[rune]()
	}
	// 5. If gb18030 first is not 0x00:
	if d.first != 0 {
		// 1. If byte is in the range 0x30 to 0x39, inclusive, then set gb18030
		//    second to byte and return continue.
		if b >= 0x30 && b <= 0x39 {
			d.second = b
			return continueResult[rune]()
		}
		// 2. Let leading be gb18030 first.
		leading := d.first
		// 3. Set gb18030 first to 0x00.
		d.first = 0
		// 4. Let pointer be null.
		pointer, hasPointer := 0, false
		// 5. Let offset be 0x40 if byte is less than 0x7F; otherwise 0x41.
		offset := 0x41
		if b < 0x7F {
			offset = 0x40
		}
		// 6. If byte is in the range 0x40 to 0x7E, inclusive, or 0x80 to 0xFE,
		//    inclusive, then set pointer to (leading − 0x81) × 190 + (byte − offset).
		if (b >= 0x40 && b <= 0x7E) || (b >= 0x80 && b <= 0xFE) {
			pointer, hasPointer = (int(leading)-0x81)*190+(int(b)-offset), true
		}
		// 7. Let codePoint be null if pointer is null; otherwise the index code
		//    point for pointer in index gb18030.
		var codePoint rune
		ok := false
		if hasPointer {
			codePoint, ok = mustIndex("index-gb18030.txt").codePoint(pointer)
		}
		// 8. If codePoint is non-null, then return a code point whose value is codePoint.
		if ok {
			return itemsResult(codePoint)
		}
		// 9. If byte is an ASCII byte, then restore byte to ioQueue.
		if isASCIIByte(b) {
			ioQueue.restore(b)
		}
		// 10. Return error.
		return errorResult[rune]()
	}
	// 6. If byte is an ASCII byte, then return a code point whose value is byte.
	if isASCIIByte(b) {
		return itemsResult(rune(b))
	}
	// 7. If byte is 0x80, then return code point U+20AC (€).
	if b == 0x80 {
		return itemsResult[rune](0x20AC)
	}
	// 8. If byte is in the range 0x81 to 0xFE, inclusive, then set gb18030
	//    first to byte and return continue.
	if b >= 0x81 && b <= 0xFE {
		d.first = b
		return continueResult[rune]()
	}
	// 9. Return error.
	return errorResult[rune]()
}

// gb18030PUASideTable is the table of step 5 of the gb18030 encoder
// (GB18030-2022): Private Use code points that map to two bytes, although
// index gb18030 maps those bytes to other code points.
var gb18030PUASideTable = []struct {
	codePoint rune
	bytes     [2]byte
}{
	{0xE78D, [2]byte{0xA6, 0xD9}},
	{0xE78E, [2]byte{0xA6, 0xDA}},
	{0xE78F, [2]byte{0xA6, 0xDB}},
	{0xE790, [2]byte{0xA6, 0xDC}},
	{0xE791, [2]byte{0xA6, 0xDD}},
	{0xE792, [2]byte{0xA6, 0xDE}},
	{0xE793, [2]byte{0xA6, 0xDF}},
	{0xE794, [2]byte{0xA6, 0xEC}},
	{0xE795, [2]byte{0xA6, 0xED}},
	{0xE796, [2]byte{0xA6, 0xF3}},
	{0xE81E, [2]byte{0xFE, 0x59}},
	{0xE826, [2]byte{0xFE, 0x61}},
	{0xE82B, [2]byte{0xFE, 0x66}},
	{0xE82C, [2]byte{0xFE, 0x67}},
	{0xE832, [2]byte{0xFE, 0x6D}},
	{0xE843, [2]byte{0xFE, 0x7E}},
	{0xE854, [2]byte{0xFE, 0x90}},
	{0xE864, [2]byte{0xFE, 0xA0}},
}

// gb18030Encoder is section 10.2.2, "gb18030 encoder" (and, with isGBK,
// section 10.1.2, "GBK encoder").
type gb18030Encoder struct {
	isGBK bool // is GBK, initially false
}

func (e *gb18030Encoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 3. If codePoint is U+E5E5, then return error with codePoint.
	if codePoint == 0xE5E5 {
		return errorWithCodePoint[byte](codePoint)
	}
	// 4. If is GBK is true and codePoint is U+20AC (€), then return byte 0x80.
	if e.isGBK && codePoint == 0x20AC {
		return itemsResult[byte](0x80)
	}
	// 5. If there is a row in the table whose first column is codePoint, then
	//    return the two bytes on the same row listed in the second column.
	for _, row := range gb18030PUASideTable {
		if row.codePoint == codePoint {
			return itemsResult(row.bytes[0], row.bytes[1])
		}
	}
	// 6. Let pointer be the index pointer for codePoint in index gb18030.
	pointer, ok := mustIndex("index-gb18030.txt").pointer(codePoint)
	// 7. If pointer is non-null:
	if ok {
		// 1. Let leading be pointer / 190 + 0x81.
		leading := pointer/190 + 0x81
		// 2. Let trailing be pointer % 190.
		trailing := pointer % 190
		// 3. Let offset be 0x40 if trailing is less than 0x3F, otherwise 0x41.
		offset := 0x41
		if trailing < 0x3F {
			offset = 0x40
		}
		// 4. Return two bytes whose values are leading and trailing + offset.
		return itemsResult(byte(leading), byte(trailing+offset))
	}
	// 8. If is GBK is true, then return error with codePoint.
	if e.isGBK {
		return errorWithCodePoint[byte](codePoint)
	}
	// 9. Set pointer to the index gb18030 ranges pointer for codePoint.
	pointer = gb18030RangesPointer(codePoint)
	// 10. Let byte1 be pointer / (10 × 126 × 10).
	byte1 := pointer / (10 * 126 * 10)
	// 11. Set pointer to pointer % (10 × 126 × 10).
	pointer = pointer % (10 * 126 * 10)
	// 12. Let byte2 be pointer / (10 × 126).
	byte2 := pointer / (10 * 126)
	// 13. Set pointer to pointer % (10 × 126).
	pointer = pointer % (10 * 126)
	// 14. Let byte3 be pointer / 10.
	byte3 := pointer / 10
	// 15. Let byte4 be pointer % 10.
	byte4 := pointer % 10
	// 16. Return four bytes whose values are byte1 + 0x81, byte2 + 0x30,
	//     byte3 + 0x81, byte4 + 0x30.
	return itemsResult(byte(byte1+0x81), byte(byte2+0x30), byte(byte3+0x81), byte(byte4+0x30))
}

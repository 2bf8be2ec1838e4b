package reference

// Section 8.1, "UTF-8".

// utf8Decoder is section 8.1.1, "UTF-8 decoder".
type utf8Decoder struct {
	codePoint   rune // UTF-8 code point, initially 0
	bytesSeen   int  // UTF-8 bytes seen, initially 0
	bytesNeeded int  // UTF-8 bytes needed, initially 0
	lower       byte // UTF-8 lower boundary, initially 0x80
	upper       byte // UTF-8 upper boundary, initially 0xBF
}

func newUTF8Decoder() *utf8Decoder { return &utf8Decoder{lower: 0x80, upper: 0xBF} }

func (d *utf8Decoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and UTF-8 bytes needed is not 0, then set UTF-8
	//    bytes needed to 0 and return error.
	if it.end && d.bytesNeeded != 0 {
		d.bytesNeeded = 0
		return errorResult[rune]()
	}
	// 2. If byte is end-of-queue, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 3. If UTF-8 bytes needed is 0, based on byte:
	if d.bytesNeeded == 0 {
		switch {
		case b <= 0x7F:
			// Return a code point whose value is byte.
			return itemsResult(rune(b))
		case b >= 0xC2 && b <= 0xDF:
			// 1. Set UTF-8 bytes needed to 1.
			d.bytesNeeded = 1
			// 2. Set UTF-8 code point to byte & 0x1F.
			d.codePoint = rune(b & 0x1F)
		case b >= 0xE0 && b <= 0xEF:
			// 1. If byte is 0xE0, then set UTF-8 lower boundary to 0xA0.
			if b == 0xE0 {
				d.lower = 0xA0
			}
			// 2. If byte is 0xED, then set UTF-8 upper boundary to 0x9F.
			if b == 0xED {
				d.upper = 0x9F
			}
			// 3. Set UTF-8 bytes needed to 2.
			d.bytesNeeded = 2
			// 4. Set UTF-8 code point to byte & 0xF.
			d.codePoint = rune(b & 0xF)
		case b >= 0xF0 && b <= 0xF4:
			// 1. If byte is 0xF0, then set UTF-8 lower boundary to 0x90.
			if b == 0xF0 {
				d.lower = 0x90
			}
			// 2. If byte is 0xF4, then set UTF-8 upper boundary to 0x8F.
			if b == 0xF4 {
				d.upper = 0x8F
			}
			// 3. Set UTF-8 bytes needed to 3.
			d.bytesNeeded = 3
			// 4. Set UTF-8 code point to byte & 0x7.
			d.codePoint = rune(b & 0x7)
		default:
			// Return error.
			return errorResult[rune]()
		}
		// Return continue.
		return continueResult[rune]()
	}
	// 4. If byte is not in the range UTF-8 lower boundary to UTF-8 upper boundary, inclusive:
	if b < d.lower || b > d.upper {
		// 1. Set UTF-8 code point, UTF-8 bytes needed, and UTF-8 bytes seen to 0, set
		//    UTF-8 lower boundary to 0x80, and set UTF-8 upper boundary to 0xBF.
		d.codePoint, d.bytesNeeded, d.bytesSeen = 0, 0, 0
		d.lower, d.upper = 0x80, 0xBF
		// 2. Restore byte to ioQueue.
		ioQueue.restore(b)
		// 3. Return error.
		return errorResult[rune]()
	}
	// 5. Set UTF-8 lower boundary to 0x80 and UTF-8 upper boundary to 0xBF.
	d.lower, d.upper = 0x80, 0xBF
	// 6. Set UTF-8 code point to (UTF-8 code point << 6) | (byte & 0x3F).
	d.codePoint = (d.codePoint << 6) | rune(b&0x3F)
	// 7. Increase UTF-8 bytes seen by one.
	d.bytesSeen++
	// 8. If UTF-8 bytes seen is not equal to UTF-8 bytes needed, then return continue.
	if d.bytesSeen != d.bytesNeeded {
		return continueResult[rune]()
	}
	// 9. Let codePoint be UTF-8 code point.
	codePoint := d.codePoint
	// 10. Set UTF-8 code point, UTF-8 bytes needed, and UTF-8 bytes seen to 0.
	d.codePoint, d.bytesNeeded, d.bytesSeen = 0, 0, 0
	// 11. Return a code point whose value is codePoint.
	return itemsResult(codePoint)
}

// utf8Encoder is section 8.1.2, "UTF-8 encoder".
type utf8Encoder struct{}

func (utf8Encoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 3. Set count and offset based on the range codePoint is in.
	var count int
	var offset rune
	switch {
	case codePoint >= 0x0080 && codePoint <= 0x07FF:
		count, offset = 1, 0xC0
	case codePoint >= 0x0800 && codePoint <= 0xFFFF:
		count, offset = 2, 0xE0
	case codePoint >= 0x10000 && codePoint <= 0x10FFFF:
		count, offset = 3, 0xF0
	default:
		panic("reference: UTF-8 encoder given a non-code point")
	}
	// 4. Let bytes be a byte sequence whose first byte is (codePoint >> (6 × count)) + offset.
	bytes := []byte{byte((codePoint >> (6 * count)) + offset)}
	// 5. While count is greater than 0:
	for count > 0 {
		// 1. Set temp to codePoint >> (6 × (count − 1)).
		temp := codePoint >> (6 * (count - 1))
		// 2. Append to bytes 0x80 | (temp & 0x3F).
		bytes = append(bytes, byte(0x80|(temp&0x3F)))
		// 3. Decrease count by one.
		count--
	}
	// 6. Return bytes bytes, in order.
	return itemsResult(bytes...)
}

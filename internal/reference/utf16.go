package reference

// Section 14.2, "Common infrastructure for UTF-16BE/LE", and sections 14.3
// and 14.4 (UTF-16BE and UTF-16LE decoders). These encodings have no encoder.

// sharedUTF16Decoder is section 14.2.1, "shared UTF-16 decoder". UTF-16BE's
// decoder has isUTF16BE set to true (14.3.1); UTF-16LE's has it false (14.4.1).
type sharedUTF16Decoder struct {
	leadingByte         byte // UTF-16 leading byte, if hasLeadingByte; initially null
	hasLeadingByte      bool
	leadingSurrogate    rune // UTF-16 leading surrogate, if hasLeadingSurrogate; initially null
	hasLeadingSurrogate bool
	isUTF16BE           bool // is UTF-16BE decoder, initially false
}

func (d *sharedUTF16Decoder) handler(ioQueue *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue and either UTF-16 leading byte or UTF-16
	//    leading surrogate is non-null, then set both to null, and return error.
	if it.end && (d.hasLeadingByte || d.hasLeadingSurrogate) {
		d.hasLeadingByte, d.hasLeadingSurrogate = false, false
		return errorResult[rune]()
	}
	// 2. If byte is end-of-queue and UTF-16 leading byte and UTF-16 leading
	//    surrogate are null, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 3. If UTF-16 leading byte is null, then set UTF-16 leading byte to byte
	//    and return continue.
	if !d.hasLeadingByte {
		d.leadingByte, d.hasLeadingByte = b, true
		return continueResult[rune]()
	}
	// 4. Let codeUnit be the result of:
	//    is UTF-16BE decoder is true: (UTF-16 leading byte << 8) + byte.
	//    is UTF-16BE decoder is false: (byte << 8) + UTF-16 leading byte.
	var codeUnit rune
	if d.isUTF16BE {
		codeUnit = (rune(d.leadingByte) << 8) + rune(b)
	} else {
		codeUnit = (rune(b) << 8) + rune(d.leadingByte)
	}
	// 5. Set UTF-16 leading byte to null.
	d.hasLeadingByte = false
	// 6. If UTF-16 leading surrogate is non-null:
	if d.hasLeadingSurrogate {
		// 1. Let leadingSurrogate be UTF-16 leading surrogate.
		leadingSurrogate := d.leadingSurrogate
		// 2. Set UTF-16 leading surrogate to null.
		d.hasLeadingSurrogate = false
		// 3. If codeUnit is a trailing surrogate, then return a scalar value
		//    from surrogates given leadingSurrogate and codeUnit.
		if isTrailingSurrogate(codeUnit) {
			return itemsResult(scalarValueFromSurrogates(leadingSurrogate, codeUnit))
		}
		// 4. Let byte1 be codeUnit >> 8.
		byte1 := byte(codeUnit >> 8)
		// 5. Let byte2 be codeUnit & 0x00FF.
		byte2 := byte(codeUnit & 0x00FF)
		// 6. Let bytes be a list of two bytes whose values are byte1 and byte2,
		//    if is UTF-16BE decoder is true; otherwise byte2 and byte1.
		bytes := []byte{byte2, byte1}
		if d.isUTF16BE {
			bytes = []byte{byte1, byte2}
		}
		// 7. Restore bytes to ioQueue and return error.
		ioQueue.restore(bytes...)
		return errorResult[rune]()
	}
	// 7. If codeUnit is a leading surrogate, then set UTF-16 leading surrogate
	//    to codeUnit and return continue.
	if isLeadingSurrogate(codeUnit) {
		d.leadingSurrogate, d.hasLeadingSurrogate = codeUnit, true
		return continueResult[rune]()
	}
	// 8. If codeUnit is a trailing surrogate, then return error.
	if isTrailingSurrogate(codeUnit) {
		return errorResult[rune]()
	}
	// 9. Return code point codeUnit.
	return itemsResult(codeUnit)
}

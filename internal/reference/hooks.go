package reference

// Section 6, "Hooks for standards", and 6.1, "Legacy hooks for standards".

// UTF8Decode is "UTF-8 decode" (section 6): a leading UTF-8 BOM is skipped,
// then the UTF-8 decoder runs in replacement mode.
func UTF8Decode(input []byte) []rune {
	ioQueue := toIOQueue(input)
	output := newIOQueue[rune]()
	// 1. Let buffer be the result of peeking three bytes from ioQueue,
	//    converted to a byte sequence.
	buffer := ioQueue.peek(3)
	// 2. If buffer is 0xEF 0xBB 0xBF, then read three bytes from ioQueue.
	if len(buffer) == 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
		ioQueue.readItems(3)
	}
	// 3. Process a queue with an instance of UTF-8's decoder, ioQueue,
	//    output, and "replacement".
	processAQueue(decoder(newUTF8Decoder()), ioQueue, output, modeReplacement)
	// 4. Return output.
	return output.toList()
}

// UTF8DecodeWithoutBOM is "UTF-8 decode without BOM" (section 6).
func UTF8DecodeWithoutBOM(input []byte) []rune {
	ioQueue := toIOQueue(input)
	output := newIOQueue[rune]()
	// 1. Process a queue with an instance of UTF-8's decoder, ioQueue,
	//    output, and "replacement".
	processAQueue(decoder(newUTF8Decoder()), ioQueue, output, modeReplacement)
	// 2. Return output.
	return output.toList()
}

// UTF8DecodeWithoutBOMOrFail is "UTF-8 decode without BOM or fail"
// (section 6); ok=false is failure.
func UTF8DecodeWithoutBOMOrFail(input []byte) (out []rune, ok bool) {
	ioQueue := toIOQueue(input)
	output := newIOQueue[rune]()
	// 1. Let potentialError be the result of processing a queue with an
	//    instance of UTF-8's decoder, ioQueue, output, and "fatal".
	potentialError := processAQueue(decoder(newUTF8Decoder()), ioQueue, output, modeFatal)
	// 2. If potentialError is an error, then return failure.
	if potentialError.kind == resultError {
		return nil, false
	}
	// 3. Return output.
	return output.toList(), true
}

// UTF8Encode is "UTF-8 encode" (section 6): encode with UTF-8.
func UTF8Encode(input []rune) []byte {
	return encodeHook(input, "UTF-8")
}

// encodeHook is "encode" (section 6.1).
func encodeHook(input []rune, name string) []byte {
	ioQueue := toIOQueue(input)
	output := newIOQueue[byte]()
	// 1. Let encoder be the result of getting an encoder from encoding.
	enc := getAnEncoder(name)
	// 2. Process a queue with encoder, ioQueue, output, and "html".
	processAQueue(enc, ioQueue, output, modeHTML)
	// 3. Return output.
	return output.toList()
}

// DecodeHook is "decode" (section 6.1): BOM sniffing decides the encoding,
// overriding the fallback encoding named fallbackName; the BOM is skipped and
// the decoder runs in replacement mode. It returns the output and the name
// of the encoding used.
func DecodeHook(input []byte, fallbackName string) (out []rune, used string) {
	ioQueue := toIOQueue(input)
	output := newIOQueue[rune]()
	encoding := fallbackName
	// 1. Let BOMEncoding be the result of BOM sniffing ioQueue.
	bomEncoding := bomSniff(ioQueue)
	// 2. If BOMEncoding is non-null:
	if bomEncoding != "" {
		// 1. Set encoding to BOMEncoding.
		encoding = bomEncoding
		// 2. Read three bytes from ioQueue, if BOMEncoding is UTF-8; otherwise
		//    read two bytes.
		if bomEncoding == "UTF-8" {
			ioQueue.readItems(3)
		} else {
			ioQueue.readItems(2)
		}
	}
	// 3. Process a queue with an instance of encoding's decoder, ioQueue,
	//    output, and "replacement".
	processAQueue(newDecoder(encoding), ioQueue, output, modeReplacement)
	// 4. Return output.
	return output.toList(), encoding
}

// BOMSniff is "BOM sniff" (section 6.1): "UTF-8", "UTF-16BE", "UTF-16LE",
// or "" (null).
func BOMSniff(b []byte) string {
	return bomSniff(toIOQueue(b))
}

// bomSniff is "BOM sniff" on an I/O queue.
func bomSniff(ioQueue *ioQueue[byte]) string {
	// 1. Let BOM be the result of peeking 3 bytes from ioQueue, converted to a
	//    byte sequence.
	bom := ioQueue.peek(3)
	startsWith := func(prefix ...byte) bool {
		if len(bom) < len(prefix) {
			return false
		}
		for i, b := range prefix {
			if bom[i] != b {
				return false
			}
		}
		return true
	}
	// 2. For each of the rows in the table, starting with the first one and
	//    going down, if BOM starts with the bytes given in the first column,
	//    then return the encoding given in the second column of that row.
	//    Otherwise, return null.
	switch {
	case startsWith(0xEF, 0xBB, 0xBF):
		return "UTF-8"
	case startsWith(0xFE, 0xFF):
		return "UTF-16BE"
	case startsWith(0xFF, 0xFE):
		return "UTF-16LE"
	}
	return ""
}

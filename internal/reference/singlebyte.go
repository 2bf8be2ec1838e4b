package reference

// Section 9, "Legacy single-byte encodings".

// singleByteIndexFiles is the table of section 9: the index single-byte of
// each single-byte encoding. ISO-8859-8 and ISO-8859-8-I share an index.
var singleByteIndexFiles = map[string]string{
	"IBM866":         "index-ibm866.txt",
	"ISO-8859-2":     "index-iso-8859-2.txt",
	"ISO-8859-3":     "index-iso-8859-3.txt",
	"ISO-8859-4":     "index-iso-8859-4.txt",
	"ISO-8859-5":     "index-iso-8859-5.txt",
	"ISO-8859-6":     "index-iso-8859-6.txt",
	"ISO-8859-7":     "index-iso-8859-7.txt",
	"ISO-8859-8":     "index-iso-8859-8.txt",
	"ISO-8859-8-I":   "index-iso-8859-8.txt",
	"ISO-8859-10":    "index-iso-8859-10.txt",
	"ISO-8859-13":    "index-iso-8859-13.txt",
	"ISO-8859-14":    "index-iso-8859-14.txt",
	"ISO-8859-15":    "index-iso-8859-15.txt",
	"ISO-8859-16":    "index-iso-8859-16.txt",
	"KOI8-R":         "index-koi8-r.txt",
	"KOI8-U":         "index-koi8-u.txt",
	"macintosh":      "index-macintosh.txt",
	"windows-874":    "index-windows-874.txt",
	"windows-1250":   "index-windows-1250.txt",
	"windows-1251":   "index-windows-1251.txt",
	"windows-1252":   "index-windows-1252.txt",
	"windows-1253":   "index-windows-1253.txt",
	"windows-1254":   "index-windows-1254.txt",
	"windows-1255":   "index-windows-1255.txt",
	"windows-1256":   "index-windows-1256.txt",
	"windows-1257":   "index-windows-1257.txt",
	"windows-1258":   "index-windows-1258.txt",
	"x-mac-cyrillic": "index-x-mac-cyrillic.txt",
}

// singleByteDecoder is section 9.1, "single-byte decoder".
type singleByteDecoder struct {
	index *index // index single-byte
}

func (d *singleByteDecoder) handler(_ *ioQueue[byte], it item[byte]) result[rune] {
	// 1. If byte is end-of-queue, then return finished.
	if it.end {
		return finishedResult[rune]()
	}
	b := it.value
	// 2. If byte is an ASCII byte, then return a code point whose value is byte.
	if isASCIIByte(b) {
		return itemsResult(rune(b))
	}
	// 3. Let codePoint be the index code point for byte − 0x80 in index single-byte.
	codePoint, ok := d.index.codePoint(int(b) - 0x80)
	// 4. If codePoint is null, then return error.
	if !ok {
		return errorResult[rune]()
	}
	// 5. Return a code point whose value is codePoint.
	return itemsResult(codePoint)
}

// singleByteEncoder is section 9.2, "single-byte encoder".
type singleByteEncoder struct {
	index *index // index single-byte
}

func (e *singleByteEncoder) handler(_ *ioQueue[rune], it item[rune]) result[byte] {
	// 1. If codePoint is end-of-queue, then return finished.
	if it.end {
		return finishedResult[byte]()
	}
	codePoint := it.value
	// 2. If codePoint is an ASCII code point, then return a byte whose value is codePoint.
	if isASCIICodePoint(codePoint) {
		return itemsResult(byte(codePoint))
	}
	// 3. Let pointer be the index pointer for codePoint in index single-byte.
	pointer, ok := e.index.pointer(codePoint)
	// 4. If pointer is null, then return error with codePoint.
	if !ok {
		return errorWithCodePoint[byte](codePoint)
	}
	// 5. Return a byte whose value is pointer + 0x80.
	return itemsResult(byte(pointer + 0x80))
}

package reference

// Section 4.2, "Names and labels", and section 4.3, "Output encodings".

// GetEncoding is "get an encoding" (section 4.2): it removes leading and
// trailing ASCII whitespace from label and returns the name of the encoding
// one of whose labels is an ASCII case-insensitive match for it, or
// ok=false (failure).
func GetEncoding(label string) (name string, ok bool) {
	// 1. Remove any leading and trailing ASCII whitespace from label.
	label = stripLeadingAndTrailingASCIIWhitespace(label)
	// 2. If label is an ASCII case-insensitive match for any of the labels
	//    listed in the table, then return the corresponding encoding;
	//    otherwise return failure.
	for _, group := range mustEncodings() {
		for _, enc := range group.Encodings {
			for _, l := range enc.Labels {
				if asciiCaseInsensitiveMatch(label, l) {
					return enc.Name, true
				}
			}
		}
	}
	return "", false
}

// Names returns the names of all encodings, in encodings.json order.
func Names() []string {
	var names []string
	for _, group := range mustEncodings() {
		for _, enc := range group.Encodings {
			names = append(names, enc.Name)
		}
	}
	return names
}

// Labels returns every label of encodings.json mapped to its encoding's name.
func Labels() map[string]string {
	labels := map[string]string{}
	for _, group := range mustEncodings() {
		for _, enc := range group.Encodings {
			for _, l := range enc.Labels {
				labels[l] = enc.Name
			}
		}
	}
	return labels
}

// OutputEncoding is "get an output encoding" (section 4.3).
func OutputEncoding(name string) string {
	// 1. If encoding is replacement or UTF-16BE/LE, then return UTF-8.
	if name == "replacement" || name == "UTF-16BE" || name == "UTF-16LE" {
		return "UTF-8"
	}
	// 2. Return encoding.
	return name
}

// isASCIIWhitespace is Infra's ASCII whitespace: U+0009 TAB, U+000A LF,
// U+000C FF, U+000D CR, or U+0020 SPACE.
func isASCIIWhitespace(c byte) bool {
	return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20
}

// stripLeadingAndTrailingASCIIWhitespace is Infra's operation of that name.
// Only ASCII whitespace is removed: U+00A0, U+0085, U+3000... stay.
func stripLeadingAndTrailingASCIIWhitespace(s string) string {
	for len(s) > 0 && isASCIIWhitespace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isASCIIWhitespace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// asciiLowercase is Infra's "ASCII lowercase": U+0041 to U+005A become
// U+0061 to U+007A; every other code point (and byte) is unchanged.
func asciiLowercase(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 0x20
		}
	}
	return string(b)
}

// asciiCaseInsensitiveMatch is Infra's "ASCII case-insensitive": a and b
// are identical after ASCII lowercasing both. Unlike strings.EqualFold it
// does not match U+212A KELVIN SIGN with "k" or U+017F with "s".
func asciiCaseInsensitiveMatch(a, b string) bool {
	return asciiLowercase(a) == asciiLowercase(b)
}

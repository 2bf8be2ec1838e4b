package reference

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// requireData skips the test with Available's explanation when the WHATWG
// data cannot be read.
func requireData(t testing.TB) {
	t.Helper()
	if err := Available(); err != nil {
		t.Skipf("skipping: %v", err)
	}
}

func hexBytes(b []byte) string {
	if len(b) == 0 {
		return "(none)"
	}
	return fmt.Sprintf("% X", b)
}

func codePoints(r []rune) string {
	if len(r) == 0 {
		return "(none)"
	}
	s := make([]string, len(r))
	for i, c := range r {
		s[i] = fmt.Sprintf("U+%04X", c)
	}
	return strings.Join(s, " ")
}

// checkDecode decodes input with name in replacement mode and compares.
func checkDecode(t *testing.T, name string, input []byte, want ...rune) {
	t.Helper()
	got, _, _ := Decode(name, input, DecodeReplacement)
	if !slices.Equal(got, want) {
		t.Errorf("%s decoder, input %s: got %s, want %s", name, hexBytes(input), codePoints(got), codePoints(want))
	}
}

// checkEncode encodes input with name in html mode and compares.
func checkEncode(t *testing.T, name string, input []rune, want []byte) {
	t.Helper()
	got, _, _, _ := Encode(name, input, EncodeHTML)
	if !slices.Equal(got, want) {
		t.Errorf("%s encoder, input %s: got %s, want %s", name, codePoints(input), hexBytes(got), hexBytes(want))
	}
}

// checkUnencodable checks that name's encoder fails on cp in fatal mode,
// reporting want as the error's code point, and writes "&#want;" in html mode.
func checkUnencodable(t *testing.T, name string, cp, want rune) {
	t.Helper()
	out, unmappable, consumed, ok := Encode(name, []rune{cp}, EncodeFatal)
	if ok || unmappable != want || consumed != 1 || len(out) != 0 {
		t.Errorf("%s encoder, fatal, U+%04X: got out %s unmappable U+%04X consumed %d ok %v; want error with U+%04X after 1",
			name, cp, hexBytes(out), unmappable, consumed, ok, want)
	}
	html, _, _, ok := Encode(name, []rune{cp}, EncodeHTML)
	if wantHTML := fmt.Sprintf("&#%d;", want); string(html) != wantHTML || !ok {
		t.Errorf("%s encoder, html, U+%04X: got %q, want %q", name, cp, html, wantHTML)
	}
}

// encoderNames returns the names of the encodings that have an encoder.
func encoderNames() []string {
	var names []string
	for _, n := range Names() {
		if OutputEncoding(n) == n {
			names = append(names, n)
		}
	}
	return names
}

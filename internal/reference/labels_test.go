package reference

import (
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	requireData(t)
	names := Names()
	if len(names) != 40 {
		t.Fatalf("Names() has %d encodings, want 40: %v", len(names), names)
	}
	if names[0] != "UTF-8" || names[len(names)-1] != "x-user-defined" {
		t.Errorf("Names() not in encodings.json order: first %q, last %q", names[0], names[len(names)-1])
	}
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Errorf("Names() lists %q twice", n)
		}
		seen[n] = true
		// Every encoding has a decoder; the oracle must know each name.
		_, _, _ = Decode(n, nil, DecodeReplacement)
		// "For each encoding, ASCII-lowercasing its name yields one of its labels."
		if got, ok := GetEncoding(strings.ToLower(n)); !ok || got != n {
			t.Errorf("GetEncoding(lowercased name %q) = %q, %v; want %q", strings.ToLower(n), got, ok, n)
		}
	}
	if got := len(encoderNames()); got != 37 {
		t.Errorf("%d encodings have an encoder, want 37 (all but replacement, UTF-16BE, UTF-16LE)", got)
	}
}

func TestEveryLabelResolves(t *testing.T) {
	requireData(t)
	labels := Labels()
	if len(labels) < 200 {
		t.Fatalf("Labels() has only %d labels", len(labels))
	}
	for label, name := range labels {
		variants := []string{
			label,
			strings.ToUpper(label),
			" " + label + " ",
			"\t\n\f\r " + strings.ToUpper(label[:1]) + label[1:] + " \r\f\n\t",
		}
		for _, v := range variants {
			if got, ok := GetEncoding(v); !ok || got != name {
				t.Errorf("GetEncoding(%q) = %q, %v; want %q", v, got, ok, name)
			}
		}
	}
}

func TestGetEncodingRejects(t *testing.T) {
	requireData(t)
	for _, label := range []string{
		"",
		"utf8\u00a0",     // NO-BREAK SPACE is not ASCII whitespace
		"\u00a0utf8",     //
		"utf8\v",         // U+000B VT is not ASCII whitespace
		"utf8\u0085",     // NEL neither
		"\u3000utf-8",    // IDEOGRAPHIC SPACE neither
		"\u212Aoi8-r",    // KELVIN SIGN is not an ASCII case-insensitive "k"
		"\u017Fhift_jis", // LATIN SMALL LETTER LONG S is not "s"
		"utf-8\x00",
		"utf 8",
		"utf-16be ,",
		"x-user-defined2",
		"gb18030-2022",
		"iso-8859-1-i",
	} {
		if got, ok := GetEncoding(label); ok {
			t.Errorf("GetEncoding(%q) = %q, want failure", label, got)
		}
	}
}

func TestGetEncodingFacts(t *testing.T) {
	requireData(t)
	for label, want := range map[string]string{
		"latin1":          "windows-1252",
		"ascii":           "windows-1252",
		"iso-8859-1":      "windows-1252",
		"iso-8859-9":      "windows-1254",
		"iso-8859-11":     "windows-874",
		"utf-16":          "UTF-16LE",
		"unicode":         "UTF-16LE",
		"unicodefffe":     "UTF-16BE",
		"iso-2022-kr":     "replacement",
		"hz-gb-2312":      "replacement",
		"csiso2022kr":     "replacement",
		"gb2312":          "GBK",
		"x-gbk":           "GBK",
		"big5-hkscs":      "Big5",
		"ms932":           "Shift_JIS",
		"windows-31j":     "Shift_JIS",
		"x-sjis":          "Shift_JIS",
		"ks_c_5601-1987":  "EUC-KR",
		"iso-8859-8-i":    "ISO-8859-8-I",
		"logical":         "ISO-8859-8-I",
		"visual":          "ISO-8859-8",
		"x-mac-ukrainian": "x-mac-cyrillic",
	} {
		if got, ok := GetEncoding(label); !ok || got != want {
			t.Errorf("GetEncoding(%q) = %q, %v; want %q", label, got, ok, want)
		}
	}
}

func TestOutputEncoding(t *testing.T) {
	requireData(t)
	for _, n := range Names() {
		want := n
		switch n {
		case "replacement", "UTF-16BE", "UTF-16LE":
			want = "UTF-8"
		}
		if got := OutputEncoding(n); got != want {
			t.Errorf("OutputEncoding(%q) = %q, want %q", n, got, want)
		}
	}
}

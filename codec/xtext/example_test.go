package xtext_test

import (
	"fmt"
	"io"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/whatenc/whatenc/codec"
	"github.com/whatenc/whatenc/codec/xtext"
)

func ExampleLookup() {
	// Where code had htmlindex.Get(label), the standard's codecs.
	e, err := xtext.Lookup("shift_jis")
	if err != nil {
		panic(err)
	}
	r := transform.NewReader(strings.NewReader("\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83e\x83L\x83X\x83g"), e.NewDecoder())
	text, _ := io.ReadAll(r)
	fmt.Println(string(text))

	_, err = xtext.Lookup("utf-8\u00a0") // only ASCII whitespace is trimmed
	fmt.Println(err)
	// Output:
	// 日本語のテキスト
	// whatenc: unknown encoding label "utf-8\u00a0"
}

func ExampleEncoding_NewDecoder() {
	// The decoder removes the encoding's own BOM and writes U+FFFD for
	// malformed input.
	s, _ := xtext.Of(codec.UTF8).NewDecoder().String("\xef\xbb\xbfcaf\xc3\xa9 \xe3\x81")
	fmt.Printf("%+q\n", s)
	// Output:
	// "caf\u00e9 \ufffd"
}

func ExampleEncoding_NewEncoder() {
	e := xtext.Of(codec.Windows1252)
	_, err := e.NewEncoder().String("€5 ☃")
	fmt.Println(err)

	s, _ := encoding.HTMLEscapeUnsupported(e.NewEncoder()).String("€5 ☃")
	fmt.Printf("%q\n", s)
	s, _ = encoding.ReplaceUnsupported(e.NewEncoder()).String("€5 ☃")
	fmt.Printf("%q\n", s)
	// Output:
	// whatenc: windows-1252 cannot encode U+2603
	// "\x805 &#9731;"
	// "\x805 \x1a"
}

func ExampleEncoding_NewHTMLEncoder() {
	// A form in an ISO-2022-JP page is submitted so.
	s, _ := xtext.Of(codec.ISO2022JP).NewHTMLEncoder().String("¥☃")
	fmt.Printf("%q\n", s)
	// UTF-16 pages submit UTF-8, their output encoding.
	s, _ = xtext.Of(codec.UTF16LE).NewHTMLEncoder().String("¥☃")
	fmt.Printf("%q\n", s)
	// Output:
	// "\x1b(J\\&#9731;\x1b(B"
	// "¥☃"
}

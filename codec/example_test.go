package codec_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/whatenc/whatenc/codec"
)

func ExampleLookup() {
	e := codec.Lookup(" Latin1 ")
	fmt.Println(e.Name(), e.ID())
	fmt.Println(codec.Lookup("utf8\u00a0") == nil)
	// Output:
	// windows-1252 21
	// true
}

func ExampleDecoder() {
	// Decode a windows-1251 stream cut in
	// arbitrary places, through a small output buffer.
	d := codec.Windows1251.NewDecoder(codec.SniffBOM, codec.Replace)
	chunks := [][]byte{[]byte("\xcf\xf0\xe8"), []byte("\xe2\xe5\xf2, "), []byte("\xec\xe8\xf0!")}
	var text []byte
	buf := make([]byte, 8)
	for i, chunk := range chunks {
		last := i == len(chunks)-1
		for {
			r := d.DecodeToUTF8(chunk, buf, last)
			text = append(text, buf[:r.Written]...)
			chunk = chunk[r.Read:]
			if r.Status != codec.OutputFull {
				break
			}
		}
	}
	fmt.Println(string(text))
	// Output: Привет, мир!
}

func ExampleEncoder() {
	enc := codec.Windows1252.NewEncoder(codec.HTML)
	dst := make([]byte, 64)
	r := enc.EncodeFromUTF8([]byte("café ☃"), dst, true)
	fmt.Printf("%q replaced=%v\n", dst[:r.Written], r.Replaced)

	strict := codec.Windows1252.NewEncoder(codec.Fatal)
	r = strict.EncodeFromUTF8([]byte("café ☃"), dst, true)
	fmt.Printf("%v %U after %d bytes\n", r.Status, r.Unmappable, r.Read)
	// Output:
	// "caf\xe9 &#9731;" replaced=true
	// Unmappable U+2603 after 9 bytes
}

func ExampleDecode() {
	// The legacy decode hook: a BOM wins over the fallback encoding.
	text, used := codec.Decode([]byte("\xff\xfeh\x00i\x00"), codec.Windows1252)
	fmt.Println(text, used)
	// Output: hi UTF-16LE
}

func ExampleTextDecoder() {
	d, _ := codec.NewTextDecoder("utf-8", true, false)
	a, _ := d.Decode([]byte("\xef\xbb\xbfcaf\xc3"), true)
	b, _ := d.Decode([]byte("\xa9"), false)
	fmt.Println(a + b)
	_, err := d.Decode([]byte("\xc3("), false)
	fmt.Println(err)
	// Output:
	// café
	// whatenc: malformed UTF-8 input: 1 byte(s) at offset 0
}

func ExampleEncodeInto() {
	src := []uint16{'a', 0xD83D, 0xDE00, 'b'} // "a😀b"
	dst := make([]byte, 4)
	read, written := codec.EncodeInto(src, dst)
	fmt.Println(read, written, string(dst[:written]))
	// Output: 1 1 a
}

func ExampleEncode() {
	// The legacy encode hook: HTML mode, the output encoding.
	fmt.Printf("%q\n", codec.Encode("naïve ☃", codec.Lookup("latin1")))
	fmt.Printf("%q\n", codec.Encode("hi", codec.UTF16LE)) // UTF-16 encodes to UTF-8
	// Output:
	// "na\xefve &#9731;"
	// "hi"
}

func ExampleForLabel() {
	// Labels are matched without regard to ASCII case, after trimming
	// ASCII whitespace; nil for a label the standard does not list.
	fmt.Println(codec.ForLabel([]byte("\tSJIS\n")).Name())
	fmt.Println(codec.ForLabel([]byte("shift jis")) == nil)
	// Output:
	// Shift_JIS
	// true
}

func ExampleTextEncoderEncode() {
	fmt.Printf("% x\n", codec.TextEncoderEncode("€"))
	// Output: e2 82 ac
}

func ExampleTextDecoderStream() {
	// A multi-byte sequence split between chunks waits for its end.
	s, _ := codec.NewTextDecoderStream("shift_jis", false, false)
	a, _ := s.Write([]byte("\x93\xfa\x96"))
	b, _ := s.Write([]byte("\x7b\x82"))
	c, _ := s.Flush()
	fmt.Printf("%q %q %q\n", a, b, c)
	// Output: "日" "本" "�"
}

func ExampleTextEncoderStream() {
	// A surrogate pair split between chunks is held, not replaced.
	s := codec.NewTextEncoderStream()
	a := s.Write([]uint16{'a', 0xD83D})
	b := s.Write([]uint16{0xDE00})
	c := s.Flush()
	fmt.Printf("%q %q %q\n", a, b, c)
	// Output: "a" "😀" ""
}

func ExampleEncoder_EncodeOrFail() {
	// URL percent-encoding's use of the hook: the caller writes its own
	// replacement for what the encoding cannot represent and goes on.
	enc := codec.GetEncoder(codec.ShiftJIS)
	var out []byte
	rest := "日本☃語"
	for {
		var unmappable rune
		var ok bool
		out, unmappable, rest, ok = enc.EncodeOrFail(out, rest)
		if ok {
			break
		}
		out = fmt.Appendf(out, "%%26%%23%d%%3B", unmappable)
	}
	fmt.Printf("%x\n", out)
	// Output: 93fa967b253236253233393733312533428cea
}

func ExampleBOMSniff() {
	fmt.Println(codec.BOMSniff([]byte("\xfe\xff\x00h")))
	fmt.Println(codec.BOMSniff([]byte("hi")) == nil)
	// Output:
	// UTF-16BE
	// true
}

func ExampleUTF8DecodeWithoutBOMOrFail() {
	s, ok := codec.UTF8DecodeWithoutBOMOrFail([]byte("\xef\xbb\xbfok"))
	fmt.Printf("%q %v\n", s, ok) // the BOM is text here
	_, ok = codec.UTF8DecodeWithoutBOMOrFail([]byte("\xff"))
	fmt.Println(ok)
	// Output:
	// "\ufeffok" true
	// false
}

func ExampleUTF8Encode() {
	fmt.Printf("% x\n", codec.UTF8Encode("é\xff"))
	// Output: c3 a9 ef bf bd
}

func ExampleNewDecodeReader() {
	// Shift_JIS from any io.Reader, as UTF-8 text.
	sjis := bytes.NewReader([]byte("\x93\xfa\x96\x7b\x8c\xea\x82\xcc\x83\x65\x83\x4c\x83\x58\x83\x67\n"))
	d := codec.ShiftJIS.NewDecoder(codec.SniffBOM, codec.Replace)
	if _, err := io.Copy(os.Stdout, codec.NewDecodeReader(sjis, d)); err != nil {
		fmt.Println(err)
	}

	// In Fatal mode the text before malformed input comes first.
	d = codec.UTF8.NewDecoder(codec.SniffBOM, codec.Fatal)
	text, err := io.ReadAll(codec.NewDecodeReader(strings.NewReader("ok \xff"), d))
	fmt.Printf("%q %v\n", text, err)
	// Output:
	// 日本語のテキスト
	// "ok " whatenc: malformed UTF-8 input: 1 byte(s) at offset 3
}

func ExampleNewEncodeWriter() {
	// ISO-2022-JP to any io.Writer: Close returns to ASCII.
	var out bytes.Buffer
	w := codec.NewEncodeWriter(&out, codec.ISO2022JP.NewEncoder(codec.HTML))
	fmt.Fprintf(w, "%s ☃", "日本")
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%q\n", out.Bytes())

	// In Fatal mode Write stops before the character.
	out.Reset()
	w = codec.NewEncodeWriter(&out, codec.Windows1252.NewEncoder(codec.Fatal))
	n, err := io.WriteString(w, "café ☃")
	fmt.Printf("%d %v %q\n", n, err, out.Bytes())
	// Output:
	// "\x1b$BF|K\\\x1b(B &#9731;"
	// 6 whatenc: windows-1252 cannot encode U+2603 at offset 6 "caf\xe9 "
}

func ExampleUTF8ValidUpTo() {
	fmt.Println(codec.UTF8ValidUpTo([]byte("caf\xc3\xa9")))     // all of it
	fmt.Println(codec.UTF8ValidUpTo([]byte("ab\xe3\x81")))      // a sequence cut short
	fmt.Println(codec.UTF8ValidUpTo([]byte("ab\xed\xa0\x80c"))) // a surrogate: malformed
	// Output:
	// 5
	// 2
	// 2
}

func ExampleUTF16ValidUpTo() {
	fmt.Println(codec.UTF16ValidUpTo([]uint16{'a', 0xD83D, 0xDE00, 'b'})) // a pair
	fmt.Println(codec.UTF16ValidUpTo([]uint16{'a', 0xDE00, 'b'}))         // a lone low surrogate
	// Output:
	// 4
	// 1
}

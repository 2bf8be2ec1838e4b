package codec_test

import (
	"fmt"

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

package codec

import (
	"testing"

	"github.com/whatenc/whatenc/internal/reference"
)

// guardedBytes returns n bytes of guard: an encoder kernel's output buffer,
// in which checkEncodedPrefix finds any byte written where none may be.
func guardedBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = guard
	}
	return b
}

// checkEncodedPrefix is what every encoder kernel test checks after a
// call that read src[:read] and reported written bytes: buf[:written] is
// the reference encoder's output (Fatal) for that UTF-8 in e, and buf still
// holds guard from untouched on (room, or written where the kernel writes
// nothing past its output).
func checkEncodedPrefix(t *testing.T, e *Encoding, src []byte, read int, buf []byte, written, untouched int) {
	t.Helper()
	want, _, _, _ := reference.Encode(e.Name(), reference.UTF8DecodeWithoutBOM(src[:read]), reference.EncodeFatal)
	if string(buf[:written]) != string(want) {
		t.Fatalf("%s % x: read %d, wrote % x, want % x", e, src, read, buf[:written], want)
	}
	for i := untouched; i < len(buf); i++ {
		if buf[i] != guard {
			t.Fatalf("%s % x: wrote at %d, past %d (reported %d written)", e, src, i, untouched, written)
		}
	}
}

package codec

import (
	"encoding/binary"
	"unsafe"
)

// utf8WindowSize is the span of utf8WindowsAVX512's windows: 64 blocks of
// 64 bytes, one bit each in a register.
const utf8WindowSize = 4096

// utf8ValidAVX512 is the AVX-512 validator over p (len(p) >= 64): how many
// leading bytes of p it sees no error in, copied to d unless d is nil.
// Where utf8Windows is set, validation alone (d nil) of two windows or
// more goes by windows (utf8ValidInWindows); a copy has none: its stores
// bind it more than the checks.
func utf8ValidAVX512(d *byte, p []byte) int {
	if !utf8Windows || d != nil || len(p) < 2*utf8WindowSize || utf8MostlyText(p) {
		return utf8ValidBlocksAVX512(d, &p[0], len(p))
	}
	return utf8ValidInWindows(p)
}

// utf8ValidInWindows validates p (len(p) >= 2 windows) a window at a time
// (utf8WindowsAVX512, which skips the ASCII blocks of markup without a
// branch on each), and gives utf8ValidBlocksAVX512 the rest: the start
// (up to utf8FirstWindow); each window the windows' check flags, and
// more after each flagged window in a row (text with emoji, whose
// four-byte sequences that check does not follow); four windows after a
// window mostly of text, and all that follows one once more than a
// quarter of the windows were (Chinese, Japanese, Korean, Thai markup,
// where the scan of a window costs more than it saves; German markup has
// such a window now and then); and the end. It returns what
// utf8ValidBlocksAVX512 would over all of p: how many leading bytes it
// sees no error in (that kernel returns the length it is given, 67 bytes
// or more, or less at an error).
func utf8ValidInWindows(p []byte) int {
	n := len(p)
	i := utf8FirstWindow(p)
	if r := utf8ValidBlocksAVX512(nil, &p[0], i); r < i {
		return r
	}
	span := utf8WindowSize // what utf8ValidBlocksAVX512 takes at a flagged window
	texts, others := 0, 0  // windows mostly of text so far, and the other windows
	for {
		j, text := utf8WindowsAVX512(&p[0], i, n)
		passed := (j - i) / utf8WindowSize
		if text {
			texts, passed = texts+1, passed-1
		}
		if passed > 0 {
			span, others = utf8WindowSize, others+passed
		}
		i = j
		if n-i < utf8WindowSize || (text && 3*texts > others) {
			break
		}
		take := span
		if text {
			take = 4 * utf8WindowSize
		} else {
			span = min(2*span, 16*utf8WindowSize)
		}
		s := utf8Resume(p, i)
		end := i + take
		if n-end < utf8WindowSize {
			end = n
		}
		if r := s + utf8ValidBlocksAVX512(nil, &p[s], end-s); r < end {
			return r
		}
		i = end
	}
	if i == n {
		return n
	}
	s := utf8Resume(p, min(i, n-66)) // at least 67 bytes before the end
	return s + utf8ValidBlocksAVX512(nil, &p[s], n-s)
}

// utf8FirstWindow returns where utf8ValidInWindows's first window starts:
// at the first 64-byte boundary of p's memory at least 67 bytes in (the
// windows look at the 64 bytes before them, and start at boundaries so
// that their blocks' loads do not straddle two cache lines; and
// utf8ValidBlocksAVX512 returns less than the n it is given where n < 67).
func utf8FirstWindow(p []byte) int {
	i := 64 + int(-uintptr(unsafe.Pointer(&p[0]))&63)
	if i < 67 {
		i += 64
	}
	return i
}

// utf8MostlyText reports whether eight words spread over p's first window
// (len(p) >= 4 KiB) all have a byte of the upper half, as in text of a
// script other than Latin, where utf8ValidAVX512's first window would
// cost more than utf8ValidBlocksAVX512 (zh_cn.txt -9%, compare-ab.sh 8
// runs) and only then hand over; in markup, or in Latin text, some word
// is all ASCII.
func utf8MostlyText(p []byte) bool {
	for k := 0; k < 8; k++ {
		if binary.LittleEndian.Uint64(p[k*512+256:])&0x8080808080808080 == 0 {
			return false
		}
	}
	return true
}

package codec

import (
	"encoding/binary"
	"unsafe"
)

// utf8WindowSize is the span of utf8WindowsAVX512's windows: 64 blocks of
// 64 bytes, one bit each in a register.
const utf8WindowSize = 4096

// utf8ValidAVX512 is the AVX-512 validator over p (len(p) >= 64): how many
// leading bytes of p it sees no error in, copied to d unless d is nil, as
// utf8ValidBlocksAVX512 returns. Where utf8Windows is set, validation
// alone (d nil) takes inputs of two windows or more a window at a time
// (utf8WindowsAVX512, which skips the ASCII blocks of markup without a
// branch on each), and gives utf8ValidBlocksAVX512 the rest: the start,
// up to the first 64-byte boundary at least 64 bytes in (the windows look
// at the 64 bytes before them, and start at boundaries so that their
// blocks' loads do not straddle two cache lines); each window the
// windows' check flags, and more after each flagged window in a row (text
// with emoji, whose four-byte sequences that check does not follow); all
// that follows a window mostly of text (Chinese or Japanese text, where
// the scan of a window costs more than it saves); and the end. A copy
// (d set) has no windows: its stores bind it more than the checks.
func utf8ValidAVX512(d *byte, p []byte) int {
	n := len(p)
	if !utf8Windows || d != nil || n < 2*utf8WindowSize || utf8MostlyText(p) {
		return utf8ValidBlocksAVX512(d, &p[0], n)
	}
	i := 64 + int(-uintptr(unsafe.Pointer(&p[0]))&63)
	if r := utf8ValidBlocksAVX512(nil, &p[0], i); r < i {
		return r
	}
	span := utf8WindowSize // what utf8ValidBlocksAVX512 takes at a flagged window
	for {
		j, text := utf8WindowsAVX512(&p[0], i, n)
		if j > i {
			span = utf8WindowSize
		}
		i = j
		if text || n-i < utf8WindowSize {
			break
		}
		s := utf8Restart(p, i)
		end := i + span
		if n-end < utf8WindowSize {
			end = n
		}
		if r := s + utf8ValidBlocksAVX512(nil, &p[s], end-s); r < end {
			return r
		}
		i = end
		span = min(2*span, 16*utf8WindowSize)
	}
	if i == n {
		return n
	}
	s := utf8Restart(p, i)
	return s + utf8ValidBlocksAVX512(nil, &p[s], n-s)
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

// utf8Restart returns where utf8ValidBlocksAVX512 takes over from the
// windows at i (a 64-byte boundary of p's memory, i >= 64): the start of
// the sequence 32 bytes before, so that its blocks start at boundaries
// too (from an input 1 to 3 bytes before one, as the start of the
// sequence at i would be, they straddle two cache lines all the way: see
// firstCopied512), and its first block has 29 to 32 bytes it validates again.
func utf8Restart(p []byte, i int) int {
	return utf8SequenceStart(p, i-32)
}

// utf8SequenceStart returns where the sequence that p[i] is part of
// starts: i, or up to three bytes back over continuation bytes (more
// would be an error, which the validator then sees).
func utf8SequenceStart(p []byte, i int) int {
	for k := 0; k < 3 && i > 0 && p[i]&0xC0 == 0x80; k++ {
		i--
	}
	return i
}

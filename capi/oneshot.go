package main

/*
#include <stdlib.h>
#include "whatenc.h"
*/
import "C"

import (
	"math"
	"unsafe"

	"github.com/whatenc/whatenc/codec"
)

// The one-shot conversions: the whole input in, a malloc'd buffer out.

// outBuf is a growing C buffer. It is allocated with realloc, which reports
// failure with NULL (cgo's C.malloc would abort the process instead).
type outBuf struct {
	p   unsafe.Pointer
	cap int // usable bytes; one more is allocated for the final NUL
	n   int
}

func (b *outBuf) grow(size int) bool {
	if size >= math.MaxInt {
		return false
	}
	p := C.realloc(b.p, C.size_t(size+1))
	if p == nil {
		return false
	}
	b.p, b.cap = p, size
	return true
}

func (b *outBuf) room() []byte { return unsafe.Slice((*byte)(b.p), b.cap)[b.n:] }

// growOrFail doubles the buffer when a call reported OutputFull.
func (b *outBuf) growOrFail() C.int {
	if b.cap > math.MaxInt/2-1 {
		return errOverflow
	}
	if !b.grow(2*b.cap + codec.MinEncodeOutput) {
		return errOutOfMemory
	}
	return stOK
}

// finish NUL-terminates the buffer, trims it and hands it to the caller.
func (b *outBuf) finish(out *unsafe.Pointer, outLen *C.size_t) {
	unsafe.Slice((*byte)(b.p), b.cap+1)[b.n] = 0
	if p := C.realloc(b.p, C.size_t(b.n+1)); p != nil {
		b.p = p
	}
	*out, *outLen = b.p, C.size_t(b.n)
	b.p = nil
}

func (b *outBuf) release() {
	C.free(b.p)
	b.p = nil
}

// initialSize guesses the output size for n input bytes, within the worst
// case max: most text grows by less than half when converted.
func initialSize(n int, max int, ok bool) int {
	guess := n + n/2 + 16
	if n > math.MaxInt/2 {
		guess = n
	}
	if ok && max < guess {
		return max
	}
	return guess
}

//export whatencgo_decode_all
func whatencgo_decode_all(id, bom, mode C.int, src unsafe.Pointer, n C.size_t, out *unsafe.Pointer, outLen *C.size_t, used *C.int, errOffset *C.size_t) (st C.int) {
	defer recoverTo(&st)
	if out == nil || outLen == nil {
		return errNull
	}
	e := encodingByID(id)
	if e == nil {
		return errEncoding
	}
	b, m, ok := decoderModes(bom, mode)
	if !ok {
		return errArgument
	}
	if st := checkBuf(src, n, 1); st != stOK {
		return st
	}
	in := unsafe.Slice((*byte)(src), n)
	var d codec.Decoder
	d.Init(e, b, m)
	var buf outBuf
	defer buf.release()
	if !buf.grow(initialSize(len(in), 0, false)) {
		return errOutOfMemory
	}
	read := 0
	for {
		r := d.DecodeToUTF8(in[read:], buf.room(), true)
		read += r.Read
		buf.n += r.Written
		switch r.Status {
		case codec.InputEmpty:
			if used != nil {
				*used = C.int(d.Encoding().ID())
			}
			buf.finish(out, outLen)
			return stOK
		case codec.Malformed:
			if used != nil {
				*used = C.int(d.Encoding().ID())
			}
			if errOffset != nil {
				*errOffset = C.size_t(read - r.ConsumedAfter - r.MalformedLen)
			}
			return stMalformed
		}
		if st := buf.growOrFail(); st != stOK {
			return st
		}
	}
}

//export whatencgo_encode_all
func whatencgo_encode_all(id C.int, src unsafe.Pointer, n C.size_t, mode C.int, out *unsafe.Pointer, outLen *C.size_t, unmappable *C.uint32_t) (st C.int) {
	defer recoverTo(&st)
	if out == nil || outLen == nil {
		return errNull
	}
	e := encodingByID(id)
	if e == nil {
		return errEncoding
	}
	m, ok := encoderMode(mode)
	if !ok {
		return errArgument
	}
	if st := checkBuf(src, n, 1); st != stOK {
		return st
	}
	in := unsafe.Slice((*byte)(src), n)
	var enc codec.Encoder
	enc.Init(e, m)
	var buf outBuf
	defer buf.release()
	max, fits := enc.MaxBufferLengthFromUTF8(len(in))
	if !buf.grow(initialSize(len(in), max, fits)) {
		return errOutOfMemory
	}
	read := 0
	for {
		r := enc.EncodeFromUTF8(in[read:], buf.room(), true)
		read += r.Read
		buf.n += r.Written
		switch r.Status {
		case codec.InputEmpty:
			buf.finish(out, outLen)
			return stOK
		case codec.Unmappable:
			if unmappable != nil {
				*unmappable = C.uint32_t(r.Unmappable)
			}
			return stUnmappable
		}
		if st := buf.growOrFail(); st != stOK {
			return st
		}
	}
}

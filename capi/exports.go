package main

/*
#cgo CFLAGS: -I${SRCDIR}/../include -Wall -Wextra -Werror
#include <stdlib.h>
#include "whatenc.h"
*/
import "C"

import (
	"math"
	"sync"
	"unsafe"

	"github.com/whatenc/whatenc/codec"
)

// The Go side of the C API. Each function is called by its wrapper in
// wrappers.c, which handles fork detection; the whatencgo_ names are hidden
// from the shared library's dynamic symbols by the version script.

const (
	stOK           = C.int(C.WHATENC_OK)
	stOutputFull   = C.int(C.WHATENC_OUTPUT_FULL)
	stMalformed    = C.int(C.WHATENC_MALFORMED)
	stUnmappable   = C.int(C.WHATENC_UNMAPPABLE)
	errUnknown     = C.int(C.WHATENC_ERR_UNKNOWN_LABEL)
	errEncoding    = C.int(C.WHATENC_ERR_INVALID_ENCODING)
	errHandle      = C.int(C.WHATENC_ERR_INVALID_HANDLE)
	errNull        = C.int(C.WHATENC_ERR_NULL_POINTER)
	errArgument    = C.int(C.WHATENC_ERR_INVALID_ARGUMENT)
	errOverflow    = C.int(C.WHATENC_ERR_OVERFLOW)
	errOutOfMemory = C.int(C.WHATENC_ERR_OUT_OF_MEMORY)
	errInternal    = C.int(C.WHATENC_ERR_INTERNAL)
)

// recoverTo is deferred by every export: a panic must not cross into C, so
// it becomes WHATENC_ERR_INTERNAL.
func recoverTo(st *C.int) {
	if recover() != nil {
		*st = errInternal
	}
}

func status(s codec.Status) C.int {
	switch s {
	case codec.InputEmpty:
		return stOK
	case codec.OutputFull:
		return stOutputFull
	case codec.Malformed:
		return stMalformed
	case codec.Unmappable:
		return stUnmappable
	}
	return errInternal
}

// checkBuf validates a C buffer of n units of size unit: NULL only when
// empty, and no more than PTRDIFF_MAX bytes without wrapping the address
// space. UTF-16 buffers must be 2-byte aligned.
func checkBuf(p unsafe.Pointer, n C.size_t, unit uintptr) C.int {
	if n == 0 {
		return stOK
	}
	if p == nil {
		return errNull
	}
	if uint64(n) > math.MaxInt/uint64(unit) || uintptr(p)+uintptr(n)*unit < uintptr(p) {
		return errOverflow
	}
	if uintptr(p)%unit != 0 {
		return errArgument
	}
	return stOK
}

// overlap reports whether two non-empty checked buffers share memory.
func overlap(a unsafe.Pointer, an C.size_t, au uintptr, b unsafe.Pointer, bn C.size_t, bu uintptr) bool {
	if an == 0 || bn == 0 {
		return false
	}
	x, y := uintptr(a), uintptr(b)
	return x < y+uintptr(bn)*bu && y < x+uintptr(an)*au
}

// nullLengths answers a call given a NULL length pointer: it zeroes the
// other one, if any.
func nullLengths(a, b *C.size_t) C.int {
	if a != nil {
		*a = 0
	}
	if b != nil {
		*b = 0
	}
	return errNull
}

// checkIO validates the buffers and in/out lengths of a streaming call,
// zeroes the lengths (so that they are 0 on error) and returns their values
// on entry.
func checkIO(src unsafe.Pointer, srcLen *C.size_t, su uintptr, dst unsafe.Pointer, dstLen *C.size_t, du uintptr) (n, m C.size_t, st C.int) {
	if srcLen == nil || dstLen == nil {
		return 0, 0, nullLengths(srcLen, dstLen)
	}
	n, m = *srcLen, *dstLen
	*srcLen, *dstLen = 0, 0
	if st = checkBuf(src, n, su); st != stOK {
		return
	}
	if st = checkBuf(dst, m, du); st != stOK {
		return
	}
	if overlap(src, n, su, dst, m, du) {
		st = errArgument
	}
	return
}

func encodingByID(id C.int) *codec.Encoding { return codec.ByID(int(id)) }

// Encodings.

var names struct {
	once sync.Once
	c    [codec.NumEncodings]*C.char // allocated once, never freed
}

func loadNames() {
	names.once.Do(func() {
		for i := range names.c {
			names.c[i] = C.CString(codec.ByID(i).Name())
		}
	})
}

//export whatencgo_init
func whatencgo_init() (st C.int) {
	defer recoverTo(&st)
	loadNames()
	return stOK
}

//export whatencgo_encoding_for_label
func whatencgo_encoding_for_label(label unsafe.Pointer, n C.size_t) (st C.int) {
	defer recoverTo(&st)
	if n == 0 {
		return errUnknown
	}
	if st := checkBuf(label, n, 1); st != stOK {
		return st
	}
	e := codec.ForLabel(unsafe.Slice((*byte)(label), n))
	if e == nil {
		return errUnknown
	}
	return C.int(e.ID())
}

//export whatencgo_encoding_count
func whatencgo_encoding_count() (st C.int) {
	defer recoverTo(&st)
	return codec.NumEncodings
}

//export whatencgo_kernels
func whatencgo_kernels() C.int {
	switch codec.Kernels() {
	case "avx512":
		return 2
	case "avx2":
		return 1
	case "neon":
		return 3
	}
	return 0
}

//export whatencgo_encoding_name
func whatencgo_encoding_name(id C.int) (name *C.char) {
	defer func() {
		if recover() != nil {
			name = nil
		}
	}()
	if encodingByID(id) == nil {
		return nil
	}
	loadNames()
	return names.c[id]
}

//export whatencgo_encoding_output_encoding
func whatencgo_encoding_output_encoding(id C.int) (st C.int) {
	defer recoverTo(&st)
	e := encodingByID(id)
	if e == nil {
		return errEncoding
	}
	return C.int(e.OutputEncoding().ID())
}

//export whatencgo_encoding_has_encoder
func whatencgo_encoding_has_encoder(id C.int) (st C.int) {
	defer recoverTo(&st)
	e := encodingByID(id)
	if e == nil {
		return errEncoding
	}
	if e.HasEncoder() {
		return 1
	}
	return 0
}

//export whatencgo_bom_sniff
func whatencgo_bom_sniff(src unsafe.Pointer, n C.size_t) (st C.int) {
	defer recoverTo(&st)
	if st := checkBuf(src, n, 1); st != stOK {
		return st
	}
	if e := codec.BOMSniff(unsafe.Slice((*byte)(src), min(n, 3))); e != nil {
		return C.int(e.ID())
	}
	return -1
}

// Validation.

//export whatencgo_utf8_valid_up_to
func whatencgo_utf8_valid_up_to(src unsafe.Pointer, n C.size_t, valid *C.size_t) (st C.int) {
	defer recoverTo(&st)
	return validUpTo(src, n, 1, valid, func() int {
		return codec.UTF8ValidUpTo(unsafe.Slice((*byte)(src), n))
	})
}

//export whatencgo_utf16_valid_up_to
func whatencgo_utf16_valid_up_to(src unsafe.Pointer, n C.size_t, valid *C.size_t) (st C.int) {
	defer recoverTo(&st)
	return validUpTo(src, n, 2, valid, func() int {
		return codec.UTF16ValidUpTo(unsafe.Slice((*uint16)(src), n))
	})
}

// validUpTo checks a validation call's arguments (n units of size unit at
// src), zeroes *valid, and if they are fine stores prefix's answer there:
// WHATENC_OK if it is all n units, else WHATENC_MALFORMED.
func validUpTo(src unsafe.Pointer, n C.size_t, unit uintptr, valid *C.size_t, prefix func() int) C.int {
	if valid == nil {
		return errNull
	}
	*valid = 0
	if st := checkBuf(src, n, unit); st != stOK || n == 0 {
		return st
	}
	k := prefix()
	*valid = C.size_t(k)
	if k < int(n) {
		return stMalformed
	}
	return stOK
}

// Decoders.

func decoderModes(bom, mode C.int) (codec.BOMHandling, codec.ErrorMode, bool) {
	var b codec.BOMHandling
	switch bom {
	case C.WHATENC_BOM_SNIFF:
		b = codec.SniffBOM
	case C.WHATENC_BOM_REMOVE:
		b = codec.RemoveBOM
	case C.WHATENC_BOM_KEEP:
		b = codec.KeepBOM
	default:
		return 0, 0, false
	}
	switch mode {
	case C.WHATENC_REPLACEMENT:
		return b, codec.Replace, true
	case C.WHATENC_FATAL:
		return b, codec.Fatal, true
	}
	return 0, 0, false
}

//export whatencgo_decoder_new
func whatencgo_decoder_new(id, bom, mode C.int, out *unsafe.Pointer) (st C.int) {
	defer recoverTo(&st)
	if out == nil {
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
	h, s := newHandle()
	if h == nil {
		return errOutOfMemory
	}
	s.decoder().Init(e, b, m)
	s.setDecoderCalls(false)
	s.publish(kindDecoder)
	*out = h
	return stOK
}

//export whatencgo_handle_free
func whatencgo_handle_free(h unsafe.Pointer, encoder C.int) {
	defer func() { _ = recover() }()
	if encoder != 0 {
		freeHandle(h, kindEncoder)
	} else {
		freeHandle(h, kindDecoder)
	}
}

//export whatencgo_decoder_reset
func whatencgo_decoder_reset(h unsafe.Pointer) (st C.int) {
	defer recoverTo(&st)
	s := lookup(h, kindDecoder)
	if s == nil {
		return errHandle
	}
	s.decoder().Reset()
	s.setDecoderCalls(false)
	return stOK
}

//export whatencgo_decoder_encoding
func whatencgo_decoder_encoding(h unsafe.Pointer) (st C.int) {
	defer recoverTo(&st)
	s := lookup(h, kindDecoder)
	if s == nil {
		return errHandle
	}
	return C.int(s.decoder().Encoding().ID())
}

// maxLength stores a worst-case length computed by f in *out.
func maxLength(n C.size_t, out *C.size_t, f func(int) (int, bool)) C.int {
	if uint64(n) > math.MaxInt {
		return errOverflow
	}
	m, ok := f(int(n))
	if !ok {
		return errOverflow
	}
	*out = C.size_t(m)
	return stOK
}

//export whatencgo_decoder_max_length
func whatencgo_decoder_max_length(h unsafe.Pointer, n C.size_t, out *C.size_t, utf16 C.int) (st C.int) {
	defer recoverTo(&st)
	if out == nil {
		return errNull
	}
	*out = 0
	s := lookup(h, kindDecoder)
	if s == nil {
		return errHandle
	}
	if utf16 != 0 {
		return maxLength(n, out, s.decoder().MaxUTF16BufferLength)
	}
	return maxLength(n, out, s.decoder().MaxUTF8BufferLength)
}

//export whatencgo_decode
func whatencgo_decode(h, src unsafe.Pointer, srcLen *C.size_t, dst unsafe.Pointer, dstLen *C.size_t, last C.int, info *C.whatenc_decode_info, utf16 C.int) (st C.int) {
	defer recoverTo(&st)
	if info != nil {
		*info = C.whatenc_decode_info{}
	}
	unit := uintptr(1)
	if utf16 != 0 {
		unit = 2
	}
	n, m, st := checkIO(src, srcLen, 1, dst, dstLen, unit)
	if st != stOK {
		return st
	}
	s := lookup(h, kindDecoder)
	if s == nil {
		return errHandle
	}
	in := unsafe.Slice((*byte)(src), n)
	var r codec.DecodeResult
	if utf16 != 0 {
		r = s.decoder().DecodeToUTF16(in, unsafe.Slice((*uint16)(dst), m), last != 0)
	} else {
		r = s.decoder().DecodeToUTF8(in, unsafe.Slice((*byte)(dst), m), last != 0)
	}
	s.setDecoderCalls(last == 0 && n <= decodeTableCallMax)
	*srcLen, *dstLen = C.size_t(r.Read), C.size_t(r.Written)
	if info != nil {
		if r.Replaced {
			info.replaced = 1
		}
		info.malformed_len = C.size_t(r.MalformedLen)
		info.consumed_after = C.size_t(r.ConsumedAfter)
	}
	return status(r.Status)
}

// Encoders.

func encoderMode(mode C.int) (codec.ErrorMode, bool) {
	switch mode {
	case C.WHATENC_HTML:
		return codec.HTML, true
	case C.WHATENC_FATAL:
		return codec.Fatal, true
	}
	return 0, false
}

//export whatencgo_encoder_new
func whatencgo_encoder_new(id, mode C.int, out *unsafe.Pointer) (st C.int) {
	defer recoverTo(&st)
	if out == nil {
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
	h, s := newHandle()
	if h == nil {
		return errOutOfMemory
	}
	s.encoder().Init(e, m)
	s.setEncoderCalls(false)
	s.publish(kindEncoder)
	*out = h
	return stOK
}

//export whatencgo_encoder_reset
func whatencgo_encoder_reset(h unsafe.Pointer) (st C.int) {
	defer recoverTo(&st)
	s := lookup(h, kindEncoder)
	if s == nil {
		return errHandle
	}
	s.encoder().Reset()
	s.setEncoderCalls(false)
	return stOK
}

//export whatencgo_encoder_encoding
func whatencgo_encoder_encoding(h unsafe.Pointer) (st C.int) {
	defer recoverTo(&st)
	s := lookup(h, kindEncoder)
	if s == nil {
		return errHandle
	}
	return C.int(s.encoder().Encoding().ID())
}

//export whatencgo_encoder_max_length
func whatencgo_encoder_max_length(h unsafe.Pointer, n C.size_t, out *C.size_t, utf16 C.int) (st C.int) {
	defer recoverTo(&st)
	if out == nil {
		return errNull
	}
	*out = 0
	s := lookup(h, kindEncoder)
	if s == nil {
		return errHandle
	}
	if utf16 != 0 {
		return maxLength(n, out, s.encoder().MaxBufferLengthFromUTF16)
	}
	return maxLength(n, out, s.encoder().MaxBufferLengthFromUTF8)
}

//export whatencgo_encode
func whatencgo_encode(h, src unsafe.Pointer, srcLen *C.size_t, dst unsafe.Pointer, dstLen *C.size_t, last C.int, info *C.whatenc_encode_info, utf16 C.int) (st C.int) {
	defer recoverTo(&st)
	if info != nil {
		*info = C.whatenc_encode_info{}
	}
	unit := uintptr(1)
	if utf16 != 0 {
		unit = 2
	}
	n, m, st := checkIO(src, srcLen, unit, dst, dstLen, 1)
	if st != stOK {
		return st
	}
	s := lookup(h, kindEncoder)
	if s == nil {
		return errHandle
	}
	out := unsafe.Slice((*byte)(dst), m)
	var r codec.EncodeResult
	if utf16 != 0 {
		r = s.encoder().EncodeFromUTF16(unsafe.Slice((*uint16)(src), n), out, last != 0)
	} else {
		r = s.encoder().EncodeFromUTF8(unsafe.Slice((*byte)(src), n), out, last != 0)
	}
	s.setEncoderCalls(last == 0 && n <= encodeTableCallMax)
	*srcLen, *dstLen = C.size_t(r.Read), C.size_t(r.Written)
	if info != nil {
		if r.Replaced {
			info.replaced = 1
		}
		if r.Status == codec.Unmappable {
			info.unmappable = C.uint32_t(r.Unmappable)
		}
	}
	return status(r.Status)
}

//export whatencgo_encode_into
func whatencgo_encode_into(src unsafe.Pointer, n C.size_t, dst unsafe.Pointer, m C.size_t, read, written *C.size_t) (st C.int) {
	defer recoverTo(&st)
	if read == nil || written == nil {
		return nullLengths(read, written)
	}
	*read, *written = n, m
	n, m, st = checkIO(src, read, 2, dst, written, 1)
	if st != stOK {
		return st
	}
	r, w := codec.EncodeInto(unsafe.Slice((*uint16)(src), n), unsafe.Slice((*byte)(dst), m))
	*read, *written = C.size_t(r), C.size_t(w)
	if C.size_t(r) < n {
		return stOutputFull
	}
	return stOK
}

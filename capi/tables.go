package main

/*
#include <stdlib.h>
#include "registry.h"
*/
import "C"

import (
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/whatenc/whatenc/codec"
)

// The C tables the wrappers answer small calls with (registry.h): each
// encoding's byte table, built on first use, and its pair and encode
// tables, built in the background after the first small call that could
// use one. All come from codec's tables (codec/tables.go), are built once
// and never freed.

// byteTables holds each encoding's C byte table, built on first use and
// never freed (nil for the encodings without one, or if malloc failed).
var byteTables [codec.NumEncodings]struct {
	once sync.Once
	p    unsafe.Pointer
}

// byteTable returns e's byte table (registry.h), or nil if e's decoder
// does not map every byte on its own.
func byteTable(e *codec.Encoding) unsafe.Pointer {
	c := &byteTables[e.ID()]
	c.once.Do(func() {
		t, ok := e.ByteDecodeTable()
		if !ok {
			return
		}
		p := (*C.struct_whatencgo_byte_table)(C.malloc(C.size_t(unsafe.Sizeof(C.struct_whatencgo_byte_table{}))))
		if p == nil {
			return
		}
		for b, r := range t {
			p.utf8[b], p.utf16[b] = 0, 0
			if r < 0 {
				continue
			}
			var buf [4]byte
			n := utf8.EncodeRune(buf[:], r) // at most 3: single-byte decoders stay in the BMP
			p.utf8[b] = C.uint32_t(uint32(buf[0]) | uint32(buf[1])<<8 | uint32(buf[2])<<16 | uint32(n)<<24)
			p.utf16[b] = C.uint16_t(r)
		}
		c.p = unsafe.Pointer(p)
	})
	return c.p
}

// decodeTableCallMax and encodeTableCallMax are the most input a call the
// C wrappers answer through a decoder's pair table or an encoder's table
// has (registry.h): a larger call does not start building one, which
// would never serve it.
const (
	decodeTableCallMax = C.WHATENCGO_SMALL_CALL_TABLE_MAX
	encodeTableCallMax = C.WHATENCGO_SMALL_CALL_MIXED_MAX
)

// lazyTable is a C table that is built in the background once asked for
// (building one takes a few milliseconds: a codec run per entry), stored
// once and never freed; nil until then, and for good if there is none.
type lazyTable struct {
	start sync.Once
	p     unsafe.Pointer
}

// get returns e's table, or nil while it is not built; start starts
// building it with build (which returns nil if there is none, or malloc
// failed: the calls then keep going to Go). Every call takes this path:
// it allocates nothing (the closures that start a build live in
// startBuild, whose arguments escape to the heap).
func (c *lazyTable) get(start bool, e *codec.Encoding, build func(*codec.Encoding) unsafe.Pointer) unsafe.Pointer {
	if p := atomic.LoadPointer(&c.p); p != nil || !start {
		return p
	}
	c.startBuild(e, build)
	return nil
}

func (c *lazyTable) startBuild(e *codec.Encoding, build func(*codec.Encoding) unsafe.Pointer) {
	c.start.Do(func() {
		go func() {
			defer func() { _ = recover() }() // never take the process down for a shortcut
			if p := build(e); p != nil {
				atomic.StorePointer(&c.p, p)
			}
		}()
	})
}

// pairTables and encodeTables hold each encoding's C pair table (for its
// decoders) and encode table (for its encoders), built after the first
// small call to one of them.
var pairTables, encodeTables [codec.NumEncodings]lazyTable

// pairTable returns e's pair table (registry.h), or nil if e is not a
// double-byte encoding or its table is not built yet; start starts
// building it.
func pairTable(e *codec.Encoding, start bool) unsafe.Pointer {
	return pairTables[e.ID()].get(start, e, buildPairTable)
}

// buildPairTable returns e's pair table in C memory, or nil.
func buildPairTable(e *codec.Encoding) unsafe.Pointer {
	t, ok := e.PairDecodeTable()
	if !ok {
		return nil
	}
	p := (*C.struct_whatencgo_pair_table)(C.malloc(C.size_t(unsafe.Sizeof(C.struct_whatencgo_pair_table{}))))
	if p == nil {
		return nil
	}
	for lead := range t {
		for trail, r := range t[lead] {
			p.cp[lead][trail] = C.uint32_t(max(r, 0))
		}
	}
	p.four = nil
	if f, ok := e.FourByteDecodeTable(); ok {
		four := (*[codec.GB18030FourByteBMPPointers]C.uint16_t)(C.malloc(C.size_t(len(f)) * 2))
		if four == nil {
			C.free(unsafe.Pointer(p))
			return nil
		}
		for i, r := range f {
			four[i] = C.uint16_t(max(r, 0))
		}
		p.four = &four[0]
	}
	return unsafe.Pointer(p)
}

// The C name of the number of four-byte gb18030 pointers in the BMP.
var _ [codec.GB18030FourByteBMPPointers - C.WHATENCGO_GB18030_BMP_POINTERS]struct{}
var _ [C.WHATENCGO_GB18030_BMP_POINTERS - codec.GB18030FourByteBMPPointers]struct{}

// encodeTable returns e's encode table (registry.h), or nil if e's encoder
// has none or it is not built yet; start starts building it.
func encodeTable(e *codec.Encoding, start bool) unsafe.Pointer {
	return encodeTables[e.ID()].get(start, e, buildEncodeTable)
}

// buildEncodeTable returns e's encode table in C memory, or nil: the rows
// of Encoding.BMPEncodeTable that map something, behind a row of zeros,
// with gb18030's four-byte code points (Encoding.BMPFourBytePointers) as
// entries for their pointer's distance from the code point.
func buildEncodeTable(e *codec.Encoding) unsafe.Pointer {
	t, ok := e.BMPEncodeTable()
	if !ok {
		return nil
	}
	var deltas []int32
	if four, ok := e.BMPFourBytePointers(); ok {
		index := map[int32]int{}
		for c, p := range four {
			if p < 0 {
				continue
			}
			d := p - int32(c)
			i, seen := index[d]
			if !seen {
				i = len(deltas)
				index[d] = i
				deltas = append(deltas, d)
			}
			if C.WHATENCGO_FOUR_BYTE_ENTRY+i >= C.WHATENCGO_FOUR_BYTE_ENTRY_END || t[c] != 0 {
				return nil // not expected: the wrappers leave e's calls to Go
			}
			t[c] = uint16(C.WHATENCGO_FOUR_BYTE_ENTRY + i)
		}
	}
	var block [256]uint16
	rows := 1
	for hi := range block {
		for _, v := range t[hi*256 : hi*256+256] {
			if v != 0 {
				block[hi] = uint16(rows)
				rows++
				break
			}
		}
	}
	const rowBytes = 256 * 2
	// block, supplementary and four_delta, then the rows (where entry
	// starts: smallcall.h asserts that it is the struct's size).
	head := unsafe.Sizeof(C.struct_whatencgo_encode_table{})
	p := C.malloc(C.size_t(head + rowBytes*uintptr(rows)))
	if p == nil {
		return nil
	}
	et := (*C.struct_whatencgo_encode_table)(p)
	*(*[256]uint16)(unsafe.Pointer(&et.block)) = block
	switch {
	case e.EncodesSupplementaryAsFourBytes():
		et.supplementary = C.WHATENCGO_SUPPLEMENTARY_FOUR_BYTES
	case e.EncodesNoSupplementary():
		et.supplementary = C.WHATENCGO_SUPPLEMENTARY_UNMAPPABLE
	default:
		et.supplementary = C.WHATENCGO_SUPPLEMENTARY_GO
	}
	et.four_delta = nil
	if len(deltas) > 0 {
		d := (*C.int32_t)(C.malloc(C.size_t(len(deltas)) * 4))
		if d == nil {
			C.free(p)
			return nil
		}
		ds := unsafe.Slice(d, len(deltas))
		for i, v := range deltas {
			ds[i] = C.int32_t(v)
		}
		et.four_delta = d
	}
	entry := unsafe.Slice((*[256]uint16)(unsafe.Add(p, head)), rows)
	entry[0] = [256]uint16{}
	for hi, row := range block {
		if row != 0 {
			entry[row] = [256]uint16(t[hi*256 : hi*256+256])
		}
	}
	return p
}

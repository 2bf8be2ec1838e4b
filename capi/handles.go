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

	pointer "github.com/mattn/go-pointer"
	"github.com/whatenc/whatenc/codec"
)

// Handles
//
// A handle is the address of a slot: C memory holding a tag, a go-pointer
// registry token and the state of a codec.Decoder or codec.Encoder. Neither
// holds a Go pointer (encodings are IDs; TestStateHasNoPointers checks it),
// so their state may live in memory the garbage collector does not scan, and
// a call reaches it with no lookup in a Go map.
//
// Slots are carved from slabs that are never returned to the C allocator.
// That makes the per-call validation cheap and safe for any pointer value:
// the address must fall inside a slab at a slot boundary (so a foreign
// pointer is never dereferenced), and the slot's tag must name the expected
// kind (so a freed handle or a decoder passed as an encoder is rejected,
// without reading freed memory). This costs a few nanoseconds and takes no
// lock, where a go-pointer Restore per call (an RWMutex and a map lookup)
// would cost about as much as the conversion of a small buffer and would
// contend between threads.
//
// go-pointer's registry is the authority at the lifecycle's edges: new
// registers the slot, and free unregisters it only if the registry still
// maps the slot's token back to this slot. Since pointer.Unref frees its
// token unconditionally, free first claims the slot with a compare-and-swap
// on the tag, so a double free (even a concurrent one) reaches Unref once.
//
// Freed slots wait in a FIFO quarantine before reuse, so a stale handle is
// reported as invalid until quarantineSlots more slots were freed and a
// handle was created after them (from any thread: a thread held up between
// two frees of one handle, by the scheduler or the Go runtime, may find the
// slot reused, as the header says).
//
// The slab table is C memory (registry.h) so that the C wrappers can do the
// same validation: after every call, Go records in the slot's ascii word
// whether the next call with ASCII input would pass it through unchanged,
// and the wrapper answers such a call (small, not the last) with a copy,
// without entering Go.

const (
	kindDecoder uint32 = C.WHATENCGO_DECODER_TAG
	kindEncoder uint32 = C.WHATENCGO_ENCODER_TAG
	tagFree     uint32 = 0x46524545 // "FREE"; a never-used slot has tag 0

	firstSlabSlots  = 64
	maxSlabs        = C.WHATENCGO_MAX_SLABS
	quarantineSlots = 256
)

// stateBytes is the room for either state; both need at most 8-byte
// alignment, which the compile-time check below enforces.
const stateBytes = max(unsafe.Sizeof(codec.Decoder{}), unsafe.Sizeof(codec.Encoder{}))

var _ [8 - max(unsafe.Alignof(codec.Decoder{}), unsafe.Alignof(codec.Encoder{}))]struct{}

// slot starts as struct whatencgo_slot_head (registry.h).
type slot struct {
	tag    uint32
	ascii  uint32         // C.WHATENCGO_ASCII_PASSES bits
	bytes  unsafe.Pointer // a decoder's byte table (C memory, byteTable), or nil
	pairs  unsafe.Pointer // a decoder's pair table (C memory, pairTable), or nil
	encode unsafe.Pointer // an encoder's table (C memory, encodeTable), or nil
	token  unsafe.Pointer // go-pointer's key: C memory, not a Go pointer
	state  [(stateBytes + 7) / 8]uint64
}

const slotSize = unsafe.Sizeof(slot{})

// The slot starts as struct whatencgo_slot_head: same offsets (a negative
// array length fails the build).
var (
	_ [unsafe.Offsetof(slot{}.bytes) - unsafe.Offsetof(C.struct_whatencgo_slot_head{}.bytes)]struct{}
	_ [unsafe.Offsetof(C.struct_whatencgo_slot_head{}.bytes) - unsafe.Offsetof(slot{}.bytes)]struct{}
	_ [unsafe.Offsetof(slot{}.pairs) - unsafe.Offsetof(C.struct_whatencgo_slot_head{}.pairs)]struct{}
	_ [unsafe.Offsetof(C.struct_whatencgo_slot_head{}.pairs) - unsafe.Offsetof(slot{}.pairs)]struct{}
	_ [unsafe.Offsetof(slot{}.encode) - unsafe.Offsetof(C.struct_whatencgo_slot_head{}.encode)]struct{}
	_ [unsafe.Offsetof(C.struct_whatencgo_slot_head{}.encode) - unsafe.Offsetof(slot{}.encode)]struct{}
	_ [unsafe.Offsetof(slot{}.ascii) - unsafe.Offsetof(C.struct_whatencgo_slot_head{}.ascii)]struct{}
	_ [unsafe.Offsetof(C.struct_whatencgo_slot_head{}.ascii) - unsafe.Offsetof(slot{}.ascii)]struct{}
)

func (s *slot) decoder() *codec.Decoder { return (*codec.Decoder)(unsafe.Pointer(&s.state)) }
func (s *slot) encoder() *codec.Encoder { return (*codec.Encoder)(unsafe.Pointer(&s.state)) }

// setEncoderCalls records, after an encoder was made or called, which next
// calls the C wrappers may answer: those with ASCII input, in each input
// form, while the state passes it through unchanged, and then input its
// encoding's table maps, once built (in the HTML error mode, also the code
// points it does not map), or any valid input if it writes UTF-8; for
// ISO-2022-JP in its ASCII state, input that leaves it there. small
// says the call was one the wrappers could have answered through the table
// (encodeTableCallMax): the first such call to an encoder with a table
// starts building it.
func (s *slot) setEncoderCalls(small bool) {
	enc := s.encoder()
	var v uint32
	if enc.PassesASCII(false) {
		v |= C.WHATENCGO_ASCII_PASSES
	}
	if enc.PassesASCII(true) {
		v |= C.WHATENCGO_ASCII_PASSES_UTF16
	}
	if v == 0 && enc.RestsInISO2022JPASCII() {
		v = C.WHATENCGO_ISO2022JP_PASSES
	}
	var t unsafe.Pointer
	if v != 0 {
		t = encodeTable(enc.Encoding(), small)
		if enc.Encoding().OutputEncoding() == codec.UTF8 {
			v |= C.WHATENCGO_UTF8_OUTPUT
		}
		if enc.ErrorMode() == codec.HTML {
			v |= C.WHATENCGO_HTML_MODE
		}
	}
	if s.encode != t {
		atomic.StorePointer(&s.encode, t)
	}
	s.setPasses(v)
}

// setPasses stores the C.WHATENCGO_*_PASSES bits v for the C wrappers.
func (s *slot) setPasses(v uint32) {
	if s.ascii != v {
		atomic.StoreUint32(&s.ascii, v)
	}
}

// setDecoderCalls records, after a decoder was made or called, which next
// calls the C wrappers may answer: ASCII input while the state passes it
// through, and then any input through the byte table of the encoding it
// decodes (which, with BOM sniffing, may have changed), if it has one, or
// through its pair table, once built (through the byte table, in the
// replacement error mode, also its errors), or valid and complete UTF-8 if it
// decodes UTF-8 (between characters and past BOM handling, valid UTF-8
// decodes to itself), or valid UTF-16 if it decodes UTF-16, or for
// ISO-2022-JP at rest in its ASCII state, input without errors that leaves
// it so. small says the call was one the wrappers could have answered
// through a pair table (decodeTableCallMax): the first such call to a
// double-byte or ISO-2022-JP decoder starts building the pair table.
func (s *slot) setDecoderCalls(small bool) {
	d := s.decoder()
	passes := d.PassesASCII()
	var t, p unsafe.Pointer
	var v uint32
	switch {
	case passes:
		t = byteTable(d.Encoding())
		p = pairTable(d.Encoding(), small)
		v = C.WHATENCGO_ASCII_PASSES
		if d.Encoding() == codec.UTF8 {
			v |= C.WHATENCGO_UTF8_PASSES
		}
	case d.RestsInISO2022JPASCII():
		// ISO-2022-JP's pairs are EUC-JP's with 0x80 taken from both bytes:
		// the wrappers read EUC-JP's table.
		p = pairTable(codec.EUCJP, small)
		v = C.WHATENCGO_ISO2022JP_PASSES
	case d.PassesUTF16() && d.Encoding() == codec.UTF16LE:
		v = C.WHATENCGO_UTF16LE_PASSES
	case d.PassesUTF16():
		v = C.WHATENCGO_UTF16BE_PASSES
	}
	if v != 0 && d.ErrorMode() == codec.Replace {
		v |= C.WHATENCGO_REPLACE_MODE
	}
	if s.bytes != t {
		atomic.StorePointer(&s.bytes, t)
	}
	if s.pairs != p {
		atomic.StorePointer(&s.pairs, p)
	}
	s.setPasses(v)
}

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
	// starts: wrappers.c asserts that it is the struct's size).
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

var reg struct {
	mu   sync.Mutex
	used uintptr          // bytes of the newest slab handed out
	free []unsafe.Pointer // freed slots, oldest first
}

// slabs is the slab table, C.whatencgo_slabs: entries below n are
// immutable once n counts them.
var slabs = &C.whatencgo_slabs

func publishedSlabs() int { return int(atomic.LoadInt32((*int32)(unsafe.Pointer(&slabs.n)))) }

func init() { slabs.slot_size = C.unsigned(slotSize) }

// lookup returns the slot of handle h if it is a live handle of the kind,
// or nil. It reads no memory outside the slabs.
func lookup(h unsafe.Pointer, kind uint32) *slot {
	a := uintptr(h)
	n := publishedSlabs()
	for k := 0; k < n; k++ {
		off := a - uintptr(slabs.base[k])
		if off < uintptr(slabs.bytes[k]) {
			if off%slotSize != 0 {
				return nil
			}
			s := (*slot)(h)
			if atomic.LoadUint32(&s.tag) != kind {
				return nil
			}
			return s
		}
	}
	return nil
}

// newHandle returns a registered slot for a handle of the kind, its state
// zeroed, or nil if memory is exhausted. The caller initialises the state
// and then publishes the slot with s.publish(kind).
func newHandle() (unsafe.Pointer, *slot) {
	p := takeSlot()
	if p == nil {
		return nil, nil
	}
	s := (*slot)(p)
	s.state = [len(s.state)]uint64{}
	s.ascii = 0
	s.bytes = nil
	s.pairs = nil
	s.encode = nil
	s.token = pointer.Save(uintptr(p))
	return p, s
}

func (s *slot) publish(kind uint32) { atomic.StoreUint32(&s.tag, kind) }

func takeSlot() unsafe.Pointer {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if len(reg.free) > quarantineSlots {
		p := reg.free[0]
		reg.free[0] = nil
		reg.free = reg.free[1:]
		return p
	}
	n := publishedSlabs()
	if n == 0 || reg.used+slotSize > uintptr(slabs.bytes[n-1]) {
		if n == maxSlabs {
			return nil
		}
		size := uintptr(firstSlabSlots<<n) * slotSize
		base := C.calloc(1, C.size_t(size))
		if base == nil {
			return nil
		}
		slabs.base[n], slabs.bytes[n], reg.used = base, C.size_t(size), 0
		atomic.StoreInt32((*int32)(unsafe.Pointer(&slabs.n)), int32(n+1))
		n++
	}
	p := unsafe.Add(slabs.base[n-1], reg.used)
	reg.used += slotSize
	return p
}

// freeHandle frees h if it is a live handle of the kind; anything else is
// ignored.
func freeHandle(h unsafe.Pointer, kind uint32) {
	s := lookup(h, kind)
	if s == nil || !atomic.CompareAndSwapUint32(&s.tag, kind, tagFree) {
		return
	}
	if v, ok := pointer.Restore(s.token).(uintptr); !ok || v != uintptr(h) {
		// The registry does not know this slot: leave it out of
		// circulation rather than reuse memory in an unknown state.
		return
	}
	pointer.Unref(s.token)
	s.token = nil
	reg.mu.Lock()
	reg.free = append(reg.free, h)
	reg.mu.Unlock()
}

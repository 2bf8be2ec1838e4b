package main

/*
#include <stdlib.h>
#include "registry.h"
*/
import "C"

import (
	"sync"
	"sync/atomic"
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
// same validation: after every call, Go records in the slot's calls word
// which next calls the wrappers may answer without entering Go (small, not
// the last): ASCII input the state passes through unchanged (copied,
// widened or narrowed), and, through the C tables (tables.go) or plain
// conversions, input the state and the encoding's tables decide alone
// (setDecoderCalls and setEncoderCalls say which).

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
	calls  uint32         // which next calls the C wrappers answer: C.WHATENCGO_*_PASSES, *_OUTPUT and *_MODE bits
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
	_ [unsafe.Offsetof(slot{}.calls) - unsafe.Offsetof(C.struct_whatencgo_slot_head{}.calls)]struct{}
	_ [unsafe.Offsetof(C.struct_whatencgo_slot_head{}.calls) - unsafe.Offsetof(slot{}.calls)]struct{}
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
	if s.calls != v {
		atomic.StoreUint32(&s.calls, v)
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
	s.calls = 0
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

package main

import (
	"reflect"
	"testing"

	"github.com/whatenc/whatenc/codec"
)

// Handles keep codec.Decoder and codec.Encoder in C memory, which the
// garbage collector does not scan: neither may ever hold a Go pointer.
func TestStateHasNoPointers(t *testing.T) {
	for _, v := range []any{codec.Decoder{}, codec.Encoder{}} {
		typ := reflect.TypeOf(v)
		if path := pointerPath(typ, typ.Name()); path != "" {
			t.Errorf("%s holds a pointer at %s: it cannot live in a C-allocated handle", typ, path)
		}
	}
}

// pointerPath returns the path to a pointer-bearing field of typ, or "".
func pointerPath(typ reflect.Type, path string) string {
	switch typ.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return ""
	case reflect.Array:
		if typ.Len() == 0 {
			return ""
		}
		return pointerPath(typ.Elem(), path+"[0]")
	case reflect.Struct:
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			if p := pointerPath(f.Type, path+"."+f.Name); p != "" {
				return p
			}
		}
		return ""
	}
	return path + " (" + typ.String() + ")"
}

func TestSlotFitsState(t *testing.T) {
	var s slot
	if got := len(s.state) * 8; got < int(stateBytes) {
		t.Fatalf("slot state has %d bytes, want at least %d", got, stateBytes)
	}
	t.Logf("slot: %d bytes (decoder %d, encoder %d)", slotSize,
		reflect.TypeOf(codec.Decoder{}).Size(), reflect.TypeOf(codec.Encoder{}).Size())
}

// The tables the C wrappers answer calls with are looked up after every
// call into Go: the lookups allocate nothing (a closure built per call
// once cost an allocation per streaming call), before and after a table
// is built.
func TestTableLookupsDoNotAllocate(t *testing.T) {
	for _, e := range []*codec.Encoding{codec.UTF8, codec.ShiftJIS, codec.Windows1252} {
		for _, start := range []bool{false, true, true} {
			if n := testing.AllocsPerRun(100, func() {
				pairTable(e, start)
				encodeTable(e, start)
				byteTable(e)
			}); n != 0 {
				t.Errorf("%s (start %v): %v allocations a lookup", e.Name(), start, n)
			}
		}
	}
}

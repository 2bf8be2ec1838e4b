//go:build whatenc_bench

package main

import "C"

import "unsafe"

// whatencbench_noop is the floor of a call into the library: a cgo export
// that does nothing. It exists only in the benchmark build of the library
// (make bench-c), never in libwhatenc.so itself.
//
//export whatencbench_noop
func whatencbench_noop() C.int { return 0 }

// whatencbench_noop8 and whatencbench_noop8_defer split the floor of a
// streaming call: the cost of its eight arguments, then of the deferred
// recover every export has.
//
//export whatencbench_noop8
func whatencbench_noop8(h, src unsafe.Pointer, srcLen *C.size_t, dst unsafe.Pointer, dstLen *C.size_t, last C.int, info unsafe.Pointer, utf16 C.int) C.int {
	return 0
}

//export whatencbench_noop8_defer
func whatencbench_noop8_defer(h, src unsafe.Pointer, srcLen *C.size_t, dst unsafe.Pointer, dstLen *C.size_t, last C.int, info unsafe.Pointer, utf16 C.int) (st C.int) {
	defer recoverTo(&st)
	return 0
}

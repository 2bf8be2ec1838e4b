// Command capi is libwhatenc, the C library of whatenc: build it with
// -buildmode=c-shared or -buildmode=c-archive (see the Makefile). The public
// API is include/whatenc.h; wrappers.c defines it on top of the Go
// functions in exports.go.
//
// Every Go function called from C recovers panics (WHATENC_ERR_INTERNAL),
// validates each pointer and length before use, reads and writes C buffers
// through unsafe.Slice for the duration of the call only, and never hands a
// Go pointer to C. Handles live in C memory (handles.go).
package main

func main() {}

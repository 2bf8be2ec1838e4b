package codec

import (
	"syscall"
	"testing"
	"unsafe"
)

// atPageEnd returns a copy of t that ends where a page the process may not
// read begins, so that a kernel that reads past the table faults.
func atPageEnd(tb testing.TB, t []uint16) []uint16 {
	b := bytesAtPageEnd(tb, unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t))), 2*len(t)))
	return unsafe.Slice((*uint16)(unsafe.Pointer(unsafe.SliceData(b))), len(t))
}

// bytesAtPageEnd is atPageEnd for bytes: an input a kernel must not read
// past.
func bytesAtPageEnd(tb testing.TB, t []byte) []byte {
	mem, page := mapGuarded(tb, len(t), false)
	end := len(mem) - page
	out := mem[end-len(t) : end : end]
	copy(out, t)
	return out
}

// bytesAtPageStart is bytesAtPageEnd for the other side: a copy of t that
// starts where a page the process may not read ends, so that a kernel that
// reads before its input faults.
func bytesAtPageStart(tb testing.TB, t []byte) []byte {
	mem, page := mapGuarded(tb, len(t), true)
	out := mem[page : page+len(t) : page+len(t)]
	copy(out, t)
	return out
}

// mapGuarded maps pages for n bytes and one more, which it makes unreadable:
// the first if first, else the last. It returns the mapping (unmapped when
// the test ends) and the page size.
func mapGuarded(tb testing.TB, n int, first bool) (mem []byte, page int) {
	page = syscall.Getpagesize()
	size := (n+page-1)/page*page + page
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { syscall.Munmap(mem) })
	guard := mem[size-page:]
	if first {
		guard = mem[:page]
	}
	if err := syscall.Mprotect(guard, syscall.PROT_NONE); err != nil {
		tb.Fatal(err)
	}
	return mem, page
}

package codec

import (
	"syscall"
	"testing"
	"unsafe"
)

// atPageEnd returns a copy of t that ends where a page the process may not
// read begins, so that a kernel that reads past the table faults.
func atPageEnd(tb testing.TB, t []uint16) []uint16 {
	page := syscall.Getpagesize()
	size := (len(t)*2+page-1)/page*page + page
	mem, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { syscall.Munmap(mem) })
	if err := syscall.Mprotect(mem[size-page:], syscall.PROT_NONE); err != nil {
		tb.Fatal(err)
	}
	end := size - page
	out := unsafe.Slice((*uint16)(unsafe.Pointer(&mem[end-len(t)*2])), len(t))
	copy(out, t)
	return out
}

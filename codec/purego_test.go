//go:build purego

package codec

import "testing"

// The purego build tag must take the code big-endian machines run: no
// vector kernel and the byte-order independent stores. Without this, a
// wrong build constraint would quietly test the usual code twice.
func TestPuregoTakesPortableCode(t *testing.T) {
	if fastStores {
		t.Error("purego build: fastStores is true (the unaligned stores are in)")
	}
	if hasAVX2Kernels() || hasAVX512Kernels() || useAVX2 || useAVX512 {
		t.Error("purego build: vector kernels are in")
	}
	if k := Kernels(); k != "generic" {
		t.Errorf("purego build: Kernels() = %q, want generic", k)
	}
}

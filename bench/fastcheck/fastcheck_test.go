package fastcheck

import (
	"fmt"
	"os"
	"testing"
	"unsafe"

	"github.com/whatenc/whatenc/codec"
)

// BenchmarkParts times each skeleton over the same bytes of Japanese text
// (ja.txt from the corpus, repeated): 14 KiB, which stays in the core's
// first-level cache with its copy, and 56 KiB, which does not.
func BenchmarkParts(b *testing.B) {
	// The library's own CPU detection: the skeletons need what its
	// AVX-512 kernels do (F, BW, VBMI), and WHATENC_CPU holds them off.
	if codec.Kernels() != "avx512" {
		b.Skip("needs the AVX-512 kernels; the library uses", codec.Kernels())
	}
	text, err := os.ReadFile("../../../shared/corpus/wikipedia/ja.txt")
	if err != nil {
		b.Skip("needs ../shared/corpus:", err)
	}
	arena := make([]byte, 4<<20)
	at := int(-uintptr(unsafe.Pointer(&arena[0]))%4096) + 4096 // a page boundary
	h := make([]byte, 4096)
	for _, tiles := range []int{7, 28} {
		size := tiles * 2048 // bytes [64, 64+size) are timed
		src := arena[at : at+64+size+256]
		for i := range src {
			src[i] = text[i%len(text)]
		}
		// The output 2112 bytes past the input modulo 4 KiB, as
		// BenchmarkUTF8Kernel's copy-valid-fwd has it.
		dst := arena[at+(2<<20)+2112:]
		n := 64 + size
		run := func(name string, f func()) {
			b.Run(fmt.Sprintf("%dKiB/%s", size>>10, name), func(b *testing.B) {
				b.SetBytes(int64(size))
				for i := 0; i < b.N; i++ {
					f()
				}
			})
		}
		run("loads6", func() { loads6(&src[0], n) })
		run("loads4Straddling", func() { loads4Straddling(&src[0], n) })
		run("loads2Straddling", func() { loads2Straddling(&src[0], n) })
		run("loads6Aligned", func() { loads6Aligned(&src[0], n) })
		run("loadsStores", func() { loadsStores(&dst[0], &src[0], n) })
		run("ops21", func() { ops21(size) })
		run("ops19", func() { ops19(size) })
		run("ops17", func() { ops17(size) })
		run("step", func() { step(&dst[0], &src[0], n) })
		run("stepPrefetch512", func() { stepPrefetch512(&dst[0], &src[0], n) })
		run("stepPrefetch1024", func() { stepPrefetch1024(&dst[0], &src[0], n) })
		run("stepAlignedLoads", func() { stepAlignedLoads(&dst[0], &src[0], n) })
		run("stepShuffled", func() { stepShuffled(&dst[0], &src[0], n) })
		run("stepRing", func() { stepRing(&dst[0], &src[0], n) })
		run("stepTile", func() { stepTile(&dst[0], &src[0], n, &h[0]) })
	}
}

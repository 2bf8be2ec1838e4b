// Package fastcheck times the parts of the UTF-8 validator's fast check on
// Intel cores apart (bench/RESULTS.md, "Since d6c4ad1"): its loads, its
// operations, its stores, and variants that feed its lookups otherwise. A
// module of its own, outside the library's tests:
//
//	cd bench/fastcheck && go test -run '^$' -bench . -count 3
//
// Only the best runs of each mean much on a shared machine.
package fastcheck

func loads6(p *byte, n int)
func loads4Straddling(p *byte, n int)
func loads2Straddling(p *byte, n int)
func loads6Aligned(p *byte, n int)
func loadsStores(dst, p *byte, n int)
func ops21(n int)
func ops19(n int)
func ops17(n int)
func step(dst, p *byte, n int)
func stepPrefetch512(dst, p *byte, n int)
func stepPrefetch1024(dst, p *byte, n int)
func stepAlignedLoads(dst, p *byte, n int)
func stepShuffled(dst, p *byte, n int)
func stepRing(dst, p *byte, n int)
func stepTile(dst, p *byte, n int, h *byte)

//go:build !purego

package codec

// iso2022JPASCIIPrefixAVX2 is iso2022jp_amd64.s's iso2022JPCopyASCIIPrefix
// for n >= 32 (dst nil: nothing copied). Callers check useAVX2 first.
//
//go:noescape
func iso2022JPASCIIPrefixAVX2(dst, p *byte, n int) int

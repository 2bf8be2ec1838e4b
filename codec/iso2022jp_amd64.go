package codec

// iso2022JPASCIIPrefixAVX2 is iso2022jp_amd64.s's iso2022JPASCIIPrefix for
// n >= 32. Callers check useAVX2 first.
//
//go:noescape
func iso2022JPASCIIPrefixAVX2(p *byte, n int) int

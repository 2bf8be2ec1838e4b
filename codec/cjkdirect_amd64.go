package codec

// encodeThreesAVX2 is cjkdirect_amd64.s's encoder of three-byte sequences
// through a direct table, eight a step. Callers check useAVX2 first.
//
//go:noescape
func encodeThreesAVX2(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int)

// LOOK4 and LOOK16, for the AVX-512 kernels (cjkdirect_amd64.s, pairs_amd64.s): the
// 16-bit entries of a table at R8 for the four 16-bit indexes in R9 (first
// lowest), packed the same way in CX; uses DX. Sixteen lookups this way,
// four registers moved in and out of a vector, run twice as fast as a
// VPGATHERDD on Zen 4; on Intel's recent cores the gather is the faster
// (LOOK16_GATHER, where lookupGather is set: pairs_amd64.go).
#define LOOK4 \
	MOVWLZX R9, DX \
	MOVWLZX (R8)(DX*2), CX \
	SHRQ    $16, R9 \
	MOVWLZX R9, DX \
	MOVWLZX (R8)(DX*2), DX \
	SHLQ    $16, DX \
	ORQ     DX, CX \
	SHRQ    $16, R9 \
	MOVWLZX R9, DX \
	MOVWLZX (R8)(DX*2), DX \
	SHLQ    $32, DX \
	ORQ     DX, CX \
	SHRQ    $16, R9 \
	MOVWLZX (R8)(R9*2), DX \
	SHLQ    $48, DX \
	ORQ     DX, CX


// LOOK16(yi, xi, yo, xo, xt): the entries of the table at R8 for the 16
// indexes in yi (xi its low half, which it overwrites with the high one),
// in yo (xo its low half; xt scratch). Uses R9, CX and DX.
#define LOOK16(yi, xi, yo, xo, xt) \
	VMOVQ   xi, R9 \
	LOOK4 \
	VMOVQ   CX, xo \
	VPEXTRQ $1, xi, R9 \
	LOOK4 \
	VPINSRQ $1, CX, xo, xo \
	VEXTRACTI128 $1, yi, xi \
	VMOVQ   xi, R9 \
	LOOK4 \
	VMOVQ   CX, xt \
	VPEXTRQ $1, xi, R9 \
	LOOK4 \
	VPINSRQ $1, CX, xt, xt \
	VINSERTI128 $1, xt, yo, yo

// LOOK16_GATHER(yi, yo, k, kt): LOOK16 by one VPGATHERDD, for the lanes
// in k (0 in the others of yo); kt is scratch (the gather clears it), and
// so are Z19 and Z31. Each lane loads 4 bytes at its entry: the table has
// one entry past its last index.
#define LOOK16_GATHER(yi, yo, k, kt) \
	VPMOVZXWD yi, Z19; \
	KMOVW   k, kt; \
	VPXORD  Z31, Z31, Z31; \
	VPGATHERDD (R8)(Z19*2), kt, Z31; \
	VPMOVDW Z31, yo

// LOOK16_EITHER(yi, xi, yo, xo, xt, k, kt, scalar, after): LOOK16_GATHER
// where lookupGather is set, else LOOK16; the caller puts the label after
// right after it (scalar is a label of its own).
#define LOOK16_EITHER(yi, xi, yo, xo, xt, k, kt, scalar, after) \
	CMPB    ·lookupGather(SB), $0; \
	JEQ     scalar; \
	LOOK16_GATHER(yi, yo, k, kt); \
	JMP     after; \
scalar: \
	LOOK16(yi, xi, yo, xo, xt)

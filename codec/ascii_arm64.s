//go:build !purego

#include "textflag.h"
#include "run16_arm64.h"

// NEON kernels for the ASCII runs (ascii.go), as ascii_amd64.s's AVX2 ones:
// each works on whole 16-byte vectors, four at a time while 64 bytes are
// left, then one at a time, then the last 16 bytes (overlapping what was
// seen: n >= 32), and returns how far it got; the Go wrapper finishes the
// rest with the word-at-a-time code. A vector's bytes are ASCII when the
// two 64-bit halves, moved to general registers, have no bit 7 set (R8
// holds 0x80 in each byte). Callers check useNEON first. Go's arm64
// assembler: sources first, destination last.

// HIGH_BITS(v): R6 and R7 get the high bits of v's two halves, R5 their OR.
#define HIGH_BITS(v) \
	VMOV  v.D[0], R6; \
	VMOV  v.D[1], R7; \
	AND   R8, R6, R6; \
	AND   R8, R7, R7; \
	ORR   R6, R7, R5

// ANY_HIGH4: R5 is non-zero when a byte of V0..V3 is not ASCII.
#define ANY_HIGH4 \
	VORR  V0.B16, V1.B16, V4.B16; \
	VORR  V2.B16, V3.B16, V5.B16; \
	VORR  V4.B16, V5.B16, V4.B16; \
	HIGH_BITS(V4)

// func asciiPrefixNEON(p *byte, n int) int
// The exact length of the ASCII prefix of p[:n], for n >= 32.
TEXT ·asciiPrefixNEON(SB), NOSPLIT, $0-24
	MOVD  p+0(FP), R0
	MOVD  n+8(FP), R1
	MOVD  $0, R2
	MOVD  $0x8080808080808080, R8

prefix64:
	ADD   $64, R2, R3
	CMP   R1, R3
	BHI   prefix16
	ADD   R2, R0, R4
	VLD1  (R4), [V0.B16, V1.B16, V2.B16, V3.B16]
	ANY_HIGH4
	CBNZ  R5, prefix16                    // find it 16 bytes at a time
	MOVD  R3, R2
	B     prefix64

prefix16:
	ADD   $16, R2, R3
	CMP   R1, R3
	BHI   prefixLast
	ADD   R2, R0, R4
	VLD1  (R4), [V0.B16]
	HIGH_BITS(V0)
	CBNZ  R5, prefixFound
	MOVD  R3, R2
	B     prefix16

prefixLast:
	CMP   R1, R2
	BEQ   prefixDone
	SUB   $16, R1, R2                     // the last 16 bytes: the first byte
	ADD   R2, R0, R4                      // not ASCII there is at or past i
	VLD1  (R4), [V0.B16]
	HIGH_BITS(V0)
	CBNZ  R5, prefixFound
	MOVD  R1, R2
	B     prefixDone

prefixFound:
	// The first byte with bit 7 set in the 16 at R2: the lowest set bit
	// of R6, else of R7 (RBIT then CLZ counts trailing zeros).
	CBZ   R6, prefixHigh
	RBIT  R6, R6
	CLZ   R6, R6
	ADD   R6>>3, R2, R2
	B     prefixDone

prefixHigh:
	RBIT  R7, R7
	CLZ   R7, R7
	ADD   $8, R2, R2
	ADD   R7>>3, R2, R2

prefixDone:
	MOVD  R2, ret+16(FP)
	RET

// ASCII16(at): V0 gets the 16 bytes at src+at (R0), R5 their high bits
// (HIGH_BITS): RUN16's check for a vector of ASCII.
#define ASCII16(at) \
	ADD   at, R0, R4; \
	VLD1  (R4), [V0.B16]; \
	HIGH_BITS(V0)

// ASCII_RUN(step64, step16, last, done, store4, store1): the loops of
// copyASCIINEON and widenASCIINEON, with labels of their own: four vectors
// a step while 64 bytes are left and all four are ASCII, then RUN16 a
// vector at a time (n >= 32); store4(at) and store1(at) write V0..V3 or
// V0 for the bytes at src+at (R0) to dst (R9). R2 ends at done holding
// the bytes stored.
#define ASCII_RUN(step64, step16, last, done, store4, store1) \
step64: \
	ADD   $64, R2, R3; \
	CMP   R1, R3; \
	BHI   step16; \
	ADD   R2, R0, R4; \
	VLD1  (R4), [V0.B16, V1.B16, V2.B16, V3.B16]; \
	ANY_HIGH4; \
	CBNZ  R5, step16; \
	store4(R2); \
	MOVD  R3, R2; \
	B     step64; \
	RUN16(step16, last, done, ASCII16, store1)

// COPY4(at) and COPY1(at): ASCII_RUN's stores for copyASCIINEON.
#define COPY4(at) \
	ADD   at, R9, R4; \
	VST1  [V0.B16, V1.B16, V2.B16, V3.B16], (R4)

#define COPY1(at) \
	ADD   at, R9, R4; \
	VST1  [V0.B16], (R4)

// func copyASCIINEON(dst, src *byte, n int) int
// Copies whole 16-byte vectors of ASCII from src to dst while they last,
// for n >= 32, and returns the bytes copied: n if all of src[:n] is ASCII
// (the last vector overlaps), else a multiple of 16 at or before the first
// non-ASCII byte. Nothing past the returned length is written.
TEXT ·copyASCIINEON(SB), NOSPLIT, $0-32
	MOVD  dst+0(FP), R9
	MOVD  src+8(FP), R0
	MOVD  n+16(FP), R1
	MOVD  $0, R2
	MOVD  $0x8080808080808080, R8
	ASCII_RUN(copy64, copy16, copyLast, copyDone, COPY4, COPY1)
	MOVD  R2, ret+24(FP)
	RET

// WIDEN(v, lo, hi): lo and hi get the low and high 8 bytes of v as 16-bit
// units (UXTL, UXTL2).
#define WIDEN(v, lo, hi) \
	VUXTL  v.B8, lo.H8; \
	VUXTL2 v.B16, hi.H8

// WIDEN4(at) and WIDEN1(at): ASCII_RUN's stores for widenASCIINEON, at
// dst+2*at.
#define WIDEN4(at) \
	WIDEN(V0, V16, V17); \
	WIDEN(V1, V18, V19); \
	WIDEN(V2, V20, V21); \
	WIDEN(V3, V22, V23); \
	ADD   at<<1, R9, R4; \
	VST1  [V16.H8, V17.H8, V18.H8, V19.H8], (R4); \
	ADD   $64, R4, R4; \
	VST1  [V20.H8, V21.H8, V22.H8, V23.H8], (R4)

#define WIDEN1(at) \
	WIDEN(V0, V16, V17); \
	ADD   at<<1, R9, R4; \
	VST1  [V16.H8, V17.H8], (R4)

// func widenASCIINEON(dst *uint16, src *byte, n int) int
// As copyASCIINEON, writing each byte as a uint16.
TEXT ·widenASCIINEON(SB), NOSPLIT, $0-32
	MOVD  dst+0(FP), R9
	MOVD  src+8(FP), R0
	MOVD  n+16(FP), R1
	MOVD  $0, R2
	MOVD  $0x8080808080808080, R8
	ASCII_RUN(widen64, widen16, widenLast, widenDone, WIDEN4, WIDEN1)
	MOVD  R2, ret+24(FP)
	RET

// NARROW16(at): the 16 code units at src+2*at (R0) put in machine order by
// TBL with the order (V31), R5 non-zero if one is above U+007F (R8 holds
// 0xFF80 in each unit), and V3 their low bytes (UZP1: the even bytes).
#define NARROW16(at) \
	ADD   at<<1, R0, R4; \
	VLD1  (R4), [V0.B16, V1.B16]; \
	VTBL  V31.B16, [V0.B16], V0.B16; \
	VTBL  V31.B16, [V1.B16], V1.B16; \
	VORR  V0.B16, V1.B16, V2.B16; \
	HIGH_BITS(V2); \
	VUZP1 V1.B16, V0.B16, V3.B16

// NARROW_STORE(at): the low bytes of NARROW16 (V3) to dst+at (R9).
#define NARROW_STORE(at) \
	ADD   at, R9, R4; \
	VST1  [V3.B16], (R4)

// func narrowASCIINEON(dst, src *byte, n int, order *[16]byte) int
// As copyASCIINEON from UTF-16 code units (n of them at src, any
// alignment, n >= 32), each put in machine order by TBL with order (the
// identity for UTF-16LE and Go's uint16s, a byte swap for UTF-16BE): 16
// units a step are tested against 0xFF80 and their low bytes stored.
TEXT ·narrowASCIINEON(SB), NOSPLIT, $0-40
	MOVD  dst+0(FP), R9
	MOVD  src+8(FP), R0
	MOVD  n+16(FP), R1
	MOVD  order+24(FP), R4
	VLD1  (R4), [V31.B16]
	MOVD  $0, R2
	MOVD  $0xFF80FF80FF80FF80, R8
	RUN16(narrow16, narrowLast, narrowDone, NARROW16, NARROW_STORE)
	MOVD  R2, ret+32(FP)
	RET

//go:build !purego

#include "textflag.h"

// COPY16_CHECK(at): the 16 code units at src+2*at (R0) in V0 and V1, put
// in machine order by TBL with the order (V31); R6 non-zero if one of them
// is a surrogate ((u & F800) == D800: V30 and V29 hold F800 and D800 in
// each unit).
#define COPY16_CHECK(at) \
	ADD   at<<1, R0, R4; \
	VLD1  (R4), [V0.B16, V1.B16]; \
	VTBL  V31.B16, [V0.B16], V0.B16; \
	VTBL  V31.B16, [V1.B16], V1.B16; \
	VAND  V30.B16, V0.B16, V2.B16; \
	VAND  V30.B16, V1.B16, V3.B16; \
	VCMEQ V29.H8, V2.H8, V2.H8; \
	VCMEQ V29.H8, V3.H8, V3.H8; \
	VORR  V2.B16, V3.B16, V2.B16; \
	VMOV  V2.D[0], R6; \
	VMOV  V2.D[1], R7; \
	ORR   R6, R7, R6

// func copyUTF16NEON(dst *uint16, src *byte, n int, order *[16]byte) int
// Copies the n code units at src (any alignment; n >= 16) to dst, each
// put in machine order by TBL with order (the identity for UTF-16LE, a
// byte swap for UTF-16BE), 16 units a step while a step holds no
// surrogate, and returns how many units it copied: n (the last step
// overlaps units already copied), or the start of the first step that
// holds a surrogate, which the Go code takes (copyUTF16Pairs). Go's arm64
// assembler: sources first, destination last.
TEXT ·copyUTF16NEON(SB), NOSPLIT, $0-40
	MOVD  dst+0(FP), R9
	MOVD  src+8(FP), R0
	MOVD  n+16(FP), R1
	MOVD  order+24(FP), R4
	VLD1  (R4), [V31.B16]
	MOVD  $0xF800, R4
	VDUP  R4, V30.H8
	MOVD  $0xD800, R4
	VDUP  R4, V29.H8
	MOVD  $0, R2

loop:
	ADD   $16, R2, R3
	CMP   R1, R3
	BHI   last
	COPY16_CHECK(R2)
	CBNZ  R6, done
	ADD   R2<<1, R9, R4
	VST1  [V0.B16, V1.B16], (R4)
	MOVD  R3, R2
	B     loop

last:
	CMP   R1, R2
	BEQ   done
	SUB   $16, R1, R3
	COPY16_CHECK(R3)
	CBNZ  R6, done
	ADD   R3<<1, R9, R4
	VST1  [V0.B16, V1.B16], (R4)
	MOVD  R1, R2

done:
	MOVD  R2, ret+32(FP)
	RET

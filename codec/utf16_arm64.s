//go:build !purego

#include "textflag.h"
#include "run16_arm64.h"

// NEON kernels for the UTF-16 decoders (utf16.go) and UTF-16 to UTF-8
// (utf16to8.go): the copy to UTF-16 while no surrogate comes, and the
// conversion of one- and two-byte forms. Both read the units in machine
// order after TBL with an order table (the identity, or a byte swap for
// UTF-16BE) and leave the steps they do not take to the Go code. Go's
// arm64 assembler: sources first, destination last.

// COPY16_CHECK(at): the 16 code units at src+2*at (R0) in V0 and V1, put
// in machine order by TBL with the order (V31); R5 non-zero if one of them
// is a surrogate ((u & F800) == D800: V30 and V29 hold F800 and D800 in
// each unit): RUN16's check.
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
	ORR   R6, R7, R5

// COPY16_STORE(at): the units of COPY16_CHECK (V0, V1) to dst+2*at (R9).
#define COPY16_STORE(at) \
	ADD   at<<1, R9, R4; \
	VST1  [V0.B16, V1.B16], (R4)

// func copyUTF16NEON(dst *uint16, src *byte, n int, order *[16]byte) int
// Copies the n code units at src (any alignment; n >= 16) to dst, each
// put in machine order by TBL with order (the identity for UTF-16LE, a
// byte swap for UTF-16BE), 16 units a step while a step holds no
// surrogate, and returns how many units it copied: n (the last step
// overlaps units already copied), or the start of the first step that
// holds a surrogate, which the Go code takes (copyUTF16NEONRuns).
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
	RUN16(loop, last, done, COPY16_CHECK, COPY16_STORE)
	MOVD  R2, ret+32(FP)
	RET

// 1, 2, 4 ... 128 in the eight 16-bit lanes: ANDed with a lane mask and
// added up (ADDV), the mask's bits.
DATA utf16LaneBits<>+0(SB)/8, $0x0008000400020001
DATA utf16LaneBits<>+8(SB)/8, $0x0080004000200010
GLOBL utf16LaneBits<>(SB), RODATA|NOPTR, $16

// func utf16ToUTF8NEON(dst *byte, dstLen int, src *byte, n int, order *[16]byte, steps *utf16StepTables) (read, written int)
// Converts the code units at src (n of them, any alignment), each put in
// machine order by TBL with order, to UTF-8 at dst, 8 units a step while 8
// are left, 16 bytes of room remain and a step has no unit from U+0800 on
// (a three-byte form or a surrogate: the Go code takes that step), and
// returns the units read and the bytes written. Each unit's one- or
// two-byte form is made in its 16-bit lane (the lead in the low byte, the
// continuation byte in the high one), and steps.twoByte's TBL control for
// the step's ASCII lanes keeps the bytes the forms have (steps.twoByteLen
// of them); a step of ASCII stores the units' low bytes. The 16 bytes
// stored past those are scratch the next step overwrites. The tables'
// offsets are checked by TestUTF16StepTablesLayout.
TEXT ·utf16ToUTF8NEON(SB), NOSPLIT, $0-64
	MOVD  dst+0(FP), R9
	MOVD  dstLen+8(FP), R10
	MOVD  src+16(FP), R0
	MOVD  n+24(FP), R1
	MOVD  order+32(FP), R4
	VLD1  (R4), [V31.B16]
	MOVD  steps+40(FP), R11               // twoByte at 0, twoByteLen at 4096
	ADD   $4096, R11, R12
	MOVD  $utf16LaneBits<>(SB), R4
	VLD1  (R4), [V24.B16]
	MOVD  $0xF800, R4
	VDUP  R4, V30.H8
	MOVD  $0xFF80, R4
	VDUP  R4, V29.H8
	MOVD  $0x00C0, R4
	VDUP  R4, V27.H8
	MOVD  $0x003F, R4
	VDUP  R4, V26.H8
	MOVD  $0x0080, R4
	VDUP  R4, V25.H8
	VEOR  V28.B16, V28.B16, V28.B16
	MOVD  $0, R2                          // units read
	MOVD  $0, R3                          // bytes written

step:
	ADD   $8, R2, R5
	CMP   R1, R5
	BHI   done
	SUB   R3, R10, R5
	CMP   $16, R5
	BLT   done
	ADD   R2<<1, R0, R4
	VLD1  (R4), [V0.B16]
	VTBL  V31.B16, [V0.B16], V0.B16
	VAND  V30.B16, V0.B16, V1.B16         // non-zero: U+0800 or more
	VMOV  V1.D[0], R6
	VMOV  V1.D[1], R7
	ORR   R6, R7, R6
	CBNZ  R6, done
	VAND  V29.B16, V0.B16, V2.B16
	VMOV  V2.D[0], R6
	VMOV  V2.D[1], R7
	ORR   R6, R7, R6
	CBZ   R6, ascii                       // no unit from U+0080 on
	VCMEQ V28.H8, V2.H8, V2.H8             // FFFF in the ASCII lanes (V28 is zero)
	VUSHR $6, V0.H8, V3.H8
	VORR  V27.B16, V3.B16, V3.B16          // the lead: C0 | u>>6
	VAND  V26.B16, V0.B16, V4.B16
	VORR  V25.B16, V4.B16, V4.B16          // the continuation byte: 80 | u&3F
	VSHL  $8, V4.H8, V4.H8
	VORR  V4.B16, V3.B16, V3.B16
	VBIT  V2.B16, V0.B16, V3.B16           // ASCII lanes: the unit itself
	VAND  V24.B16, V2.B16, V5.B16
	VADDV V5.H8, V5                        // the step's ASCII lanes, bit j for unit j
	VMOV  V5.H[0], R6
	ADD   R6<<4, R11, R7
	VLD1  (R7), [V6.B16]
	MOVBU (R12)(R6), R8
	VTBL  V6.B16, [V3.B16], V7.B16
	ADD   R3, R9, R4
	VST1  [V7.B16], (R4)
	ADD   R8, R3, R3
	ADD   $8, R2, R2
	B     step

ascii:
	// Eight ASCII units: their low bytes (the even ones, UZP1).
	VUZP1 V0.B16, V0.B16, V7.B16
	ADD   R3, R9, R4
	VST1  [V7.B16], (R4)
	ADD   $8, R3, R3
	ADD   $8, R2, R2
	B     step

done:
	MOVD  R2, read+48(FP)
	MOVD  R3, written+56(FP)
	RET

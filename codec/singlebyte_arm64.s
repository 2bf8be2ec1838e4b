//go:build !purego

#include "textflag.h"

// func singleByteToUTF16NEON(dst *uint16, src *byte, n int, t *singleByteWideTables) int
// Decodes src[:n] into dst (room for n units) 16 bytes a step, up to the
// first step with a byte that has no code point, and returns the bytes
// decoded (a multiple of 16). The upper half's code points come from
// t.lo and t.hi, 128 entries each, in V16..V23 and V24..V31: TBL looks up
// the first 64 (bytes 80..BF, by the byte XOR 80), TBX the other 64 (C0..FF,
// by that less 40); an index past 63 gives 0 to TBL and leaves TBX's lane
// as it was, so ASCII (XOR 80: 80..FF, less 40: 40..BF) gets 0 from both
// and then its own byte as the low byte. hi is FF for a byte with no code
// point (U+FFFD) and nowhere else. Go's arm64 assembler: sources first,
// destination last.
TEXT ·singleByteToUTF16NEON(SB), NOSPLIT, $0-40
	MOVD   dst+0(FP), R9
	MOVD   src+8(FP), R0
	MOVD   n+16(FP), R1
	MOVD   t+24(FP), R4
	VLD1.P 64(R4), [V16.B16, V17.B16, V18.B16, V19.B16] // lo, bytes 80..BF
	VLD1.P 64(R4), [V20.B16, V21.B16, V22.B16, V23.B16] // lo, C0..FF
	VLD1.P 64(R4), [V24.B16, V25.B16, V26.B16, V27.B16] // hi, 80..BF
	VLD1   (R4), [V28.B16, V29.B16, V30.B16, V31.B16]   // hi, C0..FF
	VMOVI  $0x80, V15.B16
	VMOVI  $0x40, V14.B16
	VMOVI  $0xFF, V13.B16
	MOVD   $0, R2

loop:
	ADD    $16, R2, R3
	CMP    R1, R3
	BHI    done
	ADD    R2, R0, R5
	VLD1   (R5), [V0.B16]
	VEOR   V15.B16, V0.B16, V1.B16 // the index for 80..BF
	VSUB   V14.B16, V1.B16, V2.B16 // and for C0..FF
	VTBL   V1.B16, [V16.B16, V17.B16, V18.B16, V19.B16], V4.B16
	VTBX   V2.B16, [V20.B16, V21.B16, V22.B16, V23.B16], V4.B16
	VCMTST V15.B16, V0.B16, V3.B16 // FF where the byte is not ASCII
	VBIF   V3.B16, V0.B16, V4.B16  // ASCII: its own byte
	VTBL   V1.B16, [V24.B16, V25.B16, V26.B16, V27.B16], V5.B16
	VTBX   V2.B16, [V28.B16, V29.B16, V30.B16, V31.B16], V5.B16
	VCMEQ  V13.B16, V5.B16, V6.B16 // no code point
	VMOV   V6.D[0], R6
	VMOV   V6.D[1], R7
	ORR    R6, R7, R6
	CBNZ   R6, done
	VZIP1  V5.B16, V4.B16, V7.B16  // units 0..7: low byte, high byte
	VZIP2  V5.B16, V4.B16, V8.B16  // units 8..15
	ADD    R2<<1, R9, R5
	VST1   [V7.B16, V8.B16], (R5)
	MOVD   R3, R2
	B      loop

done:
	MOVD   R2, ret+32(FP)
	RET

// 1, 2, 4 … 128 in each 8-byte half: ANDed with a mask of bytes and added
// up (ADDV), the mask's bits for each half.
DATA sbByteBits<>+0(SB)/8, $0x8040201008040201
DATA sbByteBits<>+8(SB)/8, $0x8040201008040201
GLOBL sbByteBits<>(SB), RODATA|NOPTR, $16

// COMPACT8(z, bits, at): the 8 characters of z (each the first and second
// bytes of its UTF-8 in its 16-bit lane; ASCII: the byte, and scratch)
// stored at dst+R3 through steps.twoByte's TBL control for its ASCII lanes
// (bits, a 16-bit lane: R6) and R3 moved on by steps.twoByteLen (R11 and
// R12 hold the two tables).
#define COMPACT8(z, bits) \
	VMOV  bits.H[0], R6; \
	ADD   R6<<4, R11, R7; \
	VLD1  (R7), [V10.B16]; \
	MOVBU (R12)(R6), R8; \
	VTBL  V10.B16, [z.B16], V10.B16; \
	ADD   R3, R9, R4; \
	VST1  [V10.B16], (R4); \
	ADD   R8, R3, R3

// func singleByteToUTF8NEON(dst *byte, dstLen int, src *byte, n int, t *singleByteWideTables, steps *utf16StepTables) (read, written int)
// Decodes src[:n] into dst[:dstLen] 16 bytes a step while a step's bytes
// are ASCII or have code points of two UTF-8 bytes, 16 bytes are left and
// 48 of room (a step writes at most 32, and its stores reach 16 past the
// last character), and returns the bytes read and written. The upper
// half's first and second UTF-8 bytes come from t.first and t.second by
// TBL and TBX as in singleByteToUTF16NEON (first is E0 or more for a code
// point of three bytes and FF for none: the step is the Go code's then);
// each byte's two are interleaved (ZIP1, ZIP2: ASCII, the byte and a
// zero), and each group of 8 is compacted with steps.twoByte, as in
// utf16ToUTF8NEON. A step of ASCII is copied.
TEXT ·singleByteToUTF8NEON(SB), NOSPLIT, $0-64
	MOVD   dst+0(FP), R9
	MOVD   dstLen+8(FP), R10
	MOVD   src+16(FP), R0
	MOVD   n+24(FP), R1
	MOVD   t+32(FP), R4
	ADD    $256, R4, R4                    // first, then second
	VLD1.P 64(R4), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD1.P 64(R4), [V20.B16, V21.B16, V22.B16, V23.B16]
	VLD1.P 64(R4), [V24.B16, V25.B16, V26.B16, V27.B16]
	VLD1   (R4), [V28.B16, V29.B16, V30.B16, V31.B16]
	MOVD   steps+40(FP), R11               // twoByte at 0, twoByteLen at 4096
	ADD    $4096, R11, R12
	MOVD   $sbByteBits<>(SB), R4
	VLD1   (R4), [V12.B16]
	VMOVI  $0x80, V15.B16
	VMOVI  $0x40, V14.B16
	VMOVI  $0xE0, V13.B16
	VEOR   V11.B16, V11.B16, V11.B16
	MOVD   $0x8080808080808080, R13
	MOVD   $0, R2                          // bytes read
	MOVD   $0, R3                          // bytes written

step:
	ADD    $16, R2, R5
	CMP    R1, R5
	BHI    done
	SUB    R3, R10, R5
	CMP    $48, R5
	BLT    done
	ADD    R2, R0, R4
	VLD1   (R4), [V0.B16]
	VMOV   V0.D[0], R6
	VMOV   V0.D[1], R7
	ORR    R6, R7, R6
	TST    R13, R6
	BEQ    ascii
	VEOR   V15.B16, V0.B16, V1.B16         // the index for 80..BF
	VSUB   V14.B16, V1.B16, V2.B16         // and for C0..FF
	VTBL   V1.B16, [V16.B16, V17.B16, V18.B16, V19.B16], V3.B16
	VTBX   V2.B16, [V20.B16, V21.B16, V22.B16, V23.B16], V3.B16 // first bytes
	VTBL   V1.B16, [V24.B16, V25.B16, V26.B16, V27.B16], V4.B16
	VTBX   V2.B16, [V28.B16, V29.B16, V30.B16, V31.B16], V4.B16 // second bytes
	VAND   V13.B16, V3.B16, V5.B16
	VCMEQ  V13.B16, V5.B16, V5.B16         // three bytes, or no code point
	VMOV   V5.D[0], R6
	VMOV   V5.D[1], R7
	ORR    R6, R7, R6
	CBNZ   R6, done
	VAND   V15.B16, V0.B16, V6.B16
	VCMEQ  V11.B16, V6.B16, V6.B16         // FF where the byte is ASCII
	VBIT   V6.B16, V0.B16, V3.B16          // there, the byte itself
	VZIP1  V4.B16, V3.B16, V7.B16          // characters 0..7
	VZIP2  V4.B16, V3.B16, V8.B16          // and 8..15
	VAND   V12.B16, V6.B16, V6.B16
	VEXT   $8, V6.B16, V6.B16, V9.B16
	VUADDLV V6.B8, V6                      // bit j: byte j is ASCII
	VUADDLV V9.B8, V9                      // the same for bytes 8..15
	COMPACT8(V7, V6)
	COMPACT8(V8, V9)
	ADD    $16, R2, R2
	B      step

ascii:
	ADD    R3, R9, R4
	VST1   [V0.B16], (R4)
	ADD    $16, R3, R3
	ADD    $16, R2, R2
	B      step

done:
	MOVD   R2, read+48(FP)
	MOVD   R3, written+56(FP)
	RET

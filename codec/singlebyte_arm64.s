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

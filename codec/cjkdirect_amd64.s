#include "textflag.h"

// The CJK encoders' vector path (cjkdirect.go): eight three-byte UTF-8
// sequences a step, looked up in a direct table by one gather. Plan 9
// operand order: sources first, destination last.

// Each 128-bit lane holds 16 input bytes (the first 12 are four
// sequences); this control puts sequence k's three bytes in dword k, the
// top byte zero.
DATA cjkSpread<>+0(SB)/8, $0x8005040380020100
DATA cjkSpread<>+8(SB)/8, $0x800b0a0980080706
DATA cjkSpread<>+16(SB)/8, $0x8005040380020100
DATA cjkSpread<>+24(SB)/8, $0x800b0a0980080706
GLOBL cjkSpread<>(SB), RODATA|NOPTR, $32

// Per dword: the bits that make a lead byte E0..EF and two continuation
// bytes, and their values.
DATA cjkShapeMask<>+0(SB)/4, $0x00c0c0f0
GLOBL cjkShapeMask<>(SB), RODATA|NOPTR, $4
DATA cjkShape<>+0(SB)/4, $0x008080e0
GLOBL cjkShape<>(SB), RODATA|NOPTR, $4
DATA cjkLow4<>+0(SB)/4, $0x0000000f
GLOBL cjkLow4<>(SB), RODATA|NOPTR, $4
DATA cjkMid6<>+0(SB)/4, $0x00003f00
GLOBL cjkMid6<>(SB), RODATA|NOPTR, $4
DATA cjkLow6<>+0(SB)/4, $0x0000003f
GLOBL cjkLow6<>(SB), RODATA|NOPTR, $4

// Picks each dword's table entry, first output byte in its high half, as
// two bytes in order: 8 bytes a lane.
DATA cjkPack<>+0(SB)/8, $0x0c0d080904050001
DATA cjkPack<>+8(SB)/8, $0x8080808080808080
DATA cjkPack<>+16(SB)/8, $0x0c0d080904050001
DATA cjkPack<>+24(SB)/8, $0x8080808080808080
GLOBL cjkPack<>(SB), RODATA|NOPTR, $32

// func encodeThreesAVX2(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int)
// Encodes groups of eight three-byte sequences of src[:n] whose entries in
// t are not 0 (two bytes each), while a whole group is such and fits; it
// loads 28 bytes a group, so it stops 32 bytes before the end.
TEXT ·encodeThreesAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R9
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ t+32(FP), R8
	XORQ AX, AX                       // read
	XORQ BX, BX                       // written
	VMOVDQU cjkSpread<>(SB), Y8
	VPBROADCASTD cjkShapeMask<>(SB), Y9
	VPBROADCASTD cjkShape<>(SB), Y10
	VPBROADCASTD cjkLow4<>(SB), Y11
	VPBROADCASTD cjkMid6<>(SB), Y12
	VPBROADCASTD cjkLow6<>(SB), Y13
	VMOVDQU cjkPack<>(SB), Y14
	VPXOR Y15, Y15, Y15
loop:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  done
	LEAQ 16(BX), DX
	CMPQ DX, R9
	JHI  done
	VMOVDQU (SI)(AX*1), X0
	VINSERTI128 $1, 12(SI)(AX*1), Y0, Y0
	VPSHUFB Y8, Y0, Y1                // dword k: sequence k's bytes
	VPAND   Y9, Y1, Y2
	VPCMPEQD Y10, Y2, Y2              // all ones where the shape is right
	VPMOVMSKB Y2, DX
	CMPL DX, $-1
	JNE  done
	// The code point: (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | b2 & 0x3F.
	VPAND   Y11, Y1, Y3
	VPSLLD  $12, Y3, Y3
	VPAND   Y12, Y1, Y4
	VPSRLD  $2, Y4, Y4
	VPOR    Y4, Y3, Y3
	VPSRLD  $16, Y1, Y4
	VPAND   Y13, Y4, Y4
	VPOR    Y4, Y3, Y3
	VPCMPEQD Y5, Y5, Y5               // gather every lane
	VPXOR   Y6, Y6, Y6
	VPGATHERDD Y5, (R8)(Y3*2), Y6     // the entry in each dword's low half
	VPSLLD  $16, Y6, Y7
	VPCMPEQD Y15, Y7, Y7              // all ones where the entry is 0
	VPMOVMSKB Y7, DX
	TESTL DX, DX
	JNZ  done
	VPSHUFB Y14, Y6, Y6
	VPERMQ  $0x08, Y6, Y6             // the two lanes' 8 bytes together
	VMOVDQU X6, (DI)(BX*1)
	ADDQ $24, AX
	ADDQ $16, BX
	JMP  loop
done:
	VZEROUPPER
	MOVQ AX, read+40(FP)
	MOVQ BX, written+48(FP)
	RET

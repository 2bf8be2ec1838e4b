#include "textflag.h"

// The AVX2 kernel for the single-byte decoders' UTF-16 output
// (singlebyte.go), 32 bytes a step. A byte of the upper half is looked up
// in its encoding's 128 code points: VPSHUFB looks up 16 entries by the low
// nibble, so each of the eight high nibbles 8..F has a 16-entry table for
// the code point's low byte and one for its high byte, and a compare of
// the high nibble keeps the right table's answer. ASCII bytes stay as they
// are. Plan 9 operand order: sources first, destination last.

// Each high nibble of the upper half, 8 to F, in all 32 bytes of a row.
DATA sbNibbles<>+0(SB)/8, $0x0808080808080808
DATA sbNibbles<>+8(SB)/8, $0x0808080808080808
DATA sbNibbles<>+16(SB)/8, $0x0808080808080808
DATA sbNibbles<>+24(SB)/8, $0x0808080808080808
DATA sbNibbles<>+32(SB)/8, $0x0909090909090909
DATA sbNibbles<>+40(SB)/8, $0x0909090909090909
DATA sbNibbles<>+48(SB)/8, $0x0909090909090909
DATA sbNibbles<>+56(SB)/8, $0x0909090909090909
DATA sbNibbles<>+64(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbNibbles<>+72(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbNibbles<>+80(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbNibbles<>+88(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbNibbles<>+96(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbNibbles<>+104(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbNibbles<>+112(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbNibbles<>+120(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbNibbles<>+128(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbNibbles<>+136(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbNibbles<>+144(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbNibbles<>+152(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbNibbles<>+160(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbNibbles<>+168(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbNibbles<>+176(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbNibbles<>+184(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbNibbles<>+192(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbNibbles<>+200(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbNibbles<>+208(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbNibbles<>+216(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbNibbles<>+224(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA sbNibbles<>+232(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA sbNibbles<>+240(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA sbNibbles<>+248(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL sbNibbles<>(SB), RODATA|NOPTR, $256

// func singleByteToUTF16AVX2(dst *uint16, src *byte, n int, t *singleByteVectorTables) int
// Decodes src[:n] into dst (room for n units) 32 bytes a step, up to the
// first step with a byte that has no code point (U+FFFD in the tables),
// and returns the bytes decoded (a multiple of 32).
TEXT ·singleByteToUTF16AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), R9
	LEAQ sbNibbles<>(SB), R10
	MOVL $0x0F0F0F0F, DX
	MOVQ DX, X15
	VPBROADCASTD X15, Y15
	MOVL $0xFDFDFDFD, DX
	MOVQ DX, X14
	VPBROADCASTD X14, Y14
	VPCMPEQB Y13, Y13, Y13 // 0xFF bytes
	XORQ AX, AX
step:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  done
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL DX, DX
	JZ   ascii
	VPSRLW  $4, Y0, Y1
	VPAND   Y15, Y1, Y1 // high nibbles
	VPAND   Y15, Y0, Y2 // low nibbles
	VPXOR   Y5, Y5, Y5  // the code points' low bytes
	VPXOR   Y6, Y6, Y6  // and high bytes
	// Bytes 0x80 to 0x8F.
	VPCMPEQB 0(R10), Y1, Y3
	VMOVDQU 0(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 32(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0x90 to 0x9F.
	VPCMPEQB 32(R10), Y1, Y3
	VMOVDQU 64(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 96(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0xA0 to 0xAF.
	VPCMPEQB 64(R10), Y1, Y3
	VMOVDQU 128(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 160(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0xB0 to 0xBF.
	VPCMPEQB 96(R10), Y1, Y3
	VMOVDQU 192(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 224(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0xC0 to 0xCF.
	VPCMPEQB 128(R10), Y1, Y3
	VMOVDQU 256(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 288(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0xD0 to 0xDF.
	VPCMPEQB 160(R10), Y1, Y3
	VMOVDQU 320(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 352(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0xE0 to 0xEF.
	VPCMPEQB 192(R10), Y1, Y3
	VMOVDQU 384(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 416(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// Bytes 0xF0 to 0xFF.
	VPCMPEQB 224(R10), Y1, Y3
	VMOVDQU 448(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y5, Y5
	VMOVDQU 480(R9), Y4
	VPSHUFB Y2, Y4, Y4
	VPAND   Y3, Y4, Y4
	VPOR    Y4, Y6, Y6
	// ASCII bytes are their own code points (their high bytes are zero:
	// no nibble matched).
	VPBLENDVB Y0, Y5, Y0, Y5
	// U+FFFD: a byte without a code point; the Go code takes this step.
	VPCMPEQB Y14, Y5, Y7
	VPCMPEQB Y13, Y6, Y8
	VPTEST  Y8, Y7
	JNZ     done
	VPUNPCKLBW Y6, Y5, Y7 // units of bytes 0-7 and 16-23
	VPUNPCKHBW Y6, Y5, Y8 // 8-15 and 24-31
	VPERM2I128 $0x20, Y8, Y7, Y9
	VPERM2I128 $0x31, Y8, Y7, Y10
	VMOVDQU Y9, (DI)(AX*2)
	VMOVDQU Y10, 32(DI)(AX*2)
	ADDQ $32, AX
	JMP  step
ascii:
	VPMOVZXBW X0, Y7
	VEXTRACTI128 $1, Y0, X8
	VPMOVZXBW X8, Y8
	VMOVDQU Y7, (DI)(AX*2)
	VMOVDQU Y8, 32(DI)(AX*2)
	ADDQ $32, AX
	JMP  step
done:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

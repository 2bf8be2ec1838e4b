//go:build !purego

#include "textflag.h"

// The AVX2 kernels of the single-byte encodings (singlebyte.go), 32 bytes
// a step: the decoders to UTF-16 and to UTF-8, and the encoder from UTF-8
// for Latin text. A byte of the upper half is looked up in its encoding's
// 128 code points: VPSHUFB looks up 16 entries by the low nibble, so each
// of the eight high nibbles 8..F has a 16-entry table for the code point's
// low byte and one for its high byte, and a compare of the high nibble
// keeps the right table's answer (SB_LOOKUP); the encoder looks up the
// bytes for U+0080 to U+00FF the same way. ASCII bytes stay as they are.
// With AVX-512 (VBMI) the encoder takes more blocks (encodeBlocksAVX512),
// and the decoders take 64 bytes a step through VPERMB, two lookups a
// table instead of SB_LOOKUP's eight (singleByteToUTF16AVX512 and
// singleByteToUTF8AVX512, at the end of the file).
// Plan 9 operand order: sources first, destination last.

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

// Bytes for the UTF-8 output, a row of 32 each.
// at 0: 0xF8: a code point's high byte from U+0800 on
DATA sbUTF8Consts<>+0(SB)/8, $0xf8f8f8f8f8f8f8f8
DATA sbUTF8Consts<>+8(SB)/8, $0xf8f8f8f8f8f8f8f8
DATA sbUTF8Consts<>+16(SB)/8, $0xf8f8f8f8f8f8f8f8
DATA sbUTF8Consts<>+24(SB)/8, $0xf8f8f8f8f8f8f8f8
// at 32: 0x1C
DATA sbUTF8Consts<>+32(SB)/8, $0x1c1c1c1c1c1c1c1c
DATA sbUTF8Consts<>+40(SB)/8, $0x1c1c1c1c1c1c1c1c
DATA sbUTF8Consts<>+48(SB)/8, $0x1c1c1c1c1c1c1c1c
DATA sbUTF8Consts<>+56(SB)/8, $0x1c1c1c1c1c1c1c1c
// at 64: 0x03
DATA sbUTF8Consts<>+64(SB)/8, $0x0303030303030303
DATA sbUTF8Consts<>+72(SB)/8, $0x0303030303030303
DATA sbUTF8Consts<>+80(SB)/8, $0x0303030303030303
DATA sbUTF8Consts<>+88(SB)/8, $0x0303030303030303
// at 96: 0xC0
DATA sbUTF8Consts<>+96(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA sbUTF8Consts<>+104(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA sbUTF8Consts<>+112(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA sbUTF8Consts<>+120(SB)/8, $0xc0c0c0c0c0c0c0c0
// at 128: 0x3F
DATA sbUTF8Consts<>+128(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA sbUTF8Consts<>+136(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA sbUTF8Consts<>+144(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA sbUTF8Consts<>+152(SB)/8, $0x3f3f3f3f3f3f3f3f
// at 160: 0x80
DATA sbUTF8Consts<>+160(SB)/8, $0x8080808080808080
DATA sbUTF8Consts<>+168(SB)/8, $0x8080808080808080
DATA sbUTF8Consts<>+176(SB)/8, $0x8080808080808080
DATA sbUTF8Consts<>+184(SB)/8, $0x8080808080808080
// at 192: 0xE0
DATA sbUTF8Consts<>+192(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA sbUTF8Consts<>+200(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA sbUTF8Consts<>+208(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA sbUTF8Consts<>+216(SB)/8, $0xe0e0e0e0e0e0e0e0
GLOBL sbUTF8Consts<>(SB), RODATA|NOPTR, $224

// Bytes for blockToSingleByteAVX2, a row of 32 each.
// at 0: 0xC0
DATA sbBlockConsts<>+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA sbBlockConsts<>+8(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA sbBlockConsts<>+16(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA sbBlockConsts<>+24(SB)/8, $0xc0c0c0c0c0c0c0c0
// at 32: 0x80
DATA sbBlockConsts<>+32(SB)/8, $0x8080808080808080
DATA sbBlockConsts<>+40(SB)/8, $0x8080808080808080
DATA sbBlockConsts<>+48(SB)/8, $0x8080808080808080
DATA sbBlockConsts<>+56(SB)/8, $0x8080808080808080
// at 64: 0xFE
DATA sbBlockConsts<>+64(SB)/8, $0xfefefefefefefefe
DATA sbBlockConsts<>+72(SB)/8, $0xfefefefefefefefe
DATA sbBlockConsts<>+80(SB)/8, $0xfefefefefefefefe
DATA sbBlockConsts<>+88(SB)/8, $0xfefefefefefefefe
// at 96: 0x01 (a lead byte's low bit)
DATA sbBlockConsts<>+96(SB)/8, $0x0101010101010101
DATA sbBlockConsts<>+104(SB)/8, $0x0101010101010101
DATA sbBlockConsts<>+112(SB)/8, $0x0101010101010101
DATA sbBlockConsts<>+120(SB)/8, $0x0101010101010101
// at 128: 0x3F
DATA sbBlockConsts<>+128(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA sbBlockConsts<>+136(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA sbBlockConsts<>+144(SB)/8, $0x3f3f3f3f3f3f3f3f
DATA sbBlockConsts<>+152(SB)/8, $0x3f3f3f3f3f3f3f3f
// at 160: high nibble 8
DATA sbBlockConsts<>+160(SB)/8, $0x0808080808080808
DATA sbBlockConsts<>+168(SB)/8, $0x0808080808080808
DATA sbBlockConsts<>+176(SB)/8, $0x0808080808080808
DATA sbBlockConsts<>+184(SB)/8, $0x0808080808080808
// at 192: high nibble 9
DATA sbBlockConsts<>+192(SB)/8, $0x0909090909090909
DATA sbBlockConsts<>+200(SB)/8, $0x0909090909090909
DATA sbBlockConsts<>+208(SB)/8, $0x0909090909090909
DATA sbBlockConsts<>+216(SB)/8, $0x0909090909090909
// at 224: high nibble A
DATA sbBlockConsts<>+224(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbBlockConsts<>+232(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbBlockConsts<>+240(SB)/8, $0x0a0a0a0a0a0a0a0a
DATA sbBlockConsts<>+248(SB)/8, $0x0a0a0a0a0a0a0a0a
// at 256: high nibble B
DATA sbBlockConsts<>+256(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbBlockConsts<>+264(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbBlockConsts<>+272(SB)/8, $0x0b0b0b0b0b0b0b0b
DATA sbBlockConsts<>+280(SB)/8, $0x0b0b0b0b0b0b0b0b
// at 288: high nibble C
DATA sbBlockConsts<>+288(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbBlockConsts<>+296(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbBlockConsts<>+304(SB)/8, $0x0c0c0c0c0c0c0c0c
DATA sbBlockConsts<>+312(SB)/8, $0x0c0c0c0c0c0c0c0c
// at 320: high nibble D
DATA sbBlockConsts<>+320(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbBlockConsts<>+328(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbBlockConsts<>+336(SB)/8, $0x0d0d0d0d0d0d0d0d
DATA sbBlockConsts<>+344(SB)/8, $0x0d0d0d0d0d0d0d0d
// at 352: high nibble E
DATA sbBlockConsts<>+352(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbBlockConsts<>+360(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbBlockConsts<>+368(SB)/8, $0x0e0e0e0e0e0e0e0e
DATA sbBlockConsts<>+376(SB)/8, $0x0e0e0e0e0e0e0e0e
// at 384: high nibble F
DATA sbBlockConsts<>+384(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA sbBlockConsts<>+392(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA sbBlockConsts<>+400(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA sbBlockConsts<>+408(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL sbBlockConsts<>(SB), RODATA|NOPTR, $416

// SB_LOOKUP: the code points of the 32 bytes in Y0 (R9 the tables, R10
// sbNibbles, Y15 0x0F bytes): low bytes in Y5 (ASCII bytes as they are),
// high bytes in Y6 (zero for ASCII). Uses Y1 to Y4.
#define SB_LOOKUP \
	VPSRLW  $4, Y0, Y1; \
	VPAND   Y15, Y1, Y1; \
	VPAND   Y15, Y0, Y2; \
	VPXOR   Y5, Y5, Y5; \
	VPXOR   Y6, Y6, Y6; \
	VPCMPEQB 0(R10), Y1, Y3; \
	VMOVDQU 0(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 32(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 32(R10), Y1, Y3; \
	VMOVDQU 64(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 96(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 64(R10), Y1, Y3; \
	VMOVDQU 128(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 160(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 96(R10), Y1, Y3; \
	VMOVDQU 192(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 224(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 128(R10), Y1, Y3; \
	VMOVDQU 256(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 288(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 160(R10), Y1, Y3; \
	VMOVDQU 320(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 352(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 192(R10), Y1, Y3; \
	VMOVDQU 384(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 416(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPCMPEQB 224(R10), Y1, Y3; \
	VMOVDQU 448(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y5, Y5; \
	VMOVDQU 480(R9), Y4; \
	VPSHUFB Y2, Y4, Y4; \
	VPAND   Y3, Y4, Y4; \
	VPOR    Y4, Y6, Y6; \
	VPBLENDVB Y0, Y5, Y0, Y5

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
	VMOVQ DX, X15
	VPBROADCASTD X15, Y15
	MOVL $0xFDFDFDFD, DX
	VMOVQ DX, X14
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
	SB_LOOKUP
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

// func singleByteToUTF8AVX2(dst *byte, dstLen int, src *byte, n int, t *singleByteVectorTables, steps *utf16StepTables) (read, written int)
// Decodes src[:n] into dst[:dstLen] 32 bytes a step while a step's bytes
// all have code points, at least 32 bytes are left and 112 bytes of room
// (a step writes at most 96, and its stores reach 16 bytes past the last
// character), and returns the bytes read and written. Each byte's lead and continuation bytes (ASCII: the byte,
// and a continuation dropped) are interleaved, and each group of 8 is
// compacted with steps.twoByte, as in utf16ToUTF8AVX2.
TEXT ·singleByteToUTF8AVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ t+32(FP), R9
	MOVQ steps+40(FP), R11
	LEAQ sbUTF8Consts<>(SB), R14
	MOVL $0x0F0F0F0F, DX
	VMOVQ DX, X15
	VPBROADCASTD X15, Y15
	MOVL $0xFDFDFDFD, DX
	VMOVQ DX, X14
	VPBROADCASTD X14, Y14
	VPCMPEQB Y13, Y13, Y13 // 0xFF bytes
	XORQ AX, AX            // bytes read
	XORQ BX, BX            // bytes written
step8:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  done8
	LEAQ 112(BX), DX
	CMPQ DX, R8
	JHI  done8
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL DX, DX
	JZ   ascii8
	LEAQ sbNibbles<>(SB), R10
	SB_LOOKUP
	VPCMPEQB Y14, Y5, Y7
	VPCMPEQB Y13, Y6, Y8
	VPTEST  Y8, Y7
	JNZ     done8          // a byte without a code point
	VPTEST  0(R14), Y6
	JNZ     mixed8         // a code point of three bytes
	// Lead bytes 0xC0 | hi<<2 | lo>>6 (ASCII: the byte), continuation
	// bytes 0x80 | lo&0x3F.
	VPSLLW  $2, Y6, Y7
	VPAND   32(R14), Y7, Y7
	VPSRLW  $6, Y5, Y8
	VPAND   64(R14), Y8, Y8
	VPOR    Y8, Y7, Y7
	VPOR    96(R14), Y7, Y7
	VPBLENDVB Y0, Y7, Y0, Y7
	VPAND   128(R14), Y5, Y8
	VPOR    160(R14), Y8, Y8
	VPUNPCKLBW Y8, Y7, Y9  // groups 0 (bytes 0-7) and 2 (16-23)
	VPUNPCKHBW Y8, Y7, Y10 // groups 1 and 3
	// The controls, by each group's ASCII bytes (DX: the others).
	MOVL    DX, R12
	NOTL    R12
	ANDL    $0xFF, R12
	SHLL    $4, R12
	MOVL    DX, R13
	SHRL    $8, R13
	NOTL    R13
	ANDL    $0xFF, R13
	SHLL    $4, R13
	VMOVDQU (R11)(R12*1), X11
	VMOVDQU (R11)(R13*1), X12
	MOVL    DX, R12
	SHRL    $16, R12
	NOTL    R12
	ANDL    $0xFF, R12
	SHLL    $4, R12
	MOVL    DX, R13
	SHRL    $24, R13
	NOTL    R13
	ANDL    $0xFF, R13
	SHLL    $4, R13
	VINSERTI128 $1, (R11)(R12*1), Y11, Y11
	VINSERTI128 $1, (R11)(R13*1), Y12, Y12
	VPSHUFB Y11, Y9, Y9
	VPSHUFB Y12, Y10, Y10
	// Each group takes 8 bytes and one more per non-ASCII byte.
	VMOVDQU X9, (DI)(BX*1)
	MOVL    DX, R12
	ANDL    $0xFF, R12
	POPCNTL R12, R12
	LEAQ    8(BX)(R12*1), BX
	VMOVDQU X10, (DI)(BX*1)
	MOVL    DX, R12
	SHRL    $8, R12
	ANDL    $0xFF, R12
	POPCNTL R12, R12
	LEAQ    8(BX)(R12*1), BX
	VEXTRACTI128 $1, Y9, X9
	VMOVDQU X9, (DI)(BX*1)
	MOVL    DX, R12
	SHRL    $16, R12
	ANDL    $0xFF, R12
	POPCNTL R12, R12
	LEAQ    8(BX)(R12*1), BX
	VEXTRACTI128 $1, Y10, X10
	VMOVDQU X10, (DI)(BX*1)
	SHRL    $24, DX
	POPCNTL DX, DX
	LEAQ    8(BX)(DX*1), BX
	ADDQ    $32, AX
	JMP     step8
mixed8:
	// Code points of one, two and three bytes: each byte's UTF-8 in a
	// 32-bit lane, first byte F, second S, third T (lo and hi: the code
	// point's bytes; Z: below U+0800),
	//   F = ASCII ? byte : Z ? 0xC0|hi<<2|lo>>6 : 0xE0|hi>>4
	//   S = Z ? 0x80|lo&0x3F : 0x80|(hi&0x0F)<<2|lo>>6
	//   T = Z ? 0 : 0x80|lo&0x3F
	// and each group of four lanes compacted with steps.mixed, as in
	// utf16ToUTF8AVX2's mixed steps, indexed by the group's bytes that
	// are not ASCII (DX) and those of three bytes (R10).
	VPAND   0(R14), Y6, Y7
	VPXOR   Y12, Y12, Y12
	VPCMPEQB Y12, Y7, Y7     // Z
	VPSLLW  $2, Y6, Y8
	VPAND   32(R14), Y8, Y8
	VPSRLW  $6, Y5, Y9
	VPAND   64(R14), Y9, Y9  // lo>>6
	VPOR    Y9, Y8, Y8
	VPOR    96(R14), Y8, Y8  // two-byte lead
	VPSRLW  $4, Y6, Y10
	VPAND   Y15, Y10, Y10
	VPOR    192(R14), Y10, Y10 // three-byte lead
	VPBLENDVB Y7, Y8, Y10, Y10
	VPBLENDVB Y0, Y10, Y0, Y10 // F
	VPAND   Y15, Y6, Y8
	VPSLLW  $2, Y8, Y8
	VPOR    Y9, Y8, Y8
	VPOR    160(R14), Y8, Y8 // three-byte second
	VPAND   128(R14), Y5, Y11
	VPOR    160(R14), Y11, Y11 // continuation of lo
	VPBLENDVB Y7, Y11, Y8, Y8  // S
	VPANDN  Y11, Y7, Y11       // T
	VPMOVMSKB Y7, R10
	NOTL    R10                // three-byte bytes
	VPUNPCKLBW Y8, Y10, Y9     // F,S for units 0-7 and 16-23
	VPUNPCKHBW Y8, Y10, Y10    // 8-15 and 24-31
	VPUNPCKLBW Y12, Y11, Y8    // T,0 likewise
	VPUNPCKHBW Y12, Y11, Y11
	VPUNPCKLWD Y8, Y9, Y1      // units 0-3 and 16-19
	VPUNPCKHWD Y8, Y9, Y2      // 4-7 and 20-23
	VPUNPCKLWD Y11, Y10, Y3    // 8-11 and 24-27
	VPUNPCKHWD Y11, Y10, Y4    // 12-15 and 28-31
	// The high halves first: a 128-bit VPSHUFB clears its register's.
	VEXTRACTI128 $1, Y1, X8
	VEXTRACTI128 $1, Y2, X9
	VEXTRACTI128 $1, Y3, X10
	VEXTRACTI128 $1, Y4, X11
	// Group 0: units 0-3.
	MOVL    DX, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X1, X1
	VMOVDQU X1, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 1: units 4-7.
	MOVL    DX, R12
	SHRL    $4, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $4, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X2, X2
	VMOVDQU X2, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 2: units 8-11.
	MOVL    DX, R12
	SHRL    $8, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $8, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X3, X3
	VMOVDQU X3, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 3: units 12-15.
	MOVL    DX, R12
	SHRL    $12, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $12, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X4, X4
	VMOVDQU X4, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 4: units 16-19.
	MOVL    DX, R12
	SHRL    $16, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $16, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X8, X8
	VMOVDQU X8, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 5: units 20-23.
	MOVL    DX, R12
	SHRL    $20, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $20, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X9, X9
	VMOVDQU X9, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 6: units 24-27.
	MOVL    DX, R12
	SHRL    $24, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $24, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X10, X10
	VMOVDQU X10, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	// Group 7: units 28-31.
	MOVL    DX, R12
	SHRL    $28, R12
	ANDL    $0x0F, R12
	MOVL    R10, R13
	SHRL    $28, R13
	ANDL    $0x0F, R13
	SHLL    $4, R13
	ORL     R13, R12
	MOVL    R12, R13
	SHLL    $4, R13
	VPSHUFB 4352(R11)(R13*1), X11, X11
	VMOVDQU X11, (DI)(BX*1)
	POPCNTL R12, R12
	LEAQ    4(BX)(R12*1), BX
	ADDQ    $32, AX
	JMP     step8
ascii8:
	VMOVDQU Y0, (DI)(BX*1)
	ADDQ    $32, AX
	ADDQ    $32, BX
	JMP     step8
done8:
	VZEROUPPER
	MOVQ    AX, read+48(FP)
	MOVQ    BX, written+56(FP)
	RET

// func blockToSingleByteAVX2(dst *byte, dstLen int, src *byte, n int, t *[8][32]byte, lead int, packs *[256][8]byte) (read, written int)
// Encodes UTF-8 at src (from a character's first byte) into a single-byte
// encoding 32 bytes a step while a step holds only ASCII and two-byte
// sequences led by lead or lead+1 (lead even: the 128 code points from
// (lead&0x1F)<<6, the block of the encoding's letters) whose code points
// the encoding has (t: its bytes for the block, 16 per high nibble of
// 0x80|j for the block's j-th code point, 0 for none), 33 bytes of src are
// left and 40 bytes of room; it returns the bytes read and written. A
// step that ends with a lead byte takes 31 bytes. Each lead byte's
// position gets the encoded byte (looked up as in SB_LOOKUP), each
// continuation byte's is dropped: groups of 8 are packed with packs (by
// the bytes kept) and stored 8 bytes at a time.
TEXT ·blockToSingleByteAVX2(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ t+32(FP), R9
	MOVQ lead+40(FP), DX
	VMOVQ DX, X13
	VPBROADCASTB X13, Y13
	MOVQ packs+48(FP), R11
	LEAQ sbBlockConsts<>(SB), R14
	MOVL $0x0F0F0F0F, DX
	VMOVQ DX, X15
	VPBROADCASTD X15, Y15
	VPXOR Y14, Y14, Y14
	XORQ AX, AX // bytes read
	XORQ BX, BX // bytes written
lstep:
	LEAQ 33(AX), DX
	CMPQ DX, CX
	JHI  ldone
	LEAQ 40(BX), DX
	CMPQ DX, R8
	JHI  ldone
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL DX, DX
	JZ   lascii
	// Continuation bytes (0x80-0xBF) and the block's leads: nothing else,
	// and each continuation right after a lead (a lead last has its
	// continuation in the next step).
	VPAND   0(R14), Y0, Y2   // & 0xC0
	VPCMPEQB 32(R14), Y2, Y2 // == 0x80
	VPMOVMSKB Y2, R12        // continuations
	VPAND   64(R14), Y0, Y3  // & 0xFE
	VPCMPEQB Y13, Y3, Y3     // == lead
	VPMOVMSKB Y3, R13        // leads
	MOVL    R12, R10
	ORL     R13, R10
	CMPL    R10, DX
	JNE     ldone
	MOVL    R13, R10
	SHLL    $1, R10
	CMPL    R10, R12
	JNE     ldone
	// The index at each lead: 0x80 | (lead&1)<<6 | next&0x3F.
	VMOVDQU 1(SI)(AX*1), Y1
	VPAND   96(R14), Y0, Y4  // & 0x01
	VPSLLW  $6, Y4, Y4
	VPAND   128(R14), Y1, Y5 // & 0x3F
	VPOR    Y5, Y4, Y4
	VPOR    32(R14), Y4, Y4  // | 0x80
	VPSRLW  $4, Y4, Y1
	VPAND   Y15, Y1, Y1      // high nibbles (8-F at leads)
	VPAND   Y15, Y4, Y2      // low nibbles
	VPXOR   Y5, Y5, Y5
	VPCMPEQB 160(R14), Y1, Y3
	VMOVDQU 0(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 192(R14), Y1, Y3
	VMOVDQU 32(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 224(R14), Y1, Y3
	VMOVDQU 64(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 256(R14), Y1, Y3
	VMOVDQU 96(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 288(R14), Y1, Y3
	VMOVDQU 128(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 320(R14), Y1, Y3
	VMOVDQU 160(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 352(R14), Y1, Y3
	VMOVDQU 192(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	VPCMPEQB 384(R14), Y1, Y3
	VMOVDQU 224(R9), Y6
	VPSHUFB Y2, Y6, Y6
	VPAND   Y3, Y6, Y6
	VPOR    Y6, Y5, Y5
	// A lead without a byte in the encoding: the Go code takes the step.
	VPCMPEQB Y14, Y5, Y6
	VPMOVMSKB Y6, R10
	ANDL    R13, R10
	JNZ     ldone
	VPBLENDVB Y0, Y5, Y0, Y5 // ASCII bytes as they are
	NOTL    R12              // the bytes kept
	MOVL    R13, R10
	ANDL    $0x80000000, R10
	XORL    R10, R12         // but not a lead last
	VMOVDQA X5, X6
	MOVL    R12, R10
	SHRL    $0, R10
	ANDL    $0xFF, R10
	VMOVQ   (R11)(R10*8), X8
	VPSHUFB X8, X6, X6
	VMOVQ   X6, (DI)(BX*1)
	POPCNTL R10, R10
	ADDQ    R10, BX
	VPSRLDQ $8, X5, X6
	MOVL    R12, R10
	SHRL    $8, R10
	ANDL    $0xFF, R10
	VMOVQ   (R11)(R10*8), X8
	VPSHUFB X8, X6, X6
	VMOVQ   X6, (DI)(BX*1)
	POPCNTL R10, R10
	ADDQ    R10, BX
	VEXTRACTI128 $1, Y5, X7
	VMOVDQA X7, X6
	MOVL    R12, R10
	SHRL    $16, R10
	ANDL    $0xFF, R10
	VMOVQ   (R11)(R10*8), X8
	VPSHUFB X8, X6, X6
	VMOVQ   X6, (DI)(BX*1)
	POPCNTL R10, R10
	ADDQ    R10, BX
	VPSRLDQ $8, X7, X6
	MOVL    R12, R10
	SHRL    $24, R10
	ANDL    $0xFF, R10
	VMOVQ   (R11)(R10*8), X8
	VPSHUFB X8, X6, X6
	VMOVQ   X6, (DI)(BX*1)
	POPCNTL R10, R10
	ADDQ    R10, BX
	SHRL    $31, R13
	ADDQ    $32, AX
	SUBQ    R13, AX
	JMP     lstep
lascii:
	VMOVDQU Y0, (DI)(BX*1)
	ADDQ    $32, AX
	ADDQ    $32, BX
	JMP     lstep
ldone:
	VZEROUPPER
	MOVQ    AX, read+56(FP)
	MOVQ    BX, written+64(FP)
	RET

// Bytes for encodeBlocksAVX512, broadcast.
DATA sbBlocksConsts<>+0(SB)/4, $0xfefefefe
DATA sbBlocksConsts<>+4(SB)/4, $0xc0c0c0c0
DATA sbBlocksConsts<>+8(SB)/4, $0x80808080
DATA sbBlocksConsts<>+12(SB)/4, $0x3f3f3f3f
DATA sbBlocksConsts<>+16(SB)/4, $0x01010101
GLOBL sbBlocksConsts<>(SB), RODATA|NOPTR, $20

// SB_BLOCKS_TABLES512: the 128-entry tables of the singleByteBlocks at DX,
// each in two registers for VPERMI2B: two in Z20-Z21, three in Z22-Z23,
// twoB in Z16-Z17.
#define SB_BLOCKS_TABLES512 \
	VMOVDQU64 0(DX), Z20; \
	VMOVDQU64 64(DX), Z21; \
	VMOVDQU64 128(DX), Z22; \
	VMOVDQU64 192(DX), Z23; \
	VMOVDQU64 256(DX), Z16; \
	VMOVDQU64 320(DX), Z17

// func encodeBlocksAVX512(dst *byte, dstLen int, src *byte, n int, t *singleByteBlocks) (read, written int)
// Encodes UTF-8 at src (from a character's first byte) into a single-byte
// encoding 64 bytes a window while 66 bytes of src are left and 64 bytes
// of room: ASCII, two-byte sequences of t's two two-byte blocks (lead
// byte t.lead2 or t.lead2+1: the encoding's letters; t.lead2b or
// t.lead2b+1: its symbols, or more letters) and three-byte sequences of
// its three-byte block (lead byte t.lead3, second byte t.second3 or
// t.second3+1: the punctuation of U+2000 to U+207F, or Thai), through
// t.two, t.twoB and t.three (VPERMI2B over 128 entries; 0 for none). It stops
// before anything else: another byte or sequence, a code point the
// encoding lacks; a window ends before a sequence that runs past it. The
// encoded bytes replace each sequence's lead, and VPCOMPRESSB drops the
// continuation bytes.
TEXT ·encodeBlocksAVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+16(FP), SI
	MOVQ t+32(FP), DX
	SB_BLOCKS_TABLES512
	VPBROADCASTB 384(DX), Z24 // lead2
	VPBROADCASTB 385(DX), Z25 // lead3
	VPBROADCASTB 386(DX), Z26 // second3
	VPBROADCASTB 387(DX), Z18 // lead2b
	LEAQ sbBlocksConsts<>(SB), DX
	VPBROADCASTD 0(DX), Z27  // 0xFE
	VPBROADCASTD 4(DX), Z28  // 0xC0
	VPBROADCASTD 8(DX), Z29  // 0x80
	VPBROADCASTD 12(DX), Z30 // 0x3F
	VPBROADCASTD 16(DX), Z31 // 0x01
	XORQ AX, AX // read
	XORQ BX, BX // written
bwindow:
	LEAQ 66(AX), DX
	CMPQ DX, n+24(FP)
	JHI  bdone
	LEAQ 64(BX), DX
	CMPQ DX, dstLen+8(FP)
	JHI  bdone
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R10 // bytes not ASCII
	TESTQ     R10, R10
	JNZ       bmixed
	VMOVDQU64 Z0, (DI)(BX*1)
	ADDQ $64, AX
	ADDQ $64, BX
	JMP  bwindow
bmixed:
	// The window's length where it holds nothing else, from its last two
	// bytes alone (a lead at 63, or a three-byte lead at 62, starts the
	// next window), so that the next window's loads need not wait for
	// the masks.
	MOVL      $64, R9
	MOVL      $63, CX
	MOVL      $62, R8
	CMPB      63(SI)(AX*1), $0xc0
	CMOVLCC   CX, R9
	CMPB      62(SI)(AX*1), $0xe0
	CMOVLCC   R8, R9
	VMOVDQU64 1(SI)(AX*1), Z1
	VMOVDQU64 2(SI)(AX*1), Z2
	VPANDQ    Z27, Z0, Z3
	VPCMPEQB  Z24, Z3, K2     // leads of the first two-byte block
	VPCMPEQB  Z18, Z3, K1     // and of the second
	VPCMPEQB  Z25, Z0, K3
	VPANDQ    Z27, Z1, Z4
	VPCMPEQB  Z26, Z4, K3, K3 // leads of the three-byte block
	VPANDQ    Z28, Z0, Z5
	VPCMPEQB  Z29, Z5, K4     // continuation bytes
	KMOVQ     K2, R11
	KMOVQ     K1, DX
	ORQ       DX, R11         // two-byte leads
	KMOVQ     K3, R12
	KMOVQ     K4, R13
	// The bytes: (lead&1)<<6 | next&0x3F in two, (next&1)<<6 | next2&0x3F
	// in three.
	VPANDQ    Z31, Z0, Z6
	VPSLLW    $6, Z6, Z6
	VPANDQ    Z30, Z1, Z7
	VPORQ     Z7, Z6, Z6
	VMOVDQA64 Z6, Z10
	VPERMI2B  Z21, Z20, Z6
	VPERMI2B  Z17, Z16, Z10
	VPANDQ    Z31, Z1, Z8
	VPSLLW    $6, Z8, Z8
	VPANDQ    Z30, Z2, Z9
	VPORQ     Z9, Z8, Z8
	VPERMI2B  Z23, Z22, Z8
	VMOVDQU8  Z6, K2, Z0
	VMOVDQU8  Z10, K1, Z0
	VMOVDQU8  Z8, K3, Z0      // each lead's byte; ASCII bytes as they are
	VPTESTNMB Z6, Z6, K2, K5
	VPTESTNMB Z10, Z10, K1, K4
	VPTESTNMB Z8, Z8, K3, K6
	KORQ      K5, K6, K5
	KORQ      K4, K5, K5
	KMOVQ     K5, R14         // leads the encoding has no byte for
	// Else the window ends at the first byte that is not ASCII, a lead
	// of a block or a continuation byte where one belongs, or a lead
	// without a byte, and before a sequence that reaches it.
	MOVQ      R11, DX
	ORQ       R12, DX
	ORQ       R13, DX
	XORQ      R10, DX         // other bytes
	ORQ       R14, DX
	LEAQ      (R11)(R11*1), CX
	LEAQ      (R12)(R12*1), R8
	ORQ       R8, CX
	SHLQ      $1, R8
	ORQ       R8, CX
	XORQ      R13, CX         // continuation bytes where none belongs, or none where one does
	ORQ       CX, DX
	TESTQ     DX, DX
	JNZ       bstop
	MOVQ      R9, R8
	JMP       bkeep
bstop:
	TZCNTQ    DX, R8          // the first such byte
	MOVQ      R8, CX
	XORQ      R9, R9
	SUBQ      $1, CX
	CMOVQLT   R9, CX
	BZHIQ     R8, R11, DX
	BZHIQ     CX, R11, R13
	XORQ      R13, DX         // a two-byte lead right before it
	SUBQ      $1, CX
	CMOVQLT   R9, CX
	BZHIQ     R8, R12, R13
	BZHIQ     CX, R12, R14
	XORQ      R14, R13
	ORQ       R13, DX         // or a three-byte one one or two before
	TZCNTQ    DX, DX
	CMPQ      DX, R8
	CMOVQLT   DX, R8          // the window's length
	TESTQ     R8, R8
	JZ        bdone
bkeep:
	NOTQ      R10
	ORQ       R11, R10
	ORQ       R12, R10
	BZHIQ     R8, R10, R10    // the bytes kept
	KMOVQ     R10, K7
	VPCOMPRESSB.Z Z0, K7, Z9
	VMOVDQU64 Z9, (DI)(BX*1)
	POPCNTQ   R10, R10
	ADDQ      R10, BX
	ADDQ      R8, AX
	JMP       bwindow
bdone:
	VZEROUPPER
	MOVQ AX, read+40(FP)
	MOVQ BX, written+48(FP)
	RET

// func encodeBlocksFromUTF16AVX512(dst *byte, src *uint16, n int, t *singleByteBlocks) int
// Encodes the n code units at src into a single-byte encoding at dst (room
// for n bytes) 32 units a step while 32 are left: ASCII, and units of t's
// three blocks of 128 code points (t.ids: code point >> 7) that the
// encoding has, looked up by their low seven bits (VPERMI2B, as in
// encodeBlocksAVX512). It stops before the first other unit (another code
// point, one the encoding lacks, a surrogate) and returns the units
// encoded; it writes nothing past them.
TEXT ·encodeBlocksFromUTF16AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DX
	SB_BLOCKS_TABLES512
	VPBROADCASTW 388(DX), Z24 // the blocks: two's
	VPBROADCASTW 390(DX), Z25 // twoB's
	VPBROADCASTW 392(DX), Z26 // three's
	MOVL $0x80, DX
	VPBROADCASTW DX, Z27
	XORQ AX, AX
ustep:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  udone
	VMOVDQU64 (SI)(AX*2), Z0
	VPCMPUW   $5, Z27, Z0, K1 // 0x80 and above
	VPMOVWB   Z0, Y1          // the low bytes: ASCII as it is
	KORTESTD  K1, K1
	JZ        ustore
	VPSRLW    $7, Z0, Z2      // the units' blocks
	VPCMPEQW  Z24, Z2, K2
	VPCMPEQW  Z25, Z2, K3
	VPCMPEQW  Z26, Z2, K4
	VMOVDQA64 Z1, Z3
	VPERMI2B  Z21, Z20, Z3
	VMOVDQA64 Z1, Z4
	VPERMI2B  Z17, Z16, Z4
	VMOVDQA64 Z1, Z5
	VPERMI2B  Z23, Z22, Z5
	VMOVDQU8  Z3, K2, Z1
	VMOVDQU8  Z4, K3, Z1
	VMOVDQU8  Z5, K4, Z1
	KORD      K2, K3, K5
	KORD      K4, K5, K5      // units in a block
	VPTESTNMB Z1, Z1, K5, K6  // without a byte
	KANDND    K1, K5, K7      // not ASCII and in no block
	KORD      K6, K7, K7
	KMOVD     K7, DX
	TESTL     DX, DX
	JNZ       upartial
ustore:
	VMOVDQU Y1, (DI)(AX*1)
	ADDQ $32, AX
	JMP  ustep
upartial:
	// Keep the units before the first one it does not take.
	TZCNTL    DX, DX
	MOVL      $1, R8
	SHLXQ     DX, R8, R8
	DECQ      R8
	KMOVD     R8, K1
	VMOVDQU8  Y1, K1, (DI)(AX*1)
	ADDQ      DX, AX
udone:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// Constants of encodeBlocksFromUTF16AVX2: 0xFF80 in every word (the bits
// an ASCII unit lacks), 0x007F in every word (a unit's place in its block),
// 0x10 in every byte (the step between two of a block's nibble tables).
DATA sbUnitConsts<>+0(SB)/8, $0xff80ff80ff80ff80
DATA sbUnitConsts<>+8(SB)/8, $0xff80ff80ff80ff80
DATA sbUnitConsts<>+16(SB)/8, $0xff80ff80ff80ff80
DATA sbUnitConsts<>+24(SB)/8, $0xff80ff80ff80ff80
DATA sbUnitConsts<>+32(SB)/8, $0x007f007f007f007f
DATA sbUnitConsts<>+40(SB)/8, $0x007f007f007f007f
DATA sbUnitConsts<>+48(SB)/8, $0x007f007f007f007f
DATA sbUnitConsts<>+56(SB)/8, $0x007f007f007f007f
DATA sbUnitConsts<>+64(SB)/8, $0x1010101010101010
DATA sbUnitConsts<>+72(SB)/8, $0x1010101010101010
DATA sbUnitConsts<>+80(SB)/8, $0x1010101010101010
DATA sbUnitConsts<>+88(SB)/8, $0x1010101010101010
GLOBL sbUnitConsts<>(SB), RODATA|NOPTR, $96

// SB_BLOCK256(off, in): ORs into Y10 the entries of the block whose eight
// difference tables are at off(DX) (singleByteBlocks256.diffs) for the
// bytes in Y9 (a unit's low seven bits), where the byte mask in says the
// unit is in the block. Y14 holds 0x10 bytes; Y11 to Y13 are scratch.
#define SB_BLOCK256(off, in) \
	VMOVDQU off(DX), Y13; \
	VPSHUFB Y9, Y13, Y11; \
	VPSUBB  Y14, Y9, Y12; \
	SB_DIFF256(off+32); \
	SB_DIFF256(off+64); \
	SB_DIFF256(off+96); \
	SB_DIFF256(off+128); \
	SB_DIFF256(off+160); \
	SB_DIFF256(off+192); \
	SB_DIFF256(off+224); \
	VPAND   in, Y11, Y11; \
	VPOR    Y11, Y10, Y10

// SB_DIFF256(off): SB_BLOCK256's step for the table at off(DX), by the
// bytes in Y12, which it lowers by 16 for the next (after the last, to no
// use: one operation of some thirty).
#define SB_DIFF256(off) \
	VMOVDQU off(DX), Y13; \
	VPSHUFB Y12, Y13, Y13; \
	VPXOR   Y13, Y11, Y11; \
	VPSUBB  Y14, Y12, Y12

// func encodeBlocksFromUTF16AVX2(dst *byte, src *uint16, n int, t *singleByteBlocks256) int
// Encodes the n code units at src into a single-byte encoding at dst (room
// for n bytes) 32 units a step while 32 are left, as
// encodeBlocksFromUTF16AVX512 does, but a whole step or none: it stops at
// the start of the first step with a unit it does not take, and returns
// the units encoded, writing nothing past them. A step's units are packed
// to bytes (VPACKUSWB: their low seven bits; VPACKSSWB: the masks of the
// blocks they are in) in the order of 128-bit lanes, which only the
// store puts right (VPERMQ).
TEXT ·encodeBlocksFromUTF16AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DX
	LEAQ sbUnitConsts<>(SB), R8
	VMOVDQU 64(R8), Y14
	VPXOR   Y15, Y15, Y15
	XORQ    AX, AX
vstep:
	LEAQ 32(AX), R9
	CMPQ R9, CX
	JHI  vdone
	VMOVDQU (SI)(AX*2), Y0
	VMOVDQU 32(SI)(AX*2), Y1
	VPOR    Y0, Y1, Y2
	VPTEST  0(R8), Y2
	JNZ     vtext
	VPACKUSWB Y1, Y0, Y10 // ASCII
	JMP     vstore
vtext:
	VPSRLW    $7, Y0, Y3 // the units' blocks
	VPSRLW    $7, Y1, Y4
	VPAND     32(R8), Y0, Y0
	VPAND     32(R8), Y1, Y1
	VPACKUSWB Y1, Y0, Y9 // their low seven bits
	VPCMPEQW  Y15, Y3, Y0
	VPCMPEQW  Y15, Y4, Y1
	VPACKSSWB Y1, Y0, Y5 // ASCII
	VPCMPEQW  768(DX), Y3, Y0
	VPCMPEQW  768(DX), Y4, Y1
	VPACKSSWB Y1, Y0, Y6 // in two
	VPCMPEQW  800(DX), Y3, Y0
	VPCMPEQW  800(DX), Y4, Y1
	VPACKSSWB Y1, Y0, Y7 // in twoB
	VPCMPEQW  832(DX), Y3, Y0
	VPCMPEQW  832(DX), Y4, Y1
	VPACKSSWB Y1, Y0, Y8 // in three
	VPAND     Y5, Y9, Y10 // ASCII as it is
	VPMOVMSKB Y6, R9
	TESTL     R9, R9
	JZ        vtwoB
	SB_BLOCK256(0, Y6)
vtwoB:
	VPMOVMSKB Y7, R9
	TESTL     R9, R9
	JZ        vthree
	SB_BLOCK256(256, Y7)
vthree:
	VPMOVMSKB Y8, R9
	TESTL     R9, R9
	JZ        vcheck
	SB_BLOCK256(512, Y8)
vcheck:
	// 0 where the unit is not ASCII: in no block, or one without a byte
	// for it.
	VPCMPEQB  Y15, Y10, Y0
	VPANDN    Y0, Y5, Y0
	VPMOVMSKB Y0, R9
	TESTL     R9, R9
	JNZ       vdone
vstore:
	VPERMQ  $0xD8, Y10, Y10
	VMOVDQU Y10, (DI)(AX*1)
	ADDQ    $32, AX
	JMP     vstep
vdone:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// The AVX-512 (VBMI) decoders, 64 bytes a step: VPERMB looks up 64 of the
// upper half's 128 entries (singleByteWideTables) by a byte's low six bits,
// so each byte takes two lookups, the second (for C0..FF) merged over the
// first under a mask; ASCII bytes stay as they are. VPUNPCKLBW and
// VPUNPCKHBW then interleave a step's bytes with their second bytes, but
// within 128-bit lanes, so a step is loaded in sbWideOrder: lane k holds
// the input's qwords k and k+4, and the two unpacks give the first 32
// bytes' pairs and the last 32's in order. Per step on an Intel core the
// UTF-16 decoder has seven shuffles (port 5) where the AVX2 kernel's
// SB_LOOKUP has some forty for two steps of 32.

// The qwords of a step for the unpacks (VPERMQ).
DATA sbWideOrder<>+0(SB)/8, $0
DATA sbWideOrder<>+8(SB)/8, $4
DATA sbWideOrder<>+16(SB)/8, $1
DATA sbWideOrder<>+24(SB)/8, $5
DATA sbWideOrder<>+32(SB)/8, $2
DATA sbWideOrder<>+40(SB)/8, $6
DATA sbWideOrder<>+48(SB)/8, $3
DATA sbWideOrder<>+56(SB)/8, $7
GLOBL sbWideOrder<>(SB), RODATA|NOPTR, $64

// The dwords of a step in sbWideOrder rearranged (VPERMD) for two rounds of
// unpacks, bytes to words and words to dwords, which give each byte's four
// bytes (first, second, third, 0) for bytes 0-15, 16-31, 32-47 and 48-63:
// lane k must hold the input's dwords k, 4+k, 8+k and 12+k.
DATA sbQuadOrder<>+0(SB)/4, $0
DATA sbQuadOrder<>+4(SB)/4, $8
DATA sbQuadOrder<>+8(SB)/4, $2
DATA sbQuadOrder<>+12(SB)/4, $10
DATA sbQuadOrder<>+16(SB)/4, $1
DATA sbQuadOrder<>+20(SB)/4, $9
DATA sbQuadOrder<>+24(SB)/4, $3
DATA sbQuadOrder<>+28(SB)/4, $11
DATA sbQuadOrder<>+32(SB)/4, $4
DATA sbQuadOrder<>+36(SB)/4, $12
DATA sbQuadOrder<>+40(SB)/4, $6
DATA sbQuadOrder<>+44(SB)/4, $14
DATA sbQuadOrder<>+48(SB)/4, $5
DATA sbQuadOrder<>+52(SB)/4, $13
DATA sbQuadOrder<>+56(SB)/4, $7
DATA sbQuadOrder<>+60(SB)/4, $15
GLOBL sbQuadOrder<>(SB), RODATA|NOPTR, $64

// SB_MASKS512: for the step in Z0, its bytes 80..FF in K1 and C0..FF in K2
// (bit 7 of the byte and of the byte doubled; Z1 is scratch).
#define SB_MASKS512 \
	VPMOVB2M Z0, K1; \
	VPADDB   Z0, Z0, Z1; \
	VPANDQ   Z0, Z1, Z1; \
	VPMOVB2M Z1, K2

// SB_KEEP512(low, high, out): out is the entries of the table whose halves
// are in low and high for the bytes of Z0 not ASCII (K1, K2), ASCII bytes
// as they are. SB_ZERO512: the same with 0 for ASCII bytes.
#define SB_KEEP512(low, high, out) \
	VMOVDQA64 Z0, out; \
	VPERMB    low, Z0, K1, out; \
	VPERMB    high, Z0, K2, out

#define SB_ZERO512(low, high, out) \
	VPERMB.Z  low, Z0, K1, out; \
	VPERMB    high, Z0, K2, out

// SB_NONE512(bytes, stop): jumps to stop if a byte of bytes is 0xFF (the
// marker of a byte without a code point; no other entry is above 0xFD):
// the average with 1 rounded up, (b+2)>>1, has bit 7 for FE and FF only.
#define SB_NONE512(bytes, stop) \
	VPAVGB   Z25, bytes, Z1; \
	VPMOVB2M Z1, K3; \
	KORTESTQ K3, K3; \
	JNZ      stop

// func singleByteToUTF16AVX512(dst *uint16, src *byte, n int, t *singleByteWideTables) int
// Decodes src[:n] into dst (room for n units) 64 bytes a step, up to the
// first step with a byte that has no code point, and returns the bytes
// decoded (a multiple of 64).
TEXT ·singleByteToUTF16AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ t+24(FP), DX
	VMOVDQU64 0(DX), Z20   // lo
	VMOVDQU64 64(DX), Z21
	VMOVDQU64 128(DX), Z22 // hi
	VMOVDQU64 192(DX), Z23
	VMOVDQU64 sbWideOrder<>(SB), Z24
	MOVL $0x01, DX
	VPBROADCASTB DX, Z25
	VPXORQ Z26, Z26, Z26
	XORQ AX, AX
w16step:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  w16done
	VPERMQ (SI)(AX*1), Z24, Z0
	SB_MASKS512
	KORTESTQ K1, K1
	JZ   w16ascii
	SB_KEEP512(Z20, Z21, Z2)  // low bytes
	SB_ZERO512(Z22, Z23, Z3)  // high bytes
	SB_NONE512(Z3, w16done)
	VPUNPCKLBW Z3, Z2, Z5     // units of bytes 0-31
	VPUNPCKHBW Z3, Z2, Z6     // 32-63
	VMOVDQU64 Z5, (DI)(AX*2)
	VMOVDQU64 Z6, 64(DI)(AX*2)
	ADDQ $64, AX
	JMP  w16step
w16ascii:
	VPUNPCKLBW Z26, Z0, Z5
	VPUNPCKHBW Z26, Z0, Z6
	VMOVDQU64 Z5, (DI)(AX*2)
	VMOVDQU64 Z6, 64(DI)(AX*2)
	ADDQ $64, AX
	JMP  w16step
w16done:
	VZEROUPPER
	MOVQ AX, ret+32(FP)
	RET

// COMPRESS_STORE512(v, k): stores the bytes of v that k keeps at dst+BX
// (a whole register: up to 64 bytes past them) and moves BX past them.
#define COMPRESS_STORE512(v, k) \
	VPCOMPRESSB.Z v, k, Z14; \
	VMOVDQU64 Z14, (DI)(BX*1); \
	KMOVQ     k, DX; \
	POPCNTQ   DX, DX; \
	ADDQ      DX, BX

// QUADS_STORE512(v): COMPRESS_STORE512 for 16 bytes' quads (first, second,
// third, 0) in v: the first byte is kept (it may be 0, U+0000), the others
// where they are not 0 (a second byte is one where the byte is not ASCII,
// a third one where its code point has three bytes).
#define QUADS_STORE512(v) \
	VPTESTMB v, v, K4; \
	KORQ     K6, K4, K4; \
	COMPRESS_STORE512(v, K4)

// func singleByteToUTF8AVX512(dst *byte, dstLen int, src *byte, n int, t *singleByteWideTables) (read, written int)
// Decodes src[:n] into dst[:dstLen] 64 bytes a step while a step's bytes
// all have code points, 64 bytes are left and singleByteUTF8Room512 bytes
// of room (a step writes at most 192 and its last store reaches 208), and
// returns the bytes read and written. A step of ASCII is copied; a step
// of code points of one or two bytes interleaves each byte's first and
// second bytes and drops the second bytes of ASCII bytes (VPCOMPRESSB, by
// masks that PDEP spreads from the step's ASCII bytes); a step with code
// points of three bytes does the same with quads.
TEXT ·singleByteToUTF8AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ t+32(FP), DX
	VMOVDQU64 256(DX), Z20 // first
	VMOVDQU64 320(DX), Z21
	VMOVDQU64 384(DX), Z22 // second
	VMOVDQU64 448(DX), Z23
	VMOVDQU64 512(DX), Z18 // third
	VMOVDQU64 576(DX), Z19
	VMOVDQU64 sbWideOrder<>(SB), Z24
	VMOVDQU64 sbQuadOrder<>(SB), Z17
	MOVL $0x01, DX
	VPBROADCASTB DX, Z25
	MOVL $0xE0, DX
	VPBROADCASTB DX, Z27
	VPXORQ Z26, Z26, Z26
	MOVQ $0x5555555555555555, R9  // the first byte of each pair
	MOVQ $0xAAAAAAAAAAAAAAAA, R10 // the second
	MOVQ $0x1111111111111111, DX  // the first byte of each quad
	KMOVQ DX, K6
	XORQ AX, AX // bytes read
	XORQ BX, BX // bytes written
u8step:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  u8done
	LEAQ 208(BX), DX
	CMPQ DX, R8
	JHI  u8done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R11 // bytes not ASCII, in the input's order
	TESTQ     R11, R11
	JZ        u8ascii
	VPERMQ    Z0, Z24, Z0
	SB_MASKS512
	SB_KEEP512(Z20, Z21, Z2) // first bytes
	VPCMPUB   $5, Z27, Z2, K3 // E0 and above: three bytes, or no code point
	KORTESTQ  K3, K3
	JNZ       u8mixed
	SB_ZERO512(Z22, Z23, Z3) // second bytes
	VPUNPCKLBW Z3, Z2, Z5    // pairs of bytes 0-31
	VPUNPCKHBW Z3, Z2, Z6    // 32-63
	MOVQ      R11, DX
	PDEPQ     R10, DX, DX
	ORQ       R9, DX
	KMOVQ     DX, K4
	COMPRESS_STORE512(Z5, K4)
	SHRQ      $32, R11
	PDEPQ     R10, R11, DX
	ORQ       R9, DX
	KMOVQ     DX, K4
	COMPRESS_STORE512(Z6, K4)
	ADDQ $64, AX
	JMP  u8step
u8mixed:
	SB_NONE512(Z2, u8done)
	SB_ZERO512(Z22, Z23, Z3) // second bytes
	SB_ZERO512(Z18, Z19, Z5) // third bytes
	VPERMD     Z2, Z17, Z2
	VPERMD     Z3, Z17, Z3
	VPERMD     Z5, Z17, Z5
	VPUNPCKLBW Z3, Z2, Z6
	VPUNPCKHBW Z3, Z2, Z7
	VPUNPCKLBW Z26, Z5, Z8
	VPUNPCKHBW Z26, Z5, Z9
	VPUNPCKLWD Z8, Z6, Z10   // quads of bytes 0-15
	VPUNPCKHWD Z8, Z6, Z11   // 16-31
	VPUNPCKLWD Z9, Z7, Z12   // 32-47
	VPUNPCKHWD Z9, Z7, Z13   // 48-63
	QUADS_STORE512(Z10)
	QUADS_STORE512(Z11)
	QUADS_STORE512(Z12)
	QUADS_STORE512(Z13)
	ADDQ $64, AX
	JMP  u8step
u8ascii:
	VMOVDQU64 Z0, (DI)(BX*1)
	ADDQ $64, AX
	ADDQ $64, BX
	JMP  u8step
u8done:
	VZEROUPPER
	MOVQ AX, read+40(FP)
	MOVQ BX, written+48(FP)
	RET

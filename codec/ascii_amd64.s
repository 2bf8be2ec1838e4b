//go:build !purego

#include "textflag.h"

// AVX2 kernels for the ASCII runs (ascii.go). Each works on whole 32-byte
// blocks and returns how far it got; the Go wrapper finishes the rest with
// the word-at-a-time code. Callers check useAVX2 first. Plan 9 operand
// order: sources first, destination last.

// func asciiPrefixAVX2(p *byte, n int) int
// The exact length of the ASCII prefix of p[:n], for n >= 32: 64 bytes a
// step (VPMOVMSKB gathers the high bits), then one 32-byte step, then the
// last 32 bytes again, overlapping what was already seen.
TEXT ·asciiPrefixAVX2(SB), NOSPLIT, $0-24
	MOVQ p+0(FP), SI
	MOVQ n+8(FP), CX
	XORQ AX, AX
loop64:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  last
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VPOR    Y0, Y1, Y2
	VPMOVMSKB Y2, DX
	TESTL   DX, DX
	JNZ     in64
	ADDQ    $64, AX
	JMP     loop64
in64:
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     found
	ADDQ    $32, AX
	VPMOVMSKB Y1, DX
found:
	BSFL    DX, DX
	ADDQ    DX, AX
	VZEROUPPER
	MOVQ    AX, ret+16(FP)
	RET
last:
	// Fewer than 64 bytes left: one more whole block if there is one, then
	// the 32 at n-32 (n >= 32), overlapping bytes known to be ASCII, so its
	// first high bit is the answer.
	LEAQ    32(AX), DX
	CMPQ    DX, CX
	JHI     last32
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     found
	ADDQ    $32, AX
last32:
	CMPQ    AX, CX
	JEQ     all
	LEAQ    -32(CX), AX
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     found
all:
	VZEROUPPER
	MOVQ    CX, ret+16(FP)
	RET

// func copyASCIIAVX2(dst, src *byte, n int) int
// Copies whole 32-byte blocks of ASCII from src to dst while they last, for
// n >= 32, and returns the bytes copied: n if all of src[:n] is ASCII (the
// last block overlaps), else a multiple of 32 at or before the first
// non-ASCII byte. Nothing past the returned length is written.
TEXT ·copyASCIIAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
cloop64:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  clast
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VPOR    Y0, Y1, Y2
	VPMOVMSKB Y2, DX
	TESTL   DX, DX
	JNZ     cin64
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU Y1, 32(DI)(AX*1)
	ADDQ    $64, AX
	JMP     cloop64
cin64:
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     cdone
	VMOVDQU Y0, (DI)(AX*1)
	ADDQ    $32, AX
	JMP     cdone
clast:
	CMPQ    AX, CX
	JEQ     cdone
	LEAQ    32(AX), DX
	CMPQ    DX, CX
	JHI     ctail
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     cdone
	VMOVDQU Y0, (DI)(AX*1)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JEQ     cdone
ctail:
	// Fewer than 32 left: the block ending at n, if all ASCII.
	LEAQ    -32(CX), DX
	VMOVDQU (SI)(DX*1), Y0
	VPMOVMSKB Y0, BX
	TESTL   BX, BX
	JNZ     cdone
	VMOVDQU Y0, (DI)(DX*1)
	MOVQ    CX, AX
cdone:
	VZEROUPPER
	MOVQ    AX, ret+24(FP)
	RET

// func widenASCIIAVX2(dst *uint16, src *byte, n int) int
// As copyASCIIAVX2, writing each byte as a uint16 (VPMOVZXBW).
TEXT ·widenASCIIAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
wloop64:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  wlast
	VMOVDQU (SI)(AX*1), Y0
	VPOR    32(SI)(AX*1), Y0, Y2
	VPMOVMSKB Y2, DX
	TESTL   DX, DX
	JNZ     win64
	VPMOVZXBW (SI)(AX*1), Y4
	VPMOVZXBW 16(SI)(AX*1), Y5
	VPMOVZXBW 32(SI)(AX*1), Y6
	VPMOVZXBW 48(SI)(AX*1), Y7
	VMOVDQU Y4, (DI)(AX*2)
	VMOVDQU Y5, 32(DI)(AX*2)
	VMOVDQU Y6, 64(DI)(AX*2)
	VMOVDQU Y7, 96(DI)(AX*2)
	ADDQ    $64, AX
	JMP     wloop64
win64:
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     wdone
	VPMOVZXBW (SI)(AX*1), Y4
	VPMOVZXBW 16(SI)(AX*1), Y5
	VMOVDQU Y4, (DI)(AX*2)
	VMOVDQU Y5, 32(DI)(AX*2)
	ADDQ    $32, AX
	JMP     wdone
wlast:
	CMPQ    AX, CX
	JEQ     wdone
	LEAQ    32(AX), DX
	CMPQ    DX, CX
	JHI     wtail
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     wdone
	VPMOVZXBW (SI)(AX*1), Y4
	VPMOVZXBW 16(SI)(AX*1), Y5
	VMOVDQU Y4, (DI)(AX*2)
	VMOVDQU Y5, 32(DI)(AX*2)
	ADDQ    $32, AX
	CMPQ    AX, CX
	JEQ     wdone
wtail:
	LEAQ    -32(CX), DX
	VMOVDQU (SI)(DX*1), Y0
	VPMOVMSKB Y0, BX
	TESTL   BX, BX
	JNZ     wdone
	VPMOVZXBW (SI)(DX*1), Y4
	VPMOVZXBW 16(SI)(DX*1), Y5
	VMOVDQU Y4, (DI)(DX*2)
	VMOVDQU Y5, 32(DI)(DX*2)
	MOVQ    CX, AX
wdone:
	VZEROUPPER
	MOVQ    AX, ret+24(FP)
	RET

// func narrowASCIIAVX2(dst, src *byte, n int, order *[16]byte) int
// As copyASCIIAVX2 from UTF-16 code units (n of them at src, any alignment,
// n >= 32), each put in machine order by VPSHUFB with order (the identity
// for UTF-16LE and Go's uint16s, a byte swap for UTF-16BE): 32 units a
// step are tested against 0xFF80 (VPTEST), packed (VPACKUSWB works within
// 128-bit lanes; VPERMQ puts the quarters back in order) and stored.
TEXT ·narrowASCIIAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ order+24(FP), DX
	VBROADCASTI128 (DX), Y5
	XORQ AX, AX
	VPCMPEQW Y3, Y3, Y3
	VPSLLW  $7, Y3, Y3
nloop:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  nlast
	VMOVDQU (SI)(AX*2), Y0
	VMOVDQU 32(SI)(AX*2), Y1
	VPSHUFB Y5, Y0, Y0
	VPSHUFB Y5, Y1, Y1
	VPOR    Y0, Y1, Y2
	VPTEST  Y3, Y2
	JNZ     ndone
	VPACKUSWB Y1, Y0, Y4
	VPERMQ  $0xD8, Y4, Y4
	VMOVDQU Y4, (DI)(AX*1)
	ADDQ    $32, AX
	JMP     nloop
nlast:
	CMPQ    AX, CX
	JEQ     ndone
	LEAQ    -32(CX), DX
	VMOVDQU (SI)(DX*2), Y0
	VMOVDQU 32(SI)(DX*2), Y1
	VPSHUFB Y5, Y0, Y0
	VPSHUFB Y5, Y1, Y1
	VPOR    Y0, Y1, Y2
	VPTEST  Y3, Y2
	JNZ     ndone
	VPACKUSWB Y1, Y0, Y4
	VPERMQ  $0xD8, Y4, Y4
	VMOVDQU Y4, (DI)(DX*1)
	MOVQ    CX, AX
ndone:
	VZEROUPPER
	MOVQ    AX, ret+32(FP)
	RET

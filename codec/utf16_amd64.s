#include "textflag.h"

// The AVX2 kernel for the UTF-16 decoders' UTF-16 output (utf16.go): code
// units that are not surrogates are copied as they are (byte-swapped for
// UTF-16BE), so a run without surrogates is a copy that checks each unit.

// func copyUTF16AVX2(dst *uint16, src *byte, n int, order *[16]byte) int
// Copies the n code units at src (any alignment; n >= 16) to dst, after
// VPSHUFB with order (the identity for UTF-16LE, a byte swap for UTF-16BE),
// in 16-unit blocks while a block holds no surrogate ((u & 0xF800) ==
// 0xD800), and returns how many units it copied: n, or the start of the
// first block that holds a surrogate. The last block may overlap units
// already copied.
TEXT ·copyUTF16AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ order+24(FP), DX
	VBROADCASTI128 (DX), Y5
	MOVL $0xF800F800, DX
	MOVQ DX, X6
	VPBROADCASTD X6, Y6
	MOVL $0xD800D800, DX
	MOVQ DX, X7
	VPBROADCASTD X7, Y7
	XORQ AX, AX
loop32:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  last
	VMOVDQU (SI)(AX*2), Y0
	VMOVDQU 32(SI)(AX*2), Y1
	VPSHUFB Y5, Y0, Y0
	VPSHUFB Y5, Y1, Y1
	VPAND   Y6, Y0, Y2
	VPAND   Y6, Y1, Y3
	VPCMPEQW Y7, Y2, Y2
	VPCMPEQW Y7, Y3, Y3
	VPOR    Y2, Y3, Y4
	VPTEST  Y4, Y4
	JNZ     in32
	VMOVDQU Y0, (DI)(AX*2)
	VMOVDQU Y1, 32(DI)(AX*2)
	ADDQ    $32, AX
	JMP     loop32
in32:
	// The surrogate is in one of the two blocks: the first may be clean.
	VPTEST  Y2, Y2
	JNZ     done
	VMOVDQU Y0, (DI)(AX*2)
	ADDQ    $16, AX
	JMP     done
last:
	// Fewer than 32 units left: a whole block if there is one, then the
	// 16 units at n-16.
	LEAQ    16(AX), DX
	CMPQ    DX, CX
	JHI     tail
	VMOVDQU (SI)(AX*2), Y0
	VPSHUFB Y5, Y0, Y0
	VPAND   Y6, Y0, Y2
	VPCMPEQW Y7, Y2, Y2
	VPTEST  Y2, Y2
	JNZ     done
	VMOVDQU Y0, (DI)(AX*2)
	ADDQ    $16, AX
tail:
	CMPQ    AX, CX
	JEQ     done
	LEAQ    -16(CX), DX
	VMOVDQU (SI)(DX*2), Y0
	VPSHUFB Y5, Y0, Y0
	VPAND   Y6, Y0, Y2
	VPCMPEQW Y7, Y2, Y2
	VPTEST  Y2, Y2
	JNZ     done
	VMOVDQU Y0, (DI)(DX*2)
	MOVQ    CX, AX
done:
	VZEROUPPER
	MOVQ    AX, ret+32(FP)
	RET

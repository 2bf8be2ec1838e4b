//go:build !purego

#include "textflag.h"

// STOP_BYTES: DX gets a bit for each byte of Y0 that is not ASCII or is
// 0x0E, 0x0F or 0x1B (Y1, Y2, Y5 hold them in every byte); Y3, Y4 scratch.
#define STOP_BYTES \
	VPCMPEQB  Y1, Y0, Y3; \
	VPCMPEQB  Y2, Y0, Y4; \
	VPOR      Y4, Y3, Y3; \
	VPCMPEQB  Y5, Y0, Y4; \
	VPOR      Y4, Y3, Y3; \
	VPOR      Y0, Y3, Y3; \
	VPMOVMSKB Y3, DX

// func iso2022JPASCIIPrefixAVX2(dst, p *byte, n int) int
// The length of the longest prefix of p[:n] (n >= 32) made of ASCII bytes
// other than 0x0E, 0x0F and 0x1B (the ones ISO-2022-JP's encoder escapes),
// 32 bytes a step; the last step loads the last 32 bytes, overlapping
// bytes already seen. Unless dst is nil (else it has room for n bytes), the
// steps it looks at are also stored there, so that the encoder's ASCII
// state needs no second pass to copy them (bytes past the prefix, within
// n, are scratch). Plan 9 operand order: sources first, destination last.
TEXT ·iso2022JPASCIIPrefixAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX
	MOVL $0x0e, DX
	VMOVQ DX, X1
	VPBROADCASTB X1, Y1               // 0x0E
	MOVL $0x0f, DX
	VMOVQ DX, X2
	VPBROADCASTB X2, Y2               // 0x0F
	MOVL $0x1b, DX
	VMOVQ DX, X5
	VPBROADCASTB X5, Y5               // 0x1B
loop:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  tail
	VMOVDQU (SI)(AX*1), Y0
	TESTQ DI, DI
	JZ   look
	VMOVDQU Y0, (DI)(AX*1)
look:
	STOP_BYTES
	TESTL DX, DX
	JNZ  found
	ADDQ $32, AX
	JMP  loop
tail:
	CMPQ AX, CX
	JEQ  done
	MOVQ CX, AX
	SUBQ $32, AX
	VMOVDQU (SI)(AX*1), Y0
	TESTQ DI, DI
	JZ   lookTail
	VMOVDQU Y0, (DI)(AX*1)
lookTail:
	STOP_BYTES
	TESTL DX, DX
	JNZ  found
	MOVQ CX, AX
	JMP  done
found:
	BSFL DX, DX
	ADDQ DX, AX
done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

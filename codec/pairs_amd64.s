#include "textflag.h"
#include "lookup_amd64.h"

// The double-byte decoders' AVX-512 kernel (multibyte.go): ASCII and
// two-byte sequences of gb18030, Big5, EUC-JP, Shift_JIS and EUC-KR to
// UTF-16, 64 bytes a window. Plan 9 operand order: sources first,
// destination last.

DATA pairsEvenBits<>+0(SB)/8, $0x5555555555555555
GLOBL pairsEvenBits<>(SB), RODATA|NOPTR, $8
DATA pairsWords80<>+0(SB)/4, $0x00800080
GLOBL pairsWords80<>(SB), RODATA|NOPTR, $4

// PAIRS_GROUP(g, ascii): decodes the characters 16g to 16g+15 of the
// window, whose first bytes, rows and columns are compacted in Z5, Z6 and
// Z7 (bytes 16g to 16g+15; zero past the last character), into 16 code
// units at dst+2*BX (a 32-byte store), without moving BX; it leaves in R9
// the lanes of pairs whose entry is 0.
#define PAIRS_GROUP(g, ascii) \
	VEXTRACTI32X4 $g, Z5, X8 \
	VPMOVZXBW     X8, Y8              \ // first bytes
	VEXTRACTI32X4 $g, Z6, X9 \
	VPMOVZXBW     X9, Y9              \ // rows
	VEXTRACTI32X4 $g, Z7, X10 \
	VPMOVZXBW     X10, Y10            \ // columns
	VPTESTMW  Y27, Y8, K6             \ // lanes of pairs
	VPMULLW   Y26, Y9, Y9 \
	VPADDW    Y10, Y9, Y9 \
	VMOVDQU16.Z Y9, K6, Y9            \ // pointers (0 for ASCII)
	KORTESTW  K6, K6 \
	JZ        ascii \
	LOOK16(Y9, X9, Y11, X11, X12)     \ // code units
ascii: \
	VPBLENDMW Y11, Y8, K6, Y12 \
	VMOVDQU   Y12, (DI)(BX*2) \
	VPTESTNMW Y11, Y11, K6, K7 \
	KMOVW     K7, R9

// PAIRS_NEXT(unmapped): after PAIRS_GROUP, counts the group's units and
// goes on to the next group, or to pairsLast after the window's last, or
// to unmapped.
#define PAIRS_NEXT(unmapped) \
	TESTL R9, R9 \
	JNZ   unmapped \
	CMPQ  R10, $16 \
	JLE   pairsLast \
	ADDQ  $16, BX \
	SUBQ  $16, R10

// func decodePairsUTF16AVX512(dst *uint16, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int)
// Decodes src[:n] into dst[:dstLen] 64 bytes a window while 65 bytes of
// src are left and 64 units of room: ASCII bytes, and pairs of a lead
// byte and a trail byte that pairs give a row and a column for, through
// t[row*cols+col]. It stops before anything else (a byte that is not a
// lead, a lead without a trail, an entry of 0), which the caller's loops
// handle; a window ends before a lead whose trail is past it. A byte of
// 0x80 or above starts a pair, so in each run of them that follows ASCII
// (or begins the window) the leads are the bytes at even offsets from its
// start; a lead's trail may be ASCII. The characters' first bytes, rows
// (VPERMI2B over the 128 row entries of 0x80 to 0xFF) and columns (over
// all 256) are compacted with VPCOMPRESSB and decoded 16 at a time.
TEXT ·decodePairsUTF16AVX512(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ src+16(FP), SI
	MOVQ pairs+32(FP), DX
	MOVQ t+40(FP), R8
	VMOVDQU64 128(DX), Z20 // rows of 0x80 to 0xFF
	VMOVDQU64 192(DX), Z21
	VMOVDQU64 256(DX), Z22 // columns of 0x00 to 0xFF
	VMOVDQU64 320(DX), Z23
	VMOVDQU64 384(DX), Z24
	VMOVDQU64 448(DX), Z25
	MOVQ cols+48(FP), DX
	VPBROADCASTW DX, Y26
	VPBROADCASTD pairsWords80<>(SB), Y27
	VPTERNLOGD $0xff, Z28, Z28, Z28 // all ones
	XORQ AX, AX // read
	XORQ BX, BX // written
pairsWindow:
	LEAQ 65(AX), DX
	CMPQ DX, n+24(FP)
	JHI  pairsDone
	LEAQ 64(BX), DX
	CMPQ DX, dstLen+8(FP)
	JHI  pairsDone
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R10 // bytes of 0x80 and above
	TESTQ     R10, R10
	JNZ       pairsMixed
	VPMOVZXBW Y0, Z1 // all ASCII
	VEXTRACTI64X4 $1, Z0, Y2
	VPMOVZXBW Y2, Z2
	VMOVDQU64 Z1, (DI)(BX*2)
	VMOVDQU64 Z2, 64(DI)(BX*2)
	ADDQ $64, AX
	ADDQ $64, BX
	JMP  pairsWindow
pairsMixed:
	// Leads: the bytes at even offsets from the start of their run.
	MOVQ  R10, R11
	SHLQ  $1, R11
	NOTQ  R11
	ANDQ  R10, R11 // the runs' first bytes
	MOVQ  pairsEvenBits<>(SB), R12
	ANDQ  R12, R11 // those at even positions
	MOVQ  R10, DX
	ADDQ  R11, DX  // the carry clears each such run
	XORQ  R10, DX
	ANDQ  R10, DX  // the runs that start at even positions
	MOVQ  R10, R11
	XORQ  DX, R11  // the runs that start at odd positions
	ANDQ  R12, DX
	NOTQ  R12
	ANDQ  R12, R11
	ORQ   DX, R11  // leads
	// Each byte's row as a lead and its next byte's column.
	VMOVDQU64 1(SI)(AX*1), Z1
	VMOVDQA64 Z0, Z2
	VPERMI2B  Z21, Z20, Z2 // rows (of the low seven bits: for leads only)
	VMOVDQA64 Z1, Z3
	VPERMI2B  Z23, Z22, Z3 // columns of next bytes below 0x80
	VMOVDQA64 Z1, Z4
	VPERMI2B  Z25, Z24, Z4 // and of 0x80 and above
	VPMOVB2M  Z1, K2
	VMOVDQU8  Z4, K2, Z3   // columns of next bytes
	VPCMPEQB  Z28, Z2, K3
	VPCMPEQB  Z28, Z3, K4
	KORQ      K3, K4, K3
	KMOVQ     K3, DX
	ANDQ      R11, DX // leads that are not, or without a trail
	MOVQ      $0x8000000000000000, CX
	ANDQ      R11, CX
	ORQ       CX, DX  // and a lead last, whose trail is past the window
	TZCNTQ    DX, R12 // the window's length
	TESTQ     R12, R12
	JZ        pairsDone
	MOVQ      R11, CX
	SHLQ      $1, CX
	NOTQ      CX      // not trails
	NOTQ      R10
	ORQ       R11, R10
	ANDQ      CX, R10
	BZHIQ     R12, R10, R13 // the characters' first bytes
	KMOVQ     R13, K4
	VPCOMPRESSB.Z Z0, K4, Z5
	VPCOMPRESSB.Z Z2, K4, Z6
	VPCOMPRESSB.Z Z3, K4, Z7
	POPCNTQ   R13, R10 // characters left
	XORQ      R14, R14
	PAIRS_GROUP(0, pairsAscii0)
	PAIRS_NEXT(pairsUnmapped)
	MOVQ      $16, R14
	PAIRS_GROUP(1, pairsAscii1)
	PAIRS_NEXT(pairsUnmapped)
	MOVQ      $32, R14
	PAIRS_GROUP(2, pairsAscii2)
	PAIRS_NEXT(pairsUnmapped)
	MOVQ      $48, R14
	PAIRS_GROUP(3, pairsAscii3)
	TESTL     R9, R9
	JNZ       pairsUnmapped
pairsLast:
	ADDQ      R10, BX
	ADDQ      R12, AX
	JMP       pairsWindow
pairsUnmapped:
	// Lane R9's first of group R14/16 has no entry: keep the units before
	// it, and read up to its start.
	BSFL      R9, R9
	ADDQ      R9, BX
	ADDQ      R14, R9
	MOVL      $1, DX
	SHLXQ     R9, DX, DX
	PDEPQ     R13, DX, DX
	TZCNTQ    DX, DX
	ADDQ      DX, AX
pairsDone:
	VZEROUPPER
	MOVQ AX, read+56(FP)
	MOVQ BX, written+64(FP)
	RET

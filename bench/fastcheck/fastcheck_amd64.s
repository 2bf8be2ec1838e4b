// Timing skeletons of the UTF-8 validator's fast check on Intel cores
// (codec/utf8_amd64.s, FAST_STEP512 with FAST_INTEL512): its loads, its
// operations and its stores apart and together, and variants of it. They
// validate nothing and some read the wrong bytes on purpose: only their
// speed means anything. The tables and constants are zero, so that no error
// ends a loop early. Each loops over 128-byte pairs from p+64 (ops*: from
// 0) while fewer than n bytes are done.

#include "textflag.h"

// ARGS2, ARGS3: the arguments (p, n) or (dst, p, n) into SI, CX (DI), AX
// at the first pair; ZERO_TABLES: the tables and constants of the check.
#define ARGS2 \
	MOVQ p+0(FP), SI; \
	MOVQ n+8(FP), CX; \
	MOVQ $64, AX

#define ARGS3 \
	MOVQ dst+0(FP), DI; \
	MOVQ p+8(FP), SI; \
	MOVQ n+16(FP), CX; \
	MOVQ $64, AX

#define ZERO_TABLES \
	VPXORQ Z8, Z8, Z8; \
	VPXORQ Z10, Z10, Z10; \
	VPXORQ Z11, Z11, Z11; \
	VPXORQ Z12, Z12, Z12; \
	VPXORQ Z14, Z14, Z14; \
	VPXORQ Z24, Z24, Z24; \
	VPXORQ Z25, Z25, Z25; \
	VPXORQ Z26, Z26, Z26; \
	VPXORQ Z27, Z27, Z27

// NEXT(loop): the next pair, back to loop while fewer than n bytes are done.
#define NEXT(loop) \
	ADDQ $128, AX; \
	CMPQ AX, CX; \
	JLT  loop

// PAIR_LOADS: the pair (Z0, Z15). BEFORE_LOADS: the bytes one and two before
// each of its blocks (Z1, Z2; Z17, Z18), four loads that straddle two cache
// lines. ALIGNED_LOADS: four aligned loads in their place (wrong bytes).
#define PAIR_LOADS \
	VMOVDQU64 (SI)(AX*1), Z0; \
	VMOVDQU64 64(SI)(AX*1), Z15

#define BEFORE_LOADS \
	VMOVDQU64 -1(SI)(AX*1), Z1; \
	VMOVDQU64 -2(SI)(AX*1), Z2; \
	VMOVDQU64 63(SI)(AX*1), Z17; \
	VMOVDQU64 62(SI)(AX*1), Z18

#define ALIGNED_LOADS \
	VMOVDQU64 -64(SI)(AX*1), Z1; \
	VMOVDQU64 -128(SI)(AX*1), Z2; \
	VMOVDQU64 128(SI)(AX*1), Z17; \
	VMOVDQU64 192(SI)(AX*1), Z18

// STORES: the pair to dst.
#define STORES \
	VMOVDQU64 Z0, (DI)(AX*1); \
	VMOVDQU64 Z15, 64(DI)(AX*1)

// ASCII_TEST: the ASCII test of ASCII_EVERY2_PAIR512 (its branch left out).
#define ASCII_TEST \
	VPTERNLOGD $0xFE, Z15, Z0, Z16; \
	VPMOVB2M Z16, K1; \
	KMOVQ K1, BX

// SHIFTS_BEFORE and SHIFTS_CUR: the high nibbles of the bytes before each
// block (Z4, Z5) and of the blocks (Z6, Z7), as UTF8_NIBBLES512 has them.
#define SHIFTS_BEFORE \
	VPSRLW $4, Z1, Z4; \
	VPSRLW $4, Z17, Z5

#define SHIFTS_CUR \
	VPSRLW $4, Z0, Z6; \
	VPSRLW $4, Z15, Z7

// LOOKUP_BLOCK(prev1, prev2, hb, hc, tb, tc): the rest of
// UTF8_FAST_NIBBLES512 for one block, given the bytes one and two before
// it (prev1, consumed; prev2, which ends with the block's check) and the
// high nibbles of those before it (hb) and of the block (hc); tb and tc
// are scratch.
#define LOOKUP_BLOCK(prev1, prev2, hb, hc, tb, tc) \
	VPSUBUSB Z12, prev2, prev2; \
	VPERMB Z8, hb, tb; \
	VPERMB Z10, prev1, prev1; \
	VPERMB Z11, hc, tc; \
	VPTERNLOGD $0x80, tc, prev1, tb; \
	VPTERNLOGD $0x6A, tb, Z14, prev2

// LOOKUPS(out, hb0, hb1, hc0, hc1): both blocks of the nibble form of
// FAST_LEADS_PAIR512 (before 2026-11-28) given the high nibbles of the
// bytes before each block (hb0, hb1) and of the blocks (hc0, hc1), and the
// error test (to out).
#define LOOKUPS(out, hb0, hb1, hc0, hc1) \
	LOOKUP_BLOCK(Z1, Z2, hb0, hc0, Z4, Z6); \
	LOOKUP_BLOCK(Z17, Z18, hb1, hc1, Z5, Z7); \
	VPORQ Z18, Z2, Z2; \
	VPTESTMB Z2, Z2, K2; \
	KORTESTQ K2, K2; \
	JNZ out

// func loads6(p *byte, n int): the six loads of a pair, nothing else.
TEXT ·loads6(SB), NOSPLIT, $0-16
	ARGS2
loads6Loop:
	PAIR_LOADS
	BEFORE_LOADS
	NEXT(loads6Loop)
	VZEROUPPER
	RET

// func loads4Straddling(p *byte, n int): the four straddling loads alone.
TEXT ·loads4Straddling(SB), NOSPLIT, $0-16
	ARGS2
loads4Loop:
	BEFORE_LOADS
	NEXT(loads4Loop)
	VZEROUPPER
	RET

// func loads2Straddling(p *byte, n int): the pair and two straddling loads.
TEXT ·loads2Straddling(SB), NOSPLIT, $0-16
	ARGS2
loads2Loop:
	PAIR_LOADS
	VMOVDQU64 -1(SI)(AX*1), Z1
	VMOVDQU64 63(SI)(AX*1), Z17
	NEXT(loads2Loop)
	VZEROUPPER
	RET

// func loads6Aligned(p *byte, n int): six aligned loads.
TEXT ·loads6Aligned(SB), NOSPLIT, $0-16
	ARGS2
loads6AlignedLoop:
	PAIR_LOADS
	ALIGNED_LOADS
	NEXT(loads6AlignedLoop)
	VZEROUPPER
	RET

// func loadsStores(dst, p *byte, n int): loads6 and the pair's two stores.
TEXT ·loadsStores(SB), NOSPLIT, $0-24
	ARGS3
loadsStoresLoop:
	PAIR_LOADS
	BEFORE_LOADS
	STORES
	NEXT(loadsStoresLoop)
	VZEROUPPER
	RET

// func ops21(n int): the 21 port 0/5 operations of a pair (the ASCII test,
// the nibble form of FAST_LEADS_PAIR512 before 2026-11-28, the error
// test), on registers, no loads.
TEXT ·ops21(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	XORQ AX, AX
	ZERO_TABLES
ops21Loop:
	ASCII_TEST
	SHIFTS_BEFORE
	SHIFTS_CUR
	LOOKUPS(ops21Out, Z4, Z5, Z6, Z7)
	NEXT(ops21Loop)
ops21Out:
	VZEROUPPER
	RET

// func ops19(n int): ops21 without the shifts of the bytes before (their
// high nibbles as if loaded: Z24, Z25).
TEXT ·ops19(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	XORQ AX, AX
	ZERO_TABLES
ops19Loop:
	ASCII_TEST
	SHIFTS_CUR
	LOOKUPS(ops19Out, Z24, Z25, Z6, Z7)
	NEXT(ops19Loop)
ops19Out:
	VZEROUPPER
	RET

// func ops17(n int): ops21 without its four shifts (Z24..Z27).
TEXT ·ops17(SB), NOSPLIT, $0-8
	MOVQ n+0(FP), CX
	XORQ AX, AX
	ZERO_TABLES
ops17Loop:
	ASCII_TEST
	LOOKUPS(ops17Out, Z24, Z25, Z26, Z27)
	NEXT(ops17Loop)
ops17Out:
	VZEROUPPER
	RET

// func step(dst, p *byte, n int): a pair as the unrolled loop has it:
// loads, ASCII test, check, error test, stores.
TEXT ·step(SB), NOSPLIT, $0-24
	ARGS3
	ZERO_TABLES
stepLoop:
	PAIR_LOADS
	ASCII_TEST
	BEFORE_LOADS
	SHIFTS_BEFORE
	SHIFTS_CUR
	LOOKUPS(stepOut, Z4, Z5, Z6, Z7)
	STORES
	NEXT(stepLoop)
stepOut:
	VZEROUPPER
	RET

// STEP_PREFETCH(loop, out, first, second): step with two PREFETCHT0s a pair,
// first and second bytes ahead.
#define STEP_PREFETCH(loop, out, first, second) \
	ARGS3; \
	ZERO_TABLES; \
loop: \
	PREFETCHT0 first(SI)(AX*1); \
	PREFETCHT0 second(SI)(AX*1); \
	PAIR_LOADS; \
	ASCII_TEST; \
	BEFORE_LOADS; \
	SHIFTS_BEFORE; \
	SHIFTS_CUR; \
	LOOKUPS(out, Z4, Z5, Z6, Z7); \
	STORES; \
	NEXT(loop); \
out: \
	VZEROUPPER; \
	RET

// func stepPrefetch512(dst, p *byte, n int), stepPrefetch1024: step with
// PREFETCHT0 of the pair 512 or 1024 bytes ahead.
TEXT ·stepPrefetch512(SB), NOSPLIT, $0-24
	STEP_PREFETCH(prefetch512Loop, prefetch512Out, 512, 576)

TEXT ·stepPrefetch1024(SB), NOSPLIT, $0-24
	STEP_PREFETCH(prefetch1024Loop, prefetch1024Out, 1024, 1088)

// func stepAlignedLoads(dst, p *byte, n int): step with aligned loads in
// place of the straddling ones (wrong bytes: timing only).
TEXT ·stepAlignedLoads(SB), NOSPLIT, $0-24
	ARGS3
	ZERO_TABLES
alignedLoop:
	PAIR_LOADS
	ASCII_TEST
	ALIGNED_LOADS
	SHIFTS_BEFORE
	SHIFTS_CUR
	LOOKUPS(alignedOut, Z4, Z5, Z6, Z7)
	STORES
	NEXT(alignedLoop)
alignedOut:
	VZEROUPPER
	RET

// func stepShuffled(dst, p *byte, n int): step with the bytes before each
// block built from the block before (Z30) by VALIGND and two VPALIGNRs
// instead of loaded (operand order not checked: timing only).
TEXT ·stepShuffled(SB), NOSPLIT, $0-24
	ARGS3
	ZERO_TABLES
shuffledLoop:
	PAIR_LOADS
	ASCII_TEST
	VALIGND $12, Z30, Z0, Z3
	VPALIGNR $15, Z3, Z0, Z1
	VPALIGNR $14, Z3, Z0, Z2
	VALIGND $12, Z0, Z15, Z19
	VPALIGNR $15, Z19, Z15, Z17
	VPALIGNR $14, Z19, Z15, Z18
	VMOVDQA64 Z15, Z30
	SHIFTS_BEFORE
	SHIFTS_CUR
	LOOKUPS(shuffledOut, Z4, Z5, Z6, Z7)
	STORES
	NEXT(shuffledLoop)
shuffledOut:
	VZEROUPPER
	RET

// func stepRing(dst, p *byte, n int): step with the blocks' high nibbles
// stored to a ring on the stack and loaded back one byte earlier for the
// bytes before (two shifts a pair fewer): each such load spans two stores
// still in flight.
TEXT ·stepRing(SB), NOSPLIT, $256-24
	ARGS3
	ZERO_TABLES
ringLoop:
	PAIR_LOADS
	ASCII_TEST
	BEFORE_LOADS
	SHIFTS_CUR
	VMOVDQU64 Z6, 64(SP)
	VMOVDQU64 Z7, 128(SP)
	VMOVDQU64 Z7, 0(SP)
	VMOVDQU64 63(SP), Z4
	VMOVDQU64 127(SP), Z5
	LOOKUPS(ringOut, Z4, Z5, Z6, Z7)
	STORES
	NEXT(ringLoop)
ringOut:
	VZEROUPPER
	RET

// func stepTile(dst, p *byte, n int, h *byte): tiles of 2 KiB: their high
// nibbles stored to h+64 first (one shift a block), then step reading them
// back at each block and one byte earlier, without shifts (h[0:64] holds
// the tile before's last block). Whole tiles while they fit before n.
TEXT ·stepTile(SB), NOSPLIT, $0-32
	ARGS3
	MOVQ h+24(FP), R11
	ZERO_TABLES
tile:
	MOVQ AX, DX
	XORQ R9, R9
tileNibbles:
	VMOVDQU64 (SI)(DX*1), Z0
	VPSRLW $4, Z0, Z0
	VMOVDQU64 Z0, 64(R11)(R9*1)
	ADDQ $64, DX
	ADDQ $64, R9
	CMPQ R9, $2048
	JLT  tileNibbles
	XORQ R9, R9
tileLoop:
	PAIR_LOADS
	ASCII_TEST
	BEFORE_LOADS
	VMOVDQU64 63(R11)(R9*1), Z4
	VMOVDQU64 64(R11)(R9*1), Z6
	VMOVDQU64 127(R11)(R9*1), Z5
	VMOVDQU64 128(R11)(R9*1), Z7
	LOOKUPS(tileOut, Z4, Z5, Z6, Z7)
	STORES
	ADDQ $128, AX
	ADDQ $128, R9
	CMPQ R9, $2048
	JLT  tileLoop
	VMOVDQU64 2048(R11), Z3
	VMOVDQU64 Z3, 0(R11)
	LEAQ 2048(AX), DX
	CMPQ DX, CX
	JLE  tile
tileOut:
	VZEROUPPER
	RET

//go:build !purego

#include "textflag.h"

// UTF-8 validation with NEON (Advanced SIMD, which every arm64 core has),
// after Keiser and Lemire, "Validating UTF-8 In Less Than One Instruction
// Per Byte" (2021), as utf8_amd64.s does it with AVX2: each byte is
// classified by three 16-entry table lookups (TBL) on the high and low
// nibbles of the byte before it and the high nibble of itself; the AND of
// the three is non-zero exactly where a two-byte pattern is an error (a
// missing or extra continuation byte, an overlong form, a surrogate, a code
// point above U+10FFFF), and the continuation bytes that a lead two or
// three bytes back requires are checked against what the tables say. The
// tables hold the values of utf8_amd64.s's utf8ByteOneHigh, utf8ByteOneLow
// and utf8ByteTwoHigh (16 entries each: TBL gives 0 for an index past 15,
// and a byte shifted right by 4 is at most 15, so no mask is needed for the
// high nibbles). Go's arm64 assembler: sources first, destination last.

DATA utf8NEONTables<>+0(SB)/8, $0x0202020202020202  // by the high nibble of the byte before
DATA utf8NEONTables<>+8(SB)/8, $0x4915012180808080
DATA utf8NEONTables<>+16(SB)/8, $0xcbcbcb8b8383a3e7 // by its low nibble
DATA utf8NEONTables<>+24(SB)/8, $0xcbcbdbcbcbcbcbcb
DATA utf8NEONTables<>+32(SB)/8, $0x0101010101010101 // by the high nibble of the byte
DATA utf8NEONTables<>+40(SB)/8, $0x01010101babaaee6
GLOBL utf8NEONTables<>(SB), RODATA|NOPTR, $48

// UQSUB_V25_V22 and UQSUB_V26_V23: V25 -= V22 and V26 -= V23, unsigned and
// saturating (UQSUB Vd.16B, Vn.16B, Vm.16B), which Go's assembler has no
// mnemonic for.
#define UQSUB_V25_V22 WORD $(0x6E202C00 | 22<<16 | 25<<5 | 25)
#define UQSUB_V26_V23 WORD $(0x6E202C00 | 23<<16 | 26<<5 | 26)

// CHECK16(prev, cur): ORs into V19 the errors of the 16 bytes of cur,
// preceded by the 16 of prev (non-zero bytes where there is one). V16, V17
// and V18 hold the tables; V20 0x0F, V21 0x80, V22 0x60 and V23 0x70 in
// every byte; V24..V28 are scratch. Seventeen operations: the bytes one,
// two and three before each byte (V24, V25, V26, by EXT from prev and
// cur), the three lookups and their AND (V27), then bit 7 of V25 and V26
// left by the saturating subtractions for E0..FF two before and F0..FF
// three before: where a continuation byte is needed, which the lookups'
// AND must say (bit 7) and nowhere else.
#define CHECK16(prev, cur) \
	VEXT  $15, cur.B16, prev.B16, V24.B16; \
	VEXT  $14, cur.B16, prev.B16, V25.B16; \
	VEXT  $13, cur.B16, prev.B16, V26.B16; \
	VUSHR $4, V24.B16, V27.B16; \
	VAND  V20.B16, V24.B16, V24.B16; \
	VUSHR $4, cur.B16, V28.B16; \
	VTBL  V27.B16, [V16.B16], V27.B16; \
	VTBL  V24.B16, [V17.B16], V24.B16; \
	VTBL  V28.B16, [V18.B16], V28.B16; \
	VAND  V24.B16, V27.B16, V27.B16; \
	VAND  V28.B16, V27.B16, V27.B16; \
	UQSUB_V25_V22; \
	UQSUB_V26_V23; \
	VORR  V26.B16, V25.B16, V25.B16; \
	VAND  V21.B16, V25.B16, V25.B16; \
	VEOR  V27.B16, V25.B16, V25.B16; \
	VORR  V25.B16, V19.B16, V19.B16

// func utf8ValidBlocksNEON(dst, p *byte, n int) int
// Returns how many leading bytes of p[:n] it sees no error in, a multiple
// of 64 (the blocks start at p), and copies those bytes to dst unless dst
// is nil. A sequence cut by the end of the last such block may still be
// unfinished; the caller rechecks from its start. An ASCII block after an
// ASCII block (or at p) is only copied; any other block has the check of
// its four 16-byte parts, the bytes before the first loaded from p (zero
// before p, as if ASCII): the check of an ASCII block after text is what
// finds a sequence that the text left unfinished.
TEXT ·utf8ValidBlocksNEON(SB), NOSPLIT, $0-32
	MOVD  dst+0(FP), R0
	MOVD  p+8(FP), R1
	MOVD  n+16(FP), R2
	MOVD  $0, R3                          // offset of the block
	MOVD  $0, R9                          // 1: the block before was not ASCII
	MOVD  $0x8080808080808080, R8
	MOVD  $utf8NEONTables<>(SB), R4
	VLD1  (R4), [V16.B16, V17.B16, V18.B16]
	VMOVI $0x0F, V20.B16
	VMOVI $0x80, V21.B16
	VMOVI $0x60, V22.B16
	VMOVI $0x70, V23.B16

loop:
	ADD   $64, R3, R4
	CMP   R2, R4
	BHI   done                            // fewer than 64 bytes left
	ADD   R3, R1, R5
	VLD1  (R5), [V0.B16, V1.B16, V2.B16, V3.B16]
	VORR  V0.B16, V1.B16, V5.B16
	VORR  V2.B16, V3.B16, V6.B16
	VORR  V5.B16, V6.B16, V5.B16
	VMOV  V5.D[0], R6
	VMOV  V5.D[1], R7
	ORR   R6, R7, R6
	TST   R8, R6
	BNE   text
	CBNZ  R9, text
	B     copy

text:
	// The 16 bytes before the block: loaded from p, or zero at p.
	VEOR  V4.B16, V4.B16, V4.B16
	CBZ   R3, checkBlock
	SUB   $16, R5, R7
	VLD1  (R7), [V4.B16]

checkBlock:
	VEOR  V19.B16, V19.B16, V19.B16
	CHECK16(V4, V0)
	CHECK16(V0, V1)
	CHECK16(V1, V2)
	CHECK16(V2, V3)
	VMOV  V19.D[0], R7
	VMOV  V19.D[1], R10
	ORR   R7, R10, R7
	CBNZ  R7, done                        // an error in the block
	AND   R8, R6, R9                      // non-zero: the block was not ASCII

copy:
	CBZ   R0, next
	ADD   R3, R0, R7
	VST1  [V0.B16, V1.B16, V2.B16, V3.B16], (R7)

next:
	MOVD  R4, R3
	B     loop

done:
	MOVD  R3, ret+24(FP)
	RET

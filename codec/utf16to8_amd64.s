//go:build !purego

#include "textflag.h"

// utf16ToUTF8AVX512: UTF-16 to UTF-8 with AVX-512 (BW, VBMI, VBMI2), 32 code
// units a step, for the UTF-16 decoders and the UTF-8 encoder's input in
// UTF-16 (utf16to8.go). A step of ASCII is narrowed (VPMOVWB); a step of
// units below U+0800 puts each unit's two-byte form (ASCII: the unit) in
// its 16-bit lane, and a step with units of three bytes each unit's form
// in a 32-bit lane; VPCOMPRESSB then drops the bytes a unit does not have,
// by masks that PDEP spreads from the units' compares. Where the AVX2
// kernel (utf16_amd64.s) looks up a VPSHUFB control for every 4 or 8
// units, this one takes no table. Plan 9 operand order: sources first,
// destination last.

// Per word: 0x0080, 0x0800, 0xF800, 0xD800, 0x3F00, 0x80C0.
DATA u16to8Words<>+0(SB)/4, $0x00800080
DATA u16to8Words<>+4(SB)/4, $0x08000800
DATA u16to8Words<>+8(SB)/4, $0xf800f800
DATA u16to8Words<>+12(SB)/4, $0xd800d800
DATA u16to8Words<>+16(SB)/4, $0x3f003f00
DATA u16to8Words<>+20(SB)/4, $0x80c080c0
// Per dword: 0x3F, 0x80, 0xC0, 0xE0, 0x0800.
DATA u16to8Words<>+24(SB)/4, $0x0000003f
DATA u16to8Words<>+28(SB)/4, $0x00000080
DATA u16to8Words<>+32(SB)/4, $0x000000c0
DATA u16to8Words<>+36(SB)/4, $0x000000e0
DATA u16to8Words<>+40(SB)/4, $0x00000800
// Per word: 0x80E0, 0x003F.
DATA u16to8Words<>+44(SB)/4, $0x80e080e0
DATA u16to8Words<>+48(SB)/4, $0x003f003f
GLOBL u16to8Words<>(SB), RODATA|NOPTR, $52

// For a step with surrogate pairs, per dword: 0x3FF, 0x40, 0xF0, 0x03,
// 0x0F (taken by embedded broadcast); per word: 0xDC00, 0xFC00.
DATA u16to8Pairs<>+0(SB)/4, $0x000003ff
DATA u16to8Pairs<>+4(SB)/4, $0x00000040
DATA u16to8Pairs<>+8(SB)/4, $0x000000f0
DATA u16to8Pairs<>+12(SB)/4, $0x00000003
DATA u16to8Pairs<>+16(SB)/4, $0x0000000f
DATA u16to8Pairs<>+20(SB)/4, $0xdc00dc00
DATA u16to8Pairs<>+24(SB)/4, $0xfc00fc00
GLOBL u16to8Pairs<>(SB), RODATA|NOPTR, $28

// For a step of units of three bytes each: the index (VPERMI2B) of
// output byte j = 3i+k (i: the unit) among the units' first and second
// bytes (words at 0-63) and their third bytes (the low bytes of words at
// 64-127): 2i+k for k < 2, 64+2i for k = 2. Bytes 96 on are not stored.
DATA u16to8Threes<>+0(SB)/8, $0x0504420302400100
DATA u16to8Threes<>+8(SB)/8, $0x0a48090846070644
DATA u16to8Threes<>+16(SB)/8, $0x4e0f0e4c0d0c4a0b
DATA u16to8Threes<>+24(SB)/8, $0x1514521312501110
DATA u16to8Threes<>+32(SB)/8, $0x1a58191856171654
DATA u16to8Threes<>+40(SB)/8, $0x5e1f1e5c1d1c5a1b
DATA u16to8Threes<>+48(SB)/8, $0x2524622322602120
DATA u16to8Threes<>+56(SB)/8, $0x2a68292866272664
DATA u16to8Threes<>+64(SB)/8, $0x6e2f2e6c2d2c6a2b
DATA u16to8Threes<>+72(SB)/8, $0x3534723332703130
DATA u16to8Threes<>+80(SB)/8, $0x3a78393876373674
DATA u16to8Threes<>+88(SB)/8, $0x7e3f3e7c3d3c7a3b
DATA u16to8Threes<>+96(SB)/8, $0x4544004342004140
DATA u16to8Threes<>+104(SB)/8, $0x4a00494800474600
DATA u16to8Threes<>+112(SB)/8, $0x004f4e004d4c004b
DATA u16to8Threes<>+120(SB)/8, $0x5554005352005150
GLOBL u16to8Threes<>(SB), RODATA|NOPTR, $128

// U16TO8_DWORDS(half, keep): the UTF-8 forms of the 16 units in half (a
// Y register) in the 32-bit lanes of Z13, a unit's first byte lowest:
//   ASCII:        u
//   below U+0800: 0xC0|u>>6, 0x80|u&0x3F
//   else:         0xE0|u>>12, 0x80|u>>6&0x3F, 0x80|u&0x3F
// and in keep (a GPR, from R11: the half's units of 0x80 and above, and
// R12: of 0x800 and above, in their low 16 bits) the mask of the bytes
// each lane has. Uses Z9-Z12, K1, K2, DX.
#define U16TO8_DWORDS(half, keep) \
	VPMOVZXWD half, Z13; \
	VPSRLD    $6, Z13, Z9; \
	VPANDD    Z24, Z9, Z10; \
	VPORD     Z25, Z10, Z10; \ // 0x80 | u>>6 & 0x3F
	VPANDD    Z24, Z13, Z11; \
	VPORD     Z25, Z11, Z11; \ // 0x80 | u & 0x3F
	VPSRLD    $12, Z13, Z12; \
	VPORD     Z27, Z12, Z12; \
	VPSLLD    $8, Z10, Z10; \
	VPORD     Z10, Z12, Z12; \
	VPSLLD    $16, Z11, Z10; \
	VPORD     Z10, Z12, Z12; \ // three bytes
	VPORD     Z26, Z9, Z9; \
	VPSLLD    $8, Z11, Z11; \
	VPORD     Z11, Z9, Z9; \   // two bytes
	VPCMPUD   $5, Z25, Z13, K1; \
	VPCMPUD   $5, Z28, Z13, K2; \
	VMOVDQA32 Z9, K1, Z13; \
	VMOVDQA32 Z12, K2, Z13; \
	MOVQ      $0x2222222222222222, DX; \
	PDEPQ     DX, R11, keep; \
	MOVQ      $0x4444444444444444, DX; \
	PDEPQ     DX, R12, DX; \
	ORQ       DX, keep; \
	MOVQ      $0x1111111111111111, DX; \
	ORQ       DX, keep

// U16TO8_PAIRS(half, prev, highs, lows): in the lanes of Z13 that
// U16TO8_DWORDS filled for the 16 units in half (a Y register), puts the
// first two bytes of a pair's four-byte form in its high surrogate's lane
// and the last two in its low surrogate's (the masks highs and lows, K
// registers), given the units before them in prev. With v = (h & 0x3FF) +
// 0x40, the code point's bits from 10 up, and l the low surrogate:
//   high: 0xF0|v>>8, 0x80|v>>2&0x3F
//   low:  0x80|(h&3)<<4|l>>6&0x0F, 0x80|l&0x3F
// Uses Z9-Z12; R14 points at u16to8Pairs.
#define U16TO8_PAIRS(half, prev, highs, lows) \
	VPMOVZXWD   half, Z9; \
	VPMOVZXWD   prev, Z10; \
	VPANDD.BCST 0(R14), Z9, Z11; \
	VPADDD.BCST 4(R14), Z11, Z11; \
	VPSRLD      $8, Z11, Z12; \
	VPORD.BCST  8(R14), Z12, Z12; \
	VPSRLD      $2, Z11, Z11; \
	VPANDD      Z24, Z11, Z11; \
	VPORD       Z25, Z11, Z11; \
	VPSLLD      $8, Z11, Z11; \
	VPORD       Z11, Z12, Z12; \
	VMOVDQA32   Z12, highs, Z13; \
	VPANDD.BCST 12(R14), Z10, Z10; \
	VPSLLD      $4, Z10, Z10; \
	VPSRLD      $6, Z9, Z11; \
	VPANDD.BCST 16(R14), Z11, Z11; \
	VPORD       Z11, Z10, Z10; \
	VPORD       Z25, Z10, Z10; \
	VPANDD      Z24, Z9, Z11; \
	VPORD       Z25, Z11, Z11; \
	VPSLLD      $8, Z11, Z11; \
	VPORD       Z11, Z10, Z10; \
	VMOVDQA32   Z10, lows, Z13

// U16TO8_STORE(v, keep): stores the bytes of v that keep (a GPR) keeps at
// dst+BX (a whole register: up to 64 bytes past them) and moves BX past
// them. Uses K3.
#define U16TO8_STORE(v, keep) \
	KMOVQ     keep, K3; \
	VPCOMPRESSB.Z v, K3, Z14; \
	VMOVDQU64 Z14, (DI)(BX*1); \
	POPCNTQ   keep, keep; \
	ADDQ      keep, BX

// func utf16ToUTF8AVX512(dst *byte, dstLen int, src *byte, n int, order *[16]byte) (read, written int)
// Converts the n code units at src (after VPSHUFB with order, as in
// copyUTF16AVX2) to UTF-8 at dst, 32 units a step while a step's
// surrogates are pairs in it (a high surrogate in its last unit is left
// to the next step, and the step takes 31 units), at least 32 units are
// left and utf16ToUTF8Room512 bytes of dst (a step writes at most 96
// bytes, and its last store reaches 112), and returns the units read and
// the bytes written.
TEXT ·utf16ToUTF8AVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ order+32(FP), DX
	VBROADCASTI32X4 (DX), Z15
	LEAQ u16to8Words<>(SB), DX
	VPBROADCASTD 0(DX), Z16  // 0x0080 words
	VPBROADCASTD 4(DX), Z17  // 0x0800
	VPBROADCASTD 8(DX), Z18  // 0xF800
	VPBROADCASTD 12(DX), Z19 // 0xD800
	VPBROADCASTD 16(DX), Z20 // 0x3F00
	VPBROADCASTD 20(DX), Z21 // 0x80C0
	VPBROADCASTD 24(DX), Z24 // 0x3F dwords
	VPBROADCASTD 28(DX), Z25 // 0x80
	VPBROADCASTD 32(DX), Z26 // 0xC0
	VPBROADCASTD 36(DX), Z27 // 0xE0
	VPBROADCASTD 40(DX), Z28 // 0x0800
	VPBROADCASTD 44(DX), Z22 // 0x80E0 words
	VPBROADCASTD 48(DX), Z23 // 0x003F
	VMOVDQU64 u16to8Threes<>(SB), Z29
	VMOVDQU64 u16to8Threes<>+64(SB), Z30
	LEAQ u16to8Pairs<>(SB), R14
	VPBROADCASTD 20(R14), Z5 // 0xDC00 words
	VPBROADCASTD 24(R14), Z6 // 0xFC00
	MOVQ $0x5555555555555555, R9  // the first byte of each 16-bit lane
	MOVQ $0xAAAAAAAAAAAAAAAA, R10 // the second
	XORQ AX, AX // units read
	XORQ BX, BX // bytes written
u16step:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  u16done
	LEAQ 112(BX), DX
	CMPQ DX, R8
	JHI  u16done
	VMOVDQU64 (SI)(AX*2), Z0
	VPSHUFB   Z15, Z0, Z0
	VPCMPUW   $5, Z16, Z0, K1 // 0x80 and above
	KMOVD     K1, R11
	TESTL     R11, R11
	JZ        u16ascii
	VPCMPUW   $5, Z17, Z0, K2 // 0x800 and above
	KMOVD     K2, R12
	TESTL     R12, R12
	JNZ       u16three
	// Each unit's two-byte form, first byte lowest: (u<<8 & 0x3F00 |
	// u>>6) | 0x80C0; ASCII units as they are.
	VPSLLW     $8, Z0, Z1
	VPSRLW     $6, Z0, Z2
	VPTERNLOGD $0xEA, Z2, Z20, Z1 // Z1 & 0x3F00 | Z2
	VPORD      Z21, Z1, Z1
	VPBLENDMW  Z1, Z0, K1, Z1
	MOVQ       R11, DX
	PDEPQ      R10, DX, DX
	ORQ        R9, DX // the second byte of the units of 0x80 and above
	U16TO8_STORE(Z1, DX)
	ADDQ $32, AX
	JMP  u16step
u16three:
	VPANDD    Z18, Z0, Z1
	VPCMPEQW  Z19, Z1, K3 // surrogates
	KORTESTD  K3, K3
	JNZ       u16pairs
	CMPL      R12, $0xFFFFFFFF
	JEQ       u16threes
	U16TO8_DWORDS(Y0, R13)
	U16TO8_STORE(Z13, R13)
	SHRQ      $16, R11
	SHRQ      $16, R12
	VEXTRACTI64X4 $1, Z0, Y0
	U16TO8_DWORDS(Y0, R13)
	U16TO8_STORE(Z13, R13)
	ADDQ $32, AX
	JMP  u16step
u16pairs:
	// Surrogates: the step goes on where they are pairs (emoji), the lows
	// the highs one unit on, but for a high in the last unit, which the
	// next step takes (this one takes 31 units). Each surrogate's lane
	// keeps two bytes of its pair's form (R12 loses them: U16TO8_DWORDS
	// then keeps two).
	VPANDD    Z6, Z0, Z1
	VPCMPEQW  Z19, Z1, K4 // highs
	VPCMPEQW  Z5, Z1, K5  // lows
	KMOVD     K4, DX
	KMOVD     K5, R13
	ADDL      DX, DX // the highs one unit on (a high last leaves)
	CMPL      DX, R13
	JNE       u16done
	KORD      K4, K5, K6
	KMOVD     K6, DX
	ANDNL     R12, DX, R12
	// The units before the step's (the first lane is never a low here,
	// and a masked lane is not read).
	MOVL      $0xFFFFFFFE, DX
	KMOVD     DX, K6
	VMOVDQU16.Z -2(SI)(AX*2), K6, Z7
	VPSHUFB   Z15, Z7, Z7
	U16TO8_DWORDS(Y0, R13)
	U16TO8_PAIRS(Y0, Y7, K4, K5)
	U16TO8_STORE(Z13, R13)
	SHRQ      $16, R11
	SHRQ      $16, R12
	VEXTRACTI64X4 $1, Z0, Y0
	VEXTRACTI64X4 $1, Z7, Y7
	KSHIFTRD  $16, K4, K4
	KSHIFTRD  $16, K5, K5
	U16TO8_DWORDS(Y0, R13)
	U16TO8_PAIRS(Y0, Y7, K4, K5)
	KMOVD     K4, DX
	BTL       $15, DX
	JCS       u16highLast
	U16TO8_STORE(Z13, R13)
	ADDQ $32, AX
	JMP  u16step
u16highLast:
	SHLQ      $4, R13 // not the last lane
	SHRQ      $4, R13
	U16TO8_STORE(Z13, R13)
	ADDQ $31, AX
	JMP  u16step
u16threes:
	// Every unit takes three bytes: its first and second, 0xE0|u>>12 and
	// 0x80|u>>6&0x3F, in a word (u<<2 & 0x3F00 | u>>12 | 0x80E0), its
	// third, 0x80|u&0x3F, in another, and VPERMI2B takes the 96 bytes in
	// order from the two.
	VPSLLW     $2, Z0, Z1
	VPSRLW     $12, Z0, Z2
	VPTERNLOGD $0xEA, Z2, Z20, Z1 // Z1 & 0x3F00 | Z2
	VPORD      Z22, Z1, Z1
	VPANDD     Z23, Z0, Z2
	VPORD      Z16, Z2, Z2
	VMOVDQA64  Z29, Z3
	VPERMI2B   Z2, Z1, Z3
	VMOVDQA64  Z30, Z4
	VPERMI2B   Z2, Z1, Z4
	VMOVDQU64  Z3, (DI)(BX*1)
	VMOVDQU    Y4, 64(DI)(BX*1)
	ADDQ $32, AX
	ADDQ $96, BX
	JMP  u16step
u16ascii:
	VPMOVWB Z0, Y1
	VMOVDQU Y1, (DI)(BX*1)
	ADDQ $32, AX
	ADDQ $32, BX
	JMP  u16step
u16done:
	VZEROUPPER
	MOVQ AX, read+40(FP)
	MOVQ BX, written+48(FP)
	RET

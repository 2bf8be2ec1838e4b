//go:build !purego

#include "textflag.h"

// The AVX2 kernels of the UTF-16 decoders (utf16.go, utf16to8.go). For
// UTF-16 output, code units that are not surrogates are copied as they are
// (byte-swapped for UTF-16BE), so a run without surrogates is a copy that
// checks each unit; UTF-8 output is utf16ToUTF8AVX2, further down.

// func copyUTF16AVX2(dst *uint16, src *byte, n int, order *[16]byte) int
// Copies the n code units at src (any alignment; n >= 16) to dst, after
// VPSHUFB with order (the identity for UTF-16LE, a byte swap for UTF-16BE),
// in 16-unit blocks while a block holds no surrogate ((u & 0xF800) ==
// 0xD800), and returns how many units it copied: n, or the start of the
// first block that holds a surrogate. The last block may overlap units
// already copied. A step of 32 units (two blocks) with surrogates goes on
// where each is one of a pair in the step (emoji), or a high surrogate
// is the step's last unit, where the next step then starts (31 units on).
TEXT ·copyUTF16AVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ order+24(FP), DX
	VBROADCASTI128 (DX), Y5
	MOVL $0xF800F800, DX
	VMOVQ DX, X6
	VPBROADCASTD X6, Y6
	MOVL $0xD800D800, DX
	VMOVQ DX, X7
	VPBROADCASTD X7, Y7
	MOVL $0xFC00FC00, DX
	VMOVQ DX, X8
	VPBROADCASTD X8, Y8
	MOVL $0xDC00DC00, DX
	VMOVQ DX, X9
	VPBROADCASTD X9, Y9
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
	// A surrogate in the step. Masks of its high (R8) and low (R9)
	// surrogates, two bits a unit: they are pairs where the lows are the
	// highs one unit on, a high in the last unit left for the next step.
	VPAND   Y8, Y0, Y2
	VPAND   Y8, Y1, Y3
	VPCMPEQW Y7, Y2, Y4
	VPCMPEQW Y9, Y2, Y2
	VPMOVMSKB Y4, R8
	VPMOVMSKB Y2, R9
	VPCMPEQW Y7, Y3, Y4
	VPCMPEQW Y9, Y3, Y3
	VPMOVMSKB Y4, R10
	VPMOVMSKB Y3, R11
	SHLQ    $32, R10
	ORQ     R10, R8
	SHLQ    $32, R11
	ORQ     R11, R9
	BTQ     $63, R8
	JCS     highLast
	SHLQ    $2, R8
	CMPQ    R8, R9
	JNE     in32stop
	VMOVDQU Y0, (DI)(AX*2)
	VMOVDQU Y1, 32(DI)(AX*2)
	ADDQ    $32, AX
	JMP     loop32
highLast:
	// A high surrogate last (its bits leave with the shift): the step
	// takes 31 units, the second block's 15 stored with the unit before
	// them, so that nothing is written past them.
	SHLQ    $2, R8
	CMPQ    R8, R9
	JNE     in32stop
	VMOVDQU Y0, (DI)(AX*2)
	VMOVDQU 30(SI)(AX*2), Y3
	VPSHUFB Y5, Y3, Y3
	VMOVDQU Y3, 30(DI)(AX*2)
	ADDQ    $31, AX
	JMP     loop32
in32stop:
	// A surrogate out of pairs: the first block may be clean.
	VPAND   Y6, Y0, Y2
	VPCMPEQW Y7, Y2, Y2
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


// The AVX2 kernel for the UTF-16 decoders' UTF-8 output (utf16.go), 16
// code units a step. A step whose units all take one byte (ASCII) packs
// them; one whose units take one or two bytes (Latin, Greek, Cyrillic,
// Hebrew, Arabic and the spaces and punctuation between their words)
// writes each unit's two-byte form, puts the unit itself in the ASCII
// lanes, and drops the empty second bytes with a VPSHUFB whose control
// comes from a table indexed by the 8 ASCII lanes of each 128-bit half
// (utf16Steps in utf16to8.go); one whose units all take three bytes (CJK,
// kana, Thai) writes the three bytes of each unit in a 32-bit lane and
// drops every fourth byte with one fixed VPSHUFB; any other mix (hangul
// and spaces, kanji and digits) puts each unit's one, two or three bytes
// in a 32-bit lane and compacts each group of four lanes with a VPSHUFB
// control from another table. A step with a surrogate ends the call, and
// the Go code takes those units one at a time. Plan 9 operand order:
// sources first, destination last.

// Constants for every 16-bit lane, 32 bytes apiece, at the offsets given.
// 0xFF80 at 0
DATA utf16Consts<>+0(SB)/8, $0xff80ff80ff80ff80
DATA utf16Consts<>+8(SB)/8, $0xff80ff80ff80ff80
DATA utf16Consts<>+16(SB)/8, $0xff80ff80ff80ff80
DATA utf16Consts<>+24(SB)/8, $0xff80ff80ff80ff80
// 0xF800 at 32
DATA utf16Consts<>+32(SB)/8, $0xf800f800f800f800
DATA utf16Consts<>+40(SB)/8, $0xf800f800f800f800
DATA utf16Consts<>+48(SB)/8, $0xf800f800f800f800
DATA utf16Consts<>+56(SB)/8, $0xf800f800f800f800
// 0xD800 at 64
DATA utf16Consts<>+64(SB)/8, $0xd800d800d800d800
DATA utf16Consts<>+72(SB)/8, $0xd800d800d800d800
DATA utf16Consts<>+80(SB)/8, $0xd800d800d800d800
DATA utf16Consts<>+88(SB)/8, $0xd800d800d800d800
// 0x00C0 at 96
DATA utf16Consts<>+96(SB)/8, $0x00c000c000c000c0
DATA utf16Consts<>+104(SB)/8, $0x00c000c000c000c0
DATA utf16Consts<>+112(SB)/8, $0x00c000c000c000c0
DATA utf16Consts<>+120(SB)/8, $0x00c000c000c000c0
// 0x3F00 at 128
DATA utf16Consts<>+128(SB)/8, $0x3f003f003f003f00
DATA utf16Consts<>+136(SB)/8, $0x3f003f003f003f00
DATA utf16Consts<>+144(SB)/8, $0x3f003f003f003f00
DATA utf16Consts<>+152(SB)/8, $0x3f003f003f003f00
// 0x8000 at 160
DATA utf16Consts<>+160(SB)/8, $0x8000800080008000
DATA utf16Consts<>+168(SB)/8, $0x8000800080008000
DATA utf16Consts<>+176(SB)/8, $0x8000800080008000
DATA utf16Consts<>+184(SB)/8, $0x8000800080008000
// 0x0080 at 192
DATA utf16Consts<>+192(SB)/8, $0x0080008000800080
DATA utf16Consts<>+200(SB)/8, $0x0080008000800080
DATA utf16Consts<>+208(SB)/8, $0x0080008000800080
DATA utf16Consts<>+216(SB)/8, $0x0080008000800080
// 0x00E0 at 224
DATA utf16Consts<>+224(SB)/8, $0x00e000e000e000e0
DATA utf16Consts<>+232(SB)/8, $0x00e000e000e000e0
DATA utf16Consts<>+240(SB)/8, $0x00e000e000e000e0
DATA utf16Consts<>+248(SB)/8, $0x00e000e000e000e0
// 0x003F at 256
DATA utf16Consts<>+256(SB)/8, $0x003f003f003f003f
DATA utf16Consts<>+264(SB)/8, $0x003f003f003f003f
DATA utf16Consts<>+272(SB)/8, $0x003f003f003f003f
DATA utf16Consts<>+280(SB)/8, $0x003f003f003f003f
// at 288: the VPSHUFB control that keeps three bytes of every four
DATA utf16Consts<>+288(SB)/8, $0x0908060504020100
DATA utf16Consts<>+296(SB)/8, $0x808080800e0d0c0a
DATA utf16Consts<>+304(SB)/8, $0x0908060504020100
DATA utf16Consts<>+312(SB)/8, $0x808080800e0d0c0a
// at 320: 0xFC00; 352: 0xDC00; 384: 0x03FF; 416: 0x0040; 448: 0x0003;
// 480: 0x000F; 512: 0x00F0 (for steps with surrogate pairs)
DATA utf16Consts<>+320(SB)/8, $0xfc00fc00fc00fc00
DATA utf16Consts<>+328(SB)/8, $0xfc00fc00fc00fc00
DATA utf16Consts<>+336(SB)/8, $0xfc00fc00fc00fc00
DATA utf16Consts<>+344(SB)/8, $0xfc00fc00fc00fc00
DATA utf16Consts<>+352(SB)/8, $0xdc00dc00dc00dc00
DATA utf16Consts<>+360(SB)/8, $0xdc00dc00dc00dc00
DATA utf16Consts<>+368(SB)/8, $0xdc00dc00dc00dc00
DATA utf16Consts<>+376(SB)/8, $0xdc00dc00dc00dc00
DATA utf16Consts<>+384(SB)/8, $0x03ff03ff03ff03ff
DATA utf16Consts<>+392(SB)/8, $0x03ff03ff03ff03ff
DATA utf16Consts<>+400(SB)/8, $0x03ff03ff03ff03ff
DATA utf16Consts<>+408(SB)/8, $0x03ff03ff03ff03ff
DATA utf16Consts<>+416(SB)/8, $0x0040004000400040
DATA utf16Consts<>+424(SB)/8, $0x0040004000400040
DATA utf16Consts<>+432(SB)/8, $0x0040004000400040
DATA utf16Consts<>+440(SB)/8, $0x0040004000400040
DATA utf16Consts<>+448(SB)/8, $0x0003000300030003
DATA utf16Consts<>+456(SB)/8, $0x0003000300030003
DATA utf16Consts<>+464(SB)/8, $0x0003000300030003
DATA utf16Consts<>+472(SB)/8, $0x0003000300030003
DATA utf16Consts<>+480(SB)/8, $0x000f000f000f000f
DATA utf16Consts<>+488(SB)/8, $0x000f000f000f000f
DATA utf16Consts<>+496(SB)/8, $0x000f000f000f000f
DATA utf16Consts<>+504(SB)/8, $0x000f000f000f000f
DATA utf16Consts<>+512(SB)/8, $0x00f000f000f000f0
DATA utf16Consts<>+520(SB)/8, $0x00f000f000f000f0
DATA utf16Consts<>+528(SB)/8, $0x00f000f000f000f0
DATA utf16Consts<>+536(SB)/8, $0x00f000f000f000f0
GLOBL utf16Consts<>(SB), RODATA|NOPTR, $544

// MIXED_FORMS: for the 16 units in Y0 (and Y2: the lanes below U+0800),
// the ASCII lanes in Y6 and each unit's first two bytes in a word of Y4:
// ASCII: u; below U+0800: the two-byte form; else the three-byte form's
// first two. Y5, Y7, Y8 are scratch.
#define MIXED_FORMS \
	VPAND   Y10, Y0, Y6; \
	VPCMPEQW Y15, Y6, Y6; \
	VPSRLW  $12, Y0, Y4; \
	VPOR    224(R14), Y4, Y4; \
	VPSLLW  $2, Y0, Y5; \
	VPAND   Y13, Y5, Y5; \
	VPOR    Y14, Y5, Y5; \
	VPOR    Y5, Y4, Y4; \
	VPSRLW  $6, Y0, Y7; \
	VPOR    96(R14), Y7, Y7; \
	VPSLLW  $8, Y0, Y8; \
	VPAND   Y13, Y8, Y8; \
	VPOR    Y14, Y8, Y8; \
	VPOR    Y8, Y7, Y7; \
	VPBLENDVB Y2, Y7, Y4, Y4; \
	VPBLENDVB Y6, Y0, Y4, Y4

// func utf16ToUTF8AVX2(dst *byte, dstLen int, src *byte, n int, order *[16]byte, steps *utf16StepTables) (read, written int)
// Converts the n code units at src (after VPSHUFB with order, as in
// copyUTF16AVX2) to UTF-8 at dst, 16 units a step while a step is one of
// surrogates, at least 16 units are left and 64 bytes of dst
// (a step writes at most 48 bytes, and its stores reach 4 bytes past
// them).
TEXT ·utf16ToUTF8AVX2(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R8
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ order+32(FP), DX
	MOVQ steps+40(FP), R9
	VBROADCASTI128 (DX), Y3
	LEAQ utf16Consts<>(SB), R14
	VMOVDQU 0(R14), Y10   // 0xFF80
	VMOVDQU 32(R14), Y11  // 0xF800
	VMOVDQU 64(R14), Y12  // 0xD800
	VMOVDQU 128(R14), Y13 // 0x3F00
	VMOVDQU 160(R14), Y14 // 0x8000
	VPXOR   Y15, Y15, Y15
	XORQ AX, AX // units read
	XORQ BX, BX // bytes written
step:
	LEAQ 16(AX), DX
	CMPQ DX, CX
	JHI  done
	LEAQ 64(BX), DX
	CMPQ DX, R8
	JHI  done
	VMOVDQU (SI)(AX*2), Y0
	VPSHUFB Y3, Y0, Y0
	VPTEST  Y10, Y0
	JZ      ascii
	VPAND   Y11, Y0, Y1
	VPTEST  Y1, Y1
	JZ      twobyte
	VPCMPEQW Y12, Y1, Y4 // a surrogate
	VPTEST  Y4, Y4
	JNZ     pairs
	VPCMPEQW Y15, Y1, Y2 // below U+0800
	VPTEST  Y2, Y2
	JZ      threebyte
	JMP     mixed

ascii:
	VPACKUSWB Y0, Y0, Y1
	VPERMQ  $0x08, Y1, Y1
	VMOVDQU X1, (DI)(BX*1)
	ADDQ    $16, AX
	ADDQ    $16, BX
	JMP     step

twobyte:
	// Each lane's two-byte form, lead byte first: 0xC0 | u>>6 and
	// 0x80 | u&0x3F; ASCII lanes keep u (and an empty second byte).
	VPSRLW  $6, Y0, Y4
	VPOR    96(R14), Y4, Y4 // | 0x00C0
	VPSLLW  $8, Y0, Y5
	VPAND   Y13, Y5, Y5
	VPOR    Y14, Y5, Y5
	VPOR    Y5, Y4, Y4
	VMOVDQU 192(R14), Y6    // 0x0080
	VPCMPGTW Y0, Y6, Y6     // ASCII lanes: 0x80 > u
	VPBLENDVB Y6, Y0, Y4, Y4
	// One bit per ASCII lane: bits 0-7 for the low half, 16-23 for the
	// high half.
	VPACKSSWB Y6, Y6, Y6
	VPMOVMSKB Y6, DX
	MOVQ    DX, R10
	ANDQ    $0xFF, R10
	SHRQ    $16, DX
	ANDQ    $0xFF, DX
	MOVQ    R10, R11
	SHLQ    $4, R11
	MOVQ    DX, R12
	SHLQ    $4, R12
	VMOVDQU (R9)(R11*1), X7
	VINSERTI128 $1, (R9)(R12*1), Y7, Y7
	VPSHUFB Y7, Y4, Y4
	VMOVDQU X4, (DI)(BX*1)
	MOVBQZX 4096(R9)(R10*1), R10
	ADDQ    R10, BX
	VEXTRACTI128 $1, Y4, X5
	VMOVDQU X5, (DI)(BX*1)
	MOVBQZX 4096(R9)(DX*1), DX
	ADDQ    DX, BX
	ADDQ    $16, AX
	JMP     step

threebyte:
	// First and second bytes in each lane: 0xE0 | u>>12 and
	// 0x80 | (u>>6)&0x3F; the third, 0x80 | u&0x3F, in another register.
	VPSRLW  $12, Y0, Y4
	VPOR    224(R14), Y4, Y4 // | 0x00E0
	VPSLLW  $2, Y0, Y5
	VPAND   Y13, Y5, Y5
	VPOR    Y14, Y5, Y5
	VPOR    Y5, Y4, Y4
	VPAND   256(R14), Y0, Y5 // & 0x003F
	VPOR    192(R14), Y5, Y5 // | 0x0080
	// Interleaved, each unit's three bytes fill a 32-bit lane: units 0-3
	// and 8-11 in Y6, 4-7 and 12-15 in Y7; then 12 bytes of each half.
	VPUNPCKLWD Y5, Y4, Y6
	VPUNPCKHWD Y5, Y4, Y7
	VMOVDQU 288(R14), Y8
	VPSHUFB Y8, Y6, Y6
	VPSHUFB Y8, Y7, Y7
	VMOVDQU X6, (DI)(BX*1)
	VMOVDQU X7, 12(DI)(BX*1)
	VEXTRACTI128 $1, Y6, X6
	VEXTRACTI128 $1, Y7, X7
	VMOVDQU X6, 24(DI)(BX*1)
	VMOVDQU X7, 36(DI)(BX*1)
	ADDQ    $16, AX
	ADDQ    $48, BX
	JMP     step

mixed:
	// Units of one, two and three bytes: each unit's bytes in a 32-bit
	// lane (ASCII: u; below U+0800: the two-byte form; else the three-byte
	// form), then each group of four lanes compacted by a VPSHUFB control
	// from steps.mixed, indexed by which of the four units are not ASCII
	// (low nibble) and which take three bytes (high nibble).
	MIXED_FORMS
mixedThird:
	VPAND   256(R14), Y0, Y5 // three-byte form: third byte, 0 for the others
	VPOR    192(R14), Y5, Y5
	VPANDN  Y5, Y2, Y5
	VPUNPCKLWD Y5, Y4, Y8   // groups 0 (low half) and 2 (high half)
	VPUNPCKHWD Y5, Y4, Y9   // groups 1 and 3
	// Bits 0-7: ASCII lanes of the low half, 8-15: lanes below U+0800;
	// 16-31 the same for the high half; inverted.
	VPACKSSWB Y2, Y6, Y7
	VPMOVMSKB Y7, DX
	NOTL    DX
	// Each group's index, doubled (the lengths are 2 bytes apart, the
	// controls 16: scale 8): R10-R13 for groups 0-3.
	MOVL    DX, R10
	SHRL    $4, R10
	ANDL    $0xF0, R10
	MOVL    DX, R11
	ANDL    $0x0F, R11
	ORL     R11, R10
	MOVL    DX, R11
	SHRL    $8, R11
	ANDL    $0xF0, R11
	MOVL    DX, R12
	SHRL    $4, R12
	ANDL    $0x0F, R12
	ORL     R12, R11
	SHRL    $16, DX
	MOVL    DX, R12
	SHRL    $4, R12
	ANDL    $0xF0, R12
	MOVL    DX, R13
	ANDL    $0x0F, R13
	ORL     R13, R12
	MOVL    DX, R13
	SHRL    $8, R13
	ANDL    $0xF0, R13
	SHRL    $4, DX
	ANDL    $0x0F, DX
	ORL     DX, R13
	ADDL    R10, R10
	ADDL    R11, R11
	ADDL    R12, R12
	ADDL    R13, R13
	VMOVDQU 4352(R9)(R10*8), X6
	VINSERTI128 $1, 4352(R9)(R12*8), Y6, Y6
	VPSHUFB Y6, Y8, Y8
	VMOVDQU 4352(R9)(R11*8), X7
	VINSERTI128 $1, 4352(R9)(R13*8), Y7, Y7
	VPSHUFB Y7, Y9, Y9
	VMOVDQU X8, (DI)(BX*1)
	MOVBQZX 8448(R9)(R10*1), R10
	ADDQ    R10, BX
	VMOVDQU X9, (DI)(BX*1)
	MOVBQZX 8448(R9)(R11*1), R11
	ADDQ    R11, BX
	VEXTRACTI128 $1, Y8, X8
	VMOVDQU X8, (DI)(BX*1)
	MOVBQZX 8448(R9)(R12*1), R12
	ADDQ    R12, BX
	VEXTRACTI128 $1, Y9, X9
	VMOVDQU X9, (DI)(BX*1)
	MOVBQZX 8448(R9)(R13*1), R13
	ADDQ    R13, BX
	ADDQ    $16, AX
	JMP     step

pairs:
	// Surrogates in the step: it goes on as a mixed step where they are
	// pairs (emoji), the lows the highs one unit on, and no high is last
	// (the Go code takes such a step). Each surrogate's lane is one of
	// two bytes (Y2) that holds half of its pair's four-byte form: with
	// v = (h & 0x3FF) + 0x40, the code point's bits from 10 up, and l the
	// low surrogate,
	//   high: 0xF0|v>>8, 0x80|v>>2&0x3F
	//   low:  0x80|(h&3)<<4|l>>6&0x0F, 0x80|l&0x3F
	VPCMPEQW Y15, Y1, Y2 // below U+0800
	MIXED_FORMS
	VPAND   320(R14), Y0, Y5
	VPCMPEQW 352(R14), Y5, Y7 // lows
	VPCMPEQW Y12, Y5, Y5      // highs
	VPMOVMSKB Y5, R10
	VPMOVMSKB Y7, R11
	BTL     $31, R10
	JCS     done
	SHLL    $2, R10
	CMPL    R10, R11
	JNE     done
	VPAND   384(R14), Y0, Y8  // the highs' forms
	VPADDW  416(R14), Y8, Y8  // v
	VPSRLW  $8, Y8, Y9
	VPOR    512(R14), Y9, Y9  // 0xF0 | v>>8
	VPSLLW  $6, Y8, Y8
	VPAND   Y13, Y8, Y8
	VPOR    Y14, Y8, Y8       // (0x80 | v>>2&0x3F) << 8
	VPOR    Y9, Y8, Y8
	VPBLENDVB Y5, Y8, Y4, Y4
	VPERM2I128 $0x08, Y0, Y0, Y8
	VPALIGNR $14, Y8, Y0, Y8  // the unit before each (0 before the first)
	VPAND   448(R14), Y8, Y8
	VPSLLW  $4, Y8, Y8        // (h & 3) << 4
	VPSRLW  $6, Y0, Y9
	VPAND   480(R14), Y9, Y9
	VPOR    Y9, Y8, Y8
	VPOR    192(R14), Y8, Y8  // 0x80 | (h&3)<<4 | l>>6&0x0F
	VPSLLW  $8, Y0, Y9
	VPAND   Y13, Y9, Y9
	VPOR    Y14, Y9, Y9       // (0x80 | l&0x3F) << 8
	VPOR    Y9, Y8, Y8
	VPBLENDVB Y7, Y8, Y4, Y4
	VPOR    Y5, Y2, Y2
	VPOR    Y7, Y2, Y2
	JMP     mixedThird

done:
	VZEROUPPER
	MOVQ    AX, read+48(FP)
	MOVQ    BX, written+56(FP)
	RET

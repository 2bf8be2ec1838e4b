//go:build !purego

#include "textflag.h"

// The AVX2 kernel for the UTF-8 decoder's UTF-16 output (utf8to16.go). Its
// input is known to be whole, valid UTF-8 (the validator has seen it), so
// it converts without checks. Each step looks at 16 bytes: all ASCII, they
// are widened; otherwise a mask of the bytes that end a character (the
// next byte is not a continuation byte) picks the step's shape. Eight
// three-byte characters in a row (24 bytes) have a fixed shuffle, and 16
// bytes of one- and two-byte characters that end with a character are
// widened and packed (wordPacks). (Eight two-byte characters had a fixed
// shuffle of their own, which text with spaces seldom has: without its
// test, WHATENC_CPU=avx2, bench/compare-ab.sh (8 runs), the decoder's
// ratio to encoding_rs ru.html +5%, the other pages of one- and
// two-byte text +0.5-1.6%.) Any other shape is looked up, by the
// mask of the first 12 bytes, in utf8Steps: the VPSHUFB control that puts
// the next six characters (all of one or two bytes) in 16-bit lanes, or
// the next four (of up to three bytes) in 32-bit lanes, last byte lowest,
// and the bytes they take. Where a four-byte character is among the first
// four, it and the characters before it are converted one at a time
// (fourNear): a vector step of three characters of up to four bytes, which
// could hold it, ran text with emoji 15-35% slower than that. A step
// waits for the one before (its loads start where that one's characters
// end, which a lookup says): so with 80 bytes left the step also takes the
// mask of bytes 32-63, and the step after it (again) shifts its mask out
// of that rather than loading and comparing its own. On an Intel Xeon with
// WHATENC_CPU=avx2, bench/compare-ab.sh (8 runs), the decoder's ratio to
// encoding_rs: ko.html +22%, chat text with emoji +8%, ja.html +6%, ja.txt
// +3%, zh_cn.html +2%, the others within 1%; more than one such step in a
// row (while R14 knows their bytes) measured -4% to +4% against one in
// the Go benchmarks, and so did the characters before an emoji (fourNear)
// going on from R14 (text of emoji alone -12%). ascii32, the loop of ASCII
// runs, starts a 64-byte line: where it straddled two (as a few bytes
// more code before it did), CJK markup ran 15-20% slower. Plan 9 operand
// order: sources first, destination last.

// at 0: bytes 0xC0 (-64: a continuation byte is less)
DATA utf8Consts<>+0(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA utf8Consts<>+8(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA utf8Consts<>+16(SB)/8, $0xc0c0c0c0c0c0c0c0
DATA utf8Consts<>+24(SB)/8, $0xc0c0c0c0c0c0c0c0
// at 32: words 0x003F
DATA utf8Consts<>+32(SB)/8, $0x003f003f003f003f
DATA utf8Consts<>+40(SB)/8, $0x003f003f003f003f
DATA utf8Consts<>+48(SB)/8, $0x003f003f003f003f
DATA utf8Consts<>+56(SB)/8, $0x003f003f003f003f
// at 64: words 0x07C0
DATA utf8Consts<>+64(SB)/8, $0x07c007c007c007c0
DATA utf8Consts<>+72(SB)/8, $0x07c007c007c007c0
DATA utf8Consts<>+80(SB)/8, $0x07c007c007c007c0
DATA utf8Consts<>+88(SB)/8, $0x07c007c007c007c0
// at 96: words 0x001F
DATA utf8Consts<>+96(SB)/8, $0x001f001f001f001f
DATA utf8Consts<>+104(SB)/8, $0x001f001f001f001f
DATA utf8Consts<>+112(SB)/8, $0x001f001f001f001f
DATA utf8Consts<>+120(SB)/8, $0x001f001f001f001f
// at 128: dwords 0x0000003F
DATA utf8Consts<>+128(SB)/8, $0x0000003f0000003f
DATA utf8Consts<>+136(SB)/8, $0x0000003f0000003f
DATA utf8Consts<>+144(SB)/8, $0x0000003f0000003f
DATA utf8Consts<>+152(SB)/8, $0x0000003f0000003f
// at 160: dwords 0x00000FC0
DATA utf8Consts<>+160(SB)/8, $0x00000fc000000fc0
DATA utf8Consts<>+168(SB)/8, $0x00000fc000000fc0
DATA utf8Consts<>+176(SB)/8, $0x00000fc000000fc0
DATA utf8Consts<>+184(SB)/8, $0x00000fc000000fc0
// at 192: dwords 0x0000F000
DATA utf8Consts<>+192(SB)/8, $0x0000f0000000f000
DATA utf8Consts<>+200(SB)/8, $0x0000f0000000f000
DATA utf8Consts<>+208(SB)/8, $0x0000f0000000f000
DATA utf8Consts<>+216(SB)/8, $0x0000f0000000f000
// at 224: dwords 0x00000080
DATA utf8Consts<>+224(SB)/8, $0x0000008000000080
DATA utf8Consts<>+232(SB)/8, $0x0000008000000080
DATA utf8Consts<>+240(SB)/8, $0x0000008000000080
DATA utf8Consts<>+248(SB)/8, $0x0000008000000080
// at 256: VPSHUFB control: four three-byte sequences per half, last byte first, into 32-bit lanes
DATA utf8Consts<>+256(SB)/8, $0x8003040580000102
DATA utf8Consts<>+264(SB)/8, $0x80090a0b80060708
DATA utf8Consts<>+272(SB)/8, $0x8003040580000102
DATA utf8Consts<>+280(SB)/8, $0x80090a0b80060708
// at 288: bytes 0xE0
DATA utf8Consts<>+288(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA utf8Consts<>+296(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA utf8Consts<>+304(SB)/8, $0xe0e0e0e0e0e0e0e0
DATA utf8Consts<>+312(SB)/8, $0xe0e0e0e0e0e0e0e0
// at 320: words 0x00BF
DATA utf8Consts<>+320(SB)/8, $0x00bf00bf00bf00bf
DATA utf8Consts<>+328(SB)/8, $0x00bf00bf00bf00bf
DATA utf8Consts<>+336(SB)/8, $0x00bf00bf00bf00bf
DATA utf8Consts<>+344(SB)/8, $0x00bf00bf00bf00bf
GLOBL utf8Consts<>(SB), RODATA|NOPTR, $352

// STORE_PAIR: the two kernels' four-byte character (an emoji): stores the
// surrogate pair of the code point in DX at dst+BX units, and moves AX
// past its four bytes and BX past the two units. R10 is scratch.
#define STORE_PAIR \
	SUBL    $0x10000, DX; \
	MOVL    DX, R10; \
	SHRL    $10, R10; \
	ADDL    $0xD800, R10; \
	ANDL    $0x3FF, DX; \
	ADDL    $0xDC00, DX; \
	MOVW    R10, (DI)(BX*2); \
	MOVW    DX, 2(DI)(BX*2); \
	ADDQ    $4, AX; \
	ADDQ    $2, BX

// STEP_BYTES(scratch): a step's bytes, those at src+AX in X0 (to ascii if
// they are ASCII; scratch holds their high bits) and those after them in
// Y1.
#define STEP_BYTES(scratch) \
	VMOVDQU (SI)(AX*1), X0; \
	VPMOVMSKB X0, scratch; \
	TESTL   scratch, scratch; \
	JZ      ascii; \
	VMOVDQU 1(SI)(AX*1), Y1

// func utf8ToUTF16AVX2(dst *uint16, src *byte, n int, t *utf8StepTables) (read, written int)
// Converts the whole, valid UTF-8 at src[:n] (from a character's first
// byte) into dst, which has room for n units, while 48 bytes remain (a
// step reads at most 33 ahead), and returns the bytes read and the units
// written (a step stores at most 16 units, and never more than it read).
TEXT ·utf8ToUTF16AVX2(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), R8
	MOVQ t+24(FP), R9
	VMOVDQU utf8Consts<>+0(SB), Y10 // 0xC0 bytes
	XORQ AX, AX         // bytes read
	XORQ BX, BX         // units written
step:
	LEAQ 48(AX), DX
	CMPQ DX, R8
	JHI  done
	STEP_BYTES(DX)
	// Bit p of DX: byte p ends a character (byte p+1 is not a
	// continuation byte), for p = 0..31.
	VPCMPGTB Y1, Y10, Y2
	VPMOVMSKB Y2, DX
	NOTL    DX
	// With 80 bytes left, bits 32-63 too, in R14: the step after this
	// one (again) starts from them rather than from loads and compares
	// of its own, which would wait for this step's bytes taken.
	XORL    R14, R14
	LEAQ    80(AX), R10
	CMPQ    R10, R8
	JHI     masked
	VMOVDQU 33(SI)(AX*1), Y7
	VPCMPGTB Y7, Y10, Y7
	VPMOVMSKB Y7, R14
	NOTL    R14
	SHLQ    $32, R14
	ORQ     DX, R14
masked:
	MOVL    DX, R10
	ANDL    $0xFFFFFF, R10
	CMPL    R10, $0x924924
	JEQ     three
	// Sixteen bytes of characters of one and two bytes (Latin or
	// Cyrillic text with its spaces) that end with a character: each
	// byte's unit in a 16-bit lane (a lead's the code point), then the
	// lanes of continuation bytes packed out, 8 at a time (wordPacks).
	TESTL   $0x8000, DX
	JZ      shapes
	VPAND   utf8Consts<>+288(SB), X0, X3
	VPCMPEQB utf8Consts<>+288(SB), X3, X3 // leads of three and four bytes
	VPMOVMSKB X3, R10
	TESTL   R10, R10
	JNZ     shapes
	VPMOVZXBW X0, Y3          // the bytes
	VPMOVZXBW X1, Y4          // the bytes after them
	VPAND   utf8Consts<>+96(SB), Y3, Y5
	VPSLLW  $6, Y5, Y5
	VPAND   utf8Consts<>+32(SB), Y4, Y4
	VPOR    Y4, Y5, Y5        // (b&0x1F)<<6 | next&0x3F
	VPCMPGTW utf8Consts<>+320(SB), Y3, Y4 // leads: b > 0xBF
	VPBLENDVB Y4, Y5, Y3, Y3
	VPCMPGTB X0, X10, X4      // continuation bytes
	VPMOVMSKB X4, R10
	NOTL    R10               // the lanes kept
	MOVL    R10, R12
	ANDL    $0xFF, R12
	SHLL    $4, R12
	MOVL    R10, R13
	SHRL    $8, R13
	ANDL    $0xFF, R13
	SHLL    $4, R13
	VMOVDQU 10512(R9)(R12*1), X5
	VINSERTI128 $1, 10512(R9)(R13*1), Y5, Y5
	VPSHUFB Y5, Y3, Y3
	VMOVDQU X3, (DI)(BX*2)
	MOVL    R10, R12
	ANDL    $0xFF, R12
	POPCNTL R12, R12
	ADDQ    R12, BX
	VEXTRACTI128 $1, Y3, X3
	VMOVDQU X3, (DI)(BX*2)
	SHRL    $8, R10
	ANDL    $0xFF, R10
	POPCNTL R10, R10
	ADDQ    R10, BX
	ADDQ    $16, AX
	JMP     step
shapes:
	// The shapes of two windows of 12 bytes: the first at the step's
	// start, the second where the first's characters end. Two of a kind
	// convert together, one in each half; otherwise the first alone.
	MOVL    DX, R12
	ANDL    $0xFFF, DX
	MOVWQZX (R9)(DX*2), R10 // low byte the control, high byte the bytes taken
	MOVQ    R10, R11
	SHRQ    $8, R11
	ANDQ    $0xFF, R10
	MOVQ    R11, CX
	SHRL    CX, R12
	ANDL    $0xFFF, R12
	MOVWQZX (R9)(R12*2), R12
	MOVQ    R12, R13
	SHRQ    $8, R13
	ANDQ    $0xFF, R12
	LEAQ    (SI)(AX*1), DX
	VINSERTI128 $1, (DX)(R11*1), Y0, Y0
	CMPQ    R10, $64
	JAE     upTo3
	CMPQ    R12, $64
	JB      six
	MOVQ    R10, R12 // the high half repeats the first window, unused
	XORQ    R13, R13
six:
	// Six characters of one or two bytes: in 16-bit lanes, b0 (ASCII) or
	// b1 | b0<<8, and (b0&0x1F)<<6 | b1&0x3F for the latter.
	SHLQ    $4, R10
	SHLQ    $4, R12
	VMOVDQU 8192(R9)(R10*1), X3
	VINSERTI128 $1, 8192(R9)(R12*1), Y3, Y3
	VPSHUFB Y3, Y0, Y3
	VPAND   utf8Consts<>+32(SB), Y3, Y4
	VPSRLW  $2, Y3, Y5
	VPAND   utf8Consts<>+64(SB), Y5, Y5
	VPOR    Y5, Y4, Y4
	VPSRLW  $7, Y3, Y5
	VPXOR   Y6, Y6, Y6
	VPCMPEQW Y6, Y5, Y5 // ASCII lanes: v>>7 == 0
	VPBLENDVB Y5, Y3, Y4, Y4
	VMOVDQU X4, (DI)(BX*2)
	ADDQ    R11, AX
	ADDQ    $6, BX
	TESTQ   R13, R13
	JZ      taken
	VEXTRACTI128 $1, Y4, X4
	VMOVDQU X4, (DI)(BX*2)
	ADDQ    R13, AX
	ADDQ    $6, BX
	JMP     taken

upTo3:
	CMPQ    R10, $145
	JAE     fourNear
	CMPQ    R12, $64
	JB      upTo3One
	CMPQ    R12, $145
	JB      four
upTo3One:
	MOVQ    R10, R12
	XORQ    R13, R13
four:
	// Four characters of up to three bytes: in 32-bit lanes, b0, or
	// b1 | b0<<8, or b2 | b1<<8 | b0<<16, and for the last two
	// (b0&0x0F)<<12 | (b1&0x3F)<<6 | b2&0x3F (which is right for two
	// bytes too: b0 & 0x3F of 110xxxxx is 0xxxxx, and b0<<4 has no bit
	// above 11).
	SHLQ    $4, R10
	SHLQ    $4, R12
	VMOVDQU 8192(R9)(R10*1), X3
	VINSERTI128 $1, 8192(R9)(R12*1), Y3, Y3
	VPSHUFB Y3, Y0, Y3
	VPAND   utf8Consts<>+128(SB), Y3, Y4
	VPSRLD  $2, Y3, Y5
	VPAND   utf8Consts<>+160(SB), Y5, Y5
	VPOR    Y5, Y4, Y4
	VPSRLD  $4, Y3, Y5
	VPAND   utf8Consts<>+192(SB), Y5, Y5
	VPOR    Y5, Y4, Y4
	VMOVDQU utf8Consts<>+224(SB), Y5
	VPCMPGTD Y3, Y5, Y5 // ASCII lanes: 0x80 > v
	VPBLENDVB Y5, Y3, Y4, Y4
	VPACKUSDW Y4, Y4, Y4
	VPERMQ  $0x08, Y4, Y4 // the first window's four units, then the second's
	ADDQ    R11, AX
	TESTQ   R13, R13
	JZ      fourOne
	VMOVDQU X4, (DI)(BX*2)
	ADDQ    R13, AX
	ADDQ    $8, BX
	JMP     taken
fourOne:
	VMOVQ   X4, (DI)(BX*2)
	ADDQ    $4, BX
taken:
	// The windows took CX + R13 bytes: the mask of the bytes after them
	// is R14's bits past those.
	ADDQ    R13, CX
	SHRQ    CX, R14
again:
	// Once a step: the next step's mask from R14 (zero if none), its
	// bytes loaded for the conversion alone.
	TESTQ   R14, R14
	JZ      step
	MOVQ    R14, DX
	XORL    R14, R14
	STEP_BYTES(R10)
	JMP     masked

fourNear:
	// A four-byte character among the window's first four (utf8StepNone).
	// When it is the first (an emoji, or a run of them), its surrogate
	// pair is made here, from its bytes' bits; otherwise the characters
	// before it one at a time (one, two or three bytes), here too, so that
	// the call does not end at each emoji in text.
	MOVBLZX (SI)(AX*1), DX
	CMPL    DX, $0xF0
	JAE     fourNearFirst
	CMPL    DX, $0x80
	JB      oneAhead
	MOVBLZX 1(SI)(AX*1), R10
	ANDL    $0x3F, R10
	CMPL    DX, $0xE0
	JAE     threeAhead
	ANDL    $0x1F, DX
	SHLL    $6, DX
	ORL     R10, DX
	MOVW    DX, (DI)(BX*2)
	ADDQ    $2, AX
	INCQ    BX
	JMP     fourNear
threeAhead:
	ANDL    $0x0F, DX
	SHLL    $12, DX
	SHLL    $6, R10
	ORL     R10, DX
	MOVBLZX 2(SI)(AX*1), R10
	ANDL    $0x3F, R10
	ORL     R10, DX
	MOVW    DX, (DI)(BX*2)
	ADDQ    $3, AX
	INCQ    BX
	JMP     fourNear
oneAhead:
	MOVW    DX, (DI)(BX*2)
	INCQ    AX
	INCQ    BX
	JMP     fourNear
fourNearFirst:
	ANDL    $7, DX
	SHLL    $18, DX
	MOVBLZX 1(SI)(AX*1), R10
	ANDL    $0x3F, R10
	SHLL    $12, R10
	ORL     R10, DX
	MOVBLZX 2(SI)(AX*1), R10
	ANDL    $0x3F, R10
	SHLL    $6, R10
	ORL     R10, DX
	MOVBLZX 3(SI)(AX*1), R10
	ANDL    $0x3F, R10
	ORL     R10, DX               // the code point
	STORE_PAIR
	// Another one next (a run of emoji), while 48 bytes are left: this
	// path again, without the step's loads and lookups.
	LEAQ    48(AX), DX
	CMPQ    DX, R8
	JHI     done
	MOVBLZX (SI)(AX*1), DX
	CMPL    DX, $0xF0
	JAE     fourNearFirst
	JMP     step

three:
	// Eight three-byte characters: bytes 0-11 in the low half, 12-23 in
	// the high half, each character in a 32-bit lane.
	VINSERTI128 $1, 12(SI)(AX*1), Y0, Y0
	VPSHUFB utf8Consts<>+256(SB), Y0, Y3
	VPAND   utf8Consts<>+128(SB), Y3, Y4
	VPSRLD  $2, Y3, Y5
	VPAND   utf8Consts<>+160(SB), Y5, Y5
	VPOR    Y5, Y4, Y4
	VPSRLD  $4, Y3, Y5
	VPAND   utf8Consts<>+192(SB), Y5, Y5
	VPOR    Y5, Y4, Y4
	VPACKUSDW Y4, Y4, Y4
	VPERMQ  $0x08, Y4, Y4
	VMOVDQU X4, (DI)(BX*2)
	ADDQ    $24, AX
	ADDQ    $8, BX
	JMP     step

ascii:
	VPMOVZXBW X0, Y3
	VMOVDQU Y3, (DI)(BX*2)
	ADDQ    $16, AX
	ADDQ    $16, BX
	// More ASCII (markup, or a sentence in English): 32 bytes a step.
	PCALIGN $64
ascii32:
	LEAQ    48(AX), DX
	CMPQ    DX, R8
	JHI     done
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, DX
	TESTL   DX, DX
	JNZ     step
	VPMOVZXBW X0, Y3
	VEXTRACTI128 $1, Y0, X1
	VPMOVZXBW X1, Y4
	VMOVDQU Y3, (DI)(BX*2)
	VMOVDQU Y4, 32(DI)(BX*2)
	ADDQ    $32, AX
	ADDQ    $32, BX
	JMP     ascii32

done:
	VZEROUPPER
	MOVQ    AX, read+32(FP)
	MOVQ    BX, written+40(FP)
	RET

// The AVX-512 kernel (F, BW, VBMI, VBMI2, BMI2): a 64-byte window a step.
// An ASCII window is widened. A window of one- and two-byte characters
// (alphabetic scripts) is widened with the byte after each byte, and the
// lanes of the characters' first bytes, made their characters' units, are
// compacted with VPCOMPRESSW (UTF16_WIDE). Otherwise the positions of the
// characters' first bytes (bytes that are not continuation bytes) are
// compacted with VPCOMPRESSB, the first, second and third byte of each
// character are gathered into 16-bit lanes with VPERMB, and the code points
// are put together by length, 32 characters a conversion (UTF16_UNITS):
// one conversion a step for up to 32 characters, two for more than 40, and
// for 33 to 40 one that ends the step at the 33rd. No character is cut by
// the window's end (one starting in the window's last two bytes waits for
// the next step). A four-byte character (an emoji) takes two lanes, one
// from its first byte and one from its third, for its surrogate pair
// (UTF16_UNITS_FOUR, in steps whose window has one).

// The byte positions 0..63 (also read by utf8_amd64.s's aligned stores:
// a symbol of the package, not of this file).
DATA ·utf8Positions+0(SB)/8, $0x0706050403020100
DATA ·utf8Positions+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA ·utf8Positions+16(SB)/8, $0x1716151413121110
DATA ·utf8Positions+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA ·utf8Positions+32(SB)/8, $0x2726252423222120
DATA ·utf8Positions+40(SB)/8, $0x2f2e2d2c2b2a2928
DATA ·utf8Positions+48(SB)/8, $0x3736353433323130
DATA ·utf8Positions+56(SB)/8, $0x3f3e3d3c3b3a3938
GLOBL ·utf8Positions(SB), RODATA|NOPTR, $64

// UTF16_FORMS(pos) gathers, for the characters that start at the 32 byte
// positions pos of Z0, each one's first byte and second byte into a 16-bit
// lane with VPERMB and leaves, a lane for each: in Z9 the first byte (an
// ASCII character's unit), in Z11 the unit of a two-byte character, in Z12
// that of a three-byte one. Z6..Z10 are scratch.
#define UTF16_FORMS(pos) \
	VPMOVZXBW pos, Z6; \           // one position a 16-bit lane
	VPSLLW  $8, Z6, Z7; \
	VPORQ   Z6, Z7, Z7; \
	VPADDW  Z25, Z7, Z7; \         // position | position+1 << 8
	VPADDW  Z24, Z6, Z8; \         // position + 2
	VPERMB  Z0, Z7, Z7; \          // first byte | second byte << 8
	VPERMB  Z0, Z8, Z8; \          // third byte (in the low byte)
	VPANDQ  Z28, Z7, Z9; \         // first byte: an ASCII character's unit
	VPSRLW  $8, Z7, Z10; \
	VPANDQ  Z27, Z10, Z10; \       // second byte's six bits
	VPANDQ  Z27, Z8, Z8; \         // third byte's six bits
	VPANDQ  Z26, Z9, Z11; \        // a two- or three-byte lead's bits (bit 4 is 0 in E0..EF)
	VPSLLW  $6, Z11, Z11; \
	VPORQ   Z10, Z11, Z11; \       // a two-byte character's unit
	VPSLLW  $6, Z11, Z12; \
	VPORQ   Z8, Z12, Z12           // a three-byte character's unit

// UTF16_UNITS(pos) leaves in Z9 the UTF-16 units of the characters (of
// one to three bytes) that start at the 32 byte positions pos of Z0, put
// together by length. Z6..Z12, K5 and K6 are scratch.
#define UTF16_UNITS(pos) \
	UTF16_FORMS(pos); \
	VPCMPUW $5, Z23, Z9, K5; \     // lanes of two or three bytes
	VPCMPUW $5, Z22, Z9, K6; \     // lanes of three bytes
	VMOVDQU16 Z11, K5, Z9; \
	VMOVDQU16 Z12, K6, Z9

// UTF16_UNITS_FOUR(pos): UTF16_UNITS where some of the 32 positions are
// a four-byte character's first or third byte, which start its high and
// its low surrogate. In a lane of F0..F4, UTF16_FORMS's three-byte unit
// is the code point's bits 6..20 (bit 4 of the lead falls off the lane),
// so the high surrogate is 0xD800 + (cp - 0x10000) >> 10 = 0xD7C0 + that
// >> 4. In a lane of the third byte, the two-byte unit is the code point's
// bits 0..10 (bit 4 of the byte, the code point's bit 10, where 0xDC00 has
// a 1 too), so the low surrogate is 0xDC00 | that. Z6..Z14, K1, K2, K5 and
// K6 are scratch.
#define UTF16_UNITS_FOUR(pos) \
	UTF16_FORMS(pos); \
	VPCMPUW $5, Z15, Z9, K1; \     // lanes of 80..FF: a low surrogate, unless
	VPCMPUW $5, Z23, Z9, K5; \     // two or more bytes,
	VPCMPUW $5, Z22, Z9, K6; \     // three or more,
	VPCMPUW $5, Z16, Z9, K2; \     // a high surrogate
	VPORQ   Z17, Z11, Z13; \
	VPSRLW  $4, Z12, Z14; \
	VPADDW  Z18, Z14, Z14; \
	VMOVDQU16 Z13, K1, Z9; \
	VMOVDQU16 Z11, K5, Z9; \
	VMOVDQU16 Z12, K6, Z9; \
	VMOVDQU16 Z14, K2, Z9

// CONVERT(units): the units (UTF16_UNITS or UTF16_UNITS_FOUR) of the first
// 32 of the characters that start where R12 has a bit, stored at dst+BX;
// their positions are left in Z5. CONVERT_SECOND(units): those of the
// next 32, stored 32 units on.
#define CONVERT(units) \
	KMOVQ   R12, K4; \
	VPCOMPRESSB.Z Z31, K4, Z5; \
	units(Y5); \
	VMOVDQU64 Z9, (DI)(BX*2)

#define CONVERT_SECOND(units) \
	VEXTRACTI64X4 $1, Z5, Y5; \
	units(Y5); \
	VMOVDQU64 Z9, 64(DI)(BX*2)

// UTF16_WIDE(off, leads) leaves in Z1 a unit for each of the 32 bytes from
// off in the window at (SI)(AX*1): the byte itself, or where leads says a
// two-byte character starts, that character's unit. Z2, Z3 are scratch.
#define UTF16_WIDE(off, leads) \
	VPMOVZXBW off(SI)(AX*1), Z1; \
	VPMOVZXBW off+1(SI)(AX*1), Z2; \ // the byte after each
	VPSLLW  $6, Z1, Z3; \
	VPTERNLOGD $0xE4, Z20, Z2, Z3; \ // (byte << 6) & 0xFFC0 | next byte & 0x3F
	VPSUBW  Z19, Z3, Z3; \          // less a two-byte lead's top bits, 110 << 11
	VMOVDQU16 Z3, leads, Z1

// TAKEN_UNITS(one, two): the units of the bytes before R11 (the step's
// end): the bytes that start them in R12 (of R9), how many in R13; to one
// for up to 32 (one conversion), to two for more than 40 (two); on for
// 33 to 40, where the caller ends the step at the 33rd.
#define TAKEN_UNITS(one, two) \
	BZHIQ   R11, R9, R12; \
	POPCNTQ R12, R13; \
	CMPQ    R13, $32; \
	JLS     one; \
	CMPQ    R13, $40; \
	JHI     two

// func utf8ToUTF16AVX512(dst *uint16, src *byte, n int) (read, written int)
// Converts whole, valid UTF-8 from src (a character's first byte) while
// 64 bytes are left. dst has
// room for n units; each step stores up to 64 units from where it writes,
// past what it writes but within that room (a valid character never takes
// more units than bytes).
TEXT ·utf8ToUTF16AVX512(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX                       // bytes read
	XORQ BX, BX                       // units written
	VMOVDQU64 ·utf8Positions(SB), Z31
	MOVL $0xC0, DX
	VPBROADCASTB DX, Z30              // a continuation byte is less (signed)
	MOVL $0xF0, DX
	VPBROADCASTB DX, Z29              // four-byte leads are at least
	MOVL $0x00FF, DX
	VPBROADCASTW DX, Z28
	MOVL $0x003F, DX
	VPBROADCASTW DX, Z27
	MOVL $0x001F, DX
	VPBROADCASTW DX, Z26
	MOVL $0x0100, DX
	VPBROADCASTW DX, Z25
	MOVL $0x0002, DX
	VPBROADCASTW DX, Z24
	MOVL $0x00C0, DX
	VPBROADCASTW DX, Z23
	MOVL $0x00E0, DX
	VPBROADCASTW DX, Z22
	MOVL $0xE0, DX
	VPBROADCASTB DX, Z21              // three-byte leads are at least
	MOVL $0xFFC0, DX
	VPBROADCASTW DX, Z20
	MOVL $0x3000, DX
	VPBROADCASTW DX, Z19
	MOVL $0xD7C0, DX
	VPBROADCASTW DX, Z18              // 0xD800 - (0x10000 >> 10)
	MOVL $0xDC00, DX
	VPBROADCASTW DX, Z17
	MOVL $0x00F0, DX
	VPBROADCASTW DX, Z16
	MOVL $0x0080, DX
	VPBROADCASTW DX, Z15
step:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ  mixed
	VPMOVZXBW (SI)(AX*1), Z1
	VPMOVZXBW 32(SI)(AX*1), Z2
	VMOVDQU64 Z1, (DI)(BX*2)
	VMOVDQU64 Z2, 64(DI)(BX*2)
	ADDQ $64, AX
	ADDQ $64, BX
	JMP  step
mixed:
	VPCMPB  $1, Z30, Z0, K2           // continuation bytes
	KMOVQ   K2, R9
	NOTQ    R9                        // the characters' first bytes
	VPCMPUB $5, Z29, Z0, K3
	KORTESTQ K3, K3
	JNZ     mixedFour
	// The step ends (R11) at the first of bytes 62, 63 that starts a
	// character (else 64), from those two bytes loaded on their own, so
	// that the next step's loads need not wait for this step's masks (that
	// wait, the path below for every step, cost ja.txt 20% and zh_cn.txt
	// 35%).
	MOVL    $64, R11
	MOVL    $63, R10
	MOVBLZX 63(SI)(AX*1), DX
	ANDL    $0xC0, DX
	CMPL    DX, $0x80
	CMOVQNE R10, R11
	MOVL    $62, R10
	MOVBLZX 62(SI)(AX*1), DX
	ANDL    $0xC0, DX
	CMPL    DX, $0x80
	CMOVQNE R10, R11
	VPCMPUB $5, Z21, Z0, K3
	KORTESTQ K3, K3
	JNZ     take
	// Characters of one and two bytes only (a Latin, Greek, Cyrillic,
	// Hebrew or Arabic script): each byte is widened with the byte after
	// it, a two-byte lead's lane becomes its character's unit, and the
	// lanes of the characters' first bytes are compacted with VPCOMPRESSW,
	// 32 bytes at a time, however many characters start in the window.
	// The second half reads byte 64 (the byte after byte 63): one more
	// must be there.
	LEAQ    65(AX), DX
	CMPQ    DX, CX
	JHI     take
	BZHIQ   R11, R9, R12              // the first bytes of the characters taken
	POPCNTQ R12, R13                  // how many
	MOVL    R12, DX
	POPCNTL DX, R14                   // how many in bytes 0-31
	KMOVQ   R12, K4
	KSHIFTRQ $32, K4, K5
	VPCMPUB $5, Z30, Z0, K6           // two-byte leads
	KSHIFTRQ $32, K6, K7
	UTF16_WIDE(0, K6)
	VPCOMPRESSW.Z Z1, K4, Z1
	VMOVDQU64 Z1, (DI)(BX*2)
	UTF16_WIDE(32, K7)
	VPCOMPRESSW.Z Z1, K5, Z1
	LEAQ    (BX)(R14*1), DX
	VMOVDQU64 Z1, (DI)(DX*2)
	JMP     taken
mixedFour:
	// Four-byte characters (emoji) in the window: each takes two lanes,
	// its first byte's and its third's (R8), for its high and its low
	// surrogate (UTF16_UNITS_FOUR). The step ends at a character starting
	// in byte 62 or 63, or at the 33rd unit if there are 33 to 40, as
	// below, but never between a character's two lanes: at its first
	// byte instead. (Ending at each emoji, text with emoji between its
	// words went at a third of the speed.)
	KMOVQ   K3, R8
	SHLQ    $2, R8                    // the four-byte characters' third bytes
	ORQ     R8, R9                    // the bytes that start a unit
	MOVQ    R9, R11
	SHRQ    $62, R11
	SHLQ    $62, R11
	TZCNTQ  R11, R11                  // a unit starting in byte 62 or 63 (64: none)
	LEAQ    -2(R11), R12
	BTQ     R11, R8                   // a third byte (bit 64 mod 64 = 0 is not one)
	CMOVQCS R12, R11
	TAKEN_UNITS(convertFour, convertFourTwice)
	MOVQ    $0x100000000, R12
	PDEPQ   R9, R12, R12
	TZCNTQ  R12, R11                  // the 33rd unit
	LEAQ    -2(R11), R12
	BTQ     R11, R8
	CMOVQCS R12, R11
	BZHIQ   R11, R9, R12
	POPCNTQ R12, R13
convertFour:
	CONVERT(UTF16_UNITS_FOUR)
	JMP     taken
convertFourTwice:
	CONVERT(UTF16_UNITS_FOUR)
	CONVERT_SECOND(UTF16_UNITS_FOUR)
	JMP     taken
take:
	TAKEN_UNITS(convert, convertTwice)
	// 33 to 40 (Cyrillic or Greek, say): the step ends at the 33rd. (Two
	// conversions for these cost ru.txt and el.txt 20-25%, one for up to
	// 40 costs Latin scripts as much.)
	MOVQ    $0x100000000, R12
	PDEPQ   R9, R12, R12
	TZCNTQ  R12, R11
	BZHIQ   R11, R9, R12
	MOVL    $32, R13
convert:
	CONVERT(UTF16_UNITS)
	JMP     taken
convertTwice:
	// More than 40 (mostly ASCII: a Latin script): two conversions of 32.
	CONVERT(UTF16_UNITS)
	CONVERT_SECOND(UTF16_UNITS)
taken:
	ADDQ    R11, AX
	ADDQ    R13, BX
	JMP     step
done:
	VZEROUPPER
	MOVQ AX, read+24(FP)
	MOVQ BX, written+32(FP)
	RET

//go:build !purego

#include "textflag.h"
#include "lookup_amd64.h"

// The double-byte decoders' AVX-512 kernels (multibyte.go): ASCII and
// two-byte sequences of gb18030, GBK, Big5, EUC-JP, Shift_JIS and EUC-KR to
// UTF-16 and to UTF-8, 64 bytes a window. Plan 9 operand order: sources
// first, destination last.

DATA pairsEvenBits<>+0(SB)/8, $0x5555555555555555
GLOBL pairsEvenBits<>(SB), RODATA|NOPTR, $8
DATA pairsWords80<>+0(SB)/4, $0x00800080
GLOBL pairsWords80<>(SB), RODATA|NOPTR, $4

// PAIRS_SETUP: the kernels' tables and constants: pairs' rows of 0x80 to
// 0xFF in Z20-Z21 and columns in Z22-Z25, cols in Y26's words, 0x80 in
// Y27's, all ones in Z28; t in R8.
#define PAIRS_SETUP \
	MOVQ pairs+32(FP), DX \
	MOVQ t+40(FP), R8 \
	VMOVDQU64 128(DX), Z20 \ // rows of 0x80 to 0xFF
	VMOVDQU64 192(DX), Z21 \
	VMOVDQU64 256(DX), Z22 \ // columns of 0x00 to 0xFF
	VMOVDQU64 320(DX), Z23 \
	VMOVDQU64 384(DX), Z24 \
	VMOVDQU64 448(DX), Z25 \
	MOVQ cols+48(FP), DX \
	VPBROADCASTW DX, Y26 \
	VPBROADCASTD pairsWords80<>(SB), Y27 \
	VPTERNLOGD $0xff, Z28, Z28, Z28 \ // all ones

// PAIRS_UNITS(g, ascii, scalar): decodes the characters 16g to 16g+15 of the
// window, whose first bytes, rows and columns are compacted in Z5, Z6 and
// Z7 (bytes 16g to 16g+15; zero past the last character), into 16 code
// units in Y12 (the byte for ASCII, t's entry for a pair); it leaves in R9
// the lanes of pairs whose entry is 0.
#define PAIRS_UNITS(g, ascii, scalar) \
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
	LOOK16_EITHER(Y9, X9, Y11, X11, X12, K6, K7, scalar, ascii) \ // code units
ascii: \
	VPBLENDMW Y11, Y8, K6, Y12 \
	VPTESTNMW Y11, Y11, K6, K7 \
	KMOVW     K7, R9

// PAIRS_GROUP(g, ascii, scalar): PAIRS_UNITS, the 16 units stored at dst+2*BX (a
// 32-byte store) without moving BX.
#define PAIRS_GROUP(g, ascii, scalar) \
	PAIRS_UNITS(g, ascii, scalar) \
	VMOVDQU   Y12, (DI)(BX*2)

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

// PAIRS_WINDOW(done, clean): the characters of the window at src+AX (in Z0, R10
// its bytes of 0x80 and above, some of them): leads are the bytes at even
// offsets from the start of their run; each byte's row as a lead
// (VPERMI2B over the rows of 0x80 to 0xFF) and its next byte's column (over
// all 256); the window ends before a lead that is not one or has no trail,
// and before a lead last, whose trail is past it (R12 its length; to done
// if 0). It leaves the characters' first bytes, rows and columns compacted
// in Z5, Z6 and Z7, their starts in R13 and their number in R10.
#define PAIRS_WINDOW(done, clean) \
	MOVQ  R10, R11 \
	SHLQ  $1, R11 \
	NOTQ  R11 \
	ANDQ  R10, R11 \ // the runs' first bytes
	MOVQ  pairsEvenBits<>(SB), R12 \
	ANDQ  R12, R11 \ // those at even positions
	MOVQ  R10, DX \
	ADDQ  R11, DX \ // the carry clears each such run
	XORQ  R10, DX \
	ANDQ  R10, DX \ // the runs that start at even positions
	MOVQ  R10, R11 \
	XORQ  DX, R11 \ // the runs that start at odd positions
	ANDQ  R12, DX \
	NOTQ  R12 \
	ANDQ  R12, R11 \
	ORQ   DX, R11 \ // leads
	MOVQ  R11, R12 \
	SHRQ  $63, R12 \
	NEGQ  R12 \
	ADDQ  $64, R12 \ // the length of a window without errors: 63 before a lead last
	VMOVDQU64 1(SI)(AX*1), Z1 \
	VMOVDQA64 Z0, Z2 \
	VPERMI2B  Z21, Z20, Z2 \ // rows (of the low seven bits: for leads only)
	VMOVDQA64 Z1, Z3 \
	VPERMI2B  Z23, Z22, Z3 \ // columns of next bytes below 0x80
	VMOVDQA64 Z1, Z4 \
	VPERMI2B  Z25, Z24, Z4 \ // and of 0x80 and above
	VPMOVB2M  Z1, K2 \
	VMOVDQU8  Z4, K2, Z3 \ // columns of next bytes
	VPCMPEQB  Z28, Z2, K3 \
	VPCMPEQB  Z28, Z3, K4 \
	KORQ      K3, K4, K3 \
	KMOVQ     K3, DX \
	ANDQ      R11, DX \ // leads that are not, or without a trail
	TESTQ     DX, DX \
	JZ        clean \ // so that the next window's loads need not wait for the rows and columns
	MOVQ      $0x8000000000000000, CX \
	ANDQ      R11, CX \
	ORQ       CX, DX \ // and a lead last, whose trail is past the window
	TZCNTQ    DX, R12 \ // the window's length
clean: \
	TESTQ     R12, R12 \
	JZ        done \
	MOVQ      R11, CX \
	SHLQ      $1, CX \
	NOTQ      CX \ // not trails
	NOTQ      R10 \
	ORQ       R11, R10 \
	ANDQ      CX, R10 \
	BZHIQ     R12, R10, R13 \ // the characters' first bytes
	KMOVQ     R13, K4 \
	VPCOMPRESSB.Z Z0, K4, Z5 \
	VPCOMPRESSB.Z Z2, K4, Z6 \
	VPCOMPRESSB.Z Z3, K4, Z7 \
	POPCNTQ   R13, R10 // characters left

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
	PAIRS_SETUP
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
	PAIRS_WINDOW(pairsDone, pairsClean)
	XORQ      R14, R14
	PAIRS_GROUP(0, pairsAscii0, pairsScalar0)
	PAIRS_NEXT(pairsUnmapped)
	MOVQ      $16, R14
	PAIRS_GROUP(1, pairsAscii1, pairsScalar1)
	PAIRS_NEXT(pairsUnmapped)
	MOVQ      $32, R14
	PAIRS_GROUP(2, pairsAscii2, pairsScalar2)
	PAIRS_NEXT(pairsUnmapped)
	MOVQ      $48, R14
	PAIRS_GROUP(3, pairsAscii3, pairsScalar3)
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

// Constants of decodePairsUTF8AVX512: per dword.
DATA pairsDwords80<>+0(SB)/4, $0x00000080
GLOBL pairsDwords80<>(SB), RODATA|NOPTR, $4
DATA pairsDwords800<>+0(SB)/4, $0x00000800
GLOBL pairsDwords800<>(SB), RODATA|NOPTR, $4
DATA pairsDwords3F<>+0(SB)/4, $0x0000003f
GLOBL pairsDwords3F<>(SB), RODATA|NOPTR, $4
DATA pairsDwordsC0<>+0(SB)/4, $0x000000c0
GLOBL pairsDwordsC0<>(SB), RODATA|NOPTR, $4
DATA pairsDwordsE0<>+0(SB)/4, $0x000000e0
GLOBL pairsDwordsE0<>(SB), RODATA|NOPTR, $4
// Bit 4k, 4k+1 and 4k+2 of a mask of 64 bytes: lane k's first, second and
// third byte.
DATA pairsByte0<>+0(SB)/8, $0x1111111111111111
GLOBL pairsByte0<>(SB), RODATA|NOPTR, $8
DATA pairsByte1<>+0(SB)/8, $0x2222222222222222
GLOBL pairsByte1<>(SB), RODATA|NOPTR, $8
DATA pairsByte2<>+0(SB)/8, $0x4444444444444444
GLOBL pairsByte2<>(SB), RODATA|NOPTR, $8

// PAIRS_UTF8_KEEP: in DX, the UTF-8 bytes of the lanes in DX (a mask of
// 16) to keep: one each, a second where K1, a third where K2. Uses CX and
// R11.
#define PAIRS_UTF8_KEEP \
	KMOVW   K1, CX \
	ANDQ    DX, CX \
	PDEPQ   pairsByte1<>(SB), CX, CX \
	KMOVW   K2, R11 \
	ANDQ    DX, R11 \
	PDEPQ   pairsByte2<>(SB), R11, R11 \
	ORQ     R11, CX \
	PDEPQ   pairsByte0<>(SB), DX, DX \
	ORQ     CX, DX

// PAIRS_UTF8_GROUP(g, ascii, scalar, plain, done): PAIRS_UNITS, the units' UTF-8
// (one to three bytes each, by K1: at least 0x80, K2: at least 0x800)
// compacted into a 64-byte store at dst+BX, or, for a group of ASCII
// bytes, those bytes in a 16-byte store; adds the bytes of the group's R10
// (at most 16) characters to BX, and leaves in DX the mask of those bytes.
#define PAIRS_UTF8_GROUP(g, ascii, scalar, plain, done) \
	PAIRS_UNITS(g, ascii, scalar) \
	MOVL      $16, DX \
	CMPQ      R10, DX \
	CMOVQLT   R10, DX \
	MOVL      $1, CX \
	SHLXQ     DX, CX, DX \
	DECQ      DX                      \ // the group's lanes
	KORTESTW  K6, K6 \
	JZ        plain \
	VPMOVZXWD Y12, Z13                \ // code points
	VPSRLD    $6, Z13, Z14 \
	VPANDD    Z18, Z13, Z15 \
	VPORD     Z16, Z15, Z15           \ // 0x80 | c & 0x3F
	VPANDD    Z18, Z14, Z9 \
	VPORD     Z16, Z9, Z9 \
	VPSLLD    $8, Z9, Z9              \ // (0x80 | c>>6 & 0x3F) << 8
	VPSRLD    $12, Z13, Z10 \
	VPORD     Z30, Z10, Z10 \
	VPORD     Z9, Z10, Z10 \
	VPSLLD    $16, Z15, Z11 \
	VPORD     Z11, Z10, Z10           \ // three bytes
	VPORD     Z29, Z14, Z9 \
	VPSLLD    $8, Z15, Z15 \
	VPORD     Z15, Z9, Z9             \ // two bytes
	VPCMPUD   $5, Z16, Z13, K1        \ // c >= 0x80
	VPCMPUD   $5, Z17, Z13, K2        \ // c >= 0x800
	VMOVDQA32 Z9, K1, Z13 \
	VMOVDQA32 Z10, K2, Z13 \
	PAIRS_UTF8_KEEP \
	KMOVQ     DX, K3 \
	VPCOMPRESSB.Z Z13, K3, Z14 \
	VMOVDQU64 Z14, (DI)(BX*1) \
	JMP       done \
plain: \
	VPMOVWB   Y12, X13 \
	VMOVDQU   X13, (DI)(BX*1) \
done: \
	POPCNTQ   DX, CX \
	ADDQ      CX, BX

// PAIRS_UTF8_NEXT(unmapped): after PAIRS_UTF8_GROUP, goes on to the next
// group, or to utf8Last after the window's last, or to unmapped.
#define PAIRS_UTF8_NEXT(unmapped) \
	TESTL R9, R9 \
	JNZ   unmapped \
	SUBQ  $16, R10 \
	JLE   utf8Last

// func decodePairsUTF8AVX512(dst *byte, dstLen int, src *byte, n int, pairs *pairTables, t *uint16, cols int) (read, written int)
// decodePairsUTF16AVX512 for UTF-8 output: 160 bytes of room a window (it
// writes at most 96, its last store reaches 64 past its last byte); each
// group's units are written as UTF-8 in dword lanes and compacted.
TEXT ·decodePairsUTF8AVX512(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ src+16(FP), SI
	PAIRS_SETUP
	VPBROADCASTD pairsDwords80<>(SB), Z16
	VPBROADCASTD pairsDwords800<>(SB), Z17
	VPBROADCASTD pairsDwords3F<>(SB), Z18
	VPBROADCASTD pairsDwordsC0<>(SB), Z29
	VPBROADCASTD pairsDwordsE0<>(SB), Z30
	XORQ AX, AX // read
	XORQ BX, BX // written
utf8Window:
	LEAQ 65(AX), DX
	CMPQ DX, n+24(FP)
	JHI  utf8Done
	LEAQ 160(BX), DX
	CMPQ DX, dstLen+8(FP)
	JHI  utf8Done
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R10 // bytes of 0x80 and above
	TESTQ     R10, R10
	JNZ       utf8Mixed
	VMOVDQU64 Z0, (DI)(BX*1) // all ASCII
	ADDQ $64, AX
	ADDQ $64, BX
	JMP  utf8Window
utf8Mixed:
	PAIRS_WINDOW(utf8Done, utf8Clean)
	XORQ      R14, R14
	PAIRS_UTF8_GROUP(0, utf8Ascii0, utf8Scalar0, utf8Plain0, utf8Group0)
	PAIRS_UTF8_NEXT(utf8Unmapped)
	MOVQ      $16, R14
	PAIRS_UTF8_GROUP(1, utf8Ascii1, utf8Scalar1, utf8Plain1, utf8Group1)
	PAIRS_UTF8_NEXT(utf8Unmapped)
	MOVQ      $32, R14
	PAIRS_UTF8_GROUP(2, utf8Ascii2, utf8Scalar2, utf8Plain2, utf8Group2)
	PAIRS_UTF8_NEXT(utf8Unmapped)
	MOVQ      $48, R14
	PAIRS_UTF8_GROUP(3, utf8Ascii3, utf8Scalar3, utf8Plain3, utf8Group3)
	TESTL     R9, R9
	JNZ       utf8Unmapped
utf8Last:
	ADDQ      R12, AX
	JMP       utf8Window
utf8Unmapped:
	// Lane R9's first of group R14/16 has no entry: keep the bytes of the
	// lanes before it, and read up to its start.
	POPCNTQ   DX, CX
	SUBQ      CX, BX
	BSFL      R9, R9
	MOVL      $1, DX
	SHLXQ     R9, DX, DX
	DECQ      DX
	PAIRS_UTF8_KEEP
	POPCNTQ   DX, CX
	ADDQ      CX, BX
	ADDQ      R14, R9
	MOVL      $1, DX
	SHLXQ     R9, DX, DX
	PDEPQ     R13, DX, DX
	TZCNTQ    DX, DX
	ADDQ      DX, AX
utf8Done:
	VZEROUPPER
	MOVQ AX, read+56(FP)
	MOVQ BX, written+64(FP)
	RET

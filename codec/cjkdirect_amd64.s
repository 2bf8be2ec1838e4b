//go:build !purego

#include "textflag.h"
#include "lookup_amd64.h"

// The CJK encoders' vector paths (cjkdirect.go): with AVX2, eight
// three-byte UTF-8 sequences a step, looked up in a direct table by one
// gather; with AVX-512, ASCII mixed with such sequences, 64 bytes a
// window. Plan 9 operand order: sources first, destination last.

// Each 128-bit lane holds 16 input bytes (the first 12 are four
// sequences); this control puts sequence k's three bytes in dword k, the
// top byte zero.
DATA cjkSpread<>+0(SB)/8, $0x8005040380020100
DATA cjkSpread<>+8(SB)/8, $0x800b0a0980080706
DATA cjkSpread<>+16(SB)/8, $0x8005040380020100
DATA cjkSpread<>+24(SB)/8, $0x800b0a0980080706
GLOBL cjkSpread<>(SB), RODATA|NOPTR, $32

// Per dword: the bits that make a lead byte E0..EF and two continuation
// bytes, and their values.
DATA cjkShapeMask<>+0(SB)/4, $0x00c0c0f0
GLOBL cjkShapeMask<>(SB), RODATA|NOPTR, $4
DATA cjkShape<>+0(SB)/4, $0x008080e0
GLOBL cjkShape<>(SB), RODATA|NOPTR, $4
DATA cjkLow4<>+0(SB)/4, $0x0000000f
GLOBL cjkLow4<>(SB), RODATA|NOPTR, $4
DATA cjkMid6<>+0(SB)/4, $0x00003f00
GLOBL cjkMid6<>(SB), RODATA|NOPTR, $4
DATA cjkLow6<>+0(SB)/4, $0x0000003f
GLOBL cjkLow6<>(SB), RODATA|NOPTR, $4

// Picks each dword's table entry, first output byte in its high half, as
// two bytes in order: 8 bytes a lane.
DATA cjkPack<>+0(SB)/8, $0x0c0d080904050001
DATA cjkPack<>+8(SB)/8, $0x8080808080808080
DATA cjkPack<>+16(SB)/8, $0x0c0d080904050001
DATA cjkPack<>+24(SB)/8, $0x8080808080808080
GLOBL cjkPack<>(SB), RODATA|NOPTR, $32

// func encodeThreesAVX2(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int)
// Encodes groups of eight three-byte sequences of src[:n] whose entries in
// t are not 0 (two bytes each), while a whole group is such and fits; it
// loads 28 bytes a group, so it stops 32 bytes before the end.
TEXT ·encodeThreesAVX2(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R9
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), CX
	MOVQ t+32(FP), R8
	XORQ AX, AX                       // read
	XORQ BX, BX                       // written
	VMOVDQU cjkSpread<>(SB), Y8
	VPBROADCASTD cjkShapeMask<>(SB), Y9
	VPBROADCASTD cjkShape<>(SB), Y10
	VPBROADCASTD cjkLow4<>(SB), Y11
	VPBROADCASTD cjkMid6<>(SB), Y12
	VPBROADCASTD cjkLow6<>(SB), Y13
	VMOVDQU cjkPack<>(SB), Y14
	VPXOR Y15, Y15, Y15
loop:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  done
	LEAQ 16(BX), DX
	CMPQ DX, R9
	JHI  done
	VMOVDQU (SI)(AX*1), X0
	VINSERTI128 $1, 12(SI)(AX*1), Y0, Y0
	VPSHUFB Y8, Y0, Y1                // dword k: sequence k's bytes
	VPAND   Y9, Y1, Y2
	VPCMPEQD Y10, Y2, Y2              // all ones where the shape is right
	VPMOVMSKB Y2, DX
	CMPL DX, $-1
	JNE  done
	// The code point: (b0 & 0x0F) << 12 | (b1 & 0x3F) << 6 | b2 & 0x3F.
	VPAND   Y11, Y1, Y3
	VPSLLD  $12, Y3, Y3
	VPAND   Y12, Y1, Y4
	VPSRLD  $2, Y4, Y4
	VPOR    Y4, Y3, Y3
	VPSRLD  $16, Y1, Y4
	VPAND   Y13, Y4, Y4
	VPOR    Y4, Y3, Y3
	VPCMPEQD Y5, Y5, Y5               // gather every lane
	VPXOR   Y6, Y6, Y6
	VPGATHERDD Y5, (R8)(Y3*2), Y6     // the entry in each dword's low half
	VPSLLD  $16, Y6, Y7
	VPCMPEQD Y15, Y7, Y7              // all ones where the entry is 0
	VPMOVMSKB Y7, DX
	TESTL DX, DX
	JNZ  done
	VPSHUFB Y14, Y6, Y6
	VPERMQ  $0x08, Y6, Y6             // the two lanes' 8 bytes together
	VMOVDQU X6, (DI)(BX*1)
	ADDQ $24, AX
	ADDQ $16, BX
	JMP  loop
done:
	VZEROUPPER
	MOVQ AX, read+40(FP)
	MOVQ BX, written+48(FP)
	RET

// Constants of encodeMixedAVX512.
DATA cjkBytesF0<>+0(SB)/4, $0xf0f0f0f0
GLOBL cjkBytesF0<>(SB), RODATA|NOPTR, $4
DATA cjkBytesE0<>+0(SB)/4, $0xe0e0e0e0
GLOBL cjkBytesE0<>(SB), RODATA|NOPTR, $4
DATA cjkBytesC0<>+0(SB)/4, $0xc0c0c0c0
GLOBL cjkBytesC0<>(SB), RODATA|NOPTR, $4
DATA cjkBytes80<>+0(SB)/4, $0x80808080
GLOBL cjkBytes80<>(SB), RODATA|NOPTR, $4
DATA cjkWords80<>+0(SB)/4, $0x00800080
GLOBL cjkWords80<>(SB), RODATA|NOPTR, $4
DATA cjkWords0F<>+0(SB)/4, $0x000f000f
GLOBL cjkWords0F<>(SB), RODATA|NOPTR, $4
DATA cjkWords3F<>+0(SB)/4, $0x003f003f
GLOBL cjkWords3F<>(SB), RODATA|NOPTR, $4
// Each word's two bytes swapped: a table entry, first output byte first.
DATA cjkSwap<>+0(SB)/8, $0x0607040502030001
DATA cjkSwap<>+8(SB)/8, $0x0e0f0c0d0a0b0809
GLOBL cjkSwap<>(SB), RODATA|NOPTR, $16
DATA cjkEvenBits<>+0(SB)/8, $0x55555555
GLOBL cjkEvenBits<>(SB), RODATA|NOPTR, $8
DATA cjkOddBits<>+0(SB)/8, $0xaaaaaaaa
GLOBL cjkOddBits<>(SB), RODATA|NOPTR, $8

// MIXED_GROUP(g, ascii, scalar): encodes the characters 16g to 16g+15 of the window, whose
// three bytes are compacted in Z3, Z4 and Z5 (bytes 16g to 16g+15), R11
// the characters left from 16g on (more than 0), one 16-bit lane each. The
// entries are looked up by LOOK16_EITHER (scalar loads, four code points to
// a register, or a gather on Intel cores). It writes the characters'
// bytes at dst+BX (a 32-byte store) and adds them to BX as if every
// sequence had an entry, so that BX, and the next group's store, need not
// wait for the lookups; it leaves in R9 the lanes of sequences without one,
// in DX the bytes it kept and in R14 the three-byte lanes (for the caller's
// unmapped path).
#define MIXED_GROUP(g, ascii, scalar) \
	VEXTRACTI32X4 $g, Z3, X6 \
	VPMOVZXBW     X6, Y6              \ // first bytes
	VEXTRACTI32X4 $g, Z4, X7 \
	VPMOVZXBW     X7, Y7              \ // second bytes (of three-byte ones)
	VEXTRACTI32X4 $g, Z5, X8 \
	VPMOVZXBW     X8, Y8              \ // third bytes
	MOVL    $16, DX \
	CMPQ    R11, DX \
	CMOVQGT DX, R11                   \ // characters in this group
	MOVL    $1, DX \
	SHLXQ   R11, DX, DX \
	DECQ    DX \
	KMOVW   DX, K5                    \ // the group's lanes
	VPTESTMW Y26, Y6, K5, K6          \ // lanes of three-byte sequences
	VPANDD  Y24, Y6, Y9 \
	VPSLLW  $12, Y9, Y9 \
	VPANDD  Y25, Y7, Y10 \
	VPSLLW  $6, Y10, Y10 \
	VPORD   Y10, Y9, Y9 \
	VPANDD  Y25, Y8, Y10 \
	VPORD   Y10, Y9, Y9               \ // code points
	KORTESTW K6, K6 \
	JZ      ascii                     \ // no three-byte lane: no lookups
	LOOK16_EITHER(Y9, X9, Y10, X10, X11, K6, K7, scalar, ascii) \ // entries
ascii: \
	KMOVW   K5, DX \
	KMOVW   K6, R14 \
	PDEPQ   cjkEvenBits<>(SB), DX, DX \
	PDEPQ   cjkOddBits<>(SB), R14, CX \
	ORQ     CX, DX                    \ // output bytes kept: one per lane, two for three-byte ones
	VPSHUFB Y27, Y10, Y11 \
	VPBLENDMW Y11, Y6, K6, Y12 \
	KMOVD   DX, K1 \
	VPCOMPRESSB.Z Y12, K1, Y13 \
	VMOVDQU Y13, (DI)(BX*1) \
	POPCNTL DX, CX \
	ADDQ    CX, BX \
	VPTESTMW Y10, Y10, K6, K7 \
	KMOVW   K7, R9 \
	XORL    R14, R9                   \ // three-byte lanes without an entry

// func encodeMixedAVX512(dst *byte, dstLen int, src *byte, n int, t *directTable) (read, written int)
// Encodes the ASCII bytes and three-byte sequences (a lead byte E0..EF and
// two continuation bytes) of src[:n], the sequences through t, 64 bytes a
// window while 66 bytes of src are left and 96 bytes of room (a window
// writes at most 64, its last store reaches 32 past its last byte). It
// stops at anything else (another byte, a sequence whose entry is 0), and
// before a window without ASCII, which the caller's AVX2 kernel and word
// loop take faster. A window ends before a sequence that runs past it. The
// characters' starts (ASCII bytes and lead bytes) are compacted with
// VPCOMPRESSB, their first, second and third bytes apart, and encoded 16
// at a time (MIXED_GROUP: sixteen table loads by LOOK16, each lane's one
// or two bytes compacted again). Needs AVX-512 F, BW, VL, VBMI2 and BMI2.
TEXT ·encodeMixedAVX512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ src+16(FP), SI
	MOVQ t+32(FP), R8
	XORQ AX, AX // read
	XORQ BX, BX // written
	VPBROADCASTD cjkBytesF0<>(SB), Z20
	VPBROADCASTD cjkBytesE0<>(SB), Z21
	VPBROADCASTD cjkBytesC0<>(SB), Z22
	VPBROADCASTD cjkBytes80<>(SB), Z23
	VPBROADCASTD cjkWords0F<>(SB), Y24
	VPBROADCASTD cjkWords3F<>(SB), Y25
	VPBROADCASTD cjkWords80<>(SB), Y26
	VBROADCASTI32X4 cjkSwap<>(SB), Y27
window:
	LEAQ 66(AX), DX
	CMPQ DX, n+24(FP)
	JHI  mdone
	LEAQ 96(BX), DX
	CMPQ DX, dstLen+8(FP)
	JHI  mdone
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M  Z0, K1
	KMOVQ     K1, R10 // bytes not ASCII
	TESTQ     R10, R10
	JNZ       mixed
	VMOVDQU64 Z0, (DI)(BX*1) // all ASCII
	ADDQ $64, AX
	ADDQ $64, BX
	JMP  window
mixed:
	CMPQ     R10, $-1
	JEQ      mdone   // no ASCII: the caller's scalar loop is faster on such runs
	// The window's length where it holds nothing else, from its last two
	// bytes alone (a lead at 63 or 62 starts the next window), so that
	// the next window's loads need not wait for the masks.
	MOVL     $64, R9
	MOVL     $63, CX
	MOVL     $62, R13
	CMPB     63(SI)(AX*1), $0xc0
	CMOVLCC  CX, R9
	CMPB     62(SI)(AX*1), $0xe0
	CMOVLCC  R13, R9
	VPANDQ   Z20, Z0, Z1
	VPCMPEQB Z21, Z1, K2
	KMOVQ    K2, R11 // lead bytes E0..EF
	VPANDQ   Z22, Z0, Z1
	VPCMPEQB Z23, Z1, K3
	KMOVQ    K3, R12 // continuation bytes
	// The window holds only ASCII bytes and three-byte sequences by
	// their shape (and ends before a lead byte whose two continuation
	// bytes are not both in it), or ends at the first other byte.
	MOVQ     R11, DX
	ORQ      R12, DX
	XORQ     R10, DX // other bytes
	LEAQ     (R11)(R11*1), R14
	LEAQ     (R14)(R14*1), CX
	ORQ      CX, R14
	XORQ     R12, R14 // continuation bytes where none belongs, or none where one does
	ORQ      R14, DX
	TESTQ    DX, DX
	JNZ      mstop
	MOVQ     R9, R12
	JMP      mstarts
mstop:
	// Else it ends at the first such byte.
	TZCNTQ   DX, R12
	BZHIQ    R12, R11, DX // leads before it
	MOVQ     R12, CX
	XORQ     R14, R14
	SUBQ     $2, CX
	CMOVQLT  R14, CX
	BZHIQ    CX, R11, CX
	XORQ     CX, DX // leads one or two bytes before it
	TZCNTQ   DX, DX
	CMPQ     DX, R12
	CMOVQLT  DX, R12 // the window's length
	TESTQ    R12, R12
	JZ       mdone
mstarts:
	NOTQ     R10
	ORQ      R11, R10
	BZHIQ    R12, R10, R10 // starts of characters in the window
	KMOVQ    R10, K4
	VMOVDQU64 1(SI)(AX*1), Z1
	VMOVDQU64 2(SI)(AX*1), Z2
	VPCOMPRESSB.Z Z0, K4, Z3
	VPCOMPRESSB.Z Z1, K4, Z4
	VPCOMPRESSB.Z Z2, K4, Z5
	POPCNTQ  R10, R13 // characters left in the window
	// R13 characters left, the group's first at index 16g.
	MOVQ     R13, R11
	MIXED_GROUP(0, ascii0, scalar0)
	TESTL    R9, R9
	JNZ      unmapped0
	SUBQ     $16, R13
	JLE      next
	MOVQ     R13, R11
	MIXED_GROUP(1, ascii1, scalar1)
	TESTL    R9, R9
	JNZ      unmapped1
	SUBQ     $16, R13
	JLE      next
	MOVQ     R13, R11
	MIXED_GROUP(2, ascii2, scalar2)
	TESTL    R9, R9
	JNZ      unmapped2
	SUBQ     $16, R13
	JLE      next
	MOVQ     R13, R11
	MIXED_GROUP(3, ascii3, scalar3)
	TESTL    R9, R9
	JNZ      unmapped3
next:
	ADDQ     R12, AX
	JMP      window
unmapped0:
	XORQ     R13, R13
	JMP      unmapped
unmapped1:
	MOVQ     $16, R13
	JMP      unmapped
unmapped2:
	MOVQ     $32, R13
	JMP      unmapped
unmapped3:
	MOVQ     $48, R13
unmapped:
	// Lane R9's first (of group R13/16) has no entry: count the bytes of
	// the lanes before it only, and read up to its start.
	POPCNTL  DX, CX
	SUBQ     CX, BX
	BSFL     R9, R9
	MOVL     $1, DX
	SHLXQ    R9, DX, DX
	DECQ     DX
	ANDQ     DX, R14
	PDEPQ    cjkEvenBits<>(SB), DX, DX
	PDEPQ    cjkOddBits<>(SB), R14, R14
	ORQ      R14, DX
	POPCNTL  DX, DX
	ADDQ     DX, BX
	ADDQ     R13, R9
	MOVL     $1, DX
	SHLXQ    R9, DX, DX
	PDEPQ    R10, DX, DX
	TZCNTQ   DX, DX
	ADDQ     DX, AX
mdone:
	VZEROUPPER
	MOVQ AX, read+40(FP)
	MOVQ BX, written+48(FP)
	RET

// func encodeDirectFromUTF16AVX512(dst *byte, dstLen int, src *uint16, n int, t *directTable, literal int) (read, written int)
// Encodes the code units of src[:n] that are below literal (0x80: ASCII,
// written as they are; 0 for none, in ISO-2022-JP's jis0208 state) or have
// an entry in t (two bytes, the first in the entry's high half) 16 units a
// step while 16 are left and 32 bytes of room (a step writes at most 32),
// up to the first other unit (no entry: unmappable, one or four bytes,
// below U+0800, a surrogate), which the caller's loop takes. A step's entries come from
// LOOK16 (ASCII units look up entries they do not use); each unit's one or
// two bytes fill its 16-bit lane and VPCOMPRESSB drops the second byte of
// ASCII units, by a mask that PDEP spreads. A whole step's store writes 32
// bytes, scratch past the step's output; the step it stops in stores only
// the bytes of the units before the one it stops at.
TEXT ·encodeDirectFromUTF16AVX512(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R10
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), R11
	MOVQ t+32(FP), R8
	MOVQ literal+40(FP), DX
	VPBROADCASTW DX, Y27
	XORQ AX, AX // read
	XORQ BX, BX // written
dstep:
	LEAQ 16(AX), DX
	CMPQ DX, R11
	JHI  ddone
	LEAQ 32(BX), DX
	CMPQ DX, R10
	JHI  ddone
	VMOVDQU   (SI)(AX*2), Y0
	VPCMPUW   $5, Y27, Y0, K1 // literal and above
	KORTESTW  K1, K1
	JZ        dascii
	VMOVDQA   Y0, Y1
	LOOK16_EITHER(Y1, X1, Y2, X2, X3, K1, K2, dscalar, dlooked) // the entries
dlooked:
	VPTESTNMW Y2, Y2, K1, K2    // not below literal, without an entry
	VPSRLW    $8, Y2, Y3
	VPSLLW    $8, Y2, Y4
	VPORD     Y3, Y4, Y4        // the entries' bytes, first byte lowest
	VPBLENDMW Y4, Y0, K1, Y4    // units below literal as they are
	KMOVW     K1, DX
	MOVL      $0xAAAAAAAA, CX
	PDEPL     CX, DX, DX
	ORL       $0x55555555, DX   // the bytes kept
	KMOVW     K2, R12
	TESTL     R12, R12
	JNZ       dpartial
	KMOVD     DX, K3
	VPCOMPRESSB.Z Y4, K3, Y5
	VMOVDQU   Y5, (DI)(BX*1)
	POPCNTL   DX, DX
	ADDQ      DX, BX
	ADDQ      $16, AX
	JMP       dstep
dpartial:
	// Keep the units before the first without an entry.
	TZCNTL    R12, R12
	LEAL      (R12)(R12*1), CX
	BZHIL     CX, DX, DX
	KMOVD     DX, K3
	VPCOMPRESSB.Z Y4, K3, Y5
	POPCNTL   DX, DX
	MOVL      $1, CX
	SHLXL     DX, CX, CX
	DECL      CX
	KMOVD     CX, K3
	VMOVDQU8  Y5, K3, (DI)(BX*1)
	ADDQ      DX, BX
	ADDQ      R12, AX
	JMP       ddone
dascii:
	VPMOVWB   Y0, X1
	VMOVDQU   X1, (DI)(BX*1)
	ADDQ      $16, AX
	ADDQ      $16, BX
	JMP       dstep
ddone:
	VZEROUPPER
	MOVQ AX, read+48(FP)
	MOVQ BX, written+56(FP)
	RET

// func encodeDirectFromUTF16AVX2(dst *byte, dstLen int, src *uint16, n int, t *directTable, literal int, packs *[256][16]byte) (read, written int)
// encodeDirectFromUTF16AVX512 with AVX2, 16 units a step while 16 are
// left and 32 bytes of room: the entries come from LOOK16 in the same
// way, and each 128-bit half's eight units are packed by VPSHUFB, with
// packs's control for the set of units that keep both bytes of their
// lane. Both halves are stored whole, scratch past their output; the step
// it stops in counts the bytes of the units before the one it stops at.
TEXT ·encodeDirectFromUTF16AVX2(SB), NOSPLIT, $0-72
	MOVQ dst+0(FP), DI
	MOVQ dstLen+8(FP), R10
	MOVQ src+16(FP), SI
	MOVQ n+24(FP), R11
	MOVQ t+32(FP), R8
	MOVQ literal+40(FP), DX
	VMOVQ DX, X15
	VPBROADCASTW X15, Y15
	MOVQ packs+48(FP), R13
	VPXOR Y14, Y14, Y14
	XORQ AX, AX // read
	XORQ BX, BX // written
estep:
	LEAQ 16(AX), DX
	CMPQ DX, R11
	JHI  edone
	LEAQ 32(BX), DX
	CMPQ DX, R10
	JHI  edone
	VMOVDQU   (SI)(AX*2), Y0
	VPMAXUW   Y15, Y0, Y6
	VPCMPEQW  Y0, Y6, Y6 // literal and above
	VPTEST    Y6, Y6
	JZ        eascii
	VMOVDQA   Y0, Y1
	LOOK16(Y1, X1, Y2, X2, X3) // the entries
	VPCMPEQW  Y14, Y2, Y7
	VPAND     Y6, Y7, Y7 // literal and above, without an entry
	VPSRLW    $8, Y2, Y3
	VPSLLW    $8, Y2, Y4
	VPOR      Y3, Y4, Y4 // the entries' bytes, first byte lowest
	VPBLENDVB Y6, Y4, Y0, Y4 // units below literal as they are
	VPACKSSWB Y6, Y6, Y5
	VPMOVMSKB Y5, R12 // bits 0-7 and 16-23: the units with two bytes
	MOVL      $16, R14 // the units taken
	VPMOVMSKB Y7, DX
	TESTL     DX, DX
	JZ        epack
	BSFL      DX, R14
	SHRL      $1, R14
epack:
	MOVL      R12, DX
	ANDL      $0xFF, DX
	SHRL      $8, R12
	ANDL      $0xFF00, R12
	ORL       DX, R12 // the units with two bytes, one bit each
	SHLL      $4, DX
	VPSHUFB   (R13)(DX*1), X4, X5
	VMOVDQU   X5, (DI)(BX*1)
	MOVL      R12, DX
	SHRL      $8, DX
	MOVL      R12, R9
	ANDL      $0xFF, R9
	POPCNTL   R9, R9
	LEAQ      8(BX)(R9*1), R9 // where the second half's bytes go
	SHLL      $4, DX
	VEXTRACTI128 $1, Y4, X4
	VPSHUFB   (R13)(DX*1), X4, X5
	VMOVDQU   X5, (DI)(R9*1)
	MOVL      R14, CX
	MOVL      $1, DX
	SHLL      CX, DX
	DECL      DX
	ANDL      R12, DX
	POPCNTL   DX, DX
	ADDQ      R14, AX
	ADDQ      R14, BX
	ADDQ      DX, BX
	CMPL      R14, $16
	JEQ       estep
	JMP       edone
eascii:
	VEXTRACTI128 $1, Y0, X1
	VPACKUSWB X1, X0, X1
	VMOVDQU   X1, (DI)(BX*1)
	ADDQ      $16, AX
	ADDQ      $16, BX
	JMP       estep
edone:
	VZEROUPPER
	MOVQ AX, read+56(FP)
	MOVQ BX, written+64(FP)
	RET

#include "textflag.h"

// UTF-8 validation with AVX2 (utf8_amd64.go), after Keiser and Lemire,
// "Validating UTF-8 In Less Than One Instruction Per Byte" (2021): each
// byte is classified by three 16-entry table lookups (VPSHUFB) on the high
// and low nibbles of the byte before it and the high nibble of itself; the
// AND of the three is non-zero exactly where a two-byte pattern is an error
// (a missing or extra continuation byte, an overlong form, a surrogate, a
// code point above U+10FFFF), and continuation bytes that the lead two or
// three bytes back requires are checked against what the tables say. Plan 9
// operand order: sources first, destination last.

// Indexed by the high nibble of the previous byte.
DATA utf8ByteOneHigh<>+0(SB)/8, $0x0202020202020202
DATA utf8ByteOneHigh<>+8(SB)/8, $0x4915012180808080
DATA utf8ByteOneHigh<>+16(SB)/8, $0x0202020202020202
DATA utf8ByteOneHigh<>+24(SB)/8, $0x4915012180808080
GLOBL utf8ByteOneHigh<>(SB), RODATA|NOPTR, $32

// Indexed by the low nibble of the previous byte.
DATA utf8ByteOneLow<>+0(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8ByteOneLow<>+8(SB)/8, $0xcbcbdbcbcbcbcbcb
DATA utf8ByteOneLow<>+16(SB)/8, $0xcbcbcb8b8383a3e7
DATA utf8ByteOneLow<>+24(SB)/8, $0xcbcbdbcbcbcbcbcb
GLOBL utf8ByteOneLow<>(SB), RODATA|NOPTR, $32

// Indexed by the high nibble of the byte.
DATA utf8ByteTwoHigh<>+0(SB)/8, $0x0101010101010101
DATA utf8ByteTwoHigh<>+8(SB)/8, $0x01010101babaaee6
DATA utf8ByteTwoHigh<>+16(SB)/8, $0x0101010101010101
DATA utf8ByteTwoHigh<>+24(SB)/8, $0x01010101babaaee6
GLOBL utf8ByteTwoHigh<>(SB), RODATA|NOPTR, $32

// 0x0F in every byte.
DATA utf8Nibble<>+0(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Nibble<>+8(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Nibble<>+16(SB)/8, $0x0f0f0f0f0f0f0f0f
DATA utf8Nibble<>+24(SB)/8, $0x0f0f0f0f0f0f0f0f
GLOBL utf8Nibble<>(SB), RODATA|NOPTR, $32

// Subtracted (saturating) from the byte two back: bit 7 is left for E0..FF, a lead byte that needs a third byte here.
DATA utf8Third<>+0(SB)/8, $0x6060606060606060
DATA utf8Third<>+8(SB)/8, $0x6060606060606060
DATA utf8Third<>+16(SB)/8, $0x6060606060606060
DATA utf8Third<>+24(SB)/8, $0x6060606060606060
GLOBL utf8Third<>(SB), RODATA|NOPTR, $32

// Subtracted from the byte three back: bit 7 is left for F0..FF.
DATA utf8Fourth<>+0(SB)/8, $0x7070707070707070
DATA utf8Fourth<>+8(SB)/8, $0x7070707070707070
DATA utf8Fourth<>+16(SB)/8, $0x7070707070707070
DATA utf8Fourth<>+24(SB)/8, $0x7070707070707070
GLOBL utf8Fourth<>(SB), RODATA|NOPTR, $32

// 0x80 in every byte.
DATA utf8Bit7<>+0(SB)/8, $0x8080808080808080
DATA utf8Bit7<>+8(SB)/8, $0x8080808080808080
DATA utf8Bit7<>+16(SB)/8, $0x8080808080808080
DATA utf8Bit7<>+24(SB)/8, $0x8080808080808080
GLOBL utf8Bit7<>(SB), RODATA|NOPTR, $32

// func utf8ValidBlocksAVX2(dst, p *byte, n int) int
// Returns 32 × the number of leading 32-byte blocks of p[:n] in which no
// error is seen, and copies those blocks to dst unless dst is nil (one
// pass for a decoder or encoder whose output is the input). A sequence cut
// by the end of the last such block may still be unfinished; the caller
// rechecks from its start.
TEXT ·utf8ValidBlocksAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX                       // offset of the block
	XORQ R8, R8                       // non-ASCII mask of the previous block
	VPXOR Y7, Y7, Y7                  // the previous block
	VMOVDQU utf8Nibble<>(SB), Y8
	VMOVDQU utf8ByteOneHigh<>(SB), Y9
	VMOVDQU utf8ByteOneLow<>(SB), Y10
	VMOVDQU utf8ByteTwoHigh<>(SB), Y11
	VMOVDQU utf8Third<>(SB), Y12
	VMOVDQU utf8Fourth<>(SB), Y13
	VMOVDQU utf8Bit7<>(SB), Y14
loop:
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  done
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, BX
	MOVL BX, DX
	ORL  R8, DX
	JZ   ascii                        // this block and the last are ASCII
	// prev1, prev2, prev3: the input shifted by 1, 2 and 3 bytes, with the
	// previous block's last bytes coming in.
	VPERM2I128 $0x21, Y0, Y7, Y1      // previous block's high lane, this block's low lane
	VPALIGNR $15, Y1, Y0, Y2
	VPALIGNR $14, Y1, Y0, Y3
	VPALIGNR $13, Y1, Y0, Y4
	VPSRLW   $4, Y2, Y5
	VPAND    Y8, Y5, Y5
	VPSHUFB  Y5, Y9, Y5               // byte one, high nibble
	VPAND    Y8, Y2, Y6
	VPSHUFB  Y6, Y10, Y6              // byte one, low nibble
	VPAND    Y6, Y5, Y5
	VPSRLW   $4, Y0, Y6
	VPAND    Y8, Y6, Y6
	VPSHUFB  Y6, Y11, Y6              // byte two, high nibble
	VPAND    Y6, Y5, Y5               // the two-byte errors
	VPSUBUSB Y12, Y3, Y3
	VPSUBUSB Y13, Y4, Y4
	VPOR     Y4, Y3, Y3
	VPAND    Y14, Y3, Y3              // must be a third or fourth byte
	VPXOR    Y5, Y3, Y3
	VPTEST   Y3, Y3
	JNZ      done
next:
	TESTQ DI, DI
	JZ   nocopy
	VMOVDQU Y0, (DI)(AX*1)
nocopy:
	VMOVDQU Y0, Y7
	MOVL BX, R8
	ADDQ $32, AX
	JMP  loop
ascii:
	// Text in a Latin script, or markup: while it stays ASCII, 64 bytes a
	// step; the first other block goes to the loop with an ASCII block
	// before it.
	TESTQ DI, DI
	JZ   ascii64
	VMOVDQU Y0, (DI)(AX*1)
ascii64:
	ADDQ $32, AX
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  asciiEnd
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VPOR Y0, Y1, Y2
	VPMOVMSKB Y2, DX
	TESTL DX, DX
	JNZ  asciiEnd
	TESTQ DI, DI
	JZ   ascii64more
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU Y1, 32(DI)(AX*1)
ascii64more:
	ADDQ $32, AX
	JMP  ascii64
asciiEnd:
	VMOVDQU -32(SI)(AX*1), Y7
	XORL R8, R8
	JMP  loop
done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

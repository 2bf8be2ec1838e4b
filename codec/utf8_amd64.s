//go:build !purego

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

// utf8ByteOneHigh for the AVX2 kernel's fast check (UTF8_FAST): after
// F0..FF every byte
// is an error, so that a pair of blocks with a four-byte sequence goes to
// the full check (03 meets 01 in utf8ByteTwoHigh for ASCII and lead bytes,
// 02 for continuation bytes, and both in every entry of utf8ByteOneLow).
DATA utf8ByteOneHighFast<>+0(SB)/8, $0x0202020202020202
DATA utf8ByteOneHighFast<>+8(SB)/8, $0x0315012180808080
DATA utf8ByteOneHighFast<>+16(SB)/8, $0x0202020202020202
DATA utf8ByteOneHighFast<>+24(SB)/8, $0x0315012180808080
GLOBL utf8ByteOneHighFast<>(SB), RODATA|NOPTR, $32

// utf8ByteOneHigh for the AVX2 kernel's two-byte check (UTF8_TWO_AT): after E0..FF as
// after F0..FF in utf8ByteOneHighFast, every byte is an error, so that a
// pair with a three- or four-byte sequence goes to the fast check.
DATA utf8ByteOneHighTwo<>+0(SB)/8, $0x0202020202020202
DATA utf8ByteOneHighTwo<>+8(SB)/8, $0x0303012180808080
DATA utf8ByteOneHighTwo<>+16(SB)/8, $0x0202020202020202
DATA utf8ByteOneHighTwo<>+24(SB)/8, $0x0303012180808080
GLOBL utf8ByteOneHighTwo<>(SB), RODATA|NOPTR, $32

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

// Subtracted (saturating) from the byte two back: bit 7 is left for E0..FF,
// a lead byte that needs a third byte here.
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

// UTF8_LOOKUPS(cur, high, out): out is the AND of the three lookups for
// the 32-byte block cur, given the bytes one before each of its bytes in Y4
// (consumed; Y6 is scratch) and the table by the high nibble of the byte
// before in high (Y8, Y10 and Y11 hold the nibble mask and the other two
// tables).
#define UTF8_LOOKUPS(cur, high, out) \
	VPSRLW     $4, Y4, Y6; \
	VPAND      Y8, Y6, Y6; \
	VPSHUFB    Y6, high, Y6; \
	VPAND      Y8, Y4, Y4; \
	VPSHUFB    Y4, Y10, Y4; \
	VPAND      Y4, Y6, Y6; \
	VPSRLW     $4, cur, Y4; \
	VPAND      Y8, Y4, Y4; \
	VPSHUFB    Y4, Y11, Y4; \
	VPAND      Y4, Y6, out

// UTF8_CHECK(cur, err): err is non-zero where the 32-byte block cur has an
// error, given the bytes one, two and three before each of its bytes in Y4,
// Y5 and Y6 (Y8..Y13 hold the tables and constants; Y4..Y6 are consumed).
#define UTF8_CHECK(cur, err) \
	VPSUBUSB   Y12, Y5, Y5; \
	VPSUBUSB   utf8Fourth<>(SB), Y6, Y6; \
	VPOR       Y6, Y5, Y5; \
	VPAND      utf8Bit7<>(SB), Y5, Y5; \
	UTF8_LOOKUPS(cur, Y9, Y6); \
	VPXOR      Y6, Y5, err

// UTF8_FAST(cur, err): UTF8_CHECK without the byte three back, which only
// a four-byte sequence needs, and with the table of Y7, after which F0..FF
// is always an error: err is non-zero where the block has an error or a
// byte F0..FF before one of its bytes (given Y4 and Y5; consumed).
#define UTF8_FAST(cur, err) \
	VPSUBUSB   Y12, Y5, Y5; \
	VPAND      utf8Bit7<>(SB), Y5, Y5; \
	UTF8_LOOKUPS(cur, Y7, Y6); \
	VPXOR      Y6, Y5, err

// UTF8_TWO_AT(cur, back1, err): err is non-zero where the 32-byte block
// cur has an error or a byte E0..FF before one of its bytes, or a
// continuation byte follows a continuation byte (TWO_CONTS, which the
// fast and full checks cancel where a lead is two or three back), given
// the bytes before its bytes loaded from (SI)(AX*1) at offset back1: the
// three lookups alone, with the table of Y13. Ten operations and one load
// where UTF8_FAST_AT has thirteen and two.
#define UTF8_TWO_AT(cur, back1, err) \
	VMOVDQU    back1(SI)(AX*1), Y4; \
	UTF8_LOOKUPS(cur, Y13, err)

// UTF8_ERRORS(cur, prev, err): UTF8_CHECK for the block cur preceded by the
// block prev, the bytes before cur's taken from the two registers (Y3 is
// scratch). For a block with nothing readable before it.
#define UTF8_ERRORS(cur, prev, err) \
	VPERM2I128 $0x21, cur, prev, Y3; \
	VPALIGNR   $15, Y3, cur, Y4; \
	VPALIGNR   $14, Y3, cur, Y5; \
	VPALIGNR   $13, Y3, cur, Y6; \
	UTF8_CHECK(cur, err)

// UTF8_ERRORS_AT(cur, back1, back2, back3, err): UTF8_CHECK for the block
// cur, the bytes before its bytes loaded from (SI)(AX*1) at offsets back1,
// back2 and back3: three loads instead of four shuffles, which share one
// or two execution ports on most cores.
#define UTF8_ERRORS_AT(cur, back1, back2, back3, err) \
	VMOVDQU    back1(SI)(AX*1), Y4; \
	VMOVDQU    back2(SI)(AX*1), Y5; \
	VMOVDQU    back3(SI)(AX*1), Y6; \
	UTF8_CHECK(cur, err)

// UTF8_FAST_AT(cur, back1, back2, err): UTF8_FAST for the block cur, the
// bytes before its bytes loaded as in UTF8_ERRORS_AT.
#define UTF8_FAST_AT(cur, back1, back2, err) \
	VMOVDQU    back1(SI)(AX*1), Y4; \
	VMOVDQU    back2(SI)(AX*1), Y5; \
	UTF8_FAST(cur, err)

// PAIR(ascii): loads the pair of 32-byte blocks at p+AX into Y0 and Y1,
// their non-ASCII mask into BX, and jumps to ascii if they and the block
// before are ASCII; to single if fewer than 64 bytes are left.
#define PAIR(ascii) \
	LOAD_PAIR; \
	VPOR    Y0, Y1, Y2; \
	VPMOVMSKB Y2, BX; \
	ORL  R8, BX; \
	JZ   ascii

// LOAD_PAIR: PAIR's loads (and its way to single).
#define LOAD_PAIR \
	LEAQ 64(AX), DX; \
	CMPQ DX, CX; \
	JHI  single; \
	VMOVDQU (SI)(AX*1), Y0; \
	VMOVDQU 32(SI)(AX*1), Y1

// ASCII_PAIR(ascii): jumps to ascii if the pair in Y0 and Y1 is ASCII (its
// non-ASCII mask in BX).
#define ASCII_PAIR(ascii) \
	VPOR    Y0, Y1, Y2; \
	VPMOVMSKB Y2, BX; \
	TESTL BX, BX; \
	JZ   ascii

// TEXT_PAIR(ascii): PAIR for the loops of the fast and two-byte checks:
// jumps to ascii if the pair is ASCII, whatever the block before (which
// the code there looks at; see fastASCII512).
#define TEXT_PAIR(ascii) \
	LOAD_PAIR; \
	ASCII_PAIR(ascii)

// TEXT_PAIR_OR(ascii, check): TEXT_PAIR that goes to check without the
// ASCII test when one of the first 8 bytes is not ASCII (R12 holds 80 in
// each byte; see fastPair512).
#define TEXT_PAIR_OR(ascii, check) \
	LOAD_PAIR; \
	TESTQ R12, (SI)(AX*1); \
	JNZ  check; \
	ASCII_PAIR(ascii)

// AFTER_TEXT(check, ascii): for an ASCII pair after text, jumps to ascii
// if the byte before the pair is ASCII too (then no sequence runs into it:
// one that ends early in the pair before is its check's error), else to
// check, the check of the loop it came from.
#define AFTER_TEXT(check, ascii) \
	MOVBLZX -1(SI)(AX*1), DX; \
	TESTL $0x80, DX; \
	JNZ  check; \
	JMP  ascii

// COPY_PAIR(copied): copies the pair (Y0, Y1) to dst+AX unless dst is nil.
#define COPY_PAIR(copied) \
	TESTQ DI, DI; \
	JZ   copied; \
	VMOVDQU Y0, (DI)(AX*1); \
	VMOVDQU Y1, 32(DI)(AX*1)

// TURN_PAIR(check, store, off, off2, b1, b2, c1, c2): a pair of TURN at
// p+AX+off and off2, checked by check (UTF8_FAST_AT or TWO_AT2, given the
// offsets of the bytes before the two blocks: b1, b2 and c1, c2): its
// errors are ORed into Y3, its bytes into Y14 (for the turn's ASCII
// test), and store (TURN_STORE or TURN_NO_STORE) copies it to dst before
// the turn knows it is valid: past the bytes the kernel returns, dst may
// hold scratch.
#define TURN_PAIR(check, store, off, off2, b1, b2, c1, c2) \
	VMOVDQU off(SI)(AX*1), Y0; \
	VMOVDQU off2(SI)(AX*1), Y1; \
	check(Y0, b1, b2, Y2); \
	check(Y1, c1, c2, Y15); \
	VPOR    Y2, Y3, Y3; \
	VPOR    Y15, Y3, Y3; \
	VPOR    Y0, Y14, Y14; \
	VPOR    Y1, Y14, Y14; \
	store(off, off2)

// TURN_STORE(off, off2): the stores of a turn's pair at dst+AX+off and
// off2; TURN_NO_STORE, none (dst nil).
#define TURN_STORE(off, off2) \
	VMOVDQU Y0, off(DI)(AX*1); \
	VMOVDQU Y1, off2(DI)(AX*1)

#define TURN_NO_STORE(off, off2)

// TWO_AT2(cur, back1, back2, err): UTF8_TWO_AT with TURN_PAIR's arguments.
#define TWO_AT2(cur, back1, back2, err) UTF8_TWO_AT(cur, back1, err)

// TURN(turn, check, store, ok, flagged, one): four pairs a turn at the
// label turn, each checked by check and stored by store (TURN_PAIR),
// while 256 bytes are left (else to one, a pair at a time). No branch
// depends on a pair's bytes: the turn's errors are tested once, and so is
// whether all its bytes are ASCII. A turn with an error (or what its
// check cannot follow) goes to flagged, AX and R8 as at the turn's start;
// a turn of ASCII to turnASCII, past it; else to ok, past it, R8 non-zero.
#define TURN(turn, check, store, ok, flagged, one) \
turn: \
	LEAQ 256(AX), DX; \
	CMPQ DX, CX; \
	JHI  one; \
	VPXOR   Y3, Y3, Y3; \
	VPXOR   Y14, Y14, Y14; \
	TURN_PAIR(check, store, 0, 32, -1, -2, 31, 30); \
	TURN_PAIR(check, store, 64, 96, 63, 62, 95, 94); \
	TURN_PAIR(check, store, 128, 160, 127, 126, 159, 158); \
	TURN_PAIR(check, store, 192, 224, 191, 190, 223, 222); \
	VPTEST  Y3, Y3; \
	JNZ  flagged; \
	ADDQ $256, AX; \
	MOVL $1, R8; \
	VPMOVMSKB Y14, DX; \
	TESTL DX, DX; \
	JZ   turnASCII; \
	JMP  ok

// TURNS(check, copyTurn, checkTurn, ok, flagged, one): the loops of TURN
// for a dst (copyTurn) and for none (checkTurn), entered here; the pair
// after the ASCII loop's first other pair goes to one instead (R13, see
// asciiPair).
#define TURNS(check, copyTurn, checkTurn, ok, flagged, one) \
	BTRQ $0, R13; \
	JCS  one; \
	TESTQ DI, DI; \
	JZ   checkTurn; \
	TURN(copyTurn, check, TURN_STORE, ok, flagged, one); \
	TURN(checkTurn, check, TURN_NO_STORE, ok, flagged, one)

// FAST_AFTER_TWO(left, next): left, the pairs left for the fast check
// before the two-byte one is tried again, takes next, which doubles (plus
// one, up to 64) for the next time (see twoFlagged512). The AVX2 loop keeps
// them in R10 and R11, the AVX-512 loops in R9 and R10; DX is scratch.
#define FAST_AFTER_TWO(left, next) \
	MOVQ next, left; \
	LEAQ 1(next)(next*1), next; \
	MOVQ $64, DX; \
	CMPQ next, DX; \
	CMOVQGT DX, next

// func utf8ValidBlocksAVX2(dst, p *byte, n int) int
// Returns how many leading bytes of p[:n] it sees no error in, the end of
// a 32-byte block (the first two start at p, the others at p's 64-byte
// boundaries from the first one at least 3 bytes in, where a whole pair
// follows it; a pair at 3 takes the bytes up to it where the first is 1
// or 2 bytes in), and copies those bytes to dst unless dst is nil (one
// pass for a decoder or encoder whose output is the input; past them,
// dst[:n] may hold scratch). A sequence cut
// by the end of the last such block may still be unfinished; the caller
// rechecks from its start. Blocks go two at a time: on non-Latin text the
// loop is bound by how many instructions the core can issue, and a pair
// shares the ASCII test, the error test and the loop's bookkeeping. After
// the first pair, the bytes before a block are loaded from p (UTF8_ERRORS_AT)
// rather than shuffled out of two registers: ja.txt +7%, ru.txt +16% (median
// of eight interleaved rounds on Zen 4). As in the AVX-512 loop, a pair has
// the fast check (UTF8_FAST), without the byte three back: a pair in which
// it sees an error or a byte F0..FF has the full check, and so do the
// pairs after it while they have such a byte, and three more. The kernel
// alone on Zen 4 (64 KiB calls, old and new in turns): ja.html 29.3 -> 32.8
// GB/s, ru.html, ja.txt, ru.txt, ko.html, zh_cn.html +11-12%, en.html +2%;
// text with an emoji every 100 or every 12 bytes -6% and -7%. Pairs of
// one- and two-byte text have the two-byte check (UTF8_TWO_AT), as in the
// AVX-512 loop: el.txt, ar.txt, pt.txt +27-32%, ru.txt +22%, CJK unchanged.
// Both checks take four pairs a turn while 256 bytes are left (TURN), with
// no branch on a pair's kind (see fastPair).
TEXT ·utf8ValidBlocksAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX                       // offset of the pair of blocks
	XORQ R8, R8                       // non-ASCII mask of the previous block
	XORL R9, R9                       // full checks left after a byte F0..FF
	VMOVDQU utf8ByteOneHighFast<>(SB), Y7
	VMOVDQU utf8Nibble<>(SB), Y8
	VMOVDQU utf8ByteOneHigh<>(SB), Y9
	VMOVDQU utf8ByteOneLow<>(SB), Y10
	VMOVDQU utf8ByteTwoHigh<>(SB), Y11
	VMOVDQU utf8Third<>(SB), Y12
	VMOVDQU utf8ByteOneHighTwo<>(SB), Y13
	MOVQ $0x8080808080808080, R12
	XORQ R10, R10                     // pairs left for the fast check before the two-byte one
	XORQ R11, R11                     // how many the next pair with a byte E0..FF sets
	XORQ R13, R13                     // 1: the next pair has a step of its own (asciiPair)
	// The first pair: nothing before p may be read, so the bytes before
	// its first block are zero (as ASCII would be), shuffled in.
	PAIR(firstCopy)
	VPXOR Y6, Y6, Y6
	UTF8_ERRORS(Y0, Y6, Y2)
	UTF8_ERRORS(Y1, Y0, Y15)
	VPOR    Y2, Y15, Y15
	VPTEST  Y15, Y15
	JNZ     pairError
	VPMOVMSKB Y1, R8
firstCopy:
	COPY_PAIR(firstCopied)
firstCopied:
	// The pairs after it start at the input's 64-byte boundaries, the
	// first of them overlapping it, so that fewer of their loads straddle
	// two cache lines (input 16 or 48 bytes past a boundary: ru.txt,
	// ja.txt, ja.html -4-7% against an aligned one); not if no whole pair
	// follows from it.
	MOVL SI, AX
	NEGL AX
	ANDL $63, AX
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  firstUnaligned
	CMPL AX, $3
	JGE  fullTest
	TESTL AX, AX
	JZ   firstUnaligned               // p is at a boundary: so is 64
	// The boundary is 1 or 2 bytes in, too few for the bytes before a
	// pair there to be loaded from p: a pair at 3, with the full check,
	// takes the bytes up to the boundary after it, from which the pairs go
	// on, if a whole pair follows that one (else from 64, their loads
	// straddling two cache lines all the way: the kernel alone from such
	// a start, test binaries in turns, ja.txt +0-1%, ru.txt +5-8% since).
	// An error there can only be in its last 3 bytes (p[:64] has none):
	// the kernel vouches for 64.
	LEAQ 128(AX), DX
	CMPQ DX, CX
	JHI  firstUnaligned
	MOVQ AX, BX                       // the boundary
	MOVL $3, AX
	VMOVDQU 3(SI), Y0
	VMOVDQU 35(SI), Y1
	UTF8_ERRORS_AT(Y0, -1, -2, -3, Y2)
	UTF8_ERRORS_AT(Y1, 31, 30, 29, Y15)
	MOVL $64, AX
	VPOR    Y2, Y15, Y15
	VPTEST  Y15, Y15
	JNZ     done
	VPMOVMSKB Y1, R8
	TESTQ DI, DI
	JZ   nearCopied
	VMOVDQU Y0, 3(DI)
	VMOVDQU Y1, 35(DI)
nearCopied:
	LEAQ 64(BX), AX                   // the boundary after the pair at 3
	JMP  fullTest
firstUnaligned:
	MOVL $64, AX
	JMP  fullTest
fullPair:
	PAIR(copyPair)
fullCheck:
	UTF8_ERRORS_AT(Y0, -1, -2, -3, Y2)
	UTF8_ERRORS_AT(Y1, 31, 30, 29, Y15)
	VPOR    Y2, Y15, Y15
	VPTEST  Y15, Y15
	JNZ     pairError
	VPMOVMSKB Y1, R8
	COPY_PAIR(fullNext)
fullNext:
	ADDQ $64, AX
fullTest:
	// The next pair has the full check too while a pair has a byte F0..FF
	// (see fullNext512), and the three after the last such pair: a pair
	// here is half as long, so text with an emoji every 100 bytes would
	// have half its pairs checked twice, fast then full (-26% against the
	// full check on every pair; -6% so, and -7% with an emoji every 12 bytes).
	VPMAXUB  Y0, Y1, Y3
	VPSUBUSB utf8Fourth<>(SB), Y3, Y3 // bit 7: F0..FF
	VPMOVMSKB Y3, DX
	TESTL DX, DX
	JZ   fullCountdown
	MOVL $3, R9
	JMP  fullPair
fullCountdown:
	DECL R9
	JGE  fullPair
fastPair:
	// Four pairs a turn (TURN) while 256 bytes are left. In markup the
	// pairs change kind (ASCII, one- and two-byte text, three-byte text)
	// every few pairs; a branch on each pair's kind is mispredicted at
	// most changes unless the predictor has learnt the page, which it
	// has not for text a program reads once. On an Intel Xeon with
	// WHATENC_CPU=avx2, bench/streamab-ab.sh with ONCE=1 (every page once
	// a round, the others in between; 3 alternations of 5 rounds): the
	// decoder to UTF-8 +32% (geometric mean over 34 pages; ja.html +67%,
	// de-edit.txt +102%, en.txt -7%, el.txt -10%), the encoder from UTF-8,
	// right after the page's decoding, +13% (en.txt -14%). Where a page is
	// decoded over and over, as in make bench's rows, the predictor learns
	// the smaller ones, and a turn checks ASCII pairs that a trained
	// branch would only copy: bench/compare-ab.sh (6 runs), the decoder to
	// UTF-8's ratio to encoding_rs de.html -16%, en.txt -15%, pt.html
	// -13%, ja.html -1%, zh_cn.html +2%, th.html +10%, ru.html +29%; to
	// UTF-16 (whose validation alternates with the conversion) ja.html
	// +16%, de.html +17%, zh_cn.html +13%, en.txt -4%.
	TURNS(UTF8_FAST_AT, fastCopyTurn, fastCheckTurn, fastTurned, fullPair, fastOne)
fastTurned:
	SUBQ $4, R10
	JGE  fastPair
	JMP  tryTwo
fastOne:
	TEXT_PAIR_OR(fastASCII, fastCheck)
fastCheck:
	UTF8_FAST_AT(Y0, -1, -2, Y2)
	UTF8_FAST_AT(Y1, 31, 30, Y15)
	VPOR    Y2, Y15, Y15
	VPTEST  Y15, Y15
	JNZ     fullCheck                 // an error, or a byte F0..FF
	VPMOVMSKB Y1, R8
	COPY_PAIR(fastNext)
fastNext:
	ADDQ $64, AX
	DECQ R10
	JGE  fastPair
tryTwo:
	// As in the AVX-512 loop (twoPair512): the two-byte check, which does
	// not look two bytes back, on pairs of one- and two-byte text; not
	// after a byte E0..FF two before the pair.
	MOVBLZX -2(SI)(AX*1), DX
	CMPL DX, $0xE0
	JAE  fastPair
twoTrial:
	TEXT_PAIR(twoASCII)
twoTrialText:
	VPMAXUB  Y0, Y1, Y3
	VPSUBUSB Y12, Y3, Y3              // bit 7: E0..FF
	VPMOVMSKB Y3, DX
	TESTL DX, DX
	JNZ  twoFlagged
	JMP  twoCheck
twoPair:
	TURNS(TWO_AT2, twoCopyTurn, twoCheckTurn, twoTurned, twoTurnFlagged, twoOne)
twoTurned:
	SHRQ $4, R11
	JMP  twoPair
twoTurnFlagged:
	// The turn has the fast check from its start, as at twoFlagged.
	FAST_AFTER_TWO(R10, R11)
	JMP  fastPair
twoOne:
	TEXT_PAIR_OR(twoASCII, twoCheck)
twoCheck:
	UTF8_TWO_AT(Y0, -1, Y2)
	UTF8_TWO_AT(Y1, 31, Y15)
	VPOR    Y2, Y15, Y15
	VPTEST  Y15, Y15
	JNZ     twoFlagged                // an error, or a byte E0..FF before the pair
	SHRQ $1, R11
	VPMOVMSKB Y1, R8
	COPY_PAIR(twoNext)
twoNext:
	ADDQ $64, AX
	JMP  twoPair
twoFlagged:
	// The pair has the fast check, and so do the next R11 pairs.
	FAST_AFTER_TWO(R10, R11)
	JMP  fastCheck
fastASCII:
	// An ASCII pair after text goes to copyPair if the byte before it is
	// ASCII too (see fastASCII512), else it has the check of its loop.
	AFTER_TEXT(fastCheck, copyPair)
twoASCII:
	AFTER_TEXT(twoCheck, copyPair)
copyPair:
	// These blocks are ASCII and no sequence runs into them: nothing to
	// check, and nothing E0..FF before the next pair (a countdown of full
	// checks ends here).
	XORL R9, R9
	XORL R8, R8
	COPY_PAIR(asciiCheck)
pairCopied:
	ADDQ $64, AX
asciiPair:
	// While the text stays ASCII, a pair a step: PAIR (the block before is
	// ASCII, R8 = 0) to the copy. The first other pair has the fast check
	// or, on trial, the two-byte one.
	PAIR(copyPair)
	// The pair after this one has a step of its own too (R13: fastPair
	// and twoPair send it to fastOne or twoOne), which goes back to this
	// loop if it is ASCII: where a character that is not ASCII comes now
	// and then in English or German, that is cheaper than a turn of
	// checks. compare-ab.sh (5 runs) with WHATENC_CPU=avx2, the decoder to
	// UTF-8: en.txt +13%, pt.html +9%, de.html +5%, ja.html +2%, ru.html
	// -1%; streamab-ab.sh with ONCE=1 (3 alternations): geometric means
	// 1.000 and 0.997 decoding, 1.033 and 1.017 encoding.
	MOVL $1, R13
	TESTQ R10, R10
	JG   fastCheck
	JMP  twoTrialText
turnASCII:
	// A turn of ASCII: on to the loop of ASCII pairs.
	XORL R8, R8
	JMP  asciiPair
pairError:
	// The first block of the pair may still be clean.
	VPTEST Y2, Y2
	JNZ  done
	TESTQ DI, DI
	JZ   firstClean
	VMOVDQU Y0, (DI)(AX*1)
firstClean:
	ADDQ $32, AX
	JMP  done
single:
	// Fewer than 64 bytes left: one more block if 32 are, with the full
	// check.
	LEAQ 32(AX), DX
	CMPQ DX, CX
	JHI  done
	VMOVDQU (SI)(AX*1), Y0
	VPMOVMSKB Y0, BX
	ORL  R8, BX
	JZ   copySingle
	TESTQ AX, AX
	JNZ  singleAt
	VPXOR Y6, Y6, Y6                  // nothing before p
	UTF8_ERRORS(Y0, Y6, Y2)
	JMP  singleChecked
singleAt:
	UTF8_ERRORS_AT(Y0, -1, -2, -3, Y2)
singleChecked:
	VPTEST  Y2, Y2
	JNZ     done
copySingle:
	TESTQ DI, DI
	JZ   firstClean
	VMOVDQU Y0, (DI)(AX*1)
	ADDQ $32, AX
done:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET
asciiCheck:
	// An ASCII pair without a dst (validation alone, and the decoder to
	// UTF-16's first pass): the ASCII after it four blocks a step while
	// 128 bytes are left; a step with a byte of the upper half leaves its
	// blocks to asciiPair, which finds the first pair that has it. On an
	// Intel Xeon with WHATENC_CPU=avx2, bench/compare-ab.sh (8 runs in
	// turns), validation alone against encoding_rs's: en.txt 0.61x ->
	// 0.80x, en.html 1.01x -> 1.22x, fr.html +12%, pt.html +6%, de.html
	// +4%, ja.html and ru.html 0 to +2%; the decoder to UTF-16 en.txt +5%,
	// en.html +3%, de.html -1.4%. Steps of 256 bytes did worse on markup
	// (pt.html, fr.html -6% against 128, the kernel alone).
	ADDQ $64, AX
asciiCheckStep:
	LEAQ 128(AX), DX
	CMPQ DX, CX
	JHI  asciiPair
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 64(SI)(AX*1), Y1
	VPOR 32(SI)(AX*1), Y0, Y0
	VPOR 96(SI)(AX*1), Y1, Y1
	VPOR Y0, Y1, Y0
	VPMOVMSKB Y0, DX
	TESTL DX, DX
	JNZ  asciiPair
	ADDQ $128, AX
	JMP  asciiCheckStep

// The fast check (UTF8_FAST512) looks up what may follow the byte before
// each byte, and what kind of byte it is, in two 128-entry tables. By the
// byte before: bit 0, 1 or 2 if ASCII or a lead byte, 80..9F or A0..BF may
// not follow it; bit 7 for a continuation byte, after which a continuation
// byte is right only as the third byte of a sequence whose lead is two
// bytes back. Nothing may follow F0..FF as far as the fast check knows: it
// does not follow four-byte sequences (the full check does). Entries for
// C0..FF; those for 80..BF are all 80 (Z14).
DATA utf8FastAfter<>+0(SB)/8, $0x0101010101010707  // C0 C1: nothing (overlong); C2..C7: a continuation byte
DATA utf8FastAfter<>+8(SB)/8, $0x0101010101010101  // C8..CF
DATA utf8FastAfter<>+16(SB)/8, $0x0101010101010101 // D0..D7
DATA utf8FastAfter<>+24(SB)/8, $0x0101010101010101 // D8..DF
DATA utf8FastAfter<>+32(SB)/8, $0x0101010101010103 // E0: A0..BF (no overlong form); E1..E7
DATA utf8FastAfter<>+40(SB)/8, $0x0101050101010101 // E8..EF; ED: 80..9F (no surrogate)
DATA utf8FastAfter<>+48(SB)/8, $0x0707070707070707 // F0..F7
DATA utf8FastAfter<>+56(SB)/8, $0x0707070707070707 // F8..FF
GLOBL utf8FastAfter<>(SB), RODATA|NOPTR, $64

// By the byte itself: the bit of its kind (as above), and bit 7 for a
// continuation byte. Entries for 80..BF; those for ASCII and C0..FF are
// all 01 (Z25).
DATA utf8FastKind<>+0(SB)/8, $0x8282828282828282  // 80..9F
DATA utf8FastKind<>+8(SB)/8, $0x8282828282828282
DATA utf8FastKind<>+16(SB)/8, $0x8282828282828282
DATA utf8FastKind<>+24(SB)/8, $0x8282828282828282
DATA utf8FastKind<>+32(SB)/8, $0x8484848484848484 // A0..BF
DATA utf8FastKind<>+40(SB)/8, $0x8484848484848484
DATA utf8FastKind<>+48(SB)/8, $0x8484848484848484
DATA utf8FastKind<>+56(SB)/8, $0x8484848484848484
GLOBL utf8FastKind<>(SB), RODATA|NOPTR, $64

// UTF8_FAST512(cur, prev1, prev2, tmp, err): sets the mask err where the
// 64-byte block cur has an error, or a byte F0..FF before one of its
// bytes, given the bytes one and two before each of its bytes (prev1 and
// tmp are scratch, K4 too; Z14, Z20, Z21, Z23..Z25 and Z28 hold the tables
// and constants). VPERMI2B reads an index's low 7 bits: VPMINSB with 3F
// takes ASCII to 00..3F, so that ASCII before a byte reads as a
// continuation byte (after either, a continuation byte needs a lead two
// back: if one is there, the ASCII after it is an error the check of that
// byte sees), and VPMAXUB with 40 takes ASCII to 40..7F, so that ASCII
// reads as C0..FF (neither is a continuation byte). The two lookups share
// a bit where the byte is an error after the byte before (VPTESTMB), bit 7
// where it is a continuation byte after ASCII or a continuation byte, and
// that is an error unless a lead E0..FF is two back: the mask of those
// leads is XORed in. After a lead, a byte with such a lead two back is an
// error that the XOR may hide, but then the byte before, a lead after a
// lead E0..FF, is one too, and the first error of a run of them is seen:
// at a lead two back that is not E0..FF, or in an earlier pair. Six
// operations where UTF8_CHECK512 has ten, and one load less; on Zen 4 the
// check of a pair is bound by its operations and by its loads (each one
// that straddles two cache lines, as those of the bytes before a block
// do, costs about one cycle more).
#define UTF8_FAST512(cur, prev1, prev2, tmp, err) \
	VPCMPUB  $5, Z28, prev2, K4; \      // E0..FF two back: a third byte is needed here
	VPMINSB  Z20, prev1, prev1; \
	VPERMI2B Z21, Z14, prev1; \         // what may not follow the byte before
	VPMAXUB  Z23, cur, tmp; \
	VPERMI2B Z25, Z24, tmp; \           // the kind of byte
	VPTESTMB tmp, prev1, err; \
	KXORQ    K4, err, err

// The Intel cores' fast and two-byte checks (UTF8_LEADS512) look up what
// may follow the byte before each byte by that byte less BF (saturating):
// 0 for 00..BF, 1..3F for C0..FE (FF reads as 0). Bit 7: after ASCII or a
// continuation byte, no continuation byte (where a lead E0..EF is two
// back, the fast check's index reads an entry of EF..FE instead; as in
// UTF8_FAST512, ASCII reads as a continuation byte: where that lead is
// there, the ASCII after it is the error, seen at its own byte); bit 1:
// after them, F0..FF is flagged at its own byte (so FF, which reads as
// ASCII before a byte, is seen); bit 0: a lead needs a continuation byte;
// bit 2: not 80..9F after E0 (overlong); bit 4: not A0..BF after ED
// (surrogate); bit 5: nothing after C0, C1 (overlong). F0..FE, which the
// fast check does not follow, are flagged at their own byte; their
// entries say that a continuation byte must follow (bit 0), what the
// entries of EF..FE mean for the fast check after a lead E0..EF two back.
DATA utf8FastLeads<>+0(SB)/8, $0x0101010101212182  // 00..BF, C0 C1, C2..C6
DATA utf8FastLeads<>+8(SB)/8, $0x0101010101010101  // C7..CE
DATA utf8FastLeads<>+16(SB)/8, $0x0101010101010101 // CF..D6
DATA utf8FastLeads<>+24(SB)/8, $0x0101010101010101 // D7..DE
DATA utf8FastLeads<>+32(SB)/8, $0x0101010101010501 // DF, E0, E1..E6
DATA utf8FastLeads<>+40(SB)/8, $0x0111010101010101 // E7..EC, ED, EE
DATA utf8FastLeads<>+48(SB)/8, $0x0101010101010101 // EF, F0..F6
DATA utf8FastLeads<>+56(SB)/8, $0x0101010101010101 // F7..FE
GLOBL utf8FastLeads<>(SB), RODATA|NOPTR, $64

// utf8FastLeads for the two-byte check: after E0..FE, bit 5 (nothing may
// follow), so that a pair with a three- or four-byte sequence goes to the
// fast check.
DATA utf8TwoLeads<>+0(SB)/8, $0x0101010101212182  // 00..BF, C0 C1, C2..C6
DATA utf8TwoLeads<>+8(SB)/8, $0x0101010101010101  // C7..CE
DATA utf8TwoLeads<>+16(SB)/8, $0x0101010101010101 // CF..D6
DATA utf8TwoLeads<>+24(SB)/8, $0x0101010101010101 // D7..DE
DATA utf8TwoLeads<>+32(SB)/8, $0x2121212121212101 // DF, E0..E6
DATA utf8TwoLeads<>+40(SB)/8, $0x2121212121212121 // E7..EE
DATA utf8TwoLeads<>+48(SB)/8, $0x2121212121212121 // EF..F6
DATA utf8TwoLeads<>+56(SB)/8, $0x2121212121212121 // F7..FE
GLOBL utf8TwoLeads<>(SB), RODATA|NOPTR, $64

// The kind of each byte for UTF8_LEADS512, by its high nibble: bit 0 for
// ASCII and leads, bit 7 for continuation bytes, and bits 2 and 5 for
// 80..9F, 4 and 5 for A0..BF, 1 and 0 for F0..FF.
DATA utf8LeadsKind<>+0(SB)/8, $0x0101010101010101
DATA utf8LeadsKind<>+8(SB)/8, $0x03010101b0b0a4a4
GLOBL utf8LeadsKind<>(SB), RODATA|NOPTR, $16

// 0xBF in every byte: subtracted (saturating) from the byte before.
DATA utf8BelowLeads<>+0(SB)/8, $0xbfbfbfbfbfbfbfbf
DATA utf8BelowLeads<>+8(SB)/8, $0xbfbfbfbfbfbfbfbf
GLOBL utf8BelowLeads<>(SB), RODATA|NOPTR, $16

// utf8FastAfter for the two-byte check (UTF8_TWO512): after C2..DF a
// continuation byte, after any other lead nothing, so that a pair with a
// three- or four-byte sequence goes to the fast check.
DATA utf8TwoAfter<>+0(SB)/8, $0x0101010101010707  // C0 C1: nothing; C2..C7: a continuation byte
DATA utf8TwoAfter<>+8(SB)/8, $0x0101010101010101  // C8..CF
DATA utf8TwoAfter<>+16(SB)/8, $0x0101010101010101 // D0..D7
DATA utf8TwoAfter<>+24(SB)/8, $0x0101010101010101 // D8..DF
DATA utf8TwoAfter<>+32(SB)/8, $0x0707070707070707 // E0..FF: nothing
DATA utf8TwoAfter<>+40(SB)/8, $0x0707070707070707
DATA utf8TwoAfter<>+48(SB)/8, $0x0707070707070707
DATA utf8TwoAfter<>+56(SB)/8, $0x0707070707070707
GLOBL utf8TwoAfter<>(SB), RODATA|NOPTR, $64

// UTF8_TWO512(cur, prev1, tmp, err): UTF8_FAST512 for text whose
// sequences are one or two bytes long (Latin, Greek, Cyrillic, Hebrew,
// Arabic): sets the mask err where the 64-byte block cur has an error or a
// byte E0..FF before one of its bytes, or a continuation byte follows a
// continuation byte, given only the bytes one before each of its bytes
// (prev1 and tmp are scratch; Z14, Z20, Z23..Z25 and Z27 hold the tables
// and constants). Without the bytes two before, a check of a pair loads
// two straddling blocks where the fast check loads four, and has five
// operations a block where it has six.
#define UTF8_TWO512(cur, prev1, tmp, err) \
	VPMINSB  Z20, prev1, prev1; \
	VPERMI2B Z27, Z14, prev1; \
	VPMAXUB  Z23, cur, tmp; \
	VPERMI2B Z25, Z24, tmp; \
	VPTESTMB tmp, prev1, err

// UTF8_CHECK512(cur, prev1, prev2, prev3): leaves in prev2 a value that is
// non-zero where the 64-byte block cur has an error, given the bytes one,
// two and three before each of its bytes (prev1 and prev3 are consumed;
// Z4 and Z6 are scratch; Z9..Z14 hold the tables and constants). The
// lookups are VPERMBs on the 16-entry tables repeated in each 128-bit
// lane, which ignore an index's bits 6-7 and so need no masking of the
// nibbles (three VPANDs fewer than UTF8_CHECK); the three lookups and the
// continuation checks are combined by VPTERNLOGD.
#define UTF8_CHECK512(cur, prev1, prev2, prev3) \
	VPSUBUSB Z12, prev2, prev2; \
	VPSUBUSB Z13, prev3, prev3; \
	VPORQ    prev3, prev2, prev2; \ // bit 7: a third or fourth byte is needed here
	UTF8_NIBBLES512(cur, prev1, Z9, Z4); \ // the two-byte errors
	VPTERNLOGD $0x6A, Z4, Z14, prev2   // (needed & 0x80) ^ errors

// UTF8_NIBBLES512(cur, prev1, high, out): out is the AND of the three
// 16-entry lookups for the 64-byte block cur, by the high nibble of the
// byte before (in the table high), its low nibble and the high nibble of
// the byte itself (prev1 is consumed; Z6 is scratch).
#define UTF8_NIBBLES512(cur, prev1, high, out) \
	VPSRLW     $4, prev1, out; \
	VPERMB     high, out, out; \
	VPERMB     Z10, prev1, prev1; \
	VPSRLW     $4, cur, Z6; \
	VPERMB     Z11, Z6, Z6; \
	VPTERNLOGD $0x80, Z6, prev1, out

// UTF8_BLOCK512(at): K2 is non-zero where the 64-byte block in Z0, from
// p+at, has an error; the three bytes before each of its bytes are loaded
// from p+at-1, -2 and -3 (at >= 3).
#define UTF8_BLOCK512(at) \
	VMOVDQU64 -1(SI)(at*1), Z1; \
	VMOVDQU64 -2(SI)(at*1), Z2; \
	VMOVDQU64 -3(SI)(at*1), Z3; \
	UTF8_CHECK512(Z0, Z1, Z2, Z3); \
	VPTESTMB Z2, Z2, K2

// FULL_CHECK_PAIR512, FAST_CHECK_PAIR512, TWO_CHECK_PAIR512: the full, fast
// and two-byte checks of the pair at p+AX (Z0, Z15), with the loads of the
// bytes before each of its bytes that each needs: the full check leaves
// its results in Z2 and Z18, the others the masks of its blocks' errors
// in K2 and K3 (TEXT_ERRORS512). Where utf8PermbChecks is set (Intel cores) the fast and two-byte
// checks are FAST_LEADS_PAIR512 and TWO_LEADS_PAIR512, in line; else
// they go to tables after the loads, for FAST_TABLES_PAIR512 or
// TWO_TABLES_PAIR512, whose code goes back after the check. In line, the
// Intel cores' checks run without two taken jumps a pair.
//
// The full check puts the bytes one before each byte together from those
// two before (BYTES_BEFORE512, as FAST_WORD_LOADS512 does): two loads that
// straddle two cache lines a pair fewer. Text with emoji (make
// bench-emoji's pages, bench/compare-ab.sh, 12 runs in turns): the
// decoder to UTF-8 +2.5% and +4%, the encoder from UTF-8 +2% and +7%,
// validation +1.4% and +4%; the corpus (first pairs and last blocks)
// within the runs' spread. Zen 4 runs it too (unmeasured there: VPSHLDW is
// one micro-op, and a load that straddles two lines costs it about a cycle).
#define FULL_CHECK_PAIR512 \
	VMOVDQU64 -2(SI)(AX*1), Z2; \
	VMOVDQU64 -3(SI)(AX*1), Z3; \
	VMOVDQU64 62(SI)(AX*1), Z18; \
	VMOVDQU64 61(SI)(AX*1), Z19; \
	BYTES_BEFORE512(Z0, Z2, Z1); \
	BYTES_BEFORE512(Z15, Z18, Z17); \
	UTF8_CHECK512(Z0, Z1, Z2, Z3); \
	UTF8_CHECK512(Z15, Z17, Z18, Z19)

#define FAST_CHECK_PAIR512(tables) \
	CHECK_PAIR512(FAST_LOADS512, JEQ, tables, FAST_LEADS_PAIR512)

#define TWO_CHECK_PAIR512(tables) \
	CHECK_PAIR512(TWO_LOADS512, JEQ, tables, TWO_LEADS_PAIR512)

// BACK_FAST_CHECK_PAIR512(permb) and BACK_TWO_CHECK_PAIR512(permb): the
// same checks the other way round, Zen 4's tables in line and the Intel
// cores' at permb, for the backward loop, which Zen 4 runs (Intel cores
// go forward: utf8Backward; the tests never run the Intel cores' checks
// backward either, and those rely on the forward order, see
// FAST_LEADS_PAIR512).
#define BACK_FAST_CHECK_PAIR512(permb) \
	CHECK_PAIR512(FAST_LOADS512, JNE, permb, FAST_TABLES_PAIR512)

#define BACK_TWO_CHECK_PAIR512(permb) \
	CHECK_PAIR512(TWO_LOADS512, JNE, permb, TWO_TABLES_PAIR512)

// CHECK_PAIR512(loads, jump, away, inline): the loads, then the check in
// line, or a jump (JEQ: to the tables where utf8PermbChecks is not set;
// JNE: to the Intel cores' where it is) to the other check at away.
#define CHECK_PAIR512(loads, jump, away, inline) \
	loads; \
	CMPB ·utf8PermbChecks(SB), $0; \
	jump away; \
	inline

// FAST_LOADS512 and TWO_LOADS512: the bytes before each byte of the pair
// that the fast check (one and two before) and the two-byte check (one
// before) need.
#define FAST_LOADS512 \
	VMOVDQU64 -1(SI)(AX*1), Z1; \
	VMOVDQU64 -2(SI)(AX*1), Z2; \
	VMOVDQU64 63(SI)(AX*1), Z17; \
	VMOVDQU64 62(SI)(AX*1), Z18

#define TWO_LOADS512 \
	VMOVDQU64 -1(SI)(AX*1), Z1; \
	VMOVDQU64 63(SI)(AX*1), Z17

// FAST_WORD_LOADS512: FAST_LOADS512 with one load a block instead of two,
// for the Intel cores' unrolled loop with stores (fastCopyTurn512): the
// bytes one before each byte are put together from those two before and
// the block's own (BYTES_BEFORE512; the windows' loop over blocks of text
// does the same). A block starts at a 64-byte boundary (but the first),
// so each load of the bytes before it straddles two cache lines, and
// costs more than the VPSHLDW it leaves to ports 0 and 5 (the loop alone
// over 16 KiB of Japanese text, a throwaway benchmark: 1.57 ns a block
// with both loads, 1.37-1.47 so, 1.18-1.21 with no load at all). Through the C API (bench/compare-ab.sh, 12 runs
// in turns) the decoder to UTF-8's ratio to encoding_rs ja.txt +13%,
// zh_cn.txt +13%, ja.html +11%, zh_tw.html +10%, ko.txt +8%, th.txt +7%,
// ko.html +7%, de.html +3%; the encoder from UTF-8 +3-12%; the windows'
// validation de.html +4-5%. Validation alone in the unrolled loop
// (fastCheckTurn512), which has no stores, did not gain (ja.txt -2% to
// +1%, th.txt -3%, zh_tw.html -5% to +2%): it keeps both loads.
#define FAST_WORD_LOADS512 \
	VMOVDQU64 -2(SI)(AX*1), Z2; \
	VMOVDQU64 62(SI)(AX*1), Z18; \
	BYTES_BEFORE512(Z0, Z2, Z1); \
	BYTES_BEFORE512(Z15, Z18, Z17)

// BYTES_BEFORE512(cur, back2, back1): back1 gets the bytes one before each
// byte of the block cur, given those two before in back2: each 16-bit word
// of back1 is the high byte of back2's word and the low byte of cur's
// (VPSHLDW: the word of cur over that of back2, shifted left by a byte).
#define BYTES_BEFORE512(cur, back2, back1) \
	VPSHLDW $8, back2, cur, back1

// FAST_TABLES_PAIR512 and TWO_TABLES_PAIR512: the fast and two-byte
// checks of the pair with 128-entry tables (Zen 4), the masks of its
// blocks' errors in K2 and K3.
#define FAST_TABLES_PAIR512 \
	UTF8_FAST512(Z0, Z1, Z2, Z6, K2); \
	UTF8_FAST512(Z15, Z17, Z18, Z7, K3)

#define TWO_TABLES_PAIR512 \
	UTF8_TWO512(Z0, Z1, Z6, K2); \
	UTF8_TWO512(Z15, Z17, Z7, K3)

// UTF8_FAST_LEADS512(cur, prev1, prev2, tmp, err): sets the mask err
// where the 64-byte block cur has an error or a byte F0..FF, given the
// bytes one and two before each of its bytes: what may follow the byte
// before (utf8FastLeads) meets the kind of the byte in VPTESTMB. The
// lookup's index is the byte before less BF (saturating) minus the byte
// two back less DF (saturating: 1..20 for E0..FF, else 0). After ASCII or
// a continuation byte (0) with a lead E0..EF two back, that is 3F..30
// modulo 64 (VPERMB reads 6 bits), the entries of EF..FE: a continuation
// byte must follow. Two cases make the index wrong, neither where it
// matters: after a lead with a lead E0..EF two back, the byte before is
// an error (a lead after such a lead), seen at its own byte; and a byte
// F0..FF two back is flagged at its own byte. Either is in this pair, or
// in the pair before, which then went to the full check, as does a pair
// after one with a byte F0..FF (fullNext512). prev1, prev2 and tmp are
// scratch; Z25 holds DF in every byte.
#define UTF8_FAST_LEADS512(cur, prev1, prev2, tmp, err) \
	UTF8_FAST_INDEX512(prev1, prev2); \
	UTF8_LEADS_AT512(cur, prev1, Z21, prev2, tmp); \
	VPTESTMB   tmp, prev2, err

// UTF8_FAST_INDEX512(prev1, prev2): UTF8_FAST_LEADS512's index into
// utf8FastLeads, in prev1 (prev2 is consumed).
#define UTF8_FAST_INDEX512(prev1, prev2) \
	VPSUBUSB   Z25, prev2, prev2; \
	VPSUBUSB   Z20, prev1, prev1; \
	VPSUBB     prev2, prev1, prev1

// UTF8_LEADS512(cur, prev1, leads, after, kind): the lookups of what may
// follow the byte before, into after (leads, by that byte less BF, which
// it leaves in prev1: Z20), and of the kind of each byte, into kind (Z24,
// by its high nibble); their AND is the check.
#define UTF8_LEADS512(cur, prev1, leads, after, kind) \
	VPSUBUSB   Z20, prev1, prev1; \
	UTF8_LEADS_AT512(cur, prev1, leads, after, kind)

// UTF8_LEADS_AT512(cur, index, leads, after, kind): UTF8_LEADS512's
// lookups, given the index into leads (the fast check's also takes in
// the byte two back).
#define UTF8_LEADS_AT512(cur, index, leads, after, kind) \
	VPERMB     leads, index, after; \
	VPSRLW     $4, cur, kind; \
	VPERMB     Z24, kind, kind

// FAST_LEADS_PAIR512 and TWO_LEADS_PAIR512: the fast and two-byte checks of
// the pair for Intel cores, with the tables of Z21 and Z27 (what may follow
// the byte before) and Z24 (the kind of each byte). There VPERMI2B is three
// micro-ops, two of them on port 5, while VPERMB is one; and the check is
// bound by ports 0 and 5, which take every 512-bit operation. The byte
// before is looked up once, by its value less BF (what matters of 00..BF is
// the same for all of them, as in UTF8_FAST512), where the AVX2 kernel's
// tables take two lookups, by both its nibbles, and a shift: seven
// operations a block where that took eight (the fast check), four and a
// test where it took six (the two-byte one); each block's check ends in a
// mask, and the pair's error test is one KORTESTQ of the two
// (TEXT_ERRORS512), where a VPORQ and a VPTESTMB came before it. FF reads
// as ASCII before a byte, so F0..FF is flagged at its own byte (bit 1); the
// byte before a pair is then known not to be FF only because the pair
// before had one of these checks, or had no byte F0..FF (fullNext512), or
// was ASCII: in the forward loop only. The kernel alone on an Intel Xeon
// (BenchmarkUTF8Kernel, medians of 5 runs in turns) against the nibble
// lookups: validation ru.txt +13%, ru.html +10%, th.html +9%, ja.html +7%,
// ja.txt +7%, ko.html +7%, zh_cn +3%; validation and copy +1% (el.txt) to
// +15% (ru.txt). Then the error test on the blocks' masks: validation
// +2-5% but for zh_cn.txt (-1%). Then the byte two back in the lookup's
// index (UTF8_FAST_LEADS512), where a compare and a merging VPERMB had
// been, both port 5 (which then had ten of the pair's fifteen operations;
// now six): the kernel alone (medians of 5 runs in turns) validation
// ja.html +5%, ja.txt +7%, ko.html +5%, zh_cn.txt +10%, th.html +2%,
// validation and copy -2.5% (ja.html) to +10% (zh_cn.txt); through the C
// API (bench/compare-ab.sh, 12 and 16 runs), where the stores to the
// output bind the copy more, the decoder to UTF-8 +0-4% (ko.txt +4%,
// th.html +2%, ja.html +0.7% and 0%), ja.txt -0.1% and -3%. A constant
// for the byte two back a little off (DE, E0) flags pairs that the full
// check then takes: slower, not wrong, and no test sees it.
// Zen 4 runs VPERMI2B as one micro-op and keeps the 128-entry checks.
#define FAST_LEADS_PAIR512 \
	UTF8_FAST_LEADS512(Z0, Z1, Z2, Z4, K2); \
	UTF8_FAST_LEADS512(Z15, Z17, Z18, Z5, K3)

#define TWO_LEADS_PAIR512 \
	UTF8_LEADS512(Z0, Z1, Z27, Z1, Z4); \
	UTF8_LEADS512(Z15, Z17, Z27, Z17, Z5); \
	VPTESTMB   Z4, Z1, K2; \
	VPTESTMB   Z5, Z17, K3

// PAIR_ERRORS512(errors): jumps to errors if K2 or K3, from the checks of
// the pair's blocks (Z2 and Z18), have a bit set.
#define PAIR_ERRORS512(errors) \
	VPTESTMB Z2, Z2, K2; \
	VPTESTMB Z18, Z18, K3; \
	KORTESTQ K2, K3; \
	JNZ  errors

// PAIR512(ascii): loads the pair of blocks at p+AX into Z0 and Z15
// (PAIR_LOADS512), their greater bytes into Z16, their non-ASCII mask into
// BX, and jumps to ascii if the pair and the pair before it are ASCII
// (ASCII_PAIR512; in the loops of the fast and two-byte checks the code
// there looks at the byte before the pair); to block512 if fewer than 128
// bytes are left, whatever the loop. A shortcut that went to the check
// without this test when one of the pair's first 8 bytes was not ASCII
// bought Chinese and Japanese text 3-4% with the same page timed over and
// over; but in markup that branch goes either way at random, and where the
// branch predictor has not learnt the page (make bench, where the
// libraries take turns) it cost more: without it, on an Intel Xeon, the
// decoder's ratio to encoding_rs rose 1.43 -> 1.76 on ru.html, 1.34 ->
// 1.56 on th.html, 1.72 -> 1.75 on ja.html (median of 20 runs of compare
// -s on those rows, the builds in turns); ko.txt 2.02 -> 1.93, ja.txt 2.10
// -> 2.08.
#define PAIR512(ascii) \
	LEAQ 128(AX), DX; \
	CMPQ DX, CX; \
	JHI  block512; \
	PAIR_LOADS512; \
	ASCII_PAIR512(ascii)

// PAIR_LOADS512: the pair at p+AX into Z0 and Z15.
#define PAIR_LOADS512 \
	VMOVDQU64 (SI)(AX*1), Z0; \
	VMOVDQU64 64(SI)(AX*1), Z15

// ASCII_PAIR512(ascii): jumps to ascii if the pair in Z0 and Z15 is ASCII
// and so was the pair before (R8, its non-ASCII mask; the pair's own in
// BX, its greater bytes in Z16). A lone ASCII pair among text has the
// check of the text around it (correct for any bytes) rather than a trip
// to the ASCII loop and back, two branches that go with the markup; the
// decoders' ratio to encoding_rs on an Intel Xeon (compare -s, 16 runs in
// turns): ru.html 1.82 -> 2.01, fr.html 1.65 -> 1.89, th.html 1.47 ->
// 1.63, ja.html 1.73 -> 1.82; de.txt 1.83 -> 1.76, en.txt 1.29 -> 1.25.
#define ASCII_PAIR512(ascii) \
	VPMAXUB  Z0, Z15, Z16; \
	VPMOVB2M Z16, K1; \
	KMOVQ K1, BX; \
	MOVQ BX, DX; \
	ORQ  R8, DX; \
	JZ   ascii

// ASCII_EVERY2_PAIR512(ascii) and UNTESTED_PAIR512(ascii): the pairs of
// the Intel cores' unrolled loops (fastPair512), which test every other
// pair for ASCII, without a test of the bounds (the loop's turn has one).
// A tested pair jumps to ascii if it and the pair before are ASCII: Z16
// holds the greater bytes of the pair before, ORed with the pair's own
// (BX, their non-ASCII mask, covers both pairs, and so R8 after it: more
// than the pair's own, which only keeps more pairs from the copy without
// a check). A pair in between has no test, but its greater bytes go to
// Z16 for the next test, and BX to non-zero (R12), as if it had text.
// The unrolled loop then has five instructions fewer for every two pairs;
// an ASCII run that starts at an untested pair goes to the ASCII loop a
// pair later.
#define ASCII_EVERY2_PAIR512(ascii) \
	PAIR_LOADS512; \
	VPTERNLOGD $0xFE, Z15, Z0, Z16; \
	VPMOVB2M Z16, K1; \
	KMOVQ K1, BX; \
	TESTQ BX, BX; \
	JZ   ascii

#define UNTESTED_PAIR512(ascii) \
	PAIR_LOADS512; \
	VPMAXUB  Z0, Z15, Z16; \
	MOVQ R12, BX

// TEXT_ERRORS512(errors): jumps to errors if K2 or K3, the masks of the
// pair's errors from the fast or two-byte check (of its first and second
// block), have a bit set.
#define TEXT_ERRORS512(errors) \
	KORTESTQ K2, K3; \
	JNZ  errors

// COPY_PAIR512(copied): copies the pair (Z0, Z15) to dst+AX unless dst is
// nil, then goes on at copied. Where the output is r > 0 bytes past the
// input's 64-byte alignment both stores straddle two cache lines; the
// text loops once stored such pairs in two aligned stores instead (the
// last r bytes of the block before and the first 64-r of the pair, then
// the rest, put together by VPERMT2B, the pair's last r bytes waiting for
// the next), which won 15-18% with the kernel alone but costs three
// port-5 micro-ops a VPERMT2B on Intel cores. Through the C API, with the
// output 880 bytes past the input (make bench's decoders, r = 48), plain
// stores won on an Intel Xeon (family 6, model 207): decoder's ratio to
// encoding_rs, median of 20 runs of bench/compare-ab.sh in turns, ja.html
// +4.5%, ru.html +7%, th.html +9%, zh_cn.html +3%, de.html and ru.txt
// +1%, ja.txt -3%. The ASCII loop keeps its aligned stores
// (asciiAligned512).
#define COPY_PAIR512(copied) \
	TESTQ DI, DI; \
	JZ   copied; \
	STORE_PAIR512

// STORE_PAIR512: the stores of COPY_PAIR512, where dst is known not nil.
#define STORE_PAIR512 \
	VMOVDQU64 Z0, (DI)(AX*1); \
	VMOVDQU64 Z15, 64(DI)(AX*1)

// FAST_STEP512(pair, check, next): a pair of the loops of the fast check:
// its loads and ASCII test (pair: PAIR512, or the Intel loop's
// macros above), its check (FAST_ZEN512), and the rest
// (FAST_STEP_END512: STEP_END512, then R9's decrement, whose flags it
// leaves: pairs left for the fast check). TWO_STEP512(check, tables,
// checked, next): a pair of the two-byte check's loop, with labels of its
// own: the check after the ASCII test (check), Zen 4's tables (tables,
// whose code goes back to checked), and the code after the stores (next);
// it halves R10 after the step. STEP_END512(errors, next): the end the
// steps share: the error test (to errors), the pair's non-ASCII mask to
// R8, the stores, and the step, next labelling the code after the
// stores.
// On Intel cores the loops take four and two pairs a turn, the checks in
// line: a turn then has one taken jump, and the Xeon (family 6, model
// 207) ran the kernel through the C API faster with it: bench/compare-ab.sh,
// 20 runs in turns against one pair a turn with the checks out of line,
// the decoders' ratio to encoding_rs ja.txt +19%, th.html +21%, ko.html
// +9%, el.txt +9%, ru.txt +9%, ru.html +7.5%, de.html +7%, ja.html +6%,
// zh_cn.html +5%, en.html +2%, en.txt -2%. The checks in line alone had
// measured -7% to +2%; four pairs a turn in the two-byte loop too: fr.html
// -8%, ru.txt -3.5%, el.txt -1.5% against two.
#define FAST_STEP512(pair, check, next) \
	pair(fastASCII512); \
	check; \
	FAST_STEP_END512(next)

#define FAST_STEP_END512(next) \
	STEP_END512(fastFlagged512, next); \
	DECQ R9

// INTEL_STEP512(pair, loads, store): a pair of the Intel cores' turn of
// four: its loads and ASCII test (pair), the loads of the bytes before
// (loads), its check in line, the error test, and its stores (store:
// STORE_PAIR512, or NO_STORE512 in the turn for a nil dst). The turn
// counts its pairs off R9 once, and has one loop for each kind of dst: a
// pair then has two branches fewer.
#define INTEL_STEP512(pair, loads, store) \
	pair(fastASCII512); \
	loads; \
	FAST_LEADS_PAIR512; \
	TEXT_ERRORS512(fastFlagged512); \
	MOVQ BX, R8; \
	store; \
	ADDQ $128, AX

#define NO_STORE512

// INTEL_TURN512(turn, loads, store): the Intel cores' turn of four pairs
// at the label turn, with the loads and stores of loads and store
// (INTEL_STEP512), while 512 bytes are left and R9 has pairs left for the
// fast check. The turn starts at a 64-byte boundary of the code, so that
// changes elsewhere in the kernel do not move it (see utf8WindowsAVX512's
// loops).
#define INTEL_TURN512(turn, loads, store) \
	PCALIGN $64; \
turn: \
	LEAQ 512(AX), DX; \
	CMPQ DX, CX; \
	JHI  fastOne512; \
	INTEL_STEP512(ASCII_EVERY2_PAIR512, loads, store); \
	INTEL_STEP512(UNTESTED_PAIR512, loads, store); \
	INTEL_STEP512(ASCII_EVERY2_PAIR512, loads, store); \
	INTEL_STEP512(UNTESTED_PAIR512, loads, store); \
	SUBQ $4, R9; \
	JGE  turn; \
	JMP  tryTwo512

#define TWO_STEP512(check, tables, checked, next) \
	PAIR512(twoASCII512); \
check: \
	TWO_CHECK_PAIR512(tables); \
checked: \
	STEP_END512(twoFlagged512, next); \
	SHRQ $1, R10

#define STEP_END512(errors, next) \
	TEXT_ERRORS512(errors); \
	MOVQ BX, R8; \
	COPY_PAIR512(next); \
next: \
	ADDQ $128, AX

// FAST_ZEN512: the fast check of a step, with the loads it needs, for
// Zen 4's loop.
#define FAST_ZEN512 FAST_LOADS512; FAST_TABLES_PAIR512

// func utf8ValidBlocksAVX512(dst, p *byte, n int) int
// utf8ValidBlocksAVX2 with AVX-512 (F, BW, VBMI): 64-byte blocks, taken
// two at a time while 128 bytes are left (as in the AVX2 loop, a pair
// shares the ASCII test, the error test and the loop's bookkeeping: ja.txt
// and ru.txt +5-10% over one block a step). The bytes before each byte
// come from loads at p-1, p-2 (and p-3) rather than shuffles (the AVX2
// loop's VPERM2I128 and VPALIGNRs took four of its seven shuffles). A pair
// has the fast check (UTF8_FAST512), which does not look three bytes back
// and so cannot follow a four-byte sequence: a pair in which it sees an
// error or a byte F0..FF has the full check (UTF8_CHECK512), and so do the
// pairs after it while they have such a byte. On text without four-byte
// sequences (most text, and all of the corpus) the kernel alone runs
// +20-25% on ja.html, ru.html, zh_cn.html, ko.html, ja.txt and ru.txt
// (64 KiB calls, against the full check on every pair); on text with an
// emoji every 100 or every 12 bytes, -6%. Text in one- and two-byte
// sequences (Latin, Greek, Cyrillic, Hebrew, Arabic) has the two-byte check
// (UTF8_TWO512), which looks one byte back only: a pair with a byte E0..FF
// has the fast check instead, and so do a number of pairs after it that
// grows while such pairs come one after another (twoFlagged512); the
// kernel alone, against memmove: el.txt, de-edit.txt, pt.txt +27-30%, ru.txt
// +12%, the median page 0.66x -> 0.76x. The first block starts at p,
// the others at 64-byte boundaries of the input (from the first at least
// 3 bytes in; a block at 3 takes the bytes up to it where the first is 1
// or 2 bytes in), the last ends at n; they overlap where they must.
// Where dst is less than 2 KiB past p modulo 4 KiB the pairs go from the
// end backward (backward512), except on Intel cores (utf8Backward).
// Returns how many leading bytes it sees no error in (n, a multiple of 64
// or the end of a block), copied to dst unless dst is nil; past them
// dst[:n] may hold scratch.
TEXT ·utf8ValidBlocksAVX512(SB), NOSPLIT, $128-32
	MOVQ dst+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ n+16(FP), CX
	XORQ AX, AX                       // offset of the block
	VBROADCASTI32X4 utf8ByteOneHigh<>(SB), Z9
	VBROADCASTI32X4 utf8ByteOneLow<>(SB), Z10
	VBROADCASTI32X4 utf8ByteTwoHigh<>(SB), Z11
	VBROADCASTI32X4 utf8Third<>(SB), Z12
	VBROADCASTI32X4 utf8Fourth<>(SB), Z13
	VBROADCASTI32X4 utf8Bit7<>(SB), Z14
	CMPB ·utf8PermbChecks(SB), $0
	JEQ  zenTables512
	VBROADCASTI32X4 utf8BelowLeads<>(SB), Z20 // the Intel cores' checks' tables
	VMOVDQU64 utf8FastLeads<>(SB), Z21
	VBROADCASTI32X4 utf8LeadsKind<>(SB), Z24
	VMOVDQU64 utf8TwoLeads<>(SB), Z27
	MOVL $0xDF, DX
	VPBROADCASTB DX, Z25
	JMP  tables512
zenTables512:
	MOVL $0x3F, DX
	VPBROADCASTB DX, Z20
	VMOVDQU64 utf8FastAfter<>(SB), Z21
	MOVL $0x40, DX
	VPBROADCASTB DX, Z23
	VMOVDQU64 utf8FastKind<>(SB), Z24
	VMOVDQU64 utf8TwoAfter<>(SB), Z27
	MOVL $0x01, DX
	VPBROADCASTB DX, Z25
tables512:
	MOVL $0xE0, DX
	VPBROADCASTB DX, Z28
	XORQ R9, R9                       // pairs left for the fast check before the two-byte one
	XORQ R10, R10                     // how many the next pair with a byte E0..FF sets
	MOVQ $0x8080808080808080, R12
	MOVL $0xF0, DX
	VPBROADCASTB DX, Z26
	CMPQ CX, $64
	JLT  done512
	// The first block: nothing before p may be read, so the bytes before
	// it are zero (as ASCII would be).
	VMOVDQU64 (SI), Z0
	VPMOVB2M Z0, K1
	KMOVQ K1, BX
	TESTQ BX, BX
	JZ   firstCopy512
	MOVQ SI, DX
	ANDQ $4095, DX
	CMPQ DX, $3
	JLT  firstOnStack
	// Masked loads that leave the bytes before p zero: they stay in p's
	// page, so they cannot fault.
	MOVQ $-2, DX
	KMOVQ DX, K3
	VMOVDQU8.Z -1(SI), K3, Z1
	SHLQ $1, DX
	KMOVQ DX, K3
	VMOVDQU8.Z -2(SI), K3, Z2
	SHLQ $1, DX
	KMOVQ DX, K3
	VMOVDQU8.Z -3(SI), K3, Z3
	JMP  firstCheck512
firstOnStack:
	// p is less than 3 bytes into its page. A masked load whose masked-off
	// bytes lie in the page before takes a slow path (on Zen 4, ~450 ns a
	// call when that page is not mapped in: an mmap'd file, a fresh
	// allocation); the block goes through the stack instead, zeros before.
	VPXORQ Z1, Z1, Z1
	VMOVDQU64 Z1, 0(SP)
	VMOVDQU64 Z0, 64(SP)
	VMOVDQU64 63(SP), Z1
	VMOVDQU64 62(SP), Z2
	VMOVDQU64 61(SP), Z3
firstCheck512:
	UTF8_CHECK512(Z0, Z1, Z2, Z3)
	VPTESTMB Z2, Z2, K2
	KORTESTQ K2, K2
	JNZ  done512
firstCopy512:
	TESTQ DI, DI
	JZ   firstCopied512
	VMOVDQU64 Z0, (DI)
firstCopied512:
	MOVQ BX, R8                       // non-ASCII mask of the block before
	// The blocks after the first start at 64-byte boundaries of the input,
	// the first of them overlapping this one: a block that straddles two
	// cache lines costs a load more (input 16 bytes past a boundary, 64 KiB
	// calls: ja.html, ru.html, ja.txt +5-10%).
	MOVL SI, AX
	ANDL $63, AX
	NEGQ AX
	ADDQ $64, AX
	CMPQ AX, $3
	JGE  firstPair512
	// The boundary is 1 or 2 bytes in, too few for the bytes before a
	// block there to be loaded from p: a block at 3, with the full check,
	// takes the bytes up to the boundary after it, from which the blocks
	// go on (they went on from 64, every load straddling two cache lines:
	// the kernel alone from such a start, test binaries in turns, ja.txt
	// +5.5-8%, ru.txt +11% since). An error there can only be in its last
	// 3 bytes (p[:64] has none): the kernel vouches for 64. With fewer
	// than 67 bytes there is no such block, nor one after the first
	// (tail512).
	CMPQ CX, $67
	JLT  firstNoNear512
	MOVL $3, DX
	VMOVDQU64 3(SI), Z0
	VPMOVB2M Z0, K1
	KMOVQ K1, R8
	UTF8_BLOCK512(DX)
	KORTESTQ K2, K2
	JZ   firstNear512
	MOVQ $64, AX
	JMP  done512
firstNear512:
	ADDQ $64, AX                      // the boundary after the block at 3
	TESTQ DI, DI
	JZ   firstPair512
	VMOVDQU64 Z0, 3(DI)
	JMP  firstPair512
firstNoNear512:
	MOVQ $64, AX
firstPair512:
	// The blocks from here on start at AX (mod 64): r, the output's offset
	// from their alignment, sets R13 (R13+AX aligned) and the indices of
	// the aligned stores of the ASCII loop and the backward loop.
	MOVQ DI, R13
	TESTQ DI, DI
	JZ   fullPair512
	LEAQ (DI)(AX*1), DX
	ANDQ $63, DX
	SUBQ DX, R13
	MOVL $64, BX
	SUBL DX, BX
	VPBROADCASTB BX, Z29
	VPADDB   ·utf8Positions(SB), Z29, Z29 // 64-r+i: the indices (utf8to16_amd64.s's 0..63)
	MOVQ DI, DX
	SUBQ SI, DX
	ANDQ $4095, DX
	CMPQ DX, $2048
	JAE  fullPair512
	CMPQ CX, $256
	JB   fullPair512
	CMPB ·utf8Backward(SB), $0
	JNE  backward512                  // the output less than 2 KiB past the input modulo 4 KiB
	// The first pair has the full check: the first block may end in a
	// byte F0..FF that the fast check would not see.
fullPair512:
	PAIR512(copyPair512)
fullCheck512:
	FULL_CHECK_PAIR512
	PAIR_ERRORS512(pairError512)
	MOVQ BX, R8                       // non-zero if either block is not ASCII
	COPY_PAIR512(fullNext512)
fullNext512:
	ADDQ $128, AX
	// The next pair has the full check too while a pair has a byte F0..FF:
	// one among its last three bytes is before a byte of the next pair,
	// and where there is one there are often more. Text with an emoji
	// every 100 bytes, against the full check on every pair: 0.67x when
	// each pair had the fast check, then the full one; 0.76x with this
	// test on the second block only; 0.94x so.
	VPCMPUB  $5, Z26, Z16, K1         // not less than F0 (Z16: the pair's greater bytes)
	KORTESTQ K1, K1
	JNZ  fullPair512
fastPair512:
	// Intel cores: four pairs a turn while 512 bytes are left, one test
	// of the bounds and of the core a turn, the ASCII test on every other
	// pair; else one pair a turn (fastOne512). Zen 4: one pair a turn, its
	// tables in line (fastZen512). The Xeon, bench/compare-ab.sh against
	// those tests on every pair, decoder to UTF-8's ratio to encoding_rs
	// (runs in turns): ja.html +8.5%, +6% and +4% (24, 20 and 32 runs),
	// ja.txt +14%, +10% and +5%, ru.txt +7% and +4%; geometric mean over
	// 12 pages +3.6% (20 runs), to UTF-16 -1.2% (ja.txt -7% to +7%, de.html
	// -6%), the UTF-8 copy +0.2%. The same in the two-byte loop as well
	// (two pairs a turn) did no better: geometric means +1.6% to UTF-8,
	// +2.4% to UTF-16. A loop for each kind of dst, and R9 counted once a
	// turn (INTEL_STEP512): seven branches fewer a turn; the kernel alone
	// +1-4% on CJK and Thai validation, compare-ab.sh (12 and 16 runs)
	// ja.html -1.4% and +1.8%, ja.txt -0.6% and +3.5%, ko.html +3%.
	CMPB ·utf8PermbChecks(SB), $0
	JEQ  fastZen512
	TESTQ DI, DI
	JZ   fastCheckTurn512
	INTEL_TURN512(fastCopyTurn512, FAST_WORD_LOADS512, STORE_PAIR512)
	INTEL_TURN512(fastCheckTurn512, FAST_LOADS512, NO_STORE512)
fastZen512:
	FAST_STEP512(PAIR512, FAST_ZEN512, fastNextZen512)
	JGE  fastZen512
	JMP  tryTwo512
fastOne512:
	// One pair with its own test of the bounds: Intel cores' last pairs,
	// and (at fastCheck512) a pair that another loop sends to the fast
	// check, on either core.
	PAIR512(fastASCII512)
fastCheck512:
	FAST_CHECK_PAIR512(fastTables512)
fastChecked512:
	FAST_STEP_END512(fastNext512)
	JGE  fastPair512
tryTwo512:
	// The two-byte check does not look two bytes back: not after a byte
	// E0..FF two before the pair (a third byte is needed at its start).
	MOVBLZX -2(SI)(AX*1), DX
	CMPL DX, $0xE0
	JAE  fastPair512
twoTrial512:
	// The first pair after others had the fast check: with a byte E0..FF
	// (in Chinese or Japanese text, most pairs) it has the fast check
	// without trying the two-byte one first.
	PAIR512(twoASCII512)
	VPCMPUB  $5, Z28, Z16, K4         // not less than E0
	KORTESTQ K4, K4
	JNZ  twoFlagged512
	JMP  twoCheck512
twoPair512:
	TWO_STEP512(twoCheck512, twoTables512, twoChecked512, twoNext512)
	TWO_STEP512(twoCheckB512, twoTablesB512, twoCheckedB512, twoNextB512)
	JMP  twoPair512
twoFlagged512:
	// The pair has the fast check, and so do the next R10 pairs. R10
	// doubles (plus one, up to 64) at each such pair and halves at each
	// pair that passes the two-byte check: Russian with a dash now and then
	// goes back to the two-byte check at the next pair, Chinese or Japanese
	// text tries it once in 65 pairs, Turkish with a three-byte character
	// in every other pair in between.
	FAST_AFTER_TWO(R9, R10)
	JMP  fastCheck512
fastTables512:
	FAST_TABLES_PAIR512
	JMP  fastChecked512
twoTables512:
	TWO_TABLES_PAIR512
	JMP  twoChecked512
twoTablesB512:
	TWO_TABLES_PAIR512
	JMP  twoCheckedB512
fastFlagged512:
	VPMAXUB  Z0, Z15, Z16             // for fullNext512's test
	JMP  fullCheck512
fastASCII512:
	// An ASCII pair after text goes to the ASCII loop if the byte before
	// it is ASCII too: no sequence runs into it (one that ends early in
	// the pair before is its check's error). PAIR512 asks the whole pair
	// before to be ASCII, which in markup kept the pair after each run of
	// text in the loop of the checks: ko.html, vi.html, th.html +7-8%.
	// Else the pair has the check of the loop it came from.
	AFTER_TEXT(fastCheck512, copyPair512)
twoASCII512:
	AFTER_TEXT(twoCheck512, copyPair512)
pairError512:
	// The first block of the pair may still be clean.
	KORTESTQ K2, K2
	JNZ  done512
	TESTQ DI, DI
	JZ   firstClean512
	VMOVDQU64 Z0, (DI)(AX*1)
firstClean512:
	ADDQ $64, AX
	JMP  done512
copyPair512:
	COPY_PAIR512(pairCopied512)
pairCopied512:
	ADDQ $128, AX
	VMOVDQA64 Z15, Z30                // the block before, for the ASCII loop
	JMP  ascii512
block512:
	// Fewer than 128 bytes left: one more block if 64 are.
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  tail512
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KMOVQ K1, BX
	MOVQ BX, DX
	ORQ  R8, DX
	JZ   copyBlock512                 // this block and the one before are ASCII
	UTF8_BLOCK512(AX)
	KORTESTQ K2, K2
	JNZ  done512
	MOVQ BX, R8
	TESTQ DI, DI
	JZ   nextBlock512
	VMOVDQU64 Z0, (DI)(AX*1)
nextBlock512:
	ADDQ $64, AX
	JMP  tail512                      // fewer than 64 bytes left
copyBlock512:
	TESTQ DI, DI
	JZ   blockCopied512
	VMOVDQU64 Z0, (DI)(AX*1)
blockCopied512:
	ADDQ $64, AX
	VMOVDQA64 Z0, Z30
ascii512:
	// Text in a Latin script, or markup: while it stays ASCII, 64 bytes a
	// step; the first other block goes back to the pairs, with an ASCII
	// block before it. Where the output is r > 0 bytes past the input's
	// alignment, each block goes out in one aligned store (the last r
	// bytes of the block before, from Z30, and the first 64-r of this one,
	// put together by VPERMT2B with the indices in Z29), not two YMM
	// stores of which one straddles two lines: on an Intel Xeon, every
	// page through the C API with r = 48 (bench/streamab-ab.sh, the output
	// 2820 bytes past the input modulo 4 KiB), en.html and en.txt +15%,
	// de.html, fr.html, th.html, zh_cn.html +4-6%, the other pages within
	// 1%.
	TESTQ DI, DI
	JZ   asciiNoDst512
	CMPQ R13, DI
	JEQ  asciiLoop512                 // (Z30: the block before, stored already)
asciiAligned512:
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  asciiAlignedLast512
	VMOVDQU64 (SI)(AX*1), Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ  asciiAlignedEnd512
	VMOVDQA64 Z30, Z31
	VPERMT2B  Z0, Z29, Z31
	VMOVDQU64 Z31, (R13)(AX*1)
	VMOVDQA64 Z0, Z30
	ADDQ $64, AX
	JMP  asciiAligned512
asciiAlignedLast512:
	VMOVDQU64 Z30, -64(DI)(AX*1)      // the bytes that wait, as below
	JMP  block512
asciiAlignedEnd512:
	// The last r bytes of the block before (Z30) wait: its store, which
	// the pairs' own stores then overlap.
	VMOVDQU64 Z30, -64(DI)(AX*1)
	XORQ R8, R8
	TESTQ R9, R9
	JG   fastPair512
	JMP  twoTrial512
asciiNoDst512:
	// (A short jump from ascii512, so that asciiAligned512 keeps its
	// place: moved by 4 bytes, the decoder to UTF-8 lost 4-9% on pt.html,
	// bench/compare-ab.sh; the code from here on can move. A bare JMP
	// here, the assembler would make ascii512's jump go to its target.)
	TESTQ DI, DI
	JZ   asciiCheck512
asciiLoop512:
	// (YMM loads and stores: with ZMM ones, a copy whose output sits a
	// little past its input modulo 4 KiB ran at half speed.)
	LEAQ 64(AX), DX
	CMPQ DX, CX
	JHI  tail512
	VMOVDQU (SI)(AX*1), Y0
	VMOVDQU 32(SI)(AX*1), Y1
	VPOR Y0, Y1, Y2
	VPMOVMSKB Y2, DX
	TESTL DX, DX
	JNZ  asciiEnd512
	TESTQ DI, DI
	JZ   asciiCopied512
	VMOVDQU Y0, (DI)(AX*1)
	VMOVDQU Y1, 32(DI)(AX*1)
asciiCopied512:
	ADDQ $64, AX
	JMP  asciiLoop512
asciiEnd512:
	XORQ R8, R8                       // after ASCII, nothing E0..FF before
	TESTQ R9, R9
	JG   fastPair512
	JMP  twoTrial512
tail512:
	// Fewer than 64 bytes left: the block that ends at n, overlapping
	// those before it (the scalar loop would take a byte at a time), if
	// the three bytes before it are p's.
	CMPQ AX, CX
	JEQ  done512
	CMPQ CX, $67
	JGE  tailBlock512
	MOVQ $64, AX                      // no block after the first
	JMP  done512
tailBlock512:
	LEAQ -64(CX), DX
	VMOVDQU64 (SI)(DX*1), Z0
	UTF8_BLOCK512(DX)
	KORTESTQ K2, K2
	JNZ  done512
	TESTQ DI, DI
	JZ   tailCopied512
	VMOVDQU64 Z0, (DI)(DX*1)
tailCopied512:
	MOVQ CX, AX
done512:
	VZEROUPPER
	MOVQ AX, ret+24(FP)
	RET

backward512:
	// The output starts less than 2 KiB after the input modulo 4 KiB.
	// Going forward, the loads of a pair would then follow stores still in
	// flight to addresses with the same low 12 bits, which the core takes
	// for a dependence and waits on: the kernel alone, 60 KB of a page with
	// the output d bytes past the input modulo 4 KiB (after a memmove
	// between the same buffers), ran de.txt, ru.txt at 31-38 GB/s for d
	// below ~1 KiB against 49-51 above, ja.txt 22-34 against 42, and which
	// d paid depended on what ran before (a copy loop alone loses 10-20%
	// at d = 64-256; memmove, which copies backward there, nothing). The
	// pairs go backward instead, which pays the same way for d just below
	// 4 KiB and nowhere below 3 KiB: de.txt 48.6-49.4, ru.txt 47.9-48.8,
	// ja.txt 38.4-40.2, ja.html 41.2-42.4 at every d up to 3 KiB. From the
	// pair that ends at n down to AX (R11) each pair's check needs only its
	// own bytes and the three before it (which choose it: F0..FF among them
	// asks for the full check, E0..FF two before for the fast one). At an
	// error the forward loop starts again at R11 and finds the first one
	// (what the pairs above it stored is scratch past the prefix). Not on
	// Intel cores (utf8Backward, utf8_amd64.go): there the forward loop was
	// as fast or faster at every such distance measured.
	MOVQ AX, R11
	MOVQ CX, R14
	SUBQ AX, R14
	SUBQ $128, R14
	ANDQ $-128, R14
	ADDQ AX, R14                      // the last pair at a 64-byte boundary
	LEAQ -128(CX), AX                 // the pair that ends at n
	MOVQ $-2, R8                      // the first two pairs have plain stores (backAligned512)
	CMPQ AX, R14
	JNE  backPair512
	SUBQ $128, R14
	PCALIGN $64
backPair512:
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z15
	MOVL -3(SI)(AX*1), BX             // the three bytes before the pair, then its first
	TESTQ R12, (SI)(AX*1)
	JNZ  backText512
	VPMAXUB  Z0, Z15, Z16
	VPMOVB2M Z16, K1
	KORTESTQ K1, K1
	JNZ  backText512
	TESTL $0x800000, BX
	JNZ  backText512                  // a sequence may run into the pair
	CMPQ R13, DI
	JNE  backAligned512
	PCALIGN $64
backTextStore512:
	// A pair with text (or ASCII where r = 0): plain stores, which cost
	// its checks less than VPERMT2B's port-5 micro-ops; first the bytes
	// that wait from an ASCII pair above, if any.
	TESTQ R8, R8
	JNZ  backFlush512
backPlain512:
	VMOVDQU64 Z0, (DI)(AX*1)
	VMOVDQU64 Z15, 64(DI)(AX*1)
	VMOVDQA64 Z0, Z30
backNext512:
	MOVQ R14, AX
	SUBQ $128, R14
	CMPQ AX, R11
	JGE  backPair512
	VMOVDQU64 Z30, (DI)(R11*1)        // the lowest pair's first block
	MOVQ CX, AX
	JMP  done512
backFlush512:
	JS   backFirst512
	CMPQ R8, $1
	JNE  backFlushed512               // R8 = 2: nothing waits
	VMOVDQU64 Z30, 128(DI)(AX*1)
backFlushed512:
	XORQ R8, R8
	JMP  backPlain512
backFirst512:
	INCQ R8
	JMP  backPlain512
backAligned512:
	// An ASCII pair where the output is r > 0 bytes past the input's
	// alignment: two aligned stores (the ASCII loop's, downward), the
	// line that ends with the first 64-r bytes of the pair above (Z30),
	// and the one inside the pair; this pair's first 64-r bytes wait in
	// Z30 (R8 = 1). Stores that straddle two lines cost ASCII pairs about
	// half their speed: measured on an Intel Xeon before Intel cores went
	// forward (bench/streamab-ab.sh, the output 208 bytes past the input
	// modulo 4 KiB, r = 16), against plain stores: en.html, en.txt
	// +61-65%, zh_cn.html +16%, th.html +10%, 33 pages +7%; not measured on
	// Zen 4, which runs this loop. Text pairs keep plain stores: VPERMT2B's
	// port-5 micro-ops cost their checks more (ru.html -10% with both
	// aligned, the kernel alone). Not for the two pairs at the top
	// (R8 < 0): the line after the one below the pair that ends at n may
	// reach past n.
	TESTQ R8, R8
	JS   backTextStore512
	JZ   backASCIIAfterText512
	VMOVDQA64 Z15, Z31
	VPERMT2B  Z30, Z29, Z31
	VMOVDQU64 Z31, 128(R13)(AX*1)
	VMOVDQA64 Z0, Z31
	VPERMT2B  Z15, Z29, Z31
	VMOVDQU64 Z31, 64(R13)(AX*1)
	VMOVDQA64 Z0, Z30
	MOVL $1, R8
	JMP  backNext512
backASCIIAfterText512:
	// An ASCII pair below a pair with text: plain stores (R8 = 2), which
	// cost a lone ASCII pair among text less than two VPERMT2Bs and the
	// store of the bytes that would wait (make bench's ru.html decoder row
	// on the Xeon, compare in turns: 1.43x encoding_rs with every ASCII
	// pair aligned, 1.50x so).
	MOVL $2, R8
	JMP  backPlain512
	PCALIGN $64
backText512:
	MOVL BX, DX
	ANDL $0xF0F0F0, DX
	ADDL $0x101010, DX
	TESTL $0x1010100, DX
	JNZ  backFull512                  // F0..FF among the three before: the fast check would not see its fourth byte
	DECQ R9
	JGE  backFast512
	MOVL BX, DX
	ANDL $0xE000, DX
	CMPL DX, $0xE000
	JEQ  backFast512                  // E0..FF two before: the two-byte check would not see its third byte
	BACK_TWO_CHECK_PAIR512(backTwoPermb512)
backTwoChecked512:
	TEXT_ERRORS512(backTwoFlagged512)
	SHRQ $1, R10
	JMP  backTextStore512
backTwoFlagged512:
	// As at twoFlagged512: the next R10 pairs with text go to the fast
	// check without trying the two-byte one.
	FAST_AFTER_TWO(R9, R10)
backFast512:
	BACK_FAST_CHECK_PAIR512(backFastPermb512)
backFastChecked512:
	KORTESTQ K2, K3
	JZ   backTextStore512
backFull512:
	FULL_CHECK_PAIR512
	VPTESTMB Z2, Z2, K2
	VPTESTMB Z18, Z18, K3
	KORTESTQ K2, K3
	JZ   backTextStore512
	MOVQ R11, AX                      // an error: forward from R11
	MOVQ $-1, R8                      // (the block before: not known ASCII)
	XORQ R9, R9
	XORQ R10, R10
	JMP  fullPair512
	PCALIGN $64
backTwoPermb512:
	TWO_LEADS_PAIR512
	JMP  backTwoChecked512
	PCALIGN $64
backFastPermb512:
	FAST_LEADS_PAIR512
	JMP  backFastChecked512
asciiCheck512:
	// The ASCII loop without a dst: four blocks a step while 256 bytes
	// are left; a step with a byte of the upper half leaves its blocks to
	// asciiLoop512, which finds the first one that has it. Validation
	// alone (the decoder to UTF-16's first pass), BenchmarkUTF8Kernel,
	// medians of 5 runs in turns: en.txt 67 -> 102 GB/s, en.html +28%,
	// de.html +13%, other pages within 1%.
	LEAQ 256(AX), DX
	CMPQ DX, CX
	JHI  asciiLoop512
	VMOVDQU64 (SI)(AX*1), Z0
	VMOVDQU64 64(SI)(AX*1), Z1
	VMOVDQU64 128(SI)(AX*1), Z2
	VPTERNLOGD $0xFE, 192(SI)(AX*1), Z2, Z1
	VPTERNLOGD $0xFE, Z1, Z0, Z0
	VPMOVB2M Z0, K1
	KORTESTQ K1, K1
	JNZ  asciiLoop512
	ADDQ $256, AX
	JMP  asciiCheck512

// 0xFF in every byte but the last three: subtracted (saturating) from the
// 64 bytes before an ASCII block, what is left is non-zero where a
// sequence that starts in the last three is unfinished there (F0..FF
// three before the end, E0..FF two before, C0..FF last).
DATA utf8Unfinished<>+0(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+8(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+16(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+24(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+32(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+40(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+48(SB)/8, $0xffffffffffffffff
DATA utf8Unfinished<>+56(SB)/8, $0xbfdfefffffffffff
GLOBL utf8Unfinished<>(SB), RODATA|NOPTR, $64

// SCAN8: eight blocks of a window's scan, from offset DX+448 of BX down
// to DX, each shifted into R8 as 1 if ASCII (KORTESTQ sets the carry
// where VPTESTNMB finds bit 7 clear in all 64 bytes).
#define SCAN8 \
	SCAN(448); \
	SCAN(384); \
	SCAN(320); \
	SCAN(256); \
	SCAN(192); \
	SCAN(128); \
	SCAN(64); \
	SCAN(0)

#define SCAN(off) \
	VPTESTNMB off(BX)(DX*1), Z26, K1; \
	KORTESTQ K1, K1; \
	ADCQ R8, R8

// func utf8WindowsAVX512(p *byte, from, n int) (stop int, text bool)
// Validates p[from:n] a window of 64 blocks (4 KiB) at a time, given that
// p[:from] has no error (from >= 64), and returns where it stopped: n
// less than a window; the start of a window in which the check sees an
// error or a byte F0..FF (which it does not follow: utf8ValidInWindows
// gives that window to utf8ValidBlocksAVX512); or, with text set, the end of a
// window less than half of whose blocks are ASCII. In markup, blocks of
// text and of ASCII take turns every two or three blocks (ja.html),
// every four or five (de.html): a loop that branches on each block's kind
// mispredicts at most turns, and one that checks every block checks
// ASCII it could skip (the text loops of utf8ValidBlocksAVX512 test every
// other pair). Here a scan of the window first finds its blocks of text
// (two operations a block, no branch on the bytes), then a loop over them
// has the fast check of the Intel cores (UTF8_FAST_LEADS512, its errors
// ORed into Z3), and a loop over the ASCII blocks that follow text looks
// at the three bytes before each: an ASCII block is valid unless a
// sequence before it is unfinished. Each loop's branch goes with the
// window, not the bytes. Where text fills most blocks, the scan costs
// more than it saves: utf8ValidInWindows may hand over (text set).
TEXT ·utf8WindowsAVX512(SB), NOSPLIT, $0-33
	MOVQ p+0(FP), SI
	MOVQ from+8(FP), AX
	MOVQ n+16(FP), CX
	MOVB $0, text+32(FP)
	VBROADCASTI32X4 utf8BelowLeads<>(SB), Z20
	VMOVDQU64 utf8FastLeads<>(SB), Z21
	VBROADCASTI32X4 utf8LeadsKind<>(SB), Z24
	MOVL $0xDF, DX
	VPBROADCASTB DX, Z25
	VBROADCASTI32X4 utf8Bit7<>(SB), Z26
	VMOVDQU64 utf8Unfinished<>(SB), Z27
window:
	LEAQ 4096(AX), DX
	CMPQ DX, CX
	JHI  windowsDone
	LEAQ (SI)(AX*1), BX
	XORL R8, R8                       // bit j: block j is ASCII
	MOVQ $3584, DX                    // the last eight blocks first: block 0 ends in bit 0
	PCALIGN $64
scan:
	SCAN8
	SUBQ $512, DX
	JGE  scan
	MOVQ R8, R10
	NOTQ R10                          // blocks of text
	LEAQ 1(R10)(R10*1), R11
	ANDQ R8, R11                      // ASCII blocks after text (or first, after the bytes before the window)
	VPXORQ Z3, Z3, Z3
	TESTQ R10, R10
	JZ   unfinished
	PCALIGN $64
checkText:
	TZCNTQ R10, DX
	SHLQ $6, DX
	VMOVDQU64 (BX)(DX*1), Z0
	VMOVDQU64 -2(BX)(DX*1), Z2
	BYTES_BEFORE512(Z0, Z2, Z1)
	UTF8_FAST_INDEX512(Z1, Z2)
	UTF8_LEADS_AT512(Z0, Z1, Z21, Z2, Z4)
	VPTERNLOGD $0xF8, Z4, Z2, Z3      // Z3 |= what may follow & the kind of byte (UTF8_FAST_LEADS512's test)
	BLSRQ R10, R10
	JNZ  checkText
unfinished:
	TESTQ R11, R11
	JZ   checked
	PCALIGN $64
checkUnfinished:
	TZCNTQ R11, DX
	SHLQ $6, DX
	VMOVDQU64 -64(BX)(DX*1), Z5
	VPSUBUSB Z27, Z5, Z5
	VPORQ    Z5, Z3, Z3
	BLSRQ R11, R11
	JNZ  checkUnfinished
checked:
	VPTESTMB Z3, Z3, K1
	KORTESTQ K1, K1
	JNZ  windowsDone
	ADDQ $4096, AX
	POPCNTQ R8, DX
	CMPQ DX, $32
	JAE  window
	MOVB $1, text+32(FP)
windowsDone:
	VZEROUPPER
	MOVQ AX, stop+24(FP)
	RET

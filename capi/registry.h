// Internal to libwhatenc: what the C wrappers (wrappers.c, smallcall.h)
// and the Go side (handles.go, tables.go) share about handles and tables,
// so that a wrapper can answer the calls that need no conversion without
// entering Go. Not installed.

#ifndef WHATENC_REGISTRY_H
#define WHATENC_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

#define WHATENCGO_MAX_SLABS 32

// The slabs that handles are carved from (handles.go): written by Go under
// its lock, n published last (release) and read first (acquire); a slab is
// never moved or freed.
struct whatencgo_registry {
    int n;                // slabs published
    unsigned slot_size;   // bytes per slot, a handle's alignment in its slab
    void *base[WHATENCGO_MAX_SLABS];
    size_t bytes[WHATENCGO_MAX_SLABS];
};

extern struct whatencgo_registry whatencgo_slabs;

// The start of every slot: its tag (the kind of a live handle) and its
// calls word, kept up to date by Go after each call (capi/handles.go,
// setDecoderCalls and setEncoderCalls): which next calls the wrappers may
// answer (WHATENCGO_*_PASSES: ASCII input the state passes through
// unchanged, the codec's ASCII shortcut, Decoder.PassesASCII and
// Encoder.PassesASCII; for a UTF-8 decoder valid UTF-8, for a UTF-16
// decoder valid UTF-16, Decoder.PassesUTF16; ISO-2022-JP at rest in its
// ASCII state), an encoder that writes UTF-8 (WHATENCGO_UTF8_OUTPUT), and
// the error mode the answers follow (WHATENCGO_HTML_MODE,
// WHATENCGO_REPLACE_MODE).
struct whatencgo_slot_head {
    uint32_t tag;
    uint32_t calls;
    // For a decoder whose encoding maps every byte on its own (single-byte
    // encodings, x-user-defined), while its calls word has
    // WHATENCGO_ASCII_PASSES: what each byte decodes to; NULL otherwise.
    const struct whatencgo_byte_table *bytes;
    // For a double-byte decoder (gb18030, GBK, Big5, EUC-JP, Shift_JIS,
    // EUC-KR), while its calls word has WHATENCGO_ASCII_PASSES (between
    // characters): what each pair of bytes decodes to (and for gb18030 and
    // GBK, each four-byte sequence); for an ISO-2022-JP decoder while it
    // has WHATENCGO_ISO2022JP_PASSES, EUC-JP's table; NULL otherwise, and
    // until Go has built the encoding's table (after a first small call).
    const struct whatencgo_pair_table *pairs;
    // For an encoder that writes each character on its own in one or two
    // bytes (single-byte encodings, x-user-defined, gb18030, GBK, Big5,
    // EUC-JP, Shift_JIS, EUC-KR), while its calls word has the bit for the
    // call's input form (between characters): what each code point below
    // U+10000 encodes to; for an ISO-2022-JP encoder while it has
    // WHATENCGO_ISO2022JP_PASSES, its own; NULL otherwise, and until Go has
    // built the encoding's table (after a first small call).
    const struct whatencgo_encode_table *encode;
};

// A decoder's byte table, C memory built once per encoding by Go from the
// codec (Encoding.ByteDecodeTable) and never freed.
struct whatencgo_byte_table {
    uint32_t utf8[256];  // UTF-8 bytes, little-endian, length in the top byte; 0 where the byte is an error
    uint16_t utf16[256]; // the code unit (valid where utf8 is not 0)
};

// A double-byte decoder's pair table, C memory built once per encoding by
// Go from the codec (Encoding.PairDecodeTable) and never freed: cp[lead -
// 0x80][trail] is the code point the pair lead, trail decodes to, or 0
// where it is not exactly one code point from those two bytes (Go answers).
struct whatencgo_pair_table {
    uint32_t cp[128][256];
    // For gb18030 and GBK (whose decoder is gb18030's), NULL otherwise:
    // four[p] is the code point of the four-byte sequence with pointer p
    // below WHATENCGO_GB18030_BMP_POINTERS (Encoding.FourByteDecodeTable),
    // or 0 where Go answers; the wrappers compute pointers 189000 to
    // 1237575 (U+10000 onwards) themselves.
    const uint16_t *four;
};

#define WHATENCGO_GB18030_BMP_POINTERS 39420

// An encoder's table of what code points below U+10000 encode to, C memory
// built once per encoding by Go from the codec (Encoding.BMPEncodeTable)
// and never freed, in rows of 256: entry[block[c >> 8]][c & 0xFF] is the
// byte b as b, two bytes as lead << 8 | trail (lead 0x81 or above), or 0
// where Go answers (unmappable, ASCII, surrogates); for ISO-2022-JP, the
// pair its jis0208 state writes with 0x80 added to both bytes, and the byte
// its Roman state writes for U+00A5 and U+203E.
// Row 0 is all 0, for the blocks without a mapped code point. supplementary
// says what the encoder does with code points past U+FFFF:
// WHATENCGO_SUPPLEMENTARY_FOUR_BYTES for gb18030, which writes each as the
// four-byte sequence of pointer 189000 + (code point - 0x10000)
// (Encoding.EncodesSupplementaryAsFourBytes); WHATENCGO_SUPPLEMENTARY_UNMAPPABLE
// for the encoders that map none (Encoding.EncodesNoSupplementary);
// WHATENCGO_SUPPLEMENTARY_GO for Big5, which maps some (Go answers those).
// For gb18030 (else NULL), four_delta holds what its other four-byte
// sequences' pointers minus their code points can be (index gb18030 ranges
// pointer, section 5: one value per range, and U+E7C7's): an entry from
// WHATENCGO_FOUR_BYTE_ENTRY up to WHATENCGO_FOUR_BYTE_ENTRY_END (which no
// byte or pair reaches: a pair's lead is 0x81 or above) stands for the
// four bytes of pointer code point + four_delta[entry -
// WHATENCGO_FOUR_BYTE_ENTRY] (Encoding.BMPFourBytePointers).
struct whatencgo_encode_table {
    uint16_t block[256];
    uint32_t supplementary;
    const int32_t *four_delta;
    uint16_t entry[][256];
};

#define WHATENCGO_SUPPLEMENTARY_GO 0u
#define WHATENCGO_SUPPLEMENTARY_FOUR_BYTES 1u
#define WHATENCGO_SUPPLEMENTARY_UNMAPPABLE 2u

#define WHATENCGO_FOUR_BYTE_ENTRY 0x100u
#define WHATENCGO_FOUR_BYTE_ENTRY_END 0x8100u

// The most input (bytes, or UTF-16 units) a call the wrappers answer has.
#define WHATENCGO_SMALL_CALL_MAX 512

// The most a call the wrappers answer has when its input is not all ASCII
// (ASCII is a copy): their loops take a character at a time, about 1 ns a
// byte through a decoder's byte or pair table and 1.4-1.6 ns through UTF-8
// validation, UTF-16 or an encoder's table, where a call into Go costs
// ~115 ns and then 0.15-0.45 ns a byte (Zen 4, tests/bench: at 510 bytes
// the wrappers took 480-810 ns, Go 126-354 ns at 520). Past these, Go is
// the faster.
#define WHATENCGO_SMALL_CALL_TABLE_MAX 192
#define WHATENCGO_SMALL_CALL_MIXED_MAX 96

#define WHATENCGO_DECODER_TAG 0x57444543u // "WDEC"
#define WHATENCGO_ENCODER_TAG 0x57454e43u // "WENC"

#define WHATENCGO_ASCII_PASSES 1u      // decoder: ASCII input; encoder: ASCII UTF-8 input
#define WHATENCGO_ASCII_PASSES_UTF16 2u // encoder: ASCII UTF-16 input
#define WHATENCGO_UTF8_PASSES 4u        // decoder: valid, complete UTF-8 input (a UTF-8 decoder with ASCII_PASSES)
#define WHATENCGO_UTF8_OUTPUT 8u        // encoder: its output encoding is UTF-8 (with ASCII_PASSES: valid, complete input)
#define WHATENCGO_UTF16LE_PASSES 16u    // decoder: valid UTF-16LE in whole code units (Decoder.PassesUTF16)
#define WHATENCGO_UTF16BE_PASSES 32u    // decoder: the same in UTF-16BE
#define WHATENCGO_HTML_MODE 64u         // encoder: error mode HTML (an unmappable code point becomes "&#NNNN;")
#define WHATENCGO_REPLACE_MODE 128u     // decoder: error mode replacement (an error becomes U+FFFD)
// decoder: ISO-2022-JP at rest in its ASCII state (Decoder.RestsInISO2022JPASCII):
// input without errors that ends in that state decodes as the state machine
// says and leaves the decoder as it was; pairs is EUC-JP's table (the same
// pointers with 0x80 added to both bytes) once built. encoder: ISO-2022-JP
// in its ASCII state holding nothing (Encoder.RestsInISO2022JPASCII): input
// that ends in that state leaves the encoder as it was; encode is its table
// (with the HTML_MODE bit, unmappable code points become "&#NNNN;")
#define WHATENCGO_ISO2022JP_PASSES 256u

#endif

// Bad input never crashes the caller: every misuse returns its documented
// status, and nothing is written past the lengths given.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "helpers.h"
#include "whatenc.h"

namespace {

const uint8_t *u8(const char *s) { return reinterpret_cast<const uint8_t *>(s); }

whatenc_decoder *new_decoder(int enc = WHATENC_UTF_8) {
    whatenc_decoder *d = nullptr;
    EXPECT_EQ(whatenc_decoder_new(enc, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, &d), WHATENC_OK);
    return d;
}

whatenc_encoder *new_encoder(int enc = WHATENC_UTF_8) {
    whatenc_encoder *e = nullptr;
    EXPECT_EQ(whatenc_encoder_new(enc, WHATENC_HTML, &e), WHATENC_OK);
    return e;
}

// Every handle-taking function rejects h with WHATENC_ERR_INVALID_HANDLE.
void expect_invalid_decoder(whatenc_decoder *h) {
    uint8_t dst[8];
    uint16_t dst16[8];
    size_t n = 1, m = sizeof dst, out = 5;
    whatenc_decode_info info;
    info.replaced = 7;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(h, u8("a"), &n, dst, &m, 1, &info), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(m, 0u);
    EXPECT_EQ(info.replaced, 0);
    n = 1, m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf16(h, u8("a"), &n, dst16, &m, 1, nullptr), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(whatenc_decoder_reset(h), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(whatenc_decoder_encoding(h), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(whatenc_decoder_max_utf8_length(h, 1, &out), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(out, 0u);
    EXPECT_EQ(whatenc_decoder_max_utf16_length(h, 1, &out), WHATENC_ERR_INVALID_HANDLE);
    whatenc_decoder_free(h);  // ignored
}

void expect_invalid_encoder(whatenc_encoder *h) {
    uint8_t dst[16];
    const uint16_t src16[] = {'a'};
    size_t n = 1, m = sizeof dst, out = 5;
    whatenc_encode_info info;
    info.unmappable = 9;
    EXPECT_EQ(whatenc_encoder_encode_from_utf8(h, u8("a"), &n, dst, &m, 1, &info), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(n + m + info.unmappable, 0u);
    n = 1, m = sizeof dst;
    EXPECT_EQ(whatenc_encoder_encode_from_utf16(h, src16, &n, dst, &m, 1, nullptr), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(whatenc_encoder_reset(h), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(whatenc_encoder_encoding(h), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(whatenc_encoder_max_length_from_utf8(h, 1, &out), WHATENC_ERR_INVALID_HANDLE);
    EXPECT_EQ(out, 0u);
    EXPECT_EQ(whatenc_encoder_max_length_from_utf16(h, 1, &out), WHATENC_ERR_INVALID_HANDLE);
    whatenc_encoder_free(h);
}

TEST(Handles, Null) {
    expect_invalid_decoder(nullptr);
    expect_invalid_encoder(nullptr);
}

TEST(Handles, FreedAndDoubleFreed) {
    whatenc_decoder *d = new_decoder();
    whatenc_decoder_free(d);
    expect_invalid_decoder(d);  // includes a second free
    whatenc_decoder_free(d);
    whatenc_encoder *e = new_encoder();
    whatenc_encoder_free(e);
    expect_invalid_encoder(e);
    whatenc_encoder_free(e);
    // The library still works, and new handles are not the freed ones
    // (freed slots wait in a quarantine before reuse).
    whatenc_decoder *d2 = new_decoder();
    EXPECT_NE(d2, d);
    EXPECT_EQ(whatenc_decoder_encoding(d2), WHATENC_UTF_8);
    expect_invalid_decoder(d);
    whatenc_decoder_free(d2);
}

TEST(Handles, WrongKind) {
    whatenc_decoder *d = new_decoder();
    whatenc_encoder *e = new_encoder();
    expect_invalid_encoder(reinterpret_cast<whatenc_encoder *>(d));
    expect_invalid_decoder(reinterpret_cast<whatenc_decoder *>(e));
    // Both survived the wrong-kind frees.
    EXPECT_EQ(whatenc_decoder_encoding(d), WHATENC_UTF_8);
    EXPECT_EQ(whatenc_encoder_encoding(e), WHATENC_UTF_8);
    whatenc_decoder_free(d);
    whatenc_encoder_free(e);
}

TEST(Handles, Foreign) {
    std::vector<uint64_t> junk(64, 0x57444543);  // even the decoder tag in memory
    expect_invalid_decoder(reinterpret_cast<whatenc_decoder *>(junk.data()));
    expect_invalid_decoder(reinterpret_cast<whatenc_decoder *>(uintptr_t(1)));
    expect_invalid_decoder(reinterpret_cast<whatenc_decoder *>(~uintptr_t(0) & ~uintptr_t(7)));
    int on_stack = 0;
    expect_invalid_encoder(reinterpret_cast<whatenc_encoder *>(&on_stack));
    // A pointer into the middle of a live handle.
    whatenc_decoder *d = new_decoder();
    expect_invalid_decoder(reinterpret_cast<whatenc_decoder *>(reinterpret_cast<char *>(d) + 8));
    EXPECT_EQ(whatenc_decoder_encoding(d), WHATENC_UTF_8);
    whatenc_decoder_free(d);
}

TEST(Buffers, NullWithLength) {
    whatenc_decoder *d = new_decoder();
    uint8_t dst[8];
    size_t n = 3, m = sizeof dst;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, nullptr, &n, dst, &m, 0, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(n + m, 0u);
    n = 1, m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("a"), &n, nullptr, &m, 0, nullptr), WHATENC_ERR_NULL_POINTER);
    m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("a"), nullptr, dst, &m, 0, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(m, 0u);
    n = 1;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("a"), &n, dst, nullptr, 0, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(n, 0u);
    // NULL with length 0 is fine: this ends the (empty) stream.
    n = 0, m = 0;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, nullptr, &n, nullptr, &m, 1, nullptr), WHATENC_OK);
    EXPECT_EQ(whatenc_decoder_max_utf8_length(d, 1, nullptr), WHATENC_ERR_NULL_POINTER);
    whatenc_decoder_free(d);

    whatenc_encoder *e = new_encoder();
    n = 2, m = 8;
    EXPECT_EQ(whatenc_encoder_encode_from_utf16(e, nullptr, &n, dst, &m, 1, nullptr), WHATENC_ERR_NULL_POINTER);
    n = 1, m = 8;
    EXPECT_EQ(whatenc_encoder_encode_from_utf8(e, u8("a"), &n, nullptr, &m, 1, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_encoder_max_length_from_utf8(e, 1, nullptr), WHATENC_ERR_NULL_POINTER);
    whatenc_encoder_free(e);

    EXPECT_EQ(whatenc_encoding_for_label(nullptr, 5), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_bom_sniff(nullptr, 3), WHATENC_ERR_NULL_POINTER);
    size_t valid = 9;
    EXPECT_EQ(whatenc_utf8_valid_up_to(nullptr, 3, &valid), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(valid, 0u);
    EXPECT_EQ(whatenc_utf8_valid_up_to(u8("a"), 1, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_utf8_valid_up_to(u8(std::string(600, 'a').c_str()), 600, nullptr), WHATENC_ERR_NULL_POINTER);
    valid = 9;
    EXPECT_EQ(whatenc_utf16_valid_up_to(nullptr, 3, &valid), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(valid, 0u);
    const uint16_t a16[] = {'a'};
    EXPECT_EQ(whatenc_utf16_valid_up_to(a16, 1, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, nullptr),
              WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_encoder_new(WHATENC_UTF_8, WHATENC_HTML, nullptr), WHATENC_ERR_NULL_POINTER);
    size_t r, w;
    EXPECT_EQ(whatenc_encode_into(nullptr, 1, dst, 8, &r, &w), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(r + w, 0u);
    EXPECT_EQ(whatenc_encode_into(nullptr, 0, dst, 8, nullptr, &w), WHATENC_ERR_NULL_POINTER);
    uint8_t *out = nullptr;
    size_t len = 0;
    EXPECT_EQ(whatenc_decode(WHATENC_UTF_8, nullptr, 1, &out, &len, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_decode(WHATENC_UTF_8, u8("a"), 1, nullptr, &len, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(whatenc_decode(WHATENC_UTF_8, u8("a"), 1, &out, nullptr, nullptr), WHATENC_ERR_NULL_POINTER);
    EXPECT_EQ(out, nullptr);
    EXPECT_EQ(whatenc_encode(WHATENC_UTF_8, nullptr, 2, WHATENC_HTML, &out, &len, nullptr), WHATENC_ERR_NULL_POINTER);
}

TEST(Buffers, Overflow) {
    whatenc_decoder *d = new_decoder();
    uint8_t dst[8];
    uint16_t dst16[8];
    size_t n = SIZE_MAX, m = sizeof dst;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("a"), &n, dst, &m, 0, nullptr), WHATENC_ERR_OVERFLOW);
    n = 1, m = SIZE_MAX / 2 + 1;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("a"), &n, dst, &m, 0, nullptr), WHATENC_ERR_OVERFLOW);
    // PTRDIFF_MAX bytes are a valid size, but not as many code units.
    n = 1, m = SIZE_MAX / 4 + 1;
    EXPECT_EQ(whatenc_decoder_decode_to_utf16(d, u8("a"), &n, dst16, &m, 0, nullptr), WHATENC_ERR_OVERFLOW);
    // A buffer that would wrap around the address space.
    n = SIZE_MAX / 4, m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, reinterpret_cast<const uint8_t *>(~uintptr_t(0) - 16),
                                             &n, dst, &m, 0, nullptr),
              WHATENC_ERR_OVERFLOW);
    whatenc_decoder_free(d);
    // A short one, to a decoder past any BOM: a call the C wrappers would
    // answer if it were ASCII.
    ASSERT_EQ(whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d), WHATENC_OK);
    uint8_t dst64[64];
    n = 16, m = sizeof dst64;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, reinterpret_cast<const uint8_t *>(~uintptr_t(0) - 7),
                                             &n, dst64, &m, 0, nullptr),
              WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(m, 0u);
    whatenc_decoder_free(d);
    uint8_t *out;
    size_t len;
    EXPECT_EQ(whatenc_decode(WHATENC_UTF_8, u8("a"), SIZE_MAX, &out, &len, nullptr), WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(whatenc_encoding_for_label("utf-8", SIZE_MAX), WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(whatenc_bom_sniff(u8("a"), SIZE_MAX), WHATENC_ERR_OVERFLOW);
    size_t valid = 9;
    EXPECT_EQ(whatenc_utf8_valid_up_to(u8("a"), SIZE_MAX, &valid), WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(valid, 0u);
    const uint16_t v16[] = {'a'};
    EXPECT_EQ(whatenc_utf16_valid_up_to(v16, SIZE_MAX / 2 + 1, &valid), WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(whatenc_utf16_valid_up_to(v16, PTRDIFF_MAX / 2 + 1, &valid), WHATENC_ERR_OVERFLOW);
    size_t r, w;
    const uint16_t s16[] = {'a'};
    EXPECT_EQ(whatenc_encode_into(s16, SIZE_MAX / 2 + 1, dst, 8, &r, &w), WHATENC_ERR_OVERFLOW);
}

TEST(Buffers, OverlapAndAlignment) {
    whatenc_decoder *d = new_decoder();
    uint8_t buf[32] = {'a', 'b', 'c'};
    size_t n = 3, m = 16;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, buf, &n, buf + 2, &m, 0, nullptr), WHATENC_ERR_INVALID_ARGUMENT);
    n = 3, m = 16;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, buf, &n, buf + 3, &m, 0, nullptr), WHATENC_OK);
    alignas(2) uint8_t raw[34];
    n = 1, m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf16(d, u8("a"), &n, reinterpret_cast<uint16_t *>(raw + 1), &m, 0,
                                              nullptr),
              WHATENC_ERR_INVALID_ARGUMENT);
    whatenc_decoder_free(d);
}

TEST(Arguments, BadModesAndEncodings) {
    whatenc_decoder *d = reinterpret_cast<whatenc_decoder *>(1);
    EXPECT_EQ(whatenc_decoder_new(40, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, &d), WHATENC_ERR_INVALID_ENCODING);
    EXPECT_EQ(d, nullptr);
    EXPECT_EQ(whatenc_decoder_new(-1, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, &d), WHATENC_ERR_INVALID_ENCODING);
    EXPECT_EQ(whatenc_decoder_new(0, static_cast<whatenc_bom_mode>(3), WHATENC_REPLACEMENT, &d),
              WHATENC_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(whatenc_decoder_new(0, WHATENC_BOM_SNIFF, WHATENC_HTML, &d), WHATENC_ERR_INVALID_ARGUMENT);
    whatenc_encoder *e = reinterpret_cast<whatenc_encoder *>(1);
    EXPECT_EQ(whatenc_encoder_new(0, WHATENC_REPLACEMENT, &e), WHATENC_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(e, nullptr);
    EXPECT_EQ(whatenc_encoder_new(99, WHATENC_FATAL, &e), WHATENC_ERR_INVALID_ENCODING);
    uint8_t *out = reinterpret_cast<uint8_t *>(1);
    size_t len = 3;
    EXPECT_EQ(whatenc_decode(77, u8("a"), 1, &out, &len, nullptr), WHATENC_ERR_INVALID_ENCODING);
    EXPECT_EQ(out, nullptr);
    EXPECT_EQ(len, 0u);
    EXPECT_EQ(whatenc_encode(0, u8("a"), 1, static_cast<whatenc_error_mode>(-1), &out, &len, nullptr),
              WHATENC_ERR_INVALID_ARGUMENT);
}

TEST(Buffers, NothingWrittenPastDstLen) {
    // Guard bytes around a small output buffer, for every encoding.
    for (int id = 0; id < whatenc_encoding_count(); id++) {
        whatenc_decoder *d = new_decoder(id);
        uint8_t guard[16];
        memset(guard, 0xAA, sizeof guard);
        const char *in = "\xE2\x82\xAC\xA4\xA4\x81\x30\x81\x30zz";
        for (size_t cap = 0; cap < 8; cap++) {
            memset(guard, 0xAA, sizeof guard);
            size_t n = strlen(in), m = cap;
            whatenc_decoder_decode_to_utf8(d, u8(in), &n, guard + 4, &m, 1, nullptr);
            EXPECT_LE(m, cap);
            for (size_t i = 0; i < 4; i++) EXPECT_EQ(guard[i], 0xAA);
            for (size_t i = 4 + cap; i < sizeof guard; i++) EXPECT_EQ(guard[i], 0xAA) << wt::name(id) << " cap " << cap;
            whatenc_decoder_reset(d);
        }
        whatenc_decoder_free(d);
    }
}

}  // namespace

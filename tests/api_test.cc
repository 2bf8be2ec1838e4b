// The C API's behaviour on valid use: versions, statuses, encodings and
// labels, BOM handling, streaming, one-shot calls, encodeInto.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "helpers.h"
#include "whatenc.h"

using namespace wt;

namespace {

const uint8_t *u8(const char *s) { return reinterpret_cast<const uint8_t *>(s); }

TEST(Version, HeaderAndLibraryAgree) {
    EXPECT_EQ(whatenc_version_number(), unsigned(WHATENC_VERSION_NUMBER));
    EXPECT_STREQ(whatenc_version_string(), WHATENC_VERSION_STRING);
    EXPECT_EQ(WHATENC_VERSION_NUMBER, 10000);
    std::string want = std::to_string(WHATENC_VERSION_MAJOR) + "." +
                       std::to_string(WHATENC_VERSION_MINOR) + "." +
                       std::to_string(WHATENC_VERSION_PATCH);
    EXPECT_EQ(want, WHATENC_VERSION_STRING);
}

// The kernels in use: one of four names, and what WHATENC_CPU allows when
// the test runs with it set (make test-asan sets "generic", test-cgocheck2
// "avx2").
TEST(Kernels, NamedAndAsTheVariableAllows) {
    ASSERT_NE(whatenc_kernels(), nullptr);
    std::string k = whatenc_kernels();
    EXPECT_TRUE(k == "avx512" || k == "avx2" || k == "neon" || k == "generic") << k;
    if (const char *v = getenv("WHATENC_CPU")) {
        std::string want = v;
        if (want == "generic") {
            EXPECT_EQ(k, "generic");
        }
        if (want == "avx2") {
            EXPECT_NE(k, "avx512");
        }
    }
}

TEST(Status, PinnedValues) {
    EXPECT_EQ(WHATENC_OK, 0);
    EXPECT_EQ(WHATENC_OUTPUT_FULL, 1);
    EXPECT_EQ(WHATENC_MALFORMED, 2);
    EXPECT_EQ(WHATENC_UNMAPPABLE, 3);
    EXPECT_EQ(WHATENC_ERR_UNKNOWN_LABEL, -1);
    EXPECT_EQ(WHATENC_ERR_INTERNAL, -9);
}

TEST(Status, StrerrorNamesEveryStatus) {
    for (int st = WHATENC_ERR_INTERNAL; st <= WHATENC_UNMAPPABLE; st++) {
        const char *s = whatenc_strerror(st);
        ASSERT_NE(s, nullptr);
        EXPECT_STRNE(s, "unknown status") << st;
    }
    EXPECT_STREQ(whatenc_strerror(42), "unknown status");
    EXPECT_STREQ(whatenc_strerror(-100), "unknown status");
}

TEST(Init, Idempotent) {
    for (int i = 0; i < 3; i++) EXPECT_EQ(whatenc_init(), WHATENC_OK);
}

TEST(Encodings, TableOrderAndNames) {
    ASSERT_EQ(whatenc_encoding_count(), 40);
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_UTF_8), "UTF-8");
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_ISO_8859_8_I), "ISO-8859-8-I");
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_X_MAC_CYRILLIC), "x-mac-cyrillic");
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_GB18030), "gb18030");
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_SHIFT_JIS), "Shift_JIS");
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_REPLACEMENT_ENCODING), "replacement");
    EXPECT_STREQ(whatenc_encoding_name(WHATENC_X_USER_DEFINED), "x-user-defined");
    EXPECT_EQ(whatenc_encoding_name(-1), nullptr);
    EXPECT_EQ(whatenc_encoding_name(40), nullptr);
    // Names are static: the same pointer every time.
    EXPECT_EQ(whatenc_encoding_name(5), whatenc_encoding_name(5));
    // Every name is a label of its own encoding.
    for (int id = 0; id < whatenc_encoding_count(); id++) {
        const char *n = whatenc_encoding_name(id);
        ASSERT_NE(n, nullptr);
        EXPECT_EQ(whatenc_encoding_for_label(n, strlen(n)), id) << n;
    }
}

TEST(Encodings, OutputEncodingAndHasEncoder) {
    for (int id = 0; id < 40; id++) {
        bool utf8_out = id == WHATENC_UTF_16BE || id == WHATENC_UTF_16LE ||
                        id == WHATENC_REPLACEMENT_ENCODING;
        EXPECT_EQ(whatenc_encoding_output_encoding(id), utf8_out ? WHATENC_UTF_8 : id) << id;
        EXPECT_EQ(whatenc_encoding_has_encoder(id), utf8_out ? 0 : 1) << id;
    }
    EXPECT_EQ(whatenc_encoding_output_encoding(40), WHATENC_ERR_INVALID_ENCODING);
    EXPECT_EQ(whatenc_encoding_has_encoder(-3), WHATENC_ERR_INVALID_ENCODING);
}

struct LabelCase {
    const char *label;
    size_t len;
    int want;
};

TEST(Labels, GetAnEncoding) {
    const LabelCase cases[] = {
        {"utf-8", 5, WHATENC_UTF_8},
        {"UTF8", 4, WHATENC_UTF_8},
        {" \t\n\f\runicode-1-1-utf-8\r ", 24, WHATENC_UTF_8},
        {"latin1", 6, WHATENC_WINDOWS_1252},
        {"ascii", 5, WHATENC_WINDOWS_1252},
        {"iso-8859-1", 10, WHATENC_WINDOWS_1252},
        {"sjis", 4, WHATENC_SHIFT_JIS},
        {"csiso2022jp", 11, WHATENC_ISO_2022_JP},
        {"gb2312", 6, WHATENC_GBK},
        {"x-gbk", 5, WHATENC_GBK},
        {"big5-hkscs", 10, WHATENC_BIG5},
        {"iso-2022-kr", 11, WHATENC_REPLACEMENT_ENCODING},
        {"utf-16", 6, WHATENC_UTF_16LE},
        {"unicodefffe", 11, WHATENC_UTF_16BE},
        {"x-user-defined", 14, WHATENC_X_USER_DEFINED},
        {"logical", 7, WHATENC_ISO_8859_8_I},
        {"utf-8xx", 5, WHATENC_UTF_8},  // length-delimited: only "utf-8"
        // Not labels:
        {"utf8\xc2\xa0", 6, WHATENC_ERR_UNKNOWN_LABEL},  // NBSP is not ASCII whitespace
        {"\v utf-8", 7, WHATENC_ERR_UNKNOWN_LABEL},      // nor is VT
        {"utf-8\0", 6, WHATENC_ERR_UNKNOWN_LABEL},
        {"utf-7", 5, WHATENC_ERR_UNKNOWN_LABEL},
        {"", 0, WHATENC_ERR_UNKNOWN_LABEL},
        {"   ", 3, WHATENC_ERR_UNKNOWN_LABEL},
        {"\xc4\xb0so-8859-1", 11, WHATENC_ERR_UNKNOWN_LABEL},  // no Unicode case folding
    };
    for (const auto &c : cases)
        EXPECT_EQ(whatenc_encoding_for_label(c.label, c.len), c.want)
            << "label " << hex(std::string(c.label, c.len));
    std::string huge(1 << 20, ' ');
    huge.replace(huge.size() / 2, 5, "utf-8");
    EXPECT_EQ(whatenc_encoding_for_label(huge.data(), huge.size()), WHATENC_UTF_8);
    EXPECT_EQ(whatenc_encoding_for_label(nullptr, 0), WHATENC_ERR_UNKNOWN_LABEL);
}

TEST(BOM, Sniff) {
    EXPECT_EQ(whatenc_bom_sniff(u8("\xEF\xBB\xBFx"), 4), WHATENC_UTF_8);
    EXPECT_EQ(whatenc_bom_sniff(u8("\xEF\xBB\xBF"), 3), WHATENC_UTF_8);
    EXPECT_EQ(whatenc_bom_sniff(u8("\xEF\xBB"), 2), -1);
    EXPECT_EQ(whatenc_bom_sniff(u8("\xFE\xFF"), 2), WHATENC_UTF_16BE);
    EXPECT_EQ(whatenc_bom_sniff(u8("\xFF\xFE\x00\x00"), 4), WHATENC_UTF_16LE);
    EXPECT_EQ(whatenc_bom_sniff(u8("\xFF"), 1), -1);
    EXPECT_EQ(whatenc_bom_sniff(nullptr, 0), -1);
}

// whatenc_utf8_valid_up_to and whatenc_utf16_valid_up_to, on inputs that C
// answers (ASCII up to 512 units, other text up to 96) and on longer ones
// that go to Go's vector validators, against the first error placed at
// every offset of a run of mixed text.
size_t valid8(const std::string &s, whatenc_status want) {
    size_t k = 99;
    EXPECT_EQ(whatenc_utf8_valid_up_to(u8(s.data()), s.size(), &k), want) << hex(s);
    return k;
}

size_t valid16(const std::u16string &s, whatenc_status want) {
    size_t k = 99;
    EXPECT_EQ(whatenc_utf16_valid_up_to(reinterpret_cast<const uint16_t *>(s.data()), s.size(), &k), want);
    return k;
}

TEST(Validation, UTF8) {
    EXPECT_EQ(valid8("", WHATENC_OK), 0u);
    EXPECT_EQ(valid8("abc", WHATENC_OK), 3u);
    EXPECT_EQ(valid8("\xEF\xBB\xBF" "a\xC3\xA9\xE3\x81\x82\xF0\x9F\x98\x80", WHATENC_OK), 13u);
    EXPECT_EQ(valid8("ab\xE3\x81", WHATENC_MALFORMED), 2u);      // cut short at the end
    EXPECT_EQ(valid8("ab\xE3\x81" "c", WHATENC_MALFORMED), 2u);  // malformed
    EXPECT_EQ(valid8("\x80", WHATENC_MALFORMED), 0u);
    EXPECT_EQ(valid8("a\xC0\x80", WHATENC_MALFORMED), 1u);         // overlong
    EXPECT_EQ(valid8("a\xED\xA0\x80", WHATENC_MALFORMED), 1u);     // a surrogate
    EXPECT_EQ(valid8("a\xF4\x90\x80\x80", WHATENC_MALFORMED), 1u); // past U+10FFFF
    size_t k = 99;
    EXPECT_EQ(whatenc_utf8_valid_up_to(nullptr, 0, &k), WHATENC_OK);
    EXPECT_EQ(k, 0u);
    for (size_t reps : {1, 4, 40, 400}) {  // 10 bytes a rep: 10 to 4000 bytes
        std::string text;
        for (size_t i = 0; i < reps; i++) text += "a\xC3\xA9\xE3\x81\x82\xF0\x9F\x98\x80";
        ASSERT_EQ(valid8(text, WHATENC_OK), text.size());
        for (size_t at = 0; at <= text.size(); at++) {
            std::string bad = text;
            bad.insert(at, "\xFF");
            size_t want = at;  // the start of the character the 0xFF cuts, if any
            while (want < text.size() && want > 0 && (static_cast<uint8_t>(text[want]) & 0xC0) == 0x80) want--;
            ASSERT_EQ(valid8(bad, WHATENC_MALFORMED), want) << "0xFF at " << at << " of " << text.size();
        }
        EXPECT_EQ(valid8(std::string(reps * 10, 'x'), WHATENC_OK), reps * 10);
    }
}

TEST(Validation, UTF16) {
    EXPECT_EQ(valid16(u"", WHATENC_OK), 0u);
    EXPECT_EQ(valid16(u"a\u00E9\U0001F600", WHATENC_OK), 4u);
    for (size_t n : {3, 90, 600}) {
        for (size_t at = 0; at < n; at++) {
            for (char16_t s : {u'\xD800', u'\xDBFF', u'\xDC00', u'\xDFFF'}) {
                std::u16string text(n, u'a');
                if (n > 3) text[n / 2] = u'\x3042';
                text[at] = s;
                EXPECT_EQ(valid16(text, WHATENC_MALFORMED), at) << std::hex << s << " at " << at;
                if (s < 0xDC00 && at + 1 < n && at + 1 != n / 2) {
                    text[at + 1] = 0xDE00;  // a pair
                    EXPECT_EQ(valid16(text, WHATENC_OK), n);
                }
            }
        }
    }
    alignas(2) uint8_t raw[8] = {};
    size_t k = 99;
    EXPECT_EQ(whatenc_utf16_valid_up_to(reinterpret_cast<const uint16_t *>(raw + 1), 2, &k),
              WHATENC_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(k, 0u);
}

TEST(BOM, DecoderModes) {
    const std::string utf8bom = "\xEF\xBB\xBFhi";
    const std::string be = std::string("\xFE\xFF\x00h", 4);
    // Sniff: the BOM decides and is removed, whatever the decoder was made for.
    auto r = decode(WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, utf8bom, 0, 64, false);
    EXPECT_EQ(r.out, "hi");
    EXPECT_EQ(r.used_encoding, WHATENC_UTF_8);
    r = decode(WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, be, 1, 64, false);
    EXPECT_EQ(r.out, "h");
    EXPECT_EQ(r.used_encoding, WHATENC_UTF_16BE);
    r = decode(WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, "\xEF\xBB", 1, 64, false);
    EXPECT_EQ(r.out, "\xC3\xAF\xC2\xBB");
    EXPECT_EQ(r.used_encoding, WHATENC_WINDOWS_1252);
    // Remove: only the encoding's own BOM.
    r = decode(WHATENC_UTF_8, WHATENC_BOM_REMOVE, WHATENC_REPLACEMENT, utf8bom, 1, 64, false);
    EXPECT_EQ(r.out, "hi");
    r = decode(WHATENC_UTF_8, WHATENC_BOM_REMOVE, WHATENC_REPLACEMENT, be, 0, 64, false);
    EXPECT_EQ(r.out, std::string("\xEF\xBF\xBD\xEF\xBF\xBD\x00h", 8));
    EXPECT_EQ(r.used_encoding, WHATENC_UTF_8);
    // Keep: U+FEFF.
    r = decode(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, utf8bom, 0, 64, false);
    EXPECT_EQ(r.out, utf8bom);
}

TEST(Decoder, StreamingContract) {
    whatenc_decoder *d;
    ASSERT_EQ(whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_FATAL, &d), WHATENC_OK);
    EXPECT_EQ(whatenc_decoder_encoding(d), WHATENC_UTF_8);
    // An incomplete sequence is consumed and held.
    uint8_t dst[16];
    size_t n = 3, m = sizeof dst;
    whatenc_decode_info info;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("a\xE2\x82"), &n, dst, &m, 0, &info), WHATENC_OK);
    EXPECT_EQ(n, 3u);
    EXPECT_EQ(m, 1u);
    n = 1, m = sizeof dst;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("\xAC"), &n, dst, &m, 1, &info), WHATENC_OK);
    EXPECT_EQ(std::string(reinterpret_cast<char *>(dst), m), "\xE2\x82\xAC");
    // Output full: nothing lost, nothing split; the caller passes the
    // unread rest again.
    n = 3, m = 2;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("\xE2\x82\xAC"), &n, dst, &m, 1, &info),
              WHATENC_OUTPUT_FULL);
    EXPECT_EQ(m, 0u);
    size_t rest = 3 - n;
    m = 4;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("\xE2\x82\xAC") + n, &rest, dst, &m, 1, &info),
              WHATENC_OK);
    EXPECT_EQ(std::string(reinterpret_cast<char *>(dst), m), "\xE2\x82\xAC");
    // Fatal: the malformed bytes are located.
    n = 4, m = sizeof dst;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8("ab\xFFz"), &n, dst, &m, 1, &info), WHATENC_MALFORMED);
    EXPECT_EQ(n, 3u);
    EXPECT_EQ(m, 2u);
    EXPECT_EQ(info.malformed_len, 1u);
    EXPECT_EQ(info.consumed_after, 0u);
    EXPECT_EQ(whatenc_decoder_reset(d), WHATENC_OK);
    whatenc_decoder_free(d);
}

TEST(Decoder, ReplacementReportsReplaced) {
    auto r = decode(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, "a\xFF", 0, 16, false);
    EXPECT_EQ(r.out, "a\xEF\xBF\xBD");
    EXPECT_TRUE(r.replaced);
    r = decode(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, "ab", 0, 16, false);
    EXPECT_FALSE(r.replaced);
}

TEST(Decoder, MaxLengths) {
    whatenc_decoder *d;
    ASSERT_EQ(whatenc_decoder_new(WHATENC_WINDOWS_1252, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, &d),
              WHATENC_OK);
    size_t out = 0;
    EXPECT_EQ(whatenc_decoder_max_utf8_length(d, 100, &out), WHATENC_OK);
    EXPECT_GE(out, 300u);
    EXPECT_EQ(whatenc_decoder_max_utf16_length(d, 100, &out), WHATENC_OK);
    EXPECT_GE(out, 100u);
    EXPECT_EQ(whatenc_decoder_max_utf8_length(d, SIZE_MAX / 2, &out), WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(out, 0u);
    EXPECT_EQ(whatenc_decoder_max_utf16_length(d, SIZE_MAX, &out), WHATENC_ERR_OVERFLOW);
    whatenc_decoder_free(d);
}

TEST(Encoder, WritesTheOutputEncoding) {
    for (int id : {WHATENC_UTF_16BE, WHATENC_UTF_16LE, WHATENC_REPLACEMENT_ENCODING}) {
        auto r = encode(id, WHATENC_FATAL, "h\xC3\xA9", 0, 16);
        EXPECT_EQ(r.status, WHATENC_OK);
        EXPECT_EQ(r.out, "h\xC3\xA9") << name(id);
        EXPECT_EQ(r.used_encoding, WHATENC_UTF_8);
    }
}

TEST(Encoder, HTMLAndFatal) {
    auto r = encode(WHATENC_WINDOWS_1252, WHATENC_HTML, "caf\xC3\xA9 \xE2\x98\x83 \xE2\x82\xAC", 0, 64);
    EXPECT_EQ(r.status, WHATENC_OK);
    EXPECT_EQ(r.out, "caf\xE9 &#9731; \x80");
    EXPECT_TRUE(r.replaced);
    r = encode(WHATENC_WINDOWS_1252, WHATENC_FATAL, "ab\xE2\x98\x83z", 0, 64);
    EXPECT_EQ(r.status, WHATENC_UNMAPPABLE);
    EXPECT_EQ(r.unmappable, 0x2603u);
    EXPECT_EQ(r.out, "ab");
    EXPECT_EQ(r.error_offset, 5u);  // the snowman was consumed
    // Lone surrogates and invalid UTF-8 read as U+FFFD.
    r = encode16(WHATENC_UTF_8, WHATENC_FATAL, {0x61, 0xD800, 0x62, 0xDC00}, 1, 13);
    EXPECT_EQ(r.out, "a\xEF\xBF\xBD" "b\xEF\xBF\xBD");
    r = encode16(WHATENC_UTF_8, WHATENC_FATAL, {0xD83D, 0xDE00}, 1, 13);
    EXPECT_EQ(r.out, "\xF0\x9F\x98\x80");
    r = encode(WHATENC_UTF_8, WHATENC_FATAL, "a\xF0\x9F\x98", 1, 13);
    EXPECT_EQ(r.out, "a\xEF\xBF\xBD");
}

TEST(Encoder, MaxLengthsSufficeForOneCall) {
    whatenc_encoder *e;
    ASSERT_EQ(whatenc_encoder_new(WHATENC_WINDOWS_1252, WHATENC_HTML, &e), WHATENC_OK);
    const std::string in = "\xE2\x98\x83\xE2\x98\x83\xF0\x9F\x98\x80";
    size_t max = 0;
    ASSERT_EQ(whatenc_encoder_max_length_from_utf8(e, in.size(), &max), WHATENC_OK);
    std::vector<uint8_t> dst(max);
    size_t n = in.size(), m = max;
    EXPECT_EQ(whatenc_encoder_encode_from_utf8(e, u8(in.c_str()), &n, dst.data(), &m, 1, nullptr),
              WHATENC_OK);
    EXPECT_EQ(std::string(dst.begin(), dst.begin() + m), "&#9731;&#9731;&#128512;");
    EXPECT_EQ(whatenc_encoder_max_length_from_utf16(e, SIZE_MAX, &max), WHATENC_ERR_OVERFLOW);
    EXPECT_EQ(whatenc_encoder_reset(e), WHATENC_OK);
    whatenc_encoder_free(e);
}

TEST(EncodeInto, NeverSplitsAScalar) {
    const uint16_t src[] = {'a', 0xD83D, 0xDE00, 'b', 0xDC00};
    uint8_t dst[16];
    size_t read = 0, written = 0;
    EXPECT_EQ(whatenc_encode_into(src, 5, dst, 4, &read, &written), WHATENC_OUTPUT_FULL);
    EXPECT_EQ(read, 1u);
    EXPECT_EQ(written, 1u);
    EXPECT_EQ(whatenc_encode_into(src, 5, dst, 5, &read, &written), WHATENC_OUTPUT_FULL);
    EXPECT_EQ(read, 3u);
    EXPECT_EQ(written, 5u);
    EXPECT_EQ(whatenc_encode_into(src, 5, dst, sizeof dst, &read, &written), WHATENC_OK);
    EXPECT_EQ(read, 5u);
    EXPECT_EQ(std::string(reinterpret_cast<char *>(dst), written), "a\xF0\x9F\x98\x80" "b\xEF\xBF\xBD");
    EXPECT_EQ(whatenc_encode_into(nullptr, 0, nullptr, 0, &read, &written), WHATENC_OK);
    EXPECT_EQ(read + written, 0u);
}

TEST(OneShot, LegacyDecodeHook) {
    uint8_t *out = nullptr;
    size_t len = 99;
    int used = -5;
    ASSERT_EQ(whatenc_decode(WHATENC_WINDOWS_1252, u8("caf\xE9"), 4, &out, &len, &used), WHATENC_OK);
    EXPECT_EQ(std::string(reinterpret_cast<char *>(out), len), "caf\xC3\xA9");
    EXPECT_EQ(out[len], 0);  // NUL-terminated
    EXPECT_EQ(used, WHATENC_WINDOWS_1252);
    whatenc_free(out);
    ASSERT_EQ(whatenc_decode(WHATENC_WINDOWS_1252, u8("\xFF\xFEh\0"), 4, &out, &len, &used), WHATENC_OK);
    EXPECT_EQ(std::string(reinterpret_cast<char *>(out), len), "h");
    EXPECT_EQ(used, WHATENC_UTF_16LE);
    whatenc_free(out);
    // Empty input: a valid, empty, NUL-terminated buffer.
    ASSERT_EQ(whatenc_decode(WHATENC_UTF_8, nullptr, 0, &out, &len, nullptr), WHATENC_OK);
    ASSERT_NE(out, nullptr);
    EXPECT_EQ(len, 0u);
    EXPECT_EQ(out[0], 0);
    whatenc_free(out);
    whatenc_free(nullptr);
}

TEST(OneShot, DecodeAdvancedFatal) {
    uint8_t *out = reinterpret_cast<uint8_t *>(1);
    size_t len = 7, off = 7;
    int used = -1;
    EXPECT_EQ(whatenc_decode_advanced(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_FATAL,
                                      u8("abc\xE2\x82z"), 6, &out, &len, &used, &off),
              WHATENC_MALFORMED);
    EXPECT_EQ(out, nullptr);
    EXPECT_EQ(len, 0u);
    EXPECT_EQ(off, 3u);
    EXPECT_EQ(used, WHATENC_UTF_8);
    // A large input grows the buffer as needed (Cyrillic doubles in UTF-8).
    std::string big(300000, '\xE0');
    ASSERT_EQ(whatenc_decode_advanced(WHATENC_WINDOWS_1251, WHATENC_BOM_KEEP, WHATENC_FATAL,
                                      u8(big.c_str()), big.size(), &out, &len, nullptr, &off),
              WHATENC_OK);
    EXPECT_EQ(len, 2 * big.size());
    EXPECT_EQ(off, 0u);
    whatenc_free(out);
}

TEST(OneShot, Encode) {
    uint8_t *out = nullptr;
    size_t len = 0;
    uint32_t bad = 1;
    ASSERT_EQ(whatenc_encode(WHATENC_WINDOWS_1252, u8("\xE2\x82\xAC \xE2\x98\x83"), 7, WHATENC_HTML,
                             &out, &len, &bad),
              WHATENC_OK);
    EXPECT_EQ(std::string(reinterpret_cast<char *>(out), len), "\x80 &#9731;");
    EXPECT_EQ(bad, 0u);
    whatenc_free(out);
    EXPECT_EQ(whatenc_encode(WHATENC_ISO_8859_2, u8("x\xE2\x98\x83"), 4, WHATENC_FATAL, &out, &len,
                             &bad),
              WHATENC_UNMAPPABLE);
    EXPECT_EQ(bad, 0x2603u);
    EXPECT_EQ(out, nullptr);
    // Many references: the output grows well past the input.
    std::string snowmen;
    for (int i = 0; i < 10000; i++) snowmen += "\xE2\x98\x83";
    ASSERT_EQ(whatenc_encode(WHATENC_KOI8_R, u8(snowmen.c_str()), snowmen.size(), WHATENC_HTML,
                             &out, &len, nullptr),
              WHATENC_OK);
    EXPECT_EQ(len, 7u * 10000);
    whatenc_free(out);
}

}  // namespace

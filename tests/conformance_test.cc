// Conformance through the C API: every encoding round-trips the corpus text
// it can represent, in one shot and streamed with 1-byte input chunks and
// minimal output buffers (4 bytes of UTF-8 / 2 code units of UTF-16 for
// decoders, 13 bytes for encoders); and the standard's error cases.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "helpers.h"
#include "whatenc.h"

using namespace wt;

namespace {

const uint8_t *u8(const std::string &s) { return reinterpret_cast<const uint8_t *>(s.data()); }

// The lines of text that encoding can encode without loss, up to limit bytes.
std::string representable(int encoding, const std::string &text, size_t limit) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line) && out.size() < limit) {
        line += '\n';
        uint8_t *enc = nullptr;
        size_t n = 0;
        if (whatenc_encode(encoding, u8(line), line.size(), WHATENC_FATAL, &enc, &n, nullptr) == WHATENC_OK) {
            // Only lines that come back unchanged: the standard's encoders
            // have one-way mappings (U+2212 to U+FF0D's bytes in the Japanese
            // encodings, for one), which a round trip cannot show.
            uint8_t *dec = nullptr;
            size_t m = 0;
            if (whatenc_decode_advanced(encoding, WHATENC_BOM_KEEP, WHATENC_FATAL, enc, n, &dec, &m, nullptr,
                                        nullptr) == WHATENC_OK &&
                std::string(reinterpret_cast<char *>(dec), m) == line)
                out += line;
            whatenc_free(dec);
        }
        whatenc_free(enc);
    }
    return out;
}

size_t non_ascii(const std::string &s) {
    size_t n = 0;
    for (unsigned char c : s) n += c >= 0x80;
    return n;
}

class RoundTrip : public ::testing::TestWithParam<int> {};

TEST_P(RoundTrip, Corpus) {
    const int id = GetParam();
    auto texts = corpus();
    if (texts.empty()) GTEST_SKIP() << "../shared/corpus/wikipedia is absent (set WHATENC_SHARED)";
    size_t covered = 0;
    for (const auto &[file, text] : texts) {
        const std::string t = representable(id, text, 1 << 16);
        if (non_ascii(t) == 0) continue;
        covered += non_ascii(t);
        SCOPED_TRACE(name(id) + " on " + file);
        uint8_t *enc = nullptr;
        size_t enc_len = 0;
        ASSERT_EQ(whatenc_encode(id, u8(t), t.size(), WHATENC_FATAL, &enc, &enc_len, nullptr), WHATENC_OK);
        const std::string encoded(reinterpret_cast<char *>(enc), enc_len);
        whatenc_free(enc);
        // One shot back.
        uint8_t *dec = nullptr;
        size_t dec_len = 0;
        size_t off = 1;
        ASSERT_EQ(whatenc_decode_advanced(id, WHATENC_BOM_KEEP, WHATENC_FATAL, u8(encoded), encoded.size(),
                                          &dec, &dec_len, nullptr, &off),
                  WHATENC_OK) << "first malformed byte at " << off;
        EXPECT_TRUE(std::string(reinterpret_cast<char *>(dec), dec_len) == t);
        whatenc_free(dec);
        // Streams of 1-byte chunks into minimal buffers, on a prefix.
        const std::string small = t.substr(0, t.find('\n', 2048) + 1);
        uint8_t *senc = nullptr;
        size_t senc_len = 0;
        ASSERT_EQ(whatenc_encode(id, u8(small), small.size(), WHATENC_FATAL, &senc, &senc_len, nullptr), WHATENC_OK);
        const std::string sencoded(reinterpret_cast<char *>(senc), senc_len);
        whatenc_free(senc);
        auto r = decode(id, WHATENC_BOM_KEEP, WHATENC_FATAL, sencoded, 1, 4, false);
        EXPECT_EQ(r.status, WHATENC_OK);
        EXPECT_TRUE(r.out == small) << "UTF-8 decode, 1-byte chunks, 4-byte output";
        r = decode(id, WHATENC_BOM_KEEP, WHATENC_FATAL, sencoded, 1, 2, true);
        EXPECT_EQ(r.status, WHATENC_OK);
        EXPECT_TRUE(r.out16 == utf8_to_utf16(small)) << "UTF-16 decode, 1-byte chunks, 2-unit output";
        r = encode(id, WHATENC_FATAL, small, 1, 13);
        EXPECT_EQ(r.status, WHATENC_OK);
        EXPECT_TRUE(r.out == sencoded) << "encode from UTF-8, 1-byte chunks, 13-byte output";
        r = encode16(id, WHATENC_HTML, utf8_to_utf16(small), 1, 13);
        EXPECT_EQ(r.status, WHATENC_OK);
        EXPECT_TRUE(r.out == sencoded) << "encode from UTF-16, 1-unit chunks, 13-byte output";
    }
    if (id != WHATENC_X_USER_DEFINED) {
        EXPECT_GT(covered, 0u) << name(id) << ": no corpus text covers it";
    }
}

std::vector<int> encoders() {
    std::vector<int> ids;
    for (int id = 0; id < 40; id++)
        if (whatenc_encoding_has_encoder(id) == 1) ids.push_back(id);
    return ids;
}

INSTANTIATE_TEST_SUITE_P(Encodings, RoundTrip, ::testing::ValuesIn(encoders()),
                         [](const ::testing::TestParamInfo<int> &p) {
                             std::string n = name(p.param);
                             for (char &c : n)
                                 if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                             return n;
                         });

TEST(RoundTripUTF16, Corpus) {
    auto texts = corpus();
    if (texts.empty()) GTEST_SKIP() << "corpus absent";
    for (const auto &[file, text] : texts) {
        const std::string t = text.substr(0, text.find('\n', 4096) + 1);
        const u16string units = utf8_to_utf16(t);
        const std::string le = utf16_bytes(units, false), be = utf16_bytes(units, true);
        for (auto [id, bytes] : {std::pair{WHATENC_UTF_16LE, le}, std::pair{WHATENC_UTF_16BE, be}}) {
            SCOPED_TRACE(name(id) + " on " + file);
            auto r = decode(id, WHATENC_BOM_REMOVE, WHATENC_FATAL, bytes, 1, 4, false);
            EXPECT_EQ(r.status, WHATENC_OK);
            EXPECT_TRUE(r.out == t);
            r = decode(id, WHATENC_BOM_SNIFF, WHATENC_FATAL, bytes, 1, 2, true);
            EXPECT_TRUE(r.out16 == units);
        }
    }
}

TEST(XUserDefined, AllBytes) {
    std::string all;
    for (int b = 0; b < 256; b++) all += char(b);
    auto r = decode(WHATENC_X_USER_DEFINED, WHATENC_BOM_KEEP, WHATENC_FATAL, all, 1, 4, false);
    ASSERT_EQ(r.status, WHATENC_OK);
    u16string want;
    for (int b = 0; b < 256; b++) want.push_back(b < 0x80 ? b : 0xF780 + b - 0x80);
    EXPECT_TRUE(r.out == utf16_to_utf8(want));
    auto e = encode(WHATENC_X_USER_DEFINED, WHATENC_FATAL, r.out, 1, 13);
    EXPECT_EQ(e.status, WHATENC_OK);
    EXPECT_EQ(e.out, all);
}

TEST(Replacement, Decoder) {
    auto r = decode(WHATENC_REPLACEMENT_ENCODING, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, "abc", 1, 4, false);
    EXPECT_EQ(r.out, "\xEF\xBF\xBD");
    r = decode(WHATENC_REPLACEMENT_ENCODING, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, "", 0, 4, false);
    EXPECT_EQ(r.out, "");  // empty input stays empty (x/text gets this wrong)
    r = decode(WHATENC_REPLACEMENT_ENCODING, WHATENC_BOM_KEEP, WHATENC_FATAL, "abc", 0, 4, false);
    EXPECT_EQ(r.status, WHATENC_MALFORMED);
}

// The standard's error cases: input, replacement-mode output, and in fatal
// mode the offset of the first malformed byte.
struct DecodeCase {
    int encoding;
    std::string in, want;
    size_t fatal_offset;
};

const std::string R = "\xEF\xBF\xBD";  // U+FFFD

TEST(Errors, Decoders) {
    const DecodeCase cases[] = {
        // UTF-8: maximal subpart replacement.
        {WHATENC_UTF_8, "a\xC3", "a" + R, 1},
        {WHATENC_UTF_8, "\xE2\x82z", R + "z", 0},
        {WHATENC_UTF_8, "\xF0\x9F\x98", R, 0},
        {WHATENC_UTF_8, "\xED\xA0\x80", R + R + R, 0},       // surrogate
        {WHATENC_UTF_8, "\xC0\x80", R + R, 0},               // overlong
        {WHATENC_UTF_8, "\xF4\x90\x80\x80", R + R + R + R, 0},  // > U+10FFFF
        {WHATENC_UTF_8, "ab\x80", "ab" + R, 2},
        // UTF-16: odd byte, lone surrogates.
        {WHATENC_UTF_16LE, std::string("a\0b", 3), "a" + R, 2},
        {WHATENC_UTF_16LE, std::string("\x00\xD8" "a\0", 4), R + "a", 0},
        {WHATENC_UTF_16BE, std::string("\xDC\x00", 2), R, 0},
        {WHATENC_UTF_16BE, std::string("\xD8\x00", 2), R, 0},
        // Single-byte: unmapped bytes.
        {WHATENC_WINDOWS_874, "a\xDB", "a" + R, 1},
        {WHATENC_ISO_8859_8, "\xA1z", R + "z", 0},
        {WHATENC_WINDOWS_1253, "\xAA", R, 0},
        // CJK.
        {WHATENC_GB18030, "\x81\x30", R, 0},
        // A bad fourth byte restores the second, third and fourth bytes: "0",
        // then 0x81 0x7A is a two-byte sequence (U+4E83) and 0x81 0x20 is
        // not (U+FFFD, then the ASCII byte restored).
        {WHATENC_GB18030, "\x81\x30\x81z", R + "0" + "\xE4\xBA\x83", 0},
        {WHATENC_GB18030, "\x81\x30\x81 ", R + "0" + R + " ", 0},
        {WHATENC_GBK, "\x80", "\xE2\x82\xAC", SIZE_MAX},
        {WHATENC_BIG5, "\x88\x62", "\xC3\x8A\xCC\x84", SIZE_MAX},
        {WHATENC_BIG5, "\x81\x40", R + "@", 0},
        {WHATENC_SHIFT_JIS, "\x81\x20", R + " ", 0},
        {WHATENC_SHIFT_JIS, "\x5C\x7E", "\\~", SIZE_MAX},
        {WHATENC_EUC_JP, "\x8E", R, 0},
        {WHATENC_EUC_KR, "\x81\x41", "\xEA\xB0\x82", SIZE_MAX},
        {WHATENC_EUC_KR, "\x80z", R + "z", 0},
        {WHATENC_ISO_2022_JP, "\x1B$Bz", R, 3},      // a lead byte 'z' cut off by the end
        {WHATENC_ISO_2022_JP, "\x1B$z", R + "$z", 0},  // no such escape: ESC bad, "$z" restored
        {WHATENC_ISO_2022_JP, "\x0E", R, 0},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(name(c.encoding) + " input " + hex(c.in));
        for (size_t chunk : {size_t(0), size_t(1)}) {
            auto r = decode(c.encoding, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, c.in, chunk, 4, false);
            EXPECT_EQ(r.status, WHATENC_OK);
            EXPECT_EQ(hex(r.out), hex(c.want)) << "chunk " << chunk;
            r = decode(c.encoding, WHATENC_BOM_KEEP, WHATENC_FATAL, c.in, chunk, 4, false);
            if (c.fatal_offset == SIZE_MAX) {
                EXPECT_EQ(r.status, WHATENC_OK);
            } else {
                EXPECT_EQ(r.status, WHATENC_MALFORMED);
                EXPECT_EQ(r.error_offset, c.fatal_offset) << "chunk " << chunk;
            }
        }
    }
}

struct EncodeCase {
    int encoding;
    std::string in, html;
    uint32_t unmappable;  // first one in fatal mode, 0 if none
};

TEST(Errors, Encoders) {
    const EncodeCase cases[] = {
        {WHATENC_WINDOWS_1252, "\xE2\x82\xAC\xE2\x98\x83", "\x80&#9731;", 0x2603},
        {WHATENC_ISO_8859_2, "\xF0\x9F\x98\x80", "&#128512;", 0x1F600},
        {WHATENC_KOI8_R, "\xD0\x96", "\xF6", 0},
        {WHATENC_X_USER_DEFINED, "\xEF\x9E\x80\xC2\x80", "\x80&#128;", 0x80},
        {WHATENC_UTF_8, "\xED\xA0\x80", R + R + R, 0},  // invalid UTF-8 input: U+FFFD per maximal subpart
        {WHATENC_GB18030, "\xEE\x97\xA5", "&#58853;", 0xE5E5},  // GB18030-2022
        {WHATENC_GBK, "\xE2\x82\xAC", "\x80", 0},
        {WHATENC_SHIFT_JIS, "\xC2\xA5", "\x5C", 0},
        {WHATENC_EUC_JP, "\xE2\x88\x92", "\xA1\xDD", 0},
        {WHATENC_ISO_2022_JP, "\x0E", "&#65533;", 0xFFFD},
        {WHATENC_ISO_2022_JP, "\xE3\x81\x82" "a", "\x1B$B\x24\x22\x1B(Ba", 0},
        {WHATENC_BIG5, "\xE2\x82\xAC", "\xA3\xE1", 0},
        {WHATENC_EUC_KR, "\xEA\xB0\x82", "\x81\x41", 0},
    };
    for (const auto &c : cases) {
        SCOPED_TRACE(name(c.encoding) + " input " + hex(c.in));
        for (size_t chunk : {size_t(0), size_t(1)}) {
            auto r = encode(c.encoding, WHATENC_HTML, c.in, chunk, 13);
            EXPECT_EQ(r.status, WHATENC_OK);
            EXPECT_EQ(hex(r.out), hex(c.html)) << "chunk " << chunk;
            r = encode(c.encoding, WHATENC_FATAL, c.in, chunk, 13);
            EXPECT_EQ(r.status, c.unmappable ? WHATENC_UNMAPPABLE : WHATENC_OK);
            EXPECT_EQ(r.unmappable, c.unmappable);
        }
    }
}

}  // namespace

// The C++ wrapper (include/whatenc.hpp) against the C API called directly:
// - every Status, BomHandling, DecoderMode and EncoderMode value is its C
//   constant, and message() is whatenc_strerror();
// - Encoding: every ID's name, output encoding, encoder, label lookup and
//   constant agree with the C functions; unknown labels are nullopt;
// - for every encoding, random input streamed through Decoder and Encoder
//   in random chunks into random output buffers down to the documented
//   minimums (4 bytes, 2 code units, 13 bytes), in every BOM handling and
//   error mode, gives what the C handles give (tests/helpers.cc) and what
//   the C one-shot functions give; the wrapper's one-shot functions too;
// - RAII: handles freed by destruction and move assignment (a freed
//   handle is WHATENC_ERR_INVALID_HANDLE until its slot is reused, which
//   a quarantine delays), moved-from and default objects empty and usable
//   as such, self-move-assignment, creation failures in status();
// - fatal variants on malformed input and unmappable code points, and
//   WHATENC_ERR_FORKED surfacing through the wrapper in a forked child.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <ostream>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "helpers.h"
#include "whatenc.h"
#include "whatenc.hpp"

// Encodings by name in failure messages.
namespace whatenc {
void PrintTo(Encoding e, std::ostream *os) { *os << e.name(); }
}  // namespace whatenc

namespace {

using whatenc::BomHandling;
using whatenc::Decoder;
using whatenc::DecoderMode;
using whatenc::Encoder;
using whatenc::EncoderMode;
using whatenc::Encoding;
using whatenc::Status;

const BomHandling kBoms[] = {BomHandling::sniff, BomHandling::remove, BomHandling::keep};
const DecoderMode kDecoderModes[] = {DecoderMode::replacement, DecoderMode::fatal};
const EncoderMode kEncoderModes[] = {EncoderMode::html, EncoderMode::fatal};

int c(Status s) { return static_cast<int>(s); }
whatenc_bom_mode c(BomHandling b) { return static_cast<whatenc_bom_mode>(b); }
whatenc_error_mode c(DecoderMode m) { return static_cast<whatenc_error_mode>(m); }
whatenc_error_mode c(EncoderMode m) { return static_cast<whatenc_error_mode>(m); }

wt::u16string units(const std::u16string &s) { return wt::u16string(s.begin(), s.end()); }
std::u16string u16(const wt::u16string &s) { return std::u16string(s.begin(), s.end()); }

std::string describe(Encoding e, const std::string &in, const char *what) {
    return std::string(what) + " " + e.name() + " input " + wt::hex(in);
}

// All encodings, through the C API's count.
std::vector<Encoding> all_encodings() {
    std::vector<Encoding> out;
    for (int id = 0; id < whatenc_encoding_count(); id++) out.push_back(*Encoding::from_id(id));
    return out;
}

// Text as the encoding writes it (HTML mode: unmappable characters become
// ASCII references), plus random bytes, a BOM now and then, ASCII runs.
std::string decoder_input(std::mt19937 &rng, Encoding e) {
    std::string text;
    size_t chars = rng() % 40;
    for (size_t i = 0; i < chars; i++) {
        static const uint32_t ranges[][2] = {{0x20, 0x7E}, {0x80, 0x24F},   {0x370, 0x4FF},    {0x3000, 0x30FF},
                                             {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3}, {0x10000, 0x1F64F}};
        const auto &r = ranges[rng() % 7];
        wt::put_utf8(text, r[0] + rng() % (r[1] - r[0] + 1));
    }
    std::string in;
    switch (rng() % 4) {
        case 0: in = "\xEF\xBB\xBF"; break;
        case 1: in = rng() % 2 ? "\xFE\xFF" : "\xFF\xFE"; break;
        default: break;
    }
    uint8_t *out = nullptr;
    size_t len = 0;
    if (whatenc_encode(e.id(), reinterpret_cast<const uint8_t *>(text.data()), text.size(), WHATENC_HTML, &out,
                       &len, nullptr) == WHATENC_OK)
        in.append(reinterpret_cast<char *>(out), len);
    whatenc_free(out);
    // Malformed or split bytes at random places.
    size_t junk = rng() % 4;
    for (size_t i = 0; i < junk; i++) in.insert(in.begin() + rng() % (in.size() + 1), char(rng() % 256));
    return in;
}

std::string encoder_input(std::mt19937 &rng) {
    std::string text;
    size_t chars = rng() % 40;
    for (size_t i = 0; i < chars; i++) {
        static const uint32_t ranges[][2] = {{0x00, 0x7F},     {0x80, 0x24F},   {0x370, 0x4FF},
                                             {0x3000, 0x30FF}, {0x4E00, 0x9FFF}, {0xE000, 0xF8FF},
                                             {0xAC00, 0xD7A3}, {0x10000, 0x1F64F}};
        const auto &r = ranges[rng() % 8];
        wt::put_utf8(text, r[0] + rng() % (r[1] - r[0] + 1));
    }
    return text;
}

// The outcome of a stream through the wrapper, stopped at the first error
// as wt::decode / wt::encode stop.
struct Outcome {
    Status status = Status::ok;
    std::string out;
    std::u16string out16;
    size_t error_offset = 0;
    size_t malformed_len = 0;
    char32_t unmappable = 0;
    bool replaced = false;
};

size_t random_chunk(std::mt19937 &rng, size_t left) {
    size_t n = rng() % 3 == 0 ? rng() % 4 : rng() % 64;
    return n < left ? n : left;
}

// Decodes in through d in random chunks into random buffers of at least
// the documented minimum, the pointer-and-size overloads (utf16: the
// char16_t ones) or decode_append at random.
Outcome wrapper_decode(std::mt19937 &rng, Decoder &d, const std::string &in, bool utf16) {
    Outcome o;
    size_t pos = 0;
    for (;;) {
        size_t end = pos + random_chunk(rng, in.size() - pos);
        bool last = end == in.size();
        std::string_view chunk(in.data() + pos, end - pos);
        whatenc::DecodeResult r;
        if (rng() % 4 == 0) {
            r = utf16 ? d.decode_append(chunk, o.out16, last) : d.decode_append(chunk, o.out, last);
            EXPECT_NE(r.status, Status::output_full);
        } else {
            for (;;) {
                size_t room = (utf16 ? 2 : 4) + rng() % 12;
                if (utf16) {
                    std::u16string buf(room, u'\0');
                    r = rng() % 2 ? d.decode_to_utf16(chunk, buf.data(), room, last)
                                  : d.decode_to_utf16(reinterpret_cast<const uint8_t *>(chunk.data()), chunk.size(),
                                                      reinterpret_cast<uint16_t *>(buf.data()), room, last);
                    EXPECT_LE(r.written, room);
                    o.out16.append(buf.data(), r.written);
                } else {
                    std::string buf(room, '\0');
                    r = rng() % 2 ? d.decode_to_utf8(chunk, buf.data(), room, last)
                                  : d.decode_to_utf8(reinterpret_cast<const uint8_t *>(chunk.data()), chunk.size(),
                                                     reinterpret_cast<uint8_t *>(buf.data()), room, last);
                    EXPECT_LE(r.written, room);
                    o.out.append(buf.data(), r.written);
                }
                o.replaced |= r.replaced;
                chunk.remove_prefix(r.read);
                pos += r.read;
                if (r.status != Status::output_full) break;
            }
            r.read = 0;  // already counted
        }
        pos += r.read;
        o.replaced |= r.replaced;
        o.status = r.status;
        if (r.status == Status::malformed) {
            o.malformed_len = r.malformed_len;
            o.error_offset = pos - r.consumed_after - r.malformed_len;
        }
        if (r.status != Status::ok || last) break;
    }
    return o;
}

template <typename Text>
Outcome wrapper_encode(std::mt19937 &rng, Encoder &e, const Text &in) {
    Outcome o;
    size_t pos = 0;
    for (;;) {
        size_t end = pos + random_chunk(rng, in.size() - pos);
        bool last = end == in.size();
        auto chunk = std::basic_string_view<typename Text::value_type>(in).substr(pos, end - pos);
        whatenc::EncodeResult r;
        if (rng() % 4 == 0) {
            r = e.encode_append(chunk, o.out, last);
            EXPECT_NE(r.status, Status::output_full);
            pos += r.read;
        } else {
            for (;;) {
                size_t room = 13 + rng() % 20;
                std::string buf(room, '\0');
                if constexpr (sizeof(typename Text::value_type) == 1) {
                    r = rng() % 2 ? e.encode_from_utf8(chunk, buf.data(), room, last)
                                  : e.encode_from_utf8(reinterpret_cast<const uint8_t *>(chunk.data()), chunk.size(),
                                                       reinterpret_cast<uint8_t *>(buf.data()), room, last);
                } else {
                    r = rng() % 2 ? e.encode_from_utf16(chunk, buf.data(), room, last)
                                  : e.encode_from_utf16(reinterpret_cast<const uint16_t *>(chunk.data()),
                                                        chunk.size(), reinterpret_cast<uint8_t *>(buf.data()), room,
                                                        last);
                }
                EXPECT_LE(r.written, room);
                o.out.append(buf.data(), r.written);
                o.replaced |= r.replaced;
                chunk.remove_prefix(r.read);
                pos += r.read;
                if (r.status != Status::output_full) break;
            }
        }
        o.replaced |= r.replaced;
        o.status = r.status;
        if (r.status == Status::unmappable) {
            o.unmappable = r.unmappable;
            o.error_offset = pos;
        }
        if (r.status != Status::ok || last) break;
    }
    return o;
}

// ---------------------------------------------------------------- mapping

TEST(CppWrapper, StatusAndEnumsAreTheCConstants) {
    const std::pair<Status, int> statuses[] = {
        {Status::ok, WHATENC_OK},
        {Status::output_full, WHATENC_OUTPUT_FULL},
        {Status::malformed, WHATENC_MALFORMED},
        {Status::unmappable, WHATENC_UNMAPPABLE},
        {Status::unknown_label, WHATENC_ERR_UNKNOWN_LABEL},
        {Status::invalid_encoding, WHATENC_ERR_INVALID_ENCODING},
        {Status::invalid_handle, WHATENC_ERR_INVALID_HANDLE},
        {Status::null_pointer, WHATENC_ERR_NULL_POINTER},
        {Status::invalid_argument, WHATENC_ERR_INVALID_ARGUMENT},
        {Status::overflow, WHATENC_ERR_OVERFLOW},
        {Status::out_of_memory, WHATENC_ERR_OUT_OF_MEMORY},
        {Status::forked, WHATENC_ERR_FORKED},
        {Status::internal, WHATENC_ERR_INTERNAL},
    };
    for (const auto &[s, code] : statuses) {
        EXPECT_EQ(c(s), code);
        EXPECT_STREQ(whatenc::message(s), whatenc_strerror(code));
        EXPECT_EQ(whatenc::is_error(s), code < 0) << code;
        whatenc::DecodeResult d;
        d.status = s;
        EXPECT_STREQ(d.message(), whatenc_strerror(code));
    }
    EXPECT_EQ(c(BomHandling::sniff), WHATENC_BOM_SNIFF);
    EXPECT_EQ(c(BomHandling::remove), WHATENC_BOM_REMOVE);
    EXPECT_EQ(c(BomHandling::keep), WHATENC_BOM_KEEP);
    EXPECT_EQ(c(DecoderMode::replacement), WHATENC_REPLACEMENT);
    EXPECT_EQ(c(DecoderMode::fatal), WHATENC_FATAL);
    EXPECT_EQ(c(EncoderMode::html), WHATENC_HTML);
    EXPECT_EQ(c(EncoderMode::fatal), WHATENC_FATAL);
    EXPECT_EQ(whatenc::init(), Status::ok);
    EXPECT_EQ(whatenc::version_number(), whatenc_version_number());
    EXPECT_STREQ(whatenc::version_string(), whatenc_version_string());
    EXPECT_STREQ(whatenc::kernels(), whatenc_kernels());
}

TEST(CppWrapper, EncodingsAgreeWithTheCApi) {
    ASSERT_EQ(Encoding::count(), whatenc_encoding_count());
    ASSERT_EQ(all_encodings().size(), 40u);
    std::unordered_set<Encoding> seen;
    for (Encoding e : all_encodings()) {
        int id = e.id();
        EXPECT_STREQ(e.name(), whatenc_encoding_name(id));
        ASSERT_TRUE(e.output_encoding());
        EXPECT_EQ(e.output_encoding()->id(), whatenc_encoding_output_encoding(id)) << e.name();
        EXPECT_EQ(e.has_encoder(), whatenc_encoding_has_encoder(id) == 1) << e.name();
        // Every name is one of its encoding's labels.
        EXPECT_EQ(Encoding::for_label(e.name()), e) << e.name();
        EXPECT_TRUE(seen.insert(e).second);
    }
    EXPECT_EQ(Encoding::from_id(-1), std::nullopt);
    EXPECT_EQ(Encoding::from_id(whatenc_encoding_count()), std::nullopt);
    // The constants are the header's IDs.
    const std::pair<Encoding, int> constants[] = {
        {Encoding::utf_8, WHATENC_UTF_8}, {Encoding::ibm866, WHATENC_IBM866},
        {Encoding::iso_8859_2, WHATENC_ISO_8859_2}, {Encoding::iso_8859_3, WHATENC_ISO_8859_3},
        {Encoding::iso_8859_4, WHATENC_ISO_8859_4}, {Encoding::iso_8859_5, WHATENC_ISO_8859_5},
        {Encoding::iso_8859_6, WHATENC_ISO_8859_6}, {Encoding::iso_8859_7, WHATENC_ISO_8859_7},
        {Encoding::iso_8859_8, WHATENC_ISO_8859_8}, {Encoding::iso_8859_8_i, WHATENC_ISO_8859_8_I},
        {Encoding::iso_8859_10, WHATENC_ISO_8859_10}, {Encoding::iso_8859_13, WHATENC_ISO_8859_13},
        {Encoding::iso_8859_14, WHATENC_ISO_8859_14}, {Encoding::iso_8859_15, WHATENC_ISO_8859_15},
        {Encoding::iso_8859_16, WHATENC_ISO_8859_16}, {Encoding::koi8_r, WHATENC_KOI8_R},
        {Encoding::koi8_u, WHATENC_KOI8_U}, {Encoding::macintosh, WHATENC_MACINTOSH},
        {Encoding::windows_874, WHATENC_WINDOWS_874}, {Encoding::windows_1250, WHATENC_WINDOWS_1250},
        {Encoding::windows_1251, WHATENC_WINDOWS_1251}, {Encoding::windows_1252, WHATENC_WINDOWS_1252},
        {Encoding::windows_1253, WHATENC_WINDOWS_1253}, {Encoding::windows_1254, WHATENC_WINDOWS_1254},
        {Encoding::windows_1255, WHATENC_WINDOWS_1255}, {Encoding::windows_1256, WHATENC_WINDOWS_1256},
        {Encoding::windows_1257, WHATENC_WINDOWS_1257}, {Encoding::windows_1258, WHATENC_WINDOWS_1258},
        {Encoding::x_mac_cyrillic, WHATENC_X_MAC_CYRILLIC}, {Encoding::gbk, WHATENC_GBK},
        {Encoding::gb18030, WHATENC_GB18030}, {Encoding::big5, WHATENC_BIG5},
        {Encoding::euc_jp, WHATENC_EUC_JP}, {Encoding::iso_2022_jp, WHATENC_ISO_2022_JP},
        {Encoding::shift_jis, WHATENC_SHIFT_JIS}, {Encoding::euc_kr, WHATENC_EUC_KR},
        {Encoding::replacement, WHATENC_REPLACEMENT_ENCODING}, {Encoding::utf_16be, WHATENC_UTF_16BE},
        {Encoding::utf_16le, WHATENC_UTF_16LE}, {Encoding::x_user_defined, WHATENC_X_USER_DEFINED},
    };
    ASSERT_EQ(std::size(constants), 40u);
    for (const auto &[e, id] : constants) EXPECT_EQ(e.id(), id) << whatenc_encoding_name(id);
    static_assert(Encoding::shift_jis.id() == WHATENC_SHIFT_JIS, "constexpr constants");
    static_assert(Encoding::utf_8 < Encoding::ibm866 && Encoding::gbk != Encoding::gb18030, "comparison");
}

TEST(CppWrapper, Labels) {
    EXPECT_EQ(Encoding::for_label("bogus"), std::nullopt);
    EXPECT_EQ(Encoding::for_label(""), std::nullopt);
    EXPECT_EQ(Encoding::for_label(std::string_view("utf-8\0", 6)), std::nullopt);
    EXPECT_EQ(Encoding::for_label("utf8\xC2\xA0"), std::nullopt);
    EXPECT_EQ(Encoding::for_label("  UTF8\n"), Encoding::utf_8);
    EXPECT_EQ(Encoding::for_label("latin1"), Encoding::windows_1252);
    EXPECT_EQ(Encoding::for_label("sjis"), Encoding::shift_jis);
    EXPECT_EQ(Encoding::for_label("iso-2022-kr"), Encoding::replacement);
    EXPECT_EQ(Encoding::for_label("utf-16"), Encoding::utf_16le);
    const char *labels[] = {"unicode-1-1-utf-8", "cp866", "l2", "x-cp1251", "x-gbk", "csbig5", "ms_kanji", "x-user-defined"};
    for (const char *l : labels) {
        auto e = Encoding::for_label(l);
        ASSERT_TRUE(e) << l;
        EXPECT_EQ(e->id(), whatenc_encoding_for_label(l, strlen(l))) << l;
    }
    EXPECT_EQ(Encoding::bom_sniff("\xEF\xBB\xBFx"), Encoding::utf_8);
    EXPECT_EQ(Encoding::bom_sniff("\xFE\xFF"), Encoding::utf_16be);
    EXPECT_EQ(Encoding::bom_sniff(reinterpret_cast<const uint8_t *>("\xFF\xFE"), 2), Encoding::utf_16le);
    EXPECT_EQ(Encoding::bom_sniff("\xEF\xBB"), std::nullopt);
    EXPECT_EQ(Encoding::bom_sniff(""), std::nullopt);
    EXPECT_EQ(Encoding::bom_sniff(nullptr, 0), std::nullopt);
}

// ---------------------------------------------------------------- streaming

TEST(CppWrapper, DecodersMatchTheCApiInEveryEncoding) {
    std::mt19937 rng(20261201);
    for (Encoding e : all_encodings()) {
        for (int i = 0; i < 25; i++) {
            std::string in = decoder_input(rng, e);
            for (BomHandling bom : kBoms) {
                for (DecoderMode mode : kDecoderModes) {
                    for (bool utf16 : {false, true}) {
                        std::string ctx = describe(e, in, utf16 ? "decode to UTF-16" : "decode to UTF-8") +
                                          " bom " + std::to_string(c(bom)) + " mode " + std::to_string(c(mode));
                        wt::Result want = wt::decode(e.id(), c(bom), c(mode), in, 0, in.size() * 3 + 16, utf16);
                        Decoder d(e, bom, mode);
                        ASSERT_TRUE(d) << ctx;
                        // Two streams through one handle, reset between
                        // them half the time.
                        for (int stream = 0; stream < 2; stream++) {
                            if (stream == 1 && rng() % 2) {
                                ASSERT_EQ(d.reset(), Status::ok);
                            }
                            if (stream == 1 && want.status == WHATENC_MALFORMED) d.reset();
                            Outcome got = wrapper_decode(rng, d, in, utf16);
                            ASSERT_EQ(c(got.status), want.status) << ctx;
                            if (utf16) ASSERT_EQ(units(got.out16), want.out16) << ctx;
                            else ASSERT_EQ(got.out, want.out) << ctx << " got " << wt::hex(got.out);
                            ASSERT_EQ(got.replaced, want.replaced) << ctx;
                            ASSERT_EQ(got.error_offset, want.error_offset) << ctx;
                            ASSERT_EQ(got.malformed_len, want.malformed_len) << ctx;
                            ASSERT_EQ(d.encoding()->id(), want.used_encoding) << ctx;
                        }
                        // The one-shot functions: C's, the wrapper's.
                        uint8_t *out = nullptr;
                        size_t len = 0, offset = 0;
                        int used = -1;
                        int st = whatenc_decode_advanced(e.id(), c(bom), c(mode),
                                                         reinterpret_cast<const uint8_t *>(in.data()), in.size(),
                                                         &out, &len, &used, &offset);
                        std::string c_text = out ? std::string(reinterpret_cast<char *>(out), len) : "";
                        whatenc_free(out);
                        whatenc::Decoded one = whatenc::decode_advanced(in, e, bom, mode);
                        ASSERT_EQ(c(one.status), st) << ctx;
                        ASSERT_EQ(one.text, c_text) << ctx;
                        ASSERT_EQ(bool(one), st == WHATENC_OK) << ctx;
                        if (st == WHATENC_OK) {
                            ASSERT_EQ(one.encoding.id(), used) << ctx;
                        }
                        ASSERT_EQ(one.error_offset, offset) << ctx;
                        if (mode == DecoderMode::fatal) {
                            whatenc::Decoded f = whatenc::decode_fatal(in, e, bom);
                            ASSERT_EQ(f.status, one.status) << ctx;
                            ASSERT_EQ(f.text, one.text) << ctx;
                            ASSERT_EQ(f.error_offset, one.error_offset) << ctx;
                        }
                        if (utf16) {
                            whatenc::Decoded16 one16 = whatenc::decode_to_utf16(in, e, bom, mode);
                            ASSERT_EQ(c(one16.status), want.status) << ctx;
                            ASSERT_EQ(units(one16.text), want.out16) << ctx;
                            ASSERT_EQ(one16.error_offset, want.error_offset) << ctx;
                            ASSERT_EQ(one16.encoding.id(), want.used_encoding) << ctx;
                        }
                    }
                }
            }
            // The decode hook.
            uint8_t *out = nullptr;
            size_t len = 0;
            int used = -1;
            ASSERT_EQ(whatenc_decode(e.id(), reinterpret_cast<const uint8_t *>(in.data()), in.size(), &out, &len,
                                     &used),
                      WHATENC_OK);
            std::string c_text(reinterpret_cast<char *>(out), len);
            whatenc_free(out);
            whatenc::Decoded hook = whatenc::decode(in, e);
            ASSERT_TRUE(hook) << describe(e, in, "decode hook");
            EXPECT_EQ(hook.text, c_text) << describe(e, in, "decode hook");
            EXPECT_EQ(hook.encoding.id(), used) << describe(e, in, "decode hook");
            whatenc::Decoded hook2 = whatenc::decode(reinterpret_cast<const uint8_t *>(in.data()), in.size(), e);
            EXPECT_EQ(hook2.text, c_text);
        }
    }
}

TEST(CppWrapper, EncodersMatchTheCApiInEveryEncoding) {
    std::mt19937 rng(20261202);
    for (Encoding e : all_encodings()) {
        for (int i = 0; i < 25; i++) {
            std::string text = encoder_input(rng);
            wt::u16string text16 = wt::utf8_to_utf16(text);
            // Invalid UTF-8 (read as U+FFFD) and lone surrogates now and then.
            if (rng() % 4 == 0) text.insert(text.begin() + rng() % (text.size() + 1), char(0x80 + rng() % 0x80));
            if (rng() % 3 == 0) text16.insert(text16.begin() + rng() % (text16.size() + 1), 0xD800 + rng() % 0x800);
            std::u16string t16 = u16(text16);
            for (EncoderMode mode : kEncoderModes) {
                std::string ctx = describe(e, text, "encode") + " mode " + std::to_string(c(mode));
                wt::Result want = wt::encode(e.id(), c(mode), text, 0, text.size() * 12 + 16);
                wt::Result want16 = wt::encode16(e.id(), c(mode), text16, 0, text16.size() * 12 + 16);
                Encoder enc(e, mode);
                ASSERT_TRUE(enc) << ctx;
                for (int stream = 0; stream < 2; stream++) {
                    if (stream == 1 && (rng() % 2 || want.status == WHATENC_UNMAPPABLE)) enc.reset();
                    Outcome got = wrapper_encode(rng, enc, text);
                    ASSERT_EQ(c(got.status), want.status) << ctx;
                    ASSERT_EQ(got.out, want.out) << ctx << " got " << wt::hex(got.out);
                    ASSERT_EQ(got.replaced, want.replaced) << ctx;
                    ASSERT_EQ(uint32_t(got.unmappable), want.unmappable) << ctx;
                    ASSERT_EQ(enc.encoding()->id(), want.used_encoding) << ctx;
                }
                enc.reset();
                Outcome got16 = wrapper_encode(rng, enc, t16);
                ASSERT_EQ(c(got16.status), want16.status) << ctx << " (UTF-16)";
                ASSERT_EQ(got16.out, want16.out) << ctx << " (UTF-16)";
                ASSERT_EQ(uint32_t(got16.unmappable), want16.unmappable) << ctx << " (UTF-16)";

                // One-shot: C's whatenc_encode, the wrapper's encode and
                // encode_fatal; UTF-16 against the C handle.
                uint8_t *out = nullptr;
                size_t len = 0;
                uint32_t cp = 0;
                int st = whatenc_encode(e.id(), reinterpret_cast<const uint8_t *>(text.data()), text.size(), c(mode),
                                        &out, &len, &cp);
                std::string c_bytes = out ? std::string(reinterpret_cast<char *>(out), len) : "";
                whatenc_free(out);
                whatenc::Encoded one =
                    mode == EncoderMode::html ? whatenc::encode(text, e) : whatenc::encode_fatal(text, e);
                ASSERT_EQ(c(one.status), st) << ctx;
                ASSERT_EQ(one.bytes, c_bytes) << ctx;
                ASSERT_EQ(uint32_t(one.unmappable), cp) << ctx;
                ASSERT_EQ(one.encoding.id(), whatenc_encoding_output_encoding(e.id())) << ctx;
                whatenc::Encoded one16 =
                    mode == EncoderMode::html ? whatenc::encode(t16, e) : whatenc::encode_fatal(t16, e);
                ASSERT_EQ(c(one16.status), want16.status) << ctx << " (UTF-16)";
                ASSERT_EQ(one16.bytes, want16.out) << ctx << " (UTF-16)";
                ASSERT_EQ(uint32_t(one16.unmappable), want16.unmappable) << ctx << " (UTF-16)";
            }
        }
    }
}

TEST(CppWrapper, MaxLengths) {
    for (Encoding e : all_encodings()) {
        Decoder d(e);
        Encoder enc(e);
        for (size_t n : {size_t(0), size_t(1), size_t(1000)}) {
            size_t want = 0;
            ASSERT_EQ(whatenc_decoder_max_utf8_length(d.native_handle(), n, &want), WHATENC_OK);
            EXPECT_EQ(d.max_utf8_length(n), want);
            ASSERT_EQ(whatenc_decoder_max_utf16_length(d.native_handle(), n, &want), WHATENC_OK);
            EXPECT_EQ(d.max_utf16_length(n), want);
            ASSERT_EQ(whatenc_encoder_max_length_from_utf8(enc.native_handle(), n, &want), WHATENC_OK);
            EXPECT_EQ(enc.max_length_from_utf8(n), want);
            ASSERT_EQ(whatenc_encoder_max_length_from_utf16(enc.native_handle(), n, &want), WHATENC_OK);
            EXPECT_EQ(enc.max_length_from_utf16(n), want);
        }
        EXPECT_EQ(d.max_utf8_length(SIZE_MAX), std::nullopt) << e.name();
        EXPECT_EQ(d.max_utf16_length(SIZE_MAX), std::nullopt) << e.name();
        EXPECT_EQ(enc.max_length_from_utf8(SIZE_MAX), std::nullopt) << e.name();
        EXPECT_EQ(enc.max_length_from_utf16(SIZE_MAX), std::nullopt) << e.name();
    }
}

TEST(CppWrapper, EncodeInto) {
    char dst[4];
    whatenc::EncodeResult r = whatenc::encode_into(u"a\u00e9\U0001F600", dst, sizeof dst);
    EXPECT_EQ(r.status, Status::output_full);
    EXPECT_EQ(r.read, 2u);
    EXPECT_EQ(r.written, 3u);
    EXPECT_EQ(std::string(dst, r.written), "a\xC3\xA9");
    char big[16];
    r = whatenc::encode_into(u"a\u00e9\U0001F600", big, sizeof big);
    EXPECT_EQ(r.status, Status::ok);
    EXPECT_EQ(std::string(big, r.written), "a\xC3\xA9\xF0\x9F\x98\x80");
}

TEST(CppWrapper, Validation) {
    EXPECT_EQ(whatenc::utf8_valid_up_to("a\xC3\xA9"), 3u);
    EXPECT_EQ(whatenc::utf8_valid_up_to("a\xC3\xA9\xE3\x81"), 3u);
    EXPECT_EQ(whatenc::utf8_valid_up_to(std::string(1000, 'a') + "\xFF"), 1000u);
    EXPECT_EQ(whatenc::utf8_valid_up_to(""), 0u);
    EXPECT_EQ(whatenc::utf16_valid_up_to(u"a\U0001F600"), 3u);
    const char16_t lone[] = {u'a', 0xDC00, u'b'};
    EXPECT_EQ(whatenc::utf16_valid_up_to(std::u16string_view(lone, 3)), 1u);
}

// ---------------------------------------------------------------- fatal

TEST(CppWrapper, FatalVariants) {
    // UTF-8: "a" then a truncated sequence before "(".
    whatenc::Decoded d = whatenc::decode_fatal("a\xC3(", Encoding::utf_8);
    EXPECT_FALSE(d);
    EXPECT_EQ(d.status, Status::malformed);
    EXPECT_EQ(d.error_offset, 1u);
    EXPECT_STREQ(d.message(), whatenc_strerror(WHATENC_MALFORMED));
    whatenc::Decoded16 d16 = whatenc::decode_to_utf16("ab\xFF", Encoding::utf_8, BomHandling::sniff, DecoderMode::fatal);
    EXPECT_EQ(d16.status, Status::malformed);
    EXPECT_EQ(d16.error_offset, 2u);
    EXPECT_EQ(d16.text, u"ab");
    // Shift_JIS: a lead byte at the end.
    d = whatenc::decode_fatal("\x93\xfa\x96", Encoding::shift_jis);
    EXPECT_EQ(d.status, Status::malformed);
    EXPECT_EQ(d.error_offset, 2u);
    // Well-formed input, and a BOM choosing the encoding.
    d = whatenc::decode_fatal(std::string_view("\xFF\xFE" "a\0", 4), Encoding::windows_1252);
    EXPECT_TRUE(d);
    EXPECT_EQ(d.text, "a");
    EXPECT_EQ(d.encoding, Encoding::utf_16le);
    // The same with replacement.
    d = whatenc::decode("a\xC3(", Encoding::utf_8);
    EXPECT_TRUE(d);
    EXPECT_EQ(d.text, "a\xEF\xBF\xBD(");

    whatenc::Encoded e = whatenc::encode_fatal("caf\xC3\xA9 \xE2\x98\x83", Encoding::windows_1252);
    EXPECT_EQ(e.status, Status::unmappable);
    EXPECT_EQ(e.unmappable, U'\u2603');
    EXPECT_TRUE(e.bytes.empty());
    e = whatenc::encode("caf\xC3\xA9 \xE2\x98\x83", Encoding::windows_1252);
    EXPECT_TRUE(e);
    EXPECT_EQ(e.bytes, "caf\xE9 &#9731;");
    e = whatenc::encode_fatal(u"caf\u00e9 \u2603", Encoding::windows_1252);
    EXPECT_EQ(e.status, Status::unmappable);
    EXPECT_EQ(e.unmappable, U'\u2603');
    EXPECT_EQ(e.bytes, "caf\xE9 ");
    // Encoders write the output encoding.
    e = whatenc::encode("\xC3\xA9", Encoding::utf_16be);
    EXPECT_EQ(e.encoding, Encoding::utf_8);
    EXPECT_EQ(e.bytes, "\xC3\xA9");

    // Streaming: the error and going on after it.
    Decoder dec(Encoding::utf_8, BomHandling::remove, DecoderMode::fatal);
    std::string out;
    std::string_view in = "a\xFF" "b";
    whatenc::DecodeResult r = dec.decode_append(in, out, true);
    EXPECT_EQ(r.status, Status::malformed);
    EXPECT_EQ(r.read, 2u);
    EXPECT_EQ(r.malformed_len, 1u);
    EXPECT_EQ(r.consumed_after, 0u);
    r = dec.decode_append(in.substr(r.read), out, true);
    EXPECT_EQ(r.status, Status::ok);
    EXPECT_EQ(out, "ab");
    Encoder enc(Encoding::iso_8859_2, EncoderMode::fatal);
    std::string bytes;
    whatenc::EncodeResult er = enc.encode_append(u"x\u20acy", bytes, true);
    EXPECT_EQ(er.status, Status::unmappable);
    EXPECT_EQ(er.unmappable, U'\u20ac');
    er = enc.encode_append(std::u16string_view(u"x\u20acy").substr(er.read), bytes, true);
    EXPECT_EQ(er.status, Status::ok);
    EXPECT_EQ(bytes, "xy");
}

// ---------------------------------------------------------------- RAII

// Whether raw is a live decoder (or encoder) handle: a freed one is
// WHATENC_ERR_INVALID_HANDLE until a later *_new() reuses its slot, after
// 256 more frees (whatenc.h, "Handles").
bool live(whatenc_decoder *raw) { return whatenc_decoder_encoding(raw) >= 0; }
bool live(whatenc_encoder *raw) { return whatenc_encoder_encoding(raw) >= 0; }

void free_raw(whatenc_decoder *raw) { whatenc_decoder_free(raw); }
void free_raw(whatenc_encoder *raw) { whatenc_encoder_free(raw); }

template <typename T>
void self_move(T &a, T &b) {
    a = std::move(b);
}

template <typename Coder, typename Make>
void check_raii(Make make) {
    // Destruction frees.
    auto *raw = make().native_handle();  // a temporary, destroyed at once
    EXPECT_FALSE(live(raw)) << "the destructor did not free the handle";
    {
        Coder a = make();
        raw = a.native_handle();
        ASSERT_TRUE(live(raw));
    }
    EXPECT_FALSE(live(raw)) << "the destructor did not free the handle";

    // Move construction: the source is empty, the handle the same.
    Coder a = make();
    auto *ra = a.native_handle();
    Coder b(std::move(a));
    EXPECT_FALSE(a);
    EXPECT_FALSE(a.valid());
    EXPECT_EQ(a.native_handle(), nullptr);
    EXPECT_EQ(a.status(), Status::invalid_handle);
    EXPECT_EQ(b.native_handle(), ra);
    EXPECT_TRUE(b);
    EXPECT_EQ(b.status(), Status::ok);
    EXPECT_TRUE(live(ra));

    // Move assignment over a live object frees its handle.
    Coder c = make();
    auto *rc = c.native_handle();
    c = std::move(b);
    EXPECT_FALSE(live(rc)) << "move assignment leaked the assigned-to handle";
    EXPECT_EQ(c.native_handle(), ra);
    EXPECT_FALSE(b);
    EXPECT_TRUE(live(ra));

    // Self-move-assignment changes nothing.
    self_move(c, c);
    EXPECT_EQ(c.native_handle(), ra);
    EXPECT_TRUE(live(ra));
    EXPECT_EQ(c.reset(), Status::ok);

    // Moved-from objects: calls say invalid_handle; assigning to them and
    // moving them onto each other is fine.
    EXPECT_EQ(a.reset(), Status::invalid_handle);
    EXPECT_EQ(a.encoding(), std::nullopt);
    a = std::move(b);  // empty onto empty
    EXPECT_FALSE(a);
    a = make();
    EXPECT_TRUE(a);
    c = Coder();  // frees ra
    EXPECT_FALSE(live(ra)) << "assigning an empty object leaked the handle";
    EXPECT_FALSE(c);

    // swap and release.
    swap(a, c);
    EXPECT_FALSE(a);
    EXPECT_TRUE(c);
    auto *rel = c.release();
    EXPECT_FALSE(c);
    EXPECT_TRUE(live(rel));
    Coder().swap(c);
    EXPECT_TRUE(live(rel)) << "release() must leave the handle alive";
    free_raw(rel);
    EXPECT_FALSE(live(rel));
}

TEST(CppWrapper, DecoderRaii) {
    check_raii<Decoder>([] { return Decoder(Encoding::shift_jis, BomHandling::remove, DecoderMode::fatal); });
}

TEST(CppWrapper, EncoderRaii) {
    check_raii<Encoder>([] { return Encoder(Encoding::gb18030, EncoderMode::fatal); });
}

// Many objects created, moved through containers and destroyed: under
// ASan this also checks the wrapper's own memory; each handle must be
// freed when its last owner goes.
TEST(CppWrapper, CreateMoveDestroyLoops) {
    std::mt19937 rng(7);
    std::vector<whatenc_decoder *> freed_d;
    std::vector<whatenc_encoder *> freed_e;
    for (int round = 0; round < 50; round++) {
        std::vector<Decoder> ds;
        std::vector<Encoder> es;
        for (int i = 0; i < 100; i++) {
            Encoding e = *Encoding::from_id(int(rng() % 40));
            ds.emplace_back(e, kBoms[rng() % 3], kDecoderModes[rng() % 2]);
            es.emplace_back(e, kEncoderModes[rng() % 2]);  // reallocation moves the rest
            ASSERT_TRUE(ds.back());
            ASSERT_TRUE(es.back());
            if (rng() % 3 == 0) {
                size_t j = rng() % ds.size();
                if (ds[j]) freed_d.push_back(ds[j].native_handle());
                ds[j] = std::move(ds.back());
                ds.pop_back();
            }
            if (rng() % 3 == 0) {
                size_t j = rng() % es.size();
                Encoder tmp(std::move(es[j]));
                if (tmp) freed_e.push_back(tmp.native_handle());
            }
        }
        // Every live object still works.
        for (auto &d : ds) {
            if (!d) continue;
            std::string out;
            EXPECT_FALSE(whatenc::is_error(d.decode_append("abc", out, true).status));
            EXPECT_TRUE(d.encoding());
        }
        for (auto &d : ds)
            if (d) freed_d.push_back(d.native_handle());
        for (auto &e : es)
            if (e) freed_e.push_back(e.native_handle());
        ds.clear();
        es.clear();
        // Freed, checked before the next round's 200 new handles could
        // take their slots (the quarantine holds 256).
        for (auto *h : freed_d) ASSERT_FALSE(live(h)) << "a decoder handle leaked in round " << round;
        for (auto *h : freed_e) ASSERT_FALSE(live(h)) << "an encoder handle leaked in round " << round;
        freed_d.clear();
        freed_e.clear();
    }
}

// Empty objects and failed creation: every call reports the status.
TEST(CppWrapper, EmptyAndFailedObjects) {
    Decoder d;
    EXPECT_FALSE(d);
    EXPECT_EQ(d.status(), Status::invalid_handle);
    char buf[16];
    char16_t buf16[8];
    EXPECT_EQ(d.decode_to_utf8("abc", buf, sizeof buf, true).status, Status::invalid_handle);
    EXPECT_EQ(d.decode_to_utf16("abc", buf16, 8, true).status, Status::invalid_handle);
    std::string out;
    whatenc::DecodeResult r = d.decode_append("abc", out, true);
    EXPECT_EQ(r.status, Status::invalid_handle);
    EXPECT_EQ(r.read, 0u);
    EXPECT_TRUE(out.empty());
    EXPECT_EQ(d.max_utf8_length(1), std::nullopt);
    EXPECT_EQ(d.encoding(), std::nullopt);

    Encoder e;
    EXPECT_EQ(e.encode_from_utf8("abc", buf, sizeof buf, true).status, Status::invalid_handle);
    EXPECT_EQ(e.encode_from_utf16(u"abc", buf, sizeof buf, true).status, Status::invalid_handle);
    EXPECT_EQ(e.encode_append("abc", out, true).status, Status::invalid_handle);
    EXPECT_EQ(e.reset(), Status::invalid_handle);
    EXPECT_EQ(e.max_length_from_utf16(1), std::nullopt);

    // Out-of-range modes pass through to the C API, which rejects them.
    Decoder bad(Encoding::utf_8, static_cast<BomHandling>(7));
    EXPECT_FALSE(bad);
    EXPECT_EQ(bad.status(), Status::invalid_argument);
    EXPECT_EQ(Decoder(Encoding::utf_8, BomHandling::sniff, static_cast<DecoderMode>(WHATENC_HTML)).status(),
              Status::invalid_argument);
    Encoder bad_e(Encoding::utf_8, static_cast<EncoderMode>(WHATENC_REPLACEMENT));
    EXPECT_EQ(bad_e.status(), Status::invalid_argument);
    EXPECT_EQ(whatenc::encode(u"x", Encoding::utf_8, static_cast<EncoderMode>(9)).status, Status::invalid_argument);
    EXPECT_EQ(whatenc::decode_to_utf16("x", Encoding::utf_8, static_cast<BomHandling>(9)).status,
              Status::invalid_argument);
    EXPECT_EQ(whatenc::decode_advanced("x", Encoding::utf_8, BomHandling::keep, static_cast<DecoderMode>(9)).status,
              Status::invalid_argument);

    // Overlapping buffers: the C API's invalid_argument comes through.
    Decoder ok(Encoding::utf_8);
    char both[16] = "abcdef";
    EXPECT_EQ(ok.decode_to_utf8(std::string_view(both, 6), both + 2, 8, true).status, Status::invalid_argument);
}

// In a child forked after initialisation, the wrapper reports
// Status::forked (or nullopt) and does not hang.
TEST(CppWrapper, ForkedChild) {
    ASSERT_EQ(whatenc::init(), Status::ok);
    Decoder d(Encoding::utf_8);
    Encoder e(Encoding::windows_1252);
    ASSERT_TRUE(d);
    wt::expect_in_forked_child([&] {
        int bad = 0;
        bad += whatenc::init() != Status::forked;
        Decoder d2(Encoding::utf_8);
        bad += d2.valid() || d2.status() != Status::forked;
        Encoder e2(Encoding::utf_8);
        bad += e2.valid() || e2.status() != Status::forked;
        char buf[16];
        bad += d.decode_to_utf8("a", buf, sizeof buf, true).status != Status::forked;
        std::string out;
        bad += d.decode_append("a", out, true).status != Status::forked;
        bad += e.encode_from_utf8("a", buf, sizeof buf, true).status != Status::forked;
        bad += e.encode_append(u"a", out, true).status != Status::forked;
        bad += d.reset() != Status::forked;
        bad += d.encoding().has_value();
        bad += Encoding::for_label("utf-8").has_value();
        bad += whatenc::decode("a", Encoding::utf_8).status != Status::forked;
        bad += whatenc::decode_to_utf16("a", Encoding::utf_8).status != Status::forked;
        bad += whatenc::encode("a", Encoding::utf_8).status != Status::forked;
        bad += whatenc::encode(u"a", Encoding::utf_8).status != Status::forked;
        bad += whatenc::utf8_valid_up_to("a").has_value() || whatenc::utf16_valid_up_to(u"a").has_value();
        bad += !out.empty();
        return bad;  // d2, e2 and out: nothing for their destructors to do
    });
    EXPECT_EQ(d.encoding(), Encoding::utf_8);
}

}  // namespace

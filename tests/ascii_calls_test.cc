// The wrappers answer small streaming calls whose input is all ASCII
// without entering Go, while the handle's state passes ASCII through
// (capi/registry.h). These tests interleave such calls with calls that Go
// answers (non-ASCII input, inputs over the size limit, calls that leave
// part of a character pending, BOMs) and check that the stream's output is
// the one-call output, in every encoding, BOM mode and output form; that
// the calls the wrappers decode through a byte table get Go's answer; and
// that misuse gets the same status as from Go.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "helpers.h"
#include "whatenc.h"

namespace {

const uint8_t *u8(const std::string &s) { return reinterpret_cast<const uint8_t *>(s.data()); }

// Pieces of a stream: ASCII of every length around the wrapper's limit
// (512), bytes of the upper half, the escape and shift bytes ISO-2022-JP
// treats specially, and text encoded in the encoding itself.
std::vector<std::string> random_pieces(std::mt19937 &rng, int encoding) {
    static const char *texts[] = {"\xe3\x81\x82\xe4\xb8\x80", "\xd0\x96\xd0\xb8", "\xc3\xa9t\xc3\xa9",
                                  "\xf0\x9f\x98\x80", "\xea\xb0\x80", "\xe2\x82\xac"};
    std::vector<std::string> pieces;
    for (int k = 0; k < 24; k++) {
        std::string p;
        switch (rng() % 5) {
        case 0:
        case 1: {  // ASCII, sometimes over the limit
            size_t n = rng() % 3 == 0 ? 1 + rng() % 700 : 1 + rng() % 40;
            for (size_t i = 0; i < n; i++) p += char(0x20 + rng() % 0x5F);
            break;
        }
        case 2:  // bytes of any kind, ending anywhere (inside a character)
            for (size_t i = 0, n = 1 + rng() % 6; i < n; i++) p += char(rng() % 256);
            break;
        case 3:
            p = rng() % 2 ? "\x1b$B" : "\x0e\x1b(B\x0f";
            break;
        default: {  // text as the encoding writes it
            std::string text = texts[rng() % 6];
            uint8_t *out = nullptr;
            size_t len = 0;
            if (whatenc_encode(encoding, u8(text), text.size(), WHATENC_HTML, &out, &len, nullptr) == WHATENC_OK) {
                p.assign(reinterpret_cast<char *>(out), len);
                whatenc_free(out);
            }
            if (p.empty()) p = "x";
        }
        }
        pieces.push_back(p);
    }
    return pieces;
}

std::string decode_stream(whatenc_decoder *d, const std::vector<std::string> &pieces, bool utf16) {
    std::string out;
    std::vector<uint8_t> dst(8192);
    std::vector<uint16_t> dst16(8192);
    for (size_t k = 0; k <= pieces.size(); k++) {
        std::string in = k < pieces.size() ? pieces[k] : std::string();
        int last = k == pieces.size();
        whatenc_decode_info info;
        std::memset(&info, 0xA5, sizeof info);
        size_t n = in.size(), m = dst.size();
        int st = utf16 ? whatenc_decoder_decode_to_utf16(d, u8(in), &n, dst16.data(), &m, last, &info)
                       : whatenc_decoder_decode_to_utf8(d, u8(in), &n, dst.data(), &m, last, &info);
        EXPECT_EQ(st, WHATENC_OK);
        EXPECT_EQ(n, in.size());
        if (utf16) {
            out += wt::utf16_to_utf8(wt::u16string(dst16.begin(), dst16.begin() + m));
        } else {
            out.append(reinterpret_cast<char *>(dst.data()), m);
        }
        EXPECT_LE(info.replaced, 1);
    }
    return out;
}

TEST(AsciiCalls, DecodersInterleaved) {
    std::mt19937 rng(5);
    const whatenc_bom_mode boms[] = {WHATENC_BOM_SNIFF, WHATENC_BOM_REMOVE, WHATENC_BOM_KEEP};
    const char *prefixes[] = {"", "\xef\xbb\xbf", "\xff\xfe", "\xfe\xff", "\xef", "\xef\xbb"};
    for (int enc = 0; enc < whatenc_encoding_count(); enc++) {
        for (whatenc_bom_mode bom : boms) {
            for (int round = 0; round < 6; round++) {
                std::vector<std::string> pieces = random_pieces(rng, enc);
                pieces.insert(pieces.begin(), prefixes[round]);
                if (round % 2) pieces.insert(pieces.begin() + 1, "abc");  // ASCII right after a partial BOM
                std::string whole;
                for (const auto &p : pieces) whole += p;
                for (bool utf16 : {false, true}) {
                    SCOPED_TRACE(wt::name(enc) + " bom " + std::to_string(bom) + " round " +
                                 std::to_string(round) + (utf16 ? " UTF-16" : " UTF-8") + ": " + wt::hex(whole));
                    whatenc_decoder *d = nullptr, *one = nullptr;
                    ASSERT_EQ(whatenc_decoder_new(enc, bom, WHATENC_REPLACEMENT, &d), WHATENC_OK);
                    ASSERT_EQ(whatenc_decoder_new(enc, bom, WHATENC_REPLACEMENT, &one), WHATENC_OK);
                    std::string got = decode_stream(d, pieces, utf16);
                    std::string want = decode_stream(one, {whole}, utf16);
                    EXPECT_EQ(wt::hex(got), wt::hex(want));
                    // The decoder starts a new stream after the last call.
                    EXPECT_EQ(wt::hex(decode_stream(d, pieces, utf16)), wt::hex(want));
                    whatenc_decoder_free(d);
                    whatenc_decoder_free(one);
                }
            }
        }
    }
}

TEST(AsciiCalls, EncodersInterleaved) {
    std::mt19937 rng(7);
    for (int enc = 0; enc < whatenc_encoding_count(); enc++) {
        if (!whatenc_encoding_has_encoder(enc)) continue;
        for (int round = 0; round < 8; round++) {
            // UTF-8 text cut anywhere, inside characters too, and ASCII runs.
            std::vector<std::string> pieces;
            wt::u16string units;
            std::vector<size_t> cuts16;
            for (int k = 0; k < 20; k++) {
                std::string p;
                if (rng() % 2) {
                    for (size_t i = 0, n = 1 + rng() % (rng() % 4 ? 30 : 700); i < n; i++) p += char(0x20 + rng() % 0x5F);
                } else {
                    p = "\xe3\x81\x82\xd0\x96\xf0\x9f\x98\x80\xc3\xa9\xe2\x82\xac\x1b";
                    p = p.substr(rng() % p.size());
                }
                pieces.push_back(p);
            }
            std::string whole;
            for (const auto &p : pieces) whole += p;
            // Re-cut the text at random byte offsets (inside sequences).
            std::vector<std::string> recut;
            for (size_t i = 0; i < whole.size();) {
                size_t n = 1 + rng() % 40;
                if (rng() % 4 == 0) n = 1 + rng() % 700;
                recut.push_back(whole.substr(i, n));
                i += n;
            }
            units = wt::utf8_to_utf16(whole);
            SCOPED_TRACE(wt::name(enc) + " round " + std::to_string(round) + ": " + wt::hex(whole));
            std::string want, got, want16, got16;
            for (int pass = 0; pass < 4; pass++) {
                whatenc_encoder *e = nullptr;
                ASSERT_EQ(whatenc_encoder_new(enc, WHATENC_HTML, &e), WHATENC_OK);
                std::vector<uint8_t> dst(16384);
                std::string out;
                if (pass < 2) {
                    std::vector<std::string> in = pass == 0 ? std::vector<std::string>{whole} : recut;
                    for (size_t k = 0; k <= in.size(); k++) {
                        std::string s = k < in.size() ? in[k] : std::string();
                        size_t n = s.size(), m = dst.size();
                        ASSERT_EQ(whatenc_encoder_encode_from_utf8(e, u8(s), &n, dst.data(), &m, k == in.size(), nullptr), WHATENC_OK);
                        out.append(reinterpret_cast<char *>(dst.data()), m);
                    }
                } else {
                    // UTF-16 in one call, then in pieces, cutting surrogate
                    // pairs too.
                    for (size_t i = 0; i <= units.size();) {
                        size_t n = i == units.size() ? 0 : std::min(units.size() - i, size_t(1 + rng() % (rng() % 4 ? 20 : 600)));
                        if (pass == 2) n = units.size() - i;
                        size_t r = n, m = dst.size();
                        int last = i + n == units.size() && (n == 0);
                        ASSERT_EQ(whatenc_encoder_encode_from_utf16(e, units.data() + i, &r, dst.data(), &m, last, nullptr), WHATENC_OK);
                        out.append(reinterpret_cast<char *>(dst.data()), m);
                        if (last) break;
                        i += n;
                    }
                }
                (pass == 0 ? want : pass == 1 ? got : pass == 2 ? want16 : got16) = out;
                whatenc_encoder_free(e);
            }
            EXPECT_EQ(wt::hex(got), wt::hex(want));
            EXPECT_EQ(wt::hex(got16), wt::hex(want16));
        }
    }
}

// utf8_of is the code point c (a surrogate too: then not UTF-8) in UTF-8's
// form of one to four bytes.
std::string utf8_of(uint32_t c) {
    std::string out;
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | c >> 6), out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | c >> 12), out += char(0x80 | (c >> 6 & 0x3F)), out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | c >> 18), out += char(0x80 | (c >> 12 & 0x3F)), out += char(0x80 | (c >> 6 & 0x3F)),
            out += char(0x80 | (c & 0x3F));
    }
    return out;
}

// expect_gos_answer makes a decoder (encoding enc, the modes given), lets
// Go answer a first call with first (so that BOM handling is over), then
// makes the call with in and room units of output twice, on two such
// decoders: not the last (which the wrapper may answer) and the last
// (which Go always answers); for the input these tests give, the two must
// agree in output, lengths, status and info.
void expect_gos_answer(int enc, whatenc_bom_mode bom, whatenc_error_mode err, const std::string &first, const std::string &in,
                       bool utf16, size_t room) {
    size_t got_n[2], got_m[2];
    int got_st[2];
    whatenc_decode_info got_info[2];
    std::vector<uint8_t> out8[2] = {std::vector<uint8_t>(room), std::vector<uint8_t>(room)};
    std::vector<uint16_t> out16[2] = {std::vector<uint16_t>(room), std::vector<uint16_t>(room)};
    for (int last = 0; last < 2; last++) {
        whatenc_decoder *d = nullptr;
        ASSERT_EQ(whatenc_decoder_new(enc, bom, err, &d), WHATENC_OK);
        size_t n0 = first.size(), m0 = 8;
        uint8_t scratch[8];
        ASSERT_EQ(whatenc_decoder_decode_to_utf8(d, u8(first), &n0, scratch, &m0, 0, nullptr), WHATENC_OK);
        std::memset(&got_info[last], 0xA5, sizeof got_info[last]);
        got_n[last] = in.size(), got_m[last] = room;
        got_st[last] = utf16 ? whatenc_decoder_decode_to_utf16(d, u8(in), &got_n[last], out16[last].data(), &got_m[last], last, &got_info[last])
                             : whatenc_decoder_decode_to_utf8(d, u8(in), &got_n[last], out8[last].data(), &got_m[last], last, &got_info[last]);
        whatenc_decoder_free(d);
    }
    EXPECT_EQ(got_st[0], got_st[1]);
    EXPECT_EQ(got_n[0], got_n[1]);
    EXPECT_EQ(got_m[0], got_m[1]);
    EXPECT_EQ(got_info[0].replaced, got_info[1].replaced);
    EXPECT_EQ(got_info[0].malformed_len, got_info[1].malformed_len);
    EXPECT_EQ(got_info[0].consumed_after, got_info[1].consumed_after);
    if (utf16) {
        EXPECT_EQ(wt::u16string(out16[0].begin(), out16[0].begin() + std::min(got_m[0], room)),
                  wt::u16string(out16[1].begin(), out16[1].begin() + std::min(got_m[1], room)));
    } else {
        EXPECT_EQ(wt::hex(std::string(out8[0].begin(), out8[0].begin() + std::min(got_m[0], room))),
                  wt::hex(std::string(out8[1].begin(), out8[1].begin() + std::min(got_m[1], room))));
    }
}

// Decoders whose encoding maps every byte on its own (single-byte encodings,
// x-user-defined): a small streaming call with non-ASCII bytes is answered
// by the wrapper through the encoding's byte table unless a byte is an
// error or the output does not fit. Each call's output, lengths, status
// and info must be those of the same call made as the stream's last (which
// Go always answers), in every such encoding, both output forms and every
// output size around the exact one.
TEST(AsciiCalls, ByteTableCalls) {
    std::mt19937 rng(9);
    int covered = 0;
    for (int enc = 0; enc < whatenc_encoding_count(); enc++) {
        std::string name = wt::name(enc);
        bool single = enc >= WHATENC_IBM866 && enc <= WHATENC_X_MAC_CYRILLIC;
        if (!single && enc != WHATENC_X_USER_DEFINED) continue;
        covered++;
        for (int round = 0; round < 200; round++) {
            std::string in;
            size_t n = 1 + rng() % (round % 10 == 0 ? 600 : 24);
            for (size_t i = 0; i < n; i++) in += char(rng() % 3 ? 0x80 + rng() % 0x80 : rng() % 0x80);
            for (bool utf16 : {false, true}) {
                for (size_t room : {size_t(8192), 3 * n, n + 2, n, n > 1 ? n - 1 : 1}) {
                    SCOPED_TRACE(name + (utf16 ? " UTF-16" : " UTF-8") + " room " + std::to_string(room) + ": " + wt::hex(in));
                    expect_gos_answer(enc, WHATENC_BOM_REMOVE, round % 2 ? WHATENC_FATAL : WHATENC_REPLACEMENT, "a", in, utf16, room);
                }
            }
        }
    }
    EXPECT_EQ(covered, 29);  // 28 single-byte encodings and x-user-defined
}

// start_decoder_tables and start_encoder_table make a first small call to
// a new decoder or encoder of encoding enc, which Go answers and after which
// it builds the encoding's tables for the wrappers in the background (a few
// milliseconds; the callers wait for them).
void start_decoder_tables(int enc) {
    whatenc_decoder *d = nullptr;
    ASSERT_EQ(whatenc_decoder_new(enc, WHATENC_BOM_REMOVE, WHATENC_REPLACEMENT, &d), WHATENC_OK);
    uint8_t out[64];
    size_t n = 3, m = sizeof out;
    ASSERT_EQ(whatenc_decoder_decode_to_utf8(d, u8("\xb0\xa1\n"), &n, out, &m, 0, nullptr), WHATENC_OK);
    whatenc_decoder_free(d);
}

void start_encoder_table(int enc) {
    whatenc_encoder *e = nullptr;
    ASSERT_EQ(whatenc_encoder_new(enc, WHATENC_HTML, &e), WHATENC_OK);
    uint8_t out[64];
    size_t n = 3, m = sizeof out;
    ASSERT_EQ(whatenc_encoder_encode_from_utf8(e, u8("\xc3\xa9z"), &n, out, &m, 0, nullptr), WHATENC_OK);
    whatenc_encoder_free(e);
}

// gb18030_four_bytes returns a gb18030 four-byte sequence: one whose code
// point is in the BMP (pointers 0 to 39419, among them 7457, U+E7C7), past
// it (189000 to 1237575), one whose pointer has none (39420 to 188999, past
// 1237575), or one whose second, third or fourth byte is out of range.
std::string gb18030_four_bytes(std::mt19937 &rng) {
    uint32_t p;
    switch (rng() % 6) {
    case 0: p = rng() % 39420; break;
    case 1: {
        const uint32_t edges[] = {0, 7457, 39419, 39420, 188999, 189000, 1237575, 1237576};
        p = edges[rng() % 8];
        break;
    }
    case 2: p = 189000 + rng() % (1237575 - 189000 + 1); break;
    case 3: p = rng() % 2 ? 39420 + rng() % (189000 - 39420) : 1237576 + rng() % (1587600 - 1237576); break;
    default: {
        // A lead, 0x30 to 0x39, then a byte that is not a third byte or a
        // third byte and one that is not a fourth.
        std::string s{char(0x81 + rng() % 126), char(0x30 + rng() % 10)};
        const char edges[] = {'\x2F', '\x3A', '\x80', '\xFF'};
        if (rng() % 5 == 0) {
            // A second byte just outside 0x30 to 0x39 (then no pair either).
            s[1] = edges[rng() % 2];
            s += char(0x81 + rng() % 126);
            s += char(0x30 + rng() % 10);
        } else if (rng() % 2) {
            s += rng() % 2 ? edges[2 + rng() % 2] : char(0x30 + rng() % 0x51);
            s += char(0x30 + rng() % 10);
        } else {
            s += char(0x81 + rng() % 126);
            s += rng() % 2 ? edges[rng() % 2] : char(rng() % 2 ? 0x3A + rng() % 0xC6 : rng() % 0x30);
        }
        return s;
    }
    }
    return std::string{char(0x81 + p / 12600), char(0x30 + p / 1260 % 10), char(0x81 + p / 10 % 126), char(0x30 + p % 10)};
}

// Double-byte decoders (gb18030, GBK, Big5, EUC-JP, Shift_JIS, EUC-KR): once
// a first small call has had Go build the encoding's tables, a small
// streaming call of ASCII and mapped pairs (and for gb18030 and GBK,
// four-byte sequences whose pointer has a code point) is answered by the
// wrapper through them, and any other input (an error, a byte that is a
// character on its own, a sequence the input cuts) by Go. Each answer must
// be Go's: that of the same call made as the stream's last, in both output
// forms, with modes and rooms around the bound and around the output of a
// run of pairs (3 bytes for 2 in UTF-8). Inputs end with a newline, which
// completes no sequence, so that last does not change what they decode to.
TEST(AsciiCalls, PairTableCalls) {
    struct range { int enc, lead_lo, lead_hi, trail_lo, trail_hi; };
    const range encodings[] = {
        {WHATENC_GB18030, 0x81, 0xFE, 0x40, 0xFE}, {WHATENC_GBK, 0x81, 0xFE, 0x40, 0xFE},
        {WHATENC_BIG5, 0x81, 0xFE, 0x40, 0xFE},    {WHATENC_EUC_JP, 0xA1, 0xFE, 0xA1, 0xFE},
        {WHATENC_SHIFT_JIS, 0x81, 0xFC, 0x40, 0xFC}, {WHATENC_EUC_KR, 0x81, 0xFE, 0x41, 0xFE},
    };
    for (const range &r : encodings) start_decoder_tables(r.enc);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::mt19937 rng(13);
    for (const range &r : encodings) {
        bool four_bytes = r.enc == WHATENC_GB18030 || r.enc == WHATENC_GBK;
        for (int round = 0; round < 300; round++) {
            std::string in;
            size_t pieces = 1 + rng() % (round % 10 == 0 ? 200 : 10);
            bool bad = round % 4 >= 2;  // in both error modes
            for (size_t i = 0; i < pieces; i++) {
                if (bad && i == pieces / 2) {
                    for (int k = 0; k < 1 + int(rng() % 3); k++) in += char(0x80 + rng() % 0x80);
                } else if (rng() % 3 == 0) {
                    in += char(0x20 + rng() % 0x5F);
                } else if (four_bytes && rng() % 3 == 0) {
                    in += gb18030_four_bytes(rng);
                } else {
                    in += char(r.lead_lo + rng() % (r.lead_hi - r.lead_lo + 1));
                    in += char(r.trail_lo + rng() % (r.trail_hi - r.trail_lo + 1));
                }
            }
            in += "\n";
            size_t n = in.size();
            for (bool utf16 : {false, true}) {
                std::vector<size_t> rooms = utf16 ? std::vector<size_t>{8192, n + 2, n + 1, n, n - 1}
                                                  : std::vector<size_t>{8192, 2 * n + 4, 2 * n + 3, 3 * n / 2 + 4, 3 * n / 2 + 2,
                                                                        3 * n / 2 - 1, n + 2, n, n - 1};
                for (size_t room : rooms) {
                    SCOPED_TRACE(wt::name(r.enc) + (utf16 ? " UTF-16" : " UTF-8") + " room " + std::to_string(room) + ": " + wt::hex(in));
                    expect_gos_answer(r.enc, WHATENC_BOM_REMOVE, round % 2 ? WHATENC_FATAL : WHATENC_REPLACEMENT, "a", in, utf16, room);
                }
            }
        }
    }
}

// A four-byte gb18030 sequence that a small streaming call cuts (its input
// ends one, two or three bytes into it, the rest of the sequence in memory
// past the input) is left to Go, which keeps its bytes for the next call:
// the two calls decode what one call with the whole input does, in gb18030
// and GBK, to UTF-8 and to UTF-16.
TEST(AsciiCalls, FourByteSequenceCut) {
    const std::string seqs[] = {
        "\x81\x30\x81\x30",  // pointer 0, U+0080
        "\x84\x31\xA4\x39",  // pointer 39419, U+FFFF
        "\x94\x39\xFC\x36",  // U+1F600
    };
    const std::string prefix = "ab\xb0\xa1";  // ASCII and a pair the table maps
    for (int enc : {WHATENC_GB18030, WHATENC_GBK}) {
        start_decoder_tables(enc);
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        whatenc_decoder *d = nullptr;
        for (const std::string &seq : seqs) {
            const std::string whole = prefix + seq + "\n";
            for (size_t cut = 1; cut < 4; cut++) {
                SCOPED_TRACE(wt::name(enc) + " " + wt::hex(seq) + " cut after " + std::to_string(cut));
                for (bool utf16 : {false, true}) {
                    std::vector<uint16_t> want16(64), got16(64);
                    std::vector<uint8_t> want8(64), got8(64);
                    size_t want_m = 64;
                    ASSERT_EQ(whatenc_decoder_new(enc, WHATENC_BOM_REMOVE, WHATENC_FATAL, &d), WHATENC_OK);
                    size_t wn = whole.size();
                    ASSERT_EQ(utf16 ? whatenc_decoder_decode_to_utf16(d, u8(whole), &wn, want16.data(), &want_m, 1, nullptr)
                                    : whatenc_decoder_decode_to_utf8(d, u8(whole), &wn, want8.data(), &want_m, 1, nullptr),
                              WHATENC_OK);
                    whatenc_decoder_free(d);
                    ASSERT_EQ(whatenc_decoder_new(enc, WHATENC_BOM_REMOVE, WHATENC_FATAL, &d), WHATENC_OK);
                    size_t got_m = 0;
                    size_t first = prefix.size() + cut;
                    for (const auto &[from, len] : {std::pair<size_t, size_t>{0, first}, {first, whole.size() - first}}) {
                        size_t cn = len, cm = 64 - got_m;
                        const uint8_t *src = u8(whole) + from;
                        ASSERT_EQ(utf16 ? whatenc_decoder_decode_to_utf16(d, src, &cn, got16.data() + got_m, &cm, 0, nullptr)
                                        : whatenc_decoder_decode_to_utf8(d, src, &cn, got8.data() + got_m, &cm, 0, nullptr),
                                  WHATENC_OK);
                        EXPECT_EQ(cn, len);
                        got_m += cm;
                    }
                    whatenc_decoder_free(d);
                    ASSERT_EQ(got_m, want_m);
                    if (utf16) {
                        EXPECT_EQ(wt::u16string(got16.begin(), got16.begin() + got_m), wt::u16string(want16.begin(), want16.begin() + want_m));
                    } else {
                        EXPECT_EQ(wt::hex(std::string(got8.begin(), got8.begin() + got_m)), wt::hex(std::string(want8.begin(), want8.begin() + want_m)));
                    }
                }
            }
        }
    }
}

// iso2022jp_piece returns a piece of ISO-2022-JP: an escape sequence the
// standard names (most often), ASCII, a byte 0x21 to 0x7E (two make a
// pair in the leading byte state, one is a Katakana letter in its state),
// or if bad, one the standard does not name or a byte no state takes.
std::string iso2022jp_piece(std::mt19937 &rng, bool bad) {
    const char *const escapes[] = {"\x1b(B", "\x1b(J", "\x1b(I", "\x1b$@", "\x1b$B"};
    const char *const bad_escapes[] = {"\x1b(A", "\x1b$A", "\x1bx", "\x1b", "\x0e", "\x0f", "\x80", "\xfe", "\n"};
    if (bad) return bad_escapes[rng() % 9];
    switch (rng() % 4) {
    case 0: return escapes[rng() % 5];
    case 1: return std::string{char(0x21 + rng() % 0x5E), char(0x21 + rng() % 0x5E)};
    case 2: {
        // A byte, often at the edge of Katakana's range (0x21 to 0x5F) or
        // a pair's (0x21 to 0x7E).
        const char edges[] = {'\x20', '\x21', '\x5f', '\x60', '\x7e', '\x7f'};
        return std::string(1, rng() % 2 ? edges[rng() % 6] : char(0x21 + rng() % 0x5E));
    }
    default: return std::string(1, "ab\\~ \t"[rng() % 6]);
    }
}

// ISO-2022-JP decoders at rest in the ASCII state (after a first call of
// ASCII): a small streaming call whose input has no error and returns to
// that state is answered by the wrapper (escape sequences, ASCII, Roman,
// Katakana, pairs through EUC-JP's table), any other by Go. Each answer
// must be Go's: that of the same call made as the stream's last, in both
// output forms and error modes, with rooms around the bound (3 bytes or 1
// unit a byte, plus 4 or 2), every byte after each escape sequence and
// every escape sequence of three bytes.
// Most random inputs end with ESC ( B and a newline,
// which returns to the ASCII state; the others end where they end, with a
// newline, after which last changes nothing.
TEST(AsciiCalls, ISO2022JPCalls) {
    start_decoder_tables(WHATENC_EUC_JP);
    start_decoder_tables(WHATENC_ISO_2022_JP);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    // Go's answer to in (after "a"), from a call that is not the last.
    auto expect = [](const std::string &in, bool fatal, bool utf16, size_t room) {
        SCOPED_TRACE(std::string(utf16 ? "UTF-16" : "UTF-8") + " room " + std::to_string(room) + ": " + wt::hex(in));
        expect_gos_answer(WHATENC_ISO_2022_JP, WHATENC_BOM_REMOVE, fatal ? WHATENC_FATAL : WHATENC_REPLACEMENT, "a", in, utf16,
                          room);
    };
    std::mt19937 rng(17);
    for (int round = 0; round < 1500; round++) {
        std::string in;
        size_t pieces = 1 + rng() % (round % 10 == 0 ? 80 : 10);
        bool bad = round % 4 == 3;
        for (size_t i = 0; i < pieces; i++) in += iso2022jp_piece(rng, bad && i == pieces / 2);
        if (round % 5 != 4) in += "\x1b(B";
        in += round % 3 ? "x\n" : "\n";
        size_t n = in.size();
        for (bool utf16 : {false, true}) {
            std::vector<size_t> rooms = utf16 ? std::vector<size_t>{8192, n + 2, n + 1, n, n - 1}
                                              : std::vector<size_t>{8192, 3 * n + 4, 3 * n + 3, 2 * n, n + 2, n, n - 1};
            for (size_t room : rooms) expect(in, round % 2, utf16, room);
        }
    }
    // Every byte after each escape sequence, alone and before a byte that
    // makes a pair with it, then back to rest.
    const char *const escapes[] = {"\x1b(B", "\x1b(J", "\x1b(I", "\x1b$@", "\x1b$B"};
    for (const char *escape : escapes) {
        for (int b = 0; b < 256; b++) {
            for (const char *after : {"", "!"}) {
                std::string in = std::string("a") + escape + char(b) + after + "\x1b(Bx\n";
                for (bool utf16 : {false, true}) expect(in, b % 2, utf16, 8192);
            }
        }
    }
    // Every escape sequence ESC $ or ESC ( and a byte (the standard names
    // five), and ESC and every other byte, before "!!" (a pair, two
    // Katakana letters, or ASCII).
    for (int lead = 0; lead < 256; lead++) {
        for (int b = 0; b < 256; b++) {
            if (lead != 0x24 && lead != 0x28 && b > 0) continue;
            std::string in = std::string("a\x1b") + char(lead) + char(b) + "!!\x1b(Bx\n";
            for (bool utf16 : {false, true}) expect(in, b % 2, utf16, 8192);
        }
    }
}

// expect_gos_encoder_answer makes the call with in (UTF-8, or UTF-16 if
// utf16) and room bytes of output twice, on two new encoders (encoding enc,
// error mode err): not the last (which the wrapper may answer) and the last
// (which Go always answers; these encoders write nothing at the end). For
// the input these tests give the two must agree in output, lengths,
// status and info.
void expect_gos_encoder_answer(int enc, whatenc_error_mode err, const std::string &in, const wt::u16string &in16,
                               bool utf16, size_t room) {
    size_t got_n[2], got_m[2];
    int got_st[2];
    whatenc_encode_info got_info[2];
    std::vector<uint8_t> out[2] = {std::vector<uint8_t>(room), std::vector<uint8_t>(room)};
    for (int last = 0; last < 2; last++) {
        whatenc_encoder *e = nullptr;
        ASSERT_EQ(whatenc_encoder_new(enc, err, &e), WHATENC_OK);
        std::memset(&got_info[last], 0xA5, sizeof got_info[last]);
        got_n[last] = utf16 ? in16.size() : in.size(), got_m[last] = room;
        got_st[last] = utf16 ? whatenc_encoder_encode_from_utf16(e, in16.data(), &got_n[last], out[last].data(), &got_m[last], last, &got_info[last])
                             : whatenc_encoder_encode_from_utf8(e, u8(in), &got_n[last], out[last].data(), &got_m[last], last, &got_info[last]);
        whatenc_encoder_free(e);
    }
    EXPECT_EQ(got_st[0], got_st[1]);
    EXPECT_EQ(got_n[0], got_n[1]);
    EXPECT_EQ(got_m[0], got_m[1]);
    EXPECT_EQ(got_info[0].replaced, got_info[1].replaced);
    EXPECT_EQ(got_info[0].unmappable, got_info[1].unmappable);
    EXPECT_EQ(wt::hex(std::string(out[0].begin(), out[0].begin() + std::min(got_m[0], room))),
              wt::hex(std::string(out[1].begin(), out[1].begin() + std::min(got_m[1], room))));
}

// expect_encoder_answers checks expect_gos_encoder_answer for the code
// points cps as UTF-8 and as UTF-16 input, with rooms around the output's
// length. Lone surrogates are in the UTF-8 as their three bytes (invalid
// UTF-8); from 0x110000, "code points" stand for bytes that are not UTF-8
// (overlong forms, a stray continuation byte, a byte never in UTF-8) and,
// in UTF-16, for a lone low surrogate; 0x110005 and 0x110006 for two low
// surrogates and for two high ones before a low one.
void expect_encoder_answers(int enc, whatenc_error_mode err, const std::vector<uint32_t> &cps) {
    std::string in;  // UTF-8, lone surrogates as their three bytes (invalid UTF-8)
    wt::u16string in16;
    for (uint32_t c : cps) {
        static const char *not_utf8[] = {"\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\x80", "\xff",
                                         "\xed\xb0\x80\xed\xb0\x80", "\xed\xa0\x80\xed\xa0\x80\xed\xb0\x80",
                                         "\xed\xaf\xbf\xee\x80\x80"};
        if (c == 0x110005) {
            in16.push_back(0xDC00), in16.push_back(0xDC00);
        } else if (c == 0x110006) {
            in16.push_back(0xD800), in16.push_back(0xD800), in16.push_back(0xDC00);
        } else if (c == 0x110007) {
            in16.push_back(0xDBFF), in16.push_back(0xE000);  // a high surrogate, then just past the low ones
        } else if (c >= 0x110000) {
            in16.push_back(0xDFFF);
        }
        if (c >= 0x110000) {
            in += not_utf8[c - 0x110000];
            continue;
        }
        in += utf8_of(c);
        if (c < 0x10000) {
            in16.push_back(uint16_t(c));
        } else {
            in16.push_back(uint16_t(0xD800 + ((c - 0x10000) >> 10))), in16.push_back(uint16_t(0xDC00 + ((c - 0x10000) & 0x3FF)));
        }
    }
    for (bool utf16 : {false, true}) {
        size_t n = utf16 ? in16.size() : in.size();
        // The whole output's length, from Go.
        wt::Result whole = utf16 ? wt::encode16(enc, WHATENC_HTML, in16, 0, 8192) : wt::encode(enc, WHATENC_HTML, in, 0, 8192);
        size_t len = whole.out.size();
        std::vector<size_t> rooms = {size_t(8192), 2 * n + 1, len + 1, len, len > 0 ? len - 1 : 0, n};
        if (len <= 48) {
            // Short output: every room, so that one ends inside each
            // character's bytes (a numeric character reference's too).
            for (size_t room = 1; room < len; room++) rooms.push_back(room);
        }
        for (size_t room : rooms) {
            if (room == 0) continue;
            SCOPED_TRACE(wt::name(enc) + (utf16 ? " from UTF-16" : " from UTF-8") + " room " + std::to_string(room) + ": " + wt::hex(in));
            expect_gos_encoder_answer(enc, err, in, in16, utf16, room);
        }
    }
}

// Encoders with a table (the single-byte encodings, x-user-defined, gb18030,
// GBK, Big5, EUC-JP, Shift_JIS, EUC-KR): once a first small call has had Go
// build the encoding's table, a small streaming call whose characters the
// table maps (for gb18030 also in four bytes, and those past U+FFFF) is
// answered by the wrapper, anything else (unmappable, past U+FFFF but for
// gb18030, U+E5E5 in gb18030, invalid UTF-8, lone surrogates, output that
// does not fit) by Go. Each answer must be Go's, from UTF-8 and
// UTF-16, in both modes, with rooms around the output's length. The
// characters come from decoding random bytes in the encoding; inputs end
// with ASCII, so that last does not change what they encode to.
TEST(AsciiCalls, EncodeTableCalls) {
    std::vector<int> encodings = {WHATENC_X_USER_DEFINED, WHATENC_GB18030, WHATENC_GBK, WHATENC_BIG5,
                                  WHATENC_EUC_JP, WHATENC_SHIFT_JIS, WHATENC_EUC_KR};
    for (int enc = WHATENC_IBM866; enc <= WHATENC_X_MAC_CYRILLIC; enc++) encodings.push_back(enc);
    for (int enc : encodings) start_encoder_table(enc);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::mt19937 rng(17);
    for (int enc : encodings) {
        bool single = enc != WHATENC_GB18030 && enc != WHATENC_GBK && enc != WHATENC_BIG5 && enc != WHATENC_EUC_JP &&
                      enc != WHATENC_SHIFT_JIS && enc != WHATENC_EUC_KR;
        for (int round = 0; round < 60; round++) {
            std::vector<uint32_t> cps;
            size_t chars = 1 + rng() % (round % 10 == 0 ? 150 : 10);
            bool bad = round % 4 >= 2;  // in both error modes
            for (size_t i = 0; i < chars; i++) {
                if (bad && i == chars / 2) {
                    // Lone surrogates (in UTF-8, their three bytes), past
                    // U+FFFF, characters few encodings have, and (from
                    // 0x110000) UTF-8 that is not: overlong forms, a stray
                    // continuation byte, a byte never in UTF-8, and in
                    // UTF-16 surrogates out of order.
                    static const uint32_t bads[] = {0xD800,   0xDC00,   0x1F600,  0x2603,   0xFFFD,   0x10FFFF, 0x0E01,   0x110000,
                                                    0x110001, 0x110002, 0x110003, 0x110004, 0x110005, 0x110006, 0x110007};
                    cps.push_back(bads[rng() % 15]);
                } else if (rng() % 3 == 0) {
                    cps.push_back(0x20 + rng() % 0x5F);
                } else if ((enc == WHATENC_GB18030 || enc == WHATENC_GBK) && rng() % 4 == 0) {
                    // Past U+FFFF: four bytes in gb18030, unmappable in GBK.
                    const uint32_t edges[] = {0x10000, 0x10FFFF, 0x1F600};
                    cps.push_back(rng() % 2 ? edges[rng() % 3] : 0x10000 + rng() % 0x100000);
                } else if ((enc == WHATENC_GB18030 || enc == WHATENC_GBK) && rng() % 3 == 0) {
                    // Code points below U+10000 that index gb18030 lacks:
                    // four bytes in gb18030 (a range's first and last, U+E7C7
                    // with its own pointer, U+FFFF), an error (U+E5E5) or
                    // unmappable in GBK; or any (most are in the index).
                    const uint32_t edges[] = {0x80, 0xA3, 0xA5, 0xA6, 0x452, 0x2010, 0x2011, 0xE5E5, 0xE7C7, 0xE7C8, 0xFFFF, 0xFFFE, 0xD7FF, 0x9FA6};
                    uint32_t c = 0x80 + rng() % 0xFF80;
                    if (c >= 0xD800 && c < 0xE000) c = 0xE000;
                    cps.push_back(rng() % 2 ? edges[rng() % (sizeof edges / sizeof *edges)] : c);
                } else {
                    // A character of the encoding: random bytes decoded (for
                    // the double-byte encodings, now and then one byte: a
                    // character they write in one byte, as Shift_JIS does
                    // halfwidth katakana).
                    uint8_t b[2] = {uint8_t(0x80 + rng() % 0x80), uint8_t(0x40 + rng() % 0xC0)};
                    uint8_t *o = nullptr;
                    size_t len = 0;
                    uint32_t c = 0x3042;
                    size_t blen = single || rng() % 4 == 0 ? 1 : 2;
                    if (whatenc_decode_advanced(enc, WHATENC_BOM_KEEP, WHATENC_FATAL, b, blen, &o, &len, nullptr, nullptr) == WHATENC_OK) {
                        wt::u16string u = wt::utf8_to_utf16(std::string(reinterpret_cast<char *>(o), len));
                        if (u.size() == 1) c = u[0];
                        // Past U+FFFF: Big5's pairs that index Big5 maps there.
                        if (u.size() == 2 && u[0] >= 0xD800 && u[0] < 0xDC00)
                            c = 0x10000 + ((u[0] - 0xD800u) << 10) + (u[1] - 0xDC00u);
                    }
                    whatenc_free(o);
                    cps.push_back(c);
                }
            }
            cps.push_back('z');
            expect_encoder_answers(enc, round % 2 ? WHATENC_FATAL : WHATENC_HTML, cps);
        }
    }
}

// ISO-2022-JP encoders in their ASCII state: once a first small call has
// had Go build the encoding's table, a small streaming call whose input
// leaves the encoder in the ASCII state is answered by the wrapper, which
// switches states with escape sequences as the standard's encoder does
// (Roman for U+00A5 and U+203E, jis0208 for index jis0208's code points,
// halfwidth Katakana and U+2212 through their fullwidth forms), with the
// errors (U+000E, U+000F and U+001B outside jis0208, unmappable code
// points) as "&#NNNN;" in the HTML mode; any other call by Go. Each answer
// must be Go's, from UTF-8 and UTF-16, in both modes, with rooms around
// the output's length (every room for short outputs). Inputs end with a
// letter in jis0208 and an ASCII one, which return the encoder to the
// ASCII state, so that last does not change what they encode to. Then the
// same text in chunks of every size, each call not the last but the end:
// the output must be that of one call, whatever state a chunk ends in.
TEST(AsciiCalls, ISO2022JPEncoderCalls) {
    start_encoder_table(WHATENC_ISO_2022_JP);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    std::mt19937 rng(23);
    for (int round = 0; round < 400; round++) {
        std::vector<uint32_t> cps;
        size_t len = 1 + rng() % (round % 10 == 0 ? 40 : 8);
        for (size_t i = 0; i < len; i++) {
            switch (rng() % 10) {
            case 0: cps.push_back("ax \n\\~"[rng() % 6]); break;
            case 1: cps.push_back(rng() % 2 ? 0xA5 : 0x203E); break;
            case 2: cps.push_back(0xFF61 + rng() % 0x3F); break;     // halfwidth Katakana
            case 3: cps.push_back(rng() % 2 ? 0x2212 : 0xFF0D); break;
            case 4: cps.push_back(0x3041 + rng() % 0x56); break;     // Hiragana
            case 5: cps.push_back(0x4E00 + rng() % 0x5200); break;   // CJK ideographs, some not in jis0208
            case 6: cps.push_back(rng() % 2 ? 0x0E + rng() % 2 : 0x1B); break;  // errors outside jis0208
            case 7: cps.push_back(rng() % 2 ? 0xE9 : 0x1F600); break;           // unmappable
            case 8: cps.push_back(rng() % 4 ? 0x3000 + rng() % 0x100 : 0x110000 + rng() % 8); break;
            default: cps.push_back(0x20 + rng() % 0x5F);
            }
        }
        cps.push_back(0x3042);
        cps.push_back('x');
        expect_encoder_answers(WHATENC_ISO_2022_JP, round % 2 ? WHATENC_FATAL : WHATENC_HTML, cps);
        std::string in;
        for (uint32_t c : cps)
            if (c < 0x110000 && (c < 0xD800 || c > 0xDFFF)) in += utf8_of(c);
        wt::Result whole = wt::encode(WHATENC_ISO_2022_JP, WHATENC_HTML, in, 0, 8192);
        for (size_t chunk = 1; chunk <= in.size() && chunk <= 24; chunk++) {
            SCOPED_TRACE("chunks of " + std::to_string(chunk) + ": " + wt::hex(in));
            wt::Result got = wt::encode(WHATENC_ISO_2022_JP, WHATENC_HTML, in, chunk, 8192);
            EXPECT_EQ(wt::hex(got.out), wt::hex(whole.out));
            EXPECT_EQ(got.status, whole.status);
        }
    }
}

// A surrogate pair that a small streaming call to the gb18030 encoder cuts
// (its UTF-16 input ends at the high surrogate, the low one in memory past
// it) is left to Go, which keeps the high surrogate for the next call: the
// two calls encode what one call with the whole input does. Surrogates out
// of order are Go's too.
TEST(AsciiCalls, GB18030Surrogates) {
    start_encoder_table(WHATENC_GB18030);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    whatenc_encoder *e = nullptr;
    const wt::u16string whole = {'a', 0x4E2D, 0xD83D, 0xDE00, 'z'};  // a, U+4E2D, U+1F600, z
    uint8_t want[64], got[64];
    size_t want_m = sizeof want, wn = whole.size();
    ASSERT_EQ(whatenc_encoder_new(WHATENC_GB18030, WHATENC_FATAL, &e), WHATENC_OK);
    ASSERT_EQ(whatenc_encoder_encode_from_utf16(e, whole.data(), &wn, want, &want_m, 1, nullptr), WHATENC_OK);
    whatenc_encoder_free(e);
    ASSERT_EQ(whatenc_encoder_new(WHATENC_GB18030, WHATENC_FATAL, &e), WHATENC_OK);
    size_t got_m = 0;
    for (const auto &[from, len] : {std::pair<size_t, size_t>{0, 3}, {3, 2}}) {
        size_t cn = len, cm = sizeof got - got_m;
        ASSERT_EQ(whatenc_encoder_encode_from_utf16(e, whole.data() + from, &cn, got + got_m, &cm, 0, nullptr), WHATENC_OK);
        EXPECT_EQ(cn, len);
        got_m += cm;
    }
    whatenc_encoder_free(e);
    EXPECT_EQ(wt::hex(std::string(got, got + got_m)), wt::hex(std::string(want, want + want_m)));
    // And surrogates out of order, or at the edges, among characters the
    // wrapper encodes: two low ones, two high ones and a low one, a high one
    // before U+E000; U+10000, U+10FFFF.
    for (uint32_t c : {0x110005u, 0x110006u, 0x110007u, 0x10000u, 0x10FFFFu}) {
        for (whatenc_error_mode err : {WHATENC_FATAL, WHATENC_HTML}) {
            expect_encoder_answers(WHATENC_GB18030, err, {'a', 0x1F600, c, 0x4E2D, 'z'});
        }
    }
}

// Encoders whose output encoding is UTF-8 (UTF-8, UTF-16BE, UTF-16LE,
// replacement): a small streaming call whose input is valid and complete
// is answered by the wrapper (UTF-8 copied, UTF-16 converted), anything
// else (invalid UTF-8, lone surrogates, output that does not fit) by Go.
// Each answer must be Go's; code points from every range, in the first
// call to a new encoder and, from UTF-16, with surrogate pairs.
TEST(AsciiCalls, UTF8EncoderCalls) {
    std::mt19937 rng(19);
    static const uint32_t ranges[][2] = {{0x20, 0x7E}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}};
    for (int enc : {int(WHATENC_UTF_8), int(WHATENC_UTF_16BE), int(WHATENC_UTF_16LE), int(WHATENC_REPLACEMENT)}) {
        for (int round = 0; round < 400; round++) {
            std::vector<uint32_t> cps;
            size_t chars = 1 + rng() % (round % 10 == 0 ? 150 : 10);
            for (size_t i = 0; i < chars; i++) {
                if (round % 4 == 3 && i == chars / 2) {
                    static const uint32_t bads[] = {0xD800, 0xDBFF, 0xDC00, 0x110000, 0x110001, 0x110002, 0x110003, 0x110004,
                                                    0x110005, 0x110006};
                    cps.push_back(bads[rng() % 10]);
                } else {
                    const uint32_t *r = ranges[rng() % 5];
                    cps.push_back(r[0] + rng() % (r[1] - r[0] + 1));
                }
            }
            cps.push_back('z');
            expect_encoder_answers(enc, round % 2 ? WHATENC_FATAL : WHATENC_HTML, cps);
        }
    }
}

// UTF-16 decoders (from UTF-16LE and UTF-16BE, and from a decoder whose BOM
// sniffing found one): a small streaming call of whole code units of valid
// UTF-16 (and in the replacement mode, lone surrogates) is answered by the
// wrapper; lone surrogates in the fatal mode, an odd byte at the end and
// output that might not fit Go's rule go to Go. Each answer must
// be Go's (the same call as the last): the inputs end with a whole unit
// that is not a high surrogate, so that last changes nothing.
TEST(AsciiCalls, UTF16Calls) {
    std::mt19937 rng(23);
    static const uint32_t ranges[][2] = {{0x20, 0x7E}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}};
    for (int round = 0; round < 1600; round++) {
        bool be = round % 2 == 0, sniffed = round % 3 == 0;
        std::string in;
        auto unit = [&](uint32_t u) { in += be ? std::string{char(u >> 8), char(u)} : std::string{char(u), char(u >> 8)}; };
        size_t chars = 1 + rng() % (round % 10 == 0 ? 150 : 12);
        for (size_t i = 0; i < chars; i++) {
            if (round % 4 == 3 && i == chars / 2) {
                // A lone surrogate, a low one first, two high ones.
                static const std::vector<uint32_t> bads[] = {{0xD800}, {0xDFFF}, {0xDC00, 0xD800, 0xDC00}, {0xD800, 0xD800, 0xDC00}, {0xDC00, 0xDC00},
                                                             {0xDBFF, 0xE000}, {0xD800, 0x41}, {0xDBFF, 0xD7FF}, {0xD800, 0xDBFF}};
                for (uint32_t u : bads[rng() % (sizeof bads / sizeof bads[0])]) unit(u);
                continue;
            }
            const uint32_t *r = ranges[rng() % 5];
            uint32_t c = r[0] + rng() % (r[1] - r[0] + 1);
            if (c >= 0x10000) {
                unit(0xD800 + ((c - 0x10000) >> 10)), unit(0xDC00 + ((c - 0x10000) & 0x3FF));
            } else {
                unit(c);
            }
        }
        unit('z');
        size_t n = in.size();
        std::string first = be ? std::string("\xfe\xff\0a", 4) : std::string("\xff\xfe" "a\0", 4);
        if (!sniffed) first = first.substr(2);
        for (bool utf16 : {false, true}) {
            // Rooms around the bound, and around the whole output's length.
            size_t len = wt::decode(be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, in, 0, 8192, utf16).out.size();
            std::vector<size_t> rooms = utf16 ? std::vector<size_t>{8192, n + 1, n, n / 2 + 2, n / 2 + 1}
                                              : std::vector<size_t>{8192, n + n / 2 + 4, n + n / 2 + 3, len + 4, len + 2, len - 1, n + 1, n};
            for (size_t room : rooms) {
                SCOPED_TRACE(std::string(be ? "UTF-16BE" : "UTF-16LE") + (sniffed ? " sniffed" : "") + (utf16 ? " to UTF-16" : " to UTF-8") +
                             " room " + std::to_string(room) + ": " + wt::hex(in));
                expect_gos_answer(sniffed ? WHATENC_WINDOWS_1252 : be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE,
                                  sniffed ? WHATENC_BOM_SNIFF : WHATENC_BOM_REMOVE, round % 5 == 1 ? WHATENC_FATAL : WHATENC_REPLACEMENT,
                                  first, in, utf16, room);
            }
        }
    }
}

// Misuse with ASCII input, small enough for the wrappers: the statuses Go
// gives.
// utf8_piece returns a random valid UTF-8 character of 1 to 4 bytes, or,
// when bad, one of the byte strings a UTF-8 decoder must not pass through
// (an overlong form, a surrogate, past U+10FFFF, a stray continuation byte,
// a sequence cut short by an ASCII byte or by another sequence's lead, each
// first byte's bounds), or a U+FFFD that is in the input.
std::string utf8_piece(std::mt19937 &rng, bool bad) {
    if (bad) {
        static const char *bads[] = {"\xc0\xaf", "\xc1\xbf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
                                     "\xf0\x8f\xbf\xbf", "\x80", "\xbf", "\xe3\x81" "a", "\xf0\x9f\x98" "a", "\xff", "\xf8\x88\x80\x80\x80",
                                     "\xe0\x9f\xbf", "\xe0\xa0\x80", "\xed\x9f\xbf", "\xf0\x90\x80\x80", "\xf4\x8f\xbf\xbf", "\xf5\x80",
                                     "\xc2\xe3\x81\x82", "\xf1\x80\xc3\xa9", "\xe3\xc0", "\xef\xbf\xbd", "\xdf"};
        return bads[rng() % (sizeof bads / sizeof bads[0])];
    }
    static const uint32_t ranges[][2] = {{0x20, 0x7E}, {0x80, 0x7FF}, {0x800, 0xD7FF}, {0xE000, 0xFFFF}, {0x10000, 0x10FFFF}};
    const uint32_t *r = ranges[rng() % 5];
    uint32_t c = r[0] + rng() % (r[1] - r[0] + 1);
    return utf8_of(c);
}

// The UTF-8 decoder's calls with valid, complete UTF-8 are answered by the
// wrapper (from both a UTF-8 decoder and one that found a UTF-8 BOM): each
// answer must be Go's, which the same call with last = 1 gets (a last call
// always goes to Go, and with such input it decodes the same), around the
// room the wrapper needs; input it must not take (any error, ending with
// ASCII so that last does not matter) must get Go's answer too.
TEST(AsciiCalls, UTF8Calls) {
    std::mt19937 rng(11);
    for (int round = 0; round < 3000; round++) {
        std::string in;
        // Errors in both modes (the wrapper answers those of the
        // replacement mode), now and then several.
        bool bad = round % 4 >= 2, many = round % 8 == 2;
        size_t chars = 1 + rng() % (round % 10 == 0 ? 200 : 12);
        for (size_t i = 0; i < chars; i++) in += utf8_piece(rng, bad && (i == chars / 2 || (many && rng() % 3 == 0)));
        if (round % 16 == 10) {
            // Only bytes that are each an error: 3 bytes of output a byte,
            // the most the wrapper leaves room for.
            in.clear();
            for (size_t i = 0; i < chars; i++) in += "\x80\xbf\xff\xc0\xf5"[rng() % 5];
            bad = true;
        }
        if (bad) in += "z";
        bool sniffed = round % 3 == 0;
        size_t n = in.size();
        for (bool utf16 : {false, true}) {
            for (size_t room : {size_t(8192), 3 * n + 1, 3 * n, 3 * n - 1, n + 4, n + 3, n + 2, n + 1, n, n > 1 ? n - 1 : 1}) {
                SCOPED_TRACE(std::string(sniffed ? "sniffed" : "UTF-8") + (utf16 ? " UTF-16" : " UTF-8") + " room " + std::to_string(room) + ": " + wt::hex(in));
                // A first call that Go answers, so that BOM handling is over.
                expect_gos_answer(sniffed ? WHATENC_WINDOWS_1252 : WHATENC_UTF_8, sniffed ? WHATENC_BOM_SNIFF : WHATENC_BOM_REMOVE,
                                  round % 2 ? WHATENC_FATAL : WHATENC_REPLACEMENT, sniffed ? "\xef\xbb\xbf" "a" : "a", in, utf16, room);
            }
        }
    }
}

// expect_cut_stream decodes first, then in (whose end the decoder keeps:
// a sequence it cuts), then nothing as the last call, on a new decoder of
// enc in the replacement mode: together they must decode what one last call
// with first and in does, and the last only the kept bytes' U+FFFD. first
// ends BOM handling, so that the wrappers may answer the call with in.
void expect_cut_stream(int enc, const std::string &first, const std::string &in, bool utf16) {
    wt::Result whole = wt::decode(enc, WHATENC_BOM_REMOVE, WHATENC_REPLACEMENT, first + in, 0, 8192, utf16);
    whatenc_decoder *d = nullptr;
    ASSERT_EQ(whatenc_decoder_new(enc, WHATENC_BOM_REMOVE, WHATENC_REPLACEMENT, &d), WHATENC_OK);
    std::vector<uint8_t> out8(8192);
    std::vector<uint16_t> out16(8192);
    size_t got = 0;
    for (int call = 0; call < 3; call++) {
        int last = call == 2;
        std::string part = call == 0 ? first : call == 1 ? in : "";
        size_t n = part.size(), m = 8192 - got;
        const uint8_t *src = u8(part);
        ASSERT_EQ(utf16 ? whatenc_decoder_decode_to_utf16(d, src, &n, out16.data() + got, &m, last, nullptr)
                        : whatenc_decoder_decode_to_utf8(d, src, &n, out8.data() + got, &m, last, nullptr),
                  WHATENC_OK);
        EXPECT_EQ(n, part.size());
        if (last) {
            EXPECT_EQ(m, utf16 ? 1u : 3u);  // the kept bytes' U+FFFD, and only it
        }
        got += m;
    }
    whatenc_decoder_free(d);
    if (utf16) {
        EXPECT_EQ(wt::u16string(out16.begin(), out16.begin() + got), whole.out16);
    } else {
        EXPECT_EQ(wt::hex(std::string(out8.begin(), out8.begin() + got)), wt::hex(whole.out));
    }
}

// A small call to a UTF-8 decoder in the replacement mode whose input has
// errors and ends inside a sequence leaves that sequence to the decoder
// (Go answers it, and the wrapper must not take it as an error).
TEST(AsciiCalls, UTF8CutAtEnd) {
    std::mt19937 rng(21);
    for (int round = 0; round < 500; round++) {
        std::string in;
        size_t chars = 1 + rng() % 12;
        for (size_t i = 0; i < chars; i++) in += utf8_piece(rng, rng() % 3 == 0);
        in += std::string("\xf0\x9f\x98\x80").substr(0, 1 + rng() % 3);
        for (bool utf16 : {false, true}) {
            SCOPED_TRACE(std::string(utf16 ? "UTF-16: " : "UTF-8: ") + wt::hex(in));
            expect_cut_stream(WHATENC_UTF_8, "a", in, utf16);
        }
    }
}

// The same for a UTF-16 decoder whose input, with lone surrogates, ends
// with a lead surrogate (or an odd byte).
TEST(AsciiCalls, UTF16CutAtEnd) {
    std::mt19937 rng(22);
    for (int round = 0; round < 500; round++) {
        bool be = round % 2 == 0;
        int enc = be ? WHATENC_UTF_16BE : WHATENC_UTF_16LE;
        std::string in;
        auto unit = [&](uint32_t u) { in += be ? std::string{char(u >> 8), char(u)} : std::string{char(u), char(u >> 8)}; };
        for (size_t i = 1 + rng() % 12; i > 0; i--) {
            static const uint32_t units[] = {'a', 0xE9, 0x3042, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFD};
            unit(units[rng() % (sizeof units / sizeof units[0])]);
        }
        unit(0xD800 + rng() % 0x400);
        if (round % 4 == 1) in += "x";  // and an odd byte
        for (bool utf16 : {false, true}) {
            SCOPED_TRACE(wt::name(enc) + (utf16 ? " to UTF-16: " : " to UTF-8: ") + wt::hex(in));
            expect_cut_stream(enc, be ? std::string("\0a", 2) : std::string("a\0", 2), in, utf16);
        }
    }
}

TEST(AsciiCalls, Misuse) {
    whatenc_decoder *d = nullptr;
    whatenc_encoder *e = nullptr;
    ASSERT_EQ(whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d), WHATENC_OK);
    ASSERT_EQ(whatenc_encoder_new(WHATENC_UTF_8, WHATENC_HTML, &e), WHATENC_OK);
    uint8_t buf[64];
    uint16_t buf16[64];
    size_t n, m;

    // Overlapping input and output.
    std::memcpy(buf, "hello", 5);
    n = 5, m = 32;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, buf, &n, buf + 2, &m, 0, nullptr), WHATENC_ERR_INVALID_ARGUMENT);
    n = 5, m = 32;
    EXPECT_EQ(whatenc_encoder_encode_from_utf8(e, buf, &n, buf + 4, &m, 0, nullptr), WHATENC_ERR_INVALID_ARGUMENT);
    // Misaligned UTF-16 output and input.
    n = 5, m = 8;
    auto *odd = reinterpret_cast<uint16_t *>(reinterpret_cast<uint8_t *>(buf16) + 1);
    EXPECT_EQ(whatenc_decoder_decode_to_utf16(d, u8(std::string("hello")), &n, odd, &m, 0, nullptr), WHATENC_ERR_INVALID_ARGUMENT);
    n = 2, m = 8;
    EXPECT_EQ(whatenc_encoder_encode_from_utf16(e, odd, &n, buf, &m, 0, nullptr), WHATENC_ERR_INVALID_ARGUMENT);
    // NULL buffers with lengths.
    n = 3, m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, nullptr, &n, buf, &m, 0, nullptr), WHATENC_ERR_NULL_POINTER);
    n = 3, m = 8;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8(std::string("abc")), &n, nullptr, &m, 0, nullptr), WHATENC_ERR_NULL_POINTER);
    // Too little room: Go writes what fits.
    n = 5, m = 3;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8(std::string("hello")), &n, buf, &m, 0, nullptr), WHATENC_OUTPUT_FULL);
    EXPECT_EQ(n, 3u);
    EXPECT_EQ(m, 3u);
    // A decoder where an encoder goes, and the reverse.
    n = 5, m = 32;
    EXPECT_EQ(whatenc_encoder_encode_from_utf8(reinterpret_cast<whatenc_encoder *>(d), u8(std::string("hello")), &n, buf, &m, 0, nullptr),
              WHATENC_ERR_INVALID_HANDLE);
    n = 5, m = 32;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(reinterpret_cast<whatenc_decoder *>(e), u8(std::string("hello")), &n, buf, &m, 0, nullptr),
              WHATENC_ERR_INVALID_HANDLE);
    // A pointer inside a handle, and freed handles.
    n = 5, m = 32;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(reinterpret_cast<whatenc_decoder *>(reinterpret_cast<char *>(d) + 8), u8(std::string("hello")), &n,
                                             buf, &m, 0, nullptr),
              WHATENC_ERR_INVALID_HANDLE);
    whatenc_decoder_free(d);
    whatenc_encoder_free(e);
    n = 5, m = 32;
    EXPECT_EQ(whatenc_decoder_decode_to_utf8(d, u8(std::string("hello")), &n, buf, &m, 0, nullptr), WHATENC_ERR_INVALID_HANDLE);
    n = 5, m = 32;
    EXPECT_EQ(whatenc_encoder_encode_from_utf8(e, u8(std::string("hello")), &n, buf, &m, 0, nullptr), WHATENC_ERR_INVALID_HANDLE);
}

}  // namespace

// Randomised differential tests of the streaming contract at the C boundary
// (whatenc.h, "The streaming contract": the output is identical however the
// input is split and however small the buffers are, down to 4 bytes or 2
// code units for a decoder and 13 bytes for an encoder). For every
// encoding, inputs built to reach both the C wrappers' small-call paths and
// Go's (ASCII runs on either side of the wrappers' 512-byte limit, text as
// the encoding writes it, bytes of any kind, BOMs, ISO-2022-JP escapes and
// shifts, gb18030 four-byte sequences) are streamed in chunks of random
// sizes into output buffers of random sizes, and must give what the
// one-shot functions give (whatenc_decode_advanced, whatenc_encode, which
// Go answers in one call):
// - in the replacement and HTML modes, the same output;
// - in the fatal mode, continuing after each error as the contract allows,
//   the same output once U+FFFD (decoders) or "&#N;" (encoders) is put back
//   where each error was reported, and the first error where the one-shot
//   function reports it.
// Half of the cases put two streams through one handle (with
// whatenc_*_reset between them now and then): a finished stream must leave
// nothing behind.
// Every chunk and every output buffer sits against an inaccessible page,
// after it or before it at random, so a read or write past either end, by
// the C wrappers or Go's vector code, faults.
//
// The seeds are fixed. WHATENC_STREAM_FUZZ_ITERS=N runs N cases per test
// (default 3000) and WHATENC_STREAM_FUZZ_SEED=S only the case with seed S
// (as a failure reports it).
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "helpers.h"
#include "whatenc.h"

namespace {

using wt::u16string;

constexpr int kEncodings = 40;

const uint8_t *u8(const std::string &s) { return reinterpret_cast<const uint8_t *>(s.data()); }

size_t env_size(const char *name, size_t fallback) {
    const char *s = getenv(name);
    return s && *s ? strtoull(s, nullptr, 10) : fallback;
}

// The seeds a test runs: iters of them, fixed (a hash of 1..iters and the
// test's salt), or the one of WHATENC_STREAM_FUZZ_SEED.
std::vector<uint32_t> seeds(uint32_t salt) {
    std::vector<uint32_t> out;
    if (getenv("WHATENC_STREAM_FUZZ_SEED")) {
        out.push_back(uint32_t(env_size("WHATENC_STREAM_FUZZ_SEED", 0)));
        return out;
    }
    size_t n = env_size("WHATENC_STREAM_FUZZ_ITERS", 3000);
    for (size_t i = 1; i <= n; i++) out.push_back(uint32_t(i * 0x9E3779B1u) ^ salt);
    return out;
}

// A code point from the ranges the encodings' tables and special cases
// cover: ASCII (with ISO-2022-JP's SO, SI and ESC), Latin, Greek, Cyrillic,
// Hebrew, Arabic, Thai, punctuation, kana and CJK symbols, ideographs,
// Hangul, half- and full-width forms, the Private Use Area (U+E5E5 among
// it), x-user-defined's U+F780..F7FF, supplementary planes.
uint32_t random_code_point(std::mt19937 &rng) {
    static const uint32_t ranges[][2] = {
        {0x00, 0x7F},       {0x0E, 0x1B},       {0x80, 0xFF},       {0x100, 0x24F},     {0x370, 0x3FF},
        {0x400, 0x4FF},     {0x590, 0x6FF},     {0xE00, 0xE7F},     {0x2000, 0x22FF},   {0x2460, 0x27BF},
        {0x3000, 0x30FF},   {0x4E00, 0x9FFF},   {0xAC00, 0xD7A3},   {0xE000, 0xE7FF},   {0xE5E5, 0xE5E5},
        {0xF780, 0xF7FF},   {0xF900, 0xFFFF},   {0x10000, 0x10FFFF}, {0x1F300, 0x1F64F}, {0x20000, 0x2A6DF},
    };
    const auto &r = ranges[rng() % (sizeof ranges / sizeof ranges[0])];
    for (;;) {
        uint32_t cp = r[0] + rng() % (r[1] - r[0] + 1);
        if (cp < 0xD800 || cp > 0xDFFF) return cp;
    }
}

std::string random_text(std::mt19937 &rng, size_t chars) {
    std::string s;
    for (size_t i = 0; i < chars; i++) wt::put_utf8(s, random_code_point(rng));
    return s;
}

std::string ascii_run(std::mt19937 &rng) {
    size_t n = rng() % 4 == 0 ? 1 + rng() % 700 : 1 + rng() % 40;
    std::string s;
    for (size_t i = 0; i < n; i++) s += char(rng() % 8 == 0 ? "\n\\~\x7F"[rng() % 4] : 0x20 + rng() % 0x5F);
    return s;
}

// text as the encoding writes it (unmappable characters as "&#N;").
std::string encoded(int encoding, const std::string &text) {
    if (encoding == WHATENC_UTF_16BE || encoding == WHATENC_UTF_16LE)
        return wt::utf16_bytes(wt::utf8_to_utf16(text), encoding == WHATENC_UTF_16BE);
    uint8_t *out = nullptr;
    size_t len = 0;
    std::string s;
    if (whatenc_encode(encoding, u8(text), text.size(), WHATENC_HTML, &out, &len, nullptr) == WHATENC_OK)
        s.assign(reinterpret_cast<char *>(out), len);
    whatenc_free(out);
    return s;
}

// Input for a decoder of encoding.
std::string decoder_input(std::mt19937 &rng, int encoding) {
    static const char *specials[] = {
        "\x1b$B", "\x1b$@", "\x1b(B", "\x1b(J", "\x1b(I", "\x1b", "\x1b$", "\x1b(", "\x0e", "\x0f",
        "\xef\xbb\xbf", "\xfe\xff", "\xff\xfe", "\x81\x30\x81\x30", "\x84\x31\xa4\x39", "\xe3\x32\x9a\x35",
        "\xe3\x32\x9a\x36", "\x84\x31\xa5\x30", "\xa6\xd9", "\xfe\x51", "\x80", "\xff", "\xd8\x00", "\xdc\x00",
    };
    std::string in;
    if (rng() % 6 == 0) in = specials[10 + rng() % 3];  // a BOM first
    for (int k = 0, pieces = 1 + rng() % 24; k < pieces; k++) {
        switch (rng() % 6) {
        case 0:
        case 1:
            in += ascii_run(rng);
            break;
        case 2:
            for (size_t i = 0, n = 1 + rng() % 6; i < n; i++) in += char(rng() % 256);
            break;
        case 3:
            in += specials[rng() % (sizeof specials / sizeof specials[0])];
            break;
        default:
            in += encoded(encoding, random_text(rng, 1 + rng() % 24));
        }
    }
    return in;
}

// UTF-8 input for an encoder: text, ASCII runs and (if ill_formed)
// ill-formed bytes: stray continuation bytes, cut sequences, surrogates,
// overlong forms, bytes F5..FF.
std::string encoder_input(std::mt19937 &rng, bool ill_formed) {
    static const char *bad[] = {"\x80", "\xbf", "\xc2", "\xe3\x81", "\xf0\x9f\x98", "\xed\xa0\x80",
                                "\xc0\x80", "\xe0\x80\x80", "\xf4\x90\x80\x80", "\xf5", "\xff"};
    std::string in;
    for (int k = 0, pieces = 1 + rng() % 24; k < pieces; k++) {
        switch (rng() % 5) {
        case 0:
            in += ascii_run(rng);
            break;
        case 1:
            if (ill_formed) in += bad[rng() % (sizeof bad / sizeof bad[0])];
            break;
        default:
            in += random_text(rng, 1 + rng() % 24);
        }
    }
    return in;
}

// UTF-16 input for an encoder: text with lone surrogates now and then.
u16string encoder_input16(std::mt19937 &rng) {
    u16string in = wt::utf8_to_utf16(encoder_input(rng, false));
    for (size_t i = 0, n = rng() % 4; i < n && !in.empty(); i++)
        in.insert(in.begin() + rng() % (in.size() + 1), uint16_t(0xD800 + rng() % 0x800));
    return in;
}

// The size of the next chunk of input: often a few units, sometimes none,
// sometimes more than the wrappers take.
size_t chunk_size(std::mt19937 &rng) {
    switch (rng() % 8) {
    case 0:
        return 0;
    case 1:
    case 2:
    case 3:
        return 1 + rng() % 8;
    case 4:
    case 5:
        return 1 + rng() % 100;
    case 6:
        return 1 + rng() % 600;
    default:
        return 500 + rng() % 2000;
    }
}

// The size of the next output buffer: from the documented minimum up.
size_t dst_size(std::mt19937 &rng, size_t minimum) {
    switch (rng() % 4) {
    case 0:
        return minimum + rng() % 4;
    case 1:
    case 2:
        return minimum + rng() % 100;
    default:
        return minimum + rng() % 5000;
    }
}

// Memory between two inaccessible pages, where a buffer of n units is
// placed against one of them: at() returns it.
class Guarded {
   public:
    Guarded() {
        page_ = size_t(sysconf(_SC_PAGESIZE));
        void *m = mmap(nullptr, kData + 2 * page_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) abort();
        base_ = static_cast<uint8_t *>(m);
        if (mprotect(base_, page_, PROT_NONE) != 0 || mprotect(base_ + page_ + kData, page_, PROT_NONE) != 0)
            abort();
    }
    ~Guarded() { munmap(base_, kData + 2 * page_); }
    Guarded(const Guarded &) = delete;
    Guarded &operator=(const Guarded &) = delete;

    // A buffer of n units that ends at the page after it (at_end) or starts
    // at the page before it.
    template <typename Unit>
    Unit *at(size_t n, bool at_end) {
        if (n * sizeof(Unit) > kData) abort();
        uint8_t *p = at_end ? base_ + page_ + kData - n * sizeof(Unit) : base_ + page_;
        return reinterpret_cast<Unit *>(p);
    }

   private:
    static constexpr size_t kData = 64 << 10;  // more than any chunk or buffer here
    size_t page_;
    uint8_t *base_;
};

// The unread units of the current chunk, copied against a guard page.
template <typename Unit>
const Unit *guarded_copy(Guarded &g, std::mt19937 &rng, const Unit *p, size_t n) {
    Unit *b = g.at<Unit>(n, rng() % 2);
    std::copy(p, p + n, b);
    return b;
}

std::string describe(uint32_t seed, int encoding, const char *what) {
    return "seed " + std::to_string(seed) + " (WHATENC_STREAM_FUZZ_SEED), " + wt::name(encoding) + ", " + what;
}

// Where two strings first differ, for the failure message.
template <typename S>
std::string first_difference(const S &got, const S &want) {
    size_t i = 0;
    while (i < got.size() && i < want.size() && got[i] == want[i]) i++;
    return "first difference at unit " + std::to_string(i) + " of " + std::to_string(got.size()) + " (want " +
           std::to_string(want.size()) + ")";
}

// The outcome of a stream: its output (bytes, or UTF-16 code units in a
// u16string), the output offsets of its errors, and for decoders the
// stream offset of the first malformed byte.
struct Stream {
    std::string out;
    u16string out16;
    std::vector<size_t> error_at;     // output length when each error was reported
    std::vector<uint32_t> unmappable;  // encoders: each error's code point
    size_t first_error_offset = SIZE_MAX;
    bool replaced = false;             // a call's info said it replaced an error
    bool ok = true;                    // false: a call broke the contract (reported)
};

// Makes the calls of one stream of size units: chunks of the input at
// random, each call repeated with the unread rest while the output is full
// and, in the fatal mode, after an error (error_status; -1 in the other
// modes), until a call with last set returns WHATENC_OK. call(pos, n, m,
// last) makes one call with the n units from pos and an output buffer of m
// units (at least min_dst), sets n and m to the units read and written and
// returns the status. Returns false after reporting a broken contract.
template <typename Call>
bool run_stream(std::mt19937 &rng, size_t size, size_t min_dst, int error_status, Call call, const std::string &ctx) {
    size_t pos = 0;
    for (int calls = 0;; calls++) {
        if (calls > 1000000) {
            ADD_FAILURE() << ctx << ": no end after a million calls";
            return false;
        }
        const size_t end = pos + std::min(chunk_size(rng), size - pos);
        // The last chunk, with last set (or first without: then more calls
        // with empty input until one has it).
        const int last = end == size && rng() % 8 != 0;
        for (;;) {
            const size_t cap = dst_size(rng, min_dst);
            size_t n = end - pos, m = cap;
            const int st = call(pos, n, m, last);
            if (n > end - pos || m > cap) {
                ADD_FAILURE() << ctx << ": read " << n << " of " << end - pos << ", wrote " << m << " of " << cap;
                return false;
            }
            pos += n;
            if (st == WHATENC_OUTPUT_FULL && n == 0 && m == 0) {
                ADD_FAILURE() << ctx << ": no progress with room for a character";
                return false;
            }
            if (st == WHATENC_OUTPUT_FULL || st == error_status) continue;
            if (st != WHATENC_OK) {
                ADD_FAILURE() << ctx << ": status " << st;
                return false;
            }
            if (last) return true;
            break;
        }
    }
}

// Streams in through the decoder d (in the error mode mode).
Stream decode_stream(std::mt19937 &rng, Guarded &src_mem, Guarded &dst_mem, whatenc_decoder *d,
                     whatenc_error_mode mode, const std::string &in, bool utf16, const std::string &ctx) {
    Stream s;
    auto call = [&](size_t pos, size_t &n, size_t &m, int last) {
        const uint8_t *src = guarded_copy(src_mem, rng, u8(in) + pos, n);
        const size_t cap = m;
        whatenc_decode_info info;
        int st;
        if (utf16) {
            uint16_t *dst = dst_mem.at<uint16_t>(cap, rng() % 2);
            st = whatenc_decoder_decode_to_utf16(d, src, &n, dst, &m, last, &info);
            if (m <= cap) s.out16.insert(s.out16.end(), dst, dst + m);
        } else {
            uint8_t *dst = dst_mem.at<uint8_t>(cap, rng() % 2);
            st = whatenc_decoder_decode_to_utf8(d, src, &n, dst, &m, last, &info);
            if (m <= cap) s.out.append(reinterpret_cast<char *>(dst), m);
        }
        s.replaced |= info.replaced != 0;
        if (st == WHATENC_MALFORMED) {
            s.error_at.push_back(utf16 ? s.out16.size() : s.out.size());
            if (s.first_error_offset == SIZE_MAX)
                s.first_error_offset = pos + n - info.consumed_after - info.malformed_len;
        }
        return st;
    };
    s.ok = run_stream(rng, in.size(), utf16 ? 2 : 4, mode == WHATENC_FATAL ? WHATENC_MALFORMED : -1, call, ctx);
    return s;
}

// Checks one stream of a decoder case: in through d against the one-shot
// decoder.
void check_decoder_stream(std::mt19937 &rng, Guarded &src_mem, Guarded &dst_mem, whatenc_decoder *d, int encoding,
                          whatenc_bom_mode bom, whatenc_error_mode mode, const std::string &ctx_case) {
    const bool utf16 = rng() % 2;
    const std::string in = decoder_input(rng, encoding);
    const std::string ctx = ctx_case + (utf16 ? ", to UTF-16" : ", to UTF-8") + ", input " +
                            std::to_string(in.size()) + " bytes " + wt::hex(in.substr(0, 64));

    uint8_t *one = nullptr;
    size_t one_len = 0, one_error = 0;
    ASSERT_EQ(whatenc_decode_advanced(encoding, bom, WHATENC_REPLACEMENT, u8(in), in.size(), &one, &one_len, nullptr,
                                      nullptr),
              WHATENC_OK)
        << ctx;
    const std::string want(reinterpret_cast<char *>(one), one_len);
    whatenc_free(one);
    one = nullptr;
    const int fatal_status =
        whatenc_decode_advanced(encoding, bom, WHATENC_FATAL, u8(in), in.size(), &one, &one_len, nullptr, &one_error);
    whatenc_free(one);

    Stream s = decode_stream(rng, src_mem, dst_mem, d, mode, in, utf16, ctx);
    if (!s.ok) return;
    // U+FFFD back where each error was reported.
    std::string got = s.out;
    u16string got16 = s.out16;
    for (size_t k = s.error_at.size(); k-- > 0;) {
        if (utf16) got16.insert(got16.begin() + s.error_at[k], uint16_t(0xFFFD));
        else got.insert(s.error_at[k], "\xef\xbf\xbd");
    }
    // BOM removal is TextDecoder's: in fatal mode a U+FEFF after errors
    // alone is the first character written, and removed; the one-shot's
    // U+FFFDs came first and kept it.
    std::string want_stream = want;
    if (mode == WHATENC_FATAL && bom == WHATENC_BOM_REMOVE) {
        size_t at = 0;
        for (size_t k = 0; k < s.error_at.size() && s.error_at[k] == 0; k++) at += 3;
        if (at > 0 && want_stream.compare(at, 3, "\xef\xbb\xbf") == 0) want_stream.erase(at, 3);
    }
    if (utf16) {
        const u16string want16 = wt::utf8_to_utf16(want_stream);
        ASSERT_TRUE(got16 == want16) << ctx << ": " << first_difference(got16, want16);
    } else {
        ASSERT_TRUE(got == want_stream) << ctx << ": " << first_difference(got, want_stream) << "\n got "
                                        << wt::hex(got) << "\nwant " << wt::hex(want_stream);
    }
    // Replacement mode: info.replaced in some call exactly when the input
    // has an error.
    if (mode == WHATENC_REPLACEMENT) {
        ASSERT_EQ(s.replaced, fatal_status == WHATENC_MALFORMED) << ctx;
    }
    if (mode == WHATENC_FATAL) {
        ASSERT_EQ(fatal_status == WHATENC_MALFORMED, !s.error_at.empty()) << ctx;
        if (!s.error_at.empty()) {
            ASSERT_EQ(s.first_error_offset, one_error) << ctx;
        }
    }
}

TEST(StreamFuzz, Decoders) {
    Guarded src_mem, dst_mem;
    for (uint32_t seed : seeds(0xDEC0DE)) {
        std::mt19937 rng(seed);
        const int encoding = rng() % kEncodings;
        const auto bom = whatenc_bom_mode(rng() % 3);
        const auto mode = rng() % 2 ? WHATENC_FATAL : WHATENC_REPLACEMENT;
        whatenc_decoder *raw = nullptr;
        ASSERT_EQ(whatenc_decoder_new(encoding, bom, mode, &raw), WHATENC_OK);
        std::unique_ptr<whatenc_decoder, void (*)(whatenc_decoder *)> d(raw, whatenc_decoder_free);
        for (int stream = 1, streams = 1 + rng() % 2; stream <= streams; stream++) {
            if (stream > 1 && rng() % 4 == 0) {
                ASSERT_EQ(whatenc_decoder_reset(d.get()), WHATENC_OK);
            }
            const std::string ctx = describe(seed, encoding, mode == WHATENC_FATAL ? "fatal" : "replacement") +
                                    ", BOM mode " + std::to_string(bom) + ", stream " + std::to_string(stream);
            check_decoder_stream(rng, src_mem, dst_mem, d.get(), encoding, bom, mode, ctx);
            if (::testing::Test::HasFailure()) return;
        }
    }
}

// Streams in (UTF-8 bytes or UTF-16 code units) through the encoder e.
template <typename Unit, typename Encode>
Stream encode_stream(std::mt19937 &rng, Guarded &src_mem, Guarded &dst_mem, whatenc_encoder *e,
                     whatenc_error_mode mode, const std::vector<Unit> &in, Encode encode, const std::string &ctx) {
    Stream s;
    auto call = [&](size_t pos, size_t &n, size_t &m, int last) {
        const Unit *src = guarded_copy(src_mem, rng, in.data() + pos, n);
        const size_t cap = m;
        uint8_t *dst = dst_mem.at<uint8_t>(cap, rng() % 2);
        whatenc_encode_info info;
        const int st = encode(e, src, &n, dst, &m, last, &info);
        if (m <= cap) s.out.append(reinterpret_cast<char *>(dst), m);
        s.replaced |= info.replaced != 0;
        if (st == WHATENC_UNMAPPABLE) {
            s.error_at.push_back(s.out.size());
            s.unmappable.push_back(info.unmappable);
        }
        return st;
    };
    s.ok = run_stream(rng, in.size(), 13, mode == WHATENC_FATAL ? WHATENC_UNMAPPABLE : -1, call, ctx);
    return s;
}

// Checks one stream of an encoder case: input through e against the
// one-shot encoder.
void check_encoder_stream(std::mt19937 &rng, Guarded &src_mem, Guarded &dst_mem, whatenc_encoder *e, int encoding,
                          whatenc_error_mode mode, const std::string &ctx_case) {
    const bool from16 = rng() % 2;
    std::vector<uint8_t> in8;
    u16string in16;
    std::string text;  // the input as UTF-8 (lone surrogates as U+FFFD)
    if (from16) {
        in16 = encoder_input16(rng);
        text = wt::utf16_to_utf8(in16);
    } else {
        text = encoder_input(rng, true);
        in8.assign(text.begin(), text.end());
    }
    const std::string ctx =
        ctx_case + (from16 ? ", from UTF-16" : ", from UTF-8") + ", input as UTF-8 " + wt::hex(text.substr(0, 64));

    uint8_t *one = nullptr;
    size_t one_len = 0;
    uint32_t one_unmappable = 0;
    ASSERT_EQ(whatenc_encode(encoding, u8(text), text.size(), WHATENC_HTML, &one, &one_len, nullptr), WHATENC_OK)
        << ctx;
    const std::string want(reinterpret_cast<char *>(one), one_len);
    whatenc_free(one);
    one = nullptr;
    const int fatal_status =
        whatenc_encode(encoding, u8(text), text.size(), WHATENC_FATAL, &one, &one_len, &one_unmappable);
    whatenc_free(one);

    Stream s = from16 ? encode_stream(rng, src_mem, dst_mem, e, mode, in16, whatenc_encoder_encode_from_utf16, ctx)
                      : encode_stream(rng, src_mem, dst_mem, e, mode, in8, whatenc_encoder_encode_from_utf8, ctx);
    if (!s.ok) return;
    // "&#N;" back where each error was reported.
    std::string got = s.out;
    for (size_t k = s.error_at.size(); k-- > 0;)
        got.insert(s.error_at[k], "&#" + std::to_string(s.unmappable[k]) + ";");
    ASSERT_TRUE(got == want) << ctx << ": " << first_difference(got, want) << "\n got " << wt::hex(got)
                             << "\nwant " << wt::hex(want);
    // HTML mode: info.replaced in some call exactly when the input has an
    // unmappable character.
    if (mode == WHATENC_HTML) {
        ASSERT_EQ(s.replaced, fatal_status == WHATENC_UNMAPPABLE) << ctx;
    }
    if (mode == WHATENC_FATAL) {
        ASSERT_EQ(fatal_status == WHATENC_UNMAPPABLE, !s.error_at.empty()) << ctx;
        if (!s.error_at.empty()) {
            ASSERT_EQ(s.unmappable[0], one_unmappable) << ctx;
        }
    }
}

TEST(StreamFuzz, Encoders) {
    Guarded src_mem, dst_mem;
    for (uint32_t seed : seeds(0xE1C0DE)) {
        std::mt19937 rng(seed);
        const int encoding = rng() % kEncodings;
        const auto mode = rng() % 2 ? WHATENC_FATAL : WHATENC_HTML;
        whatenc_encoder *raw = nullptr;
        ASSERT_EQ(whatenc_encoder_new(encoding, mode, &raw), WHATENC_OK);
        std::unique_ptr<whatenc_encoder, void (*)(whatenc_encoder *)> e(raw, whatenc_encoder_free);
        for (int stream = 1, streams = 1 + rng() % 2; stream <= streams; stream++) {
            if (stream > 1 && rng() % 4 == 0) {
                ASSERT_EQ(whatenc_encoder_reset(e.get()), WHATENC_OK);
            }
            const std::string ctx = describe(seed, encoding, mode == WHATENC_FATAL ? "fatal" : "HTML") + ", stream " +
                                    std::to_string(stream);
            check_encoder_stream(rng, src_mem, dst_mem, e.get(), encoding, mode, ctx);
            if (::testing::Test::HasFailure()) return;
        }
    }
}

}  // namespace

// Threads, fork and the header/library agreement.
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <signal.h>

#include <atomic>
#include <cstring>
#include <random>
#include <thread>
#include <vector>

#include "helpers.h"
#include "whatenc.h"

using namespace wt;

namespace {

const uint8_t *u8(const std::string &s) { return reinterpret_cast<const uint8_t *>(s.data()); }

// 8 threads each create and free thousands of handles of mixed encodings,
// keeping some alive across iterations, and check every conversion against
// the same conversion done on the main thread beforehand.
TEST(Threads, Stress) {
    const std::string text = "Gr\xC3\xBC\xC3\x9F" "e \xD0\x9F\xD1\x80\xD0\xB8 caf\xC3\xA9 \xE2\x82\xAC 123";
    const int n_enc = whatenc_encoding_count();
    std::vector<std::string> want_enc(n_enc), want_dec(n_enc);
    for (int id = 0; id < n_enc; id++) {
        want_enc[id] = encode(id, WHATENC_HTML, text, 0, 256).out;
        want_dec[id] = decode(id, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, want_enc[id], 0, 1024, false).out;
    }
    std::atomic<int> failures{0};
    const int threads = 8, iterations = 3000;
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; t++) {
        pool.emplace_back([&, t] {
            std::mt19937 rng(t);
            std::vector<whatenc_decoder *> kept;
            for (int i = 0; i < iterations; i++) {
                int id = rng() % n_enc;
                whatenc_encoder *e;
                whatenc_decoder *d;
                if (whatenc_encoder_new(id, WHATENC_HTML, &e) != WHATENC_OK ||
                    whatenc_decoder_new(id, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d) != WHATENC_OK) {
                    failures++;
                    continue;
                }
                uint8_t buf[1024];
                size_t n = text.size(), m = sizeof buf;
                whatenc_encoder_encode_from_utf8(e, u8(text), &n, buf, &m, 1, nullptr);
                if (std::string(reinterpret_cast<char *>(buf), m) != want_enc[id]) failures++;
                std::string enc(reinterpret_cast<char *>(buf), m);
                n = enc.size(), m = sizeof buf;
                whatenc_decoder_decode_to_utf8(d, u8(enc), &n, buf, &m, 1, nullptr);
                if (std::string(reinterpret_cast<char *>(buf), m) != want_dec[id]) failures++;
                whatenc_encoder_free(e);
                if (rng() % 4 == 0) {
                    kept.push_back(d);
                } else {
                    whatenc_decoder_free(d);
                }
                if (kept.size() > 200) {
                    for (auto *k : kept) {
                        if (whatenc_decoder_reset(k) != WHATENC_OK) failures++;
                        whatenc_decoder_free(k);
                        // No double free here: with other threads freeing
                        // and creating handles, the quarantine can have
                        // handed the slot to one of them in between (a
                        // stale handle is caught only until then; the
                        // single-threaded double free is in misuse_test).
                    }
                    kept.clear();
                }
            }
            for (auto *k : kept) whatenc_decoder_free(k);
        });
    }
    for (auto &th : pool) th.join();
    EXPECT_EQ(failures.load(), 0);
}

// A child forked after initialisation gets WHATENC_ERR_FORKED and does not
// hang (an alarm kills it if it does).
TEST(Fork, ChildGetsForkedStatus) {
    ASSERT_EQ(whatenc_init(), WHATENC_OK);
    whatenc_decoder *d;
    ASSERT_EQ(whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, &d), WHATENC_OK);
    whatenc_encoder *e;
    ASSERT_EQ(whatenc_encoder_new(WHATENC_WINDOWS_1252, WHATENC_FATAL, &e), WHATENC_OK);
    wt::expect_in_forked_child([&] {
        int bad = 0;
        whatenc_decoder *d2 = reinterpret_cast<whatenc_decoder *>(1);
        bad += whatenc_init() != WHATENC_ERR_FORKED;
        bad += whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_SNIFF, WHATENC_REPLACEMENT, &d2) != WHATENC_ERR_FORKED;
        bad += d2 != nullptr;
        // Errors zero the length and info out-parameters, this one too.
        uint8_t dst[8];
        size_t n = 1, m = 8;
        whatenc_decode_info dinfo;
        memset(&dinfo, 7, sizeof dinfo);
        bad += whatenc_decoder_decode_to_utf8(d, reinterpret_cast<const uint8_t *>("a"), &n, dst, &m, 1, &dinfo) !=
               WHATENC_ERR_FORKED;
        bad += n != 0 || m != 0 || dinfo.malformed_len != 0 || dinfo.consumed_after != 0 || dinfo.replaced != 0;
        uint16_t dst16[8];
        n = 1, m = 8;
        bad += whatenc_decoder_decode_to_utf16(d, reinterpret_cast<const uint8_t *>("a"), &n, dst16, &m, 0, nullptr) !=
               WHATENC_ERR_FORKED;
        bad += n != 0 || m != 0;
        whatenc_encode_info einfo;
        memset(&einfo, 7, sizeof einfo);
        n = 1, m = 8;
        bad += whatenc_encoder_encode_from_utf8(e, reinterpret_cast<const uint8_t *>("a"), &n, dst, &m, 0, &einfo) !=
               WHATENC_ERR_FORKED;
        bad += n != 0 || m != 0 || einfo.replaced != 0 || einfo.unmappable != 0;
        const uint16_t a16[] = {'a'};
        n = 1, m = 8;
        bad += whatenc_encoder_encode_from_utf16(e, a16, &n, dst, &m, 1, nullptr) != WHATENC_ERR_FORKED;
        bad += n != 0 || m != 0;
        size_t max = 99;
        bad += whatenc_decoder_max_utf8_length(d, 1, &max) != WHATENC_ERR_FORKED || max != 0;
        max = 99;
        bad += whatenc_decoder_max_utf16_length(d, 1, &max) != WHATENC_ERR_FORKED || max != 0;
        max = 99;
        bad += whatenc_encoder_max_length_from_utf8(e, 1, &max) != WHATENC_ERR_FORKED || max != 0;
        max = 99;
        bad += whatenc_encoder_max_length_from_utf16(e, 1, &max) != WHATENC_ERR_FORKED || max != 0;
        size_t r = 9, w = 9;
        bad += whatenc_encode_into(a16, 1, dst, 8, &r, &w) != WHATENC_ERR_FORKED || r != 0 || w != 0;
        bad += whatenc_encoding_for_label("utf-8", 5) != WHATENC_ERR_FORKED;
        size_t valid = 9;
        bad += whatenc_utf8_valid_up_to(reinterpret_cast<const uint8_t *>("a"), 1, &valid) != WHATENC_ERR_FORKED || valid != 0;
        valid = 9;
        bad += whatenc_utf16_valid_up_to(a16, 1, &valid) != WHATENC_ERR_FORKED || valid != 0;
        bad += whatenc_encoding_name(0) != nullptr;
        bad += whatenc_kernels() != nullptr;
        uint8_t *out = nullptr;
        size_t len = 0;
        bad += whatenc_decode(0, reinterpret_cast<const uint8_t *>("a"), 1, &out, &len, nullptr) != WHATENC_ERR_FORKED;
        whatenc_decoder_free(d);  // does nothing
        bad += whatenc_version_number() != WHATENC_VERSION_NUMBER;
        bad += std::string(whatenc_strerror(WHATENC_ERR_FORKED)).empty();
        return bad;
    });
    // The parent is unaffected.
    EXPECT_EQ(whatenc_decoder_encoding(d), WHATENC_UTF_8);
    whatenc_decoder_free(d);
    whatenc_encoder_free(e);
}

// Every declared function is the library's exported symbol of that name
// (the declarations' signatures are checked when the library's definitions
// are compiled against this header; scripts/check-exports.sh checks that
// nothing else is exported).
TEST(Header, DeclaredFunctionsAreTheExports) {
    void *lib = dlopen("libwhatenc.so.1", RTLD_NOW | RTLD_NOLOAD);
    ASSERT_NE(lib, nullptr) << "the test must link libwhatenc.so.1 dynamically";
#define CHECK_EXPORT(f) \
    EXPECT_EQ(dlsym(lib, #f), reinterpret_cast<void *>(&f)) << #f;
    CHECK_EXPORT(whatenc_version_number)
    CHECK_EXPORT(whatenc_version_string)
    CHECK_EXPORT(whatenc_strerror)
    CHECK_EXPORT(whatenc_init)
    CHECK_EXPORT(whatenc_kernels)
    CHECK_EXPORT(whatenc_encoding_for_label)
    CHECK_EXPORT(whatenc_encoding_count)
    CHECK_EXPORT(whatenc_encoding_name)
    CHECK_EXPORT(whatenc_encoding_output_encoding)
    CHECK_EXPORT(whatenc_encoding_has_encoder)
    CHECK_EXPORT(whatenc_bom_sniff)
    CHECK_EXPORT(whatenc_utf8_valid_up_to)
    CHECK_EXPORT(whatenc_utf16_valid_up_to)
    CHECK_EXPORT(whatenc_decoder_new)
    CHECK_EXPORT(whatenc_decoder_free)
    CHECK_EXPORT(whatenc_decoder_reset)
    CHECK_EXPORT(whatenc_decoder_encoding)
    CHECK_EXPORT(whatenc_decoder_max_utf8_length)
    CHECK_EXPORT(whatenc_decoder_max_utf16_length)
    CHECK_EXPORT(whatenc_decoder_decode_to_utf8)
    CHECK_EXPORT(whatenc_decoder_decode_to_utf16)
    CHECK_EXPORT(whatenc_encoder_new)
    CHECK_EXPORT(whatenc_encoder_free)
    CHECK_EXPORT(whatenc_encoder_reset)
    CHECK_EXPORT(whatenc_encoder_encoding)
    CHECK_EXPORT(whatenc_encoder_max_length_from_utf8)
    CHECK_EXPORT(whatenc_encoder_max_length_from_utf16)
    CHECK_EXPORT(whatenc_encoder_encode_from_utf8)
    CHECK_EXPORT(whatenc_encoder_encode_from_utf16)
    CHECK_EXPORT(whatenc_encode_into)
    CHECK_EXPORT(whatenc_decode)
    CHECK_EXPORT(whatenc_decode_advanced)
    CHECK_EXPORT(whatenc_encode)
    CHECK_EXPORT(whatenc_free)
#undef CHECK_EXPORT
    EXPECT_EQ(dlsym(lib, "crosscall2"), nullptr);
    EXPECT_EQ(dlsym(lib, "whatencgo_decode"), nullptr);
    dlclose(lib);
}

}  // namespace

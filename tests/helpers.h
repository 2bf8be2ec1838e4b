// Helpers shared by the C API tests: streaming loops over the public API,
// UTF-8/UTF-16 conversion for expectations, the corpus, hex dumps.
#ifndef WHATENC_TESTS_HELPERS_H
#define WHATENC_TESTS_HELPERS_H

#include <functional>
#include <string>
#include <vector>

#include "whatenc.h"

namespace wt {

using u16string = std::vector<uint16_t>;

std::string hex(const std::string &bytes);
std::string name(int encoding);

// Expectation helpers (test-only, straightforward).
u16string utf8_to_utf16(const std::string &s);
std::string utf16_to_utf8(const u16string &s);  // lone surrogates as U+FFFD
void put_utf8(std::string &s, uint32_t cp);      // appends the scalar value cp
std::string utf16_bytes(const u16string &units, bool big);  // UTF-16BE or LE bytes

// The outcome of a whole stream through a handle.
struct Result {
    int status = WHATENC_OK;  // last status: OK, or the error/fatal status
    std::string out;          // UTF-8 or encoded bytes
    u16string out16;          // UTF-16 output
    size_t error_offset = 0;  // stream offset of the malformed bytes
    size_t malformed_len = 0;
    uint32_t unmappable = 0;
    int used_encoding = -1;
    bool replaced = false;
};

// Decodes in with input chunks of `chunk` bytes (0: all at once) and an
// output buffer of `dst_size` units; stops at the first fatal error.
Result decode(int encoding, whatenc_bom_mode bom, whatenc_error_mode mode,
              const std::string &in, size_t chunk, size_t dst_size, bool utf16);
// Encodes UTF-8 (or UTF-16) input likewise.
Result encode(int encoding, whatenc_error_mode mode, const std::string &utf8,
              size_t chunk, size_t dst_size);
Result encode16(int encoding, whatenc_error_mode mode, const u16string &in,
                size_t chunk, size_t dst_size);

// Runs checks in a child forked now, which returns how many of them failed;
// the test fails unless the child exits with 0 (an alarm kills it after 10
// seconds: a hang fails too). The child ends with _exit, so that nothing
// the parent set up runs its destructors or atexit handlers twice.
void expect_in_forked_child(const std::function<int()> &checks);

// The corpus texts (../shared/corpus/wikipedia/*.txt): name and contents;
// empty if the folder is absent.
std::vector<std::pair<std::string, std::string>> corpus();

}  // namespace wt

#endif

#include "helpers.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace {
// Initialise once for every test program.
class Init : public ::testing::Environment {
   public:
    void SetUp() override { ASSERT_EQ(whatenc_init(), WHATENC_OK); }
};
const auto *const init_env = ::testing::AddGlobalTestEnvironment(new Init);
}  // namespace

namespace wt {

std::string hex(const std::string &bytes) {
    std::string s;
    char buf[4];
    for (unsigned char c : bytes) {
        snprintf(buf, sizeof buf, "%02X", c);
        if (!s.empty()) s += ' ';
        s += buf;
    }
    return "[" + s + "]";
}

std::string name(int encoding) {
    const char *n = whatenc_encoding_name(encoding);
    return n ? n : "(invalid " + std::to_string(encoding) + ")";
}

u16string utf8_to_utf16(const std::string &s) {
    u16string out;
    for (size_t i = 0; i < s.size();) {
        unsigned char c = s[i];
        uint32_t cp;
        int n;
        if (c < 0x80) cp = c, n = 1;
        else if (c < 0xE0) cp = c & 0x1F, n = 2;
        else if (c < 0xF0) cp = c & 0x0F, n = 3;
        else cp = c & 0x07, n = 4;
        for (int k = 1; k < n; k++) cp = cp << 6 | (s[i + k] & 0x3F);
        i += n;
        if (cp >= 0x10000) {
            out.push_back(0xD800 + ((cp - 0x10000) >> 10));
            out.push_back(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            out.push_back(cp);
        }
    }
    return out;
}

std::string utf16_to_utf8(const u16string &s) {
    std::string out;
    for (size_t i = 0; i < s.size(); i++) {
        uint32_t cp = s[i];
        if (cp >= 0xD800 && cp < 0xDC00 && i + 1 < s.size() && s[i + 1] >= 0xDC00 &&
            s[i + 1] < 0xE000) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (s[++i] - 0xDC00);
        } else if (cp >= 0xD800 && cp < 0xE000) {
            cp = 0xFFFD;
        }
        put_utf8(out, cp);
    }
    return out;
}

void put_utf8(std::string &s, uint32_t cp) {
    if (cp < 0x80) {
        s += char(cp);
    } else if (cp < 0x800) {
        s += char(0xC0 | cp >> 6);
        s += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        s += char(0xE0 | cp >> 12);
        s += char(0x80 | (cp >> 6 & 0x3F));
        s += char(0x80 | (cp & 0x3F));
    } else {
        s += char(0xF0 | cp >> 18);
        s += char(0x80 | (cp >> 12 & 0x3F));
        s += char(0x80 | (cp >> 6 & 0x3F));
        s += char(0x80 | (cp & 0x3F));
    }
}

std::string utf16_bytes(const u16string &units, bool big) {
    std::string out;
    for (uint16_t u : units) {
        out += char(big ? u >> 8 : u & 0xFF);
        out += char(big ? u & 0xFF : u >> 8);
    }
    return out;
}

Result decode(int encoding, whatenc_bom_mode bom, whatenc_error_mode mode,
              const std::string &in, size_t chunk, size_t dst_size, bool utf16) {
    Result r;
    whatenc_decoder *d = nullptr;
    r.status = whatenc_decoder_new(encoding, bom, mode, &d);
    if (r.status != WHATENC_OK) return r;
    std::vector<uint8_t> dst8(dst_size);
    std::vector<uint16_t> dst16(dst_size);
    const uint8_t *src = reinterpret_cast<const uint8_t *>(in.data());
    size_t pos = 0, consumed = 0;
    if (chunk == 0) chunk = in.size();
    for (;;) {
        size_t end = std::min(in.size(), pos + chunk);
        int last = end == in.size();
        for (;;) {
            size_t n = end - pos, m = dst_size;
            whatenc_decode_info info;
            int st = utf16 ? whatenc_decoder_decode_to_utf16(d, src + pos, &n, dst16.data(), &m,
                                                             last, &info)
                           : whatenc_decoder_decode_to_utf8(d, src + pos, &n, dst8.data(), &m,
                                                            last, &info);
            EXPECT_LE(n, end - pos);
            EXPECT_LE(m, dst_size);
            pos += n;
            consumed += n;
            if (utf16) r.out16.insert(r.out16.end(), dst16.begin(), dst16.begin() + m);
            else r.out.append(reinterpret_cast<char *>(dst8.data()), m);
            r.replaced |= info.replaced != 0;
            r.status = st;
            if (st == WHATENC_OUTPUT_FULL) continue;
            if (st == WHATENC_MALFORMED) {
                r.malformed_len = info.malformed_len;
                r.error_offset = consumed - info.consumed_after - info.malformed_len;
            }
            break;
        }
        if (r.status != WHATENC_OK || last) break;
    }
    r.used_encoding = whatenc_decoder_encoding(d);
    whatenc_decoder_free(d);
    return r;
}

template <typename Unit, typename Call>
static Result encode_loop(int encoding, whatenc_error_mode mode, const std::vector<Unit> &in,
                          size_t chunk, size_t dst_size, Call call) {
    Result r;
    whatenc_encoder *e = nullptr;
    r.status = whatenc_encoder_new(encoding, mode, &e);
    if (r.status != WHATENC_OK) return r;
    std::vector<uint8_t> dst(dst_size);
    size_t pos = 0;
    if (chunk == 0) chunk = in.size();
    for (;;) {
        size_t end = std::min(in.size(), pos + chunk);
        int last = end == in.size();
        for (;;) {
            size_t n = end - pos, m = dst_size;
            whatenc_encode_info info;
            int st = call(e, in.data() + pos, &n, dst.data(), &m, last, &info);
            EXPECT_LE(n, end - pos);
            EXPECT_LE(m, dst_size);
            pos += n;
            r.out.append(reinterpret_cast<char *>(dst.data()), m);
            r.replaced |= info.replaced != 0;
            r.status = st;
            if (st == WHATENC_OUTPUT_FULL) continue;
            if (st == WHATENC_UNMAPPABLE) {
                r.unmappable = info.unmappable;
                r.error_offset = pos;
            }
            break;
        }
        if (r.status != WHATENC_OK || last) break;
    }
    r.used_encoding = whatenc_encoder_encoding(e);
    whatenc_encoder_free(e);
    return r;
}

Result encode(int encoding, whatenc_error_mode mode, const std::string &utf8, size_t chunk,
              size_t dst_size) {
    std::vector<uint8_t> in(utf8.begin(), utf8.end());
    return encode_loop(encoding, mode, in, chunk, dst_size, whatenc_encoder_encode_from_utf8);
}

Result encode16(int encoding, whatenc_error_mode mode, const u16string &in, size_t chunk,
                size_t dst_size) {
    return encode_loop(encoding, mode, in, chunk, dst_size, whatenc_encoder_encode_from_utf16);
}

std::vector<std::pair<std::string, std::string>> corpus() {
    std::string dir;
    if (const char *s = getenv("WHATENC_SHARED")) dir = std::string(s) + "/corpus/wikipedia";
    else dir = std::string(WHATENC_SOURCE_DIR) + "/../shared/corpus/wikipedia";
    std::vector<std::pair<std::string, std::string>> texts;
    DIR *d = opendir(dir.c_str());
    if (!d) return texts;
    while (struct dirent *e = readdir(d)) {
        std::string f = e->d_name;
        if (f.size() < 4 || f.compare(f.size() - 4, 4, ".txt") != 0 || f == "sources.txt") continue;
        std::ifstream in(dir + "/" + f, std::ios::binary);
        std::stringstream ss;
        ss << in.rdbuf();
        texts.emplace_back(f, ss.str());
    }
    closedir(d);
    std::sort(texts.begin(), texts.end());
    return texts;
}

void expect_in_forked_child(const std::function<int()> &checks) {
    fflush(nullptr);
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        alarm(10);
        _exit(checks());
    }
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "child killed by signal " << WTERMSIG(status) << " (hung?)";
    EXPECT_EQ(WEXITSTATUS(status), 0) << "checks failed in the child";
}

}  // namespace wt

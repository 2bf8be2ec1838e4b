// compare: whatenc against encoding_rs (its C API, encoding_c), ICU (ucnv)
// and glibc iconv, in one process, interleaved, on the same inputs and the
// same 64 KiB output buffers. `make bench` builds and runs it.
//
// Rows: every page of the Wikipedia corpus (.html and .txt) in UTF-8,
// UTF-16LE, UTF-16BE and the legacy encodings of its language. A legacy
// page is made by whatenc's own encoder in HTML mode (a character the
// encoding lacks becomes "&#NNNN;", as in a page served in that encoding);
// the row's text is that page decoded back, so every conversion measured
// is lossless for every library, and a pair is skipped when more than
// 1% of the page's characters need a reference (it would measure ASCII).
// Each legacy page is checked to round-trip exactly (fatal decode gives
// the text, fatal encode of the text gives the page).
//
// Directions: decode to UTF-8, decode to UTF-16, encode from UTF-8, encode
// from UTF-16 (machine order, the strings of Python's binding, Windows and
// JS engines; the same rows and expected bytes as encode from UTF-8), and
// on the UTF-8 rows validation alone (whatenc_utf8_valid_up_to against
// encoding_rs's encoding_utf8_valid_up_to, the whole page in one call; ICU
// and iconv have no such function). Input
// is fed in 64 KiB chunks into a 64 KiB output buffer, as a streaming caller
// does. Figures are MB/s of the legacy-side bytes (the input of a decoder,
// the output of an encoder), the best of RUNS samples; the libraries take
// turns within each sample round, in a rotating order. Every library's
// output is checked once against whatenc's (which is checked against the
// expected text): a peer that differs (glibc's CP1255 composes Hebrew
// points, for example) is marked '*' and left out of the ratios.
//
// Also: the cost of a 16-byte call against a bare no-op export, from one
// thread and from two at once; peak RSS while streaming 1 GiB (bench/probe,
// a fresh process); the library's size; the time from dlopen to a first
// result (bench/probe).
//
// Usage: compare [-q] [-s] [-r RUNS] [-b BYTES] [-f PAGE] [-e ENCODING] [-o CSV] [-p PROBE] CORPUS_DIR LIBWHATENC ERS_SO ERS_FAST_SO
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <iconv.h>
#include <pthread.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unicode/ucnv.h>

#include "whatenc.h"

extern char **environ;

#define CHUNK 65536
#define MAX_NCR_SHARE 0.01

static int RUNS = 5;
static const char *only_page, *only_enc;  // -f, -e: measure only these
static double TARGET_BYTES = 2e6;  // bytes converted per sample (repeats small pages)

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        perror("malloc");
        exit(2);
    }
    return p;
}

// ---------------------------------------------------------------- peers

// encoding_rs through encoding_c, loaded with dlopen so that the default
// build and the fast-legacy-encode build can live in one process.
typedef struct ers_api {
    const char *name;
    const void *(*for_label)(const uint8_t *, size_t);
    void *(*new_decoder)(const void *);
    void (*decoder_into)(const void *, void *);
    void (*decoder_free)(void *);
    uint32_t (*decode8)(void *, const uint8_t *, size_t *, uint8_t *, size_t *, bool, bool *);
    uint32_t (*decode16)(void *, const uint8_t *, size_t *, uint16_t *, size_t *, bool, bool *);
    void *(*new_encoder)(const void *);
    void (*encoder_into)(const void *, void *);
    void (*encoder_free)(void *);
    uint32_t (*encode8)(void *, const uint8_t *, size_t *, uint8_t *, size_t *, bool, bool *);
    uint32_t (*encode16)(void *, const uint16_t *, size_t *, uint8_t *, size_t *, bool, bool *);
    size_t (*valid8)(const uint8_t *, size_t);
} ers_api;

static int ers_load(ers_api *a, const char *path) {
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "encoding_rs: %s\n", dlerror());
        return -1;
    }
#define SYM(f, s)                                            \
    do {                                                     \
        *(void **)&a->f = dlsym(h, s);                       \
        if (!a->f) {                                         \
            fprintf(stderr, "encoding_rs: no %s in %s\n", s, path); \
            return -1;                                       \
        }                                                    \
    } while (0)
    SYM(for_label, "encoding_for_label_no_replacement");
    SYM(new_decoder, "encoding_new_decoder_without_bom_handling");
    SYM(decoder_into, "encoding_new_decoder_without_bom_handling_into");
    SYM(decoder_free, "decoder_free");
    SYM(decode8, "decoder_decode_to_utf8");
    SYM(decode16, "decoder_decode_to_utf16");
    SYM(new_encoder, "encoding_new_encoder");
    SYM(encoder_into, "encoding_new_encoder_into");
    SYM(encoder_free, "encoder_free");
    SYM(encode8, "encoder_encode_from_utf8");
    SYM(encode16, "encoder_encode_from_utf16");
    SYM(valid8, "encoding_utf8_valid_up_to");
#undef SYM
    return 0;
}

// The names each library knows an encoding by (NULL: it lacks it).
struct names {
    int id;
    const char *icu, *iconv;
};
static const struct names names[] = {
    {WHATENC_UTF_8, "UTF-8", "UTF-8"},
    {WHATENC_UTF_16LE, "UTF-16LE", "UTF-16LE"},
    {WHATENC_UTF_16BE, "UTF-16BE", "UTF-16BE"},
    {WHATENC_SHIFT_JIS, "Shift_JIS", "CP932"},
    {WHATENC_EUC_JP, "EUC-JP", "EUC-JP"},
    {WHATENC_ISO_2022_JP, "ISO-2022-JP", "ISO-2022-JP"},
    {WHATENC_GB18030, "gb18030", "GB18030"},
    {WHATENC_GBK, "GBK", "GBK"},
    {WHATENC_BIG5, "Big5", "BIG5"},
    {WHATENC_EUC_KR, "windows-949", "CP949"},
    {WHATENC_WINDOWS_1250, "windows-1250", "CP1250"},
    {WHATENC_WINDOWS_1251, "windows-1251", "CP1251"},
    {WHATENC_WINDOWS_1252, "windows-1252", "CP1252"},
    {WHATENC_WINDOWS_1253, "windows-1253", "CP1253"},
    {WHATENC_WINDOWS_1254, "windows-1254", "CP1254"},
    {WHATENC_WINDOWS_1255, "windows-1255", "CP1255"},
    {WHATENC_WINDOWS_1256, "windows-1256", "CP1256"},
    {WHATENC_WINDOWS_1258, "windows-1258", "CP1258"},
    {WHATENC_WINDOWS_874, "windows-874-2000", "CP874"},
    {WHATENC_KOI8_R, "KOI8-R", "KOI8-R"},
    {WHATENC_KOI8_U, "KOI8-U", "KOI8-U"},
    {WHATENC_IBM866, "IBM866", "IBM866"},
    {WHATENC_ISO_8859_2, "ISO-8859-2", "ISO-8859-2"},
    {WHATENC_ISO_8859_5, "ISO-8859-5", "ISO-8859-5"},
    {WHATENC_ISO_8859_6, "ISO-8859-6", "ISO-8859-6"},
    {WHATENC_ISO_8859_7, "ISO-8859-7", "ISO-8859-7"},
    {WHATENC_ISO_8859_8, "ISO-8859-8", "ISO-8859-8"},
    {WHATENC_ISO_8859_15, "ISO-8859-15", "ISO-8859-15"},
    {WHATENC_MACINTOSH, "macintosh", "MACINTOSH"},
    {WHATENC_X_MAC_CYRILLIC, "x-mac-cyrillic", "MAC-CYRILLIC"},
};

static const struct names *names_for(int id) {
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].id == id) return &names[i];
    return NULL;
}

// The legacy encodings of each page's language.
struct lang {
    const char *lang;
    int ids[6];
};
static const struct lang langs[] = {
    {"ar", {WHATENC_WINDOWS_1256, WHATENC_ISO_8859_6, -1}},
    {"cs", {WHATENC_WINDOWS_1250, WHATENC_ISO_8859_2, -1}},
    {"de", {WHATENC_WINDOWS_1252, WHATENC_ISO_8859_15, WHATENC_MACINTOSH, -1}},
    {"el", {WHATENC_WINDOWS_1253, WHATENC_ISO_8859_7, -1}},
    {"en", {WHATENC_WINDOWS_1252, -1}},
    {"fr", {WHATENC_WINDOWS_1252, WHATENC_ISO_8859_15, -1}},
    {"he", {WHATENC_WINDOWS_1255, WHATENC_ISO_8859_8, -1}},
    {"ja", {WHATENC_SHIFT_JIS, WHATENC_EUC_JP, WHATENC_ISO_2022_JP, -1}},
    {"ko", {WHATENC_EUC_KR, -1}},
    {"pt", {WHATENC_WINDOWS_1252, WHATENC_ISO_8859_15, -1}},
    {"ru", {WHATENC_WINDOWS_1251, WHATENC_KOI8_R, WHATENC_KOI8_U, WHATENC_ISO_8859_5, WHATENC_IBM866, WHATENC_X_MAC_CYRILLIC}},
    {"th", {WHATENC_WINDOWS_874, -1}},
    {"tr", {WHATENC_WINDOWS_1254, -1}},
    {"vi", {WHATENC_WINDOWS_1258, -1}},
    {"zh_cn", {WHATENC_GB18030, WHATENC_GBK, -1}},
    {"zh_tw", {WHATENC_BIG5, -1}},
};

// ---------------------------------------------------------------- libraries

enum { L_WHATENC, L_ERS, L_ERS_FAST, L_ICU, L_ICONV, NLIBS };
static const char *lib_names[NLIBS] = {"whatenc", "encoding_rs", "encoding_rs_fast", "ICU", "iconv"};
enum { D_DEC8, D_DEC16, D_ENC8, D_ENC16, D_VALID8, NDIRS };
static const char *dir_names[NDIRS] = {"decode to UTF-8", "decode to UTF-16", "encode from UTF-8",
                                       "encode from UTF-16", "validate UTF-8"};
static const char *dir_keys[NDIRS] = {"decode8", "decode16", "encode8", "encode16", "valid8"};

// The directions with an encoder (the rows of an encoding that is its own
// output encoding, and the only ones fast-legacy-encode changes).
static bool is_encode(int dir) { return dir == D_ENC8 || dir == D_ENC16; }

static ers_api ers[2];
static uint8_t out[CHUNK];
static uint16_t out16[CHUNK / 2];

// When collecting, every filled output buffer is appended here (the
// untimed check pass).
static uint8_t *col;
static size_t col_len, col_cap;
static bool collecting;
static void collect(const void *p, size_t n) {
    if (!collecting) return;
    if (col_len + n > col_cap) {
        col_cap = 2 * (col_len + n);
        col = realloc(col, col_cap);
    }
    memcpy(col + col_len, p, n);
    col_len += n;
}

// A conversion of one whole input, streamed; returns the output length in
// bytes (UTF-16 output counts 2 per code unit).
struct job {
    int lib, dir;
    const uint8_t *in;  // encode16: UTF-16 code units in machine order
    size_t n;           // bytes (encode16: 2 per code unit)
    whatenc_decoder *wd;
    whatenc_encoder *we;
    const void *ers_enc;
    void *ed, *ee;  // encoding_rs decoder and encoder
    UConverter *cnv, *utf8;
    iconv_t ic;
};

// The next input chunk from pos, in bytes: CHUNK bytes, but UTF-8 input to
// an encoder ends at a character boundary (encoding_rs takes valid UTF-8
// only, a Rust &str, and panics on a split character), and UTF-16 input
// (CHUNK / 2 units) between surrogate pairs: whatenc and encoding_rs would
// hold a split pair's high surrogate over to the next call, but every
// library is to be timed on the same chunks.
static size_t chunk_at(const struct job *j, size_t pos) {
    size_t chunk = j->n - pos < CHUNK ? j->n - pos : CHUNK;
    if (j->dir == D_ENC8)
        while (pos + chunk < j->n && chunk > 0 && (j->in[pos + chunk] & 0xC0) == 0x80) chunk--;
    if (j->dir == D_ENC16) {
        const uint16_t *units = (const uint16_t *)j->in;
        while (pos + chunk < j->n && chunk > 0 && (units[(pos + chunk) / 2] & 0xFC00) == 0xDC00) chunk -= 2;
    }
    return chunk;
}

static size_t run_whatenc(struct job *j) {
    if (j->dir == D_VALID8) {
        size_t valid;
        return whatenc_utf8_valid_up_to(j->in, j->n, &valid) == WHATENC_OK ? valid : (size_t)-1;
    }
    size_t total = 0;
    for (size_t pos = 0;;) {
        size_t chunk = chunk_at(j, pos);
        int last = pos + chunk == j->n;
        for (;;) {
            size_t r = chunk, w;
            whatenc_status st;
            if (j->dir == D_DEC8) {
                w = sizeof out;
                st = whatenc_decoder_decode_to_utf8(j->wd, j->in + pos, &r, out, &w, last, NULL);
                collect(out, w);
            } else if (j->dir == D_DEC16) {
                w = sizeof out16 / 2;
                st = whatenc_decoder_decode_to_utf16(j->wd, j->in + pos, &r, out16, &w, last, NULL);
                collect(out16, 2 * w);
                w *= 2;
            } else if (j->dir == D_ENC8) {
                w = sizeof out;
                st = whatenc_encoder_encode_from_utf8(j->we, j->in + pos, &r, out, &w, last, NULL);
                collect(out, w);
            } else {
                w = sizeof out;
                r /= 2;  // code units
                st = whatenc_encoder_encode_from_utf16(j->we, (const uint16_t *)(j->in + pos), &r, out, &w, last,
                                                       NULL);
                collect(out, w);
                r *= 2;
            }
            pos += r, chunk -= r, total += w;
            if (st != WHATENC_OUTPUT_FULL) {
                if (st != WHATENC_OK) return (size_t)-1;
                break;
            }
        }
        if (last) return total;
    }
}

static size_t run_ers(struct job *j) {
    const ers_api *a = &ers[j->lib == L_ERS_FAST];
    if (j->dir == D_VALID8) return a->valid8(j->in, j->n);
    if (is_encode(j->dir))
        a->encoder_into(j->ers_enc, j->ee);
    else
        a->decoder_into(j->ers_enc, j->ed);
    size_t total = 0;
    bool repl;
    for (size_t pos = 0;;) {
        size_t chunk = chunk_at(j, pos);
        bool last = pos + chunk == j->n;
        for (;;) {
            size_t r = chunk, w;
            uint32_t st;
            if (j->dir == D_DEC8) {
                w = sizeof out;
                st = a->decode8(j->ed, j->in + pos, &r, out, &w, last, &repl);
                collect(out, w);
            } else if (j->dir == D_DEC16) {
                w = sizeof out16 / 2;
                st = a->decode16(j->ed, j->in + pos, &r, out16, &w, last, &repl);
                collect(out16, 2 * w);
                w *= 2;
            } else if (j->dir == D_ENC8) {
                w = sizeof out;
                st = a->encode8(j->ee, j->in + pos, &r, out, &w, last, &repl);
                collect(out, w);
            } else {
                w = sizeof out;
                r /= 2;  // code units
                st = a->encode16(j->ee, (const uint16_t *)(j->in + pos), &r, out, &w, last, &repl);
                collect(out, w);
                r *= 2;
            }
            pos += r, chunk -= r, total += w;
            if (st != 0xFFFFFFFFu) break;  // OUTPUT_FULL
        }
        if (last) return total;
    }
}

static UChar pivot[CHUNK / 2];
static size_t run_icu(struct job *j) {
    size_t total = 0;
    if (j->dir == D_DEC16) {
        const char *s = (const char *)j->in, *end = s + j->n;
        ucnv_reset(j->cnv);
        for (;;) {
            UChar *t = out16;
            UErrorCode err = U_ZERO_ERROR;
            ucnv_toUnicode(j->cnv, &t, (UChar *)out16 + sizeof out16 / 2, &s, end, NULL, 1, &err);
            collect(out16, 2 * (t - (UChar *)out16));
            total += 2 * (t - (UChar *)out16);
            if (err != U_BUFFER_OVERFLOW_ERROR) return U_FAILURE(err) ? (size_t)-1 : total;
        }
    }
    if (j->dir == D_ENC16) {
        // UTF-16 is ICU's own form: no pivot, the converter's default
        // callbacks as in encode8 (every row's text is in the encoding).
        const UChar *s = (const UChar *)j->in, *end = s + j->n / 2;
        ucnv_reset(j->cnv);
        for (;;) {
            char *t = (char *)out;
            UErrorCode err = U_ZERO_ERROR;
            ucnv_fromUnicode(j->cnv, &t, (char *)out + sizeof out, &s, end, NULL, 1, &err);
            collect(out, t - (char *)out);
            total += t - (char *)out;
            if (err != U_BUFFER_OVERFLOW_ERROR) return U_FAILURE(err) ? (size_t)-1 : total;
        }
    }
    UConverter *to = j->dir == D_DEC8 ? j->utf8 : j->cnv, *from = j->dir == D_DEC8 ? j->cnv : j->utf8;
    UChar *ps = pivot, *pt = pivot;
    const char *s = (const char *)j->in, *end = s + j->n;
    ucnv_reset(to);
    ucnv_reset(from);
    for (int reset = 1;;) {
        char *t = (char *)out;
        UErrorCode err = U_ZERO_ERROR;
        ucnv_convertEx(to, from, &t, (char *)out + sizeof out, &s, end, pivot, &ps, &pt, pivot + sizeof pivot / 2,
                       reset, 1, &err);
        reset = 0;
        collect(out, t - (char *)out);
        total += t - (char *)out;
        if (err != U_BUFFER_OVERFLOW_ERROR) return U_FAILURE(err) ? (size_t)-1 : total;
    }
}

static size_t run_iconv(struct job *j) {
    iconv(j->ic, NULL, NULL, NULL, NULL);
    char *ip = (char *)j->in;
    size_t n = j->n, total = 0;
    while (n > 0) {
        // UTF-16 input takes the chunks whatenc and encoding_rs take (iconv
        // would carry a split pair over, EINVAL, but on chunks of its own).
        size_t left = j->dir == D_ENC16 ? chunk_at(j, j->n - n) : (n < CHUNK ? n : CHUNK), before = left;
        char *op = (char *)out;
        size_t ol = sizeof out;
        size_t rc = iconv(j->ic, &ip, &left, &op, &ol);
        collect(out, sizeof out - ol);
        total += sizeof out - ol;
        n -= before - left;
        if (rc == (size_t)-1 && errno != E2BIG && errno != EINVAL) return (size_t)-1;
        if (rc == (size_t)-1 && before == left && ol == sizeof out) return (size_t)-1;  // stuck
    }
    char *op = (char *)out;
    size_t ol = sizeof out;
    iconv(j->ic, NULL, NULL, &op, &ol);  // the final shift sequence (ISO-2022-JP)
    collect(out, sizeof out - ol);
    return total + sizeof out - ol;
}

static size_t run(struct job *j) {
    switch (j->lib) {
    case L_WHATENC: return run_whatenc(j);
    case L_ERS:
    case L_ERS_FAST: return run_ers(j);
    case L_ICU: return run_icu(j);
    default: return run_iconv(j);
    }
}

// ---------------------------------------------------------------- rows

struct row {
    char page[64];
    const char *enc;
    int id, dir;
    size_t legacy_bytes;
    double mbps[NLIBS];  // 0: not measured
    int status[NLIBS];   // 0 absent, 1 ok, 2 differs, 3 failed
};
static struct row *rows;
static size_t nrows, caprows;

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = xmalloc(n + 1);
    *len = fread(p, 1, n, f);
    fclose(f);
    return p;
}

static size_t count_chars(const uint8_t *s, size_t n) {
    size_t c = 0;
    for (size_t i = 0; i < n; i++) c += (s[i] & 0xC0) != 0x80;
    return c;
}

// UTF-8 -> UTF-16 in the given byte order, through whatenc.
static uint8_t *to_utf16_bytes(const uint8_t *text, size_t n, int big, size_t *len) {
    uint16_t *u = xmalloc(2 * n + 2);
    whatenc_decoder *d;
    whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_FATAL, &d);
    size_t r = n, w = n + 1;
    whatenc_decoder_decode_to_utf16(d, text, &r, u, &w, 1, NULL);
    whatenc_decoder_free(d);
    uint8_t *b = xmalloc(2 * w);
    for (size_t k = 0; k < w; k++) {
        b[2 * k + big] = u[k] & 0xFF;
        b[2 * k + !big] = u[k] >> 8;
    }
    free(u);
    *len = 2 * w;
    return b;
}

// Measures one row in each direction the encoding has. text is the row's
// UTF-8 text and legacy its bytes in the encoding (they convert exactly
// into each other).
static void measure_encoding(const char *page, int id, const uint8_t *text, size_t tlen, const uint8_t *legacy,
                             size_t llen, bool quiet) {
    const struct names *nm = names_for(id);
    const char *wname = whatenc_encoding_name(id);
    if (only_enc && strcasecmp(only_enc, wname) != 0) return;
    struct job jobs[NLIBS];
    memset(jobs, 0, sizeof jobs);
    bool have[NLIBS] = {true, true, true, nm && nm->icu, nm && nm->iconv};
    // Contexts.
    whatenc_decoder *wd;
    whatenc_encoder *we = NULL;
    whatenc_decoder_new(id, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &wd);
    bool can_encode = whatenc_encoding_output_encoding(id) == id;
    if (can_encode) whatenc_encoder_new(id, WHATENC_HTML, &we);
    void *ed[2] = {0}, *ee[2] = {0};
    const void *ers_enc[2];
    for (int k = 0; k < 2; k++) {
        ers_enc[k] = ers[k].for_label((const uint8_t *)wname, strlen(wname));
        if (!ers_enc[k]) {
            have[L_ERS + k] = false;
            continue;
        }
        ed[k] = ers[k].new_decoder(ers_enc[k]);
        ee[k] = ers[k].new_encoder(ers_enc[k]);
    }
    UErrorCode err = U_ZERO_ERROR;
    UConverter *cnv = NULL, *utf8 = NULL;
    if (have[L_ICU]) {
        cnv = ucnv_open(nm->icu, &err);
        utf8 = ucnv_open("UTF-8", &err);
        if (U_FAILURE(err)) have[L_ICU] = false;
    }
    iconv_t ic[NDIRS];
    for (int d = 0; d < NDIRS; d++) ic[d] = (iconv_t)-1;
    if (have[L_ICONV]) {
        ic[D_DEC8] = iconv_open("UTF-8", nm->iconv);
        ic[D_DEC16] = iconv_open("UTF-16LE", nm->iconv);
        ic[D_ENC8] = iconv_open(nm->iconv, "UTF-8");
        ic[D_ENC16] = iconv_open(nm->iconv, "UTF-16LE");
        if (ic[D_DEC8] == (iconv_t)-1 || ic[D_DEC16] == (iconv_t)-1 || ic[D_ENC8] == (iconv_t)-1 ||
            ic[D_ENC16] == (iconv_t)-1)
            have[L_ICONV] = false;
    }
    // The expected UTF-16 output of a decoder, and the input of encode16:
    // little-endian, which is the machine's order here (x86-64; decode16
    // compares whatenc's uint16_t output with it bytewise as well).
    size_t t16len;
    uint8_t *text16 = to_utf16_bytes(text, tlen, 0, &t16len);

    for (int dir = 0; dir < NDIRS; dir++) {
        if (is_encode(dir) && !can_encode) continue;
        if (dir == D_VALID8 && id != WHATENC_UTF_8) continue;
        if (nrows == caprows) rows = realloc(rows, (caprows = 2 * caprows + 16) * sizeof *rows);
        struct row *R = &rows[nrows++];
        memset(R, 0, sizeof *R);
        snprintf(R->page, sizeof R->page, "%s", page);
        R->enc = wname;
        R->id = id;
        R->dir = dir;
        R->legacy_bytes = llen;
        const uint8_t *in = dir == D_ENC8 ? text : dir == D_ENC16 ? text16 : legacy;
        size_t n = dir == D_ENC8 ? tlen : dir == D_ENC16 ? t16len : llen;
        const uint8_t *want = dir == D_DEC8 ? text : dir == D_DEC16 ? text16 : legacy;
        size_t want_len = dir == D_DEC8 ? tlen : dir == D_DEC16 ? t16len : llen;
        int libs[NLIBS], nl = 0;
        for (int l = 0; l < NLIBS; l++) {
            if (!have[l]) continue;
            if (l == L_ERS_FAST && !is_encode(dir)) continue;  // the feature changes encoders only
            if (dir == D_VALID8 && l != L_WHATENC && l != L_ERS) continue;
            struct job *j = &jobs[l];
            *j = (struct job){.lib = l, .dir = dir, .in = in, .n = n, .wd = wd, .we = we, .cnv = cnv, .utf8 = utf8,
                              .ic = ic[dir]};
            if (l == L_ERS || l == L_ERS_FAST) {
                j->ers_enc = ers_enc[l - L_ERS];
                j->ed = ed[l - L_ERS];
                j->ee = ee[l - L_ERS];
            }
            // The check pass.
            col_len = 0;
            collecting = true;
            size_t got = run(j);
            collecting = false;
            if (got == (size_t)-1)
                R->status[l] = 3;
            else if (dir == D_VALID8)
                R->status[l] = got == n ? 1 : 2;  // the whole page is valid
            else
                R->status[l] = (col_len == want_len && memcmp(col, want, want_len) == 0) ? 1 : 2;
            if (R->status[l] != 3) libs[nl++] = l;
        }
        // Timing: RUNS rounds, each library once per round in a rotating
        // order, each sample converting the page `iters` times.
        int iters = (int)(TARGET_BYTES / (n ? n : 1)) + 1;
        double best[NLIBS] = {0};
        for (int r = 0; r < RUNS; r++) {
            for (int k = 0; k < nl; k++) {
                struct job *j = &jobs[libs[(k + r) % nl]];
                double t = now();
                size_t bad = 0;
                for (int it = 0; it < iters; it++) bad += run(j) != want_len;
                if (bad && R->status[j->lib] == 1) R->status[j->lib] = 3;  // not as in the check pass
                t = now() - t;
                double v = (double)llen * iters / t / 1e6;
                if (v > best[j->lib]) best[j->lib] = v;
            }
        }
        for (int k = 0; k < nl; k++) R->mbps[libs[k]] = best[libs[k]];
        if (!quiet) {
            printf("%-10s %-14s %-18s %8zu", page, wname, dir_names[dir], llen);
            for (int l = 0; l < NLIBS; l++) {
                if (R->status[l] == 0 || (l == L_ERS_FAST && !is_encode(dir)))
                    printf(" %9s", "-");
                else if (R->status[l] == 3)
                    printf(" %9s", "fail");
                else
                    printf(" %8.0f%c", R->mbps[l], R->status[l] == 2 ? '*' : ' ');
            }
            for (int l = L_ERS; l < NLIBS; l++) {
                if (R->status[l] == 1 && R->status[L_WHATENC] == 1 && R->mbps[l] > 0)
                    printf(" %6.2f", R->mbps[L_WHATENC] / R->mbps[l]);
                else
                    printf(" %6s", "-");
            }
            printf("\n");
            fflush(stdout);
        }
    }
    free(text16);
    whatenc_decoder_free(wd);
    whatenc_encoder_free(we);
    for (int k = 0; k < 2; k++) {
        if (ed[k]) ers[k].decoder_free(ed[k]);
        if (ee[k]) ers[k].encoder_free(ee[k]);
    }
    if (cnv) ucnv_close(cnv);
    if (utf8) ucnv_close(utf8);
    for (int d = 0; d < NDIRS; d++)
        if (ic[d] != (iconv_t)-1) iconv_close(ic[d]);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void measure_page(const char *dir, const char *file, bool quiet) {
    char path[4096], page[64], lang[32];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    snprintf(page, sizeof page, "%s", file);
    snprintf(lang, sizeof lang, "%s", file);
    lang[strcspn(lang, ".-")] = 0;
    size_t ulen;
    uint8_t *utf8 = (uint8_t *)read_file(path, &ulen);
    if (!utf8) return;
    size_t l16;
    uint8_t *u16;
    measure_encoding(page, WHATENC_UTF_8, utf8, ulen, utf8, ulen, quiet);
    u16 = to_utf16_bytes(utf8, ulen, 0, &l16);
    measure_encoding(page, WHATENC_UTF_16LE, utf8, ulen, u16, l16, quiet);
    free(u16);
    u16 = to_utf16_bytes(utf8, ulen, 1, &l16);
    measure_encoding(page, WHATENC_UTF_16BE, utf8, ulen, u16, l16, quiet);
    free(u16);
    const struct lang *L = NULL;
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++)
        if (strcmp(langs[i].lang, lang) == 0) L = &langs[i];
    size_t chars = count_chars(utf8, ulen);
    for (int k = 0; L && k < 6 && L->ids[k] >= 0; k++) {
        int id = L->ids[k];
        const char *name = whatenc_encoding_name(id);
        uint8_t *legacy = NULL, *text = NULL, *again = NULL;
        size_t llen, tlen, alen;
        whatenc_encoder *e;
        // Characters the encoding lacks: count them by encoding in fatal
        // mode from each unmappable onwards.
        size_t ncrs = 0;
        whatenc_encoder_new(id, WHATENC_FATAL, &e);
        for (size_t pos = 0; pos < ulen;) {
            size_t r = ulen - pos, w = sizeof out;
            whatenc_status st = whatenc_encoder_encode_from_utf8(e, utf8 + pos, &r, out, &w, 1, NULL);
            pos += r;
            if (st == WHATENC_UNMAPPABLE) ncrs++;
            else if (st != WHATENC_OUTPUT_FULL) break;
        }
        whatenc_encoder_free(e);
        if (whatenc_encode(id, utf8, ulen, WHATENC_HTML, &legacy, &llen, NULL) != WHATENC_OK ||
            whatenc_decode_advanced(id, WHATENC_BOM_KEEP, WHATENC_FATAL, legacy, llen, &text, &tlen, NULL, NULL) !=
                WHATENC_OK ||
            whatenc_encode(id, text, tlen, WHATENC_FATAL, &again, &alen, NULL) != WHATENC_OK || alen != llen ||
            memcmp(again, legacy, llen) != 0 || tlen < ulen / 2) {
            printf("%-10s %-14s not implemented in this build (no exact round trip)\n", page, name);
        } else if (ncrs > chars * MAX_NCR_SHARE) {
            if (!quiet)
                printf("%-10s %-14s skipped: %zu of %zu characters not in the encoding\n", page, name, ncrs, chars);
        } else {
            measure_encoding(page, id, text, tlen, legacy, llen, quiet);
        }
        whatenc_free(legacy);
        whatenc_free(text);
        whatenc_free(again);
    }
    free(utf8);
}

// ---------------------------------------------------------------- summary

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void summary(void) {
    printf("\nwhatenc / peer (MB/s ratio; rows where both outputs are right)\n");
    printf("%-18s %-8s %-17s %5s %8s %8s  %s\n", "direction", "rows", "peer", "rows", "median", "worst", "worst row");
    double *v = xmalloc(nrows * sizeof *v);
    static const char *groups[3] = {"all", "UTF", "legacy"};
    for (int d = 0; d < NDIRS; d++) {
        for (int g = 0; g < 3; g++)
        for (int l = L_ERS; l < NLIBS; l++) {
            size_t n = 0;
            double w = 1e300;
            const struct row *wr = NULL;
            for (size_t i = 0; i < nrows; i++) {
                struct row *R = &rows[i];
                if (R->dir != d || R->status[l] != 1 || R->status[L_WHATENC] != 1 || R->mbps[l] <= 0) continue;
                bool utf = R->id == WHATENC_UTF_8 || R->id == WHATENC_UTF_16LE || R->id == WHATENC_UTF_16BE;
                if ((g == 1 && !utf) || (g == 2 && utf)) continue;
                double r = R->mbps[L_WHATENC] / R->mbps[l];
                v[n++] = r;
                if (r < w) w = r, wr = R;
            }
            if (n == 0) continue;
            qsort(v, n, sizeof *v, cmp_double);
            double med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
            printf("%-18s %-8s %-17s %5zu %7.2fx %7.2fx  %s %s\n", dir_names[d], groups[g], lib_names[l], n, med, w,
                   wr->page, wr->enc);
        }
    }
    free(v);
}

static void write_csv(const char *path, const char *machine, const char *date) {
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return;
    }
    fprintf(f, "# machine=%s date=%s chunk=%d runs=%d\n", machine, date, CHUNK, RUNS);
    fprintf(f, "page,encoding,direction,legacy_bytes");
    for (int l = 0; l < NLIBS; l++) fprintf(f, ",%s_mbps,%s_ok", lib_names[l], lib_names[l]);
    fprintf(f, "\n");
    for (size_t i = 0; i < nrows; i++) {
        struct row *R = &rows[i];
        fprintf(f, "%s,%s,%s,%zu", R->page, R->enc, dir_keys[R->dir], R->legacy_bytes);
        for (int l = 0; l < NLIBS; l++) {
            if (R->status[l] == 0)
                fprintf(f, ",,");
            else
                fprintf(f, ",%.1f,%s", R->mbps[l], R->status[l] == 1 ? "ok" : R->status[l] == 2 ? "differs" : "fail");
        }
        fprintf(f, "\n");
    }
    fclose(f);
}

// ---------------------------------------------------------------- per call

int whatencbench_noop(void);

#define CALLS 1000000
#define CALL_ROUNDS 15
static const uint8_t src16[16] = "hello, world 123";
// Not ASCII: the wrapper's ASCII answer does not apply; it decodes them
// through windows-1252's byte table.
static const uint8_t src16x[16] = "h\xe9llo, w\xf6rld 1";
// The same letters in UTF-8, to a UTF-8 decoder: the wrapper checks and
// copies valid UTF-8.
static const uint8_t src16u[16] = "h\xc3\xa9llo, w\xc3\xb6rld 1";
// Japanese in Shift_JIS (5 letters among ASCII), to a Shift_JIS decoder: the
// wrapper decodes them through the encoding's pair table once a first call
// has had Go build it.
static const uint8_t src16j[16] = "\x93\xfa\x96{\x8c\xea ab \x93\x8c\x8b\x9e x";
// Japanese in UTF-8, to a Shift_JIS encoder: the wrapper encodes it through
// the encoding's table once a first call has had Go build it.
static const uint8_t src16e[16] = "\xe6\x97\xa5\xe6\x9c\xac ab \xe6\x9d\xb1 xy";
// gb18030 with a four-byte sequence (U+1F600) and two pairs, to a gb18030
// decoder: the wrapper decodes it through the encoding's tables once a first
// call has had Go build them.
static const uint8_t src16g[16] = "ab\x94\x39\xfc\x36\xb0\xa1xyz\xb0\xa1" "cd ";

#define NKINDS 7
static const char *const kind_names[NKINDS] = {
    "bare no-op export",
    "decode 16 bytes windows-1252 -> UTF-8",
    "  the same, 2 of the 16 not ASCII",
    "  those 2 letters in UTF-8 -> UTF-8",
    "  16 bytes of Shift_JIS -> UTF-8",
    "encode 16 bytes UTF-8 -> Shift_JIS",
    "  16 bytes of gb18030 (an emoji) -> UTF-8",
};

// A thread's handles for every kind of call, and its best ns a call per kind.
// Kinds: 0 no-op, 1 decode 16 ASCII bytes, 2 decode 16 bytes with two letters
// from the upper half, 3 16 bytes of UTF-8 with two such letters, 4 16 bytes
// of Shift_JIS, 5 encode 16 bytes of UTF-8 to Shift_JIS, 6 16 bytes of
// gb18030 with a four-byte sequence.
struct caller {
    whatenc_decoder *d[NKINDS];
    whatenc_encoder *e;
    double best[NKINDS];
    // For a thread of the pair: the kind the main thread asks for (-1: stop),
    // between the start and end barriers it shares with the other two.
    int kind;
    pthread_barrier_t *start, *end;
};

static void caller_open(struct caller *c) {
    for (int k = 1; k < NKINDS; k++)
        if (k != 5)
            whatenc_decoder_new(k == 3   ? WHATENC_UTF_8
                                : k == 4 ? WHATENC_SHIFT_JIS
                                : k == 6 ? WHATENC_GB18030
                                         : WHATENC_WINDOWS_1252,
                                WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &c->d[k]);
    whatenc_encoder_new(WHATENC_SHIFT_JIS, WHATENC_HTML, &c->e);
    for (int k = 0; k < NKINDS; k++) c->best[k] = 1e9;
}

static void caller_close(struct caller *c) {
    for (int k = 1; k < NKINDS; k++) whatenc_decoder_free(c->d[k]);
    whatenc_encoder_free(c->e);
}

// Times CALLS calls of one kind and keeps the best ns a call.
static void time_calls(struct caller *c, int kind) {
    const uint8_t *src = kind == 1   ? src16
                         : kind == 2 ? src16x
                         : kind == 3 ? src16u
                         : kind == 4 ? src16j
                         : kind == 6 ? src16g
                                     : src16e;
    uint8_t dst[64];
    volatile int sink = 0;
    double t0 = now();
    if (kind == 0)
        for (int i = 0; i < CALLS; i++) sink += whatencbench_noop();
    else if (kind == 5)
        for (int i = 0; i < CALLS; i++) {
            size_t n = 16, m = sizeof dst;
            sink += whatenc_encoder_encode_from_utf8(c->e, src, &n, dst, &m, 0, NULL);
        }
    else
        for (int i = 0; i < CALLS; i++) {
            size_t n = 16, m = sizeof dst;
            sink += whatenc_decoder_decode_to_utf8(c->d[kind], src, &n, dst, &m, 0, NULL);
        }
    double ns = (now() - t0) * 1e9 / CALLS;
    if (ns < c->best[kind]) c->best[kind] = ns;
}

static void *pair_thread(void *p) {
    struct caller *c = p;
    caller_open(c);
    whatencbench_noop();  // the first call on a new thread is slow
    for (;;) {
        pthread_barrier_wait(c->start);
        if (c->kind < 0) break;
        time_calls(c, c->kind);
        pthread_barrier_wait(c->end);
    }
    caller_close(c);
    return NULL;
}

// ns a call of each kind from one thread (one[k]), and from two at once (the
// slower thread's, two[k]). The kinds take turns within each round, one
// thread and then two, so that the no-op and the calls it is compared with
// are timed under the same conditions: on a shared machine what two threads
// lose drifts over seconds (the no-op alone lost 1.2x to 2.3x from one run to
// the next when each kind had its rounds in a row).
static void per_call(double one[NKINDS], double two[NKINDS]) {
    struct caller self, pair[2];
    memset(&self, 0, sizeof self);
    memset(pair, 0, sizeof pair);
    caller_open(&self);
    pthread_barrier_t start, end;
    pthread_barrier_init(&start, NULL, 3);
    pthread_barrier_init(&end, NULL, 3);
    pthread_t th[2];
    for (int i = 0; i < 2; i++) {
        pair[i].start = &start;
        pair[i].end = &end;
        pthread_create(&th[i], NULL, pair_thread, &pair[i]);
    }
    for (int r = 0; r < CALL_ROUNDS; r++)
        for (int k = 0; k < NKINDS; k++) {
            time_calls(&self, k);
            pair[0].kind = pair[1].kind = k;
            pthread_barrier_wait(&start);
            pthread_barrier_wait(&end);
        }
    pair[0].kind = pair[1].kind = -1;
    pthread_barrier_wait(&start);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    pthread_barrier_destroy(&start);
    pthread_barrier_destroy(&end);
    for (int k = 0; k < NKINDS; k++) {
        one[k] = self.best[k];
        two[k] = pair[0].best[k] > pair[1].best[k] ? pair[0].best[k] : pair[1].best[k];
    }
    caller_close(&self);
}

// ---------------------------------------------------------------- probes

// Runs PROBE with args in a fresh process (posix_spawn: no fork of this
// process, which holds a Go runtime) and returns its first line.
static int probe(const char *probe_path, char *const args[], char *line, size_t n) {
    int fd[2];
    if (pipe(fd)) return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    pid_t pid;
    char *argv[8] = {(char *)probe_path};
    for (int i = 0; args[i] && i < 6; i++) argv[i + 1] = args[i];
    int rc = posix_spawn(&pid, probe_path, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    if (rc) {
        close(fd[0]);
        return -1;
    }
    FILE *f = fdopen(fd[0], "r");
    line[0] = 0;
    if (!fgets(line, (int)n, f)) line[0] = 0;
    fclose(f);
    int status;
    waitpid(pid, &status, 0);
    line[strcspn(line, "\n")] = 0;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static long file_size(const char *path) {
    struct stat st;
    return stat(path, &st) ? -1 : (long)st.st_size;
}

int main(int argc, char **argv) {
    const char *csv = NULL, *probe_path = NULL;
    bool quiet = false, streaming_only = false;
    int opt;
    while ((opt = getopt(argc, argv, "qsr:o:p:b:f:e:")) != -1) {
        if (opt == 'q') quiet = true;
        else if (opt == 's') streaming_only = true;
        else if (opt == 'r') RUNS = atoi(optarg);
        else if (opt == 'o') csv = optarg;
        else if (opt == 'p') probe_path = optarg;
        else if (opt == 'b') TARGET_BYTES = atof(optarg);
        else if (opt == 'f') only_page = optarg;
        else if (opt == 'e') only_enc = optarg;
        else return 2;
    }
    if (argc - optind != 4) {
        fprintf(stderr, "usage: compare [-q] [-s] [-r RUNS] [-b BYTES] [-f PAGE] [-e ENCODING] [-o CSV] [-p PROBE] CORPUS "
                        "LIBWHATENC ERS_SO ERS_FAST_SO\n");
        return 2;
    }
    const char *corpus = argv[optind], *libpath = argv[optind + 1];
    if (whatenc_init() != WHATENC_OK) return 1;
    if (ers_load(&ers[0], argv[optind + 2]) || ers_load(&ers[1], argv[optind + 3])) return 1;

    char machine[512] = "unknown", date[64];
    FILE *ci = fopen("/proc/cpuinfo", "r");
    if (ci) {
        char l[512];
        while (fgets(l, sizeof l, ci))
            if (strncmp(l, "model name", 10) == 0) {
                char *c = strchr(l, ':');
                snprintf(machine, sizeof machine, "%s", c ? c + 2 : l);
                machine[strcspn(machine, "\n")] = 0;
                break;
            }
        fclose(ci);
    }
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&tt));
    printf("whatenc %s (%s kernels) vs encoding_rs (encoding_c; default and fast-legacy-encode), ICU %s, glibc iconv\n",
           whatenc_version_string(), whatenc_kernels(), U_ICU_VERSION);
    printf("machine: %s, %ld cores; %s; %d KiB buffers; best of %d samples of >= %.0f MB\n\n", machine,
           sysconf(_SC_NPROCESSORS_ONLN), date, CHUNK / 1024, RUNS, TARGET_BYTES / 1e6);

    // Per call first (a quiet machine), then the rest; -s: the streaming
    // rows alone (to compare two builds of the library on a few rows).
    if (!streaming_only) {
        double one[NKINDS], two[NKINDS];
        per_call(one, two);
        printf("== per call (best of %d rounds of %d calls, the kinds in turns; two threads: the slower thread)\n",
               CALL_ROUNDS, CALLS);
        printf("%-40s %8s %8s %7s\n", "", "1 thread", "2 threads", "2 vs 1");
        static const int order[NKINDS] = {0, 1, 2, 3, 4, 6, 5};  // the decodes, then the encode
        for (int i = 0; i < NKINDS; i++) {
            int k = order[i];
            printf("%-40s %6.1fns %6.1fns  %5.2fx\n", kind_names[k], one[k], two[k], two[k] / one[k]);
            if (k > 0) printf("%-40s %7.2fx %7.2fx\n", k == 1 ? "decode 16 / no-op" : "  / no-op", one[k] / one[0], two[k] / two[0]);
        }
        printf("\n");
    }

    if (probe_path) {
        char line[512];
        printf("== library\n");
        long sz = file_size(libpath);
        printf("size: %s %ld bytes (%.2f MiB, stripped)\n", libpath, sz, sz / 1048576.0);
        char *a1[] = {"dlopen", (char *)libpath, NULL};
        double ts[9];
        int ok = 0;
        for (int i = 0; i < 9; i++)
            if (probe(probe_path, a1, line, sizeof line) == 0) ts[ok++] = atof(line);
        if (ok) {
            qsort(ts, ok, sizeof *ts, cmp_double);
            printf("dlopen to first result (whatenc_init + one decode): median %.2f ms, min %.2f ms (%d fresh processes)\n",
                   ts[ok / 2], ts[0], ok);
        }
        char *a2[] = {"rss", (char *)libpath, NULL};
        if (probe(probe_path, a2, line, sizeof line) == 0) printf("%s\n", line);
        printf("\n");
    }

    printf("== streaming, MB/s of legacy-side bytes ('*': output differs from the standard's; ratio: whatenc/peer)\n");
    printf("%-10s %-14s %-18s %8s", "page", "encoding", "direction", "bytes");
    for (int l = 0; l < NLIBS; l++) printf(" %9.9s", lib_names[l]);
    printf(" %6s %6s %6s %6s\n", "/ers", "/ersf", "/ICU", "/iconv");
    DIR *dp = opendir(corpus);
    if (!dp) {
        perror(corpus);
        return 1;
    }
    char *files[256];
    int nf = 0;
    struct dirent *de;
    while ((de = readdir(dp)) && nf < 256) {
        const char *s = de->d_name;
        size_t l = strlen(s);
        if (strcmp(s, "sources.txt") == 0) continue;
        if ((l > 5 && strcmp(s + l - 5, ".html") == 0) || (l > 4 && strcmp(s + l - 4, ".txt") == 0))
            files[nf++] = strdup(s);
    }
    closedir(dp);
    qsort(files, nf, sizeof *files, cmp_str);
    double t0 = now();
    for (int i = 0; i < nf; i++)
        if (!only_page || strcmp(only_page, files[i]) == 0) measure_page(corpus, files[i], quiet);
    printf("(%zu rows in %.0f s)\n", nrows, now() - t0);
    summary();
    if (csv) {
        write_csv(csv, machine, date);
        printf("\nCSV: %s\n", csv);
    }
    return 0;
}

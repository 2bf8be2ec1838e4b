// throughput: streaming conversion speed on the Wikipedia corpus, whatenc
// against glibc iconv and ICU (ucnv) in the same run. For each page, the
// text is put into a legacy encoding of its language (numeric character
// references for what it lacks, so every conversion is lossless), then:
//   decode: legacy -> UTF-8 (whatenc, iconv, ICU ucnv_convertEx) and
//           legacy -> UTF-16 (whatenc, ICU ucnv_toUnicode);
//   encode: UTF-8 -> legacy (whatenc, iconv, ICU ucnv_convertEx).
// Input is fed in 64 KiB chunks into a 64 KiB output buffer, as a
// streaming caller would. Figures are MB/s of input, best of 5 runs.
// "output lengths differ" flags a library that does not follow the
// standard for that encoding (glibc's CP1255 composes Hebrew points, for
// example); the figures still compare the work done.
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/ucnv.h>

#include "whatenc.h"

#define CHUNK 65536
#define RUNS 5

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

struct lang {
    const char *page, *label, *iconv_name, *icu_name;
};
static const struct lang langs[] = {
    {"ar", "windows-1256", "CP1256", "windows-1256"}, {"cs", "windows-1250", "CP1250", "windows-1250"},
    {"de", "windows-1252", "CP1252", "windows-1252"}, {"el", "windows-1253", "CP1253", "windows-1253"},
    {"en", "windows-1252", "CP1252", "windows-1252"}, {"fr", "windows-1252", "CP1252", "windows-1252"},
    {"he", "windows-1255", "CP1255", "windows-1255"}, {"ja", "shift_jis", "SHIFT_JIS", "Shift_JIS"},
    {"ko", "euc-kr", "EUC-KR", "EUC-KR"},             {"pt", "windows-1252", "CP1252", "windows-1252"},
    {"ru", "windows-1251", "CP1251", "windows-1251"}, {"th", "windows-874", "CP874", "windows-874-2000"},
    {"tr", "windows-1254", "CP1254", "windows-1254"}, {"zh_cn", "gb18030", "GB18030", "gb18030"},
    {"zh_tw", "big5", "BIG5", "Big5"},                {"en", "utf-16le", "UTF-16LE", "UTF-16LE"},
};

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *p = malloc(n + 1);
    *len = fread(p, 1, n, f);
    fclose(f);
    return p;
}

typedef size_t (*conv_fn)(void *ctx, const char *in, size_t n);
static char out[CHUNK];
static UChar out16[CHUNK / 2];

// whatenc: decoder to UTF-8 / UTF-16, encoder from UTF-8.
static size_t we_decode8(void *ctx, const char *in, size_t n) {
    whatenc_decoder *d = ctx;
    size_t total = 0;
    for (size_t pos = 0;;) {
        size_t chunk = n - pos < CHUNK ? n - pos : CHUNK;
        int last = pos + chunk == n;
        for (;;) {
            size_t r = chunk, w = sizeof out;
            whatenc_status st = whatenc_decoder_decode_to_utf8(d, (const uint8_t *)in + pos, &r, (uint8_t *)out, &w, last, NULL);
            pos += r, chunk -= r, total += w;
            if (st != WHATENC_OUTPUT_FULL) break;
        }
        if (last) return total;
    }
}
static size_t we_decode16(void *ctx, const char *in, size_t n) {
    whatenc_decoder *d = ctx;
    size_t total = 0;
    for (size_t pos = 0;;) {
        size_t chunk = n - pos < CHUNK ? n - pos : CHUNK;
        int last = pos + chunk == n;
        for (;;) {
            size_t r = chunk, w = sizeof out16 / 2;
            whatenc_status st = whatenc_decoder_decode_to_utf16(d, (const uint8_t *)in + pos, &r, (uint16_t *)out16, &w, last, NULL);
            pos += r, chunk -= r, total += w;
            if (st != WHATENC_OUTPUT_FULL) break;
        }
        if (last) return total;
    }
}
static size_t we_encode(void *ctx, const char *in, size_t n) {
    whatenc_encoder *e = ctx;
    size_t total = 0;
    for (size_t pos = 0;;) {
        size_t chunk = n - pos < CHUNK ? n - pos : CHUNK;
        int last = pos + chunk == n;
        for (;;) {
            size_t r = chunk, w = sizeof out;
            whatenc_status st = whatenc_encoder_encode_from_utf8(e, (const uint8_t *)in + pos, &r, (uint8_t *)out, &w, last, NULL);
            pos += r, chunk -= r, total += w;
            if (st != WHATENC_OUTPUT_FULL) break;
        }
        if (last) return total;
    }
}

// iconv, streaming the same way (an incomplete sequence is carried over by
// feeding the whole input with a bounded output buffer).
static size_t ic_conv(void *ctx, const char *in, size_t n) {
    iconv_t cd = ctx;
    iconv(cd, NULL, NULL, NULL, NULL);
    char *ip = (char *)in;
    size_t total = 0;
    while (n > 0) {
        size_t left = n < CHUNK ? n : CHUNK, before = left;
        char *op = out;
        size_t ol = sizeof out;
        size_t rc = iconv(cd, &ip, &left, &op, &ol);
        total += sizeof out - ol;
        n -= before - left;
        if (rc == (size_t)-1 && before == left && ol == sizeof out) break;  // stuck
    }
    return total;
}

struct icu_pair {
    UConverter *src, *dst;
};
static size_t icu_convert(void *ctx, const char *in, size_t n) {
    struct icu_pair *p = ctx;
    UChar pivot[1024], *ps = pivot, *pt = pivot;
    const char *s = in, *end = in + n;
    size_t total = 0;
    UErrorCode err = U_ZERO_ERROR;
    ucnv_reset(p->src);
    ucnv_reset(p->dst);
    for (int reset = 1;;) {
        char *t = out;
        err = U_ZERO_ERROR;
        ucnv_convertEx(p->dst, p->src, &t, out + sizeof out, &s, end, pivot, &ps, &pt, pivot + 1024, reset, 1, &err);
        reset = 0;
        total += t - out;
        if (err != U_BUFFER_OVERFLOW_ERROR) break;
    }
    return total;
}
static size_t icu_to16(void *ctx, const char *in, size_t n) {
    struct icu_pair *p = ctx;
    const char *s = in, *end = in + n;
    size_t total = 0;
    ucnv_reset(p->src);
    for (;;) {
        UChar *t = out16;
        UErrorCode err = U_ZERO_ERROR;
        ucnv_toUnicode(p->src, &t, out16 + sizeof out16 / 2, &s, end, NULL, 1, &err);
        total += t - out16;
        if (err != U_BUFFER_OVERFLOW_ERROR) break;
    }
    return total;
}

static double mbps(conv_fn f, void *ctx, const char *in, size_t n, size_t *outlen) {
    double best = 0;
    for (int r = 0; r < RUNS; r++) {
        double t = now();
        *outlen = f(ctx, in, n);
        double v = n / (now() - t) / 1e6;
        if (v > best) best = v;
    }
    return best;
}

static void row(const char *what, double we, size_t we_out, double ic, size_t ic_out, double icu, size_t icu_out) {
    char icbuf[16] = "       -";
    if (ic > 0) snprintf(icbuf, sizeof icbuf, "%8.1f", ic);
    printf("  %-18s whatenc %8.1f   iconv %s   ICU %8.1f MB/s%s\n", what, we, icbuf, icu,
           (ic_out && we_out != ic_out) || (icu_out && we_out != icu_out) ? "   (output lengths differ)" : "");
}

int main(int argc, char **argv) {
    const char *dir = argc > 1 ? argv[1] : "../shared/corpus/wikipedia";
    if (whatenc_init() != WHATENC_OK) return 1;
    printf("%-28s %s\n", "page -> encoding (bytes)", "");
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        const struct lang *L = &langs[i];
        char path[4096];
        size_t ulen;
        snprintf(path, sizeof path, "%s/%s.txt", dir, L->page);
        char *utf8 = read_file(path, &ulen);
        if (!utf8) {
            fprintf(stderr, "missing %s\n", path);
            continue;
        }
        int id = whatenc_encoding_for_label(L->label, strlen(L->label));
        // The page in the legacy encoding, and the text it holds in UTF-8.
        uint8_t *legacy, *text;
        size_t llen, tlen;
        if (whatenc_encode(id, (uint8_t *)utf8, ulen, WHATENC_HTML, &legacy, &llen, NULL) != WHATENC_OK ||
            whatenc_decode_advanced(id, WHATENC_BOM_KEEP, WHATENC_FATAL, legacy, llen, &text, &tlen, NULL, NULL) != WHATENC_OK ||
            tlen < ulen / 2) {  // an unimplemented family decodes to nothing
            printf("%s -> %s: not implemented in this build\n", L->page, L->label);
            free(utf8);
            continue;
        }
        if (id == WHATENC_UTF_16LE) {  // encoders write UTF-8 for UTF-16: build it by hand
            whatenc_free(legacy);
            legacy = malloc(2 * tlen + 2);
            size_t r, w;
            uint16_t *u = malloc(2 * tlen + 2);
            whatenc_decoder *d;
            whatenc_decoder_new(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d);
            r = tlen, w = tlen + 1;
            whatenc_decoder_decode_to_utf16(d, text, &r, u, &w, 1, NULL);
            whatenc_decoder_free(d);
            for (size_t k = 0; k < w; k++) legacy[2 * k] = u[k] & 0xFF, legacy[2 * k + 1] = u[k] >> 8;
            llen = 2 * w;
            free(u);
        }
        printf("%s -> %s (%zu bytes)\n", L->page, whatenc_encoding_name(id), llen);

        whatenc_decoder *d;
        whatenc_decoder_new(id, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d);
        iconv_t to8 = iconv_open("UTF-8", L->iconv_name), from8 = iconv_open(L->iconv_name, "UTF-8");
        UErrorCode err = U_ZERO_ERROR;
        struct icu_pair dec = {ucnv_open(L->icu_name, &err), ucnv_open("UTF-8", &err)};
        struct icu_pair enc = {dec.dst, dec.src};
        if (U_FAILURE(err) || to8 == (iconv_t)-1 || from8 == (iconv_t)-1) {
            printf("  (iconv or ICU lacks %s)\n", L->label);
            continue;
        }
        size_t a, b, c;
        double we = mbps(we_decode8, d, (char *)legacy, llen, &a);
        double ic = mbps(ic_conv, to8, (char *)legacy, llen, &b);
        double icu = mbps(icu_convert, &dec, (char *)legacy, llen, &c);
        row("decode to UTF-8", we, a, ic, b, icu, c);
        we = mbps(we_decode16, d, (char *)legacy, llen, &a);
        icu = mbps(icu_to16, &dec, (char *)legacy, llen, &c);
        row("decode to UTF-16", we, a, 0, 0, icu, c);
        if (whatenc_encoding_has_encoder(id) == 1) {
            whatenc_encoder *e;
            whatenc_encoder_new(id, WHATENC_HTML, &e);
            we = mbps(we_encode, e, (char *)text, tlen, &a);
            ic = mbps(ic_conv, from8, (char *)text, tlen, &b);
            icu = mbps(icu_convert, &enc, (char *)text, tlen, &c);
            row("encode from UTF-8", we, a, ic, b, icu, c);
            whatenc_encoder_free(e);
        }
        whatenc_decoder_free(d);
        iconv_close(to8);
        iconv_close(from8);
        ucnv_close(dec.src);
        ucnv_close(dec.dst);
        whatenc_free(legacy);
        whatenc_free(text);
        free(utf8);
    }
    return 0;
}

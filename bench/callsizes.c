// callsizes: the time of one streaming call by the size of its input, for
// inputs that are not ASCII, across the sizes where the C wrappers answer
// a call (capi/registry.h: up to WHATENCGO_SMALL_CALL_TABLE_MAX bytes
// through a decoder's byte or pair table, WHATENCGO_SMALL_CALL_MIXED_MAX
// otherwise) and those where Go does. Where the two meet, the times should
// not jump.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "whatenc.h"

#define ROUNDS 15
#define CALLS 20000

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint8_t in[4096];
static uint8_t out[16384];

// fill repeats unit (a whole number of characters) into in, up to n bytes;
// returns the length.
static size_t fill(const char *unit, size_t n) {
    size_t ul = strlen(unit), k = 0;
    while (k + ul <= n) {
        memcpy(in + k, unit, ul);
        k += ul;
    }
    return k;
}

// One call on handle h with the first n bytes of in; returns its status
// and sets *read.
typedef whatenc_status (*call_fn)(void *h, size_t n, size_t *read);

static whatenc_status decode8(void *h, size_t n, size_t *read) {
    size_t written = sizeof out;
    *read = n;
    return whatenc_decoder_decode_to_utf8(h, in, read, out, &written, 0, NULL);
}

static whatenc_status decode16(void *h, size_t n, size_t *read) {
    size_t written = sizeof out / 2;
    *read = n;
    return whatenc_decoder_decode_to_utf16(h, in, read, (uint16_t *)(void *)out, &written, 0, NULL);
}

static whatenc_status encode8(void *h, size_t n, size_t *read) {
    size_t written = sizeof out;
    *read = n;
    return whatenc_encoder_encode_from_utf8(h, in, read, out, &written, 0, NULL);
}

// The best of ROUNDS rounds of CALLS calls, in ns a call; every call must
// take its whole input.
static double best_ns(call_fn call, void *h, size_t n) {
    double best = 1e18;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now();
        for (int i = 0; i < CALLS; i++) {
            size_t read;
            whatenc_status st = call(h, n, &read);
            if (st != WHATENC_OK || read != n) {
                fprintf(stderr, "status %d, %zu of %zu bytes\n", st, read, n);
                exit(1);
            }
        }
        double t = (now() - t0) / CALLS;
        if (t < best) best = t;
    }
    return best;
}

static double decode_ns(int encoding, size_t n, int utf16) {
    whatenc_decoder *d;
    if (whatenc_decoder_new(encoding, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d) != WHATENC_OK) exit(1);
    double ns = best_ns(utf16 ? decode16 : decode8, d, n);
    whatenc_decoder_free(d);
    return ns;
}

static double encode_ns(int encoding, size_t n) {
    whatenc_encoder *e;
    if (whatenc_encoder_new(encoding, WHATENC_HTML, &e) != WHATENC_OK) exit(1);
    double ns = best_ns(encode8, e, n);
    whatenc_encoder_free(e);
    return ns;
}

int main(void) {
    if (whatenc_init() != WHATENC_OK) return 1;
    static const char ja8[] = "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e";      // 日本語
    static const char ru8[] = "\xd0\x9f\xd1\x80\xd0\xb8 ";                 // "При "
    static const char ja16le[] = "\xe5\x65\x2c\x67\x9e\x8a";              // 日本語, no NUL byte
    static const char ru1251[] = "\xcf\xf0\xe8\xe2\xe5\xf2 ";
    static const char sjis[] = "\x93\xfa\x96\x7b\x8c\xea";
    // Small calls have Go build the Shift_JIS and windows-1251 tables the
    // wrappers use, in the background; give it time.
    for (int k = 0; k < 3; k++) {
        decode_ns(WHATENC_SHIFT_JIS, fill(sjis, 16), 0);
        encode_ns(WHATENC_SHIFT_JIS, fill(ja8, 16));
        encode_ns(WHATENC_WINDOWS_1251, fill(ru8, 16));
    }
    static const size_t sizes[] = {16, 32, 64, 96, 128, 192, 256, 384, 510, 520, 768};
    printf("ns a call, input not ASCII (best of %d rounds of %d calls)\n", ROUNDS, CALLS);
    printf("%6s %9s %9s %9s %9s %9s %9s %9s\n", "bytes", "UTF-8>8", "UTF-8>16", "16LE>8", "1251>8", "SJIS>8",
           "8>SJIS", "8>1251");
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        size_t n = sizes[i];
        double v[7];
        v[0] = decode_ns(WHATENC_UTF_8, fill(ja8, n), 0);
        v[1] = decode_ns(WHATENC_UTF_8, fill(ja8, n), 1);
        v[2] = decode_ns(WHATENC_UTF_16LE, fill(ja16le, n), 0);
        v[3] = decode_ns(WHATENC_WINDOWS_1251, fill(ru1251, n), 0);
        v[4] = decode_ns(WHATENC_SHIFT_JIS, fill(sjis, n), 0);
        v[5] = encode_ns(WHATENC_SHIFT_JIS, fill(ja8, n));
        v[6] = encode_ns(WHATENC_WINDOWS_1251, fill(ru8, n));
        printf("%6zu", n);
        for (int k = 0; k < 7; k++) printf(" %9.0f", v[k]);
        printf("\n");
    }
    return 0;
}

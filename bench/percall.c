// percall: the cost of a small call (decoding 16 bytes) against a bare
// no-op cgo export, measured in the same run. Built against the benchmark
// build of the library (make bench-c), which adds whatencbench_noop.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "whatenc.h"

int whatencbench_noop(void);
int whatencbench_noop8(void *, void *, size_t *, void *, size_t *, int, void *, int);
int whatencbench_noop8_defer(void *, void *, size_t *, void *, size_t *, int, void *, int);

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define ROUNDS 7
#define CALLS 2000000

typedef int (*bench_fn)(void *);

static whatenc_decoder *dec;
static whatenc_encoder *enc;
static const uint8_t src16[16] = "hello, world 123";
static uint8_t dst[64];

static int call_noop(void *p) { (void)p; return whatencbench_noop(); }
static int call_noop8(void *p) {
    (void)p;
    size_t n = 16, m = sizeof dst;
    return whatencbench_noop8(dec, (void *)src16, &n, dst, &m, 0, NULL, 0);
}
static int call_noop8_defer(void *p) {
    (void)p;
    size_t n = 16, m = sizeof dst;
    return whatencbench_noop8_defer(dec, (void *)src16, &n, dst, &m, 0, NULL, 0);
}
static int call_version(void *p) { (void)p; return (int)whatenc_version_number(); }
static int call_decode16(void *p) {
    (void)p;
    size_t n = 16, m = sizeof dst;
    return whatenc_decoder_decode_to_utf8(dec, src16, &n, dst, &m, 0, NULL);
}
static int call_decode16_info(void *p) {
    whatenc_decode_info *info = p;
    size_t n = 16, m = sizeof dst;
    return whatenc_decoder_decode_to_utf8(dec, src16, &n, dst, &m, 0, info);
}
static int call_encode16(void *p) {
    (void)p;
    size_t n = 16, m = sizeof dst;
    return whatenc_encoder_encode_from_utf8(enc, src16, &n, dst, &m, 0, NULL);
}
static int call_invalid(void *p) {
    (void)p;
    size_t n = 16, m = sizeof dst;
    return whatenc_decoder_decode_to_utf8((whatenc_decoder *)dst, src16, &n, dst, &m, 0, NULL);
}

// The best of ROUNDS rounds, in ns per call.
static double measure(bench_fn f, void *arg) {
    double best = 1e9;
    for (int r = 0; r < ROUNDS; r++) {
        volatile int sink = 0;
        double t = now();
        for (int i = 0; i < CALLS; i++) sink += f(arg);
        double ns = (now() - t) * 1e9 / CALLS;
        if (ns < best) best = ns;
        (void)sink;
    }
    return best;
}

int main(void) {
    if (whatenc_init() != WHATENC_OK) return 1;
    whatenc_decoder_new(WHATENC_WINDOWS_1252, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &dec);
    whatenc_encoder_new(WHATENC_WINDOWS_1252, WHATENC_HTML, &enc);
    whatenc_decode_info info;
    double noop = measure(call_noop, NULL);
    struct { const char *name; bench_fn f; void *arg; } cases[] = {
        {"no-op export, 8 arguments", call_noop8, NULL},
        {"no-op export, 8 arguments, deferred recover", call_noop8_defer, NULL},
        {"pure C export (whatenc_version_number)", call_version, NULL},
        {"decode 16 bytes windows-1252 -> UTF-8", call_decode16, NULL},
        {"decode 16 bytes, with info", call_decode16_info, &info},
        {"encode 16 bytes UTF-8 -> windows-1252", call_encode16, NULL},
        {"rejected foreign handle", call_invalid, NULL},
    };
    printf("%-44s %8.1f ns/call  1.00x\n", "bare no-op cgo export (floor)", noop);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double ns = measure(cases[i].f, cases[i].arg);
        printf("%-44s %8.1f ns/call  %.2fx\n", cases[i].name, ns, ns / noop);
    }
    whatenc_decoder_free(dec);
    whatenc_encoder_free(enc);
    return 0;
}

// probe: measurements that need a fresh process, run by compare (or by
// hand). The library is loaded with dlopen, so nothing of it is mapped
// before the clock starts.
//
//   probe dlopen LIB   prints the milliseconds from dlopen(LIB) to the first
//                      result (whatenc_init, then decoding 16 bytes)
//   probe rss LIB      streams 1 GiB through 64 KiB buffers (decode
//                      windows-1251 -> UTF-8, then encode back) and prints
//                      the peak RSS before and after (VmHWM; ru_maxrss too)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "whatenc.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

// The process's peak RSS in KiB. getrusage's ru_maxrss is carried over
// from the process that spawned this one (Linux keeps the peak across
// execve, and posix_spawn shares the parent's memory until then), so
// compare's own size would show through: VmHWM is this program's own
// memory only. Both are printed; they agree when probe runs by itself.
static long maxrss_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    long kib = -1;
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) break;
    if (f) fclose(f);
    return kib;
}

static long ru_maxrss_kib(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

#define CHUNK 65536
static uint8_t in[CHUNK], mid[CHUNK * 3], out[CHUNK * 3];

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: probe dlopen|rss LIB\n");
        return 2;
    }
    long rss0 = maxrss_kib();
    double t0 = now();
    void *h = dlopen(argv[2], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    whatenc_status (*init)(void) = (whatenc_status(*)(void))dlsym(h, "whatenc_init");
    whatenc_status (*dnew)(int, whatenc_bom_mode, whatenc_error_mode, whatenc_decoder **) =
        (whatenc_status(*)(int, whatenc_bom_mode, whatenc_error_mode, whatenc_decoder **))dlsym(h, "whatenc_decoder_new");
    whatenc_status (*enew)(int, whatenc_error_mode, whatenc_encoder **) =
        (whatenc_status(*)(int, whatenc_error_mode, whatenc_encoder **))dlsym(h, "whatenc_encoder_new");
    whatenc_status (*dec)(whatenc_decoder *, const uint8_t *, size_t *, uint8_t *, size_t *, int, whatenc_decode_info *) =
        (whatenc_status(*)(whatenc_decoder *, const uint8_t *, size_t *, uint8_t *, size_t *, int,
                           whatenc_decode_info *))dlsym(h, "whatenc_decoder_decode_to_utf8");
    whatenc_status (*enc)(whatenc_encoder *, const uint8_t *, size_t *, uint8_t *, size_t *, int, whatenc_encode_info *) =
        (whatenc_status(*)(whatenc_encoder *, const uint8_t *, size_t *, uint8_t *, size_t *, int,
                           whatenc_encode_info *))dlsym(h, "whatenc_encoder_encode_from_utf8");
    if (!init || !dnew || !enew || !dec || !enc) return 1;
    if (init() != WHATENC_OK) return 1;
    whatenc_decoder *d;
    if (dnew(WHATENC_WINDOWS_1251, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d) != WHATENC_OK) return 1;
    static const uint8_t src16[16] = "hello, world 123";
    size_t n = 16, m = sizeof out;
    if (dec(d, src16, &n, out, &m, 0, NULL) != WHATENC_OK || m != 16) return 1;
    double t1 = now();
    if (strcmp(argv[1], "dlopen") == 0) {
        printf("%.3f\n", (t1 - t0) * 1e3);
        return 0;
    }
    // Cyrillic text with markup: about one byte in three is ASCII.
    for (size_t i = 0; i < CHUNK; i++) in[i] = i % 3 == 0 ? (uint8_t)('a' + i % 26) : (uint8_t)(0xC0 + i % 64);
    whatenc_encoder *e;
    if (enew(WHATENC_WINDOWS_1251, WHATENC_HTML, &e) != WHATENC_OK) return 1;
    long rss1 = maxrss_kib();
    size_t total = 0;
    const size_t GiB = (size_t)1 << 30;
    double t2 = now();
    while (total < GiB) {
        size_t r = CHUNK, w = sizeof mid;
        if (dec(d, in, &r, mid, &w, 0, NULL) != WHATENC_OK || r != CHUNK) return 1;
        size_t r2 = w, w2 = sizeof out;
        if (enc(e, mid, &r2, out, &w2, 0, NULL) != WHATENC_OK || w2 != CHUNK || memcmp(out, in, CHUNK)) return 1;
        total += CHUNK;
    }
    double t3 = now();
    long rss2 = maxrss_kib();
    printf("peak RSS (VmHWM) streaming 1 GiB (decode + encode, 64 KiB buffers): %.1f MiB before dlopen, %.1f MiB "
           "after the first call, %.1f MiB after 1 GiB (+%.1f MiB; ru_maxrss %.1f MiB); %.0f MB/s\n",
           rss0 / 1024.0, rss1 / 1024.0, rss2 / 1024.0, (rss2 - rss1) / 1024.0, ru_maxrss_kib() / 1024.0,
           GiB / (t3 - t2) / 1e6);
    return 0;
}

// streamab: one build of the library, every page of the corpus decoded from
// UTF-8 to UTF-8 and encoded from UTF-8 in 64 KiB calls into one 64 KiB
// buffer, over and over; prints each page's best GB/s in each direction.
// streamab-ab.sh runs two builds through it in turns, each in its own
// process (two Go runtimes in one process disturb each other's figures).
//
// Usage: streamab LIBWHATENC CORPUS_DIR SHIFT ROUNDS [once]
// SHIFT places the input that many bytes past a 4 KiB boundary (which sets
// how far the output sits past it modulo 4 KiB; printed to stderr). By
// default each page has its ROUNDS in a row, as make bench's samples do,
// which lets the branch predictor learn the page; with "once" each round
// takes every page once, in turn, so that a page meets a predictor that
// the other pages have used since, as text a program reads once does.
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "whatenc.h"

static uint8_t out[65536];

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef whatenc_status (*convert_fn)(void *, const uint8_t *, size_t *, uint8_t *, size_t *, int, size_t *);

// One pass over the input in 64 KiB calls; for the encoder, calls end at
// character boundaries (as make bench's do).
static void pass(convert_fn f, void *h, const uint8_t *in, size_t n, int enc) {
    for (size_t pos = 0; pos < n;) {
        size_t chunk = n - pos < sizeof out ? n - pos : sizeof out;
        if (enc)
            while (pos + chunk < n && chunk > 0 && (in[pos + chunk] & 0xC0) == 0x80) chunk--;
        size_t r = chunk, w = sizeof out;
        f(h, in + pos, &r, out, &w, pos + chunk == n, NULL);
        pos += r;
    }
}

// A page of the corpus, placed SHIFT bytes past a 4 KiB boundary, and its
// best seconds a pass in each direction.
struct page {
    char name[256];
    uint8_t *buf, *in;
    size_t n;
    double best[2];
};

// Times one pass of the page in each direction and keeps the best.
static void time_page(struct page *pg, convert_fn dec, void *d, convert_fn enc, void *e) {
    for (int dir = 0; dir < 2; dir++) {
        double t0 = now();
        pass(dir ? enc : dec, dir ? e : d, pg->in, pg->n, dir);
        double t = now() - t0;
        if (t < pg->best[dir]) pg->best[dir] = t;
    }
}

int main(int argc, char **argv) {
    if (argc != 5 && !(argc == 6 && strcmp(argv[5], "once") == 0)) {
        fprintf(stderr, "usage: streamab LIBWHATENC CORPUS_DIR SHIFT ROUNDS [once]\n");
        return 2;
    }
    int once = argc == 6;
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    convert_fn dec = (convert_fn)dlsym(lib, "whatenc_decoder_decode_to_utf8");
    convert_fn enc = (convert_fn)dlsym(lib, "whatenc_encoder_encode_from_utf8");
    whatenc_status (*dnew)(int, int, int, whatenc_decoder **) = dlsym(lib, "whatenc_decoder_new");
    whatenc_status (*enew)(int, int, whatenc_encoder **) = dlsym(lib, "whatenc_encoder_new");
    if (!dec || !enc || !dnew || !enew) return 1;
    size_t shift = strtoul(argv[3], NULL, 10) % 4096;
    int rounds = atoi(argv[4]);
    whatenc_decoder *d;
    whatenc_encoder *e;
    if (dnew(WHATENC_UTF_8, WHATENC_BOM_KEEP, WHATENC_REPLACEMENT, &d) != WHATENC_OK ||
        enew(WHATENC_UTF_8, WHATENC_FATAL, &e) != WHATENC_OK)
        return 1;
    struct dirent **ents;
    int ne = scandir(argv[2], &ents, NULL, alphasort);
    if (ne < 0) return 1;
    struct page *pages = calloc(ne > 0 ? ne : 1, sizeof *pages);
    int np = 0;
    if (!pages) return 1;
    for (int k = 0; k < ne; k++) {
        const char *name = ents[k]->d_name;
        size_t len = strlen(name);
        if (!(len > 5 && strcmp(name + len - 5, ".html") == 0) && !(len > 4 && strcmp(name + len - 4, ".txt") == 0))
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[2], name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        struct page *pg = &pages[np];
        pg->buf = aligned_alloc(4096, (n + shift + 4095) / 4096 * 4096);
        pg->in = pg->buf + shift;
        if (!pg->buf || fread(pg->in, 1, n, f) != (size_t)n) return 1;
        fclose(f);
        snprintf(pg->name, sizeof pg->name, "%s", name);
        pg->n = n;
        pg->best[0] = pg->best[1] = 1e9;
        if (np++ == 0)
            fprintf(stderr, "output %lu bytes past the input modulo 4 KiB\n",
                    (unsigned long)(((uintptr_t)out - (uintptr_t)pg->in) % 4096));
    }
    if (once) {
        for (int r = 0; r < rounds; r++)
            for (int k = 0; k < np; k++) time_page(&pages[k], dec, d, enc, e);
    } else {
        for (int k = 0; k < np; k++)
            for (int r = 0; r < rounds; r++) time_page(&pages[k], dec, d, enc, e);
    }
    for (int k = 0; k < np; k++) {
        printf("%s %.2f %.2f\n", pages[k].name, pages[k].n / pages[k].best[0] / 1e9, pages[k].n / pages[k].best[1] / 1e9);
        free(pages[k].buf);
    }
    free(pages);
    return 0;
}

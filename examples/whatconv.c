/* whatconv: convert text between the encodings of the WHATWG Encoding
 * Standard, like iconv. Written only against the public header whatenc.h:
 * input is decoded to UTF-8 and encoded again, streaming through fixed-size
 * buffers, so files of any size convert in constant memory. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <whatenc.h>

enum { EXIT_CONVERSION = 1, EXIT_USAGE = 2, EXIT_IO = 3, EXIT_LIBRARY = 4 };

#define BUF_SIZE 65536

static const char *progname = "whatconv";

static void usage(FILE *f) {
    fprintf(f,
            "usage: %s -f FROM -t TO [--fatal|--html] [--] [FILE]\n"
            "\n"
            "Convert FILE (or standard input) from the encoding labelled FROM to\n"
            "the encoding labelled TO, writing to standard output. Labels are\n"
            "those of the WHATWG Encoding Standard (utf-8, latin1, shift_jis,\n"
            "gbk, euc-kr, ...). TO is encoded in its output encoding: UTF-16BE,\n"
            "UTF-16LE and replacement write UTF-8 (with a note on standard error).\n"
            "The source encoding's own BOM is removed.\n"
            "\n"
            "  -f, --from LABEL  the encoding of the input (also --from=LABEL)\n"
            "  -t, --to LABEL    the encoding of the output (also --to=LABEL)\n"
            "      --fatal       stop at malformed input, and at characters TO\n"
            "                    cannot represent\n"
            "      --html        write characters TO cannot represent as &#NNNN;\n"
            "  -l, --list        list the encodings and exit\n"
            "  -h, --help        show this help and exit\n"
            "\n"
            "By default malformed input becomes U+FFFD and a character TO cannot\n"
            "represent stops the conversion. When it stops, the output converted\n"
            "so far has been written, and the error names the byte offset of\n"
            "the malformed input in FILE, or the character and its byte offset\n"
            "in the decoded text (UTF-8).\n"
            "\n"
            "Exit status:\n"
            "  0  converted\n"
            "  1  conversion error (malformed input with --fatal, unmappable\n"
            "     character without --html)\n"
            "  2  usage error: bad option or unknown label\n"
            "  3  I/O error\n"
            "  4  library error\n",
            progname);
}

/* Exit status after writing help or the list to stdout: EXIT_IO if the
 * write failed (a full disk, a closed stdout). */
static int stdout_status(void) {
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
        return EXIT_IO;
    }
    return 0;
}

/* A usage error: the reason, then the usage. */
static int usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "%s: ", progname);
    fprintf(stderr, fmt, arg);
    fputc('\n', stderr);
    usage(stderr);
    return EXIT_USAGE;
}

static int lookup(const char *label) {
    int id = whatenc_encoding_for_label(label, strlen(label));
    if (id < 0) fprintf(stderr, "%s: unknown encoding label '%s'\n", progname, label);
    return id;
}

static int write_all(const uint8_t *p, size_t n) {
    if (n > 0 && fwrite(p, 1, n, stdout) != n) {
        fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
        return EXIT_IO;
    }
    return 0;
}

struct conv {
    whatenc_decoder *dec;
    whatenc_encoder *enc;
    unsigned long long consumed; /* input bytes consumed */
    unsigned long long decoded;  /* UTF-8 bytes passed to the encoder */
    uint8_t utf8[BUF_SIZE];
    uint8_t out[BUF_SIZE];
};

/* Encodes the UTF-8 text utf8[0:n] and writes it. */
static int encode(struct conv *c, const uint8_t *utf8, size_t n, int last) {
    for (;;) {
        size_t r = n, w = sizeof c->out;
        whatenc_encode_info info;
        whatenc_status st = whatenc_encoder_encode_from_utf8(c->enc, utf8, &r, c->out, &w, last, &info);
        if (write_all(c->out, w)) return EXIT_IO;
        c->decoded += r;
        utf8 += r;
        n -= r;
        if (st == WHATENC_OK) return 0;
        if (st == WHATENC_OUTPUT_FULL) continue;
        if (st == WHATENC_UNMAPPABLE) {
            const char *to = whatenc_encoding_name(whatenc_encoder_encoding(c->enc));
            unsigned long long len = info.unmappable < 0x80 ? 1 : info.unmappable < 0x800 ? 2
                                     : info.unmappable < 0x10000 ? 3 : 4;
            fprintf(stderr, "%s: U+%04lX at byte offset %llu of the decoded text cannot be encoded in %s\n",
                    progname, (unsigned long)info.unmappable, c->decoded - len, to);
            return EXIT_CONVERSION;
        }
        fprintf(stderr, "%s: %s\n", progname, whatenc_strerror(st));
        return EXIT_LIBRARY;
    }
}

/* Decodes in[0:n] (the last input if last) through the encoder. */
static int convert(struct conv *c, const uint8_t *in, size_t n, int last) {
    for (;;) {
        size_t r = n, w = sizeof c->utf8;
        whatenc_decode_info info;
        whatenc_status st = whatenc_decoder_decode_to_utf8(c->dec, in, &r, c->utf8, &w, last, &info);
        c->consumed += r;
        in += r;
        n -= r;
        int done = st == WHATENC_OK;
        int err = encode(c, c->utf8, w, last && done);
        if (err) return err;
        if (done) return 0;
        if (st == WHATENC_OUTPUT_FULL) continue;
        if (st == WHATENC_MALFORMED) {
            fflush(stdout);
            fprintf(stderr, "%s: malformed %s input: %zu byte(s) at byte offset %llu\n", progname,
                    whatenc_encoding_name(whatenc_decoder_encoding(c->dec)), info.malformed_len,
                    c->consumed - info.consumed_after - info.malformed_len);
            return EXIT_CONVERSION;
        }
        fprintf(stderr, "%s: %s\n", progname, whatenc_strerror(st));
        return EXIT_LIBRARY;
    }
}

int main(int argc, char **argv) {
    const char *from = NULL, *to = NULL, *file = NULL;
    int fatal = 0, html = 0;
    int options = 1; /* until "--" */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int from_opt = !strcmp(a, "-f") || !strcmp(a, "--from");
        if (options && (from_opt || !strcmp(a, "-t") || !strcmp(a, "--to"))) {
            if (i + 1 == argc) return usage_error("option '%s' needs a label", a);
            *(from_opt ? &from : &to) = argv[++i];
        } else if (options && !strncmp(a, "--from=", 7)) {
            from = a + 7;
        } else if (options && !strncmp(a, "--to=", 5)) {
            to = a + 5;
        } else if (options && !strcmp(a, "--fatal")) {
            fatal = 1;
        } else if (options && !strcmp(a, "--html")) {
            html = 1;
        } else if (options && (!strcmp(a, "-h") || !strcmp(a, "--help"))) {
            usage(stdout);
            return stdout_status();
        } else if (options && (!strcmp(a, "-l") || !strcmp(a, "--list"))) {
            if (whatenc_init() != WHATENC_OK) return EXIT_LIBRARY;
            for (int id = 0; id < whatenc_encoding_count(); id++) puts(whatenc_encoding_name(id));
            return stdout_status();
        } else if (options && !strcmp(a, "--")) {
            options = 0;
        } else if (options && a[0] == '-' && a[1] != '\0') {
            return usage_error("unknown option '%s'", a);
        } else if (file == NULL) {
            file = a;
        } else {
            return usage_error("one FILE at most ('%s' is a second)", a);
        }
    }
    if (from == NULL || to == NULL) return usage_error("%s", "both -f FROM and -t TO are needed");
    if (fatal && html) return usage_error("%s", "--fatal and --html exclude each other");
    whatenc_status st = whatenc_init();
    if (st != WHATENC_OK) {
        fprintf(stderr, "%s: %s\n", progname, whatenc_strerror(st));
        return EXIT_LIBRARY;
    }
    int from_id = lookup(from), to_id = lookup(to);
    if (from_id < 0 || to_id < 0) return EXIT_USAGE;
    int out_id = whatenc_encoding_output_encoding(to_id);
    if (out_id != to_id) {
        /* The standard's "get an output encoding": no UTF-16 encoder. */
        fprintf(stderr, "%s: note: %s has no encoder; writing %s\n", progname, whatenc_encoding_name(to_id),
                whatenc_encoding_name(out_id));
    }

    FILE *in = stdin;
    if (file != NULL && strcmp(file, "-") != 0 && (in = fopen(file, "rb")) == NULL) {
        fprintf(stderr, "%s: %s: %s\n", progname, file, strerror(errno));
        return EXIT_IO;
    }
    struct conv *c = calloc(1, sizeof *c);
    static uint8_t buf[BUF_SIZE];
    int ret = EXIT_LIBRARY;
    if (c == NULL ||
        whatenc_decoder_new(from_id, WHATENC_BOM_REMOVE, fatal ? WHATENC_FATAL : WHATENC_REPLACEMENT,
                            &c->dec) != WHATENC_OK ||
        whatenc_encoder_new(to_id, html ? WHATENC_HTML : WHATENC_FATAL, &c->enc) != WHATENC_OK) {
        fprintf(stderr, "%s: cannot create the converter\n", progname);
        goto out;
    }
    for (;;) {
        size_t n = fread(buf, 1, sizeof buf, in);
        if (ferror(in)) {
            fprintf(stderr, "%s: %s: read error: %s\n", progname, file != NULL ? file : "standard input",
                    strerror(errno));
            ret = EXIT_IO;
            break;
        }
        int last = feof(in) != 0;
        ret = convert(c, buf, n, last);
        if (ret != 0 || last) break;
    }
    if (fflush(stdout) != 0 && ret == 0) {
        fprintf(stderr, "%s: write error: %s\n", progname, strerror(errno));
        ret = EXIT_IO;
    }
out:
    if (c != NULL) {
        whatenc_decoder_free(c->dec);
        whatenc_encoder_free(c->enc);
        free(c);
    }
    if (in != stdin) fclose(in);
    return ret;
}

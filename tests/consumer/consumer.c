/* A tiny program using an installed libwhatenc: prints the library version
 * and "café" decoded from windows-1252. The install tests build it three
 * ways (pkg-config, CMake find_package, static) and check its output. */
#include <stdio.h>
#include <whatenc.h>

int main(void) {
    const uint8_t latin1[] = {'c', 'a', 'f', 0xE9};
    uint8_t *out = NULL;
    size_t len = 0;
    int used = -1;
    if (whatenc_init() != WHATENC_OK) return 1;
    if (whatenc_version_number() != WHATENC_VERSION_NUMBER) return 2;
    if (whatenc_decode(whatenc_encoding_for_label("latin1", 6), latin1, sizeof latin1, &out, &len,
                       &used) != WHATENC_OK)
        return 3;
    printf("%s %s %s\n", whatenc_version_string(), whatenc_encoding_name(used), (char *)out);
    whatenc_free(out);
    return 0;
}

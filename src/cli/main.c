// The native CLI: `movecalc FILE` or `movecalc -` (stdin) prints the response; exit 0 when the
// response says "ok": true, 1 when it does not, 2 when the input cannot be read.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limits.h"
#include "movecalc.h"

int main(int argc, char **argv) {
    if (argc != 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fprintf(stderr, "usage: movecalc FILE|-\n  answers the JSON request in FILE (or on stdin) and prints the JSON response\n");
        return argc == 2 ? 0 : 2;
    }
    FILE *in = strcmp(argv[1], "-") == 0 ? stdin : fopen(argv[1], "rb");
    if (!in) {
        fprintf(stderr, "movecalc: cannot open %s\n", argv[1]);
        return 2;
    }
    // One byte more than the limit is read, so that an oversized request reaches the engine's own
    // `limit` error rather than being cut silently.
    size_t cap = (size_t)MC_MAX_REQUEST_BYTES + 1;
    char *buf = malloc(cap + 1);
    if (!buf) return 2;
    size_t n = fread(buf, 1, cap, in);
    int failed = ferror(in);
    if (in != stdin) fclose(in);
    if (failed) {
        fprintf(stderr, "movecalc: cannot read %s\n", argv[1]);
        free(buf);
        return 2;
    }
    buf[n] = '\0';
    // An embedded NUL would silently cut the request short; refuse it as the engine would.
    const char *text = buf;
    if (memchr(buf, '\0', n)) text = "\x01";
    char *response = mc_request(text);
    free(buf);
    if (!response) {
        fprintf(stderr, "movecalc: out of memory\n");
        return 2;
    }
    puts(response);
    int ok = strncmp(response, "{\"ok\":true", 10) == 0;
    mc_free(response);
    return ok ? 0 : 1;
}

// movecalc-lines: answers many requests in one process, for tests that compare thousands of native
// answers with WebAssembly ones (tests/reliability/determinism.test.mjs).
//   stdin:  for each request, its length in bytes in decimal, a newline, then exactly those bytes
//   stdout: for each request, the response on one line (JSON responses hold no raw newline)
// A request holding a NUL byte is answered as the CLIs answer it (the one byte 0x01), so all three
// entry points agree. Exit 0; 2 on malformed framing; 3 when a request left bytes in use.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limits.h"
#include "movecalc.h"

int main(void) {
    size_t cap = 0;
    char *buf = NULL;
    unsigned long len;
    long index = 0;
    while (scanf("%lu", &len) == 1) {
        if (getchar() != '\n' || len > (unsigned long)MC_MAX_REQUEST_BYTES + 1) {
            fprintf(stderr, "movecalc-lines: bad framing before request %ld\n", index);
            free(buf);
            return 2;
        }
        if (len + 1 > cap) {
            cap = len + 1;
            char *grown = realloc(buf, cap);
            if (!grown) {
                free(buf);
                return 2;
            }
            buf = grown;
        }
        if (fread(buf, 1, len, stdin) != len) {
            fprintf(stderr, "movecalc-lines: request %ld is cut short\n", index);
            free(buf);
            return 2;
        }
        buf[len] = '\0';
        const char *text = memchr(buf, '\0', len) ? "\x01" : buf;
        size_t before = mc_bytes_in_use();
        char *response = mc_request(text);
        if (!response) {
            fprintf(stderr, "movecalc-lines: no response to request %ld\n", index);
            free(buf);
            return 2;
        }
        fputs(response, stdout);
        fputc('\n', stdout);
        mc_free(response);
        if (mc_bytes_in_use() != before) {
            fprintf(stderr, "movecalc-lines: request %ld left %zu bytes in use\n", index,
                    mc_bytes_in_use() - before);
            free(buf);
            return 3;
        }
        index++;
    }
    free(buf);
    return 0;
}

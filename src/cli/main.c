// The native CLI. `movecalc [--pretty] FILE|-` prints the response to the request in FILE (or on
// stdin); exit 0 when it says "ok": true, 1 when it does not, 2 when the input cannot be read.
// `movecalc --lines FILE|-` answers JSON Lines: one request per line, one response per line, for
// tools that ask many questions; exit 0 once every line is answered, whatever the answers say.
// bin/movecalc.mjs is the same CLI over the WebAssembly build, with the same output.
#define _POSIX_C_SOURCE 200809L // getline
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/limits.h"
#include "movecalc.h"

static const char usage[] =
    "usage: movecalc [--pretty] FILE|-     answer the JSON request in FILE (or on stdin)\n"
    "       movecalc --lines FILE|-        answer one JSON request per line (JSON Lines)\n"
    "       movecalc --version | --help\n"
    "  FILE      a file (or - for stdin) holding an engine request (docs/api.md), ruled as written;\n"
    "            requests only: a share link holds a position, which the page turns into a request,\n"
    "            so a link or a position JSON goes to the npm package's movecalc (bin/movecalc.mjs)\n"
    "  --pretty  indent the response, two spaces per level (the same bytes otherwise)\n"
    "  exit: 0 ok, 1 the response is an error, 2 the input cannot be read\n";

// An embedded NUL would silently cut a request short; the engine refuses "\x01" as bad_json.
static const char *request_text(const char *buf, size_t n) { return memchr(buf, '\0', n) ? "\x01" : buf; }

// Indents a response (compact JSON from the engine) without re-reading its numbers, so the
// values stay byte for byte what the engine printed.
static void put_pretty(const char *s, FILE *out) {
    int depth = 0, in_string = 0;
    for (const char *p = s; *p; p++) {
        char c = *p;
        if (in_string) {
            fputc(c, out);
            if (c == '\\' && p[1]) fputc(*++p, out);
            else if (c == '"') in_string = 0;
            continue;
        }
        switch (c) {
        case '"': in_string = 1; fputc(c, out); break;
        case '{': case '[':
            fputc(c, out);
            if (p[1] == '}' || p[1] == ']') { fputc(*++p, out); break; }
            fprintf(out, "\n%*s", 2 * ++depth, "");
            break;
        case '}': case ']': fprintf(out, "\n%*s%c", 2 * --depth, "", c); break;
        case ',': fprintf(out, ",\n%*s", 2 * depth, ""); break;
        case ':': fputs(": ", out); break;
        default: fputc(c, out);
        }
    }
    fputc('\n', out);
}

static int answer_lines(FILE *in) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, in)) >= 0) {
        if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
        if (n > 0 && line[n - 1] == '\r') line[--n] = '\0';
        if (strspn(line, " \t") == (size_t)n) continue; // blank lines ask nothing
        // Beyond the limit the engine still gives its own `limit` error from the first bytes, as
        // for a file; the NUL put there must not be taken for one in the request.
        if ((size_t)n > (size_t)MC_MAX_REQUEST_BYTES + 1) line[n = MC_MAX_REQUEST_BYTES + 1] = '\0';
        char *response = mc_request(request_text(line, (size_t)n));
        if (!response) {
            free(line);
            fprintf(stderr, "movecalc: out of memory\n");
            return 2;
        }
        puts(response);
        mc_free(response);
    }
    int failed = ferror(in);
    free(line);
    if (failed) fprintf(stderr, "movecalc: cannot read the input\n");
    return failed ? 2 : 0;
}

int main(int argc, char **argv) {
    int pretty = 0, lines = 0, bad = 0;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            puts("movecalc " MOVECALC_VERSION);
            return 0;
        }
        if (strcmp(a, "--pretty") == 0) pretty = 1;
        else if (strcmp(a, "--lines") == 0) lines = 1;
        else if (!file && (a[0] != '-' || strcmp(a, "-") == 0)) file = a;
        else bad = 1; // an unknown option or a second file
    }
    if (bad || !file || (pretty && lines)) {
        fputs(usage, stderr);
        return 2;
    }
    FILE *in = strcmp(file, "-") == 0 ? stdin : fopen(file, "rb");
    if (!in) {
        fprintf(stderr, "movecalc: cannot open %s\n", file);
        return 2;
    }
    if (lines) {
        int rc = answer_lines(in);
        if (in != stdin) fclose(in);
        return rc;
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
        fprintf(stderr, "movecalc: cannot read %s\n", file);
        free(buf);
        return 2;
    }
    buf[n] = '\0';
    char *response = mc_request(request_text(buf, n));
    free(buf);
    if (!response) {
        fprintf(stderr, "movecalc: out of memory\n");
        return 2;
    }
    if (pretty) put_pretty(response, stdout);
    else puts(response);
    int ok = strncmp(response, "{\"ok\":true", 10) == 0;
    mc_free(response);
    return ok ? 0 : 1;
}

// libFuzzer targets for mc_request (built by CMake with -DMC_FUZZ=ON, clang, ASan and UBSan;
// run by bin/fuzz). One source, two targets:
//   fuzz_request             the bytes libFuzzer makes, as a NUL-terminated request;
//   fuzz_request_structured  the same checks, plus LLVMFuzzerCustomMutator below, which parses the
//                            input as JSON, edits one value the way a careless or hostile client
//                            would (numbers at and past the limits, swapped ids, repeated or
//                            dropped array items, fields given twice, wrong types) and prints it
//                            again, so that mutations of the scenario requests stay JSON and reach
//                            the rule code instead of stopping at the parser.
// Every input must get a response that is one line of JSON starting {"ok":true or {"ok":false,
// with a known error code when not ok; asking twice must give the same bytes; and after mc_free
// mc_bytes_in_use must be back where it was. Anything else aborts, and libFuzzer keeps the input.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/limits.h"
#include "movecalc.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

static void fail(const char *what, const char *request, const char *response) {
    fprintf(stderr, "fuzz_request: %s\n  request:  %.400s\n  response: %.400s\n", what,
            request ? request : "", response ? response : "(null)");
    abort();
}

static int known_code(const char *code) {
    static const char *const codes[] = {"bad_json",      "bad_request", "unknown_system",
                                        "unknown_query", "unknown_unit", "limit", NULL};
    // out_of_memory is left out on purpose: within MC_MAX_REQUEST_BYTES it must never happen.
    for (int i = 0; codes[i]; i++)
        if (strcmp(code, codes[i]) == 0) return 1;
    return 0;
}

static void check_response(const char *request, const char *out) {
    if (!out) fail("mc_request returned NULL", request, out);
    if (strchr(out, '\n')) fail("the response is more than one line", request, out);
    int ok = strncmp(out, "{\"ok\":true,", 11) == 0;
    if (!ok && strncmp(out, "{\"ok\":false,", 12) != 0) fail("the response does not start with \"ok\"", request, out);
    cJSON *r = cJSON_Parse(out);
    if (!r) fail("the response is not JSON", request, out);
    if (ok) {
        if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(r, "result")) ||
            !cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(r, "assumptions")) ||
            !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(r, "query")))
            fail("an ok response lacks result, assumptions or query", request, out);
    } else {
        const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
        const cJSON *code = cJSON_GetObjectItemCaseSensitive(e, "code");
        if (!cJSON_IsString(code) || !known_code(code->valuestring) ||
            !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "path")) ||
            !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "message")))
            fail("the error lacks a known code, a path or a message", request, out);
    }
    cJSON_Delete(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    size_t before = mc_bytes_in_use();
    char *first = mc_request(text);
    check_response(text, first);
    char *second = mc_request(text);
    if (!second || strcmp(first, second) != 0) fail("the same request gave different bytes", text, second);
    mc_free(second);
    mc_free(first);
    if (mc_bytes_in_use() != before) fail("the request left bytes in use (mc_bytes_in_use)", text, NULL);
    free(text);
    return 0;
}

#ifdef MC_FUZZ_STRUCTURED

// A small PRNG seeded by libFuzzer, so that a mutation can be replayed.
static uint64_t rng;
static unsigned pick(unsigned n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return n ? (unsigned)(rng % n) : 0;
}

enum { MAX_NODES = 4096 };
static cJSON *nodes[MAX_NODES];
static cJSON *parents[MAX_NODES];
static int node_count;

static void collect(cJSON *n, cJSON *parent) {
    if (node_count == MAX_NODES) return;
    nodes[node_count] = n;
    parents[node_count++] = parent;
    for (cJSON *c = n->child; c; c = c->next) collect(c, n);
}

// Values at and just past the limits, and the awkward doubles.
static const double numbers[] = {
    0, -0.0, 1, -1, 0.5, 2, 3, 5, 6, 7, 45, 90, 180, 359.999999999, 360, 361, -360, 1e-9, 1e-6,
    MC_MAX_COORD, MC_MAX_COORD + 1, -MC_MAX_COORD, MC_MAX_HEX_COORD, MC_MAX_HEX_COORD + 1,
    MC_MAX_MOVE_POINTS, MC_MAX_MOVE_POINTS + 1, MC_MAX_BOARD_SIDE, MC_MAX_BOARD_SIDE + 1,
    MC_MAX_UNITS, 2147483647.0, 2147483648.0, -2147483649.0, 9007199254740993.0, 1e308, -1e308,
    4.9e-324, 0.1, 1.0 / 3.0,
};

static const char *const strings[] = {
    "describe", "move", "reach", "reachArea", "breakaway", "pursue", "charge", "flee", "spacing",
    "order", "retreat", "evade", "eject", "shift",
// The game ids, from the one list of games.
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) id,
#include "systems.def"
#undef MC_SYSTEM
    "forward", "backward", "left", "right", "cw", "ccw", "front", "rear",
    "blocking", "hindering", "control", "impassable", "forest", "difficult", "open", "infantry",
    "large", "huge", "run", "parent", "sortie", "formation", "nimble", "slow", "red", "blue", "top",
    "bottom", "A-GG-1", "A-AL-5", "x", "\xc3\xa9", "\xf0\x9f\x90\x89",
};

static cJSON *random_value(void) {
    switch (pick(7)) {
    case 0: return cJSON_CreateNull();
    case 1: return cJSON_CreateBool(pick(2));
    case 2: return cJSON_CreateNumber(numbers[pick(sizeof numbers / sizeof numbers[0])]);
    case 3: return cJSON_CreateString(strings[pick(sizeof strings / sizeof strings[0])]);
    case 4: return cJSON_CreateObject();
    case 5: return cJSON_CreateArray();
    default: {
        // A string at, or one byte past, MC_MAX_STRING_BYTES.
        char s[MC_MAX_STRING_BYTES + 2];
        size_t n = MC_MAX_STRING_BYTES + pick(2);
        memset(s, 'a' + (char)pick(26), n);
        s[n] = '\0';
        return cJSON_CreateString(s);
    }
    }
}

// Replaces `n` (a child of `parent`) with `with`, under the same key in an object.
static void replace(cJSON *parent, cJSON *n, cJSON *with) {
    if (!parent || !with) {
        cJSON_Delete(with);
        return;
    }
    if (n->string) {
        // ReplaceItemViaPointer keeps no key: let a scratch object copy the key into `with`.
        cJSON *scratch = cJSON_CreateObject();
        if (!scratch || !cJSON_AddItemToObject(scratch, n->string, with)) {
            cJSON_Delete(scratch);
            cJSON_Delete(with);
            return;
        }
        cJSON_DetachItemViaPointer(scratch, with);
        cJSON_Delete(scratch);
    }
    cJSON_ReplaceItemViaPointer(parent, n, with);
}

// Edits one value of the tree. Returns 0 when nothing could be done.
static int mutate_tree(cJSON *root) {
    node_count = 0;
    collect(root, NULL);
    int i = (int)pick((unsigned)node_count);
    cJSON *n = nodes[i], *parent = parents[i];
    switch (pick(10)) {
    case 0: // a value of another type or a limit value
        if (!parent) return 0;
        replace(parent, n, random_value());
        return 1;
    case 1: // a copy of another value of the request (ids swapped, shapes crossed)
        if (!parent) return 0;
        {
            cJSON *other = nodes[pick((unsigned)node_count)];
            if (other == n) return 0;
            replace(parent, n, cJSON_Duplicate(other, 1));
        }
        return 1;
    case 2: // numbers nudged: scaled, negated, shifted by one or by the slop
        if (!cJSON_IsNumber(n)) return 0;
        {
            double v = n->valuedouble, deltas[] = {1, -1, 1e-6, -1e-6, 1e-9};
            switch (pick(4)) {
            case 0: v = -v; break;
            case 1: v *= 2; break;
            case 2: v /= 2; break;
            default: v += deltas[pick(5)]; break;
            }
            cJSON_SetNumberValue(n, v);
        }
        return 1;
    case 3: // drop an item or a member
        if (!parent) return 0;
        cJSON_Delete(cJSON_DetachItemViaPointer(parent, n));
        return 1;
    case 4: // repeat an array item or a member (a field given twice, many units alike)
        if (!parent) return 0;
        {
            int times = pick(4) ? 1 : (int)pick(70);
            for (int t = 0; t < times; t++) {
                cJSON *copy = cJSON_Duplicate(n, 1);
                if (!copy) return 1;
                if (cJSON_IsArray(parent)) cJSON_AddItemToArray(parent, copy);
                else cJSON_AddItemToObject(parent, n->string, copy);
            }
        }
        return 1;
    case 5: // strings: another name, the empty string, one with a NUL escape
        if (!cJSON_IsString(n) || !parent) return 0;
        {
            static const char *const odd[] = {"", " ", "\\", "NaN", "-0", "1e999"};
            const char *s = pick(3) ? strings[pick(sizeof strings / sizeof strings[0])] : odd[pick(6)];
            replace(parent, n, cJSON_CreateString(s));
        }
        return 1;
    case 6: // a member renamed to another field name of the request
        if (!n->string || !parent) return 0;
        {
            // The name is copied first: it may belong to the member about to be deleted.
            char name[MC_MAX_STRING_BYTES + 1];
            cJSON *other = nodes[pick((unsigned)node_count)];
            snprintf(name, sizeof name, "%s", other->string ? other->string : strings[pick(sizeof strings / sizeof strings[0])]);
            cJSON *copy = cJSON_Duplicate(n, 1);
            if (!copy) return 0;
            cJSON_Delete(cJSON_DetachItemViaPointer(parent, n));
            cJSON_AddItemToObject(parent, name, copy);
        }
        return 1;
    case 7: // an array emptied or reversed
        if (!cJSON_IsArray(n)) return 0;
        if (pick(2)) {
            cJSON *c;
            while ((c = cJSON_DetachItemFromArray(n, 0))) cJSON_Delete(c);
        } else {
            cJSON *rev = cJSON_CreateArray(), *c;
            while (rev && (c = cJSON_DetachItemFromArray(n, 0))) cJSON_InsertItemInArray(rev, 0, c);
            while (rev && (c = cJSON_DetachItemFromArray(rev, 0))) cJSON_AddItemToArray(n, c);
            cJSON_Delete(rev);
        }
        return 1;
    case 8: // a new member or item
        if (cJSON_IsObject(n)) {
            cJSON_AddItemToObject(n, strings[pick(sizeof strings / sizeof strings[0])], random_value());
            return 1;
        }
        if (cJSON_IsArray(n)) {
            cJSON_AddItemToArray(n, random_value());
            return 1;
        }
        return 0;
    default: // a value wrapped in an array or an object
        if (!parent) return 0;
        {
            cJSON *copy = cJSON_Duplicate(n, 1), *wrap = pick(2) ? cJSON_CreateArray() : cJSON_CreateObject();
            if (!copy || !wrap) {
                cJSON_Delete(copy);
                cJSON_Delete(wrap);
                return 0;
            }
            if (cJSON_IsArray(wrap)) cJSON_AddItemToArray(wrap, copy);
            else cJSON_AddItemToObject(wrap, "x", copy);
            replace(parent, n, wrap);
        }
        return 1;
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    rng = 0x9E3779B97F4A7C15ull ^ seed;
    pick(1);
    // One time in eight, and whenever the input is not JSON, libFuzzer's own byte mutations.
    if (pick(8) == 0) return LLVMFuzzerMutate(data, size, max_size);
    char *text = malloc(size + 1);
    if (!text) return LLVMFuzzerMutate(data, size, max_size);
    memcpy(text, data, size);
    text[size] = '\0';
    cJSON *root = cJSON_Parse(text);
    free(text);
    if (!root) return LLVMFuzzerMutate(data, size, max_size);
    int done = 0;
    for (int tries = 0; tries < 8 && !done; tries++) done = mutate_tree(root);
    for (int more = pick(3); more > 0; more--) mutate_tree(root);
    char *printed = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    size_t n = printed ? strlen(printed) : 0;
    if (!printed || n > max_size || !done) {
        cJSON_free(printed);
        return LLVMFuzzerMutate(data, size, max_size);
    }
    memcpy(data, printed, n);
    cJSON_free(printed);
    return n;
}

#endif

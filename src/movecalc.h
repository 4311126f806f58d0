// movecalc: a movement rules calculator for tabletop miniature wargames.
// The one public header. A request goes in as JSON text and a response comes out as JSON text,
// in the shapes of docs/api.md. Nothing else is exported.
#ifndef MOVECALC_H
#define MOVECALC_H

#include <stddef.h>

/// The engine's version, as `describe` reports it (CHANGELOG.md says what each one changed).
#define MOVECALC_VERSION "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

/// Answers one request. `json` is a NUL-terminated UTF-8 JSON text (NULL is read as an empty
/// request). Returns a newly allocated NUL-terminated JSON response that the caller frees with
/// mc_free: `{"ok": true, ...}` or `{"ok": false, "error": {...}}`. Never returns NULL unless
/// memory for the response itself cannot be found. Not thread-safe (one request at a time).
char *mc_request(const char *json);

/// Frees a response returned by mc_request. NULL is allowed.
void mc_free(char *response);

/// The length in bytes of a response returned by mc_request and not yet freed, without its NUL:
/// strlen(response), kept from when it was printed for the latest response (O(1)) and counted for
/// an older one. The WebAssembly wrapper asks for it instead of finding the NUL itself, which
/// took ~0.3 µs per KB of answer (docs/performance.md). 0 for NULL.
size_t mc_response_length(const char *response);

/// Bytes the engine holds right now (the responses not yet freed included). A request that has
/// been answered and whose response was freed leaves this where it was: tests use it to prove
/// that requests leak nothing. Not counted: what is kept for the program's life rather than for a
/// request, the printed `describe` answers (at most six of ~7 KB; docs/performance.md).
size_t mc_bytes_in_use(void);

#ifdef __cplusplus
}
#endif

#endif

// Shared by the C tests that read tests/scenarios and tests/bad-inputs/: file reading, the
// subset match of tests/scenarios/README.md, and the generated hostile inputs.
#ifndef MC_SCENARIO_UTIL_H
#define MC_SCENARIO_UTIL_H

#include "cJSON.h"

/// Answers `text` and returns the parsed response (the caller deletes it), recording a test
/// failure when there is no response or it is not JSON.
cJSON *mc_ask(const char *text);

/// Reads a whole file into a malloc'd NUL-terminated buffer, or NULL.
char *mc_read_file(const char *path, size_t *size);

/// Checks that `actual` matches `expected` as tests/scenarios/README.md says; on a mismatch
/// writes the path of the first difference into `where` and returns 0.
int mc_subset_match(const cJSON *expected, const cJSON *actual, char *where, size_t where_size);

/// The request text of one bad-input case (see tests/bad-inputs/), malloc'd (free with
/// free), or NULL.
char *mc_bad_input_text(const cJSON *item);

/// Lists the *.json files of tests/scenarios/*/ into a malloc'd array of malloc'd paths, sorted.
char **mc_scenario_files(int *count);

/// Reads every tests/bad-inputs/*.json and returns one array of all their cases (cJSON_Delete it).
cJSON *mc_bad_input_cases(void);
/// The cases of every FOLDER/*.json (tests/bad-inputs, tests/limits) as one array, each with
/// "file" set to its file's name; an empty array when the folder is missing.
cJSON *mc_cases_in(const char *folder);
void mc_free_list(char **list, int count);

/// Whether `key` is a member of a position (docs/api.md "Positions") rather than of a question.
int mc_is_position_key(const char *key);
/// Splits a request into the position's members and the query's, in their order (printed, free
/// with cJSON_free).
void mc_split_request(const cJSON *request, char **position, char **query);

#endif

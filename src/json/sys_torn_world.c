// The torn_world queries; each entry parses its request, runs src/rules/torn_world/ and writes the result.
#include "json/dispatch.h"

const McQuery mc_queries_torn_world[] = {
    {NULL, NULL, NULL, NULL},
};

// The arcane_legions queries; each entry parses its request, runs src/rules/arcane_legions/ and writes the result.
#include "json/dispatch.h"

const McQuery mc_queries_arcane_legions[] = {
    {NULL, NULL, NULL, NULL},
};

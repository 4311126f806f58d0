// The cc_ancients queries; each entry parses its request, runs src/rules/cc_ancients/ and writes the result.
#include "json/dispatch.h"

const McQuery mc_queries_cc_ancients[] = {
    {NULL, NULL, NULL, NULL},
};

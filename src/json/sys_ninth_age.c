// The ninth_age queries; each entry parses its request, runs src/rules/ninth_age/ and writes the result.
#include "json/dispatch.h"

const McQuery mc_queries_ninth_age[] = {
    {NULL, NULL, NULL, NULL},
};

// The godsgloom queries; each entry parses its request, runs src/rules/godsgloom/ and writes the result.
#include "json/dispatch.h"

const McQuery mc_queries_godsgloom[] = {
    {NULL, NULL, NULL, NULL},
};

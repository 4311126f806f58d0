// Kit Sample through a kept position (tests/template/): the kit's world kept between asks, a unit an
// update replaces in place read again, and the arrays form. Expected hexes worked by hand on one
// row of 5 hexes, q 0 to 4: A at q 0 with allowance 3 (docs/rules/kit-sample.md KS-MV-1).
#include <stdint.h>
#include <string.h>

#include "mctest.h"
#include "movecalc.h"

static const char *const position = "{\"system\":\"kit-sample\",\"board\":{\"cols\":5,\"rows\":1},\"units\":["
                                    "{\"id\":\"A\",\"side\":\"red\",\"q\":0,\"r\":0,\"allowance\":3},"
                                    "{\"id\":\"B\",\"side\":\"blue\",\"q\":2,\"r\":0,\"allowance\":0}]}";

MC_TEST(kept_world_reads_a_replaced_unit_again,
        "KS-MV-1 Kit Sample position: B at q 2 leaves A only q 1; B moved to q 4 by an update leaves A q 1, 2, 3 "
        "in columns (cost 1, 2, 3; parents the start, row 0, row 1)") {
    McPosition pos = mc_position_open(position, NULL);
    MC_CHECK(pos != 0);
    char *before = mc_position_ask(pos, "{\"query\":\"reach\",\"unit\":\"A\",\"detail\":\"brief\"}");
    MC_CHECK(strstr(before, "\"hexes\":[{\"q\":1,\"r\":0,\"col\":1,\"row\":0,\"cost\":1,\"path\":[{\"q\":1,\"r\":0}]}]") != NULL);
    mc_free(before);
    char *update = mc_position_update(pos, "{\"units\":[{\"id\":\"B\",\"side\":\"blue\",\"q\":4,\"r\":0,\"allowance\":0}]}");
    MC_CHECK_STR(update, "{\"ok\":true}");
    mc_free(update);
    char *arrays = mc_position_ask_arrays(pos, "{\"query\":\"reach\",\"unit\":\"A\"}");
    MC_CHECK(strstr(arrays, "\"rows\":3") != NULL);
    mc_free(arrays);
    const int32_t *q = mc_position_column(pos, MC_COLUMN_Q), *cost = mc_position_column(pos, MC_COLUMN_COST),
                  *parent = mc_position_column(pos, MC_COLUMN_PARENT);
    MC_CHECK_INT(mc_position_rows(pos, MC_COLUMN_Q), 3);
    for (int i = 0; q && cost && parent && i < 3; i++) {
        MC_CHECK_INT(q[i], i + 1);
        MC_CHECK_INT(cost[i], i + 1);
        MC_CHECK_INT(parent[i], i - 1);
    }
    mc_position_close(pos);
}

// Kit Sample's movement (ks.h).
#include "rules/kit_sample/ks.h"

// KS-MV-1: a step costs 1 (the search's default) into any hex no unit holds.
static bool step(void *ctx, const McReachStepIn *in, McReachStepOut *out) {
    (void)out;
    const int *at = ctx;
    return at[in->to] < 0;
}

McReachOptions mc_ks_reach_options(const int *at, int allowance) {
    McReachOptions o = mc_reach_default_options();
    o.budget = allowance;
    o.step = step;
    o.ctx = (void *)at; // read only
    return o;
}

#include "hex/hex_why_not.h"

int mc_why_not_copy_reason(McEnv *env, McWhyNot *w, const McReason *from) {
    McReason *x = mc_reason_add(env, &w->reasons, from->code, from->rule, "%s", from->message);
    if (!x) return 0;
    const char *message = x->message; // the copy in this answer's arena, not the other answer's
    *x = *from;
    x->message = message;
    x->action = -1;
    return 1;
}

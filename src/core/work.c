#include "core/work.h"

uint64_t mc_work_spent;
uint64_t mc_work_cap = UINT64_MAX;

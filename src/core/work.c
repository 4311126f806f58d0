#include "core/work.h"

uint64_t mc_work_spent;

// The games of src/systems.def as C constants: MC_SYS_<prefix> numbers and MC_HOLDS_SYSTEM.
#ifndef MC_SYSTEMS_H
#define MC_SYSTEMS_H

/// Each game's number (MC_SYS_al, MC_SYS_gg, ...), the value of MC_ONLY_SYSTEM in its own module.
enum McSystemNumber {
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) MC_SYS_##prefix = (number),
#include "systems.def"
#undef MC_SYSTEM
};

// A WebAssembly module for one game (CMake's movecalc-<id> targets) compiles json/request.c and
// the games' assumption tables with MC_ONLY_SYSTEM set to that game's number; every other build
// holds all of them.
#ifdef MC_ONLY_SYSTEM
/// 1 when this build holds the game `sys` (an MC_SYS_ number).
#define MC_HOLDS_SYSTEM(sys) (MC_ONLY_SYSTEM == (sys))
#else
#define MC_HOLDS_SYSTEM(sys) 1
#endif

/// A summary that a module for one game leaves out when it does not hold `sys` (an MC_SYS_
/// number): describe never lists another game's summary (docs/performance.md, fourth round).
#define MC_SUMMARY(sys, text) (MC_HOLDS_SYSTEM(sys) ? (text) : NULL)

#endif

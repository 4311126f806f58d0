// Work split by time, not by count: a long piece of the page's work (a big board's first drawing,
// the units' buttons) runs its steps until SLICE_MS have passed and leaves the rest to a later
// frame or task, so that none of its tasks holds the page's thread for long whatever the machine's
// speed (a fixed count a slice was too much on a slow one and needlessly little on a fast one).
// No DOM here.

export const SLICE_MS = 8;

/**
 * Runs `step` (which returns true while work is left) until the work is done or `ms` have passed,
 * the clock read every `every` steps (a step may be a few microseconds). Returns whether work is left.
 */
export function runFor(step, ms = SLICE_MS, every = 1) {
  const until = performance.now() + ms;
  for (;;) {
    for (let i = 0; i < every; i++) if (!step()) return false;
    if (performance.now() >= until) return true;
  }
}

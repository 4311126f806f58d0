// Reading Chromium's traces (bench/page.mjs, bench/page-limits.mjs, bench/profile-limits.mjs).

/**
 * The traced page's renderer main threads (`pid:tid`) in a Chromium trace: those of the processes
 * its frames were in when the trace began or after a navigation. A trace holds every renderer's,
 * Chromium's own pages' too: the omnibox popup's (a chrome:// page) evaluated its modules in one
 * task of 70–85 ms of CPU during some of our openings, counted as the page's before.
 */
export function pageMainThreads(events) {
  const pids = new Set(events.filter((e) => e.name === 'TracingStartedInBrowser' || e.name === 'FrameCommittedInBrowser')
    .flatMap((e) => e.args?.data?.frames ?? [e.args?.data]).filter((f) => f?.processId && /^https?:/.test(f.url ?? '')).map((f) => f.processId));
  return new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid)).map((e) => `${e.pid}:${e.tid}`));
}

// The limits bench reads the page's long tasks from a Chromium trace, which holds every renderer's
// main thread: only the traced page's may count (Chromium's own omnibox popup once made an
// opening's longest task).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { longTasks } from '../../bench/page-limits.mjs';
import { pageMainThreads } from '../../bench/trace.mjs';

const thread = (pid) => ({ name: 'thread_name', ph: 'M', pid, tid: pid, args: { name: 'CrRendererMain' } });
const task = (pid, ms, cpu) => ({ name: 'RunTask', ph: 'X', pid, tid: pid, ts: 0, dur: ms * 1000, tdur: cpu * 1000 });
const frame = (name, processId, url) => ({ name, ph: 'I', pid: 1, tid: 1, args: { data: name === 'TracingStartedInBrowser' ? { frames: [{ processId, url }] } : { processId, url } } });

test('a trace begun on the page counts its renderer only, not a chrome:// page\'s', () => {
  const events = [frame('TracingStartedInBrowser', 10, 'http://127.0.0.1:8080/#p=1.x'), thread(10), thread(20), task(10, 60, 40), task(20, 120, 80)];
  assert.deepEqual([...pageMainThreads(events)], ['10:10']);
  assert.deepEqual(longTasks(events), [[60, 40]]);
});

test('a navigation to the page from about:blank counts the renderer it committed in', () => {
  const events = [frame('TracingStartedInBrowser', 10, 'about:blank'), frame('FrameCommittedInBrowser', 30, 'http://127.0.0.1:8080/'),
    frame('FrameCommittedInBrowser', 20, 'chrome://omnibox-popup.top-chrome/'), thread(10), thread(20), thread(30), task(20, 90, 80), task(30, 55, 30)];
  assert.deepEqual([...pageMainThreads(events)], ['30:30']);
  assert.deepEqual(longTasks(events), [[55, 30]]);
});

test('a phase\'s long tasks count from its mark: the task a trace\'s start makes before it is not the page\'s', () => {
  const at = (ts, ms, cpu) => ({ ...task(10, ms, cpu), ts });
  const mark = { name: 'movecalc:phase', ph: 'R', pid: 10, tid: 10, ts: 100000 };
  const events = [frame('TracingStartedInBrowser', 10, 'http://127.0.0.1:8080/'), thread(10), at(0, 60, 59), mark, at(150000, 70, 45), at(300000, 20, 20)];
  assert.deepEqual(longTasks(events), [[70, 45]]);
  assert.deepEqual(longTasks(events.filter((e) => e !== mark)), [[60, 59], [70, 45]]);
});

test('a drag\'s page-thread CPU: top-level tasks from its first input to its last, and each ruling\'s from its question to its frame\'s commit, with its time by kind', async () => {
  const { dragProfile } = await import('../../bench/page.mjs');
  const x = (name, ts, dur, tdur, data) => ({ name, ph: 'X', pid: 10, tid: 10, ts, dur, ...(tdur === undefined ? {} : { tdur }), ...(data ? { args: { data } } : {}) });
  const mark = (name, ts) => ({ name, ph: 'R', pid: 10, tid: 10, ts });
  const events = [frame('TracingStartedInBrowser', 10, 'http://127.0.0.1:8080/'), thread(10),
    x('RunTask', 0, 2000, 1500), x('EventDispatch', 100, 500, undefined, { type: 'pointermove' }), mark('movecalc:ask', 200),
    x('RunTask', 300, 100, 100), // nested in the first: in its time already
    mark('movecalc:ruled', 1800),
    x('RunTask', 5000, 3000, 2500), x('Commit', 7000, 500, 400), // the frame that draws the ruling
    x('RunTask', 10000, 1000, 800), x('EventDispatch', 10100, 200, undefined, { type: 'pointermove' }),
    x('RunTask', 20000, 1000, 900)]; // after the last input: not the drag's
  const p = dragProfile({ traceEvents: events }, null, 2);
  assert.equal(p.cpuMsPerMove, (1.5 + 2.5 + 0.8) / 2);
  assert.deepEqual(p.cpuMsPerRuling, [1.5 + 2.5]);
  // its wall time by kind over the same tasks, each event's own (the nested task inside the pointer's
  // event): the tasks' rest 1.5 + 0.1 + 2.5, the event 0.5 - 0.1, the commit 0.5
  assert.deepEqual(p.kindsPerRuling, { other: [1.5 + 0.1 + 2.5], script: [0.5 - 0.1], commit: [0.5] });
});

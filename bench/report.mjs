// Renders bench/results.json's object as bench/results.md.

export function fmtNs(ns) {
  if (ns === null || ns === undefined) return '—';
  if (ns < 10e3) return `${(ns / 1e3).toFixed(2)} µs`;
  if (ns < 1e6) return `${(ns / 1e3).toFixed(1)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toFixed(2)} ms`;
  return `${(ns / 1e9).toFixed(2)} s`;
}
const spread = (m) => (m ? `${fmtNs(m.medianNs)} (${fmtNs(m.p10Ns)}–${fmtNs(m.p90Ns)})` : '—');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const exp = (e) => (e === null || e === undefined ? '—' : e.toFixed(2));
const status = (r) => (r.status === 'ok' ? 'measured' : r.status === 'unavailable'
  ? `not available in this build (${r.code})` : `refused: ${r.code} at \`${r.path ?? ''}\``);

function table(head, rows) {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

export function renderMarkdown(r) {
  const e = r.environment;
  const out = [];
  out.push('# movecalc benchmark results', '');
  out.push(`Run ${e.date} at commit ${e.commit}${e.quick ? ' (**--quick** smoke run: short budgets, fewer points)' : ''}; ` +
    `${e.cpu}, ${e.cores} cores, Node ${e.node}${e.wasmCompilerVersion ? `, Emscripten ${e.wasmCompilerVersion}` : ''}; ` +
    `load average ${e.loadAverageAtStart.join(' ')} at the start, ${e.loadAverageAtEnd.join(' ')} at the end; ${e.seconds} s.`);
  out.push('', 'The machine is shared and noisy: compare the figures measured side by side in this run (ratios, speed-ups), ' +
    'not absolute times across runs. Times are medians per request with (p10–p90) over samples; see "Method" below.', '');

  out.push('## Targets (reported, not asserted)', '');
  const mark = (m) => (m === true ? 'met' : m === false ? '**missed**' : 'n/a');
  out.push(table(['Target', 'Case', 'Measured', 'Result', 'Note'],
    r.targets.map((t) => [t.target, t.subject, t.value ?? '—', mark(t.met), t.note ?? ''])), '');

  out.push('## Latency per request', '');
  out.push('Native: `mc_request` + `mc_free` (build/movecalc-bench). WebAssembly: `engine.requestText` under Node, and the full path ' +
    '`JSON.parse(engine.requestText(text))` (from the JSON string to the parsed answer). The ratio compares the same work: ' +
    'requestText against the native call. `JSON.parse` alone reads the same answer without asking the engine: what the full path ' +
    'costs however fast the engine is.', '');
  out.push(table(['Case', 'Size', 'Status', 'Native', 'WebAssembly', 'Wasm + JSON.parse', 'JSON.parse alone', 'Wasm / native', 'Same bytes', 'Request', 'Answer'],
    r.latency.map((x) => [x.id, x.size, status(x), spread(x.native), spread(x.wasmText), spread(x.wasmFull), spread(x.parseOnly),
      x.ratio ? `${x.ratio.toFixed(2)}× (p10: ${x.ratioP10.toFixed(2)}×)` : '—', x.sameAnswer === undefined ? '—' : x.sameAnswer ? 'yes' : '**no**', kb(x.requestBytes), kb(x.responseBytes)])), '');
  out.push('Inputs:', '');
  for (const x of r.latency) out.push(`- \`${x.id}\`: ${x.source}`);
  out.push('');

  out.push('## Side by side with JavaScript libraries', '');
  out.push('Each starts from the same JSON string and ends with a JavaScript object (movecalc: `JSON.parse(engine.requestText(text))`). ' +
    'honeycomb-grid builds the board and gives neighbours; the Dijkstra (binary heap) is bench/compare.mjs. SAT.js tests every ' +
    'obstacle at each bisection step; detect-collisions (check2d) puts the obstacles in its BVH first. The bisection stops at ' +
    'MC_LINEAR_SLOP (1e-6 steps). They do less than movecalc (no snap-to, no slide, no rule checks, no trace).', '');
  out.push(table(['Case', 'Comparator', 'Comparator time', 'movecalc (wasm, full path)', 'movecalc speed-up', 'Target'],
    r.comparisons.map((c) => [c.case, c.comparator, c.error ? `error: ${c.error}` : spread(c),
      c.movecalc !== null ? fmtNs(c.movecalc) : `not available (${c.movecalcCode})`,
      c.speedUp !== null ? `${c.speedUp.toFixed(1)}×` : 'skipped', c.target ? `≥ ${c.target}×` : '—'])), '');

  out.push('## Positions kept in the engine', '');
  out.push('A frame is one unit moved (the second of the request: 0.001 along x on a table, turned one side on a hex board) and the ' +
    'same question asked again. Full request: `JSON.stringify` of the whole request, `requestText`, `JSON.parse`. Update + ask: ' +
    '`position.update({units: [change]})` then `askText` and `JSON.parse`, or `ask(query, {format: "arrays"})` where the query has ' +
    'an arrays form. The comparators keep their own world too (grid, costs and occupancy; SAT polygons) and get the same change ' +
    'before each query. "Same bytes": the position\'s answer is the full request\'s.', '');
  out.push(table(['Case', 'Full request', 'Update + ask (JSON)', 'Update + ask (arrays)', 'Ask alone (JSON)', 'Ask alone (arrays)', 'Full / kept', 'Comparator, kept', 'Comparator / movecalc', 'Same bytes'],
    (r.positions ?? []).map((p) => {
      const best = p.keptArrays ?? p.keptJson;
      return [p.id, fmtNs(p.full), fmtNs(p.keptJson), fmtNs(p.keptArrays), fmtNs(p.askJson), fmtNs(p.askArrays), `${(p.full / best).toFixed(1)}×`,
        p.comparator ? (p.comparatorFrame ? `${p.comparator}: ${fmtNs(p.comparatorFrame)}` : `${p.comparator}: ${p.comparatorError}`) : '—',
        p.comparatorFrame ? `${(p.comparatorFrame / best).toFixed(1)}×` : '—', p.same ? 'yes' : '**no**'];
    })), '');

  out.push('## Growth', '');
  out.push('Exponent: least-squares slope of log(time) against log(n) over the measured points (1 = linear, 2 = quadratic).', '');
  out.push('### Hex reach against board size (GODSGLOOM `reach`, "paths": "parent", Speed 2 × side, 1 % units, 2 % terrain)', '');
  out.push('movecalc answers with `"detail": "brief"` and, beside it, with the full detail (the default).', '');
  const g = r.growth.hex;
  out.push(table(['Board', 'Hexes', 'movecalc wasm, brief', 'movecalc native, brief', 'answer, brief', 'JSON.parse of it alone', 'movecalc wasm, full', 'movecalc native, full', 'answer, full', 'honeycomb-grid + Dijkstra'],
    g.points.map((p) => [p.label, p.n, p.status === 'ok' ? fmtNs(p.wasm) : status(p), fmtNs(p.native), kb(p.responseBytes), p.parseOnly !== null ? fmtNs(p.parseOnly) : '—',
      fmtNs(p.wasmFullDetail), fmtNs(p.nativeFullDetail), kb(p.responseBytesFullDetail),
      p.honeycomb !== null ? fmtNs(p.honeycomb) : `error: ${p.honeycombError}`])));
  out.push('', `Exponents: movecalc wasm ${exp(g.exponents.wasm)} (full detail ${exp(g.exponents.wasmFullDetail)}), native ${exp(g.exponents.native)}, honeycomb-grid ${exp(g.exponents.honeycomb)}.`, '');
  const a = r.growth.alMove;
  out.push('### Arcane Legions `move` (one forward step that collides) against objects', '');
  out.push(table(['Objects', 'Units', 'Terrain', 'movecalc wasm', 'movecalc native', 'SAT.js bisection', 'detect-collisions bisection'],
    a.points.map((p) => [p.n, p.units, p.terrain, p.status === 'ok' ? fmtNs(p.wasm) : status(p), fmtNs(p.native), fmtNs(p.sat), fmtNs(p.detectCollisions)])));
  out.push('', `Exponents: movecalc wasm ${exp(a.exponents.wasm)}, native ${exp(a.exponents.native)}, SAT.js ${exp(a.exponents.sat)}, detect-collisions ${exp(a.exponents.detectCollisions)}.`, '');
  const p9 = r.growth.pursue;
  out.push('### The Ninth Age `pursue` (a pursuit that charges) against objects', '');
  out.push(table(['Objects', 'Units', 'Terrain', 'movecalc wasm', 'movecalc native'],
    p9.points.map((p) => [p.n, p.units, p.terrain, p.status === 'ok' ? fmtNs(p.wasm) : status(p), fmtNs(p.native)])));
  out.push('', `Exponents: movecalc wasm ${exp(p9.exponents.wasm)}, native ${exp(p9.exponents.native)}.`);
  const refused = [...a.points, ...p9.points].filter((p) => p.status === 'refused');
  if (refused.length) out.push('', 'Refused: ' + refused.map((p) => `${p.id} (${p.code}: ${p.message})`).join('; ') + '.');
  out.push('');

  out.push('## Size', '');
  const s = r.size;
  out.push(table(['What', 'Raw', 'gzip -9'], [
    ['all-in-one `.wasm` (public/engine/dist/movecalc-core.wasm: Node, CLI, embedding)', kb(s.wasm.raw), kb(s.wasm.gzip)],
    ['its JS glue (movecalc-core.mjs)', kb(s.glue.raw), kb(s.glue.gzip)],
    ...(s.modules ?? []).flatMap((m) => [
      [`\`.wasm\` of ${m.system} alone (movecalc-${m.system}.wasm)`, kb(m.wasm.raw), kb(m.wasm.gzip)],
      [`its JS glue (movecalc-${m.system}.mjs)`, kb(m.glue.raw), kb(m.glue.gzip)],
    ]),
    ['wrapper (public/engine/movecalc.mjs)', kb(s.wrapper.raw), kb(s.wrapper.gzip)],
    ...(s.pageOneSystem ?? []).map((p) => [`the page as a first visit loads it for ${p.system} (${p.files.length} files: public/ but the other games' own files and those fetched at a feature's first use)`, kb(p.raw), kb(p.gzip)]),
    ['every file of public/ (all six engine modules)', kb(s.page.raw), kb(s.page.gzip)],
  ]), '');
  out.push('Files of the page: ' + s.page.files.map((f) => `${f.file.replace(/^public\//, '')} ${kb(f.raw)} / ${kb(f.gzip)}`).join(', ') + '.', '');

  out.push('## The page', '');
  if (!r.page) out.push('Not measured (--no-page).', '');
  else if (r.page.error) out.push(`Not measured: ${r.page.error}`, '');
  else {
    const pg = r.page;
    out.push(`Headless Chromium (Debian's), ${pg.loads} loads on localhost through bin/serve.mjs. "First ruling drawn" = ` +
      'body[data-ready] set (engine loaded, `describe` answered, pickers filled, the page\'s own position ruled), then the ' +
      'Advanced panel\'s "Rule on it" pressed at once by a script in the page, and the time taken in the animation frame after ' +
      'the verdict changed; the clock starts at navigation (bench/page.mjs). ' +
      `The request ruled on: \`${(pg.request ?? '').replace(/\s+/g, ' ')}\` (verdict "${pg.verdict}").`, '');
    out.push(table(['Visit', 'First ruling drawn (median)', 'data-ready (median)', 'Each load'], [
      ['first (fresh context: no cache, no service worker)', `${pg.first.rulingMs.toFixed(0)} ms`, `${pg.first.readyMs.toFixed(0)} ms`, pg.first.all.map((x) => x.toFixed(0)).join(', ')],
      ['repeat (reload under the service worker)', `${pg.repeat.rulingMs.toFixed(0)} ms`, `${pg.repeat.readyMs.toFixed(0)} ms`, pg.repeat.all.map((x) => x.toFixed(0)).join(', ')],
    ]), '');
    out.push(`Where a first visit's time goes (medians, ms since navigation): document received ${pg.first.documentMs.toFixed(0)}, ` +
      Object.entries(pg.first.files).sort((x, y) => x[1].endMs - y[1].endMs).map(([n, f]) => `${n} ${f.endMs.toFixed(0)}`).join(', ') +
      `, DOMContentLoaded ${pg.first.domContentLoadedMs.toFixed(0)}, data-ready ${pg.first.readyMs.toFixed(0)}, first ruling ${pg.first.rulingMs.toFixed(0)}.`, '');
    if (pg.errors.length) out.push(`Page errors: ${pg.errors.join('; ')}`, '');
  }

  out.push('### A drag: input to ruling drawn', '');
  if (!r.drags) out.push('Not measured (--no-page).', '');
  else if (r.drags.error) out.push(`Not measured: ${r.drags.error}`, '');
  else {
    out.push('Each game\'s default position, its main unit (the query\'s) dragged with the mouse 160 px right and 60 px up, one move ' +
      'per 60 Hz frame, in headless Chromium with the page\'s thread slowed by CDP `Emulation.setCPUThrottlingRate` (the engine\'s ' +
      'worker is not slowed), in Play (the drag is the move) and in Set up: the first drag after the page opened, and in Play a ' +
      'later one (`--warm`: the same unit dragged the other way first and undone, so that the code a first drag fetches is loaded and ' +
      'compiled). Latency: from the pointer input a question was made ' +
      'from (the last before `movecalc:ask`) to the end of the main-thread work of the first animation frame that starts after its ' +
      'ruling was drawn (`movecalc:ruled`, web/app.js), or after the newer ruling that superseded it. Same frame: the share drawn ' +
      'in the first frame after their input. Aligned: each latency less the wait, once its ruling was drawn, for the next frame ' +
      'to begin (at most one frame), as if the input had come as a frame began, as a phone\'s touch input comes (the bench\'s mouse ' +
      'moves on a timer, at any point of a frame). Asked/drawn: questions during the drag and those drawn (the rest were superseded). ' +
      'Frames dropped: display frames with no animation frame during the drag. Targets p95 ≤ 16.7 ms at 1x, ≤ 33 ms at 4x ' +
      '(bench/page.mjs `measureDrags`). Page / worker: the drag\'s ' +
      'questions answered on the page\'s own thread within its work budget, and by the worker (web/engine-client.js).', '');
    const f = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '—');
    out.push(table(['Game (unit)', 'drag', 'CPU', 'p50', 'p95', 'max', 'aligned p50 / p95', 'same frame', 'asked / drawn', 'page / worker', 'frames dropped', 'moves'],
      r.drags.map((d) => (d.error ? [d.system, d.mode, `${d.rate}x`, `error: ${d.error}`, '', '', '', '', '', '', '', '']
        : [`${d.system} (${d.unit})`, `${d.mode}${d.warm ? `, later${d.warmUndone ? '' : ' (not undone)'}` : ''}`, `${d.rate}x`, f(d.p50Ms), f(d.p95Ms), f(d.maxMs), `${f(d.p50AlignedMs)} / ${f(d.p95AlignedMs)}`, `${Math.round(d.sameFrame * 100)} %`, `${d.asked} / ${d.drawn}`,
          d.answeredBy ? `${d.answeredBy.page} / ${d.answeredBy.worker}` : '—', `${d.framesDropped} of ${d.frames + d.framesDropped}`, d.inputs]))), '');
  }

  out.push('### The page at the limits', '');
  if (!r.pageLimits) out.push('Not measured (--no-page).', '');
  else if (r.pageLimits.error) out.push(`Not measured: ${r.pageLimits.error}`, '');
  else {
    out.push('Each game with 1,000 units (a table with 500 terrain pieces; a 60 × 60 board with terrain on every hex), opened ' +
      'from a link on a fresh page at 1280 × 800, its first unit dragged over 30 pointer moves, the view zoomed in and out with ' +
      'the wheel; the longest task of each phase (over 50 ms of wall time) in the page thread\'s CPU time from Chromium\'s trace, ' +
      'and in wall time in brackets (PerformanceObserver \'longtask\'; on a loaded machine mostly waiting for a core): the median ' +
      'over the runs (bench/page-limits.mjs). "—": no task over 50 ms.', '');
    const ms = (v) => (v > 0 ? `${v} ms` : '—');
    const both = (v) => `${ms(v.cpuMs)} (${ms(v.wallMs)})`;
    out.push('Paint CPU: one paint of the fit view with a context that draws nothing, in Node (`paintCost`): the board\'s own ' +
      'work, placing texts and walking the scene.', '');
    out.push(table(['Game', 'units / terrain', 'runs', 'longest task CPU (wall)', 'open', 'drag', 'zoom', 'paint CPU'],
      r.pageLimits.map((p) => (p.error ? [p.system, '', '', `error: ${p.error}`, '', '', '', '']
        : [p.system, `${p.units} / ${p.terrain}`, p.runs, `${ms(p.longestCpuMs)} (${ms(p.longestMs)})`, both(p.phases.open), both(p.phases.drag), both(p.phases.zoom), `${p.paintCpuMs?.toFixed(1) ?? '—'} ms`]))), '');
  }

  out.push('### Lighthouse', '');
  const lh = r.lighthouse;
  if (!lh) out.push('Not measured (--no-page).', '');
  else if (lh.error) out.push(`Not measured: ${lh.error}`, '');
  else {
    out.push('Lighthouse (npm devDependency) on public/ through bin/serve.mjs, Debian\'s Chromium headless; mobile is its default ' +
      '(simulated mid-range phone, 4x CPU, slow 4G), desktop its `--preset=desktop` (bench/lighthouse.mjs).', '');
    const f = (v) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : '—');
    out.push(table(['Form factor', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'FCP', 'LCP', 'TBT'],
      lh.runs.map((x) => (x.error ? [x.formFactor, `error: ${x.error}`, '', '', '', '', '', '']
        : [x.formFactor, x.scores.performance, x.scores.accessibility, x.scores['best-practices'], x.scores.seo, f(x.fcpMs), f(x.lcpMs), f(x.tbtMs)]))), '');
    for (const x of lh.runs.filter((y) => !y.error)) {
      out.push(`Accessibility, ${x.formFactor}: ` + (x.accessibilityFailing.length
        ? x.accessibilityFailing.map((a) => `${a.title} (\`${a.id}\`: ${a.flagged.map((s) => `\`${s}\``).join(', ')})`).join('; ')
        : 'every audit passed') + (x.warnings.length ? `. Lighthouse warned: ${x.warnings.join(' ')}` : '') + '.', '');
    }
  }

  out.push('## Memory', '');
  const m = r.memory;
  out.push(`A fresh engine: WebAssembly memory ${kb(m.heapAtStartup)} (${(m.heapAtStartup / 1048576).toFixed(1)} MiB) after start-up, ` +
    `engine bytes in use ${m.bytesInUseAtStartup}. Then each stress case once (memory only grows, so the last figure is the peak):`, '');
  out.push(table(['Request', 'Status', 'bytesInUse before → after', 'WebAssembly memory after'],
    m.stress.map((x) => [x.case, x.status, `${x.bytesInUseBefore} → ${x.bytesInUseAfter}`, `${(x.heapBytesAfter / 1048576).toFixed(2)} MiB`])), '');
  out.push(`Peak over the stress cases: ${(m.peakHeap / 1048576).toFixed(2)} MiB` +
    (m.peakHeapWithLargestBoard !== undefined ? `; with the 200 × 200 board: ${(m.peakHeapWithLargestBoard / 1048576).toFixed(2)} MiB` : '') +
    `. bytesInUse back to where it was after every request of this run: ${m.everyRequestReturned ? 'yes' : '**no**'}.`, '');

  const skipped = r.latency.filter((x) => x.status !== 'ok');
  out.push('## Not available in this build', '');
  if (skipped.length === 0) out.push('Every case was measured.', '');
  else {
    out.push('These cases were skipped (the engine\'s answer is given); they are measured as soon as the build answers them:', '');
    for (const x of skipped) out.push(`- \`${x.id}\`: ${status(x)}${x.message ? ` — "${x.message}"` : ''}`);
    out.push('');
  }

  out.push('## Method', '');
  out.push(`Both builds are timed the same way (bench/measure.mjs, bench/bench_native.c): warm-up runs (at least ${e.config.warmup}, for at least ${fmtNs(e.config.warmupNs)}, ` +
    'so that V8 has tiered the WebAssembly up) give an estimate t1, the median of the last ones; ' +
    `a sample times a batch of max(1, ${fmtNs(e.config.targetNs)} / t1) requests back to back and records the time per request; ` +
    `samples = clamp(${fmtNs(e.config.budgetNs)} / (batch · t1), ${e.config.minSamples}, ${e.config.maxSamples}). ` +
    'For fast requests a sample is thus the mean of a batch, and p10/p90 are over batch means. Native uses CLOCK_MONOTONIC, ' +
    'Node process.hrtime. Cases run one after another (native, then WebAssembly) in one process each, never in parallel; ' +
    `each movecalc case is measured in ${e.rounds} round(s) alternating the two builds, and each side keeps its round with the lowest median. ` +
    'Comparators are timed with the same method in the same Node process. ' +
    'Requests are generated by bench/generate.mjs with a seeded PRNG (the same bytes every run) in the shapes of docs/api.md.', '');
  return out.join('\n');
}

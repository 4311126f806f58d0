// Finishes public/ after the static files are copied (bin/build):
// - bundles the page's modules (app.js and what it imports, with the examples: every scenario file
//   marked "example": true, a module of their own) with rolldown: what app.js starts with in one
//   minified file (minified again by terser), marked for V8 to compile all of it while it arrives,
//   and what a first view does not use in files fetched at first use. boot.js (minified too)
//   and the engine's own module stay separate files: boot.js runs first and starts the engine, and
//   the engine module finds its .wasm beside itself (import.meta.url). engine-worker.js, the
//   worker that runs the engine (docs/page.md "The engine in a worker"), is a third entry point.
//   One file instead of seven:
//   Chromium fetches at most six at once from a host over HTTP/1.1, and the rest waited (README
//   "Performance");
// - bundles movecalc-board.js (the <movecalc-board> element) into one classic script;
// - writes into index.html the games' names (its description, from web/games/list.js) and a modulepreload for every module the page starts with, from the
//   bundle's own list of imports, so the list stays true;
// - minifies the style sheet;
// - stamps the service worker with the build's file lists (what it caches for offline use: up front,
//   with a game, or at a feature's first use), each
//   file's SHA-256 (it caches only bytes that match) and a content hash, so a new build replaces
//   the old cache.
// The same site is also built into build-page-test/ with the browser tests' hook (web/test-hook.js,
// MOVECALC_TEST defined true there): the tests serve that copy; public/ never holds the hook.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GAME_IDS, GAME_FACTS } from './games/index.js';

const top = fileURLToPath(new URL('..', import.meta.url));
const pub = join(top, 'public');
/** The test build: public/ with the test hook (tests/browser/browser.mjs serves it). */
export const testSite = join(top, 'build-page-test');
const scenarios = join(top, 'tests', 'scenarios');
const PRELOADS = '<!-- build-site.mjs: preloads -->';
const GAME_NAMES = '__GAME_NAMES__';

/** The page's examples: describe, then every scenario marked "example": true, folder by folder. */
export function collectExamples(dir = scenarios) {
  const examples = [{ title: 'Describe the engine: systems, queries, limits, assumptions', note: 'What this build answers, its limits and its labelled assumptions.', request: { query: 'describe' } }];
  for (const system of readdirSync(dir).sort()) {
    const sub = join(dir, system);
    if (!statSync(sub).isDirectory()) continue;
    for (const file of readdirSync(sub).filter((f) => f.endsWith('.json')).sort()) {
      const s = JSON.parse(readFileSync(join(sub, file), 'utf8'));
      if (s.example === true) examples.push({ title: String(s.title), ...(s.note === undefined ? {} : { note: String(s.note) }), request: s.request });
    }
  }
  return examples;
}

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * JavaScript minified by terser (its safe passes only): esbuild's minified output again, which it
 * packs 4–5 % smaller in gzip, or an engine module. `preamble`: a first line kept as it is.
 */
async function terse(code, preamble) {
  const { minify } = await import('terser');
  const out = await minify(code, { module: true, ecma: 2022, compress: { passes: 2 }, mangle: true, format: { comments: false, preamble } });
  return out.code;
}

// The files a page loads by name: the page (app.js), what starts the engine first (boot.js) and the
// engine's worker; every other bundled file is a chunk one of them imports.
const ENTRIES = ['app', 'boot', 'engine-worker'];

// The page's modules as one file, and boot.js (the same, minified), into `out` (with the test
// hook when `test`); returns the paths (from out/) of the modules they import.
async function bundle(out, test) {
  // ./examples.js: the first example (describe) and a loader of them all, a module of its own (4.8 KB
  // gzip) fetched when the Advanced panel or the gallery first opens
  const all = collectExamples();
  const contents = {
    'examples.js': `export const describeExample = ${JSON.stringify(all[0])};\nexport const loadExamples = () => import('./examples-list.js').then((m) => m.examples);\n`,
    'examples-list.js': `export const examples = ${JSON.stringify(all)};\n`,
  };
  const examples = {
    name: 'examples',
    resolveId: (id) => (/^\.\/examples(-list)?\.js$/.test(id) ? `\0${id.slice(2)}` : null),
    load: (id) => (id.startsWith('\0examples') ? contents[id.slice(1)] : null),
  };
  // a style sheet a module imports (embed.css, embed mode's rules): a string of its rules, minified as
  // style.css is, which the module adopts through the CSSOM (the CSP allows it) when it needs them
  const styles = {
    name: 'styles',
    async load(id) {
      if (!id.endsWith('.css')) return null;
      const { transform } = await import('esbuild');
      const { code } = await transform(readFileSync(id, 'utf8'), { loader: 'css', minify: true, target: 'es2022', legalComments: 'none' });
      return { code: `export default ${JSON.stringify(code.trim())};\n`, moduleType: 'js' };
    },
  };
  // the modules app.js runs with that neither boot.js nor the engine's worker does (boot.js and the
  // worker are fetched on their own): read from the module graph once it is built
  const page = new Set();
  const startupOfApp = {
    name: 'startup-of-app',
    buildEnd() {
      const closure = (id, seen = new Set()) => {
        if (seen.has(id)) return seen;
        seen.add(id);
        for (const i of this.getModuleInfo(id)?.importedIds ?? []) closure(i, seen);
        return seen;
      };
      const entry = (name) => join(top, 'web', `${name}.js`);
      const others = new Set(ENTRIES.filter((e) => e !== 'app').flatMap((e) => [...closure(entry(e))]));
      for (const id of closure(entry('app'))) if (!others.has(id)) page.add(id);
    },
  };
  const { rolldown } = await import('rolldown'); // only when building: tests import collectExamples
  const { build: esbuild } = await import('esbuild');
  const build = await rolldown({
    input: Object.fromEntries(ENTRIES.map((e) => [e, join(top, 'web', `${e}.js`)])), cwd: top,
    external: [/^\.\/engine\//], plugins: [examples, styles, startupOfApp], logLevel: 'warn',
    transform: { define: { MOVECALC_TEST: String(test), MOVECALC_PAGE: 'true' }, target: 'es2022' },
    // (the entries may export more than their own modules do: the page's chunk is theirs)
    preserveEntrySignatures: 'allow-extension',
  });
  // What app.js runs with at start-up is one file (`page`), not app.js and the ten chunks esbuild
  // made of it (each module that a lazy one imports too was split out): 1.8–1.9 KB gzip and eight
  // requests less of every first visit (docs/performance.md, "Weight, seventh round"). Each game's
  // module (web/games/index.js imports it when the page opens the game) and each module fetched at
  // a feature's first use stays a file of its own; what boot.js and app.js share (the games'
  // registry: games/index.js, list.js and define.js) one file, which list.js, read by draw.js in
  // the page's chunk too, would otherwise leave as a file of its own. The modules keep the order an import runs them in (strictExecutionOrder):
  // without it, merged across the chunks' seams, the page never became ready.
  const registry = ['index', 'list', 'define'].map((f) => join(top, 'web', 'games', `${f}.js`));
  // chunk names with a 6-character hash, not 8: 0.2 KB gzip of every first visit (docs/performance.md)
  const { output } = await build.write({
    dir: out, format: 'esm', minify: true, entryFileNames: '[name].js', chunkFileNames: '[name]-[hash:6].js',
    strictExecutionOrder: true,
    codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'page', test: (id) => page.has(id) }, { name: 'games', test: (id) => registry.includes(id) }] },
  });
  await build.close();
  // the <movecalc-board> element: one classic script for other sites' pages
  await esbuild({ entryPoints: [join(top, 'web', 'movecalc-board.js')], outfile: join(out, 'movecalc-board.js'), bundle: true, format: 'iife',
    minify: true, target: 'es2022', logLevel: 'warning', legalComments: 'none' });
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  // minified again by terser, which packs it smaller (4 KB gzip less of a first visit:
  // docs/performance.md "Weight, fifth round"), under V8's explicit compile hint: every function of
  // the file is compiled while it streams in, on a background thread, instead of on the main thread
  // the first time it is called (about 20 ms of a first visit here; docs/performance.md, fourth
  // round). The page calls most of them while it starts.
  for (const f of chunks.keys()) {
    const file = join(out, f);
    writeFileSync(file, await terse(readFileSync(file, 'utf8'), '//# allFunctionsCalledOnLoad'));
  }
  const isExternal = (f) => !chunks.has(f);
  // what an output imports statically (and they, and so on): the files it cannot run without
  const closure = (files) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f) || isExternal(f)) return;
      seen.add(f);
      for (const i of chunks.get(f).imports) visit(i);
    };
    files.forEach(visit);
    return seen;
  };
  const entries = ENTRIES.map((e) => `${e}.js`);
  const startup = closure(entries);
  // each game's own files: its module's output and what only it imports
  const games = Object.fromEntries(GAME_IDS.map((id) => {
    const own = [...chunks.values()].filter((c) => c.facadeModuleId === join(top, 'web', 'games', `${id}.js`)).map((c) => c.fileName);
    if (own.length !== 1) throw new Error(`build-site: no file of its own for game ${id}'s page module`);
    return [id, [...closure(own)].filter((f) => !startup.has(f))];
  }));
  const external = [...chunks.values()].flatMap((c) => c.imports.filter(isExternal).map((i) => relative(out, resolve(out, i))));
  const shared = [...startup].filter((f) => !entries.includes(f));
  // what the page imports only when a feature is first used (the pictures' drawing): no game's own
  const ofGames = new Set(Object.values(games).flat());
  const later = [...chunks.keys()].filter((f) => !startup.has(f) && !ofGames.has(f));
  return { imported: [...new Set([...external, ...shared])], games, later };
}

// Every module of the page's start-up graph, fetched at once instead of each only after the module
// that imports it has been parsed. The engine's glue and .wasm are the worker's (engine-worker.js):
// a document's preloads would not serve it, and would be fetched twice.
function preloads(out, imported) {
  const modules = ['boot.js', 'app.js', ...imported.filter((m) => m !== 'boot.js')];
  for (const m of modules) if (!existsSync(join(out, m))) throw new Error(`build-site: the page imports ${m}, which is not in ${relative(top, out)}/`);
  return [...new Set(modules)].map((m) => `<link rel="modulepreload" href="${m}">`).join('\n');
}

/**
 * The project's rules reference (docs/rules/<game>.md) as the page's clause dialog reads it, loaded
 * when a clause id is first tapped: every `### ID` section as {game, text (the project's words, links
 * reduced to their text), links (the official rules it cites: [label, url])}.
 */
export function rulesReference(dir = join(top, 'docs', 'rules')) {
  const out = {};
  for (const game of GAME_IDS) {
    const file = join(dir, `${game}.md`);
    if (!existsSync(file)) continue;
    const sections = readFileSync(file, 'utf8').split(/^### /m).slice(1);
    for (const sec of sections) {
      const [head, ...body] = sec.split('\n');
      const id = head.trim();
      const md = body.join('\n').split(/^## /m)[0].trim();
      // a URL may hold one level of parentheses: the-ninth-age-(2022)
      const link = /\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g;
      const links = [...md.matchAll(link)].filter((m) => /^https?:/.test(m[2])).map((m) => [m[1], m[2]]);
      const text = md.replace(link, '$1').replace(/[*`]/g, '').replace(/<(https?:[^>]+)>/g, '$1');
      out[id] = { game, text, links };
    }
  }
  return out;
}

async function build() {
  rmSync(testSite, { recursive: true, force: true });
  cpSync(pub, testSite, { recursive: true });
  await finish(pub, false);
  await finish(testSite, true);
}

// The style sheet, minified as the browser fetches it: its comments are for the source's readers
// (9.9 → 6.0 KB gzip; docs/performance.md "Weight, third round").
async function minifyStyle(out) {
  const { transform } = await import('esbuild');
  const file = join(out, 'style.css');
  const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'css', minify: true, target: 'es2022', legalComments: 'none' });
  writeFileSync(file, code);
}

// The engine's modules as the page fetches them, minified: the wrapper's comments (wasm/ keeps them)
// and the glue's long local names were 6.6 KB gzip of every first visit. Emscripten's glue names
// its exports and the .wasm's imports by string keys, which minifying keeps.
async function minifyEngine(out) {
  const { transform } = await import('esbuild');
  const dir = join(out, 'engine');
  for (const file of walk(dir).filter((f) => f.endsWith('.mjs'))) {
    const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'js', format: 'esm', minify: true, target: 'es2022', legalComments: 'none' });
    writeFileSync(file, await terse(code));
  }
}

async function finish(pub, test) {
  const { imported, games: ownFiles, later: laterModules } = await bundle(pub, test);
  await minifyEngine(pub);
  const html = readFileSync(join(pub, 'index.html'), 'utf8');
  // bin/build copies web/ into a new public/ first; a second run over a finished public/ would also
  // list the last build's chunks in the service worker
  if (!html.includes(PRELOADS)) throw new Error(`build-site: ${relative(top, pub)}/index.html has no ${PRELOADS}: it is finished already; run bin/build, which copies web/ into public/ before this step`);
  await minifyStyle(pub);
  // the page's description names the games of the registry
  const names = GAME_IDS.map((id) => GAME_FACTS[id].name.replace(/&/g, '&amp;'));
  const games = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  // the page's comments and indentation are for web/index.html's readers: 0.5 KB gzip of every
  // first visit (a line break stays, so words and inline elements keep their spaces; no <pre> or
  // <textarea> of the page holds text)
  const page = html.replace(PRELOADS, preloads(pub, imported)).replace(GAME_NAMES, games).replace(/<!--[^]*?-->\n?/g, '').replace(/\n[ \t]+/g, '\n');
  writeFileSync(join(pub, 'index.html'), page);
  writeFileSync(join(pub, 'rules.json'), JSON.stringify(rulesReference()));
  // (the worker's own file by its whole name: a chunk whose hash ended in "sw", games-ZGwysdsw.js,
  // was left out of every list, and a first visit fetched a file the worker did not know)
  const files = walk(pub).filter((p) => relative(pub, p) !== 'sw.js').sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(relative(pub, f)).update(readFileSync(f));
  // The first 32 bits of the SHA-256 (as sw.js computes them): enough to tell the build's bytes
  // from a wrong response, where 64 bits were 0.3 KB gzip more of every first visit.
  const sha256 = (f) => createHash('sha256').update(readFileSync(f)).digest('hex').slice(0, 8);
  // [url, SHA-256 of its bytes (its first 32 bits)]
  const entry = (f) => ['./' + f, sha256(join(pub, f))];
  // The page loads one game's page and engine modules at a time: the worker caches a game's files
  // when the page opens that game (sw.js). What no first view uses (the rules reference, the
  // <movecalc-board> script for other sites, the modules of the pictures' downloads and the
  // gallery's, the app manifest and its maskable icon, which the browser reads online to install
  // the app) it caches when first fetched, and every other file up front; never the all-in-one
  // module, which is there for embedding only.
  const gameFiles = Object.fromEntries(GAME_IDS.map((id) => [id, [...ownFiles[id], `engine/dist/movecalc-${id}.mjs`, `engine/dist/movecalc-${id}.wasm`]]));
  const ofGames = new Set(Object.values(gameFiles).flat());
  // (index.html is cached as "./", the address the page is opened at)
  const later = ['rules.json', 'movecalc-board.js', 'index.html', 'manifest.webmanifest', 'icon-maskable.svg', ...laterModules];
  const shared = files.map((f) => relative(pub, f)).filter((f) => !ofGames.has(f) && !later.includes(f) && !/movecalc-core\.(mjs|wasm)$/.test(f));
  for (const f of [...ofGames, ...later]) if (!existsSync(join(pub, f))) throw new Error(`build-site: a file ${f} is not in ${relative(top, pub)}/`);
  // "./" is served as index.html
  const list = [['./', sha256(join(pub, 'index.html'))], ...shared.map(entry)];
  const perGame = Object.fromEntries(Object.entries(gameFiles).map(([id, fs]) => [id, fs.map(entry)]));
  const sw = readFileSync(join(top, 'web', 'sw.js'), 'utf8')
    .replace('__BUILD_VERSION__', hash.digest('hex').slice(0, 12))
    .replace('__BUILD_FILES__', JSON.stringify(list))
    .replace('__BUILD_GAME_FILES__', JSON.stringify(perGame))
    .replace('__BUILD_LATER_FILES__', JSON.stringify(later.map(entry)));
  // minified as the engine's modules are (its comments were 1.0 KB gzip of every first visit); its
  // lists keep their names (bench/weight.mjs reads them)
  const { transform } = await import('esbuild');
  writeFileSync(join(pub, 'sw.js'), (await transform(sw, { loader: 'js', minify: true, target: 'es2022', legalComments: 'none' })).code);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await build();

// The first page: pick a system and an example request, edit it, rule on it, read the answer.
// Everything the engine or the user wrote reaches the page through textContent, never as HTML.
import { createEngine } from './engine/movecalc.mjs';
import { examples } from './examples.js';

const $ = (id) => document.getElementById(id);
const systemSelect = $('system');
const exampleSelect = $('example');
const requestBox = $('request');
const runButton = $('run');
const status = $('status');

let engine = null;
let assumptionSummaries = new Map();

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function option(value, label) {
  const o = el('option', label);
  o.value = value;
  return o;
}

function examplesFor(system) {
  return examples.filter((e) => (e.request.system ?? 'describe') === system);
}

function fillExamples() {
  const list = examplesFor(systemSelect.value);
  exampleSelect.replaceChildren(...list.map((e, i) => option(String(i), e.title)));
  exampleSelect.disabled = list.length === 0;
  showExample();
}

function showExample() {
  const e = examplesFor(systemSelect.value)[Number(exampleSelect.value)];
  $('example-note').textContent = e ? (e.note ?? '') : 'No worked example for this system yet: write a request below.';
  requestBox.value = JSON.stringify(
    e ? e.request : { system: systemSelect.value, query: 'describe' }, null, 2);
}

function verdictOf(response) {
  if (!response.ok) return { text: `The request could not be read: ${response.error.message}`, kind: 'error' };
  const r = response.result;
  if (typeof r.legal === 'boolean') return r.legal ? { text: 'Legal move.', kind: 'legal' } : { text: 'Not a legal move.', kind: 'illegal' };
  if (typeof r.possible === 'boolean') return r.possible ? { text: 'The charge can be made.', kind: 'legal' } : { text: 'The charge cannot be made.', kind: 'illegal' };
  return { text: 'Answered.', kind: 'answered' };
}

function list(title, items, render, ordered = false) {
  if (!items || items.length === 0) return [];
  const l = el(ordered ? 'ol' : 'ul');
  for (const item of items) l.append(render(item));
  return [el('h3', title), l];
}

function ruleItem(rule, message) {
  const li = el('li');
  if (rule) li.append(el('span', rule, 'rule'));
  li.append(document.createTextNode(message));
  return li;
}

function render(response) {
  const v = verdictOf(response);
  const verdict = $('verdict');
  verdict.textContent = v.text;
  verdict.className = `verdict ${v.kind}`;
  const parts = [];
  if (response.ok) {
    const r = response.result;
    parts.push(...list('Why', r.reasons, (x) => ruleItem(x.rule, x.message)));
    parts.push(...list('How the engine ruled', r.trace, (x) => ruleItem(x.rule, (x.unit ? `${x.unit}: ` : '') + x.message), true));
    parts.push(...list('Assumptions this answer relied on', response.assumptions,
      (id) => ruleItem(id, assumptionSummaries.get(id) ?? '')));
  } else {
    parts.push(el('h3', 'Where'), el('p', `${response.error.path || '(the whole request)'}: ${response.error.code}`));
  }
  $('details').replaceChildren(...parts);
  $('response').textContent = JSON.stringify(response, null, 2);
}

function run() {
  let response;
  try {
    response = engine.request(requestBox.value);
  } catch (err) {
    response = { ok: false, error: { code: 'bad_json', path: '', message: String(err.message ?? err) } };
  }
  render(response);
}

async function start() {
  try {
    engine = await createEngine();
  } catch (err) {
    status.textContent = 'engine failed to load';
    status.className = 'status failed';
    $('verdict').textContent = `The engine could not be loaded: ${err.message ?? err}`;
    return;
  }
  const described = engine.request({ query: 'describe' }).result;
  assumptionSummaries = new Map(described.assumptions.map((a) => [a.id, a.summary]));
  systemSelect.replaceChildren(
    ...described.systems.map((s) => option(s.id, s.name)),
    option('describe', 'About the engine (describe)'));
  systemSelect.addEventListener('change', fillExamples);
  exampleSelect.addEventListener('change', showExample);
  runButton.addEventListener('click', run);
  $('format').addEventListener('click', () => {
    try {
      requestBox.value = JSON.stringify(JSON.parse(requestBox.value), null, 2);
    } catch {
      render({ ok: false, error: { code: 'bad_json', path: '', message: 'the request is not valid JSON yet' } });
    }
  });
  requestBox.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run();
  });
  fillExamples();
  runButton.disabled = false;
  status.textContent = `engine ${described.version} ready`;
  status.className = 'status ready';
  document.body.dataset.ready = 'true';
}

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  navigator.serviceWorker.register('./sw.js').catch(() => {});
}
start();

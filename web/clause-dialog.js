// A clause of the project's rules reference in a small dialog (draw.js clauseButton): fetched when a
// clause is first opened, with the reference itself (rules.json, web/build-site.mjs).
import { el } from './draw.js';
import rules from './clause-dialog.css';
import { adoptRules } from './panels.js';

adoptRules(rules);

let reference = null; // rules.json, fetched once

/** Opens a clause of the project's rules reference in a small dialog: its words and the official rules' links. */
export async function openClause(id) {
  let dlg = document.getElementById('clause-dialog');
  if (!dlg) {
    dlg = el('dialog'); dlg.id = 'clause-dialog'; dlg.className = 'clause';
    dlg.setAttribute('aria-labelledby', 'clause-title');
    document.body.append(dlg);
  }
  const close = el('button', 'Close', 'secondary'); close.type = 'button';
  close.addEventListener('click', () => dlg.close());
  const title = el('h2', id); title.id = 'clause-title';
  dlg.replaceChildren(title, el('p', 'Loading the rules reference…'), close);
  if (!dlg.open) dlg.showModal();
  try {
    reference ??= await fetch('rules.json').then((res) => { if (!res.ok) throw new Error(String(res.status)); return res.json(); });
  } catch { reference = null; dlg.replaceChildren(title, el('p', 'The rules reference could not be loaded (offline?).'), close); return; }
  const entry = Object.hasOwn(reference, id) ? reference[id] : null;
  const body = entry ? entry.text.split(/\n(?=Assumptions?:|Source)/).map((t) => el('p', t.replace(/\n/g, ' '))) : [el('p', 'This clause is not in the rules reference.')];
  const links = el('ul', undefined, 'clause-links');
  for (const [label, href] of entry?.links ?? []) {
    const a = el('a', `${label} ↗`); a.href = href; a.target = '_blank'; a.rel = 'noopener';
    const li = el('li'); li.append(a); links.append(li);
  }
  dlg.replaceChildren(title, ...body, ...(links.childElementCount ? [el('h3', 'The official rules'), links] : []), close);
}

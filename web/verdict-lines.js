// The lines a phone's verdict shows (app.js markCut, which fetches this when a verdict is first cut).

// A phone's verdict shows four or five lines (style.css), more where its first sentence, the
// outcome, needs them (--more): whole, and a line below it for the "… more" cue where more
// follows. Only the rule references and later reasons go behind the cue: Torn World's three
// ejected allies' outcome ran past a landscape phone's fifth line (a newcomer's review). The lines
// added come from the panel under it (#panels), never from the controls round it: a landscape
// phone's column with the play bar's two rows had none to give, and its rows squashed (Play and
// Set up 39 px tall, the bar's second row under the verdict).
export function outcomeLines(v) {
  if (v.classList.contains('whole')) return;
  // (a paragraph ends the outcome too: Undo's "Undone: …" and the ruling under it are two)
  const text = v.textContent, m = /[.!?](\s|$)/.exec(text), p = v.firstChild?.nodeName === 'P' ? v.firstChild.textContent.length : text.length;
  const end = Math.min(m ? m.index + 1 : text.length, p);
  const cs = getComputedStyle(v), line = parseFloat(cs.lineHeight), was = Number(v.style.getPropertyValue('--more') || 0);
  const shown = Math.floor((v.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom)) / line + 0.05) - was;
  let more = 0;
  const walk = document.createTreeWalker(v, NodeFilter.SHOW_TEXT);
  for (let n = 0; end > 0 && walk.nextNode(); n += walk.currentNode.textContent.length) {
    if (n + walk.currentNode.textContent.length < end) continue;
    const range = document.createRange();
    range.setStart(walk.currentNode, end - n - 1);
    range.setEnd(walk.currentNode, end - n);
    const need = Math.ceil((range.getBoundingClientRect().bottom - v.getBoundingClientRect().top - v.clientTop - parseFloat(cs.paddingTop) + v.scrollTop) / line - 0.05);
    if (need >= shown) more = need + (text.slice(end).trim() ? 1 : 0) - shown;
    break;
  }
  const panel = document.getElementById('panels');
  if (panel?.getClientRects().length) more = Math.min(more, was + Math.floor(panel.getBoundingClientRect().height / line));
  if (more !== was) v.style.setProperty('--more', String(more));
}

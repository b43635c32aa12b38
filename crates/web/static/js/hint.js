// Hints, over the server's /api/hint: the secrets still possible and each strategy's next
// guess with its reasons, in a panel beside the board of the play or the solve tab.

import { api } from '/js/api.js';
import { codeView } from '/js/board.js';
import { $, button, el, exactCount, fmt, humane, num, remainingText, show } from '/js/util.js';

// Asks for a hint on `moves` and shows it in the panel `panel`; `onUse(code)`, when given,
// puts a suggested guess on the board. `onError(e)`, when given, may take a refusal over (it
// returns true: the panel is hidden); `onDone(hint)` gets the hint shown.
export async function showHint(panel, game, spec, moves, onUse, onError, onDone) {
  const box = $(panel);
  show(box, true);
  delete box.dataset.moves;
  const seq = (box.seq = (box.seq || 0) + 1);
  box.replaceChildren(el('p', 'muted', 'Thinking…'));
  try {
    const h = await api('POST', '/api/hint', {
      game: spec,
      history: moves.map((m) => ({ guess: m.guess, feedback: m.feedback })),
    });
    if (seq !== box.seq) return;
    renderHint(box, game, h, onUse);
    box.dataset.moves = moves.length;
    if (onDone) onDone(h);
  } catch (e) {
    if (seq !== box.seq) return;
    if (onError && onError(e)) { show(box, false); return; }
    box.replaceChildren(el('h2', null, 'Hint'), el('p', 'error', humane(e.message)));
  }
}
function renderHint(box, g, h, onUse) {
  const title = el('h2', null, `Hint — ${remainingText(h.remaining)} still possible`);
  const close = button(null, 'Close');
  close.addEventListener('click', () => show(box, false));
  title.append(close);
  box.replaceChildren(title);
  const count = exactCount(h.remaining);
  if (count === null) box.append(el('p', 'muted small estimate', `Estimated: ${h.remaining.method}.`));
  // The list is shown when it holds every secret left.
  if (h.candidates && h.candidates.length > 0 && count !== null && h.candidates.length >= count) {
    const c = el('div', 'candidates');
    c.append(el('span', 'muted', count === 1 ? 'It can only be:' : 'They are:'));
    const list = el('div', 'list');
    for (const code of h.candidates) list.append(codeView(g, code, 'small'));
    c.append(list);
    box.append(c);
  }
  if (h.solved) {
    box.append(el('p', null, 'The secret is found.'));
    return;
  }
  // One row per strategy; on a phone each row is a card whose cells carry their column's name.
  const t = el('table', 'data hint-table cards');
  const COLS = ['Strategy', 'Next guess', 'Worst case', 'Expected left', 'Bits', 'Replies', 'Could be the secret', 'Why'];
  const head = el('tr');
  for (const c of COLS) head.append(el('th', c === 'Why' || c === 'Next guess' ? 'left' : null, c));
  t.append(head);
  const cell = (tr, cls, text, k) => {
    const td = el('td', cls, text);
    td.dataset.label = COLS[k];
    tr.append(td);
    return td;
  };
  for (const s of h.suggestions) {
    const tr = el('tr');
    tr.dataset.strategy = s.strategy;
    cell(tr, null, s.strategy, 0);
    // The guess and its Use button together, so the button is never scrolled out of view.
    const gtd = cell(tr, 'guess', null, 1);
    gtd.append(codeView(g, s.guess, 'small'));
    if (onUse) {
      const b = button('use', 'Use');
      b.setAttribute('aria-label', `use ${s.strategy}'s guess ${s.guess}`);
      b.addEventListener('click', () => onUse(s.guess));
      gtd.append(b);
    }
    // A guess of a game too large to list was scored on a sample: its exact figures are
    // not known, and the why says what the sample showed.
    const exact = !s.fit_sample;
    cell(tr, null, exact ? num(s.largest_class) : '—', 2);
    cell(tr, null, exact ? fmt(s.expected_size, 2) : '—', 3);
    cell(tr, null, exact ? fmt(s.entropy, 3) : '—', 4);
    cell(tr, null, exact ? num(s.parts) : '—', 5);
    cell(tr, s.could_be_secret ? 'yes' : 'no', s.could_be_secret ? 'yes' : 'no', 6);
    cell(tr, 'left why', exact ? s.why
      : `${s.why} (estimated: ${num(s.fit_sample.candidates)} candidates scored; ${s.fit_sample.method})`, 7);
    t.append(tr);
  }
  const wrap = el('div', 'table-wrap');
  wrap.append(t);
  box.append(wrap);
  for (const o of h.omitted || []) box.append(el('p', 'muted small omitted', humane(o.why) + '.'));
}


// The recommended opener, shown before the first row (the Assistant) or the first guess
// (Play): for Wordle and Mastermind 4 × 6, the opener of the table the server ships with each
// game's description (Selby's trees, and codebreak's exact search, replayed by codebreak's tree
// verifier: guesses in all, average, worst case, exact); for another small game, the
// strategies' first guesses from /api/hint on an empty history, with what the best of them
// leaves. Nothing is typed in: every figure comes from the server.

import { api } from '/js/api.js';
import { codeView } from '/js/board.js';
import { $, button, el, fmt, num, show } from '/js/util.js';

// Games of at most this many codes get a live opener (one hint on an empty history).
const LIVE_CODES = 5000;
const asked = {};

// Shows the opener of the described game `d` (drawn as `g`) in the box `id`; `onUse(code)`
// puts it on the board.
export async function showOpener(id, g, d, onUse) {
  const box = $(id);
  const seq = (box.seq = (box.seq || 0) + 1);
  if (!d || !g) { show(box, false); return; }
  let guess = null;
  let text = '';
  if (d.opener) {
    const o = d.opener;
    guess = o.opener;
    text = ` — with the best play after it, ${num(o.total)} guesses over ${num(o.secrets)} secrets ` +
      `(${fmt(o.total / o.secrets, 4)} on average, at most ${o.worst}): exact, from ${o.source}.`;
  } else if (d.allows.hint && Number(d.codes) <= LIVE_CODES) {
    const key = JSON.stringify(d.game);
    if (!asked[key]) asked[key] = api('POST', '/api/hint', { game: d.game, history: [] });
    let h;
    try { h = await asked[key]; } catch (_) { asked[key] = null; if (seq === box.seq) show(box, false); return; }
    if (seq !== box.seq) return;
    const s = [...(h.suggestions || [])].sort((a, b) => a.expected_size - b.expected_size || a.largest_class - b.largest_class)[0];
    if (!s) { show(box, false); return; }
    guess = s.guess;
    text = ` (${s.strategy}'s first guess): its reply leaves ${fmt(s.expected_size, 1)} of the ${num(h.remaining)} secrets on average, at most ${num(s.largest_class)}.`;
  }
  if (seq !== box.seq) return;
  if (!guess) { show(box, false); delete box.dataset.guess; return; }
  box.replaceChildren(el('strong', null, 'Opener: '), codeView(g, guess, 'small'), text);
  if (onUse) {
    const b = button('use', 'Use');
    b.setAttribute('aria-label', `use the opener ${guess}`);
    b.addEventListener('click', () => onUse(guess));
    box.append(' ', b);
  }
  box.dataset.guess = guess;
  show(box, true);
}
export function hideOpener(id) {
  const box = $(id);
  box.seq = (box.seq || 0) + 1;
  show(box, false);
}

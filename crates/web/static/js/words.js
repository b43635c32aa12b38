// Games of words (Wordle, and any game from a game file): a guess typed as text with a list of
// the legal guesses, Wordle's on-screen keyboard coloured by what the guesses found, and the
// reply entry of Crack my secret (Wordle's tiles clicked to cycle their colour, or a game
// file's own replies as buttons). No requests: the game's words come with its description.

import { tile } from '/js/board.js';
import { $, button, el } from '/js/util.js';

const SUGGESTIONS = 60;
// Fills the datalist `list` with the legal guesses that begin with `typed` (at most a few
// dozen: a list of 12,972 words is offered as the typing narrows it).
export function suggest(list, g, typed) {
  const words = g.words || [];
  const t = typed.trim().toLowerCase();
  const out = [];
  for (const w of words) {
    if (w.toLowerCase().startsWith(t)) out.push(w);
    if (out.length >= SUGGESTIONS) break;
  }
  $(list).replaceChildren(...out.map((w) => { const o = el('option'); o.value = w; return o; }));
}
// A typed guess in the game's spelling: Wordle's words are lowercase.
export function typedGuess(g, text) {
  const t = text.trim();
  return g.style === 'wordle' ? t.toLowerCase() : t;
}

const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const RANK = { B: 1, Y: 2, G: 3 };
// What the moves found of each letter: its best colour (green, else yellow, else grey).
export function letterColours(moves) {
  const best = {};
  for (const m of moves) {
    Array.from(m.guess).forEach((l, i) => {
      const c = m.feedback[i];
      if (!best[l] || RANK[c] > RANK[best[l]]) best[l] = c;
    });
  }
  return best;
}
// Wordle's keyboard into `box`: `onKey(letter)`, with 'Enter' and 'Backspace'.
export function keyboard(box, moves, onKey) {
  const colours = letterColours(moves);
  const rows = ROWS.map((letters, r) => {
    const row = el('div', 'kb-row');
    if (r === 2) row.append(kbKey('Enter', 'Enter', onKey, 'wide'));
    for (const l of letters) {
      const k = kbKey(l.toUpperCase(), l, onKey);
      if (colours[l]) {
        k.classList.add({ G: 'green', Y: 'yellow', B: 'grey' }[colours[l]]);
        k.dataset.colour = colours[l];
      }
      row.append(k);
    }
    if (r === 2) row.append(kbKey('⌫', 'Backspace', onKey, 'wide'));
    return row;
  });
  box.replaceChildren(...rows);
}
function kbKey(label, key, onKey, cls) {
  const b = button('kb-key' + (cls ? ' ' + cls : ''), label);
  b.dataset.key = key;
  if (key === 'Backspace') b.setAttribute('aria-label', 'delete a letter');
  b.addEventListener('click', () => onKey(key));
  return b;
}

// ---------------------------------------------------------------- replies to give
const NEXT = { B: 'Y', Y: 'G', G: 'B' };
const WORDS = { B: 'grey', Y: 'yellow', G: 'green' };
// Wordle's reply entry: the guess's letters as tiles, each clicked to cycle grey → yellow →
// green. `colours` (an array of G/Y/B) is changed in place; `changed()` after each click.
export function tileEntry(box, guess, colours, changed) {
  box.className = 'fb-entry tiles';
  box.replaceChildren();
  Array.from(guess).forEach((l, k) => {
    const t = tile(l, colours[k], 'button');
    t.dataset.index = k;
    t.title = 'click to change';
    t.setAttribute('aria-label', `letter ${k + 1}, ${l.toUpperCase()}: ${WORDS[colours[k]]}; press for ${WORDS[NEXT[colours[k]]]}`);
    t.addEventListener('click', () => {
      colours[k] = NEXT[colours[k]];
      changed();
      const again = box.querySelector(`.tile[data-index="${k}"]`);
      if (again) again.focus();
    });
    box.append(t);
  });
}
// A game's own replies as buttons (a select when there are many); `chosen` is the one picked.
export function namedEntry(box, replies, chosen, pick) {
  box.className = 'fb-entry named';
  box.replaceChildren();
  if (replies.length > 24) {
    const sel = el('select');
    sel.setAttribute('aria-label', 'your answer');
    const none = el('option', null, 'choose…');
    none.value = '';
    sel.append(none);
    for (const r of replies) {
      const o = el('option', null, r);
      o.value = r;
      if (r === chosen) o.selected = true;
      sel.append(o);
    }
    sel.addEventListener('change', () => pick(sel.value || null));
    box.append(sel);
    return;
  }
  for (const r of replies) {
    const b = button('reply' + (chosen === r ? ' selected' : ''), r);
    b.dataset.reply = r;
    b.setAttribute('aria-pressed', chosen === r ? 'true' : 'false');
    b.addEventListener('click', () => pick(r));
    box.append(b);
  }
}

// The Assistant: a game played elsewhere (on a board, on another site), entered row by row —
// each guess and the reply received — and after each row the secrets still possible, what
// each strategy would play next and why (/api/hint), and the exact best move where the
// position is small enough (/api/best). Rows can be edited or deleted; replies that
// contradict each other are diagnosed as in Crack my secret; a finished game is reviewed.
// Nothing is kept on the server: every answer is computed from the rows the page sends.

import { api } from '/js/api.js';
import { codeView, gameView, guessView, keysView, peg, symbolName } from '/js/board.js';
import { readSpec } from '/js/chooser.js';
import { diagnosisView } from '/js/diagnosis.js';
import { showHint } from '/js/hint.js';
import { saveState } from '/js/keep.js';
import { hideReview, showReview } from '/js/review.js';
import { S } from '/js/state.js';
import { $, button, el, fmt, notice, plural, sameGame, show, showError } from '/js/util.js';
import { namedEntry, suggest, tileEntry, typedGuess } from '/js/words.js';

// The rows (guess and reply each), the game they belong to, the row being edited, the reply
// being entered (Wordle's colours, or a reply's text).
const A = { rows: [], spec: null, game: null, editing: null, colours: [], reply: null, seq: 0, secret: null };
export const assistRows = () => A.rows;

// A reply's counts where the game has them (for drawing key pegs): 1B2W, 1A2B, 2B.
function replyOf(g, text) {
  const m = /^(\d+)[A-Z](?:(\d+)[A-Z])?$/.exec(text);
  if (!m || g.list || g.kind === 'twod') return { text };
  return { text, black: Number(m[1]), white: Number(m[2] || 0) };
}

// ---------------------------------------------------------------- the entry
function renderEntry() {
  const g = A.game;
  if (!g) return;
  const guess = guessText();
  const box = $('assist-fb');
  if (g.style === 'wordle') {
    const shown = (guess + '     ').slice(0, 5).replace(/ /g, '·');
    tileEntry(box, shown, A.colours, renderEntry);
    $('assist-help').textContent = 'Type the word you played, then click each letter to give it the colour your game showed: grey, yellow, green.';
  } else {
    namedEntry(box, S.game && sameGame(S.game.game, A.spec) ? S.game.replies : [], A.reply, (r) => { A.reply = r; renderEntry(); });
    $('assist-help').textContent = g.list
      ? 'Type the guess you played, then choose the reply you got.'
      : 'Type the guess you played (or click the symbols), then choose the reply you got.';
  }
  $('assist-fb-text').textContent = replyText() || '';
  $('assist-add').disabled = !guess || !replyText();
  $('assist-add').textContent = A.editing === null ? 'Add row' : `Save row ${A.editing + 1}`;
  show($('assist-cancel'), A.editing !== null);
  if (g.list) suggest('assist-wordlist', g, $('assist-guess').value);
}
function renderPalette() {
  const g = A.game;
  const pal = $('assist-palette');
  pal.replaceChildren();
  show(pal, !g.list);
  if (g.list) return;
  g.alphabet.forEach((sym, i) => {
    const p = peg(g, i, null, 'button');
    p.setAttribute('aria-label', `add ${symbolName(g, sym)} to the guess`);
    p.addEventListener('click', () => {
      const field = $('assist-guess');
      if (Array.from(field.value).length < g.pegs) field.value += sym;
      renderEntry();
    });
    pal.append(p);
  });
}
const guessText = () => (A.game ? typedGuess(A.game, $('assist-guess').value) : '');
const replyText = () => (A.game && A.game.style === 'wordle' ? A.colours.join('') : A.reply);
function resetEntry() {
  A.editing = null;
  A.colours = new Array(5).fill('B');
  A.reply = null;
  $('assist-guess').value = '';
  renderEntry();
}

// ---------------------------------------------------------------- the rows
function renderRows(suspects) {
  const g = A.game;
  const rows = A.rows.map((m, i) => {
    const row = el('div', 'row');
    row.dataset.row = i + 1;
    if (suspects && suspects.includes(i + 1)) row.classList.add('suspect');
    if (A.editing === i) row.classList.add('editing');
    row.append(el('span', 'num', i + 1), guessView(g, m.guess, m.feedback));
    const right = el('span', 'right');
    right.append(keysView(g, replyOf(g, m.feedback)), el('span', 'fb-text', m.feedback));
    const tools = el('span', 'note row-tools');
    const edit = button('edit', 'Edit');
    edit.setAttribute('aria-label', `edit row ${i + 1}`);
    edit.addEventListener('click', () => editRow(i));
    const del = button('delete', 'Delete');
    del.setAttribute('aria-label', `delete row ${i + 1}`);
    del.addEventListener('click', () => deleteRow(i));
    tools.append(edit, del);
    row.append(right, tools);
    return row;
  });
  $('assist-board').replaceChildren(...rows);
  $('panel-assist').dataset.rows = String(A.rows.length);
}
function editRow(i) {
  const m = A.rows[i];
  A.editing = i;
  $('assist-guess').value = m.guess;
  if (A.game.style === 'wordle') A.colours = Array.from(m.feedback);
  else A.reply = m.feedback;
  renderRows();
  renderEntry();
  $('assist-guess').focus();
}
function deleteRow(i) {
  A.rows.splice(i, 1);
  if (A.editing === i) resetEntry();
  else if (A.editing !== null && A.editing > i) A.editing--;
  changed();
}
function addRow() {
  const guess = guessText();
  const feedback = replyText();
  if (!guess || !feedback) return;
  notice('assist-note', '');
  if (A.editing === null) A.rows.push({ guess, feedback });
  else A.rows[A.editing] = { guess, feedback };
  resetEntry();
  changed();
}
function changed() {
  renderRows();
  renderEntry();
  saveState();
  analyse();
}

// ---------------------------------------------------------------- what the rows tell
async function analyse() {
  const seq = ++A.seq;
  const g = A.game;
  show($('assist-warning'), false);
  showError('assist-error', null);
  A.secret = null;
  $('assist-review-button').disabled = true;
  hideReview('assist-review');
  if (!A.rows.length) {
    $('assist-status').textContent = 'No guesses yet: enter the first one you played.';
    show($('assist-hint'), false);
    notice('assist-best', '');
    return;
  }
  $('assist-status').textContent = `${plural(A.rows.length, 'row')} entered`;
  const history = A.rows.map((m) => ({ guess: m.guess, feedback: m.feedback }));
  const moves = A.rows.map((m) => ({ guess: m.guess, feedback: m.feedback }));
  // The strategies' suggestions and the secrets left, in the hint card; a contradiction is
  // diagnosed here instead.
  const hinted = new Promise((resolve) => {
    showHint('assist-hint', g, A.spec, moves, (code) => { $('assist-guess').value = code; renderEntry(); }, (e) => {
      if (seq !== A.seq) return true;
      if (e.status === 409 && e.data && e.data.diagnosis) {
        const suspects = diagnosisView($('assist-warning'), e, {
          pending: null,
          noun: 'reply',
          onFix: (n, reply) => { A.rows[n - 1] = { guess: A.rows[n - 1].guess, feedback: reply }; changed(); },
        });
        renderRows(suspects);
        $('assist-status').textContent = 'No secret gives every one of these replies';
        notice('assist-best', '');
        resolve(null);
        return true;
      }
      resolve(null);
      return false;
    }, (h) => resolve(h));
  });
  const h = await hinted;
  if (seq !== A.seq || !h) return;
  $('assist-status').textContent = h.solved
    ? `Found: the secret is ${h.solved}`
    : `${plural(h.remaining, 'secret')} still possible`;
  if (h.solved) {
    A.secret = h.solved;
    $('assist-review-button').disabled = false;
    notice('assist-best', '');
    return;
  }
  // The exact best move, where the position is small enough to search.
  try {
    const b = await api('POST', '/api/best', { game: A.spec, history });
    if (seq !== A.seq) return;
    const box = $('assist-best');
    if (b.exact) {
      box.replaceChildren(el('strong', null, 'Exact best move: '), codeView(g, b.exact.guess, 'small'),
        ` — ${fmt(b.exact.expected, 2)} guesses expected from here, this one included` +
        (b.exact.could_be_secret ? ' (it could be the secret)' : ' (it cannot be the secret, but splits the rest best)'));
      box.dataset.guess = b.exact.guess;
    } else {
      box.replaceChildren(el('span', 'muted', `No exact best move yet: ${b.why_not}.`));
      delete box.dataset.guess;
    }
    show(box, true);
  } catch (e) {
    if (seq === A.seq) showError('assist-error', e);
  }
}

// ---------------------------------------------------------------- the chosen game
// The Assistant follows the chooser: rows entered for another game are cleared, with a note.
export function syncAssist() {
  const g = S.game;
  if (!g) return;
  if (A.spec && sameGame(A.spec, g.game)) return;
  const had = A.rows.length > 0;
  A.spec = g.game;
  A.game = gameView(g.game);
  A.rows = [];
  hideReview('assist-review');
  notice('assist-note', had ? `The rows were cleared: the game is now ${g.name}.` : '');
  $('assist-guess').maxLength = g.list ? 64 : g.pegs;
  renderPalette();
  resetEntry();
  renderRows();
  analyse();
}
// Rows from a link or a reload ("guess:reply" each), for the chosen game.
export function restoreAssist(rows) {
  syncAssist();
  A.rows = rows.map((r) => {
    const k = r.lastIndexOf(':');
    return { guess: r.slice(0, k), feedback: r.slice(k + 1) };
  }).filter((r) => r.guess && r.feedback);
  renderRows();
  renderEntry();
  analyse();
}

$('assist-guess').addEventListener('input', renderEntry);
$('assist-guess').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && !$('assist-add').disabled) { addRow(); ev.preventDefault(); }
});
$('assist-add').addEventListener('click', addRow);
$('assist-cancel').addEventListener('click', () => { resetEntry(); renderRows(); });
$('assist-clear').addEventListener('click', () => { A.rows = []; resetEntry(); changed(); });
$('assist-review-button').addEventListener('click', () => {
  if (!A.secret) return;
  showReview('assist-review', A.game, A.spec, A.rows, A.secret);
});
// Keeps the spec of the rows with them (for the address), so a link reopens them.
export const assistSpec = () => A.spec;

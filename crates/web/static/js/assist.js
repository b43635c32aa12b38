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
import { $, button, el, fmt, humane, notice, plural, remainingText, sameGame, show, showError } from '/js/util.js';
import { hideOpener, showOpener } from '/js/opener.js';
import { namedEntry, suggest, tileEntry, typedGuess } from '/js/words.js';

// The rows (guess and reply each), the game they belong to, the row being edited, the reply
// being entered (Wordle's colours, or a reply's text).
const A = { rows: [], spec: null, game: null, editing: null, colours: [], reply: null, seq: 0, secret: null,
  check: null, checkSeq: 0, outside: new Set(), undo: null };
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
  $('assist-add').textContent = A.editing === null ? 'Add row' : `Save row ${A.editing + 1}`;
  renderWhy();
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
// ---------------------------------------------------------------- checked as typed
// The guess and the reply are checked as they are typed (/api/check: the game's symbols,
// length and list, hard mode's rule after the rows before this one, the game's replies); what
// is wrong is said beside the field, and Add row stays disabled with the reason beside it.
const checkKey = () => JSON.stringify([A.spec, guessText(), replyText(), A.editing, A.rows.length]);
function checkEntry() {
  const key = checkKey();
  if (A.pending && A.pendingKey === key) return A.pending;
  A.pendingKey = key;
  A.pending = askCheck(key);
  return A.pending;
}
async function askCheck(key) {
  const guess = guessText();
  const reply = replyText();
  const seq = ++A.checkSeq;
  const before = A.rows.slice(0, A.editing === null ? A.rows.length : A.editing).filter((m) => !m.outside);
  const body = { game: A.spec, history: before.map((m) => ({ guess: m.guess, feedback: m.feedback })) };
  if (guess) body.guess = guess;
  if (reply) body.feedback = reply;
  let r;
  try { r = await api('POST', '/api/check', body); } catch (e) { r = { guess: { ok: false, why: e.message } }; }
  if (seq !== A.checkSeq) return;
  A.check = { key, r };
  A.pending = null;
  A.pendingKey = null;
  renderWhy();
}
function why(id, text, ok) {
  const box = $(id);
  box.textContent = text || '';
  box.classList.toggle('ok', !!ok);
  show(box, !!text);
}
// The reasons beside the fields and beside Add row, from the last check of what is typed.
function renderWhy() {
  const guess = guessText();
  const reply = replyText();
  if (!A.check || A.check.key !== checkKey()) {
    if (guess || reply) checkEntry();
    else A.check = null;
  }
  const c = A.check && A.check.key === checkKey() ? A.check.r : null;
  let guessWhy = '';
  let outside = false;
  let confirmed = false;
  if (guess && c && c.guess && !c.guess.ok) {
    outside = !!c.guess.outside_list;
    confirmed = outside && A.outside.has(guess);
    guessWhy = confirmed
      ? `${guess} is not in the list: entered as a guess that cannot be the secret.`
      : humane(c.guess.why) + (outside ? '. If your game accepted it, enter it anyway.' : '.');
  }
  const guessOk = !!guess && !!c && (!c.guess || c.guess.ok || confirmed);
  const replyWhy = reply && c && c.feedback && !c.feedback.ok ? humane(c.feedback.why) + '.' : '';
  const replyOk = !!reply && !!c && (!c.feedback || c.feedback.ok);
  why('assist-guess-why', guessWhy, confirmed);
  $('assist-guess').setAttribute('aria-invalid', guessWhy && !confirmed ? 'true' : 'false');
  show($('assist-outside'), outside && !confirmed);
  why('assist-fb-why', replyWhy);
  let addWhy = '';
  if (!guess) addWhy = 'Type the guess you played.';
  else if (guessWhy && !confirmed) addWhy = 'Fix the guess first.';
  else if (!reply) addWhy = A.game && A.game.style === 'wordle' ? '' : 'Choose the reply you got.';
  else if (replyWhy) addWhy = 'Fix the reply first.';
  $('assist-add-why').textContent = addWhy;
  // While the check is on its way, Add row waits for it when pressed.
  $('assist-add').disabled = !guess || !reply || (!!c && !(guessOk && replyOk));
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
    if (m.outside) {
      row.classList.add('outside');
      row.append(el('span', 'muted small', 'not in the list'));
    }
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
async function addRow() {
  const key = checkKey();
  if (!A.check || A.check.key !== key) await checkEntry();
  if (checkKey() !== key) return;
  const guess = guessText();
  const feedback = replyText();
  if (!guess || !feedback || $('assist-add').disabled) return;
  notice('assist-note', '');
  const row = { guess, feedback };
  if (A.outside.has(guess)) row.outside = true;
  if (A.editing === null) A.rows.push(row);
  else A.rows[A.editing] = row;
  A.undo = null;
  show($('assist-undo'), false);
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
// The game the rows are read in: the chosen one, or, when rows hold words outside its list
// (entered after a confirmation: the player's own game accepted them), that game extended by
// them, where they are guesses that cannot be the secret.
async function rowsSpec() {
  const extra = [...new Set(A.rows.filter((m) => m.outside).map((m) => m.guess))].sort();
  if (!extra.length) return A.spec;
  const key = JSON.stringify([A.spec, extra]);
  if (A.extended && A.extended.key === key) return A.extended.spec;
  notice('assist-note', `Adding ${extra.join(', ')} to the game's guesses…`);
  const r = await api('POST', '/api/game-extend', { game: A.spec, guesses: extra });
  notice('assist-note', '');
  A.extended = { key, spec: r.game };
  return r.game;
}
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
    const d = S.game && sameGame(S.game.game, A.spec) ? S.game : null;
    showOpener('assist-opener', g, d, (code) => { $('assist-guess').value = code; renderEntry(); });
    return;
  }
  hideOpener('assist-opener');
  $('assist-status').textContent = `${plural(A.rows.length, 'row')} entered`;
  let spec;
  try { spec = await rowsSpec(); } catch (e) {
    if (seq === A.seq) showError('assist-error', e);
    return;
  }
  if (seq !== A.seq) return;
  A.rowsSpec = spec;
  const history = A.rows.map((m) => ({ guess: m.guess, feedback: m.feedback }));
  const moves = A.rows.map((m) => ({ guess: m.guess, feedback: m.feedback }));
  // The strategies' suggestions and the secrets left, in the hint card; a contradiction is
  // diagnosed here instead.
  const hinted = new Promise((resolve) => {
    showHint('assist-hint', g, spec, moves, (code) => { $('assist-guess').value = code; renderEntry(); }, (e) => {
      if (seq !== A.seq) return true;
      if (e.status === 409 && e.data && e.data.diagnosis) {
        const suspects = diagnosisView($('assist-warning'), e, {
          pending: null,
          noun: 'reply',
          count: A.rows.length,
          game: g,
          guesses: [null, ...A.rows.map((m) => m.guess)],
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
    : `${remainingText(h.remaining)} still possible`;
  if (h.solved) {
    A.secret = h.solved;
    $('assist-review-button').disabled = false;
    notice('assist-best', '');
    return;
  }
  // The exact best move, where the position is small enough to search.
  try {
    const b = await api('POST', '/api/best', { game: spec, history });
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
  A.undo = null;
  A.outside = new Set();
  show($('assist-undo'), false);
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
  // A row marked "!" holds a word outside the game's list, entered after a confirmation.
  A.rows = rows.map((r) => {
    const k = r.lastIndexOf(':');
    const outside = r.startsWith('!');
    const row = { guess: r.slice(outside ? 1 : 0, k), feedback: r.slice(k + 1) };
    if (outside) { row.outside = true; A.outside.add(row.guess); }
    return row;
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
// Start over keeps the rows it wiped until the next row, for one Undo.
$('assist-clear').addEventListener('click', () => {
  if (A.rows.length) A.undo = A.rows;
  A.rows = [];
  resetEntry();
  changed();
  show($('assist-undo'), !!A.undo);
});
$('assist-undo').addEventListener('click', () => {
  if (A.undo) A.rows = A.undo;
  A.undo = null;
  show($('assist-undo'), false);
  changed();
});
$('assist-outside').addEventListener('click', () => {
  const guess = guessText();
  if (!guess) return;
  if (!window.confirm(`${guess} is not in this game's list. Enter it anyway, as a guess your game accepted? It cannot be the secret.`)) return;
  A.outside.add(guess);
  renderEntry();
});
$('assist-review-button').addEventListener('click', () => {
  if (!A.secret) return;
  showReview('assist-review', A.game, A.rowsSpec || A.spec, A.rows, A.secret);
});
// Keeps the spec of the rows with them (for the address), so a link reopens them.
export const assistSpec = () => A.spec;

// Crack my secret: a strategy breaks the user's secret over the server's /api/solve sessions.
// The answer pegs (or twoD's four replies), undo, contradictions with the fixes the server
// suggests, and hints.

import { api, drop, gone } from '/js/api.js';
import { codeView, gameView, guessView, keysView } from '/js/board.js';
import { readSpec } from '/js/chooser.js';
import { diagnosisView } from '/js/diagnosis.js';
import { showHint } from '/js/hint.js';
import { saveState } from '/js/keep.js';
import { hideReview, showReview } from '/js/review.js';
import { S } from '/js/state.js';
import { $, button, el, notice, plural, sameGame, show, showError } from '/js/util.js';
import { namedEntry, tileEntry } from '/js/words.js';

// The strategies to choose from, minimax chosen; what each does is written out below the
// board too (a tooltip never shows on a touch screen).
export function listSolveStrategies(strategies) {
  const sel = $('solve-strategy');
  const about = $('solve-about');
  for (const s of strategies) {
    const o = el('option', null, s.name);
    o.value = s.name;
    o.title = `${s.summary} (${s.source})`;
    if (s.name === 'minimax') o.selected = true;
    sel.append(o);
    about.append(el('dt', null, s.name), el('dd', null, `${s.summary} (${s.source})`));
  }
}

// The strategies that play games too large to list.
const SAMPLED = ['entropy', 'expected-size', 'most-parts'];
const CYCLE = { mastermind: ['', 'black', 'white'], blackpeg: ['', 'black'], bulls: ['', 'bull', 'cow'] };
function fbText() {
  const g = S.solveGame;
  if (g.style === 'wordle') return S.fb.join('');
  if (g.kind === 'twod' || g.list) return S.twod || '';
  const b = S.fb.filter((x) => x === 'black' || x === 'bull').length;
  const w = S.fb.filter((x) => x === 'white' || x === 'cow').length;
  if (g.kind === 'blackpeg') return `${b}B`;
  if (g.kind === 'bulls') return `${b}A${w}B`;
  return `${b}B${w}W`;
}
function setFeedback(text) {
  // Fill the entry with a reply in the game's notation (used by the suggested fixes).
  const g = S.solveGame;
  if (g.style === 'wordle') { S.fb = Array.from(text); renderEntry(); return; }
  if (g.kind === 'twod' || g.list) { S.twod = text; renderEntry(); return; }
  const m = /^(\d+)[A-Z](?:(\d+)[A-Z])?$/.exec(text);
  if (!m) return;
  const b = Number(m[1]);
  const w = Number(m[2] || 0);
  const [, on, off] = CYCLE[g.kind];
  S.fb = new Array(g.pegs).fill('').map((_, k) => (k < b ? on : k < b + w ? off : ''));
  renderEntry();
}
const KEY_WORDS = { '': 'empty', black: 'black', white: 'white', bull: 'bull (A)', cow: 'cow (B)' };
function renderEntry() {
  const g = S.solveGame;
  const box = $('solve-fb');
  box.replaceChildren();
  if (g.style === 'wordle') {
    tileEntry(box, S.solve.guess || '', S.fb, renderEntry);
    $('solve-fb-help').textContent = 'Click a letter to cycle its colour as your game showed it: grey (not in the word), yellow (in the word, elsewhere), green (right place).';
  } else if (g.list) {
    // A game file's own replies, each a button.
    namedEntry(box, g.replies, S.twod, (r) => { S.twod = r; renderEntry(); });
    $('solve-fb-help').textContent = 'Choose the reply your secret gives to this guess.';
  } else if (g.kind === 'twod') {
    box.className = 'fb-entry';
    for (const r of ['low', 'high', 'mixed', 'hit']) {
      const b = button('twod' + (S.twod === r ? ' selected' : ''), r);
      b.dataset.reply = r;
      b.setAttribute('aria-pressed', S.twod === r ? 'true' : 'false');
      b.addEventListener('click', () => { S.twod = r; renderEntry(); });
      box.append(b);
    }
    $('solve-fb-help').textContent = 'low: every coordinate of the guess is at most the secret\'s; high: at least; mixed: some lower, some higher; hit: found.';
  } else {
    box.className = 'fb-entry keys';
    const cycle = CYCLE[g.kind];
    S.fb.forEach((state, k) => {
      const key = button('key' + (state ? ' ' + state : ''));
      key.dataset.index = k;
      const next = cycle[(cycle.indexOf(state) + 1) % cycle.length];
      key.title = 'click to change';
      key.setAttribute('aria-label', `answer peg ${k + 1}: ${KEY_WORDS[state]}; press for ${KEY_WORDS[next]}`);
      key.addEventListener('click', () => {
        S.fb[k] = cycle[(cycle.indexOf(S.fb[k]) + 1) % cycle.length];
        renderEntry();
        const again = $('solve-fb').querySelector(`.key[data-index="${k}"]`);
        if (again) again.focus();
      });
      box.append(key);
    });
    $('solve-fb-help').textContent = {
      mastermind: 'Click an answer peg to cycle it: black = right colour in the right place, white = right colour in the wrong place.',
      blackpeg: 'Click an answer peg to turn it black: one black peg per right colour in the right place.',
      bulls: 'Click an answer peg to cycle it: green A = right digit in the right place (bull), yellow B = right digit elsewhere (cow).',
    }[g.kind];
  }
  $('solve-fb-text').textContent = fbText();
  $('solve-submit').disabled = ((g.kind === 'twod' || (g.list && g.style !== 'wordle')) && !S.twod) ||
    !$('solve-fb-why').classList.contains('hidden');
}
function resetEntry() {
  S.fb = new Array(S.solveGame.pegs).fill(S.solveGame.style === 'wordle' ? 'B' : '');
  S.twod = null;
  $('solve-fb-typed').value = '';
  typedWhy('');
  renderEntry();
}
// A reply typed in the game's notation (1A2B, 2B1W, GYB.B, or a game file's reply): read into
// the entry above, or what is wrong with it said beside the field.
const LETTERS = { mastermind: ['B', 'W'], blackpeg: ['B'], bulls: ['A', 'B'] };
function readTyped(text) {
  const g = S.solveGame;
  const t = text.trim();
  if (!t) return '';
  if (g.style === 'wordle') {
    const r = t.toUpperCase().replace(/\./g, 'B');
    if (!/^[GYB]{5}$/.test(r)) return `${t} is not a reply: five of G (green), Y (yellow), B or . (grey), such as GYB.B`;
    setFeedback(r);
    return '';
  }
  if (g.list || g.kind === 'twod') {
    const replies = g.list ? g.replies : ['low', 'high', 'mixed', 'hit'];
    const r = replies.find((x) => x.toLowerCase() === t.toLowerCase());
    if (!r) return `${t} is not a reply of this game: ${replies.slice(0, 8).join(', ')}${replies.length > 8 ? '…' : ''}`;
    setFeedback(r);
    return '';
  }
  const [on, off] = LETTERS[g.kind];
  const re = off ? new RegExp(`^(\\d+)${on}(\\d+)${off}$`) : new RegExp(`^(\\d+)${on}$`);
  const m = re.exec(t.toUpperCase());
  const example = off ? `1${on}2${off}` : `2${on}`;
  if (!m) return `${t} is not a reply: write it like ${example}`;
  const n = Number(m[1]) + Number(m[2] || 0);
  if (n > g.pegs) return `${t} counts ${n} pegs: a code has ${g.pegs}`;
  setFeedback(`${m[1]}${on}${m[2] !== undefined ? m[2] + off : ''}`);
  return '';
}
function typedWhy(text) {
  $('solve-fb-why').textContent = text ? text + '.' : '';
  show($('solve-fb-why'), !!text);
  $('solve-fb-typed').setAttribute('aria-invalid', text ? 'true' : 'false');
}
function renderSolve(suspects) {
  const s = S.solve;
  const g = S.solveGame;
  $('panel-solve').dataset.session = s.id;
  const rows = s.moves.map((m, i) => {
    const row = el('div', 'row');
    row.dataset.answer = i + 1;
    if (suspects && suspects.includes(i + 1)) row.classList.add('suspect');
    row.append(el('span', 'num', i + 1), guessView(g, m.guess, m.feedback));
    const right = el('span', 'right');
    right.append(keysView(g, m.reply), el('span', 'fb-text', m.feedback));
    row.append(right, el('span', 'note', ''));
    return row;
  });
  if (!s.solved) {
    const row = el('div', 'row pending');
    row.dataset.answer = s.number;
    // The answer being given can be a suspect too.
    const suspect = suspects && suspects.includes(s.number);
    if (suspect) row.classList.add('suspect');
    row.append(el('span', 'num', s.number), codeView(g, s.guess), el('span', 'right'),
      el('span', 'note', suspect ? 'this answer?' : 'your answer?'));
    rows.push(row);
  }
  $('solve-board').replaceChildren(...rows);
  $('solve-status').textContent = s.solved ? `Solved in ${plural(s.moves.length, 'guess', 'guesses')}` : `Guess ${s.number}`;
  // A game too large to list counts only when asked: its state has no count.
  $('solve-remaining').textContent = s.solved || s.remaining === null ? '' : `${plural(s.remaining, 'secret')} ${s.remaining === 1 ? 'fits' : 'fit'} your answers`;
  show($('solve-answer'), !s.solved);
  show($('solve-result'), s.solved);
  if (s.solved) $('solve-summary').textContent = s.summary;
  // A solved game is reviewed: the strategy's guesses against the best at each point.
  if (s.solved && s.moves.length > 0) {
    const key = `${s.id}:${s.moves.length}`;
    if ($('solve-review').dataset.game !== key) {
      $('solve-review').dataset.game = key;
      showReview('solve-review', g, s.game, s.moves, s.moves[s.moves.length - 1].guess, null, { guessWord: "The computer's guess" });
    }
  } else {
    $('solve-review').dataset.game = '';
    hideReview('solve-review');
  }
  $('solve-undo').disabled = s.moves.length === 0;
  const cands = $('solve-candidates');
  if (s.candidates && !s.solved && s.remaining > 1 && s.candidates.length >= s.remaining) {
    const list = el('div', 'list');
    for (const c of s.candidates) list.append(codeView(g, c, 'small'));
    cands.replaceChildren(el('span', 'muted', 'Still possible:'), list);
    show(cands, true);
  } else {
    show(cands, false);
  }
  solveNotice();
  saveState();
}
function solveNotice() {
  const s = S.solve;
  const other = s && S.game && !sameGame(s.game, S.game.game);
  notice('solve-notice', other
    ? `This game is ${s.name}; the chooser now says ${S.game.name}: press Start to play that.`
    : '');
}
function clearSolve(message) {
  S.solve = null;
  S.solveGame = null;
  $('panel-solve').dataset.session = '';
  $('solve-board').replaceChildren();
  $('solve-status').textContent = 'Not started';
  $('solve-remaining').textContent = '';
  for (const id of ['solve-answer', 'solve-result', 'solve-candidates', 'solve-warning', 'solve-hint-panel']) show($(id), false);
  $('solve-undo').disabled = true;
  hideReview('solve-review');
  showError('solve-error', null);
  notice('solve-notice', message);
}
// A solve with no answer yet, or solved, follows the chooser (it is cleared: Start begins
// one); one in progress stays, with a note.
// How the answers are given, in the chosen game's words.
const INTROS = {
  wordle: 'Think of a five-letter word and keep it to yourself. The computer guesses; you answer each guess by clicking its letters to colour them as Wordle would, or by typing the colours (GYB.B).',
  names: 'Think of a secret of this game and keep it to yourself. The computer guesses; you answer each guess by choosing its reply.',
  twod: 'Think of a point of the grid and keep it to yourself. The computer guesses; you answer each guess by choosing its reply.',
};
const INTRO = 'Think of a secret code and keep it to yourself. The computer guesses; you answer each guess by clicking the answer pegs, or by typing the answer (such as 1B2W, or 1A2B in Bulls and Cows).';
export async function syncSolve() {
  const s = S.solve;
  const g = S.game;
  if (g) $('solve-intro').textContent = INTROS[g.reply_style] || INTRO;
  if (!s || !g || sameGame(s.game, g.game)) { solveNotice(); return; }
  if (!s.solved && s.moves.length > 0) { solveNotice(); return; }
  drop('solve', s.id);
  clearSolve(g.allows.solve ? `Press Start to let the computer crack a secret of ${g.name}.` : '');
}
function solveDone(state) {
  S.solve = state;
  showError('solve-error', null);
  show($('solve-warning'), false);
  resetEntry();
  renderSolve();
  if (!$('solve-hint-panel').classList.contains('hidden')) solveHint();
}
// Starts a solve; `answers` (from a link or a reload) are given again in turn.
export async function newSolve(answers) {
  if (!S.game) return;
  showError('solve-error', null);
  const seq = ++S.solveSeq;
  try {
    // A game too large to list is cracked by a strategy that scores a sample of the secrets
    // that fit; one that needs every secret listed gives way to entropy, and says so.
    let strategy = $('solve-strategy').value;
    if (S.game.reasoned && !SAMPLED.includes(strategy)) {
      notice('solve-notice', `${strategy} needs every secret listed: entropy, on a sample of the secrets that fit, cracks games too large to list.`);
      strategy = 'entropy';
    }
    let s = await api('POST', '/api/solve', { game: readSpec(), strategy });
    for (const feedback of answers || []) {
      if (seq !== S.solveSeq || s.solved) break;
      s = await api('POST', `/api/solve/${s.id}/reply`, { feedback });
    }
    if (seq !== S.solveSeq) { drop('solve', s.id); return; }
    if (S.solve && S.solve.id !== s.id) drop('solve', S.solve.id);
    S.solveGame = gameView(s.game);
    show($('solve-hint-panel'), false);
    solveDone(s);
  } catch (e) {
    if (seq === S.solveSeq) showError('solve-error', e);
  }
}
function contradictionView(e) {
  const pending = S.solve.moves.length + 1;
  const suspects = diagnosisView($('solve-warning'), e, {
    pending,
    noun: 'answer',
    count: pending,
    game: S.solveGame,
    guesses: [null, ...S.solve.moves.map((m) => m.guess), S.solve.guess],
    onFix: async (n, reply) => {
      if (n === pending) { setFeedback(reply); submitReply(); return; }
      try {
        solveDone(await api('POST', `/api/solve/${S.solve.id}/correct`, { answer: n, feedback: reply }));
      } catch (err) { showError('solve-error', gone(err)); }
    },
  });
  renderSolve(suspects);
}
async function submitReply() {
  if (!S.solve || S.solve.solved) return;
  try {
    solveDone(await api('POST', `/api/solve/${S.solve.id}/reply`, { feedback: fbText() }));
  } catch (e) {
    if (e.status === 409 && e.data && e.data.diagnosis) contradictionView(e);
    else showError('solve-error', gone(e));
  }
}
async function undo() {
  if (!S.solve) return;
  try { solveDone(await api('POST', `/api/solve/${S.solve.id}/undo`, {})); } catch (e) { showError('solve-error', gone(e)); }
}
function solveHint() {
  if (!S.solve) return;
  showHint('solve-hint-panel', S.solveGame, S.solve.game, S.solve.moves, null);
}
$('solve-new').addEventListener('click', () => newSolve());
$('solve-strategy').addEventListener('change', saveState);
$('solve-submit').addEventListener('click', submitReply);
$('solve-fb-typed').addEventListener('input', () => {
  if (!S.solve) return;
  typedWhy(readTyped($('solve-fb-typed').value));
  renderEntry();
});
$('solve-fb-typed').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter' && !$('solve-submit').disabled) { submitReply(); ev.preventDefault(); }
});
$('solve-undo').addEventListener('click', undo);
$('solve-hint').addEventListener('click', solveHint);

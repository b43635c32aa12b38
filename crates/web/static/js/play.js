// Play: the user breaks the computer's secret, over the server's /api/play sessions. The
// board, the composer (holes and a palette, by mouse or keyboard), giving up, and hints.

import { api, drop, gone } from '/js/api.js';
import { codeIndices, codeView, emptyPeg, gameView, keysView, peg, symbolName } from '/js/board.js';
import { readSpec } from '/js/chooser.js';
import { showHint } from '/js/hint.js';
import { S } from '/js/state.js';
import { $, el, notice, plural, sameGame, show, showError } from '/js/util.js';

function playRow(g, m, n) {
  const row = el('div', 'row');
  row.append(el('span', 'num', n));
  row.append(codeView(g, m.guess));
  const right = el('span', 'right');
  right.append(keysView(g, m.reply), el('span', 'fb-text', m.feedback));
  row.append(right);
  const note = m.could_be_secret === false ? `${m.remaining} left · could not be the secret` : `${m.remaining} left`;
  row.append(el('span', 'note', note));
  return row;
}
// The play panel without a game (none started, or the chooser moved on).
function clearPlay(message) {
  S.play = null;
  S.playGame = null;
  $('panel-play').dataset.session = '';
  $('play-board').replaceChildren();
  $('play-attempts').textContent = 'No game yet';
  $('play-remaining').textContent = '';
  show($('play-composer'), false);
  show($('play-result'), false);
  show($('play-hint-panel'), false);
  $('play-giveup').disabled = true;
  notice('play-notice', message);
}
function renderPlay() {
  const p = S.play;
  const g = S.playGame;
  $('panel-play').dataset.session = p.id;
  const board = $('play-board');
  board.replaceChildren(...p.moves.map((m, i) => playRow(g, m, i + 1)));
  $('play-attempts').textContent = p.over
    ? `Game over · ${p.used} of ${p.attempts} attempts used`
    : `Attempt ${p.used + 1} of ${p.attempts}`;
  $('play-remaining').textContent = p.over ? '' : `${plural(p.remaining, 'secret')} still possible`;
  show($('play-composer'), !p.over);
  $('play-giveup').disabled = p.over;
  show($('play-result'), p.over);
  playNotice();
  if (p.over) {
    $('play-result').classList.toggle('lost', !p.won);
    $('play-secret').replaceChildren(codeView(g, p.secret));
    $('play-summary').textContent = p.summary;
    show($('play-hint-panel'), false);
  } else {
    renderComposer();
  }
}
// Says so when the game on the board is not the one the chooser shows.
function playNotice() {
  const p = S.play;
  const other = p && S.game && !sameGame(p.game, S.game.game);
  notice('play-notice', other
    ? `This game is ${p.name}; the chooser now says ${S.game.name}: press New game to play that.`
    : '');
}
function renderComposer() {
  const g = S.playGame;
  const slots = $('play-slots');
  slots.style.setProperty('--n', g.pegs);
  slots.replaceChildren();
  S.compose.forEach((v, k) => {
    const p = v === null ? emptyPeg(null, 'button') : peg(g, v, null, 'button');
    p.dataset.slot = k;
    p.setAttribute('aria-label', v === null
      ? `hole ${k + 1}: empty`
      : `hole ${k + 1}: ${symbolName(g, g.alphabet[v])}; press to empty it`);
    p.addEventListener('click', () => { S.compose[k] = null; renderComposer(); });
    slots.append(p);
  });
  const palette = $('play-palette');
  palette.replaceChildren();
  g.alphabet.forEach((sym, i) => {
    const p = peg(g, i, null, 'button');
    p.setAttribute('aria-label', `place ${symbolName(g, sym)}`);
    if (g.distinct_guess && S.compose.includes(i)) {
      p.classList.add('used');
      p.disabled = true;
    }
    p.addEventListener('click', () => place(sym));
    palette.append(p);
  });
  $('play-submit').disabled = S.compose.includes(null);
}
// Places a symbol in the next empty hole. A click that lands while the game is being
// changed waits for the new game, instead of going to the old one and being wiped.
async function place(sym) {
  if (S.pending) {
    try { await S.pending; } catch (_) { return; }
  }
  const g = S.playGame;
  if (!S.play || S.play.over) return;
  const i = g.alphabet.indexOf(sym);
  if (i < 0 || (g.distinct_guess && S.compose.includes(i))) return;
  const k = S.compose.indexOf(null);
  if (k < 0) return;
  S.compose[k] = i;
  renderComposer();
}
// Starts a game of the chosen kind; the game it replaces is ended on the server.
async function newPlay() {
  if (!S.game || !S.game.allows.play) return;
  showError('play-error', null);
  const body = { game: readSpec(), maker: $('play-maker').value };
  const a = $('play-attempts-input').value.trim();
  if (a) body.attempts = Number(a);
  const seq = ++S.playSeq;
  try {
    const p = await api('POST', '/api/play', body);
    if (seq !== S.playSeq) { drop('play', p.id); return; }
    if (S.play && S.play.id !== p.id) drop('play', S.play.id);
    S.play = p;
    S.playGame = gameView(p.game);
    S.compose = new Array(S.playGame.pegs).fill(null);
    show($('play-hint-panel'), false);
    renderPlay();
  } catch (e) {
    if (seq === S.playSeq) showError('play-error', e);
  }
}
// Brings the play panel in line with the chooser: a game nobody has played yet, or one
// that is over, follows it (started only on the Play tab); a game in progress stays, with a
// note that the chooser says otherwise.
export async function syncPlay() {
  const g = S.game;
  if (!g) return;
  const p = S.play;
  if (p && sameGame(p.game, g.game)) { playNotice(); return; }
  if (p && !p.over && p.moves.length > 0) { playNotice(); return; }
  if (!g.allows.play) {
    if (p) drop('play', p.id);
    clearPlay(`${g.name} is too large to play here: choose fewer pegs or colours.`);
    return;
  }
  if (S.tab !== 'play') {
    if (p) drop('play', p.id);
    clearPlay('');
    return;
  }
  await newPlay();
}
async function submitGuess() {
  if (!S.play || S.play.over || S.compose.includes(null)) return;
  const g = S.playGame;
  const guess = S.compose.map((i) => g.alphabet[i]).join('');
  try {
    S.play = await api('POST', `/api/play/${S.play.id}/guess`, { guess });
    showError('play-error', null);
    S.compose = new Array(g.pegs).fill(null);
    renderPlay();
    if (!S.play.over && !$('play-hint-panel').classList.contains('hidden')) playHint();
  } catch (e) { showError('play-error', gone(e)); }
}
async function giveUp() {
  if (!S.play || S.play.over) return;
  try {
    S.play = await api('DELETE', `/api/play/${S.play.id}`);
    renderPlay();
  } catch (e) { showError('play-error', gone(e)); }
}
function playHint() {
  if (!S.play) return;
  showHint('play-hint-panel', S.playGame, S.play.game, S.play.moves, (code) => {
    S.compose = codeIndices(S.playGame, code);
    renderComposer();
  });
}
$('play-new').addEventListener('click', newPlay);
$('play-submit').addEventListener('click', submitGuess);
$('play-clear').addEventListener('click', () => { S.compose.fill(null); renderComposer(); });
$('play-giveup').addEventListener('click', giveUp);
$('play-hint').addEventListener('click', playHint);
document.addEventListener('keydown', (ev) => {
  if ($('panel-play').classList.contains('hidden') || !S.play || S.play.over) return;
  const t = ev.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  // Enter and Space on a focused button press it; keys place pegs elsewhere.
  if (t && t.tagName === 'BUTTON' && (ev.key === 'Enter' || ev.key === ' ')) return;
  if (ev.key === 'Enter') { submitGuess(); ev.preventDefault(); return; }
  if (ev.key === 'Backspace') {
    let k = S.compose.length - 1;
    while (k >= 0 && S.compose[k] === null) k--;
    if (k >= 0) { S.compose[k] = null; renderComposer(); }
    ev.preventDefault();
    return;
  }
  if (ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
    const g = S.playGame;
    let i = g.alphabet.indexOf(ev.key);
    if (i < 0) i = g.alphabet.findIndex((s) => s.toLowerCase() === ev.key.toLowerCase());
    if (i >= 0) place(g.alphabet[i]);
  }
});


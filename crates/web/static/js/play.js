// Play: the user breaks the computer's secret, over the server's /api/play sessions. The
// board, the composer (holes and a palette, by mouse or keyboard), giving up, and hints.

import { api, drop, gone } from '/js/api.js';
import { codeIndices, codeView, emptyPeg, gameView, guessView, keysView, peg, symbolName } from '/js/board.js';
import { readSpec, settleChooser } from '/js/chooser.js';
import { showHint } from '/js/hint.js';
import { saveState, shareText } from '/js/keep.js';
import { hideReview, showReview } from '/js/review.js';
import { S } from '/js/state.js';
import { $, el, humane, notice, remainingText, sameGame, show, showError } from '/js/util.js';
import { hideOpener, showOpener } from '/js/opener.js';
import { keyboard, suggest, typedGuess } from '/js/words.js';

function playRow(g, m, n) {
  const row = el('div', 'row');
  row.append(el('span', 'num', n));
  row.append(guessView(g, m.guess, m.feedback));
  const right = el('span', 'right');
  right.append(keysView(g, m.reply), el('span', 'fb-text', m.feedback));
  row.append(right);
  // A game too large to list counts only when asked: its moves carry no count.
  const left = m.remaining === null || m.remaining === undefined ? '' : `${remainingText(m.remaining)} left`;
  // In a game that ends once the secret is known (the coins), a move is never a secret.
  const known = S.game && S.game.list && S.game.list.end === 'known' && sameGame(S.game.game, S.play && S.play.game);
  const note = m.could_be_secret === false && !known ? [left, 'could not be the secret'].filter(Boolean).join(' · ') : left;
  row.append(el('span', 'note', note));
  return row;
}
// The play panel without a game (none started, or the chooser moved on).
function clearPlay(message) {
  S.play = null;
  S.playGame = null;
  S.playSeed = null;
  S.playResigned = false;
  hideReview('play-review');
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
  $('play-remaining').textContent = p.over || p.remaining === null ? '' : `${remainingText(p.remaining)} still possible`;
  show($('play-composer'), !p.over);
  $('play-giveup').disabled = p.over;
  show($('play-result'), p.over);
  playNotice();
  if (p.over) {
    $('play-result').classList.toggle('lost', !p.won);
    $('play-secret').replaceChildren(codeView(g, p.secret));
    $('play-summary').textContent = p.summary;
    $('play-share').textContent = shareText(p, g);
    $('play-copied').textContent = '';
    show($('play-hint-panel'), false);
    // The review, once per finished game.
    if (p.moves.length > 0 && $('play-review').dataset.game !== p.id) {
      $('play-review').dataset.game = p.id;
      const id = p.id;
      showReview('play-review', g, p.game, p.moves, p.secret, (r) => {
        if (S.play && S.play.id === id) $('play-share').textContent = shareText(S.play, g, r.skill);
      });
    }
  } else {
    hideReview('play-review');
    $('play-review').dataset.game = '';
    renderComposer();
  }
  if (!p.over && p.moves.length === 0) {
    showOpener('play-opener', g, S.described[JSON.stringify(p.game)], (code) => {
      if (g.list) $('play-word').value = code;
      else S.compose = codeIndices(g, code);
      renderComposer();
    });
  } else hideOpener('play-opener');
  saveState();
}
// Says so when the game on the board is not the one the chooser shows.
function playNotice() {
  const p = S.play;
  const other = p && S.game && !sameGame(p.game, S.game.game);
  // A game file's game by the file's name.
  const d = p && S.described[JSON.stringify(p.game)];
  notice('play-notice', other
    ? `This game is ${d ? d.name : p.name}; the chooser now says ${S.game.name}: press New game to play that.`
    : '');
}
function renderComposer() {
  const g = S.playGame;
  for (const id of ['play-slots', 'play-palette']) show($(id), !g.list);
  show($('play-word'), !!g.list);
  show($('play-keyboard'), g.style === 'wordle');
  if (g.list) { renderWordComposer(); return; }
  show($('play-guess-why'), false);
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
  const digits = g.kind === 'bulls';
  palette.setAttribute('aria-label', digits ? 'Digits: press one to place it' : 'Colours: press one to place it');
  $('play-help').textContent = digits
    ? 'Click a digit to place it in the next empty place; click a place to empty it. Keys work too.'
    : g.kind === 'twod'
      ? 'Click a coordinate to place it: the first is the column, the second the row; click a place to empty it. Keys work too.'
      : 'Click a colour to place it in the next empty hole; click a hole to empty it. Keys work too.';
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
  // A warned repeat is played only when the same guess is pressed again.
  if (S.repeatWarned && S.repeatWarned !== composed()) {
    S.repeatWarned = null;
    notice('play-warn', '');
  }
}
// A guess of a list game is typed (or clicked on Wordle's keyboard), with the legal guesses
// offered as the typing narrows them.
function renderWordComposer() {
  const g = S.playGame;
  $('play-help').textContent = g.style === 'wordle'
    ? `Type a five-letter word (or click the keyboard), then press Guess or Enter. The keyboard shows what your guesses found.${g.hard ? ' Hard mode: keep every green letter in place and use every letter found.' : ''}`
    : 'Type a guess of the game (the list offers the legal ones as you type), then press Guess or Enter.';
  if (g.style === 'wordle') keyboard($('play-keyboard'), S.play.moves, typeKey);
  suggest('play-wordlist', g, $('play-word').value);
  renderGuessWhy();
  if (S.repeatWarned && S.repeatWarned !== composed()) {
    S.repeatWarned = null;
    notice('play-warn', '');
  }
}
// A typed guess is checked as it is typed (/api/check: the list, the length, the letters,
// hard mode's rule after the moves so far): what is wrong is said under the field, and Guess
// stays disabled until it is right.
const playCheck = { key: null, r: null, seq: 0, pending: null, pendingKey: null };
function checkGuess(key, guess) {
  if (playCheck.pendingKey === key && playCheck.pending) return playCheck.pending;
  playCheck.pendingKey = key;
  playCheck.pending = askCheck(key, guess);
  return playCheck.pending;
}
async function askCheck(key, guess) {
  const seq = ++playCheck.seq;
  const history = S.play.moves.map((m) => ({ guess: m.guess, feedback: m.feedback }));
  let r;
  try { r = await api('POST', '/api/check', { game: S.play.game, history, guess }); } catch (e) { r = { guess: { ok: false, why: e.message } }; }
  if (seq !== playCheck.seq) return;
  playCheck.key = key;
  playCheck.r = r;
  playCheck.pending = null;
  playCheck.pendingKey = null;
  if (S.play && !S.play.over && S.playGame.list) renderGuessWhy();
}
const guessKey = () => (S.play ? JSON.stringify([S.play.id, S.play.moves.length, composed()]) : null);
function renderGuessWhy() {
  const guess = composed();
  const key = guessKey();
  if (guess && playCheck.key !== key) checkGuess(key, guess);
  const r = guess && playCheck.key === key ? playCheck.r : null;
  const bad = r && r.guess && !r.guess.ok ? humane(r.guess.why) + '.' : '';
  const box = $('play-guess-why');
  box.textContent = bad;
  show(box, !!bad);
  $('play-word').setAttribute('aria-invalid', bad ? 'true' : 'false');
  // While the check is on its way, Guess waits for it when pressed.
  $('play-submit').disabled = !guess || !!bad;
}
function typeKey(key) {
  const field = $('play-word');
  if (key === 'Enter') { submitGuess(); return; }
  if (key === 'Backspace') field.value = field.value.slice(0, -1);
  else if (field.value.length < S.playGame.pegs) field.value += key;
  renderWordComposer();
}
const composed = () => {
  const g = S.playGame;
  if (g.list) return typedGuess(g, $('play-word').value) || null;
  return S.compose.includes(null) ? null : S.compose.map((i) => g.alphabet[i]).join('');
};
// Places a symbol in the next empty hole. A click that lands while the game is being
// changed waits for the new game, instead of going to the old one and being wiped.
async function place(sym) {
  const pending = settleChooser();
  if (pending) {
    try { await pending; } catch (_) { return; }
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
// Starts a game of the chosen kind; the game it replaces is ended on the server. The page
// draws the seed of an honest codemaker's secret, so that a link or a reload can replay the
// game (the secret itself never reaches the page before the end); the cunning codemaker has no
// secret to draw, and answers the same guesses the same way, so its moves alone replay it.
// `resume` (a seed or null, guesses, whether the game was given up) replays one. A refused
// New game ends the game on the board: the panel never shows the old game under the new
// settings.
async function newPlay(resume) {
  if (!S.game || !S.game.allows.play) return;
  showError('play-error', null);
  notice('play-warn', '');
  S.repeatWarned = null;
  const maker = $('play-maker').value;
  const body = { game: readSpec(), maker };
  const a = $('play-attempts-input').value.trim();
  if (a) body.attempts = Number(a);
  let seed = null;
  if (maker !== 'adversarial') {
    seed = resume && resume.seed !== null ? resume.seed : Math.floor(Math.random() * 2 ** 32);
    body.secret_seed = seed;
  }
  const seq = ++S.playSeq;
  try {
    let p = await api('POST', '/api/play', body);
    for (const guess of (resume && resume.moves) || []) {
      if (seq !== S.playSeq || p.over) break;
      p = await api('POST', `/api/play/${p.id}/guess`, { guess });
    }
    if (resume && resume.resigned && !p.over && seq === S.playSeq) p = await api('DELETE', `/api/play/${p.id}`);
    if (seq !== S.playSeq) { drop('play', p.id); return; }
    if (S.play && S.play.id !== p.id) drop('play', S.play.id);
    S.play = p;
    S.playSeed = seed;
    S.playResigned = !!(resume && resume.resigned && p.over);
    notice('play-maker-note', '');
    S.playMaker = p.maker;
    S.playGame = gameView(p.game);
    S.compose = new Array(S.playGame.pegs).fill(null);
    $('play-word').value = '';
    show($('play-hint-panel'), false);
    renderPlay();
  } catch (e) {
    if (seq !== S.playSeq) return;
    if (S.play) drop('play', S.play.id);
    clearPlay('');
    showError('play-error', e);
  }
}
// Reopens a game in progress from a link or a reload: its seed and guesses.
export function resumePlay(seed, moves, resigned) { S.resumePlay = { seed, moves, resigned }; }
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
  const resume = S.resumePlay;
  S.resumePlay = null;
  await newPlay(resume);
}
async function submitGuess() {
  if (!S.play || S.play.over) return;
  // Enter on an empty field: nothing to play, and an old refusal no longer applies.
  if (!composed()) { showError('play-error', null); return; }
  // A typed guess that is wrong is said under the field; Enter does not send it.
  if (S.playGame.list) {
    const key = guessKey();
    if (playCheck.key !== key) await checkGuess(key, composed());
    if (guessKey() !== key || $('play-submit').disabled) return;
  }
  const g = S.playGame;
  const guess = composed();
  // The same guess again tells nothing new: said once, played if pressed again.
  if (S.play.moves.some((m) => m.guess === guess) && S.repeatWarned !== guess) {
    S.repeatWarned = guess;
    notice('play-warn', `You played ${guess} already: its answer will be the same and tell you nothing new. Press Guess again to play it anyway.`);
    return;
  }
  S.repeatWarned = null;
  notice('play-warn', '');
  try {
    S.play = await api('POST', `/api/play/${S.play.id}/guess`, { guess });
    showError('play-error', null);
    S.compose = new Array(g.pegs).fill(null);
    $('play-word').value = '';
    renderPlay();
    if (!S.play.over && !$('play-hint-panel').classList.contains('hidden')) playHint();
  } catch (e) { showError('play-error', gone(e)); }
}
async function giveUp() {
  if (!S.play || S.play.over) return;
  try {
    S.play = await api('DELETE', `/api/play/${S.play.id}`);
    S.playResigned = true;
    renderPlay();
  } catch (e) { showError('play-error', gone(e)); }
}
function playHint() {
  if (!S.play) return;
  showHint('play-hint-panel', S.playGame, S.play.game, S.play.moves, (code) => {
    if (S.playGame.list) $('play-word').value = code;
    else S.compose = codeIndices(S.playGame, code);
    renderComposer();
  });
}
$('play-new').addEventListener('click', () => newPlay());
// The codemaker plays from the next game on: an unplayed game follows at once, a game in
// progress keeps its codemaker, and says so.
$('play-maker').addEventListener('change', () => {
  const p = S.play;
  if (p && !p.over && p.moves.length > 0) {
    notice('play-maker-note', p.maker === $('play-maker').value ? ''
      : `This game keeps its ${p.maker === 'adversarial' ? 'cunning' : 'honest'} codemaker; the new one plays from the next game: press New game.`);
  } else {
    notice('play-maker-note', '');
    if (S.tab === 'play' && S.game && S.game.allows.play) newPlay();
  }
  saveState();
});
$('play-copy').addEventListener('click', async () => {
  const text = $('play-share').textContent;
  try {
    await navigator.clipboard.writeText(text);
    $('play-copied').textContent = 'Copied.';
  } catch (_) {
    // No clipboard (an insecure page, or refused): the text is selected to copy by hand.
    const range = document.createRange();
    range.selectNodeContents($('play-share'));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    $('play-copied').textContent = 'Selected: copy it with Ctrl+C.';
  }
});
$('play-submit').addEventListener('click', submitGuess);
$('play-clear').addEventListener('click', () => { S.compose.fill(null); $('play-word').value = ''; renderComposer(); });
$('play-word').addEventListener('input', () => { if (S.play) renderWordComposer(); });
$('play-word').addEventListener('keydown', (ev) => {
  if (ev.key === 'Enter') { submitGuess(); ev.preventDefault(); }
});
$('play-giveup').addEventListener('click', giveUp);
$('play-hint').addEventListener('click', playHint);
document.addEventListener('keydown', (ev) => {
  if ($('panel-play').classList.contains('hidden') || !S.play || S.play.over) return;
  const t = ev.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  // Enter and Space on a focused button press it; keys place pegs elsewhere.
  if (t && t.tagName === 'BUTTON' && (ev.key === 'Enter' || ev.key === ' ')) return;
  if (ev.key === 'Enter') { submitGuess(); ev.preventDefault(); return; }
  if (S.playGame.list) {
    // Keys typed anywhere go to the guess being typed.
    if (ev.key === 'Backspace' || (/^[a-zA-Z]$/.test(ev.key) && !ev.ctrlKey && !ev.metaKey && !ev.altKey)) {
      typeKey(ev.key === 'Backspace' ? 'Backspace' : ev.key.toLowerCase());
      ev.preventDefault();
    }
    return;
  }
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


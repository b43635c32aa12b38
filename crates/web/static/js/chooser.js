// The game chooser, over the server's /api/game: reads the spec from the form, has the server
// check and describe it, then lets every panel follow the chosen game.

import { api } from '/js/api.js';
import { analysisForm } from '/js/analysis.js';
import { S } from '/js/state.js';
import { $, WORDS, notice, num, plural, show, showError } from '/js/util.js';

// What brings the panels in line with a newly chosen game: set by the page's entry point, so
// that the chooser need not know the panels.
let follow = async () => {};
export function onGameChosen(fn) { follow = fn; }

const DEFAULTS = { mastermind: [4, 6], bulls: [4, 10], blackpeg: [4, 6] };
// The chooser's number fields and their ranges (the server's: codebreak_core's PEGS, COLORS
// and SIZE), so that a value out of range is said beside the field, never sent.
const FIELD_RANGES = { 'game-pegs': [1, 16], 'game-colors': [1, 36], 'game-size': [1, 36] };
// How each kind of game names its pegs and symbols, and what its replies mean.
const KIND_WORDS = {
  mastermind: { pegs: 'Pegs', colors: 'Colours', distinct: 'No repeated colours' },
  blackpeg: { pegs: 'Pegs', colors: 'Colours', distinct: 'No repeated colours' },
  bulls: { pegs: 'Digits in the code', colors: 'Digits to choose from' },
  twod: { pegs: 'Pegs', colors: 'Colours' },
};
const RULES = {
  mastermind: 'Replies: a black peg (B) for each right colour in the right place, a white peg (W) for each right colour in a wrong place.',
  blackpeg: 'Replies: a black peg (B) for each right colour in the right place; nothing tells right colours in wrong places.',
  bulls: 'Replies: A (a bull) for each right digit in the right place, B (a cow) for each right digit in a wrong place. No digit repeats.',
  twod: 'A code is a point on a grid. Replies compare your guess with the secret: low = every coordinate of the guess is at most the secret\'s; high = every one at least; mixed = some lower, some higher; hit = found.',
};
const WORDLE_RULES = 'Guess the five-letter word. Each letter of a guess turns green (right letter, right place), yellow (in the word, elsewhere) or grey (not in the word, or not that many times). Any word of the list may be guessed.';
const HARD_RULES = ' Hard mode: every guess keeps the green letters in place and uses every green or yellow letter found so far.';
// The rules of a list game, from its description: the file's paragraph, its replies, its end.
function listRules(g) {
  if (g.reply_style === 'wordle') return WORDLE_RULES + (g.list.hard ? HARD_RULES : '') + (g.file && g.file.description ? ' ' + g.file.description : '');
  const l = g.list;
  const replies = g.replies.length <= 12 ? g.replies.join(', ') : `${g.examples.join(', ')}…`;
  const end = l.end === 'known' ? 'The game ends as soon as one secret remains.' : `The game ends when the secret is guessed (reply ${g.win}).`;
  return `${l.description ? l.description + ' ' : ''}${num(l.guesses)} guesses, ${num(l.secrets)} secrets. Replies: ${replies}. ${end}`;
}
// Whether the chooser names a list game (Wordle or a game file).
export const listKind = (kind) => kind.startsWith('wordle') || kind.startsWith('custom:');
// The games built into the server beside the library's (Wordle on today's NYT lists): named
// in requests by a key in place of a fingerprint.
export const BUNDLED = { 'wordle-nyt': 'wordle-nyt', 'wordle-nyt-hard': 'wordle-nyt-hard' };

// ---------------------------------------------------------------- game files
// A loaded game file becomes a choice of the chooser, named by its fingerprint.
export function addGameFile(spec, name) {
  S.customGames[spec.fingerprint] = { spec, name };
  const value = 'custom:' + spec.fingerprint;
  const group = $('game-files');
  if (![...group.children].some((o) => o.value === value)) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = name;
    group.append(o);
  }
  show(group, true);
  return value;
}
// The game files the server has (loaded when it started, or by this page before).
export async function listGameFiles() {
  const r = await api('GET', '/api/game-files');
  for (const g of r.games) addGameFile(g.game, g.name);
}
let lastKind = 'mastermind';
// A game file sent to the server; a large one (the coins, whose script makes its lists) takes
// a few seconds, said meanwhile.
async function loadGameFile(file) {
  showError('game-error', null);
  notice('game-loading', `Loading ${file.name}…`);
  $('game-kind').disabled = true;
  try {
    const text = await file.text();
    const r = await api('POST', '/api/game-file', { text, name: file.name });
    $('game-kind').value = addGameFile(r.game, r.name);
    notice('game-loading', '');
    $('game-kind').disabled = false;
    await kindChanged();
  } catch (e) {
    showError('game-error', e);
  } finally {
    notice('game-loading', '');
    $('game-kind').disabled = false;
  }
}
// The number fields that are not whole numbers in range, each with what it takes.
export function invalidFields() {
  const kind = $('game-kind').value;
  const ids = listKind(kind) ? [] : kind === 'twod' ? ['game-size'] : ['game-pegs', 'game-colors'];
  const bad = [];
  for (const id of ['game-pegs', 'game-colors', 'game-size']) $(id).removeAttribute('aria-invalid');
  for (const id of ids) {
    const [lo, hi] = FIELD_RANGES[id];
    const v = $(id).value.trim();
    const n = Number(v);
    if (v === '' || !Number.isInteger(n) || n < lo || n > hi) {
      $(id).setAttribute('aria-invalid', 'true');
      const word = id === 'game-size' ? 'Grid size' : WORDS[id === 'game-pegs' ? 'pegs' : 'colors'];
      bad.push(`${word} must be a whole number from ${lo} to ${hi}${v === '' ? '' : `, not ${v}`}.`);
    }
  }
  return bad;
}
export function readSpec() {
  const kind = $('game-kind').value;
  if (kind === 'wordle') return { game: 'wordle' };
  if (kind === 'wordle-hard') return { game: 'wordle', hard: true };
  if (BUNDLED[kind]) return { game: 'custom', fingerprint: BUNDLED[kind] };
  if (kind.startsWith('custom:')) {
    const c = S.customGames[kind.slice(7)];
    return c ? c.spec : { game: 'custom', fingerprint: kind.slice(7) };
  }
  if (kind === 'twod') return { game: 'twod', size: Number($('game-size').value) };
  const spec = { game: kind, pegs: Number($('game-pegs').value), colors: Number($('game-colors').value) };
  if (kind !== 'bulls' && $('game-distinct').checked) {
    spec.distinct_secret = true;
    spec.distinct_guess = true;
  }
  return spec;
}
// A new kind of game: its fields, its words, and (unless `keep`, for a restored position) its
// usual size.
export function kindChanged(keep) {
  const kind = $('game-kind').value;
  lastKind = kind;
  const list = listKind(kind);
  for (const e of document.querySelectorAll('.for-pegs')) show(e, kind !== 'twod' && !list);
  for (const e of document.querySelectorAll('.for-size')) show(e, kind === 'twod' && !list);
  for (const e of document.querySelectorAll('.for-distinct')) show(e, kind === 'mastermind' || kind === 'blackpeg');
  if (DEFAULTS[kind] && keep !== true) {
    $('game-pegs').value = DEFAULTS[kind][0];
    $('game-colors').value = DEFAULTS[kind][1];
  }
  kindWords();
  return gameChanged();
}
// The chooser's and the page's words for the chosen kind of game.
export function kindWords() {
  const kind = $('game-kind').value;
  const w = KIND_WORDS[kind] || KIND_WORDS.mastermind;
  WORDS.pegs = w.pegs;
  WORDS.colors = w.colors;
  $('game-pegs-word').textContent = w.pegs;
  $('game-colors-word').textContent = w.colors;
  if (w.distinct) $('game-distinct-word').textContent = w.distinct;
  $('game-rules').textContent = RULES[kind] || '';
}
let gameSeq = 0;
// Describes the chosen game, then brings every panel in line with it. Nothing happens when
// the spec is the one last asked for (a field left without a change).
export function gameChanged() {
  const bad = invalidFields();
  if (bad.length) {
    // Said beside the fields; nothing is asked of the server until they are right.
    gameSeq++;
    S.asked = null;
    showError('game-error', new Error(bad.join(' ')));
    S.pending = null;
    return Promise.resolve();
  }
  const spec = readSpec();
  const asked = JSON.stringify(spec);
  if (asked === S.asked) return S.pending;
  S.asked = asked;
  const seq = ++gameSeq;
  const work = (async () => {
    try {
      const g = await api('POST', '/api/game', { game: spec, words: spec.game === 'wordle' || spec.game === 'custom' });
      if (seq !== gameSeq) return;
      S.game = g;
      S.described[JSON.stringify(g.game)] = g;
      if (g.list) $('game-rules').textContent = listRules(g);
      else if (g.file) $('game-rules').textContent = `${g.file.description ? g.file.description + ' ' : ''}${RULES[g.kind] || ''}`;
      showError('game-error', null);
      const notes = [];
      if (!g.allows.play) notes.push('too large to play here');
      else if (!g.allows.solve) notes.push(g.allows.hint ? 'too large for the computer to solve here' : 'too large for the computer to solve or hint here');
      if (g.allows.play && !g.allows.analyze) notes.push('too large to analyse here');
      if (g.reasoned) notes.push('too large to list: hints reason on the clues, and say where a figure is an estimate');
      const example = g.examples[0] || g.replies[Math.floor(g.replies.length / 2)];
      const size = g.list ? `${num(g.list.guesses)} guesses, ${num(g.list.secrets)} secrets` : `${num(g.codes)} codes`;
      $('game-info').textContent = `${g.name} · ${size} · replies like ${example}` +
        (notes.length ? ` · ${notes.join('; ')}` : '');
      const hintWhy = g.allows.hint ? '' : `Hints need a game of at most ${plural(S.limits ? S.limits.interactive_codes : 262144, 'code')}; this one has ${num(g.codes)}.`;
      for (const id of ['play-hint', 'solve-hint']) {
        $(id).disabled = !g.allows.hint;
        $(id).title = hintWhy;
      }
      $('play-hint-why').textContent = hintWhy;
      show($('play-hint-why'), !!hintWhy);
      $('play-attempts-input').placeholder = String(g.default_attempts);
      $('play-new').disabled = !g.allows.play;
      $('solve-new').disabled = !g.allows.solve;
      $('analyze-run').disabled = !!S.following || !g.allows.analyze;
      analysisForm(g);
      await follow(g);
    } catch (e) {
      if (seq !== gameSeq) return;
      S.asked = null;
      S.game = null;
      showError('game-error', e);
      $('game-info').textContent = '';
      for (const b of ['play-new', 'solve-new', 'analyze-run']) $(b).disabled = true;
    } finally {
      if (seq === gameSeq) S.pending = null;
    }
  })();
  S.pending = work;
  return work;
}
$('game-kind').addEventListener('change', () => {
  // "Load a game file…" opens the file picker; the chooser stays on its game until a file loads.
  if ($('game-kind').value === 'load') {
    $('game-kind').value = lastKind;
    $('game-file').click();
    return;
  }
  kindChanged();
});
$('game-file').addEventListener('change', (ev) => {
  const file = ev.target.files && ev.target.files[0];
  ev.target.value = '';
  if (file) loadGameFile(file);
});
$('game-distinct').addEventListener('change', gameChanged);
// Number fields follow the typing after a pause (one request, not one per keystroke), and
// their change event (on leaving the field) does nothing when the value was already applied.
// An empty field waits for a value; one out of range is said beside the field.
let typing = null;
for (const id of ['game-pegs', 'game-colors', 'game-size']) {
  const field = $(id);
  field.addEventListener('input', () => {
    clearTimeout(typing);
    if (field.value.trim() === '') return;
    typing = setTimeout(() => { typing = null; gameChanged(); }, 500);
  });
  field.addEventListener('change', () => { clearTimeout(typing); typing = null; gameChanged(); });
}
// The game change being typed, applied now: a peg clicked during the pause goes to the game
// the fields say. Returns the change in flight, if any.
export function settleChooser() {
  if (typing) {
    clearTimeout(typing);
    typing = null;
    return gameChanged();
  }
  return S.pending;
}


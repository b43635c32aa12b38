// How codes and replies look: coloured pegs or digits, and answer pegs, drawn from the game
// view that every session's answer carries. Used by every panel; no state, no requests.

import { S } from '/js/state.js';
import { button, el, plural } from '/js/util.js';

const PALETTE = [
  '#e03131', '#2f9e44', '#1c7ed6', '#fcc419', '#f76707', '#9c36b5', '#22b8cf', '#f06595',
  '#f8f9fa', '#343a40', '#94d82d', '#845ef7', '#a0522d', '#ffa8a8', '#0b7285', '#ffd8a8',
  '#5c940d', '#364fc7', '#868e96', '#e8590c', '#b197fc', '#63e6be', '#862e9c', '#fab005',
];
function pegColor(i) {
  if (i < PALETTE.length) return PALETTE[i];
  return `hsl(${Math.round((i * 137.508) % 360)}, 62%, 52%)`;
}
function isDark(i) {
  return [0, 1, 2, 5, 9, 11, 12, 14, 16, 17, 19, 22].includes(i) || i >= PALETTE.length;
}
const usesColours = (g) => g.kind === 'mastermind' || g.kind === 'blackpeg';
// Colours named by their initial, for an alphabet that spells them (the medium game's YBGROP):
// each peg is painted the colour its letter names, not the palette's colour of its place.
const NAMED = {
  R: ['red', '#e03131', true], G: ['green', '#2f9e44', true], B: ['blue', '#1c7ed6', true],
  Y: ['yellow', '#fcc419', false], O: ['orange', '#f76707', false], P: ['purple', '#9c36b5', true],
  W: ['white', '#f8f9fa', false], K: ['black', '#343a40', true], C: ['cyan', '#22b8cf', false],
  M: ['magenta', '#d6336c', true], N: ['brown', '#a0522d', true], S: ['silver', '#adb5bd', false],
};
// The named colours of an alphabet, when every symbol is a colour's initial (and none repeats).
function namedColours(alphabet) {
  const up = alphabet.map((s) => s.toUpperCase());
  if (!up.length || !up.every((s) => NAMED[s]) || new Set(up).size !== up.length) return null;
  return up.map((s) => NAMED[s]);
}
// What drawing needs of a game, from the full spec the server echoes with every session (and,
// for a list game, from its description: the chooser keeps every one it was given).
export function gameView(spec) {
  const d = S.described[JSON.stringify(spec)];
  if (spec.game === 'wordle' || spec.game === 'custom') {
    return {
      kind: spec.game,
      list: true,
      style: d ? d.reply_style : (spec.game === 'wordle' ? 'wordle' : 'names'),
      pegs: d ? d.pegs : 5,
      alphabet: [],
      replies: d ? d.replies : [],
      words: d && d.list ? d.list.words : null,
      hard: !!spec.hard,
    };
  }
  const alphabet = Array.from(spec.alphabet);
  return {
    kind: spec.game,
    style: d ? d.reply_style : spec.game,
    pegs: spec.game === 'twod' ? 2 : spec.pegs,
    alphabet,
    named: spec.game === 'mastermind' || spec.game === 'blackpeg' ? namedColours(alphabet) : null,
    distinct_guess: !!spec.distinct_guess,
  };
}
export function symbolName(g, sym) {
  if (!usesColours(g)) return sym;
  const k = g.alphabet.indexOf(sym);
  return g.named && k >= 0 ? `${g.named[k][0]} (${sym})` : `colour ${sym}`;
}

// A peg: a <span> to look at, or a <button> (tag 'button') to press.
export function peg(g, index, extra, tag) {
  const sym = g.alphabet[index];
  const p = tag === 'button' ? button('peg') : el('span', 'peg');
  if (extra) p.classList.add(...extra.split(' '));
  p.dataset.symbol = sym;
  p.textContent = sym;
  if (usesColours(g)) {
    const named = g.named && g.named[index];
    p.style.background = named ? named[1] : pegColor(index);
    if (named ? named[2] : isDark(index)) p.classList.add('light-text');
    p.title = symbolName(g, sym);
    if (named) p.dataset.colour = named[0];
  } else {
    p.classList.add('digit');
  }
  return p;
}
export function emptyPeg(extra, tag) {
  const p = tag === 'button' ? button('peg empty') : el('span', 'peg empty');
  if (extra) p.classList.add(...extra.split(' '));
  return p;
}
export function codeIndices(g, code) { return Array.from(code).map((c) => g.alphabet.indexOf(c)); }
export function codeView(g, code, extra) {
  if (g.list) return wordView(g, code, null, extra);
  const box = el('span', 'pegs');
  box.dataset.code = code;
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', `code ${Array.from(code).map((s) => symbolName(g, s)).join(', ')}`);
  box.style.setProperty('--n', g.pegs);
  for (const i of codeIndices(g, code)) box.append(i >= 0 ? peg(g, i, extra) : emptyPeg(extra));
  return box;
}
function replyWords(g, reply) {
  if (reply.black === undefined) return reply.text;
  if (g.kind === 'bulls') return `${reply.text}: ${plural(reply.black, 'bull')}, ${plural(reply.white, 'cow')}`;
  if (g.kind === 'blackpeg') return `${reply.text}: ${reply.black} black`;
  return `${reply.text}: ${reply.black} black, ${reply.white} white`;
}
export function keysView(g, reply) {
  const box = el('span', 'keys');
  if (g.kind === 'twod' || g.list || reply.black === undefined) return box;
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', replyWords(g, reply));
  const bulls = g.kind === 'bulls';
  for (let k = 0; k < g.pegs; k++) {
    let cls = 'key';
    if (k < reply.black) cls += bulls ? ' bull' : ' black';
    else if (k < reply.black + reply.white) cls += bulls ? ' cow' : ' white';
    box.append(el('span', cls));
  }
  return box;
}


// ---------------------------------------------------------------- words (list games)
const COLOUR_WORDS = { G: 'green', Y: 'yellow', B: 'grey' };
// A code of a list game: a word. In a Wordle game it is a row of letter tiles, coloured by
// `feedback` (GYBBG) when given; in another list game, the code's text.
export function wordView(g, code, feedback, extra) {
  const box = el('span', 'pegs word');
  if (extra) box.classList.add(...extra.split(' '));
  box.dataset.code = code;
  if (g.style !== 'wordle') {
    box.append(el('span', 'word-text', code));
    return box;
  }
  box.classList.add('tiles');
  const letters = Array.from(code);
  const colours = feedback ? Array.from(feedback) : [];
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', feedback
    ? `${code}: ${letters.map((l, i) => `${l.toUpperCase()} ${COLOUR_WORDS[colours[i]] || ''}`).join(', ')}`
    : code);
  letters.forEach((l, i) => box.append(tile(l, colours[i])));
  return box;
}
// One letter tile, coloured by G, Y or B (none: not yet answered).
export function tile(letter, colour, tag) {
  const t = tag === 'button' ? button('tile') : el('span', 'tile');
  t.textContent = letter.toUpperCase();
  if (colour) {
    t.classList.add(COLOUR_WORDS[colour]);
    t.dataset.colour = colour;
  }
  return t;
}
// A move on a board: the guess, with its reply drawn in it (Wordle's tiles) or beside it.
export function guessView(g, guess, feedback) {
  return g.style === 'wordle' ? wordView(g, guess, feedback) : codeView(g, guess);
}

// DOM and text helpers every part of the page uses; no state, no requests.

export const $ = (id) => document.getElementById(id);
export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
// A button that never submits anything.
export function button(cls, text) {
  const b = el('button', cls, text);
  b.type = 'button';
  return b;
}
const SVG = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}
export const show = (e, on) => e.classList.toggle('hidden', !on);
// A count with its noun, singular or plural, with thousands separators: "1 secret",
// "1,296 secrets".
// Counts the server sends as text (a game's codes: 36^16 is past a double's exact integers)
// are written exactly, with BigInt.
export const num = (n) => (typeof n === 'number' || typeof n === 'bigint' ? n.toLocaleString('en')
  : /^\d+$/.test(String(n)) ? BigInt(n).toLocaleString('en') : String(n));
export const plural = (n, one, many) => `${num(n)} ${Number(n) === 1 ? one : (many || one + 's')}`;
export const fmt = (x, d) => (typeof x === 'number' ? x.toFixed(d) : String(x));
// A large figure for people: whole below a million, else three significant digits.
const big = (x) => (Math.abs(x) < 1e6 ? num(Math.round(x)) : x.toPrecision(3).replace('e+', '×10^'));
// How many secrets remain, as the server's `remaining` says it: a count (a number), or on a
// game too large to list an estimate object {estimate, low, high, method}, shown as one.
export const remainingText = (r, one = 'secret', many) => (r !== null && typeof r === 'object'
  ? `about ${big(r.estimate)} ${many || one + 's'} (estimate, 95% interval ${big(r.low)} to ${big(r.high)})`
  : plural(r, one, many));
// The same, short, for a table cell: the count, or `≈` and the estimate's central value.
export const countShort = (r) => (r !== null && typeof r === 'object' ? `≈${big(r.estimate)}` : num(r));
// The estimate's interval and method for a tooltip ('' for an exact count).
export const countTitle = (r) => (r !== null && typeof r === 'object'
  ? `estimate, 95% interval ${big(r.low)} to ${big(r.high)}; ${r.method}` : '');
// The exact count in `remaining`, or null for an estimate.
export const exactCount = (r) => (r !== null && typeof r === 'object' ? null : Number(r));
// A server message as a sentence of its own; one that starts with a file's name
// ("coins12.toml:3: ...") keeps the name as it was given.
export const sentence = (t) => (t && !/^[\w-]+\.\w+\b/.test(t) ? t.charAt(0).toUpperCase() + t.slice(1) : t);
export const sameGame = (a, b) => !!a && !!b && JSON.stringify(a) === JSON.stringify(b);
export function showError(id, err) {
  const box = $(id);
  if (!err) { show(box, false); box.textContent = ''; return; }
  box.textContent = humane(err.message || String(err));
  show(box, true);
}
// The page's words for the fields the server names: a message says "First guess: ..." as the
// page labels the field, not "first_guess: ...".
const FIELDS = [
  [/^game\.pegs\b:?/, () => fieldWord('pegs')], [/^game\.colors\b:?/, () => fieldWord('colors')],
  [/^game\.size\b:?/, () => 'Grid size'], [/^first_guess\b:?/, () => 'First guess:'],
  [/^history\[(\d+)\]\.feedback:/, (m) => `Answer ${Number(m[1]) + 1}:`],
  [/^history\[(\d+)\]\.guess:/, (m) => `Guess ${Number(m[1]) + 1}:`],
  [/^feedback:/, () => 'Your answer:'], [/^guess:/, () => 'Your guess:'], [/^secret:/, () => 'Secret:'],
  [/^attempts\b:?/, () => 'Attempts'], [/^optimal\.max_depth\b:?/, () => 'At most … guesses:'],
];
// How the chooser labels pegs and colours for the chosen kind of game (set by the chooser).
export const WORDS = { pegs: 'Pegs', colors: 'Colours' };
const fieldWord = (f) => WORDS[f];
export function humane(text) {
  let t = String(text || '');
  // "game: pegs 0 is out of range" names a chooser field: said with the field's label.
  const g = /^game: (pegs|colors|size)\b\s*/.exec(t);
  if (g) t = `${g[1] === 'size' ? 'Grid size' : fieldWord(g[1])}: ${t.slice(g[0].length)}`;
  else if (t.startsWith('game: ')) t = 'Game: ' + t.slice(6);
  for (const [re, word] of FIELDS) {
    const m = re.exec(t);
    if (m) { t = word(m) + t.slice(m[0].length); break; }
  }
  return sentence(t);
}
export function notice(id, text) {
  const box = $(id);
  box.textContent = text || '';
  show(box, !!text);
}


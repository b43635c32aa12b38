// Keep and share: the position in the address (a link reopens it) and in the browser's
// storage (a reload, or the page opened again, goes on where it was), the chart and table as
// files, and a result line to copy. No requests: the other modules do the replaying.
//
// The address holds the game (kind, pegs, colours, size, no repeats), the play game (its
// codemaker, attempts, the seed that drew its secret, the guesses), the solve (strategy and
// answers) and the analysis settings. The secret itself is never in it: the server draws it
// again from the seed when the game is replayed.

import { assistRows } from '/js/assist.js';
import { S } from '/js/state.js';
import { $, svg } from '/js/util.js';

const STORE = 'codebreak:position';

// The position the page opens on: the address's, or else the one kept from last time.
// Returns the parameters and the tab (the address's fragment).
export function savedState() {
  let q = location.search;
  let tab = location.hash.slice(1);
  if (!q || q === '?') {
    let kept = '';
    try { kept = localStorage.getItem(STORE) || ''; } catch (_) { kept = ''; }
    const cut = kept.indexOf('#');
    q = cut < 0 ? kept : kept.slice(0, cut);
    if (!tab && cut >= 0) tab = kept.slice(cut + 1);
  }
  return { params: new URLSearchParams(q), tab };
}

// Puts the saved chooser and analysis settings in the form (before the game is described).
export function applySettings(p) {
  const set = (id, v) => { if (v !== null && $(id)) $(id).value = v; };
  let kind = p.get('game');
  if ((kind === 'wordle' || kind === 'wordle-nyt') && p.get('hard') === '1') kind += '-hard';
  if (kind === 'custom') kind = 'custom:' + (p.get('fp') || '');
  if (kind && kind !== 'load' && [...$('game-kind').options].some((o) => o.value === kind)) $('game-kind').value = kind;
  else if (kind && kind.startsWith('custom:')) S.missingGame = p.get('fp');
  set('game-pegs', p.get('pegs'));
  set('game-colors', p.get('colors'));
  set('game-size', p.get('size'));
  $('game-distinct').checked = p.get('distinct') === '1';
  set('play-maker', p.get('maker'));
  set('play-attempts-input', p.get('attempts'));
  set('solve-strategy', p.get('strategy'));
  const list = p.get('strategies');
  if (list !== null) {
    const on = new Set(list.split(',').filter(Boolean));
    for (const cb of document.querySelectorAll('#analyze-strategies input[type=checkbox]')) cb.checked = on.has(cb.value);
    if ($('analyze-optimal')) $('analyze-optimal').dispatchEvent(new Event('change'));
  }
  set('analyze-pool', p.get('pool'));
  set('analyze-ties', p.get('ties'));
  set('analyze-first', p.get('first'));
  set('analyze-objective', p.get('objective'));
  set('analyze-depth', p.get('depth'));
}

// The position now, as address parameters.
function currentState() {
  const p = new URLSearchParams();
  const kind = $('game-kind').value;
  if (kind === 'wordle-hard' || kind === 'wordle-nyt-hard') {
    p.set('game', kind.slice(0, -5));
    p.set('hard', '1');
  } else if (kind.startsWith('custom:')) {
    p.set('game', 'custom');
    p.set('fp', kind.slice(7));
  } else p.set('game', kind);
  if (kind === 'twod') p.set('size', $('game-size').value);
  else if (kind.startsWith('custom:') || kind.startsWith('wordle')) { /* nothing more to say */ } else {
    p.set('pegs', $('game-pegs').value);
    p.set('colors', $('game-colors').value);
    if ($('game-distinct').checked && kind !== 'bulls') p.set('distinct', '1');
  }
  p.set('maker', $('play-maker').value);
  if ($('play-attempts-input').value.trim()) p.set('attempts', $('play-attempts-input').value.trim());
  // A game played (in progress or over, so that a finished game and its review can be
  // shared): the seed of an honest codemaker's secret, the guesses on the board, and whether
  // it was given up. The cunning codemaker has no seed: its guesses alone replay it.
  if (S.play && S.play.moves.length > 0) {
    if (S.playSeed !== null) p.set('seed', String(S.playSeed));
    p.set('moves', S.play.moves.map((m) => m.guess).join(','));
    if (S.playResigned) p.set('resigned', '1');
  }
  p.set('strategy', $('solve-strategy').value);
  if (S.solve && S.solve.moves.length > 0) p.set('answers', S.solve.moves.map((m) => m.feedback).join(','));
  const rows = assistRows();
  if (rows.length) p.set('assist', rows.map((m) => `${m.outside ? '!' : ''}${m.guess}:${m.feedback}`).join(','));
  const strategies = [...document.querySelectorAll('#analyze-strategies input[type=checkbox]:checked')].map((c) => c.value);
  p.set('strategies', strategies.join(','));
  for (const [key, id] of [['pool', 'analyze-pool'], ['ties', 'analyze-ties'], ['first', 'analyze-first'],
    ['objective', 'analyze-objective'], ['depth', 'analyze-depth']]) {
    const v = $(id) ? $(id).value.trim() : '';
    if (v && !(key === 'objective' && v === 'expected')) p.set(key, v);
  }
  return p;
}

// Writes the position into the address and the browser's storage (after a page's restore is
// over: saving half a restored position would lose the rest).
export function saveState() {
  if (S.restoring) return;
  const q = '?' + currentState().toString();
  if (q !== location.search) history.replaceState(null, '', q + location.hash);
  try { localStorage.setItem(STORE, q + location.hash); } catch (_) { /* storage may be off: the address still holds it */ }
}

// ---------------------------------------------------------------- files
const CHART_STYLE = `text { font: 12px system-ui, sans-serif; fill: #4a5268; }
.title { font-size: 13px; font-weight: 600; fill: #1d2330; }
.heading { font-size: 15px; font-weight: 700; fill: #1d2330; }
.grid { stroke: #e9ecf2; stroke-width: 1; } .axis { stroke: #9aa3b8; stroke-width: 1; }`;

// The chart as a standalone SVG file: its styles inside, on a white ground.
export function chartSvgText() {
  const shown = $('analysis-chart').querySelector('svg');
  if (!shown) return '';
  const copy = shown.cloneNode(true);
  const [, , w, h0] = copy.getAttribute('viewBox').split(' ').map(Number);
  // The file has a title of its own: what is charted, and for which game.
  const TITLE = 26;
  const h = h0 + TITLE;
  copy.setAttribute('viewBox', `0 ${-TITLE} ${w} ${h}`);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', w);
  copy.setAttribute('height', h);
  const title = `Guesses needed · ${$('analysis-game').textContent}`;
  copy.prepend(svg('text', { x: 8, y: -8, class: 'heading' }, title));
  copy.prepend(svg('title', {}, title));
  copy.prepend(svg('rect', { x: 0, y: -TITLE, width: w, height: h, fill: '#ffffff' }));
  copy.prepend(svg('style', {}, CHART_STYLE));
  return new XMLSerializer().serializeToString(copy);
}

// CSV of rows of text, quoted where needed.
export function csvText(head, rows) {
  const q = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [head, ...rows].map((r) => r.map((v) => q(String(v))).join(',')).join('\n') + '\n';
}

// Sets the three download links for the figures shown: SVG and CSV at once, PNG once the
// chart is drawn on a canvas (twice its size, for sharp text).
export function prepareDownloads(head, rows) {
  const text = chartSvgText();
  $('chart-svg').href = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
  $('table-csv').href = 'data:text/csv;charset=utf-8,' + encodeURIComponent(csvText(head, rows));
  const png = $('chart-png');
  png.removeAttribute('href');
  delete png.dataset.ready;
  const img = new Image();
  img.onload = () => {
    const canvas = document.createElement('canvas');
    canvas.width = img.width * 2;
    canvas.height = img.height * 2;
    const ctx = canvas.getContext('2d');
    ctx.scale(2, 2);
    ctx.drawImage(img, 0, 0);
    try {
      png.href = canvas.toDataURL('image/png');
      png.dataset.ready = 'yes';
    } catch (_) { /* a browser that refuses: the SVG link remains */ }
  };
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
}

// ---------------------------------------------------------------- the result line
const KEY_MARKS = { black: '⚫', white: '⚪', bull: '🟢', cow: '🟡', empty: '▫️' };
const TILE_MARKS = { G: '🟩', Y: '🟨', B: '⬛' };
// A line per guess with its answer pegs (no colours of the guesses, so nothing is given
// away), like Wordle's: "codebreak · mastermind 4 pegs 6 colours · 4/10".
export function shareText(play, g, skill) {
  const score = play.won ? `${play.moves.length}/${play.attempts}` : `X/${play.attempts}`;
  const head = [`codebreak · ${play.name} · ${score}`];
  if (play.maker === 'adversarial') head.push('cunning codemaker');
  if (skill !== undefined && skill !== null) head.push(`skill ${skill}`);
  const lines = play.moves.map((m) => {
    const r = m.reply;
    if (g.style === 'wordle') return Array.from(m.feedback).map((c) => TILE_MARKS[c] || c).join('');
    if (r.black === undefined) return m.feedback;
    const bulls = g.kind === 'bulls';
    const marks = [];
    for (let k = 0; k < g.pegs; k++) {
      if (k < r.black) marks.push(bulls ? KEY_MARKS.bull : KEY_MARKS.black);
      else if (k < r.black + r.white) marks.push(bulls ? KEY_MARKS.cow : KEY_MARKS.white);
      else marks.push(KEY_MARKS.empty);
    }
    return marks.join('');
  });
  return [head.join(' · '), ...lines].join('\n');
}

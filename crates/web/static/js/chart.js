// The figures of a finished analysis: the histogram of guesses needed (an SVG chart drawn at
// the size it is shown, redrawn when the window changes) and the comparison table.

import { S } from '/js/state.js';
import { $, el, num, plural, svg } from '/js/util.js';

// Each strategy keeps its colour from run to run, whatever else is compared beside it.
const COLOURS = {
  first: '#868e96', random: '#a0522d', minimax: '#3b5bdb', 'expected-size': '#0c8599',
  entropy: '#f08c00', 'most-parts': '#7048e8', 'two-phase': '#c2255c', optimal: '#2f9e44',
  tree: '#e03131',
};
const SPARE = ['#5c940d', '#e8590c', '#1098ad', '#ae3ec9'];
export function colourOf(r, i) { return COLOURS[r.strategy] || SPARE[i % SPARE.length]; }
// A result's name, the same in the legend, the table and the tree explorer: a loaded tree is
// "loaded tree", whatever strategy its file names.
export function nameOf(r) { return r.strategy === 'tree' ? 'loaded tree' : r.strategy; }
// A result's label in the tree menu: its name, then its description unless that already
// starts with the name ("optimal (fewest guesses…)", not "optimal: optimal (…)").
export function labelOf(r) {
  const name = nameOf(r);
  const d = r.description;
  if (!d || d === name) return name;
  return d.startsWith(name) ? d : `${name}: ${d}`;
}

export function drawChart(results) {
  const box = $('analysis-chart');
  const worst = Math.max(...results.map((r) => r.worst));
  const top = Math.max(1, ...results.flatMap((r) => Object.values(r.histogram)));
  // Drawn at about the size it is shown, so that its text stays readable on a phone.
  const W = Math.round(Math.min(760, Math.max(320, box.clientWidth || 760)));
  const narrow = W < 520;
  const font = 12;
  const labelW = (t) => t.length * font * 0.6;
  // The legend, in as many lines as it needs.
  const items = results.map((r, i) => ({ i, label: `${nameOf(r)} (avg ${r.average.toFixed(3)})` }));
  const lines = [[]];
  let lx = 0;
  for (const it of items) {
    const w = 18 + labelW(it.label) + 14;
    if (lx > 0 && lx + w > W - 16) { lines.push([]); lx = 0; }
    lines[lines.length - 1].push({ ...it, x: lx });
    lx += w;
  }
  const T = 14 + lines.length * 18;
  const L = narrow ? 48 : 64, R = 12, B = 56;
  const H = Math.round(narrow ? 260 + T : 296 + T);
  const s = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'histogram of guesses needed' });
  // y axis: a round step
  const raw = top / 5;
  const mag = Math.pow(10, Math.floor(Math.log10(raw)));
  // Counts are whole: a step below one (a sample of a few secrets) would repeat labels.
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * mag).find((v) => v >= raw) || raw);
  const ymax = Math.ceil(top / step) * step;
  const y = (v) => T + (H - T - B) * (1 - v / ymax);
  for (let v = 0; v <= ymax + 1e-9; v += step) {
    s.append(svg('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid' }));
    s.append(svg('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end' }, Math.round(v).toLocaleString()));
  }
  const groupW = (W - L - R) / worst;
  const barW = Math.min(28, (groupW * 0.8) / results.length);
  for (let k = 1; k <= worst; k++) {
    const x0 = L + groupW * (k - 1) + (groupW - barW * results.length) / 2;
    results.forEach((r, i) => {
      const n = r.histogram[k] || 0;
      if (n === 0) return;
      // A few secrets among thousands still show as a bar: every bar starts 2 pixels high
      // and grows with its count, so that 10 secrets always stand taller than 1.
      const h = 2 + (y(0) - y(n)) * (1 - 2 / (y(0) - y(ymax)));
      const rect = svg('rect', {
        x: x0 + i * barW, y: y(0) - h, width: Math.max(1, barW - 2), height: h,
        fill: colourOf(r, i), class: 'bar', 'data-strategy': r.strategy, 'data-guesses': k,
      });
      rect.append(svg('title', {}, `${nameOf(r)}: ${plural(n, 'secret')} in ${plural(k, 'guess', 'guesses')}`));
      s.append(rect);
    });
    s.append(svg('text', { x: L + groupW * (k - 0.5), y: H - B + 18, 'text-anchor': 'middle' }, k));
  }
  s.append(svg('line', { x1: L, x2: W - R, y1: y(0), y2: y(0), class: 'axis' }));
  s.append(svg('line', { x1: L, x2: L, y1: T, y2: y(0), class: 'axis' }));
  s.append(svg('text', { x: L + (W - L - R) / 2, y: H - 14, 'text-anchor': 'middle', class: 'title' }, 'guesses needed'));
  s.append(svg('text', { x: 14, y: T + (H - T - B) / 2, 'text-anchor': 'middle', class: 'title',
    transform: `rotate(-90 14 ${T + (H - T - B) / 2})` }, 'secrets'));
  lines.forEach((line, row) => {
    const ly = 6 + row * 18;
    for (const it of line) {
      const x = 8 + it.x;
      s.append(svg('rect', { x, y: ly, width: 12, height: 12, rx: 2, fill: colourOf(results[it.i], it.i), class: 'key-swatch' }));
      s.append(svg('text', { x: x + 16, y: ly + 10 }, it.label));
    }
  });
  box.replaceChildren(s);
}
let resizing = null;
window.addEventListener('resize', () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (S.results) drawChart(S.results); }, 150);
});
// The comparison: Strategy, Average and Worst first (Strategy held at the left), then Total,
// the histogram of guesses needed, and the time taken; the table scrolls inside its box
// when the histogram is wide.
export function tableRows(results) {
  const worst = Math.max(...results.map((r) => r.worst));
  const head = ['Strategy', 'Average', 'Worst', 'Total'];
  for (let k = 1; k <= worst; k++) head.push(String(k));
  head.push('Seconds');
  const rows = results.map((r) => {
    const row = [nameOf(r), r.average.toFixed(4), String(r.worst), String(r.total)];
    for (let k = 1; k <= worst; k++) row.push(String(r.histogram[k] || 0));
    row.push(r.strategy === 'tree' ? '' : r.seconds.toFixed(3));
    return row;
  });
  return { head, rows, worst };
}
export function drawTable(results) {
  const { worst } = tableRows(results);
  const t = $('analysis-table');
  const head = el('tr');
  head.append(el('th', 'left sticky col-strategy', 'Strategy'));
  for (const c of ['Average', 'Worst', 'Total']) head.append(el('th', c.toLowerCase(), c));
  for (let k = 1; k <= worst; k++) {
    const th = el('th', 'hist', k);
    th.title = `secrets found in ${plural(k, 'guess', 'guesses')}`;
    head.append(th);
  }
  head.append(el('th', 'seconds', 'Seconds'));
  const best = Math.min(...results.map((r) => r.average));
  const rows = results.map((r) => {
    const tr = el('tr', r.average === best && results.length > 1 ? 'best' : null);
    tr.dataset.strategy = r.strategy;
    const name = el('td', 'left name sticky col-strategy');
    name.append(el('strong', null, nameOf(r)));
    if (r.description && r.description !== nameOf(r)) name.append(el('span', 'desc', r.description));
    tr.append(name);
    // A sampled average is an estimate: its 95% interval beside it.
    const avg = el('td', 'average', r.interval
      ? `${r.average.toFixed(2)} ± ${((r.interval.high - r.interval.low) / 2).toFixed(2)}`
      : r.average.toFixed(4));
    avg.title = r.interval ? `${r.interval.low.toFixed(3)} to ${r.interval.high.toFixed(3)}: ${r.interval.method}` : r.fraction;
    tr.append(avg, el('td', 'worst', r.worst), el('td', 'total', num(r.total)));
    for (let k = 1; k <= worst; k++) tr.append(el('td', 'hist', num(r.histogram[k] || 0)));
    // A loaded tree was not timed here.
    const secs = el('td', 'seconds', r.strategy === 'tree' ? '—' : r.seconds.toFixed(3));
    if (r.strategy === 'tree') secs.title = 'loaded from a file: not timed here';
    else if (r.effort) secs.title = `${num(r.effort.nodes)} nodes searched`;
    tr.append(secs);
    return tr;
  });
  t.replaceChildren(head, ...rows);
}

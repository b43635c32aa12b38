// The figures of a finished analysis: the histogram of guesses needed (an SVG chart drawn at
// the size it is shown, redrawn when the window changes) and the comparison table.

import { S } from '/js/state.js';
import { $, el, svg } from '/js/util.js';

const SERIES = ['#3b5bdb', '#f08c00', '#2f9e44', '#c2255c', '#7048e8', '#0c8599', '#e8590c', '#5c940d'];
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
  const items = results.map((r, i) => ({ i, label: `${r.strategy} (avg ${r.average.toFixed(3)})` }));
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
  const step = [1, 2, 5, 10].map((m) => m * mag).find((v) => v >= raw) || raw;
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
      // A few secrets among thousands still show as a bar.
      const h = Math.max(3, y(0) - y(n));
      const rect = svg('rect', {
        x: x0 + i * barW, y: y(0) - h, width: Math.max(1, barW - 2), height: h,
        fill: SERIES[i % SERIES.length], class: 'bar', 'data-strategy': r.strategy, 'data-guesses': k,
      });
      rect.append(svg('title', {}, `${r.description}: ${n.toLocaleString()} secrets in ${k} guesses`));
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
      s.append(svg('rect', { x, y: ly, width: 12, height: 12, rx: 2, fill: SERIES[it.i % SERIES.length] }));
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
export function drawTable(results) {
  const worst = Math.max(...results.map((r) => r.worst));
  const t = $('analysis-table');
  const head = el('tr');
  head.append(el('th', 'left', 'Strategy'));
  for (let k = 1; k <= worst; k++) head.append(el('th', null, k));
  for (const c of ['Total', 'Average', 'Worst', 'Seconds']) head.append(el('th', null, c));
  const best = Math.min(...results.map((r) => r.average));
  const rows = results.map((r) => {
    const tr = el('tr', r.average === best && results.length > 1 ? 'best' : null);
    tr.dataset.strategy = r.strategy;
    tr.append(el('td', 'left', r.description));
    for (let k = 1; k <= worst; k++) tr.append(el('td', null, (r.histogram[k] || 0).toLocaleString()));
    tr.append(el('td', 'total', r.total.toLocaleString()));
    const avg = el('td', 'average', r.average.toFixed(4));
    avg.title = r.fraction;
    const secs = el('td', 'seconds', r.seconds.toFixed(3));
    if (r.effort) secs.title = `${r.effort.nodes.toLocaleString()} nodes searched`;
    tr.append(avg, el('td', 'worst', r.worst), secs);
    return tr;
  });
  t.replaceChildren(head, ...rows);
}


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
export const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + 's')}`;
export const fmt = (x, d) => (typeof x === 'number' ? x.toFixed(d) : String(x));
// A server message as a sentence of its own.
export const sentence = (t) => (t ? t.charAt(0).toUpperCase() + t.slice(1) : t);
export const sameGame = (a, b) => !!a && !!b && JSON.stringify(a) === JSON.stringify(b);
export function showError(id, err) {
  const box = $(id);
  if (!err) { show(box, false); box.textContent = ''; return; }
  box.textContent = sentence(err.message || String(err));
  show(box, true);
}
export function notice(id, text) {
  const box = $(id);
  box.textContent = text || '';
  show(box, !!text);
}


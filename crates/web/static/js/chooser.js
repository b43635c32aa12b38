// The game chooser, over the server's /api/game: reads the spec from the form, has the server
// check and describe it, then lets every panel follow the chosen game.

import { api } from '/js/api.js';
import { S } from '/js/state.js';
import { $, show, showError } from '/js/util.js';

// What brings the panels in line with a newly chosen game: set by the page's entry point, so
// that the chooser need not know the panels.
let follow = async () => {};
export function onGameChosen(fn) { follow = fn; }

const DEFAULTS = { mastermind: [4, 6], bulls: [4, 10], blackpeg: [4, 6] };
export function readSpec() {
  const kind = $('game-kind').value;
  if (kind === 'twod') return { game: 'twod', size: Number($('game-size').value) };
  const spec = { game: kind, pegs: Number($('game-pegs').value), colors: Number($('game-colors').value) };
  if (kind !== 'bulls' && $('game-distinct').checked) {
    spec.distinct_secret = true;
    spec.distinct_guess = true;
  }
  return spec;
}
export function kindChanged() {
  const kind = $('game-kind').value;
  for (const e of document.querySelectorAll('.for-pegs')) show(e, kind !== 'twod');
  for (const e of document.querySelectorAll('.for-size')) show(e, kind === 'twod');
  for (const e of document.querySelectorAll('.for-distinct')) show(e, kind === 'mastermind' || kind === 'blackpeg');
  if (DEFAULTS[kind]) {
    $('game-pegs').value = DEFAULTS[kind][0];
    $('game-colors').value = DEFAULTS[kind][1];
  }
  gameChanged();
}
let gameSeq = 0;
// Describes the chosen game, then brings every panel in line with it. Nothing happens when
// the spec is the one last asked for (a field left without a change).
function gameChanged() {
  const spec = readSpec();
  const asked = JSON.stringify(spec);
  if (asked === S.asked) return S.pending;
  S.asked = asked;
  const seq = ++gameSeq;
  const work = (async () => {
    try {
      const g = await api('POST', '/api/game', { game: spec });
      if (seq !== gameSeq) return;
      S.game = g;
      showError('game-error', null);
      const notes = [];
      if (!g.allows.play) notes.push('too large to play here');
      else if (!g.allows.solve) notes.push('too large for the computer to solve or hint here');
      if (g.allows.play && !g.allows.analyze) notes.push('too large to analyse here');
      const example = g.replies[Math.floor(g.replies.length / 2)];
      $('game-info').textContent = `${g.name} · ${Number(g.codes).toLocaleString()} codes · replies like ${example}` +
        (notes.length ? ` · ${notes.join('; ')}` : '');
      $('play-attempts-input').placeholder = String(g.default_attempts);
      $('play-new').disabled = !g.allows.play;
      $('solve-new').disabled = !g.allows.solve;
      $('analyze-run').disabled = !!S.following || !g.allows.analyze;
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
$('game-kind').addEventListener('change', kindChanged);
$('game-distinct').addEventListener('change', gameChanged);
// Number fields follow the typing (after a pause), and their change event (on leaving the
// field) does nothing when the value was already applied.
let typing = null;
for (const id of ['game-pegs', 'game-colors', 'game-size']) {
  const field = $(id);
  field.addEventListener('input', () => {
    clearTimeout(typing);
    if (field.value.trim() === '') return;
    typing = setTimeout(gameChanged, 400);
  });
  field.addEventListener('change', () => { clearTimeout(typing); gameChanged(); });
}


// The review of a finished game, over the server's /api/review: each guess against the best
// one at that point, a verdict per move, and the game's skill and luck, with the method
// written out. Used by Play and by Crack my secret.

import { api } from '/js/api.js';
import { codeView } from '/js/board.js';
import { $, countShort, countTitle, el, fmt, humane, show } from '/js/util.js';

// Reviews `moves` (guess and feedback each) of a game of `spec` whose secret is `secret`,
// into the card `panel`; `onDone(report)` gets the report; `opts.guessWord` heads the column of
// guesses ("Your guess", or the computer's in Crack my secret).
export async function showReview(panel, game, spec, moves, secret, onDone, opts) {
  const box = $(panel);
  show(box, true);
  delete box.dataset.moves;
  const seq = (box.seq = (box.seq || 0) + 1);
  box.replaceChildren(el('h2', null, 'Review'), el('p', 'muted', 'Reviewing the game…'));
  try {
    const r = await api('POST', '/api/review', {
      game: spec,
      secret,
      history: moves.map((m) => ({ guess: m.guess, feedback: m.feedback })),
    });
    if (seq !== box.seq) return;
    renderReview(box, game, r, (opts && opts.guessWord) || 'Your guess');
    box.dataset.moves = String(r.moves.length);
    if (onDone) onDone(r);
  } catch (e) {
    if (seq !== box.seq) return;
    box.replaceChildren(el('h2', null, 'Review'), el('p', 'error', humane(e.message)));
  }
}

export function hideReview(panel) {
  const box = $(panel);
  box.seq = (box.seq || 0) + 1;
  show(box, false);
  box.replaceChildren();
}

// How the best guess was found, for its tooltip.
const BEST_BY = {
  optimal: 'the exact optimum',
  entropy: 'the most informative guess (entropy)',
  sampled: 'the most informative guess on a sample of the secrets that fit (the game is too large to list)',
};

const signed = (x) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;

function renderReview(box, g, r, guessWord) {
  box.replaceChildren(el('h2', null, 'Review'));
  const totals = el('div', 'review-totals');
  const skill = el('span', 'review-skill');
  skill.append('Skill ', el('strong', null, `${r.skill}`), '/100');
  const luck = el('span', 'review-luck');
  luck.append('Luck ', el('strong', null, signed(r.luck)), ' bits');
  totals.append(skill, luck);
  box.append(totals);
  const yours = guessWord === 'Your guess' ? 'yours' : 'played';
  const COLS = ['#', guessWord, 'Secrets left', 'Best guess', 'Best would leave', `Guesses still needed (${yours} / best)`, 'Skill', 'Verdict'];
  const t = el('table', 'data review-table cards');
  const head = el('tr');
  for (const c of COLS) head.append(el('th', c === 'Verdict' ? 'left' : null, c));
  t.append(head);
  for (const m of r.moves) {
    const tr = el('tr');
    tr.dataset.move = m.number;
    const cell = (k, cls, content) => {
      const td = el('td', cls);
      td.dataset.label = COLS[k];
      if (content instanceof Node) td.append(content); else td.textContent = content;
      tr.append(td);
      return td;
    };
    cell(0, null, m.number);
    cell(1, 'guess', codeView(g, m.move.guess, 'small'));
    const left = cell(2, 'left', `${countShort(m.left)} of ${countShort(m.before)}`);
    left.title = [countTitle(m.left), countTitle(m.before)].filter((t) => t).join(' / ');
    const best = cell(3, 'best', codeView(g, m.best, 'small'));
    best.title = BEST_BY[m.best_by] || '';
    const bestLeft = cell(4, 'best-left', countShort(m.best_left));
    bestLeft.title = countTitle(m.best_left);
    cell(5, 'needed', m.guesses_needed === null || m.guesses_needed === undefined
      ? '—' : `${fmt(m.guesses_needed, 2)} / ${fmt(m.best_guesses_needed, 2)}`);
    cell(6, 'skill', m.skill);
    cell(7, 'verdict', m.verdict);
    t.append(tr);
  }
  const wrap = el('div', 'table-wrap');
  wrap.append(t);
  box.append(wrap);
  const how = el('details', 'about');
  how.open = true;
  how.append(el('summary', null, 'How skill and luck are worked out'), el('p', 'small muted method', r.method));
  box.append(how);
}

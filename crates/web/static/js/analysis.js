// Analyse, over the server's analysis jobs (/api/analyze, and /api/tree for a loaded tree
// file): starts a job, follows its progress, cancels it, and shows a finished job's figures
// (chart.js) and trees (tree.js).

import { api, drop } from '/js/api.js';
import { gameView } from '/js/board.js';
import { drawChart, drawTable, labelOf, tableRows } from '/js/chart.js';
import { readSpec } from '/js/chooser.js';
import { prepareDownloads, saveState } from '/js/keep.js';
import { addOptimal, optimalRequest } from '/js/optimal.js';
import { S } from '/js/state.js';
import { showTree } from '/js/tree.js';
import { $, el, notice, num, sameGame, show, showError } from '/js/util.js';

// The strategies to compare, first, minimax and entropy checked, and the exact optimum when
// the server offers it.
export function listAnalysisStrategies(strategies, optimal) {
  const box = $('analyze-strategies');
  const about = $('analyze-about');
  for (const s of strategies) {
    about.append(el('dt', null, s.name), el('dd', null, `${s.summary} (${s.source})`));
    const label = el('label', 'check');
    label.title = `${s.summary} (${s.source})`;
    const cb = el('input');
    cb.type = 'checkbox';
    cb.value = s.name;
    cb.checked = ['first', 'minimax', 'entropy'].includes(s.name);
    label.append(cb, document.createTextNode(s.name));
    box.append(label);
  }
  if (optimal) {
    addOptimal(box, optimal);
    about.append(el('dt', null, optimal.name), el('dd', null, `${optimal.summary} (${optimal.source}); games up to ${optimal.max_codes.toLocaleString('en')} codes, ${optimal.max_seconds} s at most`));
  }
  for (const [name, what] of [
    ['Guess pool', 'all codes: any code may be guessed; consistent only: only codes that could still be the secret.'],
    ['Ties', 'which of equally good guesses a strategy plays: one that could be the secret, or the lowest code.'],
    ['First guess', 'the opening guess every strategy plays (auto: each strategy\'s own).'],
  ]) about.append(el('dt', null, name), el('dd', null, what));
}
// The strategies that play a game too large to list (on a sample of the secrets that fit).
const REASONED = ['entropy', 'expected-size', 'most-parts'];
// The form for game `g`: a game too large to list is analysed on random secrets, by the
// strategies that play it, without the listed games' options (kept, not cleared, for the
// next listed game).
export function analysisForm(g) {
  const reasoned = !!(g && g.reasoned);
  show($('analyze-secrets-label'), reasoned);
  for (const id of ['analyze-pool', 'analyze-ties', 'analyze-first']) {
    $(id).disabled = reasoned;
    $(id).parentElement.title = reasoned ? 'not available for games too large to list' : '';
  }
  for (const cb of document.querySelectorAll('#analyze-strategies input[type=checkbox]')) {
    cb.disabled = reasoned && !REASONED.includes(cb.value);
    cb.parentElement.classList.toggle('muted', cb.disabled);
  }
}
async function runAnalysis() {
  if (!S.game) return;
  showError('analyze-error', null);
  notice('analyze-status', '');
  const strategies = [...document.querySelectorAll('#analyze-strategies input:checked:not(:disabled)')].map((c) => c.value);
  if (!strategies.length) {
    const which = S.game.reasoned ? `: on a game too large to list, one of ${REASONED.join(', ')}` : '';
    showError('analyze-error', new Error(`pick at least one strategy${which}`));
    return;
  }
  const body = { game: readSpec(), strategies };
  if (S.game.reasoned) {
    const n = Number($('analyze-secrets').value);
    if (!Number.isInteger(n) || n < 1 || n > 100000) {
      showError('analyze-error', new Error(`random secrets ${$('analyze-secrets').value || '(empty)'}: expected a whole number from 1 to 100000`));
      return;
    }
    body.sample = n;
  } else {
    if (strategies.includes('optimal')) body.optimal = optimalRequest();
    if ($('analyze-pool').value) body.pool = $('analyze-pool').value;
    if ($('analyze-ties').value) body.ties = $('analyze-ties').value;
    const first = $('analyze-first').value.trim();
    if (first) body.first_guess = first;
  }
  try {
    follow(await api('POST', '/api/analyze', body));
  } catch (e) { showError('analyze-error', e); }
}
function follow(job) {
  clearTimeout(S.poll);
  S.following = job.job;
  $('analyze-run').disabled = true;
  show($('analyze-progress'), true);
  progress(job);
  const tick = async () => {
    if (S.following !== job.job) return;
    try {
      const j = await api('GET', `/api/analyze/${job.job}`);
      if (S.following !== job.job) return;
      progress(j);
      if (j.state === 'done') return finished(j);
      if (j.state === 'failed') throw new Error(j.error);
      S.poll = setTimeout(tick, 250);
    } catch (e) {
      if (S.following !== job.job) return;
      S.following = null;
      clearResults();
      showError('analyze-error', e);
      $('analyze-run').disabled = !(S.game && S.game.allows.analyze);
      show($('analyze-progress'), false);
    }
  };
  if (job.state === 'done') finished(job); else S.poll = setTimeout(tick, 150);
}
function progress(j) {
  const p = j.progress;
  const percent = Math.round(p.fraction * 100);
  $('analyze-bar').style.width = `${percent}%`;
  const bar = $('analyze-bar').parentElement;
  bar.setAttribute('aria-valuenow', String(percent));
  const current = j.strategies[Math.min(p.strategy, j.strategies.length - 1)] || '';
  const step = `(${Math.min(p.strategy + 1, p.of)} of ${p.of})`;
  const text = j.state === 'queued' ? 'waiting for an earlier analysis…'
    : j.state === 'done' ? 'done'
    : p.search ? `optimal: ${p.search.nodes.toLocaleString()} nodes searched, ${p.search.seconds.toFixed(1)} s` +
      `${p.search.depth ? `, trying at most ${p.search.depth} guesses` : ''} ${step}`
    : `${current}: ${p.done.toLocaleString()} of ${j.secrets.toLocaleString()} ${S.game && S.game.reasoned ? 'random ' : ''}secrets ${step}`;
  $('analyze-progress-text').textContent = text;
  bar.setAttribute('aria-valuetext', `${percent}%: ${text}`);
}
// Cancel: deleting the job stops its work on the server (an exact search at once).
async function cancelAnalysis() {
  const id = S.following;
  if (!id) return;
  S.following = null;
  clearTimeout(S.poll);
  show($('analyze-progress'), false);
  $('analyze-run').disabled = !(S.game && S.game.allows.analyze);
  notice('analyze-status', 'Cancelling…');
  try {
    await api('DELETE', `/api/analyze/${id}`);
    notice('analyze-status', S.results
      ? 'Analysis cancelled: the results below are from the analysis before.'
      : 'Analysis cancelled.');
  } catch (e) {
    notice('analyze-status', '');
    showError('analyze-error', e);
  }
}
// A failed analysis or tree file leaves no results on the page: figures under an error would
// look like the figures of what failed.
function clearResults() {
  if (S.job) drop('analyze', S.job);
  S.job = null;
  S.results = null;
  show($('analyze-results'), false);
  $('analysis-chart').replaceChildren();
  $('analysis-table').replaceChildren();
  $('tree-root').replaceChildren();
}
function finished(j) {
  S.following = null;
  $('analyze-run').disabled = !(S.game && S.game.allows.analyze);
  show($('analyze-progress'), false);
  // The results shown before are replaced: their job is no longer needed on the server.
  if (S.job && S.job !== j.job) drop('analyze', S.job);
  S.results = j.results;
  S.job = j.job;
  S.analysisSpec = j.game;
  S.analysisName = j.name;
  S.analysisGame = gameView(j.game);
  show($('analyze-results'), true);
  $('analysis-game').textContent = j.name;
  syncAnalysis();
  drawChart(j.results);
  drawTable(j.results);
  const { head, rows } = tableRows(j.results);
  prepareDownloads(head, rows);
  // A sample of a game too large to list has no tree: its averages are estimates, said so.
  const sampled = j.results.filter((r) => r.method === 'sampled');
  show($('analysis-tree-section'), !sampled.length);
  show($('analysis-sampled'), sampled.length > 0);
  if (sampled.length) {
    const r = sampled[0];
    $('analysis-sampled').textContent = `Estimated on ${num(r.secrets + (r.unfinished || 0))} random secrets (seed ${r.seed}): ` +
      'each average comes with its 95% interval (hover over it); the game is too large to play every secret, so there is no decision tree.';
    $('tree-root').replaceChildren();
    return;
  }
  const sel = $('tree-strategy');
  sel.replaceChildren(...j.results.map((r, i) => {
    const o = el('option', null, labelOf(r));
    o.value = i;
    return o;
  }));
  // The explorer opens on the best: the exact optimum when there is one, else the fewest
  // guesses on average (then the smallest worst case).
  let best = j.results.findIndex((r) => r.strategy === 'optimal');
  if (best < 0) {
    best = 0;
    j.results.forEach((r, i) => {
      const b = j.results[best];
      if (r.average < b.average || (r.average === b.average && r.worst < b.worst)) best = i;
    });
  }
  sel.value = String(best);
  showTree(best);
}
export function syncAnalysis() {
  const other = S.results && S.game && !sameGame(S.analysisSpec, S.game.game);
  notice('analyze-notice', other
    ? `These results are for ${S.analysisName}; the chooser now says ${S.game.name}: press Run analysis for that.`
    : '');
}
$('analyze-run').addEventListener('click', runAnalysis);
$('analyze-cancel').addEventListener('click', cancelAnalysis);
// The file input stays hidden; a real button opens it, so the keyboard reaches it.
$('analyze-upload-button').addEventListener('click', () => $('analyze-upload').click());
$('analyze-upload').addEventListener('change', async (ev) => {
  const file = ev.target.files && ev.target.files[0];
  if (!file) return;
  showError('analyze-error', null);
  notice('analyze-status', '');
  try {
    const text = await file.text();
    follow(await api('POST', '/api/tree', text));
  } catch (e) {
    // The file was to replace what the page shows or runs: an analysis still running stops
    // too, or its figures would appear under the error.
    if (S.following) {
      drop('analyze', S.following);
      S.following = null;
      clearTimeout(S.poll);
      show($('analyze-progress'), false);
      $('analyze-run').disabled = !(S.game && S.game.allows.analyze);
    }
    clearResults();
    showError('analyze-error', new Error(treeFileError(file.name, e)));
  }
  ev.target.value = '';
});
// Why a tree file was refused, in the page's words.
function treeFileError(name, e) {
  const m = String(e.message || e);
  const lead = `${name} is not a tree file this page can read`;
  if (e.status === 413) return `${name} is too large to load here (${m.replace(/^request body /, '')}).`;
  if (/not valid JSON|body is empty/.test(m)) {
    return `${lead}: it is not JSON. Load a tree saved with Download tree JSON, or written by codebreak analyze --tree or codebreak optimal.`;
  }
  return `${lead}: ${m.replace(/^(bad request body( at [^:]*)?|the request body[^:]*): /, '')}.`;
}
// Settings changed in the analysis form are kept in the address.
$('panel-analyze').addEventListener('change', (ev) => {
  if (ev.target.closest('#analyze-strategies') || ev.target.closest('.options')) saveState();
});

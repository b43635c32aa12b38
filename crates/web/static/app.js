// codebreak web UI: vanilla JavaScript, no dependencies, nothing fetched but this server's API.
// The entry point: it loads the page's modules (under /js/, grouped like the server's
// handlers), wires the game chooser to the panels, switches tabs, and starts the page.
//
//   util.js     DOM and text helpers          api.js       requests to this server
//   state.js    the page's shared state       board.js     pegs, codes and answer pegs
//   chooser.js  the game chooser (/api/game)  hint.js      hints (/api/hint)
//   play.js     play (/api/play)              solve.js     crack my secret (/api/solve)
//   analysis.js analysis jobs (/api/analyze, /api/tree)
//   optimal.js  the exact optimum's options   chart.js     the chart and table of figures
//   tree.js     the tree explorer (/api/analyze/{job}/tree)
//   review.js   a finished game's review (/api/review)
//   keep.js     the position in the address and the browser, downloads, the result line
//   words.js    games of words: typed guesses, Wordle's keyboard and tiles, a game file's replies
//   assist.js   the Assistant: a game played elsewhere (/api/hint, /api/best)
//   diagnosis.js  a contradiction diagnosed, with its fixes (Crack my secret, the Assistant)
//   opener.js   the recommended opener before the first row (the Assistant, Play)

import { api, drop } from '/js/api.js';
import { listAnalysisStrategies, syncAnalysis } from '/js/analysis.js';
import { restoreAssist, syncAssist } from '/js/assist.js';
import { kindChanged, listGameFiles, onGameChosen } from '/js/chooser.js';
import { applySettings, saveState, savedState } from '/js/keep.js';
import { optimalAllowed } from '/js/optimal.js';
import { resumePlay, syncPlay } from '/js/play.js';
import { listSolveStrategies, newSolve, syncSolve } from '/js/solve.js';
import { S } from '/js/state.js';
import { $, show, showError } from '/js/util.js';

// ---------------------------------------------------------------- the chosen game
// Every panel follows a newly chosen game.
onGameChosen(async () => {
  optimalAllowed();
  syncAssist();
  await Promise.all([syncPlay(), syncSolve(), syncAnalysis()]);
  saveState();
});

// ---------------------------------------------------------------- tabs
const TABS = ['play', 'solve', 'assist', 'analyze'];
function selectTab(name) {
  S.tab = name;
  for (const t of document.querySelectorAll('.tab')) {
    const on = t.dataset.tab === name;
    t.classList.toggle('active', on);
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
  }
  for (const p of TABS) show($('panel-' + p), p === name);
  if (location.hash !== '#' + name) history.replaceState(null, '', location.search + '#' + name);
  saveState();
  // A game is started only where it is seen.
  if (name === 'play') syncPlay();
}
for (const t of document.querySelectorAll('.tab')) {
  t.addEventListener('click', () => selectTab(t.dataset.tab));
  t.addEventListener('keydown', (ev) => {
    const k = TABS.indexOf(t.dataset.tab);
    const to = ev.key === 'ArrowRight' ? k + 1 : ev.key === 'ArrowLeft' ? k - 1 : null;
    if (to === null) return;
    const next = TABS[(to + TABS.length) % TABS.length];
    selectTab(next);
    $('tab-' + next).focus();
    ev.preventDefault();
  });
}

// ---------------------------------------------------------------- leaving the page
// The sessions and the job of this page end with it; a page restored from the back-forward
// cache starts afresh.
window.addEventListener('pagehide', () => {
  if (S.play) drop('play', S.play.id);
  if (S.solve) drop('solve', S.solve.id);
  if (S.following) drop('analyze', S.following);
  if (S.job) drop('analyze', S.job);
});
window.addEventListener('pageshow', (ev) => { if (ev.persisted) location.reload(); });

// ---------------------------------------------------------------- start
// Opens the position of the address (a link) or, without one, the one kept in the browser
// (a reload, or the page opened again): the game, a play game in progress replayed from the
// seed of its secret, a solve's answers given again, the analysis settings.
async function init() {
  S.restoring = true;
  const { params, tab } = savedState();
  try {
    const [list, limits] = await Promise.all([api('GET', '/api/strategies'), api('GET', '/api/limits'), listGameFiles()]);
    S.strategies = list.strategies;
    S.limits = limits;
    listSolveStrategies(list.strategies);
    listAnalysisStrategies(list.strategies, list.optimal);
  } catch (e) { showError('game-error', e); }
  applySettings(params);
  const seed = params.get('seed');
  const moves = params.get('moves');
  if (moves && (seed !== null || params.get('maker') === 'adversarial')) {
    resumePlay(seed === null ? null : Number(seed), moves.split(',').filter(Boolean), params.get('resigned') === '1');
  }
  selectTab(TABS.includes(tab) ? tab : 'play');
  await kindChanged(params.has('game'));
  // A link to a game file this server has not loaded: said, with what to do.
  if (S.missingGame) showError('game-error', new Error('the game file of this link is not loaded on this server: load it with "Load a game file…", then open the link again'));
  const rows = params.get('assist');
  if (rows && S.game && !S.missingGame) restoreAssist(rows.split(',').filter(Boolean));
  const answers = params.get('answers');
  if (answers && S.game && S.game.allows.solve) await newSolve(answers.split(',').filter(Boolean));
  S.restoring = false;
  saveState();
  document.body.dataset.ready = 'yes';
}
init();

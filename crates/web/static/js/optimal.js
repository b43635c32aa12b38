// The exact optimum among the analysis's strategies (the server's optimal job entry): its
// checkbox with the objective and depth limit, allowed only for games small enough.

import { S } from '/js/state.js';
import { $, el } from '/js/util.js';

// A checkbox among the strategies, with its objective and depth limit.
export function addOptimal(box, o) {
  S.optimal = o;
  const group = el('span', 'optimal-group');
  const label = el('label', 'check');
  label.id = 'analyze-optimal-label';
  const cb = el('input');
  cb.type = 'checkbox';
  cb.value = o.name;
  cb.id = 'analyze-optimal';
  label.append(cb, document.createTextNode(o.name));
  const objectiveLabel = el('label', null, 'minimise');
  const objective = el('select');
  objective.id = 'analyze-objective';
  objective.title = 'what the exact search minimises';
  for (const [v, text] of [['expected', 'guesses in all'], ['worst', 'the worst case']]) {
    const opt = el('option', null, text);
    opt.value = v;
    objective.append(opt);
  }
  objectiveLabel.append(objective);
  const depth = el('input');
  depth.id = 'analyze-depth';
  depth.type = 'number';
  depth.min = 1;
  depth.max = 63;
  depth.placeholder = 'any';
  depth.title = 'no secret may need more guesses than this';
  const depthLabel = el('label', null, 'at most');
  depthLabel.append(depth, document.createTextNode('guesses'));
  const sync = () => { objective.disabled = depth.disabled = !cb.checked || cb.disabled; };
  cb.addEventListener('change', sync);
  group.append(label, objectiveLabel, depthLabel);
  box.append(group);
  optimalAllowed();
}
// Allows the exact search for games the server searches, and says why not for others.
export function optimalAllowed() {
  const cb = $('analyze-optimal');
  if (!cb || !S.optimal) return;
  const o = S.optimal;
  const ok = !S.game || S.game.allows.optimal;
  cb.disabled = !ok;
  if (!ok) cb.checked = false;
  $('analyze-optimal-label').title = ok
    ? `${o.summary} (${o.source}); games up to ${o.max_codes.toLocaleString()} codes, ${o.max_seconds} s at most`
    : `this game is too large for the exact search here (at most ${o.max_codes.toLocaleString()} codes): use codebreak optimal`;
  cb.dispatchEvent(new Event('change'));
}

// The options of the exact search, as an analysis request carries them.
export function optimalRequest() {
  const optimal = { objective: $('analyze-objective').value };
  const depth = $('analyze-depth').value.trim();
  if (depth) optimal.max_depth = Number(depth);
  return optimal;
}

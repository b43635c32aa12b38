// The tree explorer, over the server's /api/analyze/{job}/tree: a finished job's decision
// tree, opened one node at a time, and the link to download it whole.

import { api } from '/js/api.js';
import { codeView, wordView } from '/js/board.js';
import { labelOf, nameOf } from '/js/chart.js';
import { S } from '/js/state.js';
import { $, button, el, plural, showError } from '/js/util.js';

function pathText(path) { return path.map((m) => `${m.guess}:${m.feedback}`).join(','); }
// One node: a button that opens its replies, or (a leaf, or the root, always open) a span.
function treeItem(g, node, label, open, pressable, parentGuess) {
  const li = el('li');
  const leaf = node.leaf || (node.replies && node.replies.length === 0);
  const head = pressable && !leaf ? button('node') : el('span', 'node');
  head.classList.toggle('leaf', !!leaf);
  const twisty = el('span', 'twisty', leaf ? '•' : open ? '▾' : '▸');
  twisty.setAttribute('aria-hidden', 'true');
  head.append(twisty);
  // A reply: Wordle's as the tiles of the guess it answers, another game's as its text.
  if (label && g.style === 'wordle' && parentGuess) {
    const tiles = wordView(g, parentGuess, label, 'small');
    tiles.classList.add('reply');
    tiles.title = label;
    head.append(tiles);
  } else if (label) head.append(el('span', 'reply', label));
  head.append(codeView(g, node.guess, 'small'));
  head.append(el('span', 'count', plural(node.secrets, 'secret')));
  if (leaf) head.append(el('span', 'found', 'found'));
  else if (node.found_here) head.append(el('span', 'found', '1 found here'));
  if (head.tagName === 'BUTTON') {
    head.setAttribute('aria-expanded', open ? 'true' : 'false');
    head.setAttribute('aria-label', `reply ${label}: next guess ${node.guess}, ${plural(node.secrets, 'secret')}`);
  }
  li.append(head);
  li.dataset.guess = node.guess;
  return { li, head, twisty, leaf };
}
function renderChildren(k, g, node, parentLi) {
  const ul = el('ul');
  for (const r of node.replies) {
    const childPath = node.path.concat([{ guess: node.guess, feedback: r.reply.text }]);
    const { li, head, twisty, leaf } = treeItem(g, { guess: r.guess, secrets: r.secrets, leaf: r.leaf }, r.reply.text, false, true, node.guess);
    li.dataset.reply = r.reply.text;
    if (!leaf) {
      let loaded = null;
      head.addEventListener('click', async () => {
        if (loaded) {
          const hidden = loaded.classList.toggle('hidden');
          twisty.textContent = hidden ? '▸' : '▾';
          head.setAttribute('aria-expanded', hidden ? 'false' : 'true');
          return;
        }
        twisty.textContent = '…';
        try {
          const n = await api('GET', `/api/analyze/${S.job}/tree?strategy=${k}&path=${encodeURIComponent(pathText(childPath))}`);
          loaded = renderChildren(k, g, n, li);
          twisty.textContent = '▾';
          head.setAttribute('aria-expanded', 'true');
        } catch (e) {
          twisty.textContent = '!';
          showError('analyze-error', e);
        }
      });
    }
    ul.append(li);
  }
  parentLi.append(ul);
  return ul;
}
export function showTree(k) {
  const r = S.results[k];
  const g = S.analysisGame;
  const box = $('tree-root');
  const root = r.tree.root;
  const ul = el('ul');
  const { li } = treeItem(g, root, null, true, false);
  li.classList.add('root');
  ul.append(li);
  renderChildren(k, g, root, li);
  const name = r.strategy === 'tree' ? `${nameOf(r)} (${r.description})` : labelOf(r);
  box.replaceChildren(el('p', 'muted small', `${name}: ${plural(r.tree.nodes, 'node')}, at most ${plural(r.tree.depth, 'guess', 'guesses')}.`), ul);
  $('tree-download').href = `/api/analyze/${S.job}/tree.json?strategy=${k}`;
}
$('tree-strategy').addEventListener('change', () => showTree(Number($('tree-strategy').value)));

// A contradiction, diagnosed: replies no secret gives all at once, refused by the server (409)
// with the library's diagnosis. Said in a box: the likeliest mistake first, the reason under
// "Why", and one-click fixes ranked by how close they are to what was typed. Used by Crack my
// secret and by the Assistant.

import { button, el, humane, plural, show } from '/js/util.js';

// Shows the diagnosis of the refusal `e` in `box`; returns the numbers of the suspect answers.
// `pending` is the number of the answer being given (not yet on the board), `noun` what an
// answer is called ("answer", "reply"), and `onFix(n, reply)` applies a fix.
export function diagnosisView(box, e, { pending, noun, onFix }) {
  const c = e.data && e.data.diagnosis;
  let suspects = [];
  // The one-click fixes, nearest to what was typed first: the library ranks each suspect's
  // corrections by typo distance, and the suspects by their nearest one.
  const options = [];
  if (c && c.suspects) {
    for (const s of c.suspects) {
      suspects = suspects.concat(s.answers);
      if (s.answers.length !== 1) continue;
      for (const corr of s.corrections) options.push({ n: s.answers[0], typed: s.typed[0], corr });
    }
  }
  options.sort((a, b) => a.corr.distance - b.corr.distance); // stable: the library's order within a distance
  const nouns = noun === 'reply' ? 'replies' : `${noun}s`;
  box.replaceChildren(el('strong', null, `Your ${nouns} contradict each other. `));
  if (options.length) {
    const o = options[0];
    box.append(el('span', 'likeliest', `Most likely ${noun} ${o.n} was ${o.corr.replies[0]}, not ${o.typed}. `));
  }
  const more = el('details', 'about');
  more.append(el('summary', null, 'Why'), el('p', 'small', humane(e.message) + '.'));
  box.append(more);
  if (options.length) {
    const fixes = el('div', 'fixes');
    for (const { n, typed, corr } of options.slice(0, 4)) {
      const reply = corr.replies[0];
      const label = n === pending
        ? `Answer ${reply} instead of ${typed} (${plural(corr.secrets, 'secret')} left)`
        : `Change ${noun} ${n} from ${typed} to ${reply} (${plural(corr.secrets, 'secret')} left)`;
      const b = button('fix', label);
      b.dataset.distance = corr.distance;
      b.dataset.reply = reply;
      b.dataset.answer = n;
      b.addEventListener('click', () => onFix(n, reply));
      fixes.append(b);
    }
    box.append(fixes);
  }
  show(box, true);
  return suspects;
}

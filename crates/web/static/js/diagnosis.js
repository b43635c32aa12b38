// A contradiction, diagnosed: replies no secret gives all at once, refused by the server (409)
// with the library's diagnosis. Said in a box: the likeliest mistake first, the reason under
// "Why", and one-click fixes ranked by how close they are to what was typed. Used by Crack my
// secret and by the Assistant.

import { wordView } from '/js/board.js';
import { button, el, humane, plural, show } from '/js/util.js';

// A reply as the game draws it: Wordle's as tiles (its letters those of the guess), another
// game's as its text.
function replyView(g, guess, reply) {
  if (g && g.style === 'wordle' && guess) return wordView(g, guess, reply, 'small');
  return document.createTextNode(reply);
}

// Shows the diagnosis of the refusal `e` in `box`; returns the numbers of the suspect answers.
// `pending` is the number of the answer being given (not yet on the board), `noun` what an
// answer is called ("answer", "reply"), `count` how many answers there are, `game` and
// `guesses` (by answer number) draw the replies, and `onFix(n, reply)` applies a fix.
export function diagnosisView(box, e, { pending, noun, onFix, count, game, guesses }) {
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
  const guessOf = (n) => (guesses ? guesses[n] : null);
  box.replaceChildren(el('strong', null, count === 1
    ? `No secret gives this ${noun}. `
    : `Your ${nouns} contradict each other. `));
  if (options.length) {
    // The likeliest mistakes: every one as near to what was typed as the nearest. Ties are
    // said as ties: the row just typed is as likely as an older one.
    const near = options.filter((o) => o.corr.distance === options[0].corr.distance);
    const rows = [...new Set(near.map((o) => o.n))].sort((a, b) => a - b);
    const said = el('span', 'likeliest');
    if (rows.length === 1) {
      const o = near[0];
      said.append(`Most likely ${noun} ${o.n} was `, replyView(game, guessOf(o.n), o.corr.replies[0]), ', not ', replyView(game, guessOf(o.n), o.typed), '. ');
    } else {
      said.append(`As likely as each other: ${rows.map((n) => `${noun} ${n}`).join(', ').replace(/, ([^,]*)$/, ' or $1')} was mistyped (see the fixes below). `);
    }
    box.append(said);
  }
  const more = el('details', 'about');
  more.append(el('summary', null, 'Why'), el('p', 'small', humane(e.message) + '.'));
  box.append(more);
  if (options.length) {
    const fixes = el('div', 'fixes');
    for (const { n, typed, corr } of options.slice(0, 4)) {
      const reply = corr.replies[0];
      const left = ` (${plural(corr.secrets, 'secret')} left)`;
      const label = n === pending
        ? `Answer ${reply} instead of ${typed}${left}`
        : `Change ${noun} ${n} from ${typed} to ${reply}${left}`;
      const b = button('fix');
      b.setAttribute('aria-label', label);
      if (game && game.style === 'wordle' && guessOf(n)) {
        const v = (r) => replyView(game, guessOf(n), r);
        if (n === pending) b.append('Answer ', v(reply), ' instead of ', v(typed), left);
        else b.append(`Change ${noun} ${n} from `, v(typed), ' to ', v(reply), left);
      } else b.textContent = label;
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

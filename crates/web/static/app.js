// codebreak web UI: vanilla JavaScript, no dependencies, nothing fetched but this server's API.
'use strict';
(() => {
  // ---------------------------------------------------------------- helpers
  const $ = (id) => document.getElementById(id);
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  // A button that never submits anything.
  function button(cls, text) {
    const b = el('button', cls, text);
    b.type = 'button';
    return b;
  }
  const SVG = 'http://www.w3.org/2000/svg';
  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = String(text);
    return e;
  }
  const show = (e, on) => e.classList.toggle('hidden', !on);
  const plural = (n, one, many) => `${n} ${n === 1 ? one : (many || one + 's')}`;
  const fmt = (x, d) => (typeof x === 'number' ? x.toFixed(d) : String(x));
  // A server message as a sentence of its own.
  const sentence = (t) => (t ? t.charAt(0).toUpperCase() + t.slice(1) : t);
  const sameGame = (a, b) => !!a && !!b && JSON.stringify(a) === JSON.stringify(b);

  async function api(method, url, body) {
    const opts = { method, headers: {} };
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const r = await fetch(url, opts);
    let data = null;
    try { data = await r.json(); } catch (_) { data = null; }
    if (!r.ok) {
      const e = new Error((data && data.error) || `the server answered ${r.status}`);
      e.status = r.status;
      e.data = data;
      throw e;
    }
    return data;
  }
  // Ends a session or job on the server, also while the page is being left (keepalive).
  function drop(kind, id) {
    if (!id) return;
    fetch(`/api/${kind}/${id}`, { method: 'DELETE', keepalive: true }).catch(() => {});
  }
  function showError(id, err) {
    const box = $(id);
    if (!err) { show(box, false); box.textContent = ''; return; }
    box.textContent = sentence(err.message || String(err));
    show(box, true);
  }
  function notice(id, text) {
    const box = $(id);
    box.textContent = text || '';
    show(box, !!text);
  }

  // ---------------------------------------------------------------- pegs
  const PALETTE = [
    '#e03131', '#2f9e44', '#1c7ed6', '#fcc419', '#f76707', '#9c36b5', '#22b8cf', '#f06595',
    '#f8f9fa', '#343a40', '#94d82d', '#845ef7', '#a0522d', '#ffa8a8', '#0b7285', '#ffd8a8',
    '#5c940d', '#364fc7', '#868e96', '#e8590c', '#b197fc', '#63e6be', '#862e9c', '#fab005',
  ];
  function pegColor(i) {
    if (i < PALETTE.length) return PALETTE[i];
    return `hsl(${Math.round((i * 137.508) % 360)}, 62%, 52%)`;
  }
  function isDark(i) {
    return [0, 1, 2, 5, 9, 11, 12, 14, 16, 17, 19, 22].includes(i) || i >= PALETTE.length;
  }
  const usesColours = (g) => g.kind === 'mastermind' || g.kind === 'blackpeg';
  // What drawing needs of a game, from the full spec the server echoes with every session.
  function gameView(spec) {
    return {
      kind: spec.game,
      pegs: spec.game === 'twod' ? 2 : spec.pegs,
      alphabet: Array.from(spec.alphabet),
      distinct_guess: !!spec.distinct_guess,
    };
  }
  const symbolName = (g, sym) => (usesColours(g) ? `colour ${sym}` : sym);

  // A peg: a <span> to look at, or a <button> (tag 'button') to press.
  function peg(g, index, extra, tag) {
    const sym = g.alphabet[index];
    const p = tag === 'button' ? button('peg') : el('span', 'peg');
    if (extra) p.classList.add(...extra.split(' '));
    p.dataset.symbol = sym;
    p.textContent = sym;
    if (usesColours(g)) {
      p.style.background = pegColor(index);
      if (isDark(index)) p.classList.add('light-text');
      p.title = `colour ${sym}`;
    } else {
      p.classList.add('digit');
    }
    return p;
  }
  function emptyPeg(extra, tag) {
    const p = tag === 'button' ? button('peg empty') : el('span', 'peg empty');
    if (extra) p.classList.add(...extra.split(' '));
    return p;
  }
  function codeIndices(g, code) { return Array.from(code).map((c) => g.alphabet.indexOf(c)); }
  function codeView(g, code, extra) {
    const box = el('span', 'pegs');
    box.dataset.code = code;
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', `code ${Array.from(code).map((s) => symbolName(g, s)).join(', ')}`);
    box.style.setProperty('--n', g.pegs);
    for (const i of codeIndices(g, code)) box.append(i >= 0 ? peg(g, i, extra) : emptyPeg(extra));
    return box;
  }
  function replyWords(g, reply) {
    if (reply.black === undefined) return reply.text;
    if (g.kind === 'bulls') return `${reply.text}: ${plural(reply.black, 'bull')}, ${plural(reply.white, 'cow')}`;
    if (g.kind === 'blackpeg') return `${reply.text}: ${reply.black} black`;
    return `${reply.text}: ${reply.black} black, ${reply.white} white`;
  }
  function keysView(g, reply) {
    const box = el('span', 'keys');
    if (g.kind === 'twod' || reply.black === undefined) return box;
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', replyWords(g, reply));
    const bulls = g.kind === 'bulls';
    for (let k = 0; k < g.pegs; k++) {
      let cls = 'key';
      if (k < reply.black) cls += bulls ? ' bull' : ' black';
      else if (k < reply.black + reply.white) cls += bulls ? ' cow' : ' white';
      box.append(el('span', cls));
    }
    return box;
  }

  // ---------------------------------------------------------------- state
  const S = {
    tab: 'play',
    game: null, // the chosen game, as /api/game describes it
    asked: null, // the spec last sent to /api/game (text), so an unchanged field does nothing
    pending: null, // a game change in flight: clicks on pegs wait for it
    strategies: [],
    play: null, playGame: null, compose: [], playSeq: 0,
    solve: null, solveGame: null, fb: [], twod: null, solveSeq: 0,
    job: null, results: null, poll: null, analysisGame: null, optimal: null, following: null,
  };

  // ---------------------------------------------------------------- tabs
  const TABS = ['play', 'solve', 'analyze'];
  function selectTab(name) {
    S.tab = name;
    for (const t of document.querySelectorAll('.tab')) {
      const on = t.dataset.tab === name;
      t.classList.toggle('active', on);
      t.setAttribute('aria-selected', on ? 'true' : 'false');
      t.tabIndex = on ? 0 : -1;
    }
    for (const p of TABS) show($('panel-' + p), p === name);
    if (location.hash !== '#' + name) history.replaceState(null, '', '#' + name);
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

  // ---------------------------------------------------------------- game chooser
  const DEFAULTS = { mastermind: [4, 6], bulls: [4, 10], blackpeg: [4, 6] };
  function readSpec() {
    const kind = $('game-kind').value;
    if (kind === 'twod') return { game: 'twod', size: Number($('game-size').value) };
    const spec = { game: kind, pegs: Number($('game-pegs').value), colors: Number($('game-colors').value) };
    if (kind !== 'bulls' && $('game-distinct').checked) {
      spec.distinct_secret = true;
      spec.distinct_guess = true;
    }
    return spec;
  }
  function kindChanged() {
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
        optimalAllowed();
        await Promise.all([syncPlay(), syncSolve(), syncAnalysis()]);
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

  // ---------------------------------------------------------------- hints
  async function showHint(panel, game, spec, moves, onUse) {
    const box = $(panel);
    show(box, true);
    delete box.dataset.moves;
    const seq = (box.seq = (box.seq || 0) + 1);
    box.replaceChildren(el('p', 'muted', 'Thinking…'));
    try {
      const h = await api('POST', '/api/hint', {
        game: spec,
        history: moves.map((m) => ({ guess: m.guess, feedback: m.feedback })),
      });
      if (seq !== box.seq) return;
      renderHint(box, game, h, onUse);
      box.dataset.moves = moves.length;
    } catch (e) {
      if (seq !== box.seq) return;
      box.replaceChildren(el('h2', null, 'Hint'), el('p', 'error', sentence(e.message)));
    }
  }
  function renderHint(box, g, h, onUse) {
    const title = el('h2', null, `Hint — ${plural(h.remaining, 'secret')} still possible`);
    const close = button(null, 'Close');
    close.addEventListener('click', () => show(box, false));
    title.append(close);
    box.replaceChildren(title);
    // The list is shown when it holds every secret left.
    if (h.candidates && h.candidates.length > 0 && h.candidates.length >= h.remaining) {
      const c = el('div', 'candidates');
      c.append(el('span', 'muted', h.remaining === 1 ? 'It can only be:' : 'They are:'));
      const list = el('div', 'list');
      for (const code of h.candidates) list.append(codeView(g, code, 'small'));
      c.append(list);
      box.append(c);
    }
    if (h.solved) {
      box.append(el('p', null, 'The secret is found.'));
      return;
    }
    const t = el('table', 'data hint-table');
    const head = el('tr');
    for (const c of ['Strategy', 'Next guess', 'Why', 'Worst case', 'Expected left', 'Bits', 'Replies', 'Could be the secret'])
      head.append(el('th', c === 'Why' || c === 'Next guess' ? 'left' : null, c));
    t.append(head);
    for (const s of h.suggestions) {
      const tr = el('tr');
      tr.dataset.strategy = s.strategy;
      tr.append(el('td', null, s.strategy));
      // The guess and its Use button together, so the button is never scrolled out of view.
      const gtd = el('td', 'guess');
      gtd.append(codeView(g, s.guess, 'small'));
      if (onUse) {
        const b = button('use', 'Use');
        b.setAttribute('aria-label', `use ${s.strategy}'s guess ${s.guess}`);
        b.addEventListener('click', () => onUse(s.guess));
        gtd.append(b);
      }
      tr.append(gtd);
      tr.append(el('td', 'left why', s.why));
      tr.append(el('td', null, s.largest_class));
      tr.append(el('td', null, fmt(s.expected_size, 2)));
      tr.append(el('td', null, fmt(s.entropy, 3)));
      tr.append(el('td', null, s.parts));
      tr.append(el('td', s.could_be_secret ? 'yes' : 'no', s.could_be_secret ? 'yes' : 'no'));
      t.append(tr);
    }
    const wrap = el('div', 'table-wrap');
    wrap.append(t);
    box.append(wrap);
    for (const o of h.omitted || []) box.append(el('p', 'muted small omitted', sentence(o.why) + '.'));
  }

  // ---------------------------------------------------------------- play
  function playRow(g, m, n) {
    const row = el('div', 'row');
    row.append(el('span', 'num', n));
    row.append(codeView(g, m.guess));
    const right = el('span', 'right');
    right.append(keysView(g, m.reply), el('span', 'fb-text', m.feedback));
    row.append(right);
    const note = m.could_be_secret === false ? `${m.remaining} left · could not be the secret` : `${m.remaining} left`;
    row.append(el('span', 'note', note));
    return row;
  }
  // The play panel without a game (none started, or the chooser moved on).
  function clearPlay(message) {
    S.play = null;
    S.playGame = null;
    $('panel-play').dataset.session = '';
    $('play-board').replaceChildren();
    $('play-attempts').textContent = 'No game yet';
    $('play-remaining').textContent = '';
    show($('play-composer'), false);
    show($('play-result'), false);
    show($('play-hint-panel'), false);
    $('play-giveup').disabled = true;
    notice('play-notice', message);
  }
  function renderPlay() {
    const p = S.play;
    const g = S.playGame;
    $('panel-play').dataset.session = p.id;
    const board = $('play-board');
    board.replaceChildren(...p.moves.map((m, i) => playRow(g, m, i + 1)));
    $('play-attempts').textContent = p.over
      ? `Game over · ${p.used} of ${p.attempts} attempts used`
      : `Attempt ${p.used + 1} of ${p.attempts}`;
    $('play-remaining').textContent = p.over ? '' : `${plural(p.remaining, 'secret')} still possible`;
    show($('play-composer'), !p.over);
    $('play-giveup').disabled = p.over;
    show($('play-result'), p.over);
    playNotice();
    if (p.over) {
      $('play-result').classList.toggle('lost', !p.won);
      $('play-secret').replaceChildren(codeView(g, p.secret));
      $('play-summary').textContent = p.summary;
      show($('play-hint-panel'), false);
    } else {
      renderComposer();
    }
  }
  // Says so when the game on the board is not the one the chooser shows.
  function playNotice() {
    const p = S.play;
    const other = p && S.game && !sameGame(p.game, S.game.game);
    notice('play-notice', other
      ? `This game is ${p.name}; the chooser now says ${S.game.name}: press New game to play that.`
      : '');
  }
  function renderComposer() {
    const g = S.playGame;
    const slots = $('play-slots');
    slots.style.setProperty('--n', g.pegs);
    slots.replaceChildren();
    S.compose.forEach((v, k) => {
      const p = v === null ? emptyPeg(null, 'button') : peg(g, v, null, 'button');
      p.dataset.slot = k;
      p.setAttribute('aria-label', v === null
        ? `hole ${k + 1}: empty`
        : `hole ${k + 1}: ${symbolName(g, g.alphabet[v])}; press to empty it`);
      p.addEventListener('click', () => { S.compose[k] = null; renderComposer(); });
      slots.append(p);
    });
    const palette = $('play-palette');
    palette.replaceChildren();
    g.alphabet.forEach((sym, i) => {
      const p = peg(g, i, null, 'button');
      p.setAttribute('aria-label', `place ${symbolName(g, sym)}`);
      if (g.distinct_guess && S.compose.includes(i)) {
        p.classList.add('used');
        p.disabled = true;
      }
      p.addEventListener('click', () => place(sym));
      palette.append(p);
    });
    $('play-submit').disabled = S.compose.includes(null);
  }
  // Places a symbol in the next empty hole. A click that lands while the game is being
  // changed waits for the new game, instead of going to the old one and being wiped.
  async function place(sym) {
    if (S.pending) {
      try { await S.pending; } catch (_) { return; }
    }
    const g = S.playGame;
    if (!S.play || S.play.over) return;
    const i = g.alphabet.indexOf(sym);
    if (i < 0 || (g.distinct_guess && S.compose.includes(i))) return;
    const k = S.compose.indexOf(null);
    if (k < 0) return;
    S.compose[k] = i;
    renderComposer();
  }
  // Starts a game of the chosen kind; the game it replaces is ended on the server.
  async function newPlay() {
    if (!S.game || !S.game.allows.play) return;
    showError('play-error', null);
    const body = { game: readSpec(), maker: $('play-maker').value };
    const a = $('play-attempts-input').value.trim();
    if (a) body.attempts = Number(a);
    const seq = ++S.playSeq;
    try {
      const p = await api('POST', '/api/play', body);
      if (seq !== S.playSeq) { drop('play', p.id); return; }
      if (S.play && S.play.id !== p.id) drop('play', S.play.id);
      S.play = p;
      S.playGame = gameView(p.game);
      S.compose = new Array(S.playGame.pegs).fill(null);
      show($('play-hint-panel'), false);
      renderPlay();
    } catch (e) {
      if (seq === S.playSeq) showError('play-error', e);
    }
  }
  // Brings the play panel in line with the chooser: a game nobody has played yet, or one
  // that is over, follows it (started only on the Play tab); a game in progress stays, with a
  // note that the chooser says otherwise.
  async function syncPlay() {
    const g = S.game;
    if (!g) return;
    const p = S.play;
    if (p && sameGame(p.game, g.game)) { playNotice(); return; }
    if (p && !p.over && p.moves.length > 0) { playNotice(); return; }
    if (!g.allows.play) {
      if (p) drop('play', p.id);
      clearPlay(`${g.name} is too large to play here: choose fewer pegs or colours.`);
      return;
    }
    if (S.tab !== 'play') {
      if (p) drop('play', p.id);
      clearPlay('');
      return;
    }
    await newPlay();
  }
  function gone(e) {
    return e.status === 404
      ? new Error('this game has ended on the server (idle for too long, or the server needed the room): press New game')
      : e;
  }
  async function submitGuess() {
    if (!S.play || S.play.over || S.compose.includes(null)) return;
    const g = S.playGame;
    const guess = S.compose.map((i) => g.alphabet[i]).join('');
    try {
      S.play = await api('POST', `/api/play/${S.play.id}/guess`, { guess });
      showError('play-error', null);
      S.compose = new Array(g.pegs).fill(null);
      renderPlay();
      if (!S.play.over && !$('play-hint-panel').classList.contains('hidden')) playHint();
    } catch (e) { showError('play-error', gone(e)); }
  }
  async function giveUp() {
    if (!S.play || S.play.over) return;
    try {
      S.play = await api('DELETE', `/api/play/${S.play.id}`);
      renderPlay();
    } catch (e) { showError('play-error', gone(e)); }
  }
  function playHint() {
    if (!S.play) return;
    showHint('play-hint-panel', S.playGame, S.play.game, S.play.moves, (code) => {
      S.compose = codeIndices(S.playGame, code);
      renderComposer();
    });
  }
  $('play-new').addEventListener('click', newPlay);
  $('play-submit').addEventListener('click', submitGuess);
  $('play-clear').addEventListener('click', () => { S.compose.fill(null); renderComposer(); });
  $('play-giveup').addEventListener('click', giveUp);
  $('play-hint').addEventListener('click', playHint);
  document.addEventListener('keydown', (ev) => {
    if ($('panel-play').classList.contains('hidden') || !S.play || S.play.over) return;
    const t = ev.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
    // Enter and Space on a focused button press it; keys place pegs elsewhere.
    if (t && t.tagName === 'BUTTON' && (ev.key === 'Enter' || ev.key === ' ')) return;
    if (ev.key === 'Enter') { submitGuess(); ev.preventDefault(); return; }
    if (ev.key === 'Backspace') {
      let k = S.compose.length - 1;
      while (k >= 0 && S.compose[k] === null) k--;
      if (k >= 0) { S.compose[k] = null; renderComposer(); }
      ev.preventDefault();
      return;
    }
    if (ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      const g = S.playGame;
      let i = g.alphabet.indexOf(ev.key);
      if (i < 0) i = g.alphabet.findIndex((s) => s.toLowerCase() === ev.key.toLowerCase());
      if (i >= 0) place(g.alphabet[i]);
    }
  });

  // ---------------------------------------------------------------- solve
  const CYCLE = { mastermind: ['', 'black', 'white'], blackpeg: ['', 'black'], bulls: ['', 'bull', 'cow'] };
  function fbText() {
    const g = S.solveGame;
    if (g.kind === 'twod') return S.twod || '';
    const b = S.fb.filter((x) => x === 'black' || x === 'bull').length;
    const w = S.fb.filter((x) => x === 'white' || x === 'cow').length;
    if (g.kind === 'blackpeg') return `${b}B`;
    if (g.kind === 'bulls') return `${b}A${w}B`;
    return `${b}B${w}W`;
  }
  function setFeedback(text) {
    // Fill the entry with a reply in the game's notation (used by the suggested fixes).
    const g = S.solveGame;
    if (g.kind === 'twod') { S.twod = text; renderEntry(); return; }
    const m = /^(\d+)[A-Z](?:(\d+)[A-Z])?$/.exec(text);
    if (!m) return;
    const b = Number(m[1]);
    const w = Number(m[2] || 0);
    const [, on, off] = CYCLE[g.kind];
    S.fb = new Array(g.pegs).fill('').map((_, k) => (k < b ? on : k < b + w ? off : ''));
    renderEntry();
  }
  const KEY_WORDS = { '': 'empty', black: 'black', white: 'white', bull: 'bull (A)', cow: 'cow (B)' };
  function renderEntry() {
    const g = S.solveGame;
    const box = $('solve-fb');
    box.replaceChildren();
    if (g.kind === 'twod') {
      box.className = 'fb-entry';
      for (const r of ['low', 'high', 'mixed', 'hit']) {
        const b = button('twod' + (S.twod === r ? ' selected' : ''), r);
        b.dataset.reply = r;
        b.setAttribute('aria-pressed', S.twod === r ? 'true' : 'false');
        b.addEventListener('click', () => { S.twod = r; renderEntry(); });
        box.append(b);
      }
      $('solve-fb-help').textContent = 'low: every coordinate of the guess is at most the secret\'s; high: at least; mixed: some lower, some higher; hit: found.';
    } else {
      box.className = 'fb-entry keys';
      const cycle = CYCLE[g.kind];
      S.fb.forEach((state, k) => {
        const key = button('key' + (state ? ' ' + state : ''));
        key.dataset.index = k;
        const next = cycle[(cycle.indexOf(state) + 1) % cycle.length];
        key.title = 'click to change';
        key.setAttribute('aria-label', `answer peg ${k + 1}: ${KEY_WORDS[state]}; press for ${KEY_WORDS[next]}`);
        key.addEventListener('click', () => {
          S.fb[k] = cycle[(cycle.indexOf(S.fb[k]) + 1) % cycle.length];
          renderEntry();
          const again = $('solve-fb').querySelector(`.key[data-index="${k}"]`);
          if (again) again.focus();
        });
        box.append(key);
      });
      $('solve-fb-help').textContent = {
        mastermind: 'Click an answer peg to cycle it: black = right colour in the right place, white = right colour in the wrong place.',
        blackpeg: 'Click an answer peg to turn it black: one black peg per right colour in the right place.',
        bulls: 'Click an answer peg to cycle it: green A = right digit in the right place (bull), yellow B = right digit elsewhere (cow).',
      }[g.kind];
    }
    $('solve-fb-text').textContent = fbText();
    $('solve-submit').disabled = g.kind === 'twod' && !S.twod;
  }
  function resetEntry() {
    S.fb = new Array(S.solveGame.pegs).fill('');
    S.twod = null;
    renderEntry();
  }
  function renderSolve(suspects) {
    const s = S.solve;
    const g = S.solveGame;
    $('panel-solve').dataset.session = s.id;
    const rows = s.moves.map((m, i) => {
      const row = el('div', 'row');
      row.dataset.answer = i + 1;
      if (suspects && suspects.includes(i + 1)) row.classList.add('suspect');
      row.append(el('span', 'num', i + 1), codeView(g, m.guess));
      const right = el('span', 'right');
      right.append(keysView(g, m.reply), el('span', 'fb-text', m.feedback));
      row.append(right, el('span', 'note', ''));
      return row;
    });
    if (!s.solved) {
      const row = el('div', 'row pending');
      row.dataset.answer = s.number;
      // The answer being given can be a suspect too.
      const suspect = suspects && suspects.includes(s.number);
      if (suspect) row.classList.add('suspect');
      row.append(el('span', 'num', s.number), codeView(g, s.guess), el('span', 'right'),
        el('span', 'note', suspect ? 'this answer?' : 'your answer?'));
      rows.push(row);
    }
    $('solve-board').replaceChildren(...rows);
    $('solve-status').textContent = s.solved ? `Solved in ${plural(s.moves.length, 'guess', 'guesses')}` : `Guess ${s.number}`;
    $('solve-remaining').textContent = s.solved ? '' : `${plural(s.remaining, 'secret')} fit your answers`;
    show($('solve-answer'), !s.solved);
    show($('solve-result'), s.solved);
    if (s.solved) $('solve-summary').textContent = s.summary;
    $('solve-undo').disabled = s.moves.length === 0;
    const cands = $('solve-candidates');
    if (s.candidates && !s.solved && s.remaining > 1 && s.candidates.length >= s.remaining) {
      const list = el('div', 'list');
      for (const c of s.candidates) list.append(codeView(g, c, 'small'));
      cands.replaceChildren(el('span', 'muted', 'Still possible:'), list);
      show(cands, true);
    } else {
      show(cands, false);
    }
    solveNotice();
  }
  function solveNotice() {
    const s = S.solve;
    const other = s && S.game && !sameGame(s.game, S.game.game);
    notice('solve-notice', other
      ? `This game is ${s.name}; the chooser now says ${S.game.name}: press Start to play that.`
      : '');
  }
  function clearSolve(message) {
    S.solve = null;
    S.solveGame = null;
    $('panel-solve').dataset.session = '';
    $('solve-board').replaceChildren();
    $('solve-status').textContent = 'Not started';
    $('solve-remaining').textContent = '';
    for (const id of ['solve-answer', 'solve-result', 'solve-candidates', 'solve-warning', 'solve-hint-panel']) show($(id), false);
    $('solve-undo').disabled = true;
    showError('solve-error', null);
    notice('solve-notice', message);
  }
  // A solve with no answer yet, or solved, follows the chooser (it is cleared: Start begins
  // one); one in progress stays, with a note.
  async function syncSolve() {
    const s = S.solve;
    const g = S.game;
    if (!s || !g || sameGame(s.game, g.game)) { solveNotice(); return; }
    if (!s.solved && s.moves.length > 0) { solveNotice(); return; }
    drop('solve', s.id);
    clearSolve(g.allows.solve ? `Press Start to let the computer crack a secret of ${g.name}.` : '');
  }
  function solveDone(state) {
    S.solve = state;
    showError('solve-error', null);
    show($('solve-warning'), false);
    resetEntry();
    renderSolve();
    if (!$('solve-hint-panel').classList.contains('hidden')) solveHint();
  }
  async function newSolve() {
    if (!S.game) return;
    showError('solve-error', null);
    const seq = ++S.solveSeq;
    try {
      const s = await api('POST', '/api/solve', { game: readSpec(), strategy: $('solve-strategy').value });
      if (seq !== S.solveSeq) { drop('solve', s.id); return; }
      if (S.solve && S.solve.id !== s.id) drop('solve', S.solve.id);
      S.solveGame = gameView(s.game);
      show($('solve-hint-panel'), false);
      solveDone(s);
    } catch (e) {
      if (seq === S.solveSeq) showError('solve-error', e);
    }
  }
  function contradictionView(e) {
    const box = $('solve-warning');
    box.replaceChildren(el('strong', null, 'Your answers contradict each other. '), el('span', null, sentence(e.message) + '.'));
    const c = e.data && e.data.diagnosis;
    let suspects = [];
    if (c && c.suspects) {
      const fixes = el('div', 'fixes');
      const pending = S.solve.moves.length + 1;
      for (const s of c.suspects) {
        suspects = suspects.concat(s.answers);
        if (s.answers.length !== 1) continue;
        const n = s.answers[0];
        for (const corr of s.corrections.slice(0, 3)) {
          const reply = corr.replies[0];
          const label = n === pending
            ? `Answer ${reply} instead (${plural(corr.secrets, 'secret')})`
            : `Change answer ${n} to ${reply} (${plural(corr.secrets, 'secret')})`;
          const b = button('fix', label);
          b.addEventListener('click', async () => {
            if (n === pending) { setFeedback(reply); submitReply(); return; }
            try {
              solveDone(await api('POST', `/api/solve/${S.solve.id}/correct`, { answer: n, feedback: reply }));
            } catch (err) { showError('solve-error', gone(err)); }
          });
          fixes.append(b);
        }
      }
      box.append(fixes);
    }
    show(box, true);
    renderSolve(suspects);
  }
  async function submitReply() {
    if (!S.solve || S.solve.solved) return;
    try {
      solveDone(await api('POST', `/api/solve/${S.solve.id}/reply`, { feedback: fbText() }));
    } catch (e) {
      if (e.status === 409 && e.data && e.data.diagnosis) contradictionView(e);
      else showError('solve-error', gone(e));
    }
  }
  async function undo() {
    if (!S.solve) return;
    try { solveDone(await api('POST', `/api/solve/${S.solve.id}/undo`, {})); } catch (e) { showError('solve-error', gone(e)); }
  }
  function solveHint() {
    if (!S.solve) return;
    showHint('solve-hint-panel', S.solveGame, S.solve.game, S.solve.moves, null);
  }
  $('solve-new').addEventListener('click', newSolve);
  $('solve-submit').addEventListener('click', submitReply);
  $('solve-undo').addEventListener('click', undo);
  $('solve-hint').addEventListener('click', solveHint);

  // ---------------------------------------------------------------- analysis
  const SERIES = ['#3b5bdb', '#f08c00', '#2f9e44', '#c2255c', '#7048e8', '#0c8599', '#e8590c', '#5c940d'];
  async function runAnalysis() {
    if (!S.game) return;
    showError('analyze-error', null);
    const strategies = [...document.querySelectorAll('#analyze-strategies input:checked')].map((c) => c.value);
    if (!strategies.length) { showError('analyze-error', new Error('pick at least one strategy')); return; }
    const body = { game: readSpec(), strategies };
    if (strategies.includes('optimal')) {
      body.optimal = { objective: $('analyze-objective').value };
      const depth = $('analyze-depth').value.trim();
      if (depth) body.optimal.max_depth = Number(depth);
    }
    if ($('analyze-pool').value) body.pool = $('analyze-pool').value;
    if ($('analyze-ties').value) body.ties = $('analyze-ties').value;
    const first = $('analyze-first').value.trim();
    if (first) body.first_guess = first;
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
      : `${current}: ${p.done.toLocaleString()} of ${j.secrets.toLocaleString()} secrets ${step}`;
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
    try { await api('DELETE', `/api/analyze/${id}`); } catch (e) { showError('analyze-error', e); }
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
    const sel = $('tree-strategy');
    sel.replaceChildren(...j.results.map((r, i) => {
      const o = el('option', null, r.description);
      o.value = i;
      return o;
    }));
    showTree(0);
  }
  function syncAnalysis() {
    const other = S.results && S.game && !sameGame(S.analysisSpec, S.game.game);
    notice('analyze-notice', other
      ? `These results are for ${S.analysisName}; the chooser now says ${S.game.name}: press Run analysis for that.`
      : '');
  }
  function drawChart(results) {
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
  function drawTable(results) {
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

  // ---------------------------------------------------------------- tree explorer
  function pathText(path) { return path.map((m) => `${m.guess}:${m.feedback}`).join(','); }
  // One node: a button that opens its replies, or (a leaf, or the root, always open) a span.
  function treeItem(g, node, label, open, pressable) {
    const li = el('li');
    const leaf = node.leaf || (node.replies && node.replies.length === 0);
    const head = pressable && !leaf ? button('node') : el('span', 'node');
    head.classList.toggle('leaf', !!leaf);
    const twisty = el('span', 'twisty', leaf ? '•' : open ? '▾' : '▸');
    twisty.setAttribute('aria-hidden', 'true');
    head.append(twisty);
    if (label) head.append(el('span', 'reply', label));
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
      const { li, head, twisty, leaf } = treeItem(g, { guess: r.guess, secrets: r.secrets, leaf: r.leaf }, r.reply.text, false, true);
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
  function showTree(k) {
    const r = S.results[k];
    const g = S.analysisGame;
    const box = $('tree-root');
    const root = r.tree.root;
    const ul = el('ul');
    const { li } = treeItem(g, root, null, true, false);
    li.classList.add('root');
    ul.append(li);
    renderChildren(k, g, root, li);
    box.replaceChildren(el('p', 'muted small', `${r.description}: ${r.tree.nodes.toLocaleString()} nodes, at most ${r.tree.depth} guesses.`), ul);
    $('tree-download').href = `/api/analyze/${S.job}/tree.json?strategy=${k}`;
  }
  $('tree-strategy').addEventListener('change', () => showTree(Number($('tree-strategy').value)));
  $('analyze-run').addEventListener('click', runAnalysis);
  $('analyze-cancel').addEventListener('click', cancelAnalysis);
  // The file input stays hidden; a real button opens it, so the keyboard reaches it.
  $('analyze-upload-button').addEventListener('click', () => $('analyze-upload').click());
  $('analyze-upload').addEventListener('change', async (ev) => {
    const file = ev.target.files && ev.target.files[0];
    if (!file) return;
    showError('analyze-error', null);
    try {
      const text = await file.text();
      follow(await api('POST', '/api/tree', text));
    } catch (e) { showError('analyze-error', e); }
    ev.target.value = '';
  });

  // The exact optimum: a checkbox among the strategies, with its objective and depth limit.
  function addOptimal(box, o) {
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
  function optimalAllowed() {
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
  async function init() {
    try {
      const list = await api('GET', '/api/strategies');
      S.strategies = list.strategies;
      const sel = $('solve-strategy');
      const box = $('analyze-strategies');
      for (const s of list.strategies) {
        const o = el('option', null, s.name);
        o.value = s.name;
        o.title = `${s.summary} (${s.source})`;
        if (s.name === 'minimax') o.selected = true;
        sel.append(o);
        const label = el('label', 'check');
        label.title = `${s.summary} (${s.source})`;
        const cb = el('input');
        cb.type = 'checkbox';
        cb.value = s.name;
        cb.checked = ['first', 'minimax', 'entropy'].includes(s.name);
        label.append(cb, document.createTextNode(s.name));
        box.append(label);
      }
      if (list.optimal) addOptimal(box, list.optimal);
    } catch (e) { showError('game-error', e); }
    const tab = location.hash.slice(1);
    selectTab(TABS.includes(tab) ? tab : 'play');
    kindChanged();
  }
  init();
})();

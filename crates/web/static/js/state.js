// The page's state, one object shared by every part: the chosen game, the play and solve
// sessions, and the analysis job the page follows or shows.

export const S = {
  tab: 'play',
  game: null, // the chosen game, as /api/game describes it
  described: {}, // every game described so far, by its spec (JSON): what boards draw list games from
  customGames: {}, // the game files loaded, by fingerprint: their spec and name
  asked: null, // the spec last sent to /api/game (text), so an unchanged field does nothing
  pending: null, // a game change in flight: clicks on pegs wait for it
  strategies: [],
  play: null, playGame: null, compose: [], playSeq: 0,
  playSeed: null, playResigned: false, resumePlay: null, repeatWarned: null, // the seed of the secret; a game to replay; a repeat warned of
  restoring: false, // the page is reopening a saved position (nothing is saved meanwhile)
  limits: null,
  solve: null, solveGame: null, fb: [], twod: null, solveSeq: 0,
  job: null, results: null, poll: null, analysisGame: null, optimal: null, following: null,
};

"""The game layer both front ends share: one game, this run's score, saving a game.

`match.Match` is one game in progress (rules, position, players, undo),
`session.Session` counts results, `saving` turns a match into a record or
an autosave and back. The analyst's side: `evaluation.Score` (an
evaluation as a value), `analysts` (Hard or a hosted engine thinking aloud),
`live.LiveAnalysis` (one position thought about off the input loop),
`review` (a whole game judged, kept in SGF comments), `analysis` (the plain
mode's one-line analysis). Below `tui` and `plain`, above the engine, the
strategies, records, saved games and scores: it imports no front end and
no curses, and keeps no clock and no files (times and dates come in as
arguments).
"""

"""The game layer both front ends share: one game, this run's score, saving a game.

`match.Match` is one game in progress (rules, position, players, undo),
`session.Session` counts results, `saving` turns a match into a record or
an autosave and back. Below `tui` and `plain`, above the engine, the
strategies, records, saved games and scores: it imports no front end and
no curses, and keeps no clock and no files (times and dates come in as
arguments).
"""

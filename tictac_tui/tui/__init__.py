"""The curses app: the only package that imports curses.

`model` holds the state and the rules for commands, `keys` the one key
table, `layout` the screen arithmetic, `render` and `status` what is drawn,
`terminal` the curses canvas, `worker` the thread for computer moves, and
`app` the loop that ties them together.
"""

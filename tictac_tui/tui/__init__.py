"""The curses app: the only package that imports curses.

`model` ties the parts of the app's state together (`menu`, `match`,
`session`, `computer`, `prompt`) and says what each `keys.Command` does;
`layout` is the screen arithmetic, `render` and `status` draw, `terminal` is
the curses canvas, `input` reads keys and clicks, `environment` checks the
terminal, and `app` is the loop. docs/architecture.md has the whole map.
"""

"""The curses app: the only package that imports curses.

`specs` is the registry of screens (one `ScreenSpec` each: how it draws, its
keys, its controller); `model.Model` is the `host.Host` every controller talks
to (the screen stack, the shared menu, match, session and computer); `keys`
reads keys into `Command`s and `bindings` maps them to each screen's
`actions.Action`s; `pieces` holds the drawing pieces, `render` and `status`
draw, `terminal` is the curses canvas, `input` reads keys and clicks,
`environment` checks the terminal, and `app` is the loop. The game itself is
`play/`, below both front ends. docs/architecture.md has the whole map.
"""

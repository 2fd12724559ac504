"""tictac_tui: tic-tac-toe and gomoku (m,n,k games) in the terminal."""

__version__ = "0.1.0"

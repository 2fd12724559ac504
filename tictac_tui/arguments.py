"""`OneLineParser`: the command lines' parser, whose every error is one line and exit status 2."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

from .i18n import _

EXIT_USAGE = 2
"""The exit status of a bad option (as argparse's own)."""


class OneLineParser(argparse.ArgumentParser):
    """An `ArgumentParser` whose errors are one line naming the problem, then `EXIT_USAGE`."""

    def error(self, message: str) -> NoReturn:
        """One line naming the problem (and the allowed values, unquoted), then exit."""
        message = re.sub(r"'([^']*, [^']*)'", r"\1", message.replace("', '", ", "))
        self.exit(
            EXIT_USAGE,
            _("{prog}: error: {message} (see {prog} --help)").format(
                prog=self.prog, message=message
            )
            + "\n",
        )

"""Test helpers for files of other kinds: a device node of our own, a file's identity."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest


def null_device(folder: Path) -> Path:
    """A character device like /dev/null (major 1, minor 3) of our own, in `folder`."""
    node = folder / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (OSError, AttributeError):
        pytest.skip("can't make a device node here (needs root and mknod)")
    return node


def identity(path: Path) -> tuple[int, int, int]:
    """What says a file is still the same one: its mode, device and inode."""
    info = os.lstat(path)
    return info.st_mode, info.st_dev, info.st_ino

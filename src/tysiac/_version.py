"""The package's version (read by the build from this file)."""

__version__ = "0.1.0.dev0"

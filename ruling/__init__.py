"""ruling: a judge's rules assistant for Magic: The Gathering."""

__version__ = "0.1.0"

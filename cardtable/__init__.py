"""cardtable: a desktop card table."""

__version__ = "0.1.0"

"""The dugout companion: a tabletop companion for baseball board games."""

__version__ = "0.1.0"

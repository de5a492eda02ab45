"""The Cul de Chouette box: the rules core, the game record, the box loop and the CLI."""

__version__ = "0.1.0"

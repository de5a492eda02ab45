"""The error root of the box package (the pure rules core has its own, `RulesError`)."""


class BoxError(Exception):
    """Anything the box reports to a person instead of crashing."""


class ConfigError(BoxError, ValueError):
    """A bad configuration value, named with its file and key."""

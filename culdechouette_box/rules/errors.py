"""The error root of the pure rules core."""


class RulesError(Exception):
    """Anything the rules core reports instead of crashing."""


class ConfigurationError(RulesError, ValueError):
    """A ruleset option out of range or of the wrong type."""


class IllegalInputError(RulesError, ValueError):
    """An input that the rules cannot accept in this state (unknown seat, stake above the cap...).

    `apply` never raises it: it returns the state unchanged with a `Rejected` effect. `check`
    raises it, for callers (the console, the terminal game) that want to refuse before recording.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

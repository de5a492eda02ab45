"""The typed language of the terminal game: each line (or key) becomes an action.

Seat keys are bare digits so that a shout is one keystroke, timed when the key goes down. Dice
therefore start with `d`, and every other command with a short word. The help text below is the
documentation of the language; `play_cmd` shows it on `?`.
"""

from __future__ import annotations

from dataclasses import dataclass

from culdechouette_box.rules.inputs import Shout, SongResult

HELP = """\
Touches et commandes (Entrée valide une commande ; un chiffre seul est un cri immédiat) :
  1..8            le joueur de ce siège tape sur son bouton (le cri ouvert pour lui à cet instant)
  d 34            dés lancés : les deux chouettes 3 et 4 ; puis « d 5 » pour le cul
  d 5             un seul dé : le cul, un dé de départage ou le dé siroté
  d 3x            « x » = un dé cassé (pas à plat), à relancer : « d 4 » ensuite
  d 6+34          relance d'un défi Grelottine : garde le 6, relance deux dés qui font 3 et 4
  d 34!           un « ! » par dé tombé hors du plateau
  s S             S crie « Je sirote ! »
  b S N           S parie sur l'oiseau N (1 Linotte … 6 Chouette)
  bs S / c S      S crie « Beau-Sirop ! » / « Couche-Sirop ! » (pas de pari)
  sg S            S crie « Sirop gagnant ! »
  pm S / gp S     S crie « Pas mou le caillou ! » / « Grelotte ça picote ! »
  bb S            S crie « Sans fin est la moisissure des bières bretonnes ! »
  g S T           S lance un défi Grelottine à T
  m S COMBI [N]   mise du défi : COMBI = chouette, velute, chouette_velute, cul_de_chouette,
                  sirop_grelot ; N points, ou « max » (par défaut)
  cv S N COMBI    S mise un Civet de N sur COMBI ;  lc S T : S lance son Civet à T
  sl S            S chante « sloubi n » (une pression par sloubi)
  bevue S [motif] / adj S N [motif]   le scribe donne une Bévue / corrige un score
  des 3 4 5       le scribe lit les dés attendus
  join S NOM      « Chante-Sloubi ! » : NOM rejoint la partie au siège S
  chant réussi|raté|refusé           le scribe tranche la chanson
  t  classement   u  annuler la dernière action   w MS  attendre MS ms   ?  aide   q  quitter"""

COMBINATION_ALIASES = {
    "chouette": "chouette",
    "velute": "velute",
    "chouette_velute": "chouette_velute",
    "chouette-velute": "chouette_velute",
    "cv": "chouette_velute",
    "cul_de_chouette": "cul_de_chouette",
    "cul-de-chouette": "cul_de_chouette",
    "cdc": "cul_de_chouette",
    "sirop_grelot": "sirop_grelot",
    "sirop-grelot": "sirop_grelot",
    "sg": "sirop_grelot",
    "suite": "suite",
    "neant": "neant",
    "néant": "neant",
}

SONG_WORDS = {
    "réussi": SongResult.PASSED,
    "reussi": SongResult.PASSED,
    "passed": SongResult.PASSED,
    "raté": SongResult.FAILED,
    "rate": SongResult.FAILED,
    "failed": SongResult.FAILED,
    "refusé": SongResult.REFUSED,
    "refuse": SongResult.REFUSED,
    "refused": SongResult.REFUSED,
}

DICE_CHARACTERS = frozenset("123456xX+!")

# word -> (shout, how many arguments after the seat: "", "value", "target")
SHOUT_WORDS: dict[str, tuple[Shout, str]] = {
    "s": (Shout.JE_SIROTE, ""),
    "b": (Shout.BIRD, "value"),
    "bs": (Shout.BEAU_SIROP, ""),
    "c": (Shout.COUCHE_SIROP, ""),
    "sg": (Shout.SIROP_GAGNANT, ""),
    "pm": (Shout.PAS_MOU_LE_CAILLOU, ""),
    "gp": (Shout.GRELOTTE_CA_PICOTE, ""),
    "bb": (Shout.BIERES_BRETONNES, ""),
    "g": (Shout.GRELOTTINE, "target"),
    "lc": (Shout.LANCE_CIVET, "target"),
    "sl": (Shout.SLOUBI, ""),
}


class CommandError(ValueError):
    """A typed line the game does not understand; the message (French) says what was expected."""


@dataclass(frozen=True)
class Taps:
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Dice:
    """Thrown dice as typed; `kept` are the values of dice left on the tray (a challenge's
    second throw), None when the game decides which dice stay."""

    values: tuple[int | None, ...]
    kept: tuple[int, ...] | None = None
    off_tray: int = 0


@dataclass(frozen=True)
class Say:
    seat: int
    kind: Shout
    value: int | None = None
    target: int | None = None
    combination: str | None = None


@dataclass(frozen=True)
class Scribe:
    """A scribe command: `word` names it, the other fields are its arguments."""

    word: str
    seat: int = 0
    points: int = 0
    text: str = ""
    values: tuple[int, ...] = ()
    song: SongResult | None = None


@dataclass(frozen=True)
class Control:
    """Not an input of the game: help, standings, undo, wait, quit."""

    word: str
    ms: int = 0


Action = Taps | Dice | Say | Scribe | Control


def parse(line: str) -> Action | None:
    """The action of one typed line; None for an empty line."""
    text = line.strip()
    if not text:
        return None
    if all(ch.isdigit() or ch.isspace() for ch in text):
        return Taps(tuple(_seat(part) for part in text.replace(" ", "")))
    word, _, rest = text.partition(" ")
    word = word.lower()
    args = rest.split()
    if word == "d" or (word[0] == "d" and set(word[1:]) <= DICE_CHARACTERS):
        return _dice(text[1:])
    if word in SHOUT_WORDS:
        return _shout(word, args)
    if word == "m":
        return _stake(args)
    if word == "cv":
        _count(args, 3, "cv SIÈGE MISE COMBINAISON")
        return Say(_seat(args[0]), Shout.CIVET, _number(args[1]), None, _combination(args[2]))
    return _scribe_or_control(word, args, rest)


def _scribe_or_control(word: str, args: list[str], rest: str) -> Action:
    if word in ("?", "h", "aide", "help"):
        return Control("help")
    if word in ("t", "q", "u"):
        return Control(word)
    if word == "w":
        _count(args, 1, "w MILLISECONDES")
        return Control("w", _number(args[0]))
    if word == "bevue":
        seat = _seat(_first(args, "bevue SIÈGE [motif]"))
        return Scribe("bevue", seat=seat, text=" ".join(args[1:]))
    if word == "adj":
        if len(args) < 2:
            raise CommandError("attendu : adj SIÈGE POINTS [motif]")
        return Scribe("adj", seat=_seat(args[0]), points=_number(args[1]), text=" ".join(args[2:]))
    if word == "des":
        return Scribe("des", values=tuple(_face(v) for v in "".join(args)))
    if word == "join":
        if len(args) < 2:
            raise CommandError("attendu : join SIÈGE NOM")
        return Scribe("join", seat=_seat(args[0]), text=rest.split(None, 1)[1].strip())
    if word == "chant":
        result = SONG_WORDS.get(_first(args, "chant réussi|raté|refusé").lower())
        if result is None:
            raise CommandError("attendu : chant réussi, chant raté ou chant refusé")
        return Scribe("chant", song=result)
    raise CommandError(f"commande inconnue : {word!r} (tapez ? pour l'aide)")


def _dice(spec: str) -> Dice:
    spec = spec.replace(" ", "")
    off_tray = spec.count("!")
    spec = spec.replace("!", "")
    kept: tuple[int, ...] | None = None
    if "+" in spec:
        kept_part, _, spec = spec.partition("+")
        kept = tuple(_face(ch) for ch in kept_part)
    values = tuple(None if ch.lower() == "x" else _face(ch) for ch in spec)
    if not values:
        raise CommandError("attendu : d suivi des dés lancés, par exemple d 34 puis d 5")
    return Dice(values, kept, off_tray)


def _shout(word: str, args: list[str]) -> Say:
    kind, extra = SHOUT_WORDS[word]
    usage = f"{word} SIÈGE" + {"": "", "value": " N", "target": " CIBLE"}[extra]
    _count(args, 2 if extra else 1, usage)
    seat = _seat(args[0])
    if extra == "value":
        return Say(seat, kind, value=_face(args[1]))
    if extra == "target":
        return Say(seat, kind, target=_seat(args[1]))
    return Say(seat, kind)


def _stake(args: list[str]) -> Say:
    if len(args) not in (2, 3):
        raise CommandError("attendu : m SIÈGE COMBINAISON [POINTS|max]")
    points = None if len(args) == 2 or args[2].lower() == "max" else _number(args[2])
    return Say(_seat(args[0]), Shout.STAKE, points, None, _combination(args[1]))


def _count(args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise CommandError(f"attendu : {usage}")


def _first(args: list[str], usage: str) -> str:
    if not args:
        raise CommandError(f"attendu : {usage}")
    return args[0]


def _seat(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 8:
        raise CommandError(f"siège de 1 à 8 attendu, pas {text!r}")
    return int(text)


def _face(text: str) -> int:
    if text not in ("1", "2", "3", "4", "5", "6"):
        raise CommandError(f"un dé fait de 1 à 6 (x pour un dé cassé), pas {text!r}")
    return int(text)


def _number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise CommandError(f"nombre attendu, pas {text!r}") from None


def _combination(text: str) -> str:
    name = COMBINATION_ALIASES.get(text.lower())
    if name is None:
        known = ", ".join(sorted(set(COMBINATION_ALIASES.values())))
        raise CommandError(f"combinaison inconnue : {text!r} ({known})")
    return name

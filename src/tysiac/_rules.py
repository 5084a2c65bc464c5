"""The frozen :class:`Rules` object, its option enums and the named presets."""

from __future__ import annotations

import functools
import inspect
import itertools
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final, NamedTuple, TypeVar

import attrs

from ._endgame import BarrelFailure, BoltRule, ConcessionPayout
from ._errors import InvalidRulesError, brief
from ._moves import Bid, Contract
from ._option import Option as _Option

__all__ = [
    "PRESETS",
    "BombPayout",
    "BombRule",
    "Declaration",
    "DefenderCap",
    "HalfRounding",
    "Layout",
    "MarriageCards",
    "RedealMarriage",
    "Rules",
    "TrumpTiming",
]


class Layout(_Option):
    """How the cards are dealt and which phases a deal has; each layout fixes the player count.

    See the rules, section 3 'The deal and the redeal' (3 players), section 12 'Two players'
    and section 13 'Four players'.
    """

    THREE = "three"
    """3 players: 7 cards each and a musik of 3."""
    TWO_CLASSIC = "two-classic"
    """2 players: 10 cards each, two musiks of 2; choose one, discard 2."""
    TWO_MUSIKS_OF_THREE = "two-musiks-of-three"
    """2 players: 9 cards each, two musiks of 3; choose one, discard 3."""
    TWO_NO_MUSIK = "two-no-musik"
    """2 players: 12 cards each, no musik."""
    TWO_DRAW = "two-draw"
    """2 players, *Tysiąc dobierany*: 6 cards each and a stock of 12; no auction."""
    TWO_OPEN_MUSIK = "two-open-musik"
    """2 players: 7 cards each, an open musik of 2 and a stock of 8."""
    FOUR_SITTER = "four-sitter"
    """4 players: the dealer sits out and scores the musik; the others play 3-handed."""
    FOUR_ALL_PLAY = "four-all-play"
    """4 players: 6 cards each, no musik; marriages may be declared "on someone"."""

    @property
    def players(self) -> int:
        """The number of players this layout is for."""
        return 2 if self.value.startswith("two") else 4 if self.value.startswith("four") else 3


#: The layout used when only the player count is given.
DEFAULT_LAYOUT: Final = {2: Layout.TWO_CLASSIC, 3: Layout.THREE, 4: Layout.FOUR_SITTER}


class RedealMarriage(_Option):
    """Which redeal conditions a marriage in the hand blocks."""

    NEVER = "never"
    """A marriage blocks neither condition."""
    POINTS = "points"
    """A marriage blocks the low-points condition only (app: "fewer than 10 and no marriage")."""
    BOTH = "both"
    """A marriage blocks both the points and the four-nines condition (pl)."""


class BombRule(_Option):
    """When the declarer may throw a bomb (*bomba*) instead of playing.

    See the rules, section 6 'The contract and the bomb'.
    """

    OFF = "off"
    """No bomb."""
    AT_OPENING_BID = "at-opening-bid"
    """Only when the bid is the forced opening bid (100) that nobody raised."""
    UP_TO_120 = "up-to-120"
    """When the bid is at most 120."""
    ANY_BID = "any-bid"
    """At any bid."""


class BombPayout(_Option):
    """What each opponent scores when the declarer bombs."""

    SIXTY = "sixty"
    """60 points each."""
    HALF_BID = "half-bid"
    """Half the bid, rounded up to a multiple of 10 (a bomb at 210 gives 110 each)."""


class MarriageCards(_Option):
    """Which card of a marriage declares it when led."""

    KING_OR_QUEEN = "king-or-queen"
    """Leading the king or the queen declares (app)."""
    QUEEN_ONLY = "queen-only"
    """Only leading the queen declares."""


class Declaration(_Option):
    """Whether leading a marriage card declares the marriage by itself."""

    AUTOMATIC = "automatic"
    """The engine declares every marriage that is led (app): ``Play(card)`` declares."""
    OPTIONAL = "optional"
    """The player chooses: ``Play(card, meld=True)`` declares, ``Play(card)`` does not."""


class TrumpTiming(_Option):
    """From when a declared marriage's suit is trump."""

    THIS_TRICK = "this-trick"
    """At once: the led card is already a trump (app)."""
    NEXT_TRICK = "next-trick"
    """From the next trick on."""


class HalfRounding(_Option):
    """How a defender's total ending in exactly 5 is rounded to a multiple of 10."""

    DOWN = "down"
    """25 → 20 (app, pl)."""
    UP = "up"
    """25 → 30, "as in mathematics"."""


class DefenderCap(_Option):
    """What happens to a non-declarer whose score would reach the target."""

    BELOW_TARGET = "below-target"
    """Held at target − 10 (990) (app, pl)."""
    NOTHING = "nothing"
    """Scores nothing for that deal."""
    NONE = "none"
    """No cap: a defender may reach the target and win (ro)."""


_E = TypeVar("_E", bound=_Option)

#: The highest ``max_bid``: above any contract a hand can make (120 card points plus four
#: marriages of at most :data:`MAX_MARRIAGE` each).
MAX_BID: Final = 5000
#: The highest marriage value.
MAX_MARRIAGE: Final = 1000
#: The most bombs per player and game.
MAX_BOMBS: Final = 100
_INT_LIMIT: Final = 10**6


def _convert(cls: type[_E], value: object) -> _E:
    if isinstance(value, cls):
        return value
    try:
        if not isinstance(value, str):
            raise ValueError  # the values are strings (and Enum's own message quotes value)
        return cls(value)
    except ValueError:
        choices = ", ".join(repr(m.value) for m in cls)
        raise InvalidRulesError(
            f"{brief(value)} is not a {cls.__name__}: use a {cls.__name__} member or one of "
            f"{choices}"
        ) from None


def _to_layout(value: object) -> Layout:
    return _convert(Layout, value)


def _to_redeal_marriage(value: object) -> RedealMarriage:
    return _convert(RedealMarriage, value)


def _to_bomb_rule(value: object) -> BombRule:
    return _convert(BombRule, value)


def _to_bomb_payout(value: object) -> BombPayout:
    return _convert(BombPayout, value)


def _to_marriage_cards(value: object) -> MarriageCards:
    return _convert(MarriageCards, value)


def _to_declaration(value: object) -> Declaration:
    return _convert(Declaration, value)


def _to_trump_timing(value: object) -> TrumpTiming:
    return _convert(TrumpTiming, value)


def _to_half_rounding(value: object) -> HalfRounding:
    return _convert(HalfRounding, value)


def _to_bolt_rule(value: object) -> BoltRule:
    return _convert(BoltRule, value)


def _to_barrel_failure(value: object) -> BarrelFailure:
    return _convert(BarrelFailure, value)


def _to_concession_payout(value: object) -> ConcessionPayout:
    return _convert(ConcessionPayout, value)


def _to_scores(value: object) -> tuple[int, ...]:
    if not isinstance(value, Iterable) or isinstance(value, str | bytes):
        raise InvalidRulesError(f"dump_scores={brief(value)}: give a tuple of ints")
    items = tuple(value)
    if len(items) > 8 or not all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        raise InvalidRulesError(f"dump_scores={brief(value)}: give at most 8 ints")
    return tuple(sorted(set(items)))


def _to_defender_cap(value: object) -> DefenderCap:
    return _convert(DefenderCap, value)


def _to_values(value: object) -> tuple[int, int, int, int]:
    wanted = f"marriage_values={brief(value)}: give four ints from 0 to {MAX_MARRIAGE}, for ♠ ♣ ♦ ♥"
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes, Mapping)):
        raise InvalidRulesError(wanted)
    try:
        items = tuple(itertools.islice(value, 5))
    except Exception:  # an iterable that fails is not four ints either
        raise InvalidRulesError(wanted) from None
    if len(items) != 4 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_MARRIAGE for v in items
    ):
        raise InvalidRulesError(wanted)
    return (int(items[0]), int(items[1]), int(items[2]), int(items[3]))


def _default_layout(self: Any) -> Layout:
    players = self.players
    if type(players) is not int:
        return Layout.THREE  # the type check then reports players
    return DEFAULT_LAYOUT.get(players, Layout.THREE)


def _default_barrel(self: Any) -> int | None:
    target = self.target
    return target * 4 // 5 if isinstance(target, int) else None


class PlayFlags(NamedTuple):
    """The play options of a :class:`Rules`, unpacked once for the hot path."""

    must_beat: bool
    must_trump: bool
    trump_when_cannot_overtrump: bool
    meld_first_trick: bool
    queen_only: bool
    optional: bool
    trump_next: bool
    on_someone: bool
    free_while_stock: bool
    active: int
    claim: bool
    auto_claim: bool
    next_seat: tuple[tuple[int, ...], ...]  # indexed by dealer, then seat
    active_seats: tuple[tuple[int, ...], ...]  # indexed by dealer: seats in play from the left
    marriage_sums: tuple[int, ...]  # indexed by a 4-bit set of suits: their marriage values
    bids: tuple[Bid, ...]  # Bid(k * bid_step) at index k, up to max_bid
    blind_bids: tuple[Bid, ...]  # Bid(k * bid_step, blind=True) at index k, up to max_bid
    contracts: tuple[Contract, ...]  # Contract(k * bid_step) at index k, up to max_bid
    ace_marriage: bool  # the four aces declare the ace marriage (Rules.ace_marriage)
    bid_caps: tuple[int, ...]  # the bid cap, by a 4-bit set of marriages held + 16 for 4 aces
    # the auction's options, read here on its hot path (one read of the flags, then by index
    # in the compiled build, where the rules' own attributes are generic lookups)
    bid_step: int
    opening_bid: int
    blind_cap: int  # the bid cap of a seat that has not looked at its hand (blind bidding)
    jump_bids: bool
    blind_bidding: bool  # Rules.blind_bids
    redeal: bool
    # by dealer, then the trick's leader: the seats of the trick in the order they play
    trick_seats: tuple[tuple[tuple[int, ...], ...], ...]


def _play_flags(r: Rules) -> PlayFlags:
    """Unpack the play options of ``r`` (stored on the rules object)."""
    from ._tables import active_seats, next_seat  # noqa: PLC0415  (they need Layout)

    layout = r.layout
    # the marriages' values, by a 4-bit set of suits (the bid caps are built from them)
    sums = tuple(sum(r.marriage_values[s] for s in range(4) if k >> s & 1) for k in range(16))
    nexts = tuple(next_seat(layout, d) for d in range(r.players))
    active = 3 if layout in (Layout.THREE, Layout.FOUR_SITTER) else layout.players
    return PlayFlags(
        r.must_beat,
        r.must_trump,
        r.trump_when_cannot_overtrump,
        r.marriage_on_first_trick,
        r.marriage_cards is MarriageCards.QUEEN_ONLY,
        r.declaration is Declaration.OPTIONAL,
        r.trump_timing is TrumpTiming.NEXT_TRICK,
        layout is Layout.FOUR_ALL_PLAY,
        r.free_play_while_stock and layout in (Layout.TWO_DRAW, Layout.TWO_OPEN_MUSIK),
        active,
        r.claim,
        r.auto_claim,
        nexts,
        tuple(active_seats(layout, d) for d in range(r.players)),
        sums,
        tuple(Bid(a) for a in range(0, r.max_bid + 1, r.bid_step)),
        tuple(Bid(a, blind=True) for a in range(0, r.max_bid + 1, r.bid_step)),
        tuple(Contract(a) for a in range(0, r.max_bid + 1, r.bid_step)),
        r.ace_marriage is not None,
        tuple(_bid_cap(r, sums, k) for k in range(32)),
        r.bid_step,
        r.opening_bid,
        min(r.max_bid, 120) if r.bid_cap_marriages else r.max_bid,
        r.jump_bids,
        r.blind_bids,
        r.redeal,
        tuple(
            tuple(_seats_from(nxt, leader, active) for leader in range(r.players)) for nxt in nexts
        ),
    )


def _seats_from(nxt: tuple[int, ...], seat: int, count: int) -> tuple[int, ...]:
    """``count`` seats in turn from ``seat``, each the ``nxt`` of the one before."""
    out = []
    for _ in range(count):
        out.append(seat)
        seat = nxt[seat]
    return tuple(out)


def _bid_cap(r: Rules, sums: tuple[int, ...], held: int) -> int:
    """The bid cap with the marriages in the 4-bit set ``held & 15`` (``sums``: their values
    by set) and all four aces when ``held & 16``: 120 plus their values, at most ``max_bid``
    (option ``bid_cap_marriages``)."""
    if not r.bid_cap_marriages:
        return r.max_bid
    value = sums[held & 15]
    if held & 16 and r.ace_marriage is not None:
        value += r.ace_marriage
    return min(r.max_bid, 120 + value)


@attrs.frozen(slots=True)
class Rules:
    """Every rule option of a game, in one immutable object.

    ``Rules()`` is the preset ``"app"``, the rules of a popular 3-player app: 3 players,
    1000 points, barrel at 800.  Other presets come from :meth:`preset`; any option can be changed
    with keyword arguments, and a combination that cannot be played raises
    :class:`~tysiac.InvalidRulesError` naming the options.

    ``layout`` defaults to the usual layout of ``players`` and ``barrel`` to four fifths
    of ``target`` (800 for 1000, 400 for 500); ``barrel=None`` plays without a barrel.

    Example:
        >>> Rules().players, Rules().barrel
        (3, 800)
        >>> Rules(target=500).barrel
        400
        >>> Rules.preset("pl", players=2).layout
        Layout.TWO_CLASSIC
    """

    # --- the game ---
    players: int = 3
    """Number of players: 2, 3 or 4."""
    layout: Layout = attrs.field(
        default=attrs.Factory(_default_layout, takes_self=True),
        converter=_to_layout,
    )
    """How cards are dealt (:class:`Layout`); must match ``players``."""
    target: int = 1000
    """The score that wins the game (1000, or 500 for the short game)."""
    first_dealer: int = 0
    """The seat that deals the first deal."""
    # --- redeal ---
    redeal: bool = True
    """Whether a player may ask for a redeal at all."""
    redeal_four_nines: bool = True
    """Four nines in the hand allow a redeal."""
    redeal_threshold: int = 10
    """Fewer than this many card points in the hand allow a redeal (10..18)."""
    redeal_marriage: RedealMarriage = attrs.field(
        default=RedealMarriage.POINTS, converter=_to_redeal_marriage
    )
    """Which redeal conditions a marriage in the hand blocks."""
    # --- auction ---
    opening_bid: int = 100
    """The forced bid that opens the auction."""
    forced_bidder: int = 1
    """Who makes the forced bid, counted clockwise from the dealer: 1 is the player on the
    dealer's left (*na musiku*); 0 the dealer (not in the four-player sitter layout)."""
    bid_step: int = 10
    """Bids and contracts are multiples of this."""
    jump_bids: bool = True
    """Whether a bid may jump by more than one step (False: exactly +step)."""
    bid_cap_marriages: bool = True
    """Whether bids and contracts are capped at 120 plus the marriages in the hand (the ace
    marriage included, where the rules have it)."""
    max_bid: int = 360
    """The absolute maximum bid and contract."""
    # --- musik and contract ---
    hide_musik_at_opening_bid: bool = False
    """Whether the musik stays hidden when the forced opening bid was not raised."""
    contract_raise: bool = True
    """Whether the declarer may name a contract above the bid."""
    bomb: BombRule = attrs.field(default=BombRule.OFF, converter=_to_bomb_rule)
    """When the declarer may bomb (:class:`BombRule`)."""
    bomb_payout: BombPayout = attrs.field(default=BombPayout.SIXTY, converter=_to_bomb_payout)
    """What each opponent scores for a bomb."""
    bombs_per_player: int = 1
    """How many bombs each player may throw in one game."""
    # --- play ---
    must_beat: bool = True
    """A player must beat the winning card when they can (in the led suit, or over a trump)."""
    must_trump: bool = True
    """A player void in the led suit must play a trump if they hold one."""
    trump_when_cannot_overtrump: bool = True
    """Whether the trump obligation stands when no trump can beat the one in the trick."""
    free_play_while_stock: bool = True
    """Layouts with a stock: whether any card may be played while the stock lasts (the trick
    rules apply once it is empty); False applies the trick rules from the first trick."""
    # --- marriages ---
    marriage_values: tuple[int, int, int, int] = attrs.field(
        default=(40, 60, 80, 100), converter=_to_values
    )
    """Marriage values for ♠ ♣ ♦ ♥."""
    marriage_cards: MarriageCards = attrs.field(
        default=MarriageCards.KING_OR_QUEEN, converter=_to_marriage_cards
    )
    """Which led card declares a marriage."""
    declaration: Declaration = attrs.field(default=Declaration.AUTOMATIC, converter=_to_declaration)
    """Automatic or optional declaration."""
    marriage_on_first_trick: bool = False
    """Whether a marriage may be declared on the first trick of a deal."""
    trump_timing: TrumpTiming = attrs.field(
        default=TrumpTiming.THIS_TRICK, converter=_to_trump_timing
    )
    """Whether a new trump applies to the trick it is declared in."""
    ace_marriage: int | None = None
    """The value of the *ace marriage*, or None: no ace marriage.  A player holding all four
    aces declares it by leading one of them, like a marriage but without naming a trump
    (200 in the Russian rules; the rules, section 15)."""
    # --- scoring ---
    rounding_unit: int = 10
    """Defenders' totals are rounded to a multiple of this (1, 5 or 10)."""
    rounding_half: HalfRounding = attrs.field(
        default=HalfRounding.DOWN, converter=_to_half_rounding
    )
    """How a total ending in 5 rounds when ``rounding_unit`` is 10."""
    defender_marriages_count: bool = True
    """Whether defenders score their declared marriages."""
    declarer_rounded: bool = False
    """Whether the declarer's total is rounded before it is compared with the contract."""
    barrel: int | None = attrs.field(default=attrs.Factory(_default_barrel, takes_self=True))
    """Players with at least this score score only as declarer; ``None``: no barrel."""
    defender_cap: DefenderCap = attrs.field(
        default=DefenderCap.BELOW_TARGET, converter=_to_defender_cap
    )
    """What a non-declarer reaching the target gets (:class:`DefenderCap`)."""
    # --- claim ---
    claim: bool = False
    """Whether the declarer may claim the remaining tricks (``Claim()``, *wykładanie*)."""
    auto_claim: bool = False
    """Whether a deal ends by itself once the declarer is certain to take every trick."""
    # --- the Russian end game (the rules, section 11) ---
    barrel_clamp: bool = False
    """Whether a player reaching the barrel *mounts* it: the score is set to the barrel level."""
    barrel_deals: int | None = None
    """How many deals a player may stay on the barrel before falling off (None: no limit)."""
    barrel_penalty: int = 120
    """What falling off the barrel costs (time run out, or knocked off)."""
    barrel_knock_off: bool = False
    """Whether a player mounting the barrel knocks an earlier one off it."""
    barrel_failure: BarrelFailure = attrs.field(
        default=BarrelFailure.LOSES_CONTRACT, converter=_to_barrel_failure
    )
    """What a declarer on the barrel who fails loses (:class:`BarrelFailure`)."""
    bolt_penalty: int | None = None
    """What every :attr:`bolts_per_penalty`-th bolt costs (None: no bolts)."""
    bolt_rule: BoltRule = attrs.field(default=BoltRule.NO_POINTS, converter=_to_bolt_rule)
    """What earns a bolt (:class:`BoltRule`)."""
    bolts_per_penalty: int = 3
    """How many bolts cost :attr:`bolt_penalty` once."""
    dump_scores: tuple[int, ...] = attrs.field(default=(), converter=_to_scores)
    """Scores that, landed on exactly, return to 0 (the dump: ``(555,)``, or ``(-555, 555)``)."""
    concession: bool = False
    """Whether the declarer may concede (``Concede()``, *rospisat'*) instead of playing."""
    concession_payout: ConcessionPayout = attrs.field(
        default=ConcessionPayout.SIXTY, converter=_to_concession_payout
    )
    """What each opponent scores for a concession (:class:`ConcessionPayout`)."""
    concession_penalty_every: int | None = None
    """Every this many concessions of one player cost it the bid once more (None: never)."""
    blind_bids: bool = False
    """Whether a player may bid blind (``Bid(amount, blind=True)``) before looking at the
    hand: each player sees its hand only after its first auction move, and a blind
    declarer's contract counts double."""

    _play: PlayFlags = attrs.field(init=False, eq=False, hash=False, repr=False)

    PRESET_NAMES: ClassVar[tuple[str, ...]] = ("app", "pl", "ro", "ru")
    """The names :meth:`preset` knows: ``"app"`` (the app's rules, the default), ``"pl"``
    (Polish club rules), ``"ro"`` (Romanian rules, *O mie*) and ``"ru"`` (Russian and
    Ukrainian rules, *Тысяча*)."""

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: object) -> Rules:
        return self

    def __attrs_post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise InvalidRulesError("unplayable rules: " + "; ".join(problems))
        object.__setattr__(self, "_play", _play_flags(self))

    @classmethod
    def preset(cls, name: str = "app", /, **changes: object) -> Rules:
        """The named preset, with some options changed.

        Args:
            name: ``"app"`` (the app's rules, the default), ``"pl"`` (Polish club rules) or
                ``"ro"`` (Romanian rules, *O mie*); see the rules, "Presets at a glance".
            **changes: option values that replace the preset's.

        Raises:
            InvalidRulesError: unknown preset or option name, or an unplayable combination.
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise InvalidRulesError(
                f"unknown preset {brief(name)}: choose one of {', '.join(map(repr, PRESETS))}"
            )
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise InvalidRulesError(f"unknown rule option(s): {', '.join(unknown)}")
        options: dict[str, object] = {}
        target = changes.get("target", 1000)
        for key, value in PRESETS[name].items():
            if callable(value):
                if type(target) is not int:
                    continue  # the type check of Rules reports target
                value = value(target)
            options[key] = value
        options.update(changes)
        return cls(**options)  # type: ignore[arg-type]

    @property
    def name(self) -> str | None:
        """The preset these rules equal, if any (for the default options of each player count)."""
        for preset in PRESETS:
            try:
                if (
                    Rules.preset(
                        preset, players=self.players, layout=self.layout, target=self.target
                    )
                    == self
                ):
                    return preset
            except InvalidRulesError:
                continue
        return None


_FIELD_NAMES: Final = frozenset(a.name for a in attrs.fields(Rules) if a.init)
_attrs_init = Rules.__init__


@functools.wraps(_attrs_init)
def _init(self: Rules, *args: Any, **options: Any) -> None:
    # a misspelt option is a rules error, not a bare TypeError from the generated __init__
    unknown = sorted(set(options) - _FIELD_NAMES)
    if unknown:
        raise InvalidRulesError(f"unknown rule option(s): {', '.join(unknown)}")
    if len(args) > len(_FIELD_NAMES):
        raise InvalidRulesError(
            f"Rules takes at most {len(_FIELD_NAMES)} options, not {brief(args)}"
        )
    _attrs_init(self, *args, **options)


class _Computed:
    """A default computed from other options, shown as such in the signature."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _signature() -> inspect.Signature:
    # show the option types and the computed defaults, not the converters' ``object``/NOTHING
    computed = {
        "layout": _Computed("<the usual layout of players>"),
        "barrel": _Computed("<target * 4 // 5>"),
    }
    hints = typing.get_type_hints(Rules)
    params = []
    for param in inspect.signature(_attrs_init).parameters.values():
        if param.name in hints:
            param = param.replace(annotation=hints[param.name])
        if param.name in computed:
            param = param.replace(default=computed[param.name])
        params.append(param)
    return inspect.Signature(params, return_annotation=None)


_init.__signature__ = _signature()  # type: ignore[attr-defined]
_init.__annotations__ = {
    name: param.annotation
    for name, param in _init.__signature__.parameters.items()  # type: ignore[attr-defined]
    if name != "self"
} | {"return": None}
Rules.__init__ = _init  # type: ignore[method-assign]


def _problems(r: Rules) -> list[str]:
    out: list[str] = []

    def is_int(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    for a in attrs.fields(Rules):
        if not a.init:
            continue
        value = getattr(r, a.name)
        if a.type in ("int", int) and not is_int(value):
            out.append(f"{a.name}={brief(value)} must be an int")
        elif a.type in ("int", int, "int | None") and is_int(value) and abs(value) > _INT_LIMIT:
            out.append(f"{a.name}={brief(value)} is out of range")
        if a.type in ("bool", bool) and not isinstance(value, bool):
            out.append(f"{a.name}={brief(value)} must be True or False")
    if r.barrel is not None and not is_int(r.barrel):
        out.append(f"barrel={brief(r.barrel)} must be None or an int")
    if out:
        return out
    if r.players not in (2, 3, 4):
        out.append(f"players={r.players} must be 2, 3 or 4")
    elif r.layout.players != r.players:
        out.append(
            f"layout={r.layout!r} is a {r.layout.players}-player layout, not for "
            f"players={r.players}"
        )
    if not 100 <= r.target <= 100_000 or r.target % 10:
        out.append(f"target={r.target} must be a multiple of 10 from 100 to 100000")
    if not 0 <= r.first_dealer < max(r.players, 1):
        out.append(f"first_dealer={r.first_dealer} must be a seat, 0..{r.players - 1}")
    if not 0 <= r.forced_bidder < max(r.players, 1) or (
        r.forced_bidder == 0 and r.layout is Layout.FOUR_SITTER
    ):
        out.append(
            f"forced_bidder={r.forced_bidder} must be a seat offset from the dealer, "
            f"0..{r.players - 1} (not 0 when the dealer sits out)"
        )
    if not 10 <= r.redeal_threshold <= 18:
        out.append(f"redeal_threshold={r.redeal_threshold} must be from 10 to 18")
    if r.bid_step <= 0 or r.bid_step % 5:
        out.append(f"bid_step={r.bid_step} must be a positive multiple of 5")
    elif r.opening_bid <= 0 or r.opening_bid % r.bid_step:
        out.append(
            f"opening_bid={r.opening_bid} must be a positive multiple of bid_step={r.bid_step}"
        )
    elif r.max_bid < r.opening_bid or r.max_bid % r.bid_step or r.max_bid > MAX_BID:
        out.append(
            f"max_bid={r.max_bid} must be a multiple of bid_step={r.bid_step}, at "
            f"least opening_bid={r.opening_bid} and at most {MAX_BID}"
        )
    if not 1 <= r.bombs_per_player <= MAX_BOMBS:
        out.append(f"bombs_per_player={r.bombs_per_player} must be from 1 to {MAX_BOMBS}")
    if r.ace_marriage is not None and (
        not is_int(r.ace_marriage) or not 0 <= r.ace_marriage <= MAX_MARRIAGE
    ):
        out.append(
            f"ace_marriage={brief(r.ace_marriage)} must be None or an int from 0 to {MAX_MARRIAGE}"
        )
    if any(v < 0 for v in r.marriage_values):
        out.append(f"marriage_values={r.marriage_values} must not be negative")
    if r.rounding_unit not in (1, 5, 10):
        out.append(f"rounding_unit={r.rounding_unit} must be 1, 5 or 10")
    if r.barrel is not None and (not is_int(r.barrel) or not 0 < r.barrel < r.target):
        out.append(f"barrel={r.barrel} must be None or an int between 0 and target={r.target}")
    if r.auto_claim and not r.claim:
        out.append("auto_claim=True needs claim=True")
    for name, low in (
        ("barrel_deals", 1),
        ("bolt_penalty", 0),
        ("concession_penalty_every", 1),
    ):
        value = getattr(r, name)
        if value is not None and (not is_int(value) or not low <= value <= 100_000):
            out.append(f"{name}={brief(value)} must be None or an int from {low} to 100000")
    for name, low in (("barrel_penalty", 0), ("bolts_per_penalty", 1)):
        value = getattr(r, name)
        if not low <= value <= 100_000:
            out.append(f"{name}={brief(value)} must be an int from {low} to 100000")
    if r.barrel is None and (r.barrel_clamp or r.barrel_knock_off or r.barrel_deals is not None):
        out.append("barrel_clamp, barrel_knock_off and barrel_deals need a barrel (barrel=None)")
    return out


#: The named presets: option values that differ from ``Rules()``.  A callable value is
#: computed from the target.
_PRESETS: Final[dict[str, dict[str, object]]] = {
    "app": {},
    "pl": {
        "redeal_marriage": RedealMarriage.BOTH,
        "marriage_on_first_trick": True,
        "trump_when_cannot_overtrump": False,
        "hide_musik_at_opening_bid": True,
        "barrel": None,
        "bomb": BombRule.AT_OPENING_BID,
        "claim": True,
    },
    "ro": {
        "rounding_unit": 1,
        # the Romanian rules: "when a player exceeds 800 points": strictly above 4/5 of the target
        "barrel": lambda target: target * 4 // 5 + 1,
        "defender_cap": DefenderCap.NONE,
    },
    "ru": {
        # the barrel (bochka) at 880 of 1000: mounted, three deals on it, 120 to fall off
        "barrel": lambda target: target * 22 // 25,
        "barrel_clamp": True,
        "barrel_deals": 3,
        "barrel_knock_off": True,
        "bolt_penalty": 120,
        "dump_scores": (555,),
        "rounding_unit": 5,
        "bid_step": 5,
        "blind_bids": True,
        "concession": True,
        "concession_penalty_every": 3,
    },
}
#: The named presets, read-only (a ``MappingProxyType`` of ``MappingProxyType``).
PRESETS: Final[Mapping[str, Mapping[str, object]]] = types.MappingProxyType(
    {name: types.MappingProxyType(options) for name, options in _PRESETS.items()}
)

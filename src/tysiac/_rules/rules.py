"""The frozen :class:`Rules` object: every rule option of a game."""

from __future__ import annotations

import functools
import inspect
import typing
from typing import Any, ClassVar, Final

import attrs

from .._errors import InvalidRulesError, InvalidSeatError, brief
from .checks import problems
from .convert import (
    default_barrel,
    default_layout,
    to_barrel_failure,
    to_barrel_mounting,
    to_bolt_rule,
    to_bomb_payout,
    to_bomb_rule,
    to_concession_payout,
    to_concession_timing,
    to_declaration,
    to_defender_cap,
    to_half_rounding,
    to_layout,
    to_marriage_cards,
    to_redeal_marriage,
    to_scores,
    to_trump_timing,
    to_values,
)
from .flags import PlayFlags, play_flags
from .options import (
    BarrelFailure,
    BarrelMounting,
    BoltRule,
    BombPayout,
    BombRule,
    ConcessionPayout,
    ConcessionTiming,
    Declaration,
    DefenderCap,
    HalfRounding,
    Layout,
    MarriageCards,
    RedealMarriage,
    TrumpTiming,
)
from .presets import PRESETS

__all__ = [
    "Rules",
]


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
        default=attrs.Factory(default_layout, takes_self=True),
        converter=to_layout,
    )
    """How cards are dealt (:class:`Layout`); must match ``players``."""
    target: int = 1000
    """The score that wins the game (1000, or 500 for the short game)."""
    first_dealer: int = 0
    """The seat that deals the first deal."""
    partnerships: bool = False
    """Four players: whether they play in two fixed pairs, partners sitting opposite (seats
    0 and 2, 1 and 3), each pair scoring its deal points together and keeping one score."""
    # --- redeal ---
    redeal: bool = True
    """Whether a player may ask for a redeal at all."""
    redeal_four_nines: bool = True
    """Four nines in the hand allow a redeal."""
    redeal_threshold: int = 10
    """Fewer than this many card points in the hand allow a redeal (10..18)."""
    redeal_marriage: RedealMarriage = attrs.field(
        default=RedealMarriage.POINTS, converter=to_redeal_marriage
    )
    """Which redeal conditions a marriage in the hand blocks."""
    # --- auction ---
    opening_bid: int = 100
    """The forced bid that opens the auction."""
    forced_bidder: int = 1
    """Who makes the forced bid, counted clockwise from the dealer: 1 is the player on the
    dealer's left (*na musiku*); 0 the dealer (not in the four-player sitter layout)."""
    free_opening: bool = False
    """Whether the first bidder may pass instead of bidding :attr:`opening_bid` (any
    amount from it up to the cap, with :attr:`jump_bids`); when everyone passes, the
    dealer plays :attr:`opening_bid` (the Ukrainian *bolt*)."""
    bid_step: int = 10
    """Bids and contracts are multiples of this (below :attr:`high_bids_from`, where
    :attr:`high_bid_step` is set)."""
    high_bid_step: int | None = None
    """The step of bids and contracts from :attr:`high_bids_from` up (10 in the Russian
    auction, by 5 below 200 and by 10 from 200), or None: :attr:`bid_step` throughout."""
    high_bids_from: int = 200
    """The amount from which bids and contracts go in steps of :attr:`high_bid_step`."""
    jump_bids: bool = True
    """Whether a bid may jump by more than one step (False: exactly the next amount)."""
    bid_cap_marriages: bool = True
    """Whether bids and contracts are capped at 120 plus the marriages in the hand (the ace
    marriage included, where the rules have it)."""
    max_bid: int = 360
    """The absolute maximum bid and contract."""
    auction_max_bid: int | None = None
    """The highest bid of the auction, before the musik (120: the contract may still be
    raised after it, up to :attr:`max_bid`), or None: :attr:`max_bid`."""
    # --- musik and contract ---
    hide_musik_at_opening_bid: bool = False
    """Whether the musik stays hidden when the forced opening bid was not raised."""
    contract_raise: bool = True
    """Whether the declarer may name a contract above the bid."""
    bomb: BombRule = attrs.field(default=BombRule.OFF, converter=to_bomb_rule)
    """When the declarer may bomb (:class:`BombRule`)."""
    bomb_payout: BombPayout = attrs.field(default=BombPayout.SIXTY, converter=to_bomb_payout)
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
    play_highest: bool = False
    """Forced highest play: a player who must beat the trick in the led suit plays its
    highest card of the suit, and one who must trump its highest trump."""
    overtrump_declarer: bool = False
    """Whether a defender void in the led suit must overtrump the declarer's trump winning
    the trick when it holds a higher trump (three or four players)."""
    free_play_while_stock: bool = True
    """Layouts with a stock: whether any card may be played while the stock lasts (the trick
    rules apply once it is empty); False applies the trick rules from the first trick."""
    # --- marriages ---
    marriage_values: tuple[int, int, int, int] = attrs.field(
        default=(40, 60, 80, 100), converter=to_values
    )
    """Marriage values for ♠ ♣ ♦ ♥."""
    marriage_cards: MarriageCards = attrs.field(
        default=MarriageCards.KING_OR_QUEEN, converter=to_marriage_cards
    )
    """Which led card declares a marriage."""
    declaration: Declaration = attrs.field(default=Declaration.AUTOMATIC, converter=to_declaration)
    """Automatic or optional declaration."""
    marriage_on_first_trick: bool = False
    """Whether a marriage may be declared on the first trick of a deal."""
    trump_timing: TrumpTiming = attrs.field(
        default=TrumpTiming.THIS_TRICK, converter=to_trump_timing
    )
    """Whether a new trump applies to the trick it is declared in."""
    ace_marriage: int | None = None
    """The value of the *ace marriage*, or None: no ace marriage.  A player holding all four
    aces declares it by leading one of them, like a marriage but without naming a trump
    (200 in the Russian rules; the rules, section 15)."""
    # --- scoring ---
    rounding_unit: int = 10
    """Defenders' totals are rounded to a multiple of this (1, 5 or 10)."""
    rounding_half: HalfRounding = attrs.field(default=HalfRounding.DOWN, converter=to_half_rounding)
    """How a total ending in 5 rounds when ``rounding_unit`` is 10."""
    defender_marriages_count: bool = True
    """Whether defenders score their declared marriages."""
    declarer_rounded: bool = False
    """Whether the declarer's total is rounded before it is compared with the contract."""
    barrel: int | None = attrs.field(default=attrs.Factory(default_barrel, takes_self=True))
    """Players with at least this score score only as declarer; ``None``: no barrel."""
    defender_cap: DefenderCap = attrs.field(
        default=DefenderCap.BELOW_TARGET, converter=to_defender_cap
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
        default=BarrelFailure.LOSES_CONTRACT, converter=to_barrel_failure
    )
    """What a declarer on the barrel who fails or concedes loses (:class:`BarrelFailure`)."""
    barrel_mounting: BarrelMounting = attrs.field(
        default=BarrelMounting.ALL_STAY, converter=to_barrel_mounting
    )
    """Who stays when players mount the barrel in the same deal (:class:`BarrelMounting`)."""
    barrel_reset_every: int | None = None
    """Every this many falls from the barrel of one player reset its score to 0 instead of
    the fall's loss (3: the third fall; None: never)."""
    bolt_penalty: int | None = None
    """What every :attr:`bolts_per_penalty`-th bolt costs (None: no bolts)."""
    bolt_rule: BoltRule = attrs.field(default=BoltRule.NO_POINTS, converter=to_bolt_rule)
    """What earns a bolt (:class:`BoltRule`)."""
    bolts_per_penalty: int = 3
    """How many bolts cost :attr:`bolt_penalty` once."""
    no_win_deals: int | None = None
    """A player that goes this many deals in a row without a positive deal score loses
    :attr:`no_win_penalty` (None: never)."""
    no_win_penalty: int = 120
    """What a no-win streak of :attr:`no_win_deals` deals costs."""
    dump_scores: tuple[int, ...] = attrs.field(default=(), converter=to_scores)
    """Scores that, landed on exactly, return to 0 (the dump: ``(555,)``, or ``(-555, 555)``)."""
    concession: bool = False
    """Whether the declarer may concede (``Concede()``, *rospisat'*) instead of playing."""
    concession_payout: ConcessionPayout = attrs.field(
        default=ConcessionPayout.SIXTY, converter=to_concession_payout
    )
    """What each opponent scores for a concession (:class:`ConcessionPayout`)."""
    concession_penalty_every: int | None = None
    """Every this many concessions of one player cost it the bid once more (None: never),
    or :attr:`concession_penalty` where set."""
    concession_penalty: int | None = None
    """What every :attr:`concession_penalty_every`-th concession costs: None, the bid again;
    else this amount (120)."""
    concession_timing: ConcessionTiming = attrs.field(
        default=ConcessionTiming.AFTER_GIVES, converter=to_concession_timing
    )
    """When the declarer may concede (:class:`ConcessionTiming`)."""
    blind_bids: bool = False
    """Whether a player may bid blind (``Bid(amount, blind=True)``) before looking at the
    hand: each player sees its hand only after its first auction move, and a blind
    declarer's contract counts double."""

    _play: PlayFlags = attrs.field(init=False, eq=False, hash=False, repr=False)

    PRESET_NAMES: ClassVar[tuple[str, ...]] = ("app", "pl", "ro", "ru", "ua")
    """The names :meth:`preset` knows: ``"app"`` (the app's rules, the default), ``"pl"``
    (Polish club rules), ``"ro"`` (Romanian rules, *O mie*), ``"ru"`` (Russian rules,
    *Тысяча*) and ``"ua"`` (Ukrainian rules, *Тисяча*)."""

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: object) -> Rules:
        return self

    def __attrs_post_init__(self) -> None:
        found = problems(self)
        if found:
            raise InvalidRulesError("unplayable rules: " + "; ".join(found))
        object.__setattr__(self, "_play", play_flags(self))

    @classmethod
    def preset(cls, name: str = "app", /, **changes: object) -> Rules:
        """The named preset, with some options changed.

        Args:
            name: ``"app"`` (the app's rules, the default), ``"pl"`` (Polish club rules),
                ``"ro"`` (Romanian rules, *O mie*), ``"ru"`` (Russian rules, *Тысяча*) or
                ``"ua"`` (Ukrainian rules, *Тисяча*); see the rules, "Presets at a glance"
                and section 15.
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

    def partner(self, seat: int) -> int | None:
        """The partner of ``seat`` (the seat opposite) when the rules play in
        :attr:`partnerships`, else None.

        Raises:
            InvalidSeatError: ``seat`` is not a seat of these rules.

        Example:
            >>> Rules(players=4, partnerships=True).partner(1)
            3
            >>> Rules(players=4).partner(1) is None
            True
        """
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise InvalidSeatError(f"seat={brief(seat)} is not a seat: use 0..{self.players - 1}")
        return (seat + 2) % 4 if self.partnerships else None

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

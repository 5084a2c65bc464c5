"""The engine: the compact state and :class:`~tysiac.State`, the history, each phase
(auction, musik, contract, tricks and trick rules, claim, scoring, end of game), the public
entry points and the rollout.

Imports the rules and the vocabulary.
"""

__all__: list[str] = []

"""A search-based computer player: deals sampled from what the seat has seen (`sampler.py`),
each solved with every hand known (`solver.py`), for the play of the cards (`card_play.py`) and
for bidding, going alone and under, and the dealer's discard (`bidding.py`)."""

from .player import SearchPlayer

__all__ = ["SearchPlayer"]

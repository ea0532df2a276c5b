"""Property: after any sequence of awards, spends (some retried), staff corrections and
refusals, each balance equals the sum of the wallet's entries and stays within its limits."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from economy.models import SILVER_CAP, Currency, LedgerEntry, Wallet
from economy.selectors import wallet_ledger_matches
from economy.services.errors import WalletRefused
from economy.services.staff import wallet_compensate
from economy.services.wallet import wallet_award, wallet_spend

from .coins import new_player

pytestmark = pytest.mark.django_db

operations = st.lists(
    st.one_of(
        st.tuples(st.just("award"), st.integers(1, 120), st.integers(0, 5)),
        st.tuples(st.just("spend"), st.integers(0, 80), st.integers(0, 5)),
        st.tuples(st.just("gold"), st.integers(-60, 150), st.integers(0, 5)),
        st.tuples(st.just("silver"), st.integers(-60, 150), st.integers(0, 5)),
    ),
    max_size=25,
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=operations)
def test_balances_always_equal_the_ledger(steps):
    player = new_player("Prop")
    staff = new_player("Staff")
    for number, (kind, amount, key) in enumerate(steps):
        if kind == "award":
            wallet_award(
                user_id=player.pk,
                amount=amount,
                reason=LedgerEntry.Reason.ACHIEVEMENT,
                reference="a",
                idempotency_key=f"award:{player.pk}:{key}",  # small key space: retries happen
            )
        elif kind == "spend":
            with contextlib.suppress(WalletRefused):  # a refusal takes nothing: still checked
                wallet_spend(
                    user_id=player.pk,
                    price=amount,
                    reason=LedgerEntry.Reason.GAME,
                    reference="g",
                    idempotency_key=f"spend:{player.pk}:{key}",
                )
        elif amount != 0:
            wallet_compensate(
                staff_id=staff.pk,
                user_id=player.pk,
                currency=Currency.GOLD if kind == "gold" else Currency.SILVER,
                amount=amount,
                note="property",
                idempotency_key=f"staff:{player.pk}:{number}",
            )
        wallet = Wallet.objects.filter(pk=player.pk).first()  # none until coins first move
        assert wallet is None or (0 <= wallet.silver <= SILVER_CAP and wallet.gold >= 0)
        assert wallet_ledger_matches(user_id=player.pk)

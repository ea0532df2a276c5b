"""The data migration that computes again the stored skeletons of old names holding invisible
characters: a new "Bob" is then refused beside an old "Bob" + Hangul filler, unless another
player already had that skeleton (then the old row keeps its own, and staff get the list)."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from accounts.names import display_name_skeletons
from accounts.services.settings import SettingsRefused, display_name_available

from .test_invisible_names import HANGUL_FILLER, make_player, row_written_directly, stored

pytestmark = pytest.mark.django_db

migration = importlib.import_module(
    "accounts.migrations.0006_skeletons_without_invisible_characters"
)


def test_an_old_name_with_a_filler_gets_its_new_skeleton_and_then_blocks_its_look_alike():
    old = row_written_directly("Bob" + HANGUL_FILLER)
    display_name_available(display_name="Bob")  # the stale skeleton lets "Bob" through
    migration.skeletons_recompute(apps, None)
    assert stored(old)[1:] == display_name_skeletons("Bob")
    with pytest.raises(SettingsRefused) as refused:
        display_name_available(display_name="Bob")
    assert refused.value.code == "name_too_close"


def test_an_old_name_whose_new_skeleton_is_taken_keeps_its_own():
    first = make_player("Carol")
    old = row_written_directly("Carol" + HANGUL_FILLER)
    before = stored(old)
    migration.skeletons_recompute(apps, None)
    assert stored(old) == before
    assert stored(first)[1:] == display_name_skeletons("Carol")

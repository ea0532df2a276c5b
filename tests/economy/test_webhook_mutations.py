"""Property: a correctly signed event of any type, mutated in any way (a key dropped, a value
replaced by a list, an object, a string, null, a huge or negative integer, a float, text with
NUL or lone surrogates), is never a 500. Either it is still usable and handled once, or it is
recorded once as unusable (also when delivered twice) with no coin moved; and the well-formed
event still does exactly what it does."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import hypothesis
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .webhook_scene import Scene, delivered_twice, fresh, scene_build, undone

pytestmark = pytest.mark.django_db

Path = tuple[Any, ...]

odd_text = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=12),  # surrogates included
    st.sampled_from(["", "\x00", "cs_test_\x00", "\ud800", "evt_\udfff", "199", "-1", "1e3"]),
)
odd_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([-1, 0, 2**31, 2**63, 2**64]),
    st.floats(allow_nan=False, allow_infinity=False),
    odd_text,
    st.lists(st.integers() | odd_text, max_size=3),
    st.dictionaries(odd_text, st.integers() | odd_text | st.none(), max_size=3),
)


def paths_of(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every place in the event: keys of objects, items of lists, at any depth."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, item in items:
        yield (*path, key)
        yield from paths_of(item, (*path, key))


def mutated(event: Any, data: st.DataObject) -> Any:
    places = [(), *paths_of(event)]
    path = data.draw(st.sampled_from(places), label="path")
    operation = data.draw(st.sampled_from(["drop", "replace", "in a list"]), label="operation")
    if not path:  # the event itself
        return [event] if operation == "in a list" else data.draw(odd_values, label="event")
    parent = event
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if operation == "drop":
        del parent[key]
    elif operation == "in a list":
        parent[key] = [parent[key]]
    else:
        parent[key] = data.draw(odd_values, label="value")
    return event


@pytest.fixture
def scene(player, player_client, stand_in) -> Scene:
    return scene_build(player, player_client, stand_in)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_mutated_event_is_never_a_500_and_moves_coins_only_when_usable(scene, data):
    kind = data.draw(st.sampled_from(sorted(scene.events)), label="type")
    event = fresh(scene.events[kind])
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        event = mutated(event, data)
    with undone():  # each example starts from the same scene
        delivery = delivered_twice(scene, event, kind)
    outcome = (delivery.unusable or {}).get("reason") or str(delivery.status_code)
    hypothesis.event(f"{kind}: {outcome}")

"""The canonical form sees every rules-relevant difference and ignores ids and absolute timestamps."""

from __future__ import annotations

from ruling.engine.canonical import canonical
from ruling.engine.card_data import starter_library
from ruling.engine.state import GameState, Player, SourceInfo, StackItem, Zone
from ruling.engine.zones import move


def _state(first: str, second: str, skip_ids: int = 0) -> GameState:
    library = starter_library()
    state = GameState([Player("a", 20), Player("b", 20)])
    state.next_id += skip_ids
    state.clock += skip_ids
    for name in (first, second):
        obj = state.new_object(library[name], 0, Zone.IN_PLAY)
        state.in_play.append(obj.id)
    return state


def test_ids_and_clock_values_do_not_count() -> None:
    assert canonical(_state("Forest", "Grizzly Bears")) == canonical(_state("Forest", "Grizzly Bears", 7))


def test_every_field_of_a_permanent_counts() -> None:
    base = canonical(_state("Forest", "Grizzly Bears"))
    for field, value in (
        ("tapped", True),
        ("damage", 1),
        ("plus_counters", 1),
        ("owner", 1),
        ("token", True),
    ):
        state = _state("Forest", "Grizzly Bears")
        setattr(state.obj(state.in_play[1]), field, value)
        assert canonical(state) != base, field


def test_order_of_timestamps_counts() -> None:
    state = _state("Forest", "Grizzly Bears")
    first, second = (state.obj(i) for i in state.in_play)
    before = canonical(state)
    first.timestamp, second.timestamp = second.timestamp, first.timestamp
    assert canonical(state) != before


def test_passes_count_only_while_someone_holds_priority() -> None:
    state, other = _state("Forest", "Forest"), _state("Forest", "Forest")
    other.passes = 1
    assert canonical(state) != canonical(other)
    state.priority = other.priority = None
    assert canonical(state) == canonical(other)


def test_the_last_known_colours_of_a_gone_damage_source_count() -> None:
    state = GameState([Player("a", 20), Player("b", 20)])
    source = state.new_object(starter_library()["Grizzly Bears"], 0, Zone.IN_PLAY)
    state.in_play.append(source.id)
    damage = ((source.id, "player", 1, 2),)
    state.stack.append(StackItem(state.tick(), "damage", 0, 0, "combat damage", damage=damage))
    move(state, source.id, Zone.GRAVEYARD)
    recoloured = state.copy()
    recoloured.last_known[source.id] = SourceInfo("Grizzly Bears", "B")
    assert canonical(state) != canonical(recoloured)
    assert canonical(state) == canonical(state.copy())

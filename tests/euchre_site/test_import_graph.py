"""Imports run one way: accounts → economy → games → rankings → leagues (a later app may import
an earlier one, never the reverse), inside games its packages in their order too
(docs/architecture.md, "The games app, one package per feature"), and no two files import each
other, directly or round a circle — imports inside functions included, since deferring an import
hides a circle rather than removing it. Read from the source with `ast`, so the test sees every
import, run or not."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "economy", "games", "rankings", "leagues")
# the games app's packages, each importing only those before it; None is the shared game, the
# modules at the top of games/
GAMES_ORDER = (
    "engine",
    "players",
    None,
    "relation",
    "live",
    "watch",
    "presence",
    "tables",
    "challenges",
    "records",
    "moderation",
    "lab",
)
# the app's entry points, which Django, Celery and manage.py import by name: they gather every
# package
GAMES_ENTRY_POINTS = (
    "games.apps",
    "games.admin",
    "games.urls",
    "games.routing",
    "games.tasks",
    "games.management",
)
# plain Python that the computer players' benchmark shares with the long-running processes
GAMES_FOR_ANYONE = ("games.collector",)
PACKAGES = ("euchre_site", *APPS)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> dict[str, Path]:
    files = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" not in path.parts:
                files[module_name(path)] = path
    return files


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The project's modules this file imports anywhere in it (`from x import y` counts as
    x.y when x.y is a module, else x)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            for alias in node.names:
                candidate = f"{origin}.{alias.name}"
                found.add(candidate if candidate in known else origin)
    return {module for module in found if module in known and module != name}


def import_graph() -> dict[str, set[str]]:
    files = source_files()
    known = set(files)
    return {name: imported_modules(name, path, known) for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def package_of(module: str) -> str:
    return module.split(".", 1)[0]


def test_no_modules_import_each_other_round_a_circle():
    # a package's __init__ re-exporting its modules is the package, not a circle with them
    graph = {
        name: {target for target in targets if not name.startswith(target + ".")}
        for name, targets in import_graph().items()
    }
    assert cycles(graph) == []


def test_the_apps_import_one_way():
    order = {app: number for number, app in enumerate(APPS)}
    backwards = sorted(
        (name, target)
        for name, targets in import_graph().items()
        for target in targets
        if package_of(name) in order
        and package_of(target) in order
        and order[package_of(target)] > order[package_of(name)]
    )
    assert backwards == []


def games_package(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in GAMES_ORDER else None


def within(module: str, names: tuple[str, ...]) -> bool:
    return any(module == name or module.startswith(name + ".") for name in names)


def games_imports_out_of_order(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """A games module importing a later package's, or an entry point. Models are one database
    schema: any package may import any package's models (each names the others' by string)."""
    rank = {package: number for number, package in enumerate(GAMES_ORDER)}
    return sorted(
        (name, target)
        for name, targets in graph.items()
        if package_of(name) == "games" and not within(name, GAMES_ENTRY_POINTS)
        for target in targets
        if package_of(target) == "games"
        and not (target == "games.models" or target.endswith(".models"))
        and not within(target, GAMES_FOR_ANYONE)
        and (
            within(target, GAMES_ENTRY_POINTS)
            or rank[games_package(target)] > rank[games_package(name)]
        )
    )


def test_the_games_packages_import_in_their_order():
    assert games_imports_out_of_order(import_graph()) == []


def test_the_order_check_sees_a_later_package_and_allows_models():
    graph = {
        "games.live.services.play": {"games.tables.services.tables", "games.tables.models"},
        "games.tables.views": {"games.live.services.play", "games.moderation.models"},
        "games.records.views": {"games.lab.arena", "games.selectors"},
        "games.selectors": {"games.watch.selectors", "games.models"},
        "games.live.services.move_queue": {"games.tasks"},
        "games.tasks": {"games.moderation.collusion.services"},
    }
    assert games_imports_out_of_order(graph) == [
        ("games.live.services.move_queue", "games.tasks"),
        ("games.live.services.play", "games.tables.services.tables"),
        ("games.records.views", "games.lab.arena"),
        ("games.selectors", "games.watch.selectors"),
    ]


def test_the_checks_see_a_circle_and_an_import_hidden_in_a_function(tmp_path):
    """The two tests above can fail: a made-up circle is found, and an import made at call
    time, relative or not, is read."""
    graph = {
        "games.a": {"games.b"},
        "games.b": {"games.c"},
        "games.c": {"games.a"},
        "games.d": set(),
    }
    assert cycles(graph) == [["games.a", "games.b", "games.c"]]
    source = tmp_path / "x.py"
    source.write_text(
        "from ..models import Game\n"
        "def later():\n"
        "    from .. import tasks\n"
        "    from rankings.services import achievements\n"
    )
    known = {"games.models", "games.tasks", "games", "rankings.services.achievements"}
    found = imported_modules("games.services.x", source, known)
    assert found == {"games.models", "games.tasks", "rankings.services.achievements"}

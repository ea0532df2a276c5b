#!/usr/bin/env python3
"""The two commands of README.md, runnable on a machine with nothing but Python 3.11+.

    python3 run.py serve     create .venv, install, migrate, load demo data, start the site
    python3 run.py test      run the whole test suite on PostgreSQL and Redis
    python3 run.py setup     only create .venv (and install the browser tests' axe-core with npm)

Standard library only: it creates `.venv` beside this file, installs the project into it (again
whenever pyproject.toml changes) and hands over to `euchre_site.devtools` inside it.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("EUCHRE_VENV", ROOT / ".venv"))
PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".euchre-installed"


def install_fingerprint() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_environment() -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - run.py is run by whatever python3 there is
        sys.exit(f"Python 3.11 or newer is needed, this is {sys.version.split()[0]}")
    if not PYTHON.exists():
        print(f"Creating the virtual environment in {VENV} ...", flush=True)
        venv.create(VENV, with_pip=True)
    fingerprint = install_fingerprint()
    if STAMP.exists() and STAMP.read_text() == fingerprint:
        return
    print("Installing the project and its dependencies ...", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if not installed_with_uv(pip):
        print("uv could not install them: pip does (a minute or two) ...", flush=True)
        subprocess.run([*pip, "--upgrade", "pip"], check=True)
        subprocess.run([*pip, "--editable", f"{ROOT}[dev]"], check=True, cwd=ROOT)
    STAMP.write_text(fingerprint)


def installed_with_uv(pip: list[str]) -> bool:
    """uv, a pip made for speed, installs the project when it can be had from the package index:
    about ten seconds where pip takes a minute (its downloads are parallel, its installs links
    from its cache). Where it cannot (no index, an unusual platform), pip does the same."""
    uv = VENV / "bin" / "uv"
    try:
        if not uv.exists():
            subprocess.run([*pip, "uv"], check=True)
        command = [str(uv), "pip", "install", "--quiet", "--python", str(PYTHON)]
        subprocess.run([*command, "--editable", f"{ROOT}[dev]"], check=True, cwd=ROOT)
    except (subprocess.CalledProcessError, OSError):
        return False
    return True


def arguments_checked(argv: list[str]) -> None:
    """Answers --help, and refuses a mistyped command, at once: before `.venv` is built. The
    command line is euchre_site/devtools/cli.py, loaded by its path (standard library only;
    importing the package would load Django and Celery)."""
    spec = importlib.util.spec_from_file_location("run_cli", ROOT / "euchre_site/devtools/cli.py")
    cli = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(cli)  # type: ignore[union-attr]
    cli.parse(argv)  # exits with the help or the error


def main() -> int:
    arguments_checked(sys.argv[1:])
    ensure_environment()
    command = [str(PYTHON), "-m", "euchre_site.devtools", *sys.argv[1:]]
    if len(sys.argv) > 1 and sys.argv[1] == "setup":
        # the environment, and the browser tests' npm tools (CI's lint steps use it)
        return subprocess.call([*command[:3], "setup"], cwd=ROOT)
    # exec, so that Ctrl-C and the exit code belong to the real command
    os.chdir(ROOT)
    os.execv(command[0], command)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())

"""Packaging (issue 11): an ordinary install, an app built with ``flet build`` for a phone,
and the phone's dependencies.

``flet build`` itself cannot run here (it fetches Flutter), so the tests do what it does:
the wheel is built and installed on its own; the built app is simulated as Flet 1.0.5's
``flet build`` and serious_python package it (bytecode only, the dependencies in a zip,
the phone's environment); and the phone's dependency set is resolved by pip for the
phone's platform and Python, as serious_python runs pip, against PyPI as recorded in
tests/phone_index/ (tests/phone_index.py says how to record it again). No test here leaves
this machine: what they need from PyPI, tests/install.sh downloads or the record holds.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import site
import subprocess
import sys
import sysconfig
import textwrap
import tomllib
import venv
import zipfile
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from tests.conftest import EXAMPLE_FILE, EXAMPLE_NAMES, REPO
from tests.phone_index import served_phone_index, wheel_holding
from tests.phone_pydantic import PYDANTIC_CORE
from tests.phone_pydantic import WHEELS as PHONE_PYDANTIC
from tests.phone_pydantic import pins as phone_pydantic_pins

PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
FLET = PYPROJECT["tool"]["flet"]
BUILD_SCRIPT = REPO / "packaging" / "build.sh"
WORKFLOW = REPO / ".github" / "workflows" / "build.yml"
# What a built app holds: the entry point, the package, and the icon `flet build` reads.
SHIPPED = {"main.py", "scorekeeper", "assets"}
# Names in the scripts the PDF must print: Chinese, Korean, Thai, and Swedish with an emoji.
WORLD = ("王伟", "김민준", "สมชาย", "Åsa 👑")
# Packages the phone cannot have: the browser server and the desktop window and what they bring.
DESKTOP_ONLY = ("flet-web", "flet-desktop", "uvicorn", "uvloop", "httptools", "watchfiles")


def phone_python() -> str:
    """The Python the app bundles: packaging/build.sh passes it to `flet build`."""
    found = re.search(r"^PYTHON_VERSION=(\d+\.\d+)$", BUILD_SCRIPT.read_text(), re.MULTILINE)
    assert found, "packaging/build.sh sets PYTHON_VERSION"
    return found[1]


def run(*command: str | Path, **options: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True,
                            encoding="utf-8", timeout=300, **options)  # type: ignore[call-overload]
    said = f"{' '.join(str(c) for c in command[:6])} ...\n{result.stdout[-3000:]}"
    assert result.returncode == 0, f"{said}\n{result.stderr[-3000:]}"
    return result


def session_file_with(names: tuple[str, ...], folder: Path) -> Path:
    """The worked example's session file, played by ``names``."""
    text = EXAMPLE_FILE.read_text(encoding="utf-8")
    for old, new in zip(EXAMPLE_NAMES, names, strict=True):
        text = text.replace(f'"{old}"', json.dumps(new, ensure_ascii=False))
    path = folder / "session.json"
    path.write_text(text, encoding="utf-8")
    return path


def pdf_text(pdf: Path) -> str:
    return run("pdftotext", "-layout", pdf, "-").stdout


# --- An ordinary install: a wheel, not editable --------------------------------------------

def environment_beside_this_one(env_dir: Path) -> Path:
    """A new virtual environment whose only packages are the ones this test run imports,
    whichever Python runs it (the system's, or a venv's: ``system_site_packages`` would mean
    the *base* interpreter's packages, which a venv's tests do not have). The folders are
    listed in a ``.pth`` file as plain paths, so their own ``.pth`` files (the editable
    install of the checkout among them) are not read: only the wheel installs scorekeeper.
    Returns the environment's python."""
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    inner = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    outer = dict.fromkeys([*site.getsitepackages(), sysconfig.get_paths()["purelib"],
                           sysconfig.get_paths()["platlib"]])
    Path(inner.stdout.strip(), "running-interpreter.pth").write_text(
        "".join(f"{folder}\n" for folder in outer if Path(folder).is_dir()), encoding="utf-8")
    return python


def test_a_wheel_installed_on_its_own_prints_the_score_sheet_with_its_bundled_fonts(tmp_path):
    # Built from a copy of the checkout, so the build leaves nothing in the worktree.
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    shutil.copytree(REPO / "scorekeeper", source / "scorekeeper",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
        "--no-index", "--disable-pip-version-check", "-w", tmp_path / "dist", source)
    (wheel,) = (tmp_path / "dist").glob("scorekeeper-*.whl")
    with zipfile.ZipFile(wheel) as contents:
        held = set(contents.namelist())
    for data in ("assets/icon.png", "assets/fonts/DejaVuSans.ttf",
                 "assets/fonts/DroidSansFallback.ttf", "assets/fonts/LICENSE-Noto.txt",
                 "store/migrations/env.py", "store/migrations/versions/0001_initial.py"):
        assert f"scorekeeper/{data}" in held

    # A fresh environment that sees the running interpreter's packages but not the checkout:
    # the wheel's scorekeeper must be the one imported, not the editable install.
    env_dir = tmp_path / "venv"
    python = environment_beside_this_one(env_dir)
    run(python, "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed",
        "--disable-pip-version-check", "--quiet", wheel)
    where = run(python, "-I", "-c", "import scorekeeper; print(scorekeeper.__file__)",
                cwd=tmp_path).stdout.strip()
    assert Path(where).is_relative_to(env_dir), where

    db = f"sqlite:///{tmp_path / 'club.db'}"
    cli = (python, "-I", "-m", "scorekeeper", "--db", db)
    run(*cli, "import", session_file_with(WORLD, tmp_path), cwd=tmp_path)
    run(*cli, "export", "1", "--format", "pdf", "-o", tmp_path / "sheet.pdf", cwd=tmp_path)

    sheet = pdf_text(tmp_path / "sheet.pdf")
    for name in WORLD:
        assert name in sheet
    assert "王伟 pays Åsa 👑 SEK 10.00" in sheet
    fonts = run("pdffonts", tmp_path / "sheet.pdf").stdout
    for font in ("DejaVuSans", "NotoSansThai", "DroidSansFallback", "Symbola"):
        assert font in fonts

    # The compiled catalogues travel in the wheel: the installed command speaks French.
    assert "scorekeeper/locale/fr/LC_MESSAGES/messages.mo" in held
    french = run(*cli, "--lang", "fr", "replay", session_file_with(WORLD, tmp_path),
                 cwd=tmp_path).stdout
    assert "Qui paie qui\u00a0:" in french
    assert "王伟 → Åsa 👑  10,00" in french


# --- The app as `flet build` packages it for Android ---------------------------------------

def pip_env() -> dict[str, str]:
    """pip with this machine's pip settings (extra indexes, local wheel folders) kept out:
    it reads only the indexes and folders a test names."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") or k == "PIP_CERT"}
    return env | {"PIP_CONFIG_FILE": os.devnull}


def phone_requirements(platform: str) -> list[Requirement]:
    """What `flet build` hands pip for a phone: the project's dependencies, then the
    platform's own ([tool.flet.android] / [tool.flet.ios] dependencies)."""
    listed = [*PYPROJECT["project"]["dependencies"],
              *FLET[platform.lower()]["dependencies"]]
    return [Requirement(r) for r in listed]


def phone_distributions() -> list[metadata.Distribution]:
    """The installed distributions a phone build would hold, found by following the
    requirements with the markers evaluated as serious_python's pip sees them."""
    phone = {"platform_system": "Android", "extra": ""}
    wanted = [r for r in phone_requirements("Android")
              if r.marker is None or r.marker.evaluate(phone)]
    found: dict[str, metadata.Distribution] = {}
    while wanted:
        requirement = wanted.pop()
        key = requirement.name.lower().replace("_", "-")
        if key in found:
            continue
        found[key] = dist = metadata.distribution(requirement.name)
        for line in dist.requires or []:
            nested = Requirement(line)
            if nested.marker is None or nested.marker.evaluate(phone):
                wanted.append(nested)
    return list(found.values())


def package_like_flet_build(root: Path) -> tuple[Path, Path, Path]:
    """app/ (main.py, scorekeeper, assets), site.zip and site-native/, as serious_python
    lays them out: everything compiled to .pyc beside its source (compileall -b), the .py
    deleted; the dependencies zipped, but for the packages holding C extensions, which
    cannot load from a zip. SQLAlchemy goes without its compiled modules, as the phone's
    pure-Python wheel does, and pydantic is the phone's release."""
    app, site, native = root / "app", root / "site", root / "site-native"
    app.mkdir()
    shutil.copy(REPO / "main.py", app / "main.py")
    for folder in ("scorekeeper", "assets"):
        shutil.copytree(REPO / folder, app / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for dist in phone_distributions():
        if dist.metadata["Name"].lower().replace("_", "-") in ("pydantic", "pydantic-core"):
            continue  # the phone's own releases instead, below
        for file in dist.files or []:
            source = Path(str(dist.locate_file(file)))
            if source.is_file() and "__pycache__" not in file.parts:
                (site / file).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy(source, site / file)
    # pydantic as the phone has it (this machine's build), downloaded by tests/install.sh.
    assert PHONE_PYDANTIC.is_dir(), f"tests/install.sh downloads the phone's pydantic into " \
        f"{PHONE_PYDANTIC} (python3 -m tests.phone_pydantic)"
    run(sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--only-binary=:all:", "--no-index", "--find-links", PHONE_PYDANTIC,
        "--target", site, *phone_pydantic_pins(), env=pip_env())
    for compiled in (site / "sqlalchemy").rglob("*.so"):
        compiled.unlink()
    for tree in (app, site):
        run(sys.executable, "-m", "compileall", "-b", "-q", tree)
        for source in tree.rglob("*.py"):
            source.unlink()
    native.mkdir()
    for top in list(site.iterdir()):
        if top.suffix == ".so" or (top.is_dir() and any(top.rglob("*.so"))):
            shutil.move(top, native / top.name)
    shutil.make_archive(str(root / "site"), "zip", site)
    shutil.rmtree(site)
    return app, root / "site.zip", native


FIRST_LAUNCH = """
import json, sys
sys.path[:0] = [{app!r}, {zip!r}, {native!r}]

import scorekeeper
from scorekeeper.core import Deal, make_money, make_table
from scorekeeper.platform import on_phone
from scorekeeper.session import choose_database, open_scorebook
from scorekeeper.store.database import REVISIONS, schema_revision

# The database as the app chooses it: on a phone, the app's own storage folder.
database = choose_database()
scorebook = open_scorebook(database)
table = make_table("english", ["Astrid", "Bengt", "Cilla", "Dag"], "Astrid", {{}},
                   make_money("0.50", "SEK"))
opened = scorebook.create("Friday at the cabin", table)
opened, _ = scorebook.record(opened.id,
                             Deal(tricks={{"Bengt": 2, "Cilla": 3, "Astrid": 0, "Dag": 0}}),
                             opened.version)
exports = {{kind: scorebook.export(opened.id, kind, "en", opened.version)[1]
           for kind in ("json", "csv", "standings", "pdf")}}
with open({out!r}, "wb") as sheet:
    sheet.write(exports["pdf"])

import scorekeeper.app.shell  # the screens, as the app loads them

from scorekeeper.i18n import money, text  # the catalogues and the CLDR figures, from the package

import sqlalchemy
import sqlalchemy.util._has_cython as cython
print(json.dumps({{
    "french": [text("ui.tricks_over", "fr", left=2), money(-1350, make_money("1", "EUR"), "fr")],
    "package": scorekeeper.__file__,
    "database": database.url,
    "revision": schema_revision(scorebook.store.engine),
    "newest": REVISIONS[-1],
    "deals": opened.state.deals,
    "json": json.loads(exports["json"])["players"],
    "ledger": exports["csv"].decode("utf-8-sig").splitlines()[0],
    "on_phone": on_phone(),
    "sqlalchemy_compiled": cython.HAS_CYEXTENSION,
    "sqlalchemy": sqlalchemy.__file__,
    "pydantic": __import__("pydantic").VERSION,
    "desktop_only": sorted(m for m in sys.modules
                           if m.split(".")[0] in ("flet_web", "flet_desktop", "uvicorn")),
}}))
"""


def test_the_packaged_app_starts_records_and_exports(tmp_path):
    app, zipped, native = package_like_flet_build(tmp_path)
    storage = tmp_path / "storage"
    script = FIRST_LAUNCH.format(app=str(app), zip=str(zipped), native=str(native),
                                 out=str(tmp_path / "sheet.pdf"))
    keep = ("PATH", "HOME", "LANG", "TMPDIR")
    env = {k: v for k, v in os.environ.items() if k in keep}
    env |= {"FLET_APP_STORAGE_DATA": str(storage), "FLET_PLATFORM": "android",
            "DISABLE_SQLALCHEMY_CEXT_RUNTIME": "1"}
    # -I -S: no site-packages, no checkout: only what the package holds.
    launched = run(sys.executable, "-I", "-S", "-c", script, cwd=tmp_path, env=env)
    report = json.loads(launched.stdout.strip().splitlines()[-1])

    assert report["package"].endswith(".pyc")
    assert report["package"].startswith(str(app))
    assert report["database"] == f"sqlite:///{storage / 'scorekeeper.db'}"
    assert (storage / "scorekeeper.db").exists()
    assert report["revision"] == report["newest"]
    assert report["deals"] == 1
    assert report["json"] == ["Astrid", "Bengt", "Cilla", "Dag"]
    assert report["ledger"].startswith("session,deal,kind")
    assert "Friday at the cabin" in pdf_text(tmp_path / "sheet.pdf")
    assert report["on_phone"] is True
    assert report["sqlalchemy"].startswith(str(zipped))
    assert report["sqlalchemy_compiled"] is False
    assert report["pydantic"] == "2.11.10"
    assert report["french"] == ["2 plis de trop", "-13,50\u00a0€"]
    assert report["desktop_only"] == []


def test_the_app_ships_only_main_py_the_package_and_the_icon():
    # serious_python copies the app folder less the exclude list (exact relative paths)
    # and Flet's default excludes (hidden entries, __pycache__, virtual environments).
    excluded = set(FLET["app"]["exclude"])
    shipped = {entry.name for entry in REPO.iterdir()
               if not entry.name.startswith(".") and entry.name != "__pycache__"
               and not (entry / "pyvenv.cfg").exists() and entry.name not in excluded}
    assert shipped == SHIPPED
    assert {"README.md", "BENCHMARKS.md", "scorekeeper.egg-info", "tests"} <= excluded


def test_the_top_level_icon_for_flet_build_is_the_packaged_one():
    assert (REPO / "assets" / "icon.png").read_bytes() == \
        (REPO / "scorekeeper" / "assets" / "icon.png").read_bytes()
    assert [p.name for p in (REPO / "assets").iterdir()] == ["icon.png"]


# --- The phone's dependencies ---------------------------------------------------------------

# The compiled packages Flet builds for the phones and serves from its own index (mobile-forge
# recipes), which is not reachable here: pip is handed a stand-in wheel for each, with the
# version Flet has built. A new compiled dependency is in neither place, and resolving fails.
FLET_BUILT = {
    "pydantic-core": (PYDANTIC_CORE, ["typing-extensions>=4.6.0,!=4.7.0"]),
    "pillow": ("12.2.0", []),
    "msgpack": ("1.1.2", []),
    "markupsafe": ("3.0.3", []),
}
PHONES = {  # `flet build` target -> (platform_system, pip platform tags, wheel tag)
    "apk": ("Android", ["android_24_arm64_v8a", "android_21_arm64_v8a"],
            "android_24_arm64_v8a"),
    "ipa": ("iOS", ["ios_13_0_arm64_iphoneos"], "ios_13_0_arm64_iphoneos"),
}


def stand_in_wheel(folder: Path, name: str, version: str, requires: list[str], tag: str) -> None:
    metadata = (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                + "".join(f"Requires-Dist: {r}\n" for r in requires))
    filename = f"{name.replace('-', '_')}-{version}-{tag}.whl"
    (folder / filename).write_bytes(wheel_holding(filename, metadata.encode()))


def resolve_for_phone(target: str, tmp_path: Path, extra: tuple[str, ...] = ()
                      ) -> subprocess.CompletedProcess[str]:
    """pip's answer for the phone, asked the way serious_python asks it: only wheels, the
    phone's platform and Python, markers seen through its sitecustomize (platform.system()
    says "Android" or "iOS")."""
    system, platforms, wheel_tag = PHONES[target]
    python = phone_python()
    abi = "cp" + python.replace(".", "")
    flet_index = tmp_path / "flet-index"
    flet_index.mkdir()
    for name, (version, requires) in FLET_BUILT.items():
        stand_in_wheel(flet_index, name, version, requires, f"{abi}-{abi}-{wheel_tag}")
    custom = tmp_path / "sitecustomize"
    custom.mkdir()
    (custom / "sitecustomize.py").write_text(textwrap.dedent(f"""
        import platform
        platform.system = lambda: {system!r}
    """))
    env = pip_env() | {"PYTHONPATH": str(custom), "PYTHONNOUSERSITE": "1"}
    requirements = [str(r) for r in phone_requirements(system)] + list(extra)
    tag_options = [option for tag in platforms for option in ("--platform", tag)]
    with served_phone_index() as index:
        resolved = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
             "--disable-pip-version-check", "--only-binary=:all:", *tag_options,
             "--python-version", python, "--implementation", "cp", "--abi", abi,
             "--target", str(tmp_path / "target"), "--find-links", str(flet_index),
             "--index-url", index.url, "--report", str(tmp_path / "report.json"),
             *requirements],
            capture_output=True, text=True, env=env, timeout=600)
    # A project or wheel missing from the record would read as one PyPI lacks.
    assert not index.unrecorded, \
        f"pip asked for what tests/phone_index/ lacks; record it again: {index.unrecorded}"
    return resolved


@pytest.mark.parametrize("target", sorted(PHONES))
def test_the_phone_dependencies_resolve_to_wheels_the_phone_has(target, tmp_path):
    resolved = resolve_for_phone(target, tmp_path)
    assert resolved.returncode == 0, f"pip could not resolve for {target}:\n{resolved.stderr}"
    report = json.loads((tmp_path / "report.json").read_text())
    installed = {item["metadata"]["name"].lower(): item for item in report["install"]}
    from_flet = {name: item["metadata"]["version"] for name, item in installed.items()
                 if item["download_info"]["url"].startswith("file:")}
    assert from_flet == {name: version for name, (version, _) in FLET_BUILT.items()}
    # Everything else is pure Python from PyPI.
    for name, item in installed.items():
        if name not in from_flet:
            assert item["download_info"]["url"].endswith("-none-any.whl"), name
    assert installed["pydantic"]["metadata"]["version"] == "2.11.10"
    assert not set(DESKTOP_ONLY) & set(installed)


def test_bringing_back_flet_web_makes_the_phone_build_unresolvable(tmp_path):
    resolved = resolve_for_phone("apk", tmp_path, extra=("flet-web==1.0.5",))
    assert resolved.returncode != 0
    # Refused for uvicorn[standard]'s servers, which have no phone wheel; not for want
    # of a network (then pip finds no flet at all, and says nothing of uvicorn).
    said = resolved.stdout + resolved.stderr  # pip explains the conflict on stdout
    assert "ResolutionImpossible" in said or "No matching distribution found" in said, said
    assert re.search(r"(depends on|distribution found for) (uvloop|httptools|watchfiles)",
                     said), said


# --- What `flet build` is told ---------------------------------------------------------------

@pytest.mark.parametrize(("system", "wanted"), [
    ("Android", False), ("iOS", False), ("Linux", True), ("Darwin", True), ("Windows", True)])
def test_the_browser_server_and_the_desktop_window_stay_off_the_phones(system, wanted):
    for line in PYPROJECT["project"]["dependencies"]:
        requirement = Requirement(line)
        if requirement.name in ("flet-web", "flet-desktop"):
            assert requirement.marker is not None
            assert requirement.marker.evaluate({"platform_system": system}) is wanted


def test_flet_cli_comes_with_the_build_extra():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert extras["build"] == ["flet-cli==1.0.5"]
    flet = next(Requirement(r) for r in PYPROJECT["project"]["dependencies"]
                if r.startswith("flet=="))
    assert str(flet.specifier) == "==1.0.5"


def test_every_build_bundles_the_python_the_phone_packages_are_checked_against():
    # flet build takes the newest Python requires-python allows unless told: build.sh tells it.
    assert phone_python() == "3.12"
    assert '--python-version "$PYTHON_VERSION"' in BUILD_SCRIPT.read_text()


def test_the_workflow_builds_every_package_through_the_build_script():
    workflow = WORKFLOW.read_text()
    for target in ("apk", "aab", "ios-simulator", "linux", "macos", "windows"):
        assert f"name: {target}," in workflow
    assert "bash packaging/build.sh ${{ matrix.name }}" in workflow
    assert 'pip install -e ".[build]"' in workflow

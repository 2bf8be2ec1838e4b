"""Finding the library: WHATENC_LIBRARY, the bundled copy, a system install,
or an ImportError that says how to get one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import whatenc


def _run(code: str, env: dict[str, str], cwd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_version_and_bundled_library() -> None:
    assert whatenc.library_version == "1.0.0"
    pkg = Path(whatenc.__file__).parent
    if "WHATENC_LIBRARY" not in os.environ:
        assert Path(whatenc.library_path).parent == pkg, "the bundled library comes first"


def test_kernels_as_whatenc_cpu_allows(tmp_path: Path) -> None:
    assert whatenc.kernels in ("avx512", "avx2", "neon", "generic")
    for value, allowed in (("generic", {"generic"}), ("avx2", {"avx2", "neon", "generic"})):
        env = dict(os.environ, WHATENC_CPU=value)
        r = _run("import whatenc; print(whatenc.kernels)", env, str(tmp_path))
        assert r.returncode == 0 and r.stdout.strip() in allowed, (value, r.stdout, r.stderr)


def test_whatenc_library_overrides(tmp_path: Path) -> None:
    env = dict(os.environ, WHATENC_LIBRARY=whatenc.library_path)
    r = _run("import whatenc; print(whatenc.library_path)", env, str(tmp_path))
    assert r.returncode == 0 and r.stdout.strip() == whatenc.library_path
    env["WHATENC_LIBRARY"] = str(tmp_path / "missing.so")
    r = _run("import whatenc", env, str(tmp_path))
    assert r.returncode != 0
    assert "ImportError" in r.stderr and "missing.so" in r.stderr


def test_no_library_explains_how_to_get_one(tmp_path: Path) -> None:
    pkg = Path(whatenc.__file__).parent
    copy = tmp_path / "whatenc"
    copy.mkdir()
    for f in pkg.glob("*.py"):
        shutil.copy(f, copy)
    env = {k: v for k, v in os.environ.items() if k not in ("WHATENC_LIBRARY", "PYTHONPATH")}
    env["PYTHONPATH"] = str(tmp_path)
    r = _run("import whatenc; print(whatenc.library_path)", env, str(tmp_path))
    if r.returncode == 0:  # a system install was found
        assert not r.stdout.startswith(str(tmp_path))
    else:
        assert "ImportError" in r.stderr
        assert "WHATENC_LIBRARY" in r.stderr and "pip install ./bindings/python" in r.stderr

"""What the benchmark scripts share: the repository root, how Chromium is started, and
build.py loaded as a module (its server and request handler)."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CHROMIUM = "/usr/bin/chromium"
#: Headless Chromium with no background traffic; any host but 127.0.0.1 fails to resolve.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    f"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE {HOST}",
]


#: the window of a desktop visit
DESKTOP = {"width": 1280, "height": 800}


def persistent_context(pw: Any, profile: Path | str, **options: Any) -> Any:
    """Headless Chromium on a profile folder that outlives the context (its HTTP cache and
    service worker make the next visit a repeat visit), service workers allowed, a desktop
    window unless ``options`` say otherwise (Playwright's ``launch_persistent_context``)."""
    options.setdefault("viewport", DESKTOP)
    return pw.chromium.launch_persistent_context(
        str(profile),
        executable_path=CHROMIUM,
        args=ARGS,
        headless=True,
        service_workers="allow",
        **options,
    )


def load_build() -> types.ModuleType:
    """build.py as a module (loaded once; the name ``build`` would find PyPI's package)."""
    module = sys.modules.get("cardroom_build")
    if module is None:
        spec = importlib.util.spec_from_file_location("cardroom_build", ROOT / "build.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules["cardroom_build"] = module
        spec.loader.exec_module(module)
    return module

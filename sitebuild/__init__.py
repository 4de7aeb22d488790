"""Build-time code for cardroom's static site (never shipped to the browser).

One module per artefact; ``sitebuild.site.build`` runs them in order:

- ``runtime``: the vendored Pyodide and PyScript files, and the boot module;
- ``package``: the engine package ``py/cardroom`` as a content-addressed zip;
- ``map``: the US map as inline SVG (with ``geometry`` for TopoJSON and label points);
- ``cards``: the 50 card faces as ``<template>`` elements in a content-addressed file;
- ``flags``: the 50 state flags;
- ``icons``: the app icons;
- ``offline``: the web manifest and the service worker with its precache list;
- ``page``: ``index.html`` (styles, boot script and PyScript config inlined) and the
  licences page;
- ``audit``: the check that nothing in the site fetches from another host;
- ``server``: the static server used by ``build.py --serve``, the tests and benchmarks.

``build.py`` at the repository root is the command-line entry point.
"""

import sys
from pathlib import Path

try:  # the installed (editable) package, or a checkout without `pip install -e`
    import cardroom  # noqa: F401
except ImportError:  # pragma: no cover
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

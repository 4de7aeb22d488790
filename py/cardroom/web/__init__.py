"""cardroom's browser layer: the only Python that touches the DOM.

Modules that import ``js`` or ``pyodide`` (``dom``, ``app``, the screens) run only
under Pyodide; ``cards`` is pure and is also used by ``build.py`` to pre-render
card faces. Importing this package itself imports nothing browser-specific.
"""

"""The browser's platform: the entry point and router, DOM and PyScript glue, compiled imports."""

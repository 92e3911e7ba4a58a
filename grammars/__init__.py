"""Lark grammars, one per site dialect, loaded with importlib.resources."""

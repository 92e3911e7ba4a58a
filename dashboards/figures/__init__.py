"""Chart builders: pure functions from Polars DataFrames to Plotly figures.

Each module is one chart family. Builders never touch the database (``dashboards.data`` does),
so they are tested on small hand-made frames; each documents the columns it reads.
"""

"""Plotly reports built from the DuckDB tables."""

"""Keep long lines drawable: at most a few thousand points per trace.

A million-hand winnings line as raw JSON is tens of megabytes and slow to draw. The chart
keeps each bucket's lowest and highest point, in hand order, so the envelope (every swing a
player would look for) survives while the point count stays bounded.
"""

from __future__ import annotations

import polars as pl

#: Points per trace above which a line is reduced.
MAX_POINTS = 4_000


def min_max_downsample(df: pl.DataFrame, x: str, y: str, max_points: int = MAX_POINTS
                       ) -> pl.DataFrame:
    """Rows of ``df`` (sorted by ``x``) reduced to each bucket's min and max of ``y``.

    The first and last rows are always kept, so the line starts and ends where it should.

    >>> df = pl.DataFrame({"x": range(10), "y": [0, 5, -3, 2, 8, 1, 1, 1, -9, 4]})
    >>> min_max_downsample(df, "x", "y", max_points=4)["y"].to_list()
    [0, -3, 8, -9, 4]
    """
    n = df.height
    if n <= max_points:
        return df
    buckets = max(1, max_points // 2)
    size = -(-n // buckets)  # ceiling division
    indexed = df.with_row_index("_row").with_columns((pl.col("_row") // size).alias("_bucket"))
    keep = (
        indexed.group_by("_bucket")
        .agg(
            pl.col("_row").get(pl.col(y).arg_min()).alias("_lo"),
            pl.col("_row").get(pl.col(y).arg_max()).alias("_hi"),
        )
        .select(pl.concat_list("_lo", "_hi").alias("_row"))
        .explode("_row")
        .get_column("_row")
    )
    rows = pl.concat([keep, pl.Series("_row", [0, n - 1], dtype=keep.dtype)]).unique()
    return indexed.filter(pl.col("_row").is_in(rows.implode())).drop("_row", "_bucket")

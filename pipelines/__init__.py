"""The data flow: files -> parse -> validate -> DuckDB; stats SQL; parallel execution."""

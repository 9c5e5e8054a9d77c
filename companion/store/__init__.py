"""The store: the only place sqlite-utils appears (the game file, series, events, exports)."""

"""The terminal interface: the only place Textual appears."""

"""Game-agnostic core: errors, dice, action sessions and text records (standard library only)."""

"""Camera frames → dice readings → tray events. Knows nothing of the game."""

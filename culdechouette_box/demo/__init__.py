"""The demo: a whole game in the simulated tray, with simulated players, through the real box.

What is simulated: the tray, the dice, the camera (hardware.sim) and the people at the table
(`players`). What is real: vision (the tracker reads every frame), the box loop, the game
record, the rules and the scoreboard code. Needs the `sim` extra.
"""

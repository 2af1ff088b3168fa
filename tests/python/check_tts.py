"""Check the geometry of a Tabletop Simulator save: every placed counter on its hex.

Usage: check_tts.py SAVE.json EXPECTED.json

EXPECTED.json: {"board": the board's nickname, "size": [width, height] of the map in mm,
"hex": the hex width in mm, "counter": a counter's width in mm, "cells": {name: [x, y]} the
cells' centres in mm from the map's top-left corner, "pieces": {nickname: cell}}.

Only the save's own numbers are used: the board is the object with that nickname; a tile
spans twice its scale in TTS units (inches), its image's top towards its local +z, turned by
its Transform's rotY (Unity: y up, left-handed). A counter's centre on the map is its table
position brought into the board's frame; it must lie within 1 % of a hex width of its hex's
centre. The board must be the map's size and each counter its own size, so that a counter
covers a hex as on paper. Prints "N counters on their hexes, worst D mm" and exits 0 when
everything agrees.
"""

import json
import math
import sys


def main(save_path, expected_path):
    with open(save_path) as f:
        save = json.load(f)
    with open(expected_path) as f:
        want = json.load(f)
    objects = save["ObjectStates"]
    boards = [o for o in objects if o.get("Nickname") == want["board"]]
    problems = []
    if len(boards) != 1:
        print(f"{len(boards)} objects named {want['board']}")
        return 1
    board = boards[0]["Transform"]
    width, depth = 2 * board["scaleX"] * 25.4, 2 * board["scaleZ"] * 25.4
    if abs(width - want["size"][0]) > 0.01 or abs(depth - want["size"][1]) > 0.01:
        problems.append(f"the board is {width:.2f} x {depth:.2f} mm, the map {want['size']}")
    theta = math.radians(board["rotY"])

    def on_map(t):
        # The table offset from the board's centre, turned back into the board's frame.
        x, z = t["posX"] - board["posX"], t["posZ"] - board["posZ"]
        lx = x * math.cos(theta) - z * math.sin(theta)
        lz = x * math.sin(theta) + z * math.cos(theta)
        return (lx * 25.4 + width / 2, depth / 2 - lz * 25.4)

    worst, found = 0.0, 0
    by_name = {o.get("Nickname"): o for o in objects}
    for name, cell in want["pieces"].items():
        o = by_name.get(name)
        if o is None:
            problems.append(f"{name}: not on the table")
            continue
        found += 1
        t = o["Transform"]
        if abs(2 * t["scaleX"] * 25.4 - want["counter"]) > 0.01:
            problems.append(f"{name}: {2 * t['scaleX'] * 25.4:.2f} mm wide, a counter is {want['counter']}")
        if abs(t["rotY"] - board["rotY"]) > 1e-9:
            problems.append(f"{name}: turned {t['rotY']}, the board {board['rotY']}")
        x, y = on_map(t)
        cx, cy = want["cells"][cell]
        off = math.hypot(x - cx, y - cy)
        worst = max(worst, off)
        if off > 0.01 * want["hex"]:
            problems.append(f"{name}: at ({x:.2f}, {y:.2f}) mm, {cell} at ({cx:.2f}, {cy:.2f})")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{found} counters on their hexes, worst {worst:.4f} mm")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

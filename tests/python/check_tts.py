"""Check the geometry of a Tabletop Simulator save: every placed counter on its hex.

Usage: check_tts.py SAVE.json EXPECTED.json

EXPECTED.json: {"board": the board's nickname, "size": [width, height] of the map in mm,
"hex": the hex width in mm, "counter": a counter's width in mm, "cells": {name: [x, y]} the
cells' centres in mm from the map's top-left corner, "pieces": {nickname: cell}}.

With "boards" instead of "board", "size" and "cells" (geomorphic boards laid side by side):
{"boards": {nickname: {"size": [w, h], "cells": {name: [x, y]}}}, "pieces": {nickname: [board
nickname, cell]}}: each counter on its cell of its board, whichever way the board is turned
(counters stay upright, rotY 180, as on any table).

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
    if "boards" in want:
        return on_boards(save["ObjectStates"], want)
    objects = save["ObjectStates"]
    boards = [o for o in objects if o.get("Nickname") == want["board"]]
    problems = []
    if len(boards) != 1:
        print(f"{len(boards)} objects named {want['board']}")
        return 1
    board = boards[0]["Transform"]
    on_map, problem = frame(board, want["size"])
    if problem:
        problems.append(problem)

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


def frame(board, size):
    """A board's frame: a table position -> mm on the board's image (from its top-left)."""
    width, depth = 2 * board["scaleX"] * 25.4, 2 * board["scaleZ"] * 25.4
    theta = math.radians(board["rotY"])

    def on_map(t):
        x, z = t["posX"] - board["posX"], t["posZ"] - board["posZ"]
        lx = x * math.cos(theta) - z * math.sin(theta)
        lz = x * math.sin(theta) + z * math.cos(theta)
        return (lx * 25.4 + width / 2, depth / 2 - lz * 25.4)

    problem = None
    if abs(width - size[0]) > 0.01 or abs(depth - size[1]) > 0.01:
        problem = f"the board is {width:.2f} x {depth:.2f} mm, the map {size}"
    return on_map, problem


def on_boards(objects, want):
    by_name = {o.get("Nickname"): o for o in objects}
    problems, frames = [], {}
    for name, b in want["boards"].items():
        o = by_name.get(name)
        if o is None:
            problems.append(f"no board {name}")
            continue
        frames[name], problem = frame(o["Transform"], b["size"])
        if problem:
            problems.append(f"{name}: {problem}")
    worst, found = 0.0, 0
    for name, (board, cell) in want["pieces"].items():
        o = by_name.get(name)
        if o is None or board not in frames:
            problems.append(f"{name}: not on the table, or no board {board}")
            continue
        found += 1
        t = o["Transform"]
        if abs(t["rotY"] - 180.0) > 1e-9:
            problems.append(f"{name}: turned {t['rotY']}")
        x, y = frames[board](t)
        cx, cy = want["boards"][board]["cells"][cell]
        off = math.hypot(x - cx, y - cy)
        worst = max(worst, off)
        if off > 0.01 * want["hex"]:
            problems.append(f"{name}: at ({x:.2f}, {y:.2f}) mm of {board}, {cell} at ({cx:.2f}, {cy:.2f})")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{found} counters on their hexes of {len(frames)} boards, worst {worst:.4f} mm")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

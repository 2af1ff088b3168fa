"""Read a VASSAL module with an independent reader and compare its pieces with the data.

Usage: read_vmod.py MODULE.vmod EXPECTED.json

EXPECTED.json lists the pieces as the data has them: {"counters": [{"name", "front",
"back"}], "cards": [...]}, a counter's back null when it has none, a card once per copy. The module is opened with Python's zipfile (every entry's
CRC checked) and with pywargame, which decodes VASSAL's build file and piece
definitions: each piece slot's basic piece gives the name and front image, its layer
(emb2) trait the back image. EXPECTED.json's "boards" (one per map, optional) give each
board's name, image, size and every cell's name and centre in pixels: pywargame's grid
numbering must put each name within a pixel of its centre. EXPECTED.json's "setups" (one
per scenario) give each predefined set-up's menu name, file and pieces: each piece's name
and either its map and cell, or the arrivals window's row it waits in. The set-up is read
from the module's zip by pywargame's saved-game reader (SaveIO), every add-piece command
decoded into its traits, and each piece must be on its map within a pixel of the point
pywargame's own grid numbering gives its cell (plus the map's edge), or in the arrivals
window nearest the region of its row. Prints "N pieces match; M cards match; K boards
match; S set-ups with P placed pieces match" and exits 0 when everything agrees.
"""

import io
import json
import sys
import types
import zipfile

if sys.version_info < (3, 12):
    # pywargame 0.8 writes three modules with f-strings only Python 3.12 parses (PEP 701); this
    # reader never uses them (module merging, property sheets, ZunTzu). Stand-ins let the rest
    # import on Debian 12's Python 3.11; a module using a property sheet would fail loudly.
    class _Unused(types.ModuleType):
        def __getattr__(self, name):
            if name.startswith("__"):
                raise AttributeError(name)
            return type(name, (), {"ID": name})

    for _name in ("pywargame.vassal.merger", "pywargame.vassal.traits.sheet", "pywargame.zuntzu"):
        sys.modules[_name] = _Unused(_name)

from pywargame.vassal.board import Board
from pywargame.vassal.buildfile import BuildFile
from pywargame.vassal.grid import HexGrid, SquareGrid
from pywargame.vassal.map import PlayerHand
from pywargame.vassal.traits.basic import BasicTrait
from pywargame.vassal.traits.layer import LayerTrait
from pywargame.vassal.traits.mask import MaskTrait
from pywargame.vassal.traits.rotate import RotateTrait
from pywargame.vassal.save import SaveIO
from pywargame.vassal.vmod import VMod
from pywargame.vassal.withtraits import WithTraits


def main(module, expected_path):
    with open(expected_path) as f:
        want = json.load(f)
    expected = want["counters"]
    with zipfile.ZipFile(module) as z:
        bad = z.testzip()
        assert bad is None, f"corrupt entry {bad}"
        names = set(z.namelist())
    for required in ("buildFile.xml", "moduledata"):
        assert required in names, f"{required} missing"

    with VMod(module, "r") as vmod:
        build = BuildFile(vmod.getBuildFile())
        data = vmod.getModuleData()
    game = build.getGame()
    module_name = data.getElementsByTagName("name")[0].firstChild.nodeValue
    assert game["name"] == module_name, (game["name"], module_name)

    got = []
    for slot in game.getPieces(asdict=False):
        traits = slot.getTraits()
        basic = [t for t in traits if isinstance(t, BasicTrait)]
        layers = [t for t in traits if isinstance(t, LayerTrait)]
        masks = [t for t in traits if isinstance(t, MaskTrait)]
        rotates = [t for t in traits if isinstance(t, RotateTrait)]
        assert len(basic) == 1, f"{slot['entryName']}: {len(basic)} basic pieces"
        back = None
        if layers:
            images = layers[0].getImages()
            assert len(images) == 1, images
            back = images[0]
        piece = {"name": basic[0]["name"], "front": basic[0]["filename"], "back": back}
        if masks:
            # A block: its back is the mask's image (its side's colour), shown to the other
            # sides; with steps, a rotation of four facings.
            assert not layers, f"{slot['entryName']}: a block with a flip layer"
            piece["back"] = masks[0]["imageImage"]
            piece["block"] = int(rotates[0]["nangles"]) if rotates else 0
        got.append(piece)
        for image in (basic[0]["filename"], back):
            if image:
                assert f"images/{image}" in names, f"{image} not in images/"

    problems = []
    if len(got) != len(expected):
        problems.append(f"{len(got)} pieces in the module, {len(expected)} counters in the data")
    # The palette groups pieces by side and counter group: compare as sorted lists.
    key = lambda p: json.dumps(p, sort_keys=True)
    for g, e in zip(sorted(got, key=key), sorted(expected, key=key)):
        if g != e:
            problems.append(f"module {g} != data {e}")
    cards = []
    for card in game.getCards(asdict=False):
        traits = card.getTraits()
        masks = [t for t in traits if isinstance(t, MaskTrait)]
        basic = [t for t in traits if isinstance(t, BasicTrait)]
        if len(masks) != 1 or len(basic) != 1:
            problems.append(f"card {card['entryName']}: {len(masks)} masks, {len(basic)} basic pieces")
            continue
        back = masks[0]["imageImage"]
        cards.append({"name": basic[0]["name"], "front": basic[0]["filename"], "back": back})
        for image in (basic[0]["filename"], back):
            assert f"images/{image}" in names, f"{image} not in images/"
    if cards != want["cards"]:
        problems.append(f"cards: module {cards} != data {want['cards']}")
    check_piles(game, want, problems)
    boards = check_boards(game, names, want.get("boards", []), problems)
    setups, placed = check_setups(module, game, want.get("setups", []), problems)
    if problems:
        print("\n".join(problems))
        return 1
    print(
        f"{len(got)} pieces match; {len(cards)} cards match; {boards} boards match; "
        f"{setups} set-ups with {placed} placed pieces match"
    )
    return 0


def check_piles(game, want, problems):
    """EXPECTED.json's "piles" (optional): every draw and discard pile of the module's maps, in
    order, as [name, faceDown, reshuffleTarget or null, cards]; its "hands": each player hand
    as [mapName, side list], each owner a side of the player roster."""
    if "piles" in want:
        piles = []
        for m in game.getMaps(asdict=False):
            for d in m.getDecks(single=False) or []:
                target = d["reshuffleTarget"] if d["reshufflable"] == "true" else None
                piles.append([d["name"], d["faceDown"], target, len(d.getCards(asdict=False))])
        if piles != want["piles"]:
            problems.append(f"piles: module {piles} != data {want['piles']}")
    if "hands" in want:
        hands = [[h["mapName"], h["side"]] for h in game.getAllElements(PlayerHand, single=False) or []]
        if hands != want["hands"]:
            problems.append(f"hands: module {hands} != data {want['hands']}")
        roster = [e.firstChild.nodeValue.strip() for r in game.getPlayerRoster(single=False)
                  for e in r._node.getElementsByTagName("entry")]
        for name, sides in hands:
            if sides.split(",")[0] not in roster:
                problems.append(f"hand {name}: side {sides} is not in the roster {roster}")


def check_setups(module, game, expected, problems):
    """Each expected set-up against the module: a PredefinedSetup of that name and file, the
    file at the zip's root, read by pywargame's saved-game reader; every piece where the data
    puts it (see the module docstring). Returns (set-ups, pieces) checked."""
    setups = {s["name"]: s for s in game.getPredefinedSetups(asdict=False)}
    maps = {m["mapName"]: m for m in game.getMaps(asdict=False)}
    placed = 0
    for want in expected:
        setup = setups.get(want["title"])
        if setup is None or setup["file"] != want["file"]:
            problems.append(f"no set-up {want['title']} in {want['file']}: {sorted(setups)}")
            continue
        with zipfile.ZipFile(module) as z:
            saved = io.BytesIO(z.read(want["file"]))
        saved.name = want["file"]
        _, lines = SaveIO.readSave(saved)
        if lines[0] != "begin_save" or lines[-1] != "end_save":
            problems.append(f"{want['file']}: starts {lines[0]!r}, ends {lines[-1]!r}")
        pieces = []
        for line in lines:
            if not line.startswith("+/"):
                continue
            _, traits = WithTraits.decodeAdd2(line)
            basic = [t for t in traits if isinstance(t, BasicTrait)]
            if len(basic) != 1:
                problems.append(f"{want['file']}: a piece with {len(basic)} basic pieces")
                continue
            b = basic[0]
            masks = [t for t in traits if isinstance(t, MaskTrait)]
            # The mask's state: who hides the piece (its first field; "null" when shown).
            mask = str(masks[0]["value"]).split(";")[0] if masks else None
            pieces.append((b["name"], b["map"], int(b["x"]), int(b["y"]), mask))
        if len(pieces) != len(want["pieces"]):
            problems.append(f"{want['file']}: {len(pieces)} pieces, the data places {len(want['pieces'])}")
        # Each piece the data places against the module's pieces of that name on that map:
        # one of them must stand where the data says (pieces of one name pair up in any order).
        unused = list(pieces)
        for w in want["pieces"]:
            where = f"{want['file']}: {w['name']}"
            candidates = [p for p in unused if p[0] == w["name"] and p[1] == w["map"]]
            if not candidates:
                problems.append(f"{where}: no such piece on {w['map']}")
                continue
            m = maps.get(w["map"])
            if m is None:
                problems.append(f"{where}: no map {w['map']}")
                continue
            found = [(p, piece_problem(w, p, m, lines)) for p in candidates]
            ok = next((p for p, problem in found if problem is None), None)
            if ok is None:
                problems.append(f"{where}: {found[0][1]}")
                continue
            unused.remove(ok)
            placed += 1
    return len(expected), placed


def piece_problem(w, piece, m, lines):
    """Why `piece` (name, map, x, y, mask) does not stand where the data's piece `w` does, on
    map `m` of a saved game of `lines`; None when it does."""
    _, map_name, x, y, mask = piece
    where = "it"
    boards = [b for picker in m.getBoardPicker() for b in picker.getBoards(asdict=False)]
    edge = (int(m["edgeWidth"] or 0), int(m["edgeHeight"] or 0))
    if "board" in w:
        # Geomorphic boards: where VASSAL lays each board the set-up's board picker
        # command names (BoardPicker.encode: name[/rev], column, row), a board after the
        # widths of those before it in its row and the heights of those above it in
        # its column; a reversed board's points turned about its centre.
        laid = laid_boards(lines, map_name, boards)
        if w["board"] not in laid:
            return f"{where}: the set-up lays no board {w['board']}: {sorted(laid)}"
        board, (bx, by), rev = laid[w["board"]]
        if rev != w["turned"]:
            return f"{where}: board {w['board']} reversed {rev}, the data says {w['turned']}"
        grids = board.getHexGrids(single=False) + board.getSquareGrids(single=False)
        at = grids[0].getLocation(w["cell"])
        if at is not None and rev:
            at = (board.getWidth() - at[0], board.getHeight() - at[1])
        if at is None or max(abs(bx + at[0] + edge[0] - x), abs(by + at[1] + edge[1] - y)) > 1.0 + 1e-6:
            return f"{where} at ({x}, {y}), its cell {w['board']} {w['cell']} at {at} + ({bx}, {by})"
    elif "cell" in w:
        grids = boards[0].getHexGrids(single=False) + boards[0].getSquareGrids(single=False)
        at = grids[0].getLocation(w["cell"])
        if at is None or max(abs(at[0] + edge[0] - x), abs(at[1] + edge[1] - y)) > 1.0 + 1e-6:
            return f"{where} at ({x}, {y}), its cell {w['cell']} at {at}"
    else:
        regions = [r for g in boards[0].getRegionGrids(single=False) for r in g.getRegions().values()]
        if not regions:
            return f"{where}: {map_name} has no regions"
        near = min(regions, key=lambda r: (int(r["originx"]) + edge[0] - x) ** 2 + (int(r["originy"]) + edge[1] - y) ** 2)
        if "hidden" in w and mask != w["hidden"]:
            # A block at set-up: hidden by its own side (the mask's state names it).
            return f"{where} hidden by {mask!r}, the data says {w['hidden']!r}"
        if near["name"] != w["row"]:
            return f"{where} waits at {near['name']}, the data says {w['row']}"
    return None


def laid_boards(lines, map_name, boards):
    """The boards a saved game's board picker command lays in map `map_name`: name -> (board,
    its corner (x, y) without the map's edge, reversed)."""
    by_name = {b["name"]: b for b in boards}
    command = next((l for l in lines if l.startswith(map_name + "BoardPicker\t")), None)
    if command is None:
        return {}
    parts = command.split("\t")[1:]
    placed = []
    for k in range(0, len(parts) - 2, 3):
        name, rev = parts[k], False
        if name.endswith("/rev"):
            name, rev = name[: -len("/rev")], True
        placed.append((name, int(parts[k + 1]), int(parts[k + 2]), rev))
    out = {}
    for name, col, row, rev in placed:
        board = by_name[name]
        x = sum(by_name[n].getWidth() for n, c, r, _ in placed if r == row and c < col)
        y = sum(by_name[n].getHeight() for n, c, r, _ in placed if c == col and r < row)
        out[name] = (board, (x, y), rev)
    return out


class _Whole:
    """The grid's zone when the grid is the whole board's (pywargame expects a zone)."""

    def __init__(self, board):
        self.board = board

    def getWidth(self):
        return self.board.getWidth()

    def getHeight(self):
        return self.board.getHeight()

    def getXOffset(self):
        return 0

    def getYOffset(self):
        return 0


def check_boards(game, names, expected, problems):
    """Each expected board (one per map, in order: name, image, width, height, and every
    cell's name and centre in pixels) against the module's maps, read by pywargame: the
    board's image and size, and where pywargame's own grid numbering puts each cell name
    (within a pixel: VASSAL keeps the grid's origin in whole pixels)."""
    for grid in (HexGrid, SquareGrid):
        grid.getZone = lambda self: _Whole(self.getParent(Board))
    boards = []
    for m in game.getMaps(asdict=False):
        for picker in m.getBoardPicker():
            boards.extend(b for b in picker.getBoards(asdict=False) if "image" in b and b["image"])
    if len(boards) != len(expected):
        problems.append(f"{len(boards)} boards with an image in the module, {len(expected)} maps in the data")
        return 0
    for board, want in zip(boards, expected):
        label = want["name"]
        if board["name"] != want["name"] or board["image"] != want["image"]:
            problems.append(f"board {board['name']} {board['image']} != data {want['name']} {want['image']}")
        if (board.getWidth(), board.getHeight()) != (want["width"], want["height"]):
            problems.append(f"{label}: {board.getWidth()}x{board.getHeight()} != {want['width']}x{want['height']}")
        if f"images/{board['image']}" not in names:
            problems.append(f"{label}: {board['image']} not in images/")
        if "regions" in want:
            # A map of areas: a region at each area, named after it, within a pixel.
            regions = {r["name"]: r for g in board.getRegionGrids(single=False) for r in g.getRegions().values()}
            if sorted(regions) != sorted(n for n, _, _ in want["regions"]):
                problems.append(f"{label}: regions {sorted(regions)} != areas {[n for n, _, _ in want['regions']]}")
                continue
            worst = max(max(abs(int(regions[n]["originx"]) - x), abs(int(regions[n]["originy"]) - y))
                        for n, x, y in want["regions"])
            if worst > 1.0 + 1e-6:
                problems.append(f"{label}: a region {worst:.1f} px from its area")
            print(f"{label}: {len(regions)} regions, worst {worst:.2f} px off")
            continue
        grids = board.getHexGrids(single=False) + board.getSquareGrids(single=False)
        if len(grids) != 1:
            problems.append(f"{label}: {len(grids)} grids")
            continue
        worst = 0.0
        for cell, x, y in want["cells"]:
            at = grids[0].getLocation(cell)
            if at is None:
                problems.append(f"{label}: the grid does not know {cell}")
                continue
            off = max(abs(at[0] - x), abs(at[1] - y))
            worst = max(worst, off)
            if off > 1.0 + 1e-6:
                problems.append(f"{label}: {cell} at {at}, the map has it at ({x:.1f}, {y:.1f})")
        print(f"{label}: {len(want['cells'])} cells, worst {worst:.2f} px off")
    return len(boards)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

"""Read a VASSAL module with an independent reader and compare its pieces with the data.

Usage: read_vmod.py MODULE.vmod EXPECTED.json

EXPECTED.json lists the pieces as the data has them: {"counters": [{"name", "front",
"back"}], "cards": [...]}, a counter's back null when it has none, a card once per copy. The module is opened with Python's zipfile (every entry's
CRC checked) and with pywargame, which decodes VASSAL's build file and piece
definitions: each piece slot's basic piece gives the name and front image, its layer
(emb2) trait the back image. EXPECTED.json's "boards" (one per map, optional) give each
board's name, image, size and every cell's name and centre in pixels: pywargame's grid
numbering must put each name within a pixel of its centre. Prints "N pieces match; M cards
match; K boards match" and exits 0 when everything agrees.
"""

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
from pywargame.vassal.traits.basic import BasicTrait
from pywargame.vassal.traits.layer import LayerTrait
from pywargame.vassal.traits.mask import MaskTrait
from pywargame.vassal.vmod import VMod


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
        assert len(basic) == 1, f"{slot['entryName']}: {len(basic)} basic pieces"
        back = None
        if layers:
            images = layers[0].getImages()
            assert len(images) == 1, images
            back = images[0]
        got.append({"name": basic[0]["name"], "front": basic[0]["filename"], "back": back})
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
    boards = check_boards(game, names, want.get("boards", []), problems)
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{len(got)} pieces match; {len(cards)} cards match; {boards} boards match")
    return 0


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

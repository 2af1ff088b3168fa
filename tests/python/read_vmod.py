"""Read a VASSAL module with an independent reader and compare its pieces with the data.

Usage: read_vmod.py MODULE.vmod EXPECTED.json

EXPECTED.json lists the pieces as the data has them: {"counters": [{"name", "front",
"back"}], "cards": [...]}, a counter's back null when it has none, a card once per copy. The module is opened with Python's zipfile (every entry's
CRC checked) and with pywargame (Python 3.12+), which decodes VASSAL's build file and piece
definitions: each piece slot's basic piece gives the name and front image, its layer
(emb2) trait the back image. Prints "N pieces match" and exits 0 when everything agrees.
"""

import json
import sys
import zipfile

from pywargame.vassal.buildfile import BuildFile
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
    if problems:
        print("\n".join(problems))
        return 1
    print(f"{len(got)} pieces match; {len(cards)} cards match")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

#!/usr/bin/env python3
"""Vendor the curated game-icons.net subset listed in icons/LIST into icons/svg/.

Usage: vendor.py <checkout of github.com/game-icons/icons> <commit>

Each icon is taken from the first author folder that has it (delapouite, lorc, then the
others in name order; never `badges`). Its SVG is normalised so that it takes the colour of
the text around it: the black 512x512 background square is dropped, the white fill of the
shape is removed, and the root <svg> gets fill="currentColor" (playaid replaces
`currentColor` by the text colour when it prints the icon). Then ATTRIBUTION.md is written.
Run it again with the same checkout and it writes the same bytes.
"""
import os
import re
import sys

repo, commit = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
names = open(os.path.join(here, "LIST")).read().split()
assert len(names) == len(set(names)), "duplicate names in LIST"
authors = sorted(d for d in os.listdir(repo) if os.path.isdir(os.path.join(repo, d)) and not d.startswith(".") and d != "badges")
order = ["delapouite", "lorc"] + [a for a in authors if a not in ("delapouite", "lorc")]
BACKGROUND = '<path d="M0 0h512v512H0z"/>'
out_dir = os.path.join(here, "svg")
os.makedirs(out_dir, exist_ok=True)
rows = []
for name in sorted(names):
    author = next(a for a in order if os.path.isfile(os.path.join(repo, a, name + ".svg")))
    svg = open(os.path.join(repo, author, name + ".svg")).read().strip()
    assert BACKGROUND in svg, name
    svg = svg.replace(BACKGROUND, "")
    svg = svg.replace(' fill="#fff"', "")
    svg = svg.replace('<svg xmlns="http://www.w3.org/2000/svg"', '<svg xmlns="http://www.w3.org/2000/svg" fill="currentColor"', 1)
    assert "fill=\"#" not in svg and "style=" not in svg, name
    with open(os.path.join(out_dir, name + ".svg"), "w") as f:
        f.write(svg + "\n")
    rows.append((name, author))
def key(name):
    return re.sub(r"[^a-z0-9]", "", name.lower())
credits = {}
for line in open(os.path.join(repo, "license.txt")):
    m = re.match(r"- ([^,]+?)(?:, (\S+))?(?: - CC0)?$", line.strip())
    if m:
        credits[key(m.group(1))] = line.strip()[2:]
with open(os.path.join(here, "ATTRIBUTION.md"), "w") as f:
    f.write("# Icons: attribution\n\n")
    f.write("The icons in `svg/` come from game-icons.net (https://game-icons.net), from the repository\n")
    f.write(f"https://github.com/game-icons/icons at commit {commit}, under the Creative Commons\n")
    f.write("Attribution 3.0 licence (CC BY 3.0, see LICENSE.md). Changes: the black background square\n")
    f.write("is removed and the shape is filled with the text colour (see vendor.py).\n\n")
    f.write("Icons made by the authors below, each icon with its author:\n\n")
    f.write("| Icon | Author |\n|---|---|\n")
    for name, author in rows:
        f.write(f"| {name} | {credits[key(author)]} |\n")
print(len(rows), "icons")

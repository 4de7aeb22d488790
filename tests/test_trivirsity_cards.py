"""Tri-Virsity card faces (build time, svgwrite)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cardroom.trivirsity.deck import ALL_CARDS
from sitebuild.trivirsity_cards import COLOURS, all_faces, card_label, card_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_every_card_has_a_face_with_a_title():
    faces = all_faces()
    assert len(faces) == 132 and set(faces) == set(ALL_CARDS)
    for code, svg in faces.items():
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg" and root.get("role") == "img"
        assert root.find(f"{SVG}title").text == card_label(code) == root.get("aria-label")


def test_faces_show_letter_points_and_suit_colour():
    q = card_svg("OQ1")
    assert ">Q<" in q and ">15<" in q and COLOURS["O"] in q and COLOURS["R"] not in q
    assert card_label("RA1") == "Winding Red A, 5 points"
    assert card_label("G*2") == "Wavey Green wild, any letter in Wavey Green, 20 points"
    tri = card_svg("**3")
    assert all(c in tri for c in COLOURS.values()) and ">25<" in tri and "TRI-WILD" in tri
    with pytest.raises(ValueError):
        card_svg("ZZ9")

"""cardroom: GeoPlunge, Sequence States & Capitals and Tri-Virsity, offline."""

__version__ = "0.1.0"

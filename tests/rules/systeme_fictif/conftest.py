"""The tool module registers Oriflamme's tool on import: only the facade imports it, once the record is
registered (tests/rules/test_systeme_fictif.py); a doctest run must not import it on its own."""

collect_ignore = ["outils.py"]

"""Links to a tool's place on its rules page, written ``[](outil:NOM)``."""

"""The rulebook as PDF files: the whole reference and one per system, built with WeasyPrint."""

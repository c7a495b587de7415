"""The theme never holds the text back: Material's script at the reader's first touch, print styles apart."""

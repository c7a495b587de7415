"""The characters plugin: the page script that keeps characters on the device and fills the tools."""

"""The pygame user interface: scenes, widgets, drag and drop, card faces and rendering."""

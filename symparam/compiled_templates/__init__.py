"""Compiled copies of the templates: written by tools/compile_templates.py, never edited."""

"""The static rules website: collect the whole context, render it with Jinja2, index it for offline search."""

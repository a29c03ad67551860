"""The browser side: the page (main.py), board renderers, and the computer's worker."""

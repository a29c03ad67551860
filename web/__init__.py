"""The browser side: the page (main.py starts page.py), board renderers, the computer's worker."""

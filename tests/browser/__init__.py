"""Browser tests: JupyterLab and Voila in Debian's Chromium (see conftest.py)."""

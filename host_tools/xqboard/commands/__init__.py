"""Subcommands of `xqboard`: one module each, with `register(subparsers)`."""

"""Tests of the tournament tools (issue 8)."""

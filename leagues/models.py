"""Leagues come with the leagues issue."""

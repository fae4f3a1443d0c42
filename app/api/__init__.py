"""The JSON API under ``/api`` (API.md)."""

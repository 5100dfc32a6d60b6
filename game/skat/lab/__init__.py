"""Benchmarks and experiments (``skat bench ...``): desktop only, never
imported by the shipped code and left out of the web build as a folder."""

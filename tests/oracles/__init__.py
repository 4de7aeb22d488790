"""Score oracles written independently of the engines, for the conformance harness."""

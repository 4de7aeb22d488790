"""Two devices on one network: pairing, the WebRTC link, linked games and linked matches."""

"""Share and embed: links, QR codes and embed snippets."""

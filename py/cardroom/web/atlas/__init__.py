"""The atlas explorer screen."""

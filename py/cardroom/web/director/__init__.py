"""The tournament director's desk: logic, HTML and its screen."""

"""The Flet app: the table companion. Screens render the open session and call the scorebook."""

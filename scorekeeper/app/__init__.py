"""The Flet app: the table companion. Views render state and call the store and the core."""

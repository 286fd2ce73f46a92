"""One screen per module; each is a component taking the app model."""

"""The app's state, one small observable per concern, each with the commands that change it.

A page's ``AppModel`` (app/model.py) holds one of each; a screen reads the ones it shows
and calls their commands. Only the commands talk to the scorebook."""

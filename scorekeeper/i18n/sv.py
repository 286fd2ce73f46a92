MESSAGES: dict[str, str] = {}

"""Plain data the lessons teach with: quiz banks, scripted scenarios, the lesson catalogue."""

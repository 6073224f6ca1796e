"""Scenario files: Markdown rulings whose fenced blocks set up, drive and check the rules engine."""

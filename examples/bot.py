#!/usr/bin/env python3
"""A silk bot in Python over the external bot protocol (docs/bot-protocol.md).

    silk ladder splendor --bots 'cmd:python3 examples/bot.py,greedy' --games 20

silk writes one JSON message per line on stdin; the bot answers each `decide` with one line
on stdout. This one plays the cheapest-looking move: among the legal actions it prefers those
whose text says it takes or buys something, at random among equals (seeded per game).
"""
import json
import random
import sys

PREFERRED = ("buy", "take", "build", "sell")

rng = random.Random()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        # A new game: the game's name, the config and rules in force, the table, our seat.
        rng.seed(f'{message["game"]}-{message["seat"]}')
    elif message["type"] == "decide":
        # Only our seat's view, the legal actions (a trace's format) and their texts.
        texts = message["texts"]
        liked = [i for i, t in enumerate(texts) if t.split(" ")[0] in PREFERRED]
        choice = rng.choice(liked or range(len(texts)))
        print(json.dumps({"index": choice}), flush=True)

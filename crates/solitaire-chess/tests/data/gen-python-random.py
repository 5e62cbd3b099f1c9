# Writes python-random.txt: reference values of CPython's `random` for pyrandom.rs's tests.
# Run once as `python3 gen-python-random.py > python-random.txt` (it was, with Python 3.11.7).
import random
import sys

print("# Values from CPython's random module, written by gen-python-random.py (Python %s)."
      % sys.version.split()[0])
print("# bits SEED v1 v2 ...: random.seed(SEED); random.getrandbits(32) five times")
for seed in (0, 1, 42, 2**32 + 5, 123456789012):
    random.seed(seed)
    print("bits", seed, *[random.getrandbits(32) for _ in range(5)])
print("# below SEED N v1 v2 ...: random.seed(SEED); random.randrange(N) (which is _randbelow(N)) twelve times")
for seed, n in ((1, 1), (2, 2), (3, 3), (7, 5), (9, 8), (11, 1000)):
    random.seed(seed)
    print("below", seed, n, *[random.randrange(n) for _ in range(12)])
print("# deal ALPHABET SEED LETTERS: random.seed(SEED); random.choice(ALPHABET) 108 times,")
print("# three a square (bronze, silver, gold), squares in reading order")
for alphabet, seed in (("s", 1), ("12", 1), ("tld", 6), ("1234", 9), ("1234tlds", 12),
                       ("1234tlds", 14)):
    random.seed(seed)
    print("deal", alphabet, seed, "".join(random.choice(alphabet) for _ in range(108)))

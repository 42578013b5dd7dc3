"""What the Python test scripts share: named checks counted and a summary.

A script imports it with its directory's parent on sys.path:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from support import expect, summary
"""

passed = 0
failures = 0


def expect(name, cond, detail=""):
    """Counts a check; prints FAIL with the detail when cond is false."""
    global passed, failures
    if cond:
        passed += 1
    else:
        failures += 1
        print(f"FAIL {name}: {detail}"[:3000])
    return cond


def summary():
    """Prints the counts; the script's exit status (1 when a check failed)."""
    print(f"{passed} passed, {failures} failed")
    return 1 if failures else 0

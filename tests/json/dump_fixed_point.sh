#!/bin/sh
# usage: dump_fixed_point.sh ANIMKIT SOURCE_DIR
cli=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
count=0
for f in "$src"/tests/conformance/json/valid/*.json "$src"/examples/json/good-*.json; do
  [ -f "$f" ] || continue
  # cases that need options (e.g. --max-depth) are covered by the unit tests
  if [ -f "$f.expected" ] && grep -q -- '^--' "$f.expected"; then continue; fi
  count=$((count + 1))
  if ! "$cli" dump --format json "$f" >"$tmp/a.json" 2>"$tmp/err"; then
    echo "FAIL dump $f"; cat "$tmp/err"; status=1; continue
  fi
  if ! "$cli" validate --format json "$tmp/a.json" >"$tmp/err" 2>&1; then
    echo "FAIL the dump of $f is not valid JSON"; cat "$tmp/err"; status=1; continue
  fi
  "$cli" dump --format json "$tmp/a.json" >"$tmp/b.json" 2>/dev/null
  if ! cmp -s "$tmp/a.json" "$tmp/b.json"; then
    echo "FAIL dump of the dump of $f differs"; status=1
  fi
done
echo "$count files dumped"
exit $status

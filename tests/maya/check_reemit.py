#!/usr/bin/env python3
"""`animkit convert a.anim b.anim` never changes a value: files written in
Maya's layout come back byte for byte, tiny values of old Maya versions
(-2.9455214e-28, which today's Maya would write as 0) and animVersion 1.0
included, and so does every .anim file of ../shared/corpus (when present).
Run by CTest (maya.reemit) with AK_CLI set."""
import glob
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')
CASES = os.path.join(ROOT, 'tests', 'conformance', 'maya', 'valid')
INPUTS = [os.path.join(ROOT, 'tests', 'maya', 'old_maya_tiny_values.anim'),
          os.path.join(ROOT, 'examples', 'maya', 'driven_v10.anim'),
          os.path.join(ROOT, 'examples', 'maya', 'bounce.anim')] + \
    [os.path.join(CASES, n) for n in ('canonical.anim', 'weighted.anim', 'precision17.anim', 'exponents.anim',
                                      'version_1_0.anim', 'key_tiny_old_maya.anim', 'crlf.anim')]
shared = os.environ.get('AK_SHARED_DIR')
if shared:
    INPUTS += sorted(glob.glob(os.path.join(shared, 'corpus', 'maya', '*.anim')))

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for src in INPUTS:
        out = os.path.join(tmp, 'out.anim')
        r = subprocess.run([os.environ['AK_CLI'], 'convert', src, out], capture_output=True, text=True)
        data = open(src, 'rb').read()
        if r.returncode != 0 or open(out, 'rb').read() != data:
            got = open(out, 'rb').read() if os.path.exists(out) else b''
            i = next((k for k in range(min(len(got), len(data))) if got[k] != data[k]), min(len(got), len(data)))
            print('FAIL %s (exit %d): first difference at byte %d: %r vs %r\n%s' % (
                src, r.returncode, i, got[i:i + 40], data[i:i + 40], r.stderr))
            failed += 1
        if os.path.exists(out):
            os.remove(out)
print('%d files, %d failed' % (len(INPUTS), failed))
sys.exit(1 if failed else 0)

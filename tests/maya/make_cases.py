#!/usr/bin/env python3
"""Writes the Maya conformance case files (tests/conformance/maya/) from the
templates below. The .expected files (the compatible level) are written by
hand next to them; this script keeps the case inputs readable and
consistent, and writes each case's .strict.expected from its .expected and
the spec's severity table (SPEC below, transcribed from section 4 of
../shared/specs/maya-anim.md), plus the diagnostics a case has only under
--strict (STRICT_ONLY). Run it from the source root after changing a case.

    make_cases.py           write the case files and the .strict.expected files
    make_cases.py --check   (CTest maya.cases) fail when a file is not what this
                            script writes, when animkit's rule table disagrees
                            with SPEC, or when a rule of the spec's table has no
                            case that expects it at a line at both levels
"""
import json
import os
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(__file__), '..', 'conformance', 'maya')

# Spec section 4: code -> (strict, compatible); '-' = off at the compatible
# level, which animkit reports as a warning; 'E*' = maya.key.field-count,
# an error where Maya's token reader misreads (see docs/formats/maya.md).
SPEC = {
    'maya.file.empty': ('E', 'E'), 'maya.file.foreign-format': ('E', 'E'), 'maya.file.bom': ('E', 'E'),
    'maya.file.nul-byte': ('E', 'E'), 'maya.file.control-char': ('E', 'W'), 'maya.file.bare-cr': ('E', 'E'),
    'maya.file.mixed-eol': ('W', '-'), 'maya.file.final-newline': ('W', '-'), 'maya.file.no-curves': ('W', 'W'),
    'maya.lex.comment': ('W', '-'), 'maya.lex.stray-semicolon': ('W', '-'), 'maya.lex.word-spans-line': ('E', 'E'),
    'maya.lex.missing-semicolon': ('E', '-'), 'maya.lex.quoted-word': ('W', '-'),
    'maya.lex.unterminated-quote': ('E', 'E'), 'maya.lex.bad-number': ('E', 'E'),
    'maya.lex.number-noncanonical': ('W', '-'), 'maya.lex.long-word': ('W', 'W'), 'maya.lex.non-ascii': ('W', '-'),
    'maya.header.missing-version': ('E', 'E'), 'maya.header.version-value': ('E', 'W'),
    'maya.header.version-not-first': ('W', '-'), 'maya.header.missing-maya-version': ('W', '-'),
    'maya.header.duplicate': ('E', 'W'), 'maya.header.order': ('W', '-'), 'maya.header.unknown-unit': ('E', 'E'),
    'maya.header.long-unit-name': ('W', '-'), 'maya.header.missing-unit': ('W', 'W'),
    'maya.header.unit-range-coupling': ('W', '-'), 'maya.header.range-incomplete': ('W', 'W'),
    'maya.header.range-order': ('W', 'W'), 'maya.header.maya2-angles': ('W', 'W'),
    'maya.body.unknown-keyword': ('E', 'E'), 'maya.anim.name-count': ('E', 'E'), 'maya.anim.index-syntax': ('E', 'E'),
    'maya.anim.index-range': ('E', 'W'), 'maya.anim.no-name': ('W', '-'), 'maya.anim.placeholder-names': ('W', '-'),
    'maya.animdata.orphan': ('E', 'E'), 'maya.animdata.missing-brace': ('E', 'W'),
    'maya.animdata.unknown-keyword': ('E', 'E'), 'maya.animdata.duplicate': ('E', 'W'),
    'maya.animdata.order': ('W', '-'), 'maya.animdata.missing-statement': ('W', '-'),
    'maya.animdata.unknown-enum': ('E', 'W'), 'maya.animdata.weighted-value': ('E', 'W'),
    'maya.animdata.weighted-v10': ('W', 'W'), 'maya.animdata.unknown-unit': ('E', 'E'),
    'maya.animdata.verbose-partial': ('W', '-'), 'maya.animdata.missing-keys': ('E', 'E'),
    'maya.animdata.keys-brace-line': ('E', 'E'), 'maya.animdata.keys-line-trailing': ('E', 'E'),
    'maya.animdata.missing-close': ('E', 'E'), 'maya.animdata.close-same-line': ('E', 'E'),
    'maya.animdata.time-to-time': ('W', 'W'), 'maya.key.field-count': ('E', 'E*'), 'maya.key.split-line': ('E', 'W'),
    'maya.key.trailing-fields': ('E', 'W'), 'maya.key.lost-key': ('E', 'E'), 'maya.key.unknown-tangent': ('E', 'W'),
    'maya.key.tangent-portability': ('W', 'W'), 'maya.key.obsolete-tangent': ('W', '-'),
    'maya.key.flag-value': ('E', 'W'), 'maya.key.time-order': ('E', 'W'), 'maya.key.empty-curve': ('W', 'W'),
    'maya.key.nonweighted-weight': ('W', '-'), 'maya.key.weight-range': ('W', 'W'),
    'maya.key.angle-range': ('W', 'W'), 'maya.key.tiny-value': ('W', '-'), 'maya.limit.file-size': ('E', 'E'),
    'maya.limit.line-length': ('E', 'E'), 'maya.limit.token-length': ('E', 'E'),
    'maya.limit.entry-count': ('E', 'E'), 'maya.limit.key-count': ('E', 'E'),
}
# Limits whose inputs are too large for case files: tests/unit/test_maya.c
# checks them (key-count needs 10^7 keys in one curve: not tested).
NOT_IN_CASES = {'maya.limit.file-size', 'maya.limit.line-length', 'maya.limit.entry-count', 'maya.limit.key-count'}
SEVERITY = {'E': 'error', 'W': 'warning', '-': 'warning', 'E*': 'error'}

# Diagnostics a case has under --strict only: maya.key.field-count where the
# compatible level reports split-line or trailing-fields instead (Maya reads
# the key the file shows).
STRICT_ONLY = {
    'valid/key_split_values.anim': ['error maya.key.field-count 16:5'],
    'valid/key_split_three_lines.anim': ['error maya.key.field-count 16:5'],
    'valid/key_split_fixed_pair.anim': ['error maya.key.field-count 16:5'],
    'valid/key_split_trailing.anim': ['error maya.key.field-count 16:5'],
    'valid/key_long_pair_not_fixed.anim': ['error maya.key.field-count 16:5'],
    'valid/key_long_v10_breakdown.anim': ['error maya.key.field-count 15:5', 'error maya.key.field-count 16:5'],
    'invalid/key_long_two_keys.anim': ['error maya.key.field-count 16:5'],
    'invalid/lost_key.anim': ['error maya.key.field-count 16:5'],
    'invalid/trailing_fields.anim': ['error maya.key.field-count 16:5'],
    'invalid/split_line.anim': ['error maya.key.field-count 16:5'],
}

HEAD = ("animVersion 1.1;\nmayaVersion 2026;\ntimeUnit ntscf;\nlinearUnit cm;\n"
        "angularUnit deg;\nstartTime 1;\nendTime 4;\n")


def adata(keys, output='linear', inp='time', weighted='0', pre='constant', post='constant', verbose=None):
    s = "animData {\n  input %s;\n  output %s;\n  weighted %s;\n" % (inp, output, weighted)
    if verbose:
        s += "  inputUnit %s;\n  outputUnit %s;\n  tangentAngleUnit %s;\n" % verbose
    s += "  preInfinity %s;\n  postInfinity %s;\n  keys {\n" % (pre, post)
    for k in keys:
        s += "    " + k + ";\n"
    return s + "  }\n}\n"


LIN = ["1 0 linear linear 1 0 0", "2 1.5 linear linear 1 0 0", "3 2 linear linear 1 0 0"]


def curve(full='translate.translateX', leaf='translateX', node='joint1', idx='0 1 0', keys=LIN, **kw):
    names = ' '.join(n for n in (full, leaf, node) if n)
    return "anim %s %s;\n" % (names, idx) + adata(keys, **kw)


CASES = {}

# ---------------------------------------------------------------- valid
CASES['valid/canonical.anim'] = HEAD + "anim joint1 0 1 0;\n" + curve() + curve(
    'rotate.rotateY', 'rotateY', 'joint2', '1 0 4', output='angular', keys=[
        "1 0 fixed fixed 1 0 0 45 1 -30 1",
        "2 10 fixed linear 1 1 0 10 1",
        "3 20 linear fixed 0 0 1 5 1",
        "4 15 spline flat 1 0 0",
    ]) + curve('visibility', 'visibility', 'joint2', '1 0 9', output='unitless', keys=[
        "1 1 global step 1 0 0", "2 0 clamped stepnext 1 0 0", "3 1 plateau auto 1 0 0",
        "4 1 linear spline 1 0 1"]) + "anim joint3 2 0 0;\n"
CASES['valid/infinity.anim'] = HEAD + curve(pre='linear', post='cycle') + curve(
    'translate.translateY', 'translateY', idx='0 1 1', pre='cycleRelative', post='oscillate')
CASES['valid/node_names_off.anim'] = HEAD + "anim translate.translateX 0 1 0;\n" + adata(LIN)
CASES['valid/weighted.anim'] = HEAD + curve(weighted='1', keys=[
    "1 0 fixed fixed 1 1 0 30 2.5 30 0.5", "2 4 spline spline 1 1 0", "4 0 flat flat 1 1 0"])
CASES['valid/verbose_units.anim'] = HEAD + curve(verbose=('ntscf', 'cm', 'deg')) + curve(
    'rotate.rotateX', 'rotateX', idx='0 1 3', output='angular', verbose=('ntscf', 'deg', 'deg'))
tu = ['hour', 'min', 'sec', 'millisec', 'game', 'film', 'pal', 'ntsc', 'show', 'palf', 'ntscf']
lu = ['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi']
au = ['deg', 'rad', 'min', 'sec']
s = HEAD
for i, u in enumerate(tu):
    s += curve(idx='0 1 %d' % i, output='time', inp='time', verbose=(u, u, 'deg')) if False else \
        curve(idx='0 1 %d' % i, verbose=(u, lu[i % len(lu)], au[i % len(au)]))
for i, u in enumerate(au):
    s += curve('rotate.rotateX', 'rotateX', idx='0 2 %d' % i, output='angular', verbose=('film', u, u))
CASES['valid/all_units_verbose.anim'] = s
for u in tu:
    CASES['valid/time_unit_%s.anim' % u] = HEAD.replace('ntscf', u) + curve()
for u in lu:
    CASES['valid/linear_unit_%s.anim' % u] = HEAD.replace('cm', u) + curve()
for u in au:
    CASES['valid/angular_unit_%s.anim' % u] = HEAD.replace('deg', u) + curve(output='angular')
CASES['valid/long_unit_names.anim'] = (HEAD.replace('linearUnit cm', 'linearUnit centimeter')
                                       .replace('angularUnit deg', 'angularUnit degree') +
                                       curve(verbose=('ntscf', 'millimeter', 'radian')) +
                                       curve(idx='0 1 1', verbose=('ntscf', 'meter', 'minute')) +
                                       curve(idx='0 1 2', verbose=('ntscf', 'kilometer', 'second')) +
                                       curve(idx='0 1 3', verbose=('ntscf', 'inch', 'degree')) +
                                       curve(idx='0 1 4', verbose=('ntscf', 'foot', 'deg')) +
                                       curve(idx='0 1 5', verbose=('ntscf', 'yard', 'deg')) +
                                       curve(idx='0 1 6', verbose=('ntscf', 'mile', 'deg')))
CASES['valid/version_1_0.anim'] = HEAD.replace('1.1', '1.0') + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    "animData {\n  input time;\n  output linear;\n  preInfinity constant;\n  postInfinity constant;\n  keys {\n" \
    "    1 0 linear linear 1 0;\n    2 1 fixed linear 1 0 10 1;\n    3 2 linear fixed 1 0 20 1;\n" \
    "    4 3 fixed fixed 1 0 5 1 5 1;\n  }\n}\n"
CASES['valid/crlf.anim'] = (HEAD + curve() + "anim joint2 0 0 0;\n").replace('\n', '\r\n')
CASES['valid/unitless.anim'] = HEAD + "startUnitless 0;\nendUnitless 10;\n" + curve(
    inp='unitless', keys=["0 0 spline spline 1 0 0", "10 1 spline spline 1 0 0"])
CASES['valid/breakdown.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 1", "2 1 linear linear 0 0 1"])
CASES['valid/tangent_words.anim'] = HEAD + curve(keys=[
    "1 0 global linear 1 0 0", "2 1 flat spline 1 0 0", "3 0 step stepnext 1 0 0", "4 1 clamped plateau 1 0 0",
    "5 2 auto slow 1 0 0", "6 3 fast autoease 1 0 0", "7 4 automix autocustom 1 0 0"])
CASES['valid/precision17.anim'] = HEAD + curve(keys=[
    "1 0.10000000000000001 linear linear 1 0 0", "2 1.5 linear linear 1 0 0",
    "3 0.33333333333333331 linear linear 1 0 0"])
CASES['valid/exponents.anim'] = HEAD + curve(keys=[
    "1 2.5044781e-06 linear linear 1 0 0", "2 -4e-06 linear linear 1 0 0", "3 1e+08 linear linear 1 0 0",
    "4 -0 linear linear 1 0 0"])
CASES['valid/no_range.anim'] = "animVersion 1.1;\nmayaVersion 2026;\n" + "anim joint1 0 0 0;\n"
CASES['valid/comments.anim'] = "# exported by hand\n" + HEAD + "// a curve\n" + curve()
CASES['valid/quoted.anim'] = HEAD + 'anim "translate.translateX" translateX "joint 1" 0 1 0;\n' + adata(LIN)
CASES['valid/time_output.anim'] = HEAD + curve(output='time')
CASES['valid/layout_relaxed.anim'] = HEAD + "anim\ttranslate.translateX translateX joint1 0 1 0;\n\n" + \
    "animData {\n input time; output linear; weighted 0;\n  preInfinity constant;\n" \
    "  postInfinity constant;\n  keys {\n    1 0 linear linear 1 0 0;\n\n    2 1 linear linear 1 0 0\n  }\n}\n"
CASES['valid/maya2.anim'] = HEAD.replace('2026', '2.5') + curve(keys=["1 0 fixed fixed 1 0 0 45 1 45 1",
                                                                       "2 1 linear linear 1 0 0"])
CASES['valid/placeholder_names.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + curve()
CASES['valid/no_name.anim'] = HEAD + "anim 0 1 0;\n" + adata(LIN)
CASES['valid/empty_keys.anim'] = HEAD + curve(keys=[])
CASES['valid/header_order.anim'] = ("animVersion 1.1;\nmayaVersion 2026;\nlinearUnit cm;\ntimeUnit ntscf;\n"
                                    "angularUnit deg;\nstartTime 1;\nendTime 4;\n") + curve()
CASES['valid/adata_order.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\nanimData {\n" \
    "  output linear;\n  input time;\n  weighted 0;\n  preInfinity constant;\n  postInfinity constant;\n" \
    "  keys {\n    1 0 linear linear 1 0 0;\n  }\n}\n"
CASES['valid/missing_statements.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\nanimData {\n" \
    "  keys {\n    1 0 linear linear 1 0 0;\n  }\n}\n"
CASES['valid/verbose_partial.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\nanimData {\n" \
    "  input time;\n  output linear;\n  weighted 0;\n  inputUnit ntscf;\n  preInfinity constant;\n" \
    "  postInfinity constant;\n  keys {\n    1 0 linear linear 1 0 0;\n  }\n}\n"
CASES['valid/number_style.anim'] = HEAD + curve(keys=["1 +1 linear linear 1 0 0", "2 .5 linear linear 1 0 0",
                                                      "3 1.0 linear linear 1 0 0", "4 1E5 linear linear 1 0 0",
                                                      "5 1e-006 linear linear 1 0 0"])
CASES['valid/nonweighted_weight.anim'] = HEAD + curve(keys=["1 0 fixed fixed 1 0 0 10 2 10 1",
                                                            "2 1 linear linear 1 0 0"])
CASES['valid/weight_angle_range.anim'] = HEAD + curve(weighted='1', keys=[
    "1 0 fixed fixed 1 0 0 95 0 -90 1", "2 1 linear linear 1 0 0"])
# the key-line fast path takes a fixed pair unparsed when its digits show it in
# range (grammars/maya_anim.re, literal_within): the edges on either side, in
# degrees on a weighted curve and in radians on a non-weighted one
CASES['valid/fixed_range_edges.anim'] = HEAD + curve(weighted='1', keys=[
    "1 0 fixed fixed 1 0 0 89.999999 0.5 -89.5 1e-05", "2 1 fixed fixed 1 0 0 90 0.25 -90 2",
    "3 2 fixed fixed 1 0 0 -90.000001 0 88 -0.5", "4 3 fixed linear 1 0 0 88 0.001",
    "5 4 linear fixed 1 0 0 -100 3"]) + curve(
    'rotate.rotateX', 'rotateX', idx='0 1 1', output='angular', verbose=('ntscf', 'deg', 'rad'), keys=[
        "1 0 fixed fixed 1 0 0 1.5 1 -1.5707963 1", "2 1 fixed fixed 1 0 0 1.6 1 0.5 0.5",
        "3 2 fixed fixed 1 0 0 -2 1 0 1.0000001", "4 3 fixed linear 1 0 0 -1.5707964 1"])
CASES['valid/tiny_value.anim'] = HEAD + curve(keys=["1 1e-11 linear linear 1 0 0", "2 1 linear linear 1 0 0"])
CASES['valid/missing_units.anim'] = "animVersion 1.1;\nmayaVersion 2026;\n" + curve() + curve(
    'rotate.rotateX', 'rotateX', idx='0 1 3', output='angular')
CASES['valid/range_issues.anim'] = "animVersion 1.1;\nmayaVersion 2026;\ntimeUnit ntscf;\nlinearUnit cm;\n" \
    "angularUnit deg;\nstartTime 5;\nendTime 1;\nstartUnitless 3;\n" + curve()
CASES['valid/version_not_first.anim'] = "mayaVersion 2026;\nanimVersion 1.1;\ntimeUnit ntscf;\nlinearUnit cm;\n" \
    "angularUnit deg;\nstartTime 1;\nendTime 4;\n" + curve()
CASES['valid/no_maya_version.anim'] = HEAD.replace("mayaVersion 2026;\n", "") + curve()
CASES['valid/no_curves.anim'] = HEAD
CASES['valid/final_newline.anim'] = (HEAD + curve() + "anim joint2 0 0 0;\n").rstrip('\n')
CASES['valid/mixed_eol.anim'] = HEAD.replace('\n', '\r\n', 3) + curve()
CASES['valid/stray_semicolon.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0;", "2 1 linear; linear 1 0 0"])
CASES['valid/missing_semicolon.anim'] = HEAD.replace("startTime 1;", "startTime 1") + curve(
    keys=["1 0 linear linear 1 0 0 #", "2 1 linear linear 1 0 0"])
CASES['valid/non_ascii.anim'] = HEAD + curve(node='j\xc3\xb6int')
CASES['valid/control_char.anim'] = HEAD + curve(node='joi\x01nt')
CASES['valid/long_word.anim'] = HEAD + curve(node='j' * 1100)
CASES['valid/tangent_warnings.anim'] = HEAD + curve(keys=["1 0 slow fast 1 0 0", "2 1 autoease automix 1 0 0",
                                                          "3 2 autocustom linear 1 0 0"])
CASES['valid/weighted_v10.anim'] = HEAD.replace('1.1', '1.0') + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    "animData {\n  input time;\n  output linear;\n  weighted 0;\n  preInfinity constant;\n  postInfinity constant;\n" \
    "  keys {\n    1 0 linear linear 1 0;\n  }\n}\n"

CASES['valid/unit_range_coupling.anim'] = HEAD.replace("startTime 1;\nendTime 4;\n", "") + curve()
CASES['valid/range_equal.anim'] = HEAD.replace("endTime 4;", "endTime 1;") + curve()
CASES['valid/comment_after_number.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0#c", "2 1 linear linear 1 0 0/c"])
# Maya's reader skips a comment unread: any byte, even binary-looking runs
# of them, is text there (the not-text test must not reject the file)
CASES['valid/comment_binary_bytes.anim'] = "# " + "\x01" * 200 + "\xe9" * 200 + "\x7f" * 200 + "\n" + HEAD + curve()
CASES['valid/comment_nul.anim'] = "# \x00\n" + HEAD + curve()
CASES['valid/comment_after_key.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0 # c", "2 1 linear linear 1 0 0;"])

# ---------------------------------------------------------------- invalid
CASES['invalid/token_length.anim'] = HEAD + curve(node='j' * 70000)
CASES['invalid/strict_version.anim'] = HEAD.replace('1.1', '1.0') + "anim joint1 0 0 0;\n"
CASES['valid/strict_order.anim'] = ("animVersion 1.1;\nmayaVersion 2026;\nlinearUnit cm;\ntimeUnit ntscf;\n"
                                      "angularUnit deg;\nstartTime 1;\nendTime 4;\n") + curve()
CASES['invalid/empty.anim'] = ""
CASES['invalid/only_blank.anim'] = "\n\n  ;\n"
CASES['invalid/foreign_unity.anim'] = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!74 &7400000\nAnimationClip:\n"
CASES['invalid/foreign_godot.anim'] = '[gd_resource type="Animation" format=2]\n'
CASES['invalid/foreign_cse169.anim'] = "animation {\n\trange 0.0 2.0\n\tnumchannels 1\n}\n"
CASES['invalid/foreign_xml.anim'] = '<?xml version="1.0"?>\n<WadAnimation>\n</WadAnimation>\n'
CASES['invalid/foreign_zip.anim'] = "PK\x03\x04\x14\x00\x00\x00"
# no animVersion and a NUL byte in the first 4 KiB (here past byte 16)
CASES['invalid/foreign_binary.anim'] = "\xde\xad\xbe\xef" * 8 + "\x00\x01"
CASES['invalid/bom.anim'] = "\ufeff" + HEAD + curve()
CASES['invalid/nul_byte.anim'] = HEAD + curve(node='joi\x00nt')
CASES['invalid/bare_cr.anim'] = (HEAD + curve()).replace('\n', '\r')
CASES['invalid/missing_version.anim'] = HEAD.replace("animVersion 1.1;\n", "") + curve()
CASES['invalid/version_value.anim'] = HEAD.replace('1.1', '2.0') + curve()
CASES['invalid/header_duplicate.anim'] = HEAD + "timeUnit film;\n" + curve()
CASES['invalid/unknown_unit.anim'] = (HEAD.replace('ntscf', '23.976fps').replace('cm', 'centimetre')
                                      .replace('deg', 'grad') + curve())
CASES['invalid/word_spans_line.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    "animData {\n  input time\n  output linear;\n  weighted 0;\n  preInfinity constant;\n  postInfinity constant;\n" \
    "  keys {\n    1 0 linear linear 1 0 0;\n  }\n}\n" + curve(idx='0 1 1')
CASES['invalid/unterminated_quote.anim'] = HEAD + 'anim "translate.translateX translateX joint1 0 1 0;\n' + adata(LIN)
CASES['invalid/bad_number.anim'] = HEAD + curve(keys=["1 nan linear linear 1 0 0", "2 1 linear linear 1 0 0"]) + \
    curve(idx='0 1 1', keys=["1 1,5 linear linear 1 0 0"]) + curve(idx='0 1 2', keys=["1 0x10 linear linear 1 0 0"]) + \
    curve(idx='0 1 3', keys=["1 1e999 linear linear 1 0 0"]) + curve(idx='0 1 4', keys=["inf 1 linear linear 1 0 0"])
CASES['invalid/body_unknown_keyword.anim'] = HEAD + curve() + "movData 1 2 3;\n" + "timeUnit film;\n" + curve(idx='0 1 1')
CASES['invalid/name_count.anim'] = HEAD + "anim translate.translateX joint1 0 1 0;\n" + adata(LIN) + \
    "anim a b c d 0 1 1;\n" + adata(LIN)
CASES['invalid/index_syntax.anim'] = HEAD + "anim translate.translateX translateX joint1 -1 1 0;\n" + adata(LIN) + curve(idx='0 1 1')
CASES['invalid/index_range.anim'] = HEAD + curve(idx='0 1.5 4294967296')
CASES['invalid/animdata_orphan.anim'] = HEAD + curve() + adata(LIN) + curve(idx='0 1 1')
CASES['invalid/animdata_missing_brace.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("animData {\n", "animData;\n", 1)
CASES['invalid/animdata_unknown_keyword.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  weighted 0;\n", "  weighted 0;\n  curveType linear;\n")
CASES['invalid/animdata_duplicate.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  weighted 0;\n", "  weighted 0;\n  output linear;\n")
CASES['valid/animdata_duplicate.anim'] = CASES['invalid/animdata_duplicate.anim']
CASES['invalid/animdata_unknown_enum.anim'] = HEAD + curve(inp='frames', output='scale', pre='hold', post='bounce')
CASES['invalid/weighted_value.anim'] = HEAD + curve(weighted='2')
CASES['invalid/animdata_unknown_unit.anim'] = HEAD + curve(verbose=('fps', 'deg', 'grad'))
CASES['invalid/missing_keys.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    "animData {\n  input time;\n  output linear;\n  weighted 0;\n  preInfinity constant;\n  postInfinity constant;\n}\n" + \
    curve(idx='0 1 1')
CASES['invalid/keys_brace_line.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  keys {\n", "  keys;\n  {\n") + curve(idx='0 1 1')
CASES['invalid/keys_line_trailing.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  keys {\n", "  keys { 0 5 linear linear 1 0 0;\n")
CASES['invalid/missing_close.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  }\n}\n", "  }\n")
CASES['invalid/missing_close_eof.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  }\n}\n", "")
CASES['invalid/close_same_line.anim'] = HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" + \
    adata(LIN).replace("  }\n}\n", "  } }\n")
CASES['invalid/field_count.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0", "2 1 linear linear 1 0 0",
                                                       "3 2 linear linear 1 0 0"])
CASES['invalid/field_count_fixed.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0", "2 1 fixed linear 1 0 0",
                                                             "3 2 linear linear 1 0 0"])
CASES['invalid/field_count_eof.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0", "2 1 linear linear"])
CASES['invalid/split_line.anim'] = HEAD + curve(keys=["1 0\n    linear linear 1 0 0", "2 1 linear linear 1 0 0"])
CASES['invalid/trailing_fields.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0 extra", "2 1 linear linear 1 0 0"])
CASES['invalid/lost_key.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0; 2 1 linear linear 1 0 0",
                                                    "3 1 linear linear 1 0 0"])
CASES['invalid/unknown_tangent.anim'] = HEAD + curve(keys=["1 0 smooth linear 1 0 0", "2 1 linear Linear 1 0 0"])
CASES['invalid/flag_value.anim'] = HEAD + curve(keys=["1 0 linear linear 2 0 0", "2 1 linear linear 1 -1 0.5"])
CASES['invalid/time_order.anim'] = HEAD + curve(keys=["1 0 linear linear 1 0 0", "3 1 linear linear 1 0 0",
                                                      "2 2 linear linear 1 0 0", "2 3 linear linear 1 0 0"])
CASES['valid/strict_canonical.anim'] = HEAD + curve(keys=["1 +1 linear linear 1 0 0"]) + "# note\n"
CASES['invalid/max_errors.anim'] = HEAD + curve(keys=["1 0 bad linear 1 0 0"] * 5)


# ---------------------------------------------------------------- key lines
# Each way a key line can be short, long or split (spec 2.2 C1 C2, 2.5: Maya's
# token reader takes a key's fields across line ends, then discards the rest
# of the line). The .expected files say what Maya reads; docs/formats/maya.md
# ("Keys") has the table.
NEXT = "4 3 linear linear 1 0 0"
def keys(*ks, **kw):
    return HEAD + curve(keys=list(ks), **kw)
V10 = HEAD.replace('1.1', '1.0')
def keys10(*ks):
    return V10 + "anim translate.translateX translateX joint1 0 1 0;\n" + \
        "animData {\n  input time;\n  output linear;\n  preInfinity constant;\n  postInfinity constant;\n" \
        "  keys {\n" + ''.join("    %s;\n" % k for k in ks) + "  }\n}\n"
# short, followed by another key: Maya takes that key's first fields
CASES['invalid/key_short_breakdown.anim'] = keys("1 0 linear linear 1 0 0", "2 1 linear linear 1 0", NEXT)
CASES['invalid/key_short_fixed_pair.anim'] = keys("1 0 linear linear 1 0 0", "2 1 linear fixed 1 0 0", NEXT)
CASES['invalid/key_short_fixed_weight.anim'] = keys("1 0 fixed linear 1 0 0 45", NEXT)
CASES['invalid/key_short_fixed_both.anim'] = keys("1 0 fixed fixed 1 0 0 45 1", NEXT)
CASES['invalid/key_short_v10_fixed.anim'] = keys10("1 0 fixed linear 1 0", "2 1 linear linear 1 0")
CASES['invalid/key_short_v10_style.anim'] = keys("1 0 linear linear 1 0", "2 1 linear linear 1 0")
CASES['invalid/key_short_tangents_only.anim'] = keys("1 0 linear linear", "2 1 linear linear 1 0 0")
# short, as the last key: Maya takes the block's '}' (or the end of the file)
CASES['invalid/key_short_last.anim'] = keys("1 0 linear linear 1 0 0", "2 1 fixed linear 1 0 0")
CASES['invalid/key_short_last_tangent.anim'] = keys("1 0 linear linear 1 0 0", "2 1")
CASES['invalid/key_short_eof.anim'] = (HEAD + "anim translate.translateX translateX joint1 0 1 0;\n" +
                                       "animData {\n  input time;\n  output linear;\n  weighted 0;\n"
                                       "  preInfinity constant;\n  postInfinity constant;\n  keys {\n"
                                       "    1 0 linear linear 1 0 0;\n    2 1 fixed linear 1 0 0\n")
# split: the next lines hold exactly the missing fields (Maya joins them)
CASES['valid/key_split_values.anim'] = keys("1\n    0 linear linear 1 0 0", NEXT)
CASES['valid/key_split_three_lines.anim'] = keys("1 0\n    linear linear;\n    1 0 0", NEXT)
CASES['valid/key_split_fixed_pair.anim'] = keys("1 0 fixed linear 1 0 0\n    45 1", NEXT)
CASES['valid/key_split_trailing.anim'] = keys("1 0 linear linear;\n    1 0 0 extra", NEXT)
# a tangent word directly before a line end runs on: Maya's `word` takes "linear\n" (read as global)
CASES['invalid/key_split_tangent_runon.anim'] = keys("1 0 linear linear\n    1 0 0", NEXT)
# long: Maya reads the key and ignores the rest of the line
CASES['valid/key_long_pair_not_fixed.anim'] = keys("1 0 linear linear 1 0 0 45 1", NEXT)
CASES['valid/key_long_v10_breakdown.anim'] = keys10("1 0 linear linear 1 0 0", "2 1 linear linear 1 0 0")
CASES['valid/key_long_comment.anim'] = keys("1 0 linear linear 1 0 0; // Maya writes no comments", NEXT)
# long, and Maya's fields are not the ones the line shows
CASES['invalid/key_long_misspelt_fixed.anim'] = keys("1 0 fixd linear 1 0 0 45 1", NEXT)
CASES['invalid/key_long_v10_fixed.anim'] = keys10("1 0 fixed linear 1 0 0 45 1", "2 1 linear linear 1 0")
CASES['invalid/key_long_two_keys.anim'] = keys("1 0 linear linear 1 0 0 2 1 linear linear 1 0 0", NEXT)
# the lines around the keys
CASES['invalid/keys_line_key.anim'] = keys(NEXT).replace("keys {\n", "keys { 1 0 linear linear 1 0 0;\n")
CASES['valid/keys_close_trailing.anim'] = keys(NEXT).replace("  }\n}\n", "  } // end of keys\n}\n")
CASES['invalid/key_word_time.anim'] = keys("1 0 linear linear 1 0 0", "x 1 linear linear 1 0 0", NEXT)
CASES['invalid/adata_close_lost_entry.anim'] = keys(NEXT).replace("  }\n}\n", "  }\n") + \
    "anim translate.translateY translateY joint1 0 1 1;\n" + adata(LIN)
CASES['valid/key_tiny_old_maya.anim'] = keys("1 -2.9455214e-28 linear linear 1 0 0", "2 1.5 linear linear 1 0 0")

CASES['valid/canonical_strict.anim'] = CASES['valid/canonical.anim']
CASES['valid/crlf_strict.anim'] = CASES['valid/crlf.anim']

with open(os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'maya', 'invalid_many_mistakes.anim')) as f:
    CASES['invalid/many_mistakes.anim'] = f.read()


def encoded(text):
    return text.encode('utf-8', 'surrogateescape') if '\ufeff' in text else text.encode('latin-1')


def strict_expectations(name):
    """The .strict.expected of a case: its .expected at the strict severities
    of SPEC, plus STRICT_ONLY. None for a case that is strict already."""
    path = os.path.join(ROOT, name + '.expected')
    lines = open(path).read().splitlines() if os.path.exists(path) else []
    out = ['# %s under --strict: written by tests/maya/make_cases.py from %s.expected' % (
        os.path.basename(name), os.path.basename(name))]
    for line in lines:
        words = line.split()
        if not words or line.startswith('#'):
            continue
        if words[0] == '--strict':
            return None
        if words[0].startswith('--'):
            out.append(line)
        elif words[1] in SPEC:
            out.append(' '.join([SEVERITY[SPEC[words[1]][0]]] + words[1:]))
        else:
            out.append(line)
    return '\n'.join(out + STRICT_ONLY.get(name, [])) + '\n'


def files():
    """Every file this script writes, with its bytes."""
    out = {name: encoded(text) for name, text in CASES.items()}
    for name in CASES:
        strict = strict_expectations(name)
        if strict is not None:
            out[name + '.strict.expected'] = strict.encode()
    return out


def located(path):
    """(severity, code) of the expectations of a file that name a line:col."""
    found = set()
    for line in open(path).read().splitlines():
        words = line.split()
        if len(words) == 3 and ':' in words[2]:
            found.add((words[0], words[1]))
    return found


def check():
    ok = True
    for name, data in files().items():
        path = os.path.join(ROOT, name)
        if not os.path.exists(path) or open(path, 'rb').read() != data:
            print('%s is not what tests/maya/make_cases.py writes: run it' % path)
            ok = False
    cli = os.environ.get('AK_CLI')
    if cli:
        rules = json.loads(subprocess.run([cli, 'rules', '--format', 'maya', '--json'], capture_output=True,
                                          text=True, check=True).stdout)
        table = {r['code']: (r['strict'], r['compat']) for r in rules}
        for code, (strict, compat) in SPEC.items():
            want = (SEVERITY[strict], SEVERITY[compat])
            if table.get(code) != want:
                print('%s: animkit has %s, the spec %s' % (code, table.get(code), want))
                ok = False
    compat, strict = set(), set()
    for name in CASES:
        path = os.path.join(ROOT, name)
        for ext, into in (('.expected', compat), ('.strict.expected', strict)):
            if os.path.exists(path + ext):
                text = open(path + ext).read()
                (strict if '--strict' in text.split() else into).update(located(path + ext))
    for code in SPEC:
        if code in NOT_IN_CASES:
            continue
        for level, seen, col in (('compatible', compat, 1), ('strict', strict, 0)):
            if (SEVERITY[SPEC[code][col]], code) not in seen:
                print('%s: no case expects it (%s) at a line at the %s level' % (code, SEVERITY[SPEC[code][col]], level))
                ok = False
    return ok


if '--check' in sys.argv:
    sys.exit(0 if check() else 1)
for name, data in files().items():
    with open(os.path.join(ROOT, name), 'wb') as f:
        f.write(data)

#!/usr/bin/env python3
"""Writes the Maya conformance case files (tests/conformance/maya/) from the
templates below. The .expected files are written by hand next to them; this
script only keeps the case inputs readable and consistent. Run it from the
source root after changing a case."""
import os

ROOT = os.path.join(os.path.dirname(__file__), '..', 'conformance', 'maya')

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

CASES['valid/canonical_strict.anim'] = CASES['valid/canonical.anim']
CASES['valid/crlf_strict.anim'] = CASES['valid/crlf.anim']

with open(os.path.join(os.path.dirname(__file__), '..', '..', 'examples', 'maya', 'invalid_many_mistakes.anim')) as f:
    CASES['invalid/many_mistakes.anim'] = f.read()

for name, text in CASES.items():
    path = os.path.join(ROOT, name)
    with open(path, 'wb') as f:
        f.write(text.encode('utf-8', 'surrogateescape') if '\ufeff' in text else text.encode('latin-1'))

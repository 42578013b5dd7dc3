/* Glaxnimate lanes are a pure speed-up: validating with them must report
 * exactly what validating event by event reports (docs/schema-language.md,
 * "Lanes"). Glaxnimate's keyframes are where lanes meet the most of the
 * language: integer members (point_type), nested closed objects of scalars
 * (the easing handles, the point values and tangents) with ranges (a
 * handle's x), members only some versions have (the motion extras), enum
 * checks and `where together(before, after)`.
 *
 * Every committed Glaxnimate input, and thousands of generated documents
 * laid out as Glaxnimate writes them (so that lanes match) with defects
 * sprinkled over the keyframes (so that lanes must refuse them), are
 * validated both ways; the diagnostics must be the same, to the byte. A
 * counting lane hook makes sure lanes really took keyframes. */
#include "diag.h"
#include "test_support.h"

#include "../../formats/glaxnimate/glaxnimate.h"

/* ---- validating both ways ---------------------------------------------- */

/* elements a lane took: in all, and by their object (glaxnimate_O_*) */
#define OBJECTS 128
static unsigned long lane_takes, takes_of[OBJECTS];

static void reset_counts(void)
{
    lane_takes = 0;
    memset(takes_of, 0, sizeof takes_of);
}

static bool counting_lane_hook(ak_jsctx *c, const ak_jslane_view *v)
{
    bool take = glaxnimate_hook_semantics_lane(c, v);
    int16_t o = v->lane->object;
    lane_takes += take;
    if (o >= 0 && o < OBJECTS)
        takes_of[o] += take;
    return take;
}

typedef struct check {
    uint32_t max_depth, max_errors;
    bool strict;
} check;

/* One validation: its status, its counts and its diagnostics, one a line.
 * The document is read from a copy of exactly its size, so that a lane
 * reading past its end is caught (under ASan). */
static char *validate(const char *text, size_t size, bool lanes, check k)
{
    char *data = malloc(size ? size : 1);
    assert_non_null(data);
    memcpy(data, text, size);
    ak_diag_options dopt = {k.strict, k.max_errors};
    ak_diags *d = ak_diags_new(&dopt);
    assert_non_null(d);
    ak_diags_set_source(d, (const uint8_t *)data, size, true);
    glax_state st;
    memset(&st, 0, sizeof st);
    st.input = (const uint8_t *)data;
    ak_options opt;
    memset(&opt, 0, sizeof opt);
    opt.max_depth = k.max_depth ? k.max_depth : 1024;
    ak_json_status status = ak_jschema_validate(&glaxnimate_schema, (const uint8_t *)data, size, &opt, d,
                                                glaxnimate_hook_semantics, lanes ? counting_lane_hook : NULL, &st,
                                                &glaxnimate_rules[glaxnimate_R_JSON_DUPLICATE_KEY], false);
    ak_buf out;
    ak_buf_init(&out);
    ak_buf_printf(&out, "status %d, %zu errors, %zu warnings, %zu notes, %zu unshown%s\n", (int)status,
                  ak_diags_errors(d), ak_diags_warnings(d), ak_diags_notes(d), ak_diags_unshown(d),
                  ak_diags_stopped(d) ? ", stopped" : "");
    for (size_t i = 0; i < ak_diags_count(d); i++) {
        const ak_diag *g = ak_diags_at(d, i);
        ak_buf_printf(&out, "%s/%d @%llu+%llu %u:%u %s: %s\n", g->rule->code, (int)g->severity,
                      (unsigned long long)g->offset, (unsigned long long)g->length, g->line, g->column,
                      g->path ? g->path : "", g->message);
    }
    size_t count = 0;
    const ak_rule *r;
    for (size_t i = 0; (r = ak_diags_unshown_at(d, i, &count)) != NULL; i++)
        ak_buf_printf(&out, "unshown %s x%zu\n", r->code, count);
    ak_diags_free(d);
    free(data);
    ak_buf_cstr(&out);
    return out.data;
}

#define CLEAN_REPORT "status 0, 0 errors, 0 warnings, 0 notes, 0 unshown\n"

/* Validates the document with lanes and without: a difference is shown and
 * fails the test. Returns whether the document is clean (no diagnostics). */
static bool same_both_ways(const char *name, const char *data, size_t size, check k)
{
    char *with = validate(data, size, true, k);
    char *without = validate(data, size, false, k);
    if (strcmp(with, without) != 0) {
        fprintf(stderr,
                "%s (max_depth %u, max_errors %u%s): lanes change the report\n--- with lanes\n%s--- without\n%s"
                "--- document (%zu bytes)\n%.*s\n",
                name, k.max_depth, k.max_errors, k.strict ? ", strict" : "", with, without, size,
                (int)(size < 8000 ? size : 8000), data);
        free(with);
        free(without);
        fail_msg("%s: lanes change the report", name);
    }
    bool clean = strcmp(without, CLEAN_REPORT) == 0;
    free(with);
    free(without);
    return clean;
}

/* ---- committed inputs ---------------------------------------------------- */

static void lanes_file(const char *path, const uint8_t *data, size_t size, void *ctx)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    if (base[0] == '.') /* "." and "..": a suffix "" takes every name */
        return;
    size_t *files = ctx;
    ++*files;
    const char *text = (const char *)data;
    same_both_ways(path, text, size, (check){0, 0, false});
    same_both_ways(path, text, size, (check){0, 3, true});
    same_both_ways(path, text, size, (check){0, 1, true});
    /* a keyframe's easing handle is 13 deep in a version 8 document, 10 in
       one of version 6: the limit falls inside elements a lane takes whole */
    same_both_ways(path, text, size, (check){10, 0, false});
    same_both_ways(path, text, size, (check){12, 3, false});
}

static void committed_inputs(void **state)
{
    (void)state;
    size_t files = 0;
    reset_counts();
    ak_test_each_file("tests/conformance/glaxnimate/valid", ".rawr", lanes_file, &files);
    ak_test_each_file("tests/conformance/glaxnimate/invalid", ".rawr", lanes_file, &files);
    ak_test_each_file("examples/glaxnimate", ".rawr", lanes_file, &files);
    ak_test_each_file("tests/glaxnimate", ".rawr", lanes_file, &files);
    /* the fuzzers' seeds and finds, most of them without an extension */
    ak_test_each_file("fuzz/corpus/glaxnimate", "", lanes_file, &files);
    char corpus[1024];
    if (ak_test_shared_dir("corpus/glaxnimate", corpus, sizeof corpus))
        ak_test_each_file(corpus, ".rawr", lanes_file, &files);
    fprintf(stderr, "committed inputs: %zu files; lanes took %lu elements\n", files, lane_takes);
    assert_true(files > 300);
    assert_true(lane_takes > 1000);
}

/* ---- generated documents --------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static uint32_t next(void) { return ak_test_xorshift(&rng); }

/* true with probability p percent */
static bool chance(unsigned p) { return next() % 100 < p; }

/* A writer of JSON text laid out as Glaxnimate lays it out (four spaces a
 * level, a member a line), or compact; with the odd CRLF and tab. */
typedef struct gen {
    ak_buf *b;
    bool pretty;
    const char *newline, *indent;
    int depth;
    bool first[256];
    int version;         /* format_version; 0: none written */
    unsigned defect_pct; /* per keyframe */
    int order;           /* keyframe members: 0 Glaxnimate's (alphabetical), 1 declared, 2 either, 3 shuffled too */
    unsigned uuid;
    bool motion;         /* point keyframes carry tan_in, tan_out and point_type */
    bool motion_misplaced; /* ... and so do the others (a defect per document) */
    unsigned long laneable; /* keyframes and bezier points written the way a lane takes them */
    unsigned long written;  /* keyframes of kinds with a lane, and bezier points */
    unsigned long points;   /* keyframes of points */
    unsigned long early_points; /* ... without defects before version 7: taken or not */
} gen;

static void put(gen *g, const char *s) { ak_buf_puts(g->b, s); }

static void putf(gen *g, const char *fmt, ...) AK_PRINTF(2, 3);
static void putf(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ak_buf_vprintf(g->b, fmt, ap);
    va_end(ap);
}

static void line(gen *g)
{
    if (!g->pretty)
        return;
    put(g, g->newline);
    for (int i = 0; i < g->depth; i++)
        put(g, g->indent);
}

/* Before a member or an element: the comma, the line. */
static void sep(gen *g)
{
    if (!g->first[g->depth])
        put(g, ",");
    g->first[g->depth] = false;
    line(g);
}

static void begin(gen *g, const char *bracket)
{
    put(g, bracket);
    g->depth++;
    g->first[g->depth] = true;
}

static void end(gen *g, const char *bracket)
{
    bool empty = g->first[g->depth];
    g->depth--;
    if (!empty)
        line(g);
    put(g, bracket);
}

static void key(gen *g, const char *name)
{
    sep(g);
    putf(g, "\"%s\":%s", name, g->pretty ? " " : "");
}

static void raw(gen *g, const char *name, const char *text)
{
    key(g, name);
    put(g, text);
}

static void str(gen *g, const char *name, const char *text)
{
    key(g, name);
    putf(g, "\"%s\"", text);
}

static void num(gen *g, const char *name, double v)
{
    key(g, name);
    putf(g, "%.16g", v); /* 1/3 as Glaxnimate writes it: 0.3333333333333333 */
}

static void uuid(gen *g)
{
    g->uuid++;
    key(g, "uuid");
    putf(g, "\"%08x-0000-4000-8000-%012x\"", g->uuid, g->uuid);
}

/* A number of a few digits, as Glaxnimate writes one. */
static void short_number(gen *g, double v) { putf(g, "%.15g", v); }

/* The kinds of animated property, by their keyframe object. */
typedef enum prop_kind {
    P_POINT, /* kf_point: motion extras from version 7 */
    P_VEC2,
    P_SIZE,
    P_NUM,
    P_UNIT,
    P_NONNEG,
    P_SUNIT,
    P_PCT,
    P_COUNT, /* integer values */
    P_COLOR, /* a string with syntaxes, which the automaton runs on the lane's leaf */
    P_BEZIER /* the keyframe goes event by event (the hook's shapes), its points through a lane */
} prop_kind;

/* What can be wrong with one keyframe. */
typedef enum defect {
    D_NONE,
    D_POINT_TYPE,   /* 3, -1, 1.5, 2.0, 1e0, -0, a 25-digit integer, 2^53 + 1 */
    D_HANDLE_X,     /* 1.5, -0.1, 1.00000001, or at the edges 0 and 1 */
    D_HANDLE_SHAPE, /* y missing, z extra, y before x, an array, a string */
    D_HALF_EASING,  /* before without after, or after without before */
    D_TAN_ON_PLAIN, /* tan_in on a keyframe of a property that is not a point */
    D_VALUE_SHAPE,  /* a point without y, with z, y before x, a size in the other order */
    D_LONG_INT,     /* an integer of 25 digits (or one just past 2^53) */
    D_HUGE,         /* 1e400 */
    D_TINY,         /* 1e-400, a subnormal */
    D_WIDE,         /* a number past the lane's eight integer digits, or with a two-digit exponent */
    D_STRING_NUMBER,
    D_NULL,
    D_DUPLICATE,    /* a member twice */
    D_TIME_BACK,
    D_TIME_REPEAT,
    D_TIME_MISSING,
    D_VALUE_MISSING,
    D_UNKNOWN,      /* a member of no keyframe */
    D_ESCAPE,       /* an escape in a member name or a string */
    D_WHITESPACE,   /* CRLF and tabs inside the keyframe */
    D_NOT_OBJECT,   /* a number, an array, an empty object for the keyframe */
    D_SYNTAX,       /* two commas, none, a colon after the keyframe: the JSON ends there */
    D_RANGE,        /* a value out of the property's range, a bezier of another shape than the last */
    D_MOTION_MISSING, /* a keyframe of a point without one of tan_in, tan_out and point_type */
    D_COUNT
} defect;

enum kf_member { K_AFTER, K_BEFORE, K_POINT_TYPE, K_TAN_IN, K_TAN_OUT, K_TIME, K_VALUE, K_UNKNOWN, K_MEMBERS };
static const char *const kf_names[K_MEMBERS] = {"after",  "before", "point_type", "tan_in",
                                                "tan_out", "time",  "value",      "frame"};
/* the unknown member's names: plain, in UTF-8, not UTF-8 */
static const char *const unknown_names[] = {"frame", "fr\xc3\xa4me", "fr\xffme"};

/* A number where the defect may put something else in its place. */
static void number_or_defect(gen *g, double v, defect d)
{
    switch (d) {
    case D_HUGE: put(g, chance(50) ? "1e400" : "-1e400"); return;
    case D_TINY: put(g, chance(50) ? "1e-400" : chance(50) ? "4.9e-324" : "-2.5e-320"); return;
    case D_WIDE: put(g, chance(50) ? "123456789.5" : chance(50) ? "1e10" : "2.5E+12"); return;
    case D_STRING_NUMBER: putf(g, "\"%g\"", v); return;
    case D_NULL: put(g, chance(50) ? "null" : "true"); return;
    case D_LONG_INT: put(g, chance(50) ? "1234567890123456789012345" : "-9007199254740993"); return;
    case D_ESCAPE: put(g, "\"1\\u0030\""); return;
    default: short_number(g, v); return;
    }
}

/* {"x": x, "y": y}, or a defect of its shape (when shape) or of a number. */
static void point(gen *g, double x, double y, defect d, bool shape)
{
    begin(g, "{");
    if (shape && d == D_VALUE_SHAPE && chance(30)) {
        key(g, "y");
        short_number(g, y);
        key(g, "x");
        short_number(g, x);
        end(g, "}");
        return;
    }
    key(g, "x");
    number_or_defect(g, x, shape ? D_NONE : d);
    bool drop_y = shape && d == D_VALUE_SHAPE && chance(50);
    if (!drop_y) {
        key(g, "y");
        number_or_defect(g, y, shape ? D_NONE : d);
    }
    if (shape && d == D_VALUE_SHAPE && !drop_y)
        raw(g, "z", "0");
    end(g, "}");
}

static void handle(gen *g, double x, double y, defect d)
{
    if (d == D_HANDLE_SHAPE) {
        switch (next() % 5) {
        case 0: put(g, "[0.5, 0.5]"); return;
        case 1: put(g, "\"ease\""); return;
        case 2:
            begin(g, "{");
            num(g, "x", x);
            end(g, "}");
            return;
        case 3:
            begin(g, "{");
            num(g, "y", y);
            num(g, "x", x);
            end(g, "}");
            return;
        default:
            begin(g, "{");
            num(g, "x", x);
            num(g, "y", y);
            raw(g, "z", "0");
            end(g, "}");
            return;
        }
    }
    if (d == D_HANDLE_X) {
        /* out, in at the edges, and the doubles nearest to 1 either side of it */
        static const char *const xs[] = {"1.5",  "-0.1",   "1.00000001", "-0.0000001",          "0",
                                         "1",    "1.0",    "-0",         "0e0",                 "1E0",
                                         "1e-1", "-0e-0", "0.99999999999999999", "1.00000000000000011",
                                         "0.99999999999999994"};
        begin(g, "{");
        raw(g, "x", xs[next() % (sizeof xs / sizeof xs[0])]);
        num(g, "y", y);
        end(g, "}");
        return;
    }
    point(g, x, y, d, false);
}

static void bezier(gen *g, unsigned points, bool closed, defect d);

/* One keyframe of a property of kind k after time *t (its time goes there). */
static void keyframe(gen *g, prop_kind k, double *t, bool last)
{
    defect d = chance(g->defect_pct) ? (defect)(1 + next() % (D_COUNT - 1)) : D_NONE;
    if (d == D_NOT_OBJECT) {
        static const char *const others[] = {"5", "[]", "{}", "null", "\"kf\""};
        sep(g);
        put(g, others[next() % 5]);
        return;
    }
    int syntax = d == D_SYNTAX ? (int)(next() % 4) : -1;
    if (syntax == 0)
        put(g, ",");
    else if (syntax == 1)
        g->first[g->depth] = true;
    double step = chance(70) ? 1 + next() % 10 : (1 + next() % 40) / 4.0;
    if (d == D_TIME_BACK)
        *t -= 1 + next() % 5;
    else if (d != D_TIME_REPEAT)
        *t += step;
    bool present[K_MEMBERS] = {false};
    present[K_TIME] = d != D_TIME_MISSING;
    present[K_VALUE] = d != D_VALUE_MISSING;
    /* Glaxnimate writes the easing on every keyframe but (often) the last */
    bool eased = !last || chance(30);
    present[K_BEFORE] = present[K_AFTER] = eased;
    if (d == D_HALF_EASING)
        present[chance(50) ? K_BEFORE : K_AFTER] = false;
    bool motion = k == P_POINT ? g->motion : g->motion_misplaced;
    present[K_TAN_IN] = present[K_TAN_OUT] = present[K_POINT_TYPE] = motion;
    if (d == D_TAN_ON_PLAIN && k != P_POINT)
        present[K_TAN_IN] = true;
    if (d == D_MOTION_MISSING) {
        static const int extras[] = {K_TAN_IN, K_TAN_OUT, K_POINT_TYPE};
        present[extras[next() % 3]] = false;
    }
    if (k == P_POINT && (d == D_POINT_TYPE || d == D_LONG_INT))
        present[K_POINT_TYPE] = true;
    present[K_UNKNOWN] = d == D_UNKNOWN;

    /* the member order: Glaxnimate's, declared, or shuffled */
    static const int alphabetical[K_MEMBERS] = {K_AFTER, K_BEFORE, K_POINT_TYPE, K_TAN_IN,
                                                K_TAN_OUT, K_TIME, K_VALUE, K_UNKNOWN};
    static const int declared[K_MEMBERS] = {K_TIME, K_BEFORE, K_AFTER, K_TAN_IN,
                                            K_TAN_OUT, K_POINT_TYPE, K_VALUE, K_UNKNOWN};
    int order[K_MEMBERS];
    int style = g->order < 2 ? g->order : (int)(next() % (unsigned)g->order);
    memcpy(order, style == 1 ? declared : alphabetical, sizeof order);
    if (style == 2)
        for (int i = K_MEMBERS - 1; i > 0; i--) {
            int j = (int)(next() % (unsigned)(i + 1)), s = order[i];
            order[i] = order[j];
            order[j] = s;
        }
    if (present[K_UNKNOWN]) { /* the unknown member anywhere */
        int at = (int)(next() % K_MEMBERS), u = 0;
        while (order[u] != K_UNKNOWN)
            u++;
        order[u] = order[at];
        order[at] = K_UNKNOWN;
    }
    int twice = d == D_DUPLICATE ? (chance(40) ? K_TIME : chance(50) ? K_VALUE : K_BEFORE) : -1;
    /* the member a number's defect goes to, and the handle a handle's */
    int target = chance(40) ? K_TIME : chance(50) ? K_VALUE : chance(50) ? K_AFTER : K_TAN_OUT;
    int handle_target = chance(50) ? K_BEFORE : K_AFTER;

    sep(g);
    begin(g, "{");
    double x = (next() % 5000) / 10.0 - 100, y = (next() % 5000) / 10.0;
    for (int i = 0; i < K_MEMBERS + (twice >= 0); i++) {
        int m = i < K_MEMBERS ? order[i] : twice;
        if (!present[m])
            continue;
        defect md = m == target ? d : D_NONE;
        if (d == D_ESCAPE && m == target && chance(50)) {
            /* the name escaped: the same member to the events, none to a lane */
            sep(g);
            putf(g, "\"\\u%04x%s\": ", (unsigned)kf_names[m][0], kf_names[m] + 1);
            md = D_NONE;
        } else {
            key(g, m == K_UNKNOWN ? unknown_names[next() % 3] : kf_names[m]);
        }
        if (d == D_WHITESPACE && chance(50))
            put(g, chance(50) ? "\r\n\t" : "\t \r\n ");
        switch (m) {
        case K_TIME: number_or_defect(g, *t, md); break;
        case K_BEFORE:
        case K_AFTER:
            handle(g, m == K_BEFORE ? 0.3333333333333333 : 0.6666666666666666,
                   m == K_BEFORE ? (next() % 3) / 3.0 : 1 - (next() % 3) / 3.0,
                   (d == D_HANDLE_X || d == D_HANDLE_SHAPE) && m == handle_target ? d : md);
            break;
        case K_TAN_IN:
        case K_TAN_OUT: point(g, x + (m == K_TAN_IN ? -5 : 5), y, md, false); break;
        case K_POINT_TYPE:
            if (d == D_POINT_TYPE) {
                static const char *const types[] = {"3", "-1", "1.5", "2.0", "1e0", "-0", "\"1\"", "true", "2"};
                put(g, types[next() % 9]);
            } else if (d == D_LONG_INT) {
                put(g, chance(50) ? "1234567890123456789012345" : "9007199254740993");
            } else {
                putf(g, "%u", next() % 3);
            }
            break;
        case K_VALUE:
            switch (k) {
            case P_POINT:
            case P_VEC2: point(g, x, y, d == D_VALUE_SHAPE ? d : md, d == D_VALUE_SHAPE); break;
            case P_SIZE:
                begin(g, "{");
                if (d == D_VALUE_SHAPE) { /* Glaxnimate's order, not the declared one */
                    num(g, "height", y);
                    key(g, "width");
                    short_number(g, x + 200);
                } else {
                    key(g, "width");
                    number_or_defect(g, x + 200, md);
                    num(g, "height", y);
                }
                end(g, "}");
                break;
            case P_COLOR:
                if (d == D_ESCAPE)
                    put(g, "\"#ff\\u00380000\"");
                else if (md != D_NONE && md != D_RANGE)
                    number_or_defect(g, 1, md);
                else
                    putf(g, "\"#%06x\"", md == D_RANGE ? 0x1000000u : next() & 0xffffff);
                break;
            case P_BEZIER: /* a jump in the point count or the closed flag */
                bezier(g, d == D_RANGE ? 3 : 2, d != D_RANGE, d);
                break;
            case P_COUNT:
                if (md == D_RANGE)
                    put(g, chance(50) ? "10001" : chance(50) ? "5.5" : "-2147483649");
                else
                    number_or_defect(g, 5, md);
                break;
            default: {
                double lo = k == P_SUNIT ? -1 : 0, hi = k == P_UNIT || k == P_SUNIT ? 1 : k == P_PCT ? 100 : 1000;
                double v = lo + (hi - lo) * (next() % 1001) / 1000.0;
                if (k == P_NUM && chance(30))
                    v = -v;
                if (md == D_RANGE) /* out of the property's range (a number's is not) */
                    v = chance(50) ? hi + 0.5 : lo - 0.5;
                number_or_defect(g, v, md);
                break;
            }
            }
            break;
        default: put(g, "0"); break; /* the unknown member */
        }
    }
    end(g, "}");
    if (syntax == 2)
        put(g, ": 1");
    else if (syntax == 3)
        put(g, ",");
    /* a lane takes it: a keyframe of a kind with a lane, without defects,
       with the motion extras where the version has them. Before version 7
       a keyframe of a point may take the lane or not: the lane wants the
       extras (required since 7) in every version, which the version
       refuses (a lost speed-up, not a difference) */
    bool lane_kind = k != P_BEZIER;
    g->written += lane_kind;
    g->points += k == P_POINT;
    if (lane_kind && d == D_NONE) {
        if (k != P_POINT)
            g->laneable += !motion;
        else if (g->version >= 7)
            g->laneable += motion;
        else
            g->early_points += !motion;
    }
}

/* A bezier: {"closed": closed, "points": [{pos, tan_in, tan_out, type}...]}. */
static void bezier(gen *g, unsigned points, bool closed, defect d)
{
    begin(g, "{");
    raw(g, "closed", closed ? "true" : "false");
    key(g, "points");
    begin(g, "[");
    unsigned bad = d == D_POINT_TYPE || d == D_VALUE_SHAPE || d == D_HUGE ? next() % points : points;
    for (unsigned i = 0; i < points; i++) {
        double x = i * 10.5, y = (i % 2) * 7.25;
        sep(g);
        begin(g, "{");
        key(g, "pos");
        point(g, x, y, i == bad && d == D_HUGE ? d : D_NONE, false);
        key(g, "tan_in");
        point(g, x - 1, y, D_NONE, false);
        if (!(i == bad && d == D_VALUE_SHAPE)) {
            key(g, "tan_out");
            point(g, x + 1, y, D_NONE, false);
        }
        key(g, "type");
        putf(g, "%s", i == bad && d == D_POINT_TYPE ? (chance(50) ? "3" : "1.5") : "0");
        end(g, "}");
        g->written++;
        if (i != bad)
            g->laneable++;
    }
    end(g, "]");
    end(g, "}");
}

/* An animated property: a value, or (mostly) keyframes. */
static void prop(gen *g, const char *name, prop_kind k)
{
    key(g, name);
    begin(g, "{");
    if (chance(25)) {
        key(g, "value");
        switch (k) {
        case P_POINT:
        case P_VEC2: point(g, 1, 1, D_NONE, false); break;
        case P_SIZE:
            begin(g, "{");
            num(g, "height", 20);
            num(g, "width", 40);
            end(g, "}");
            break;
        case P_COLOR: put(g, "\"#ff8000\""); break;
        case P_BEZIER: bezier(g, 3, true, D_NONE); break;
        default: put(g, k == P_COUNT ? "5" : "1"); break;
        }
        end(g, "}");
        return;
    }
    key(g, "keyframes");
    begin(g, "[");
    unsigned n = 1 + next() % 6;
    double t = next() % 10;
    for (unsigned i = 0; i < n; i++)
        keyframe(g, k, &t, i + 1 == n);
    end(g, "]");
    end(g, "}");
}

static void node_head(gen *g, const char *type)
{
    sep(g);
    begin(g, "{");
    str(g, "__type__", type);
}

static void shape(gen *g)
{
    unsigned kind = next() % 7;
    switch (kind) {
    case 0:
        node_head(g, "Fill");
        prop(g, "color", P_COLOR);
        str(g, "fill_rule", "NonZero");
        str(g, "group_color", "#00000000");
        raw(g, "locked", "false");
        str(g, "name", "Fill");
        prop(g, "opacity", P_UNIT);
        raw(g, "use", "null");
        break;
    case 1:
        node_head(g, "Rect");
        str(g, "group_color", "#00000000");
        raw(g, "locked", "false");
        str(g, "name", "Rect");
        prop(g, "position", P_POINT);
        raw(g, "reversed", "false");
        prop(g, "rounded", P_NONNEG);
        prop(g, "size", P_SIZE);
        break;
    case 2:
        node_head(g, "PolyStar");
        prop(g, "angle", P_NUM);
        str(g, "group_color", "#00000000");
        prop(g, "inner_radius", P_NONNEG);
        prop(g, "inner_roundness", P_PCT);
        raw(g, "locked", "false");
        str(g, "name", "Star");
        prop(g, "outer_radius", P_NONNEG);
        prop(g, "outer_roundness", P_PCT);
        prop(g, "points", P_COUNT);
        prop(g, "position", P_POINT);
        raw(g, "reversed", "false");
        str(g, "type", "Star");
        break;
    case 3: {
        node_head(g, "Path");
        raw(g, "closed", "true");
        str(g, "group_color", "#00000000");
        raw(g, "locked", "false");
        str(g, "name", "Path");
        raw(g, "reversed", "false");
        prop(g, "shape", P_BEZIER);
        break;
    }
    case 4:
        node_head(g, "Trim");
        prop(g, "end", P_UNIT);
        str(g, "group_color", "#00000000");
        raw(g, "locked", "false");
        str(g, "multiple", "Individually");
        str(g, "name", "Trim");
        prop(g, "offset", P_NUM);
        prop(g, "start", P_UNIT);
        break;
    case 5:
        node_head(g, "InflateDeflate");
        prop(g, "amount", P_SUNIT);
        str(g, "group_color", "#00000000");
        raw(g, "locked", "false");
        str(g, "name", "Inflate");
        break;
    default:
        node_head(g, "Stroke");
        str(g, "cap", "RoundCap");
        prop(g, "color", P_COLOR);
        str(g, "group_color", "#00000000");
        str(g, "join", "RoundJoin");
        raw(g, "locked", "false");
        raw(g, "miter_limit", "4");
        str(g, "name", "Stroke");
        prop(g, "opacity", P_UNIT);
        raw(g, "use", "null");
        break;
    }
    uuid(g);
    raw(g, "visible", "true");
    if (kind == 6)
        prop(g, "width", P_NONNEG);
    end(g, "}");
}

static void frames(gen *g, const char *name)
{
    key(g, name);
    begin(g, "{");
    str(g, "__type__", "AnimationContainer");
    raw(g, "first_frame", "0");
    raw(g, "last_frame", "600");
    end(g, "}");
}

static void transform(gen *g)
{
    key(g, "transform");
    begin(g, "{");
    str(g, "__type__", "Transform");
    prop(g, "anchor_point", P_POINT);
    if (g->version >= 9)
        raw(g, "auto_orient", "false");
    prop(g, "position", P_POINT);
    prop(g, "rotation", P_NUM);
    prop(g, "scale", P_VEC2);
    end(g, "}");
}

static void layer(gen *g, int index)
{
    node_head(g, "Layer");
    frames(g, "animation");
    if (g->version == 8 || (g->version == 0 && chance(50)))
        raw(g, "auto_orient", "false");
    if (g->version >= 9)
        str(g, "blend_mode", "Normal");
    str(g, "group_color", "#00000000");
    raw(g, "locked", "false");
    key(g, "mask");
    begin(g, "{");
    str(g, "__type__", "MaskSettings");
    raw(g, "inverted", "false");
    str(g, "mask", "NoMask");
    end(g, "}");
    key(g, "name");
    putf(g, "\"Layer %d\"", index);
    prop(g, "opacity", P_UNIT);
    raw(g, "parent", "null");
    raw(g, "render", "true");
    key(g, "shapes");
    begin(g, "[");
    unsigned shapes = 1 + next() % 2;
    for (unsigned i = 0; i < shapes; i++)
        shape(g);
    end(g, "]");
    transform(g);
    uuid(g);
    raw(g, "visible", "true");
    end(g, "}");
}

static void composition(gen *g, const char *type, unsigned layers)
{
    begin(g, "{");
    str(g, "__type__", type);
    frames(g, "animation");
    raw(g, "fps", "60");
    str(g, "group_color", "#00000000");
    raw(g, "height", "512");
    raw(g, "locked", "false");
    str(g, "name", "Main");
    key(g, "shapes");
    begin(g, "[");
    for (unsigned i = 0; i < layers; i++)
        layer(g, (int)i);
    end(g, "]");
    uuid(g);
    raw(g, "visible", "true");
    raw(g, "width", "512");
    end(g, "}");
}

static void list(gen *g, const char *name, const char *type)
{
    key(g, name);
    begin(g, "{");
    str(g, "__type__", type);
    str(g, "name", "");
    uuid(g);
    key(g, "values");
    begin(g, "[");
    end(g, "]");
    end(g, "}");
}

static void format(gen *g)
{
    key(g, "format");
    begin(g, "{");
    if (g->version) {
        char v[16];
        snprintf(v, sizeof v, "%d", g->version);
        raw(g, "format_version", v);
    }
    str(g, "generator", "Glaxnimate");
    str(g, "generator_version", "0.5.4");
    end(g, "}");
}

/* A document of `layers` layers in format_version g->version (0: none),
 * members in Glaxnimate's order; the format first or where it falls. */
static void document(gen *g, unsigned layers)
{
    bool modern = g->version >= 8 || (g->version == 0 && chance(50));
    bool format_first = chance(15);
    g->depth = 0;
    g->first[0] = true;
    begin(g, "{");
    if (format_first)
        format(g);
    if (!modern) {
        key(g, "animation");
        composition(g, "MainComposition", layers);
    }
    key(g, "assets");
    begin(g, "{");
    str(g, "__type__", "Assets");
    list(g, "colors", "NamedColorList");
    if (modern) {
        key(g, "compositions");
        begin(g, "{");
        str(g, "__type__", "CompositionList");
        str(g, "name", "");
        uuid(g);
        key(g, "values");
        begin(g, "[");
        sep(g);
        composition(g, "Composition", layers);
        end(g, "]");
        end(g, "}");
    }
    list(g, "fonts", "FontList");
    list(g, "gradient_colors", "GradientColorsList");
    list(g, "gradients", "GradientList");
    list(g, "images", "BitmapList");
    str(g, "name", "");
    if (!modern)
        list(g, "precompositions", "PrecompositionList");
    uuid(g);
    end(g, "}");
    if (!format_first)
        format(g);
    key(g, "info");
    begin(g, "{");
    str(g, "author", "");
    str(g, "description", "");
    key(g, "keywords");
    begin(g, "[");
    end(g, "]");
    end(g, "}");
    key(g, "metadata");
    begin(g, "{");
    end(g, "}");
    end(g, "}");
    put(g, "\n");
}

/* A generator of a random version, layout, member order and defect rate. */
static gen generator(ak_buf *b)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.b = b;
    unsigned pick = next() % 100;
    g.version = pick < 62 ? 8 : pick < 80 ? 6 : pick < 88 ? 0 : pick < 92 ? 7 : pick < 96 ? 9 : pick < 98 ? 5 : 12;
    g.pretty = chance(55);
    g.newline = chance(10) ? "\r\n" : "\n";
    g.indent = chance(10) ? "\t" : chance(10) ? "  " : "    ";
    g.order = chance(60) ? 0 : chance(50) ? 1 : chance(70) ? 2 : 3;
    g.defect_pct = chance(30) ? 0 : 1 + next() % 10;
    g.motion = g.version >= 7 || (g.version == 0 && chance(50)) || chance(10);
    g.motion_misplaced = chance(3);
    return g;
}

static void generated_documents(void **state)
{
    (void)state;
    static const uint32_t errors[] = {0, 0, 0, 0, 1, 3, 3, 5};
    reset_counts();
    unsigned long bytes = 0, written = 0, laneable = 0, clean = 0;
    for (int i = 0; i < 1800; i++) {
        ak_buf b;
        ak_buf_init(&b);
        gen g = generator(&b);
        document(&g, chance(25) ? 2 : 1);
        ak_buf_cstr(&b);
        char name[48];
        snprintf(name, sizeof name, "generated #%d (version %d)", i, g.version);
        /* a depth limit about where the keyframes are (see lanes_file); one
           draw a statement, the same documents whatever the compiler */
        check k;
        k.max_depth = chance(25) ? 8 + next() % 6 : 0;
        k.max_errors = errors[next() % 8];
        k.strict = chance(30);
        /* now and then the document ends anywhere, in a keyframe too */
        size_t size = chance(2) ? next() % b.len : b.len;
        unsigned long takes = lane_takes;
        /* a clean document read to its end: lanes took every element
           written the way they take them (and, when a defect turned out
           harmless, that element perhaps too) */
        if (same_both_ways(name, b.data, size, k) && !k.max_depth) {
            clean++;
            takes = lane_takes - takes;
            if (takes < g.laneable || (!g.defect_pct && takes > g.laneable + g.early_points))
                fail_msg("%s: lanes took %lu elements of %lu (and %lu)", name, takes, g.laneable, g.early_points);
        }
        bytes += b.len;
        written += g.written;
        laneable += g.laneable;
        ak_buf_free(&b);
    }
    fprintf(stderr,
            "generated: %lu bytes, %lu clean documents; %lu keyframes (and bezier points) written, %lu without "
            "defects; lanes took %lu (%lu keyframes of points, %lu of numbers)\n",
            bytes, clean, written, laneable, lane_takes, takes_of[glaxnimate_O_kf_point], takes_of[glaxnimate_O_kf_num]);
    /* lanes took elements of every kind, and refused others */
    assert_true(clean > 100);
    assert_true(lane_takes > 20000);
    assert_true(lane_takes < written);
    static const int kinds[] = {glaxnimate_O_kf_point, glaxnimate_O_kf_vec2,  glaxnimate_O_kf_size,
                                glaxnimate_O_kf_num,   glaxnimate_O_kf_unit,  glaxnimate_O_kf_nonneg,
                                glaxnimate_O_kf_sunit, glaxnimate_O_kf_pct,   glaxnimate_O_kf_count,
                                glaxnimate_O_bezier_point};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (takes_of[kinds[i]] == 0)
            fail_msg("no lane took an element of object %d", kinds[i]);
}

/* ---- lanes take keyframes ---------------------------------------------- */

/* A clean document of a few hundred keyframes, members in one order (0:
 * Glaxnimate's, 1: declared), into b; its generator's counts. */
static gen clean_document(ak_buf *b, int version, int order, bool motion)
{
    ak_buf_init(b);
    gen g;
    memset(&g, 0, sizeof g);
    g.b = b;
    g.version = version;
    g.pretty = true;
    g.newline = "\n";
    g.indent = "    ";
    g.order = order;
    g.motion = motion;
    rng = 0x2545f4914f6cdd1du;
    document(&g, 16);
    ak_buf_cstr(b);
    return g;
}

static unsigned long keyframe_takes(void)
{
    unsigned long n = 0;
    for (int o = glaxnimate_O_kf_base; o <= glaxnimate_O_kf_stops; o++)
        n += takes_of[o];
    return n;
}

static void expect_clean(const char *name, const ak_buf *b)
{
    char *report = validate(b->data, b->len, false, (check){0, 0, false});
    if (strcmp(report, CLEAN_REPORT) != 0)
        fail_msg("%s is not clean:\n%s", name, report);
    free(report);
}

static void lanes_take_keyframes(void **state)
{
    (void)state;
    static const check plain = {0, 0, false};
    static const char *const orders[] = {"Glaxnimate's order", "declared order"};
    ak_buf b;
    for (int order = 0; order < 2; order++) {
        gen g = clean_document(&b, 8, order, true);
        expect_clean(orders[order], &b);
        reset_counts();
        same_both_ways(orders[order], b.data, b.len, plain);
        fprintf(stderr, "%s: %lu laneable, %lu taken (%lu keyframes, %lu of %lu keyframes of points)\n",
                orders[order], g.laneable, lane_takes, keyframe_takes(), takes_of[glaxnimate_O_kf_point], g.points);
        assert_true(g.laneable > 200);
        assert_int_equal(lane_takes, g.laneable);
        assert_true(g.points > 20);
        assert_int_equal(takes_of[glaxnimate_O_kf_point], g.points);
        assert_true(takes_of[glaxnimate_O_bezier_point] > 0);
        ak_buf_free(&b);
    }
    /* version 6: the motion extras came with version 7; keyframes of points
       that carry them are refused, and the report is the events' */
    gen g = clean_document(&b, 6, 0, true);
    reset_counts();
    same_both_ways("version 6 with motion extras", b.data, b.len, plain);
    char *report = validate(b.data, b.len, true, plain);
    assert_non_null(strstr(report, "glaxnimate.keyframe.motion-misplaced"));
    free(report);
    fprintf(stderr, "version 6 with motion extras: %lu keyframes of points, %lu taken; %lu keyframes taken\n",
            g.points, takes_of[glaxnimate_O_kf_point], keyframe_takes());
    assert_true(g.points > 20);
    assert_int_equal(takes_of[glaxnimate_O_kf_point], 0);
    assert_true(keyframe_takes() > 100);
    ak_buf_free(&b);
    /* without them a version 6 document is clean, and its keyframes of
       points are taken too: the motion members, required from version 7
       only, are optional to the lane (the automaton asks for what the
       version requires) */
    g = clean_document(&b, 6, 0, false);
    expect_clean("version 6", &b);
    reset_counts();
    same_both_ways("version 6", b.data, b.len, plain);
    fprintf(stderr, "version 6: %lu laneable, %lu taken (%lu of %lu keyframes of points)\n", g.laneable, lane_takes,
            takes_of[glaxnimate_O_kf_point], g.points);
    assert_true(g.points > 20);
    assert_int_equal(takes_of[glaxnimate_O_kf_point], g.points);
    assert_true(lane_takes >= g.laneable && lane_takes <= g.laneable + g.early_points);
    ak_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(committed_inputs),
        cmocka_unit_test(generated_documents),
        cmocka_unit_test(lanes_take_keyframes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

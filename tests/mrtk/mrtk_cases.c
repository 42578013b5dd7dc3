/* Builds MRTK input animation files with the project's encoder (the code
 * animgen generates from formats/mrtk/mrtk.layout), deterministically:
 *
 *   mrtk_gen cases DIR      conformance cases: DIR/{valid,invalid}/<case>.bin
 *                           and <case>.bin.expected (tests/conformance/mrtk)
 *   mrtk_gen examples DIR   small valid and invalid samples (examples/mrtk)
 *   mrtk_gen seeds DIR      fuzz seeds (fuzz/corpus/mrtk)
 *   mrtk_gen bench FILE MB [1.0|1.1]
 *                           a recording of about MB megabytes (bench/mrtk)
 *
 * Valid files are encoded from documents; invalid ones are valid files with
 * the bytes of one field changed (offsets follow spec §3.7). */
#include "mrtk_layout.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static ak_arena arena;

/* ---- documents ------------------------------------------------------------ */

#define WRAP_ALL(c) ((c)->pre_wrap = 8, (c)->post_wrap = 8)

static void pose_full_init(mrtk_pose_full *p)
{
    mrtk_curve__full_key *c[] = {&p->pos_x, &p->pos_y, &p->pos_z, &p->rot_x, &p->rot_y, &p->rot_z, &p->rot_w};
    for (int i = 0; i < 7; i++)
        WRAP_ALL(c[i]);
}

static void pose_simple_init(mrtk_pose_simple *p)
{
    mrtk_curve__simple_key *c[] = {&p->pos_x, &p->pos_y, &p->pos_z, &p->rot_x, &p->rot_y, &p->rot_z, &p->rot_w};
    for (int i = 0; i < 7; i++)
        WRAP_ALL(c[i]);
}

static mrtk_file *new_doc(int major, int minor, bool cam, bool hands, bool gaze)
{
    mrtk_file *f = AK_ARENA_NEW(&arena, mrtk_file);
    f->magic = 0x6a8faf6e0f9e42c6ULL;
    f->major = major;
    f->minor = minor;
    /* the two bodies share their storage (one is present): fill the one the version selects */
    if (!(major == 1 && minor == 1)) {
        mrtk_body_v10 *a = &f->body_v10;
        pose_full_init(&a->camera);
        WRAP_ALL(&a->hand_tracked_left);
        WRAP_ALL(&a->hand_tracked_right);
        WRAP_ALL(&a->hand_pinching_left);
        WRAP_ALL(&a->hand_pinching_right);
        for (int j = 0; j < 27; j++) {
            pose_full_init(&a->left_hand.joints[j]);
            pose_full_init(&a->right_hand.joints[j]);
        }
        return f;
    }
    mrtk_body_v11 *b = &f->body_v11;
    b->has_camera_pose = cam;
    b->has_hand_data = hands;
    b->has_eye_gaze = gaze;
    pose_simple_init(&b->camera);
    WRAP_ALL(&b->hand_tracked_left);
    WRAP_ALL(&b->hand_tracked_right);
    WRAP_ALL(&b->hand_pinching_left);
    WRAP_ALL(&b->hand_pinching_right);
    for (int j = 0; j < 27; j++) {
        pose_simple_init(&b->left_hand.joints[j]);
        pose_simple_init(&b->right_hand.joints[j]);
    }
    mrtk_curve__simple_key *g[] = {&b->eye_gaze.origin_x, &b->eye_gaze.origin_y, &b->eye_gaze.origin_z,
                              &b->eye_gaze.dir_x, &b->eye_gaze.dir_y, &b->eye_gaze.dir_z};
    for (int i = 0; i < 6; i++)
        WRAP_ALL(g[i]);
    return f;
}

static void simple_keys(mrtk_curve__simple_key *c, int n, const float *t, const float *v)
{
    c->keys = n ? AK_ARENA_ARRAY(&arena, mrtk_simple_key, (size_t)n) : NULL;
    for (int i = 0; i < n; i++) {
        c->keys[i].time = t[i];
        c->keys[i].value = v[i];
    }
    c->num_keys = n;
    c->keys_count = (size_t)n;
}

static void full_keys(mrtk_curve__full_key *c, int n, const float *t, const float *v)
{
    c->keys = n ? AK_ARENA_ARRAY(&arena, mrtk_full_key, (size_t)n) : NULL;
    for (int i = 0; i < n; i++) {
        memset(&c->keys[i], 0, sizeof c->keys[i]);
        c->keys[i].time = t[i];
        c->keys[i].value = v[i];
        c->keys[i].weighted_mode = 3;
    }
    c->num_keys = n;
    c->keys_count = (size_t)n;
}

static void bool_keys(mrtk_curve__bool_key *c, int n, const float *t, const float *v)
{
    c->keys = n ? AK_ARENA_ARRAY(&arena, mrtk_bool_key, (size_t)n) : NULL;
    for (int i = 0; i < n; i++) {
        c->keys[i].time = t[i];
        c->keys[i].value = v[i];
    }
    c->num_keys = n;
    c->keys_count = (size_t)n;
}

static void markers(mrtk_file *f, int n, const float *t, const char *const *names)
{
    f->markers = n ? AK_ARENA_ARRAY(&arena, mrtk_marker, (size_t)n) : NULL;
    for (int i = 0; i < n; i++) {
        f->markers[i].time = t[i];
        f->markers[i].name.ptr = names[i];
        f->markers[i].name.len = strlen(names[i]);
    }
    f->marker_count = n;
    f->markers_count = (size_t)n;
}

/* A plausible recording: a 1.0 pose the way MRTK 2.5 writes it (position
 * and rotation curves with their own key times, linear keys). */
static void fill_pose_full(mrtk_pose_full *p, int keys, float phase)
{
    float t[64], v[64];
    if (keys > 64)
        keys = 64;
    mrtk_curve__full_key *c[] = {&p->pos_x, &p->pos_y, &p->pos_z, &p->rot_x, &p->rot_y, &p->rot_z, &p->rot_w};
    for (int k = 0; k < 7; k++) {
        for (int i = 0; i < keys; i++) {
            t[i] = (float)i * (k < 3 ? 0.1f : 0.125f) - 0.05f; /* 1.0 may start before 0 */
            v[i] = k == 6 ? 1.0f : sinf(phase + (float)(i + k)) * 0.25f;
        }
        full_keys(c[k], keys, t, v);
    }
}

static void fill_pose_simple(mrtk_pose_simple *p, int keys, float phase)
{
    float t[64], v[64];
    if (keys > 64)
        keys = 64;
    mrtk_curve__simple_key *c[] = {&p->pos_x, &p->pos_y, &p->pos_z, &p->rot_x, &p->rot_y, &p->rot_z, &p->rot_w};
    for (int k = 0; k < 7; k++) {
        for (int i = 0; i < keys; i++) {
            t[i] = (float)i / 60.0f;
            v[i] = k == 6 ? 1.0f : cosf(phase + (float)(i * 3 + k)) * 0.5f;
        }
        simple_keys(c[k], keys, t, v);
    }
}

static ak_buf encode(mrtk_file *f)
{
    ak_buf b;
    ak_buf_init(&b);
    if (!mrtk_encode(f, &b)) {
        fprintf(stderr, "mrtk_gen: encoding failed\n");
        exit(2);
    }
    return b;
}

/* ---- files -------------------------------------------------------------- */

static const char *outdir;

static void write_file(const char *sub, const char *name, const void *data, size_t n, const char *expected)
{
    char path[4096];
    snprintf(path, sizeof path, "%s%s%s/%s", outdir, sub[0] ? "/" : "", sub, name);
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(data, 1, n, fp) != n || fclose(fp)) {
        fprintf(stderr, "mrtk_gen: cannot write %s: %s\n", path, strerror(errno));
        exit(2);
    }
    if (expected) {
        char epath[4200];
        snprintf(epath, sizeof epath, "%s.expected", path);
        fp = fopen(epath, "wb");
        if (!fp || fputs(expected, fp) < 0 || fclose(fp)) {
            fprintf(stderr, "mrtk_gen: cannot write %s\n", epath);
            exit(2);
        }
    }
}

static void put32(ak_buf *b, size_t off, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        b->data[off + (size_t)i] = (char)(v >> (8 * i));
}

static void putf(ak_buf *b, size_t off, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put32(b, off, u);
}

/* §8.4: 1.1, camera only, one key per curve, one marker "start". */
static mrtk_file *doc_84(void)
{
    mrtk_file *f = new_doc(1, 1, true, false, false);
    const float t0[1] = {0};
    const float vals[7] = {0, 1.6f, 0, 0, 0, 0, 1};
    mrtk_curve__simple_key *c[] = {&f->body_v11.camera.pos_x, &f->body_v11.camera.pos_y, &f->body_v11.camera.pos_z,
                              &f->body_v11.camera.rot_x, &f->body_v11.camera.rot_y, &f->body_v11.camera.rot_z,
                              &f->body_v11.camera.rot_w};
    for (int k = 0; k < 7; k++)
        simple_keys(c[k], 1, t0, &vals[k]);
    const char *names[] = {"start"};
    markers(f, 1, t0, names);
    return f;
}

/* §3.7 offsets */
enum {
    V84_FLAGS = 16,
    V84_CAM = 19,       /* 7 curves of 20 bytes */
    V84_MARKERS = 159,  /* count, time, length, "start" */
    V10_CAM = 16,
    V10_BOOL = 100,     /* hand_tracked_left */
    V10_LEFT = 148,
    V10_MARKERS = 4684,
};

typedef struct variant {
    const char *name;
    ak_buf bytes;
    const char *expected;
} variant;

static void emit_case(bool valid, const char *name, ak_buf *b, const char *expected)
{
    char file[256];
    snprintf(file, sizeof file, "%s.bin", name);
    write_file(valid ? "valid" : "invalid", file, b->data, b->len, expected);
}

static ak_buf copy(const ak_buf *b)
{
    ak_buf c;
    ak_buf_init(&c);
    ak_buf_append(&c, b->data, b->len);
    return c;
}

static void cases(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/valid", outdir);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/invalid", outdir);
    mkdir(path, 0777);

    /* ---- valid ---- */
    ak_buf v81 = encode(new_doc(1, 0, true, true, false)); /* §8.1 */
    emit_case(true, "v10_empty", &v81, NULL);
    ak_buf v82 = encode(new_doc(1, 1, false, false, false)); /* §8.2 */
    emit_case(true, "v11_smallest", &v82, NULL);
    ak_buf v84 = encode(doc_84());
    emit_case(true, "v11_camera_only", &v84, NULL);

    {
        mrtk_file *f = new_doc(1, 0, true, true, false);
        fill_pose_full(&f->body_v10.camera, 5, 0.0f);
        const float bt[3] = {-0.05f, 1.0f, 2.5f}, bv[3] = {1, 0, 1};
        bool_keys(&f->body_v10.hand_tracked_left, 3, bt, bv);
        bool_keys(&f->body_v10.hand_pinching_left, 2, bt, bv);
        for (int j = 0; j < 27; j++)
            fill_pose_full(&f->body_v10.left_hand.joints[j], 3, (float)j);
        /* joint None with a zero rotation, legal (§4.6) */
        const float z[1] = {0}, zt[1] = {0};
        full_keys(&f->body_v10.left_hand.joints[0].rot_w, 1, zt, z);
        ak_buf b = encode(f);
        emit_case(true, "v10_one_hand", &b, NULL);
        for (int j = 0; j < 27; j++)
            fill_pose_full(&f->body_v10.right_hand.joints[j], 2, (float)j + 0.5f);
        bool_keys(&f->body_v10.hand_tracked_right, 1, bt, bv);
        ak_buf b2 = encode(f);
        emit_case(true, "v10_both_hands", &b2, NULL);
        ak_buf_free(&b);
        ak_buf_free(&b2);
    }
    {
        mrtk_file *f = new_doc(1, 1, false, false, true);
        mrtk_ray *r = &f->body_v11.eye_gaze;
        mrtk_curve__simple_key *g[] = {&r->origin_x, &r->origin_y, &r->origin_z, &r->dir_x, &r->dir_y, &r->dir_z};
        const float t[3] = {0, 0.5f, 1}, v[3] = {0.0f, 0.25f, -0.0f};
        for (int k = 0; k < 6; k++)
            simple_keys(g[k], 3, t, v);
        ak_buf b = encode(f);
        emit_case(true, "v11_gaze_only", &b, NULL);
        ak_buf_free(&b);
    }
    {
        mrtk_file *f = new_doc(1, 1, true, true, true);
        fill_pose_simple(&f->body_v11.camera, 4, 0.0f);
        for (int j = 0; j < 27; j++) {
            fill_pose_simple(&f->body_v11.left_hand.joints[j], 3, (float)j);
            fill_pose_simple(&f->body_v11.right_hand.joints[j], 2, (float)j);
        }
        const float bt[2] = {0, 1.5f}, bv[2] = {1, 0};
        bool_keys(&f->body_v11.hand_tracked_left, 2, bt, bv);
        bool_keys(&f->body_v11.hand_tracked_right, 2, bt, bv);
        mrtk_ray *r = &f->body_v11.eye_gaze;
        const float t[2] = {0, 1}, v[2] = {0.5f, 1};
        simple_keys(&r->dir_z, 2, t, v);
        const float mt[3] = {0, 0.5f, 0.5f};
        const char *names[] = {"start", "grab \xc3\xa9t\xc3\xa9", ""};
        markers(f, 3, mt, names);
        ak_buf b = encode(f);
        emit_case(true, "v11_all_with_markers", &b, NULL);
        ak_buf_free(&b);
    }
    {
        mrtk_file *f = new_doc(1, 0, true, true, false);
        const float mt[1] = {-1.0f};
        const char *names[] = {"\xe2\x9c\x8b wave"};
        markers(f, 1, mt, names);
        ak_buf b = encode(f);
        emit_case(true, "v10_with_marker", &b, NULL);
        ak_buf_free(&b);
    }
    /* 8.3: every section flagged, every curve empty: valid with warnings */
    {
        ak_buf b = encode(new_doc(1, 1, true, true, true));
        emit_case(true, "v11_all_flags_empty", &b,
                  "# §8.3: flags set, every curve empty\n"
                  "warning mrtk.header.flag-empty /has_camera_pose\n"
                  "warning mrtk.header.flag-empty /has_hand_data\n"
                  "warning mrtk.header.flag-empty /has_eye_gaze\n");
        emit_case(false, "strict_all_flags_empty", &b,
                  "--strict\n"
                  "error mrtk.header.flag-empty /has_camera_pose\n"
                  "error mrtk.header.flag-empty /has_hand_data\n"
                  "error mrtk.header.flag-empty /has_eye_gaze\n");
        ak_buf_free(&b);
    }

    /* ---- invalid: header ---- */
    ak_buf b;
    b = copy(&v82); b.data[0] = (char)0xc7;
    emit_case(false, "magic_bad", &b, "error mrtk.header.magic /magic @0\n"); ak_buf_free(&b);
    b = copy(&v82); put32(&b, 12, 2);
    emit_case(false, "version_minor_2", &b, "error mrtk.header.version /minor\n"); ak_buf_free(&b);
    b = copy(&v82); put32(&b, 8, 2); put32(&b, 12, 0);
    emit_case(false, "version_major_2", &b, "error mrtk.header.version /minor\n"); ak_buf_free(&b);
    b = copy(&v81); put32(&b, 8, 0);
    emit_case(false, "version_legacy_major_0", &b, "warning mrtk.header.version-legacy /major @8\n"); ak_buf_free(&b);
    b = copy(&v81); put32(&b, 12, (uint32_t)-1);
    emit_case(false, "version_legacy_minor_negative", &b, "warning mrtk.header.version-legacy /major\n"); ak_buf_free(&b);
    b = copy(&v84); b.data[V84_FLAGS] = 2;
    emit_case(false, "flag_value_2", &b, "warning mrtk.header.flag-value /has_camera_pose @16\n"); ak_buf_free(&b);
    b = copy(&v84); b.data[V84_FLAGS] = 2;
    emit_case(false, "strict_flag_value_2", &b, "--strict\nerror mrtk.header.flag-value /has_camera_pose\n");
    ak_buf_free(&b);

    /* ---- invalid: truncated at every field boundary of §8.4, and inside fields ---- */
    {
        static const struct {
            size_t len;
            const char *where;
        } cuts[] = {
            {4, "/magic"}, {8, "/major"}, {12, "/minor"}, {14, "/minor"}, {16, "/has_camera_pose"},
            {17, "/has_hand_data"}, {18, "/has_eye_gaze"}, {19, "/camera/pos_x/pre_wrap"},
            {23, "/camera/pos_x/post_wrap"}, {27, "/camera/pos_x/num_keys"}, {39, "/camera/pos_y/pre_wrap"},
            {59, "/camera/pos_z/pre_wrap"}, {79, "/camera/rot_x/pre_wrap"}, {99, "/camera/rot_y/pre_wrap"},
            {119, "/camera/rot_z/pre_wrap"}, {139, "/camera/rot_w/pre_wrap"}, {143, "/camera/rot_w/post_wrap"},
            {159, "/marker_count"},
        };
        /* Inside a key or marker array the count no longer fits the bytes
           left: that is the count's rule (§5 M4, M5), at the count. */
        static const struct {
            size_t len;
            const char *expect;
        } in_arrays[] = {
            {31, "error mrtk.curve.key-count /camera/pos_x/num_keys @27\n"},
            {33, "error mrtk.curve.key-count /camera/pos_x/num_keys @27\n"},
            {35, "error mrtk.curve.key-count /camera/pos_x/num_keys @27\n"},
            {151, "error mrtk.curve.key-count /camera/rot_w/num_keys @147\n"},
            {155, "error mrtk.curve.key-count /camera/rot_w/num_keys @147\n"},
            {163, "error mrtk.marker.count /marker_count @159\n"},
            {167, "error mrtk.marker.count /marker_count @159\n"},
        };
        for (size_t i = 0; i < sizeof in_arrays / sizeof in_arrays[0]; i++) {
            char name[64];
            snprintf(name, sizeof name, "truncated_at_%zu", in_arrays[i].len);
            b = copy(&v84);
            b.len = in_arrays[i].len;
            emit_case(false, name, &b, in_arrays[i].expect);
            ak_buf_free(&b);
        }
        for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
            char name[64], exp[256];
            snprintf(name, sizeof name, "truncated_at_%zu", cuts[i].len);
            snprintf(exp, sizeof exp, "# §8.4 cut to %zu bytes\nerror mrtk.file.truncated %s @%zu\n", cuts[i].len,
                     cuts[i].where, cuts[i].len);
            b = copy(&v84);
            b.len = cuts[i].len;
            emit_case(false, name, &b, exp);
            ak_buf_free(&b);
        }
        /* inside the marker name: a length beyond the file (§5 M6) */
        b = copy(&v84);
        b.len = 170;
        emit_case(false, "truncated_in_marker_name", &b, "error mrtk.string.length /markers/0/name @167\n");
        ak_buf_free(&b);
        b = copy(&v82);
        b.len = 22;
        emit_case(false, "truncated_v11_22_bytes", &b, "error mrtk.file.truncated /marker_count @19\n");
        ak_buf_free(&b);
        b = copy(&v81);
        b.len = V10_LEFT + 5;
        emit_case(false, "truncated_v10_left_hand", &b,
                  "error mrtk.file.truncated /left_hand/joints/0/pos_x/post_wrap @152\n");
        ak_buf_free(&b);
    }

    /* ---- invalid: counts ---- */
    b = copy(&v84); put32(&b, V84_CAM + 8, (uint32_t)-1);
    emit_case(false, "key_count_negative", &b, "error mrtk.curve.key-count /camera/pos_x/num_keys @27\n"); ak_buf_free(&b);
    b = copy(&v84); put32(&b, V84_CAM + 8, 1000);
    emit_case(false, "key_count_beyond_file", &b, "error mrtk.curve.key-count /camera/pos_x/num_keys @27\n"); ak_buf_free(&b);
    b = copy(&v84); put32(&b, V84_CAM + 8, 0x7fffffff);
    emit_case(false, "key_count_int_max", &b, "error mrtk.curve.key-count /camera/pos_x/num_keys\n"); ak_buf_free(&b);
    b = copy(&v84); put32(&b, V84_MARKERS, (uint32_t)-5);
    emit_case(false, "marker_count_negative", &b, "error mrtk.marker.count /marker_count @159\n"); ak_buf_free(&b);
    b = copy(&v84); put32(&b, V84_MARKERS, 3);
    emit_case(false, "marker_count_beyond_file", &b, "error mrtk.marker.count /marker_count @159\n"); ak_buf_free(&b);

    /* ---- invalid: strings ---- */
    {
        const unsigned char bad_len[] = {0x85, 0x80, 0x80, 0x80, 0x10};
        b = copy(&v84);
        b.len = V84_MARKERS + 8;
        ak_buf_append(&b, bad_len, sizeof bad_len);
        ak_buf_append(&b, "start", 5);
        emit_case(false, "string_length_5th_byte", &b, "error mrtk.string.length /markers/0/name\n");
        ak_buf_free(&b);
        const unsigned char six[] = {0x85, 0x80, 0x80, 0x80, 0x80, 0x00};
        b = copy(&v84);
        b.len = V84_MARKERS + 8;
        ak_buf_append(&b, six, sizeof six);
        emit_case(false, "string_length_6_bytes", &b, "error mrtk.string.length /markers/0/name\n");
        ak_buf_free(&b);
        const unsigned char neg[] = {0xff, 0xff, 0xff, 0xff, 0x0f};
        b = copy(&v84);
        b.len = V84_MARKERS + 8;
        ak_buf_append(&b, neg, sizeof neg);
        emit_case(false, "string_length_negative", &b, "error mrtk.string.length /markers/0/name\n");
        ak_buf_free(&b);
        b = copy(&v84);
        b.data[V84_MARKERS + 9] = (char)0xff;
        emit_case(false, "string_utf8", &b, "error mrtk.string.utf8 /markers/0/name @168\n");
        ak_buf_free(&b);
        const unsigned char overlong[] = {0x85, 0x00};
        b = copy(&v84);
        b.len = V84_MARKERS + 8;
        ak_buf_append(&b, overlong, sizeof overlong);
        ak_buf_append(&b, "start", 5);
        emit_case(false, "string_non_minimal", &b, "warning mrtk.string.non-minimal /markers/0/name @167\n");
        ak_buf_free(&b);
    }

    /* ---- invalid: times and values ---- */
    b = copy(&v84); putf(&b, V84_CAM + 12, NAN);
    emit_case(false, "time_nan", &b, "error mrtk.key.time-nonfinite /camera/pos_x/keys/0/time @31\n"); ak_buf_free(&b);
    b = copy(&v84); putf(&b, V84_CAM + 12, -INFINITY);
    emit_case(false, "time_infinite", &b, "error mrtk.key.time-nonfinite /camera/pos_x/keys/0/time\n"); ak_buf_free(&b);
    b = copy(&v84); putf(&b, V84_CAM + 12, -0.5f);
    emit_case(false, "time_negative_v11", &b, "warning mrtk.curve.time-negative /camera/pos_x/keys/0/time\n");
    ak_buf_free(&b);
    b = copy(&v84); putf(&b, V84_CAM + 16, INFINITY);
    emit_case(false, "value_infinite", &b, "warning mrtk.key.value-nonfinite /camera/pos_x/keys/0/value @35\n");
    ak_buf_free(&b);
    {
        mrtk_file *f = doc_84();
        const float t[3] = {0, 0.5f, 0.25f}, v[3] = {1, 2, 3};
        simple_keys(&f->body_v11.camera.pos_y, 3, t, v);
        b = encode(f);
        emit_case(false, "time_decreasing", &b, "warning mrtk.curve.time-order /camera/pos_y/keys/2/time\n");
        ak_buf_free(&b);
        const float t2[3] = {0, 0.5f, 0.5f};
        simple_keys(&f->body_v11.camera.pos_y, 3, t2, v);
        b = encode(f);
        emit_case(false, "time_duplicate", &b, "warning mrtk.curve.time-duplicate /camera/pos_y/keys/2/time\n");
        ak_buf_free(&b);
        const float t3[3] = {0, 0.5f, 1}, v3[3] = {0, 0, 0};
        const float w1[1] = {0}, w1v[1] = {1};
        simple_keys(&f->body_v11.camera.rot_x, 3, t3, v3);
        simple_keys(&f->body_v11.camera.rot_w, 1, w1, w1v);
        simple_keys(&f->body_v11.camera.pos_y, 1, w1, w1v);
        b = encode(f);
        emit_case(false, "rot_w_sparse", &b, "warning mrtk.pose.rot-w-sparse /camera/rot_w\n");
        ak_buf_free(&b);
    }
    b = copy(&v84); put32(&b, V84_CAM, 3);
    emit_case(false, "wrap_mode_3", &b, "warning mrtk.curve.wrap-mode /camera/pos_x/pre_wrap @19\n"); ak_buf_free(&b);
    b = copy(&v84); put32(&b, V84_CAM + 4, 2);
    emit_case(false, "wrap_mode_loop", &b, "warning mrtk.curve.wrap-nondefault /camera/pos_x/post_wrap @23\n");
    ak_buf_free(&b);
    b = copy(&v84); put32(&b, V84_CAM, 3);
    emit_case(false, "strict_wrap_mode_3", &b, "--strict\nerror mrtk.curve.wrap-mode /camera/pos_x/pre_wrap\n");
    ak_buf_free(&b);
    {
        /* §8.6: 8.1 with hand_tracked_left given one key (0, 0.7) */
        mrtk_file *f = new_doc(1, 0, true, true, false);
        const float t[1] = {0}, v[1] = {0.7f};
        bool_keys(&f->body_v10.hand_tracked_left, 1, t, v);
        b = encode(f);
        emit_case(false, "bool_value", &b, "warning mrtk.bool.value /hand_tracked_left/keys/0/value @116\n");
        ak_buf_free(&b);
        const float t2[3] = {0, 1, 2}, v2[3] = {1, 1, 0};
        bool_keys(&f->body_v10.hand_tracked_left, 3, t2, v2);
        b = encode(f);
        emit_case(false, "bool_repeat", &b, "warning mrtk.bool.repeat /hand_tracked_left/keys/1/value\n");
        ak_buf_free(&b);
        bool_keys(&f->body_v10.hand_tracked_left, 0, t2, v2);
        /* 1.0 full keys with data MRTK never writes */
        const float kt[2] = {0, 1}, kv[2] = {0, 1};
        full_keys(&f->body_v10.camera.pos_x, 2, kt, kv);
        f->body_v10.camera.pos_x.keys[1].out_tangent = 0.5f;
        b = encode(f);
        emit_case(false, "key_non_default", &b, "warning mrtk.key.non-default /camera/pos_x/keys/1\n");
        ak_buf_free(&b);
        f->body_v10.camera.pos_x.keys[1].out_tangent = 0;
        f->body_v10.camera.pos_x.keys[1].in_weight = 1.5f;
        b = encode(f);
        emit_case(false, "key_weight_range", &b,
                  "warning mrtk.key.weight-range /camera/pos_x/keys/1/in_weight\n"
                  "warning mrtk.key.non-default /camera/pos_x/keys/1\n");
        ak_buf_free(&b);
        f->body_v10.camera.pos_x.keys[1].in_weight = 0;
        f->body_v10.camera.pos_x.keys[1].weighted_mode = 7;
        b = encode(f);
        emit_case(false, "key_weighted_mode", &b,
                  "warning mrtk.key.weighted-mode /camera/pos_x/keys/1/weighted_mode\n"
                  "warning mrtk.key.non-default /camera/pos_x/keys/1\n");
        ak_buf_free(&b);
        f->body_v10.camera.pos_x.keys[1].weighted_mode = 3;
        f->body_v10.camera.pos_x.keys[0].time = NAN;
        b = encode(f);
        emit_case(false, "time_nan_v10", &b, "error mrtk.key.time-nonfinite /camera/pos_x/keys/0/time @28\n");
        ak_buf_free(&b);
    }

    /* ---- invalid: markers and the end ---- */
    b = copy(&v84); putf(&b, V84_MARKERS + 4, NAN);
    emit_case(false, "marker_time_nan", &b, "warning mrtk.marker.time /markers/0/time @163\n"); ak_buf_free(&b);
    {
        mrtk_file *f = doc_84();
        const float mt[2] = {1, 0.5f};
        const char *names[] = {"b", "a"};
        markers(f, 2, mt, names);
        b = encode(f);
        emit_case(false, "marker_order", &b, "warning mrtk.marker.time /markers/1/time\n");
        ak_buf_free(&b);
    }
    b = copy(&v84); ak_buf_putc(&b, 0);
    emit_case(false, "trailing_byte", &b, "warning mrtk.file.trailing @173\n"); ak_buf_free(&b);
    b = copy(&v81); ak_buf_append(&b, "junk", 4);
    emit_case(false, "strict_trailing", &b, "--strict\nerror mrtk.file.trailing @4688\n"); ak_buf_free(&b);

    ak_buf_free(&v81);
    ak_buf_free(&v82);
    ak_buf_free(&v84);
}

static void examples(void)
{
    ak_buf b = encode(doc_84());
    write_file("", "camera_only_v11.bin", b.data, b.len, NULL);
    b.data[V84_CAM + 8] = (char)0xff; /* num_keys = 255: beyond the file */
    write_file("", "invalid_key_count.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
    mrtk_file *f = new_doc(1, 0, true, true, false);
    fill_pose_full(&f->body_v10.camera, 4, 0.0f);
    const float bt[2] = {0, 1}, bv[2] = {1, 0};
    bool_keys(&f->body_v10.hand_tracked_right, 2, bt, bv);
    for (int j = 0; j < 27; j++)
        fill_pose_full(&f->body_v10.right_hand.joints[j], 2, (float)j);
    b = encode(f);
    write_file("", "right_hand_v10.bin", b.data, b.len, NULL);
    ak_buf_append(&b, "\x01", 1);
    write_file("", "invalid_trailing_byte.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
}

static void seeds(void)
{
    ak_buf b = encode(new_doc(1, 1, false, false, false));
    write_file("", "smallest_v11.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
    b = encode(doc_84());
    write_file("", "camera_v11.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
    mrtk_file *f = new_doc(1, 1, true, true, true);
    fill_pose_simple(&f->body_v11.camera, 3, 0);
    fill_pose_simple(&f->body_v11.left_hand.joints[5], 2, 1);
    const float bt[2] = {0, 1}, bv[2] = {1, 0};
    bool_keys(&f->body_v11.hand_pinching_right, 2, bt, bv);
    const float mt[1] = {0.25f};
    const char *names[] = {"m"};
    markers(f, 1, mt, names);
    b = encode(f);
    write_file("", "all_v11.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
    f = new_doc(1, 0, true, true, false);
    fill_pose_full(&f->body_v10.camera, 3, 0);
    fill_pose_full(&f->body_v10.left_hand.joints[1], 2, 0);
    bool_keys(&f->body_v10.hand_tracked_left, 2, bt, bv);
    b = encode(f);
    write_file("", "hand_v10.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
    /* long curves, which the validator checks by blocks (gen/emit_blocks.c),
       each with a key that breaks a check (under max_len: 48 1.0 keys) */
    f = new_doc(1, 0, true, true, false);
    fill_pose_full(&f->body_v10.camera, 48, 0);
    f->body_v10.camera.pos_y.keys[37].weighted_mode = 2;
    f->body_v10.camera.rot_x.keys[40].time = f->body_v10.camera.rot_x.keys[39].time;
    f->body_v10.camera.rot_w.keys[47].in_weight = 1.5f;
    b = encode(f);
    write_file("", "blocks_v10.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
    f = new_doc(1, 1, true, false, false);
    fill_pose_simple(&f->body_v11.camera, 64, 0);
    f->body_v11.camera.pos_z.keys[20].value = INFINITY;
    f->body_v11.camera.rot_y.keys[8].time = -0.5f;
    b = encode(f);
    write_file("", "blocks_v11.bin", b.data, b.len, NULL);
    ak_buf_free(&b);
}

/* A long recording at 60 fps with every section present: frames until the
 * file has about `mb` megabytes, built as a document and encoded. */
static uint32_t bench_seed = 12345;

static float bench_value(void)
{
    bench_seed = bench_seed * 1103515245u + 12345u;
    return (float)(bench_seed >> 8) / 16777216.0f - 0.5f;
}

static void bench_simple(mrtk_curve__simple_key *c, size_t n)
{
    c->keys = AK_ARENA_ARRAY(&arena, mrtk_simple_key, n);
    for (size_t i = 0; i < n; i++) {
        c->keys[i].time = (float)i / 60.0f;
        c->keys[i].value = bench_value();
    }
    c->num_keys = (int32_t)n;
    c->keys_count = n;
}

static void bench_full(mrtk_curve__full_key *c, size_t n)
{
    c->keys = AK_ARENA_ARRAY(&arena, mrtk_full_key, n);
    for (size_t i = 0; i < n; i++) {
        memset(&c->keys[i], 0, sizeof c->keys[i]);
        c->keys[i].time = (float)i / 60.0f;
        c->keys[i].value = bench_value();
        c->keys[i].weighted_mode = 3;
    }
    c->num_keys = (int32_t)n;
    c->keys_count = n;
}

static void bench_bools(mrtk_curve__bool_key *c)
{
    const float t[4] = {0, 1, 2, 3}, v[4] = {1, 0, 1, 0};
    bool_keys(c, 4, t, v);
}

static int bench(const char *path, double mb, bool v10)
{
    const size_t curves = v10 ? 385 : 391;
    const size_t key_size = v10 ? 28 : 8;
    size_t n = (size_t)(mb * 1024 * 1024) / (curves * key_size);
    if (n < 2)
        n = 2;
    mrtk_file *f = new_doc(1, v10 ? 0 : 1, true, true, true);
    if (v10) {
        mrtk_body_v10 *a = &f->body_v10;
        mrtk_curve__full_key *cam = &a->camera.pos_x;
        for (int k = 0; k < 7; k++)
            bench_full(cam + k, n);
        bench_bools(&a->hand_tracked_left);
        bench_bools(&a->hand_tracked_right);
        bench_bools(&a->hand_pinching_left);
        bench_bools(&a->hand_pinching_right);
        for (int j = 0; j < 27; j++)
            for (int k = 0; k < 7; k++) {
                bench_full(&a->left_hand.joints[j].pos_x + k, n);
                bench_full(&a->right_hand.joints[j].pos_x + k, n);
            }
    } else {
        mrtk_body_v11 *a = &f->body_v11;
        for (int k = 0; k < 7; k++)
            bench_simple(&a->camera.pos_x + k, n);
        bench_bools(&a->hand_tracked_left);
        bench_bools(&a->hand_tracked_right);
        bench_bools(&a->hand_pinching_left);
        bench_bools(&a->hand_pinching_right);
        for (int j = 0; j < 27; j++)
            for (int k = 0; k < 7; k++) {
                bench_simple(&a->left_hand.joints[j].pos_x + k, n);
                bench_simple(&a->right_hand.joints[j].pos_x + k, n);
            }
        for (int k = 0; k < 6; k++)
            bench_simple(&a->eye_gaze.origin_x + k, n);
    }
    ak_buf b = encode(f);
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(b.data, 1, b.len, fp) != b.len || fclose(fp)) {
        fprintf(stderr, "mrtk_gen: cannot write %s: %s\n", path, strerror(errno));
        ak_buf_free(&b);
        return 2;
    }
    ak_buf_free(&b);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: mrtk_gen cases|examples|seeds DIR | mrtk_gen bench FILE MB [1.0|1.1]\n");
        return 2;
    }
    ak_arena_init(&arena, 1 << 20);
    int status = 0;
    outdir = argv[2];
    if (strcmp(argv[1], "cases") == 0)
        cases();
    else if (strcmp(argv[1], "examples") == 0)
        examples();
    else if (strcmp(argv[1], "seeds") == 0)
        seeds();
    else if (strcmp(argv[1], "bench") == 0 && argc >= 4)
        status = bench(argv[2], atof(argv[3]), argc >= 5 && strcmp(argv[4], "1.0") == 0);
    else {
        fprintf(stderr, "mrtk_gen: unknown command '%s'\n", argv[1]);
        status = 2;
    }
    ak_arena_free(&arena);
    return status;
}

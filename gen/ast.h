/* animgen: the abstract syntax tree of a schema-language file.
 *
 * Everything is allocated in one arena owned by the compiler (freed once at
 * exit), so the parser owns no values and needs no %destructor. Lists are
 * growable vectors of pointers. */
#ifndef ANIMGEN_AST_H
#define ANIMGEN_AST_H

#include "arena.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct loc {
    int line, col;
} loc;

typedef struct vec {
    void **items;
    size_t n, cap;
} vec;

/* A token as the scanner hands it to the parser. */
typedef struct token {
    loc at;
    const char *text; /* NUL-terminated copy (string literals: unescaped) */
    size_t len;
} token;

/* ---- expressions ---------------------------------------------------- */

typedef enum expr_kind {
    E_INT,
    E_FLOAT,
    E_NAME,   /* a.b.c: a field of this struct, of a sub-struct, or of the root */
    E_NOT,
    E_NEG,
    E_BINARY,
    E_COND,    /* lhs ? rhs : alt */
    E_SIZEOF,  /* sizeof(<type>): the smallest encoding of a type, in bytes */
    E_AGG,     /* sum(a, e) / first(a, e) (op "sum", "first"): e (lhs) over the elements of array a (text) */
} expr_kind;

typedef struct expr {
    expr_kind kind;
    loc at;
    const char *text;  /* literal text, dotted name, E_SIZEOF: the type's name */
    const char *op;    /* E_BINARY: "==", "&&", "+", "&", "<<" ... */
    struct expr *lhs, *rhs, *alt;
    /* E_AGG, resolved by the checker: */
    struct struct_decl *elem; /* the array's element struct */
    struct member *array;     /* the array field */
    struct member *let;       /* the let whose value it is */
} expr;

/* ---- binary layouts --------------------------------------------------- */

typedef enum prim_kind {
    P_NONE = 0,
    P_U8, P_I8, P_U16, P_I16, P_U32, P_I32, P_U64, P_I64,
    P_F32, P_F64,
    P_BOOL8,    /* one byte, 0/1 (non-zero = true) */
    P_VARINT,   /* 7-bit (.NET) unsigned, up to 32 bits */
    P_STRING7,  /* 7-bit byte length + UTF-8 */
    P_NSTRING7, /* nullable: a bool8 then, if 1, a string7 */
    P_LEB128,   /* unsigned LEB128, up to 10 bytes, 64 bits */
    P_BIT,      /* one bit: only as the element of a packed array (bits(x, y) of a table) */
} prim_kind;

typedef enum endian {
    END_DEFAULT = 0,
    END_LITTLE,
    END_BIG,
} endian;

typedef enum tref_kind {
    T_PRIM,
    T_NAMED, /* a struct (or an enum, resolved to its base) */
    T_ARRAY,
} tref_kind;

struct struct_decl;
struct enum_decl;

typedef struct tref {
    tref_kind kind;
    loc at;
    prim_kind prim;
    endian end;
    const char *name;       /* T_NAMED */
    vec targs;              /* T_NAMED: type arguments (token*: names or integers) */
    struct tref *elem;      /* T_ARRAY */
    expr *count;            /* T_ARRAY */
    bool packed;            /* T_ARRAY of P_BIT: the bits of one byte, element k = bit k */
    /* resolved */
    struct struct_decl *st;
    struct enum_decl *en;
    struct table_entry *entry; /* a value of this table entry (tuples and bits keep the entry for metadata) */
    /* documents (text formats, check_document.c): `T[]` has no count, `T[<= n]` at most n elements */
    expr *max_count;
    bool or_word;           /* `enum | word`: a word that is none of the enum's is kept as written */
} tref;

typedef enum cons_kind {
    C_CMP,           /* op expr */
    C_RANGE,         /* in lo..hi */
    C_SET,           /* in { a, b } */
    C_ENUM,          /* in enum_name */
    C_FINITE,
    C_FITS,          /* array: count fits the remaining bytes */
    C_NONDECREASING, /* array: element field never decreases */
    C_NOREPEAT,      /* array: element field differs from the previous element's */
    C_UTF8,          /* string: valid UTF-8 */
    C_MINIMAL,       /* string/varint: minimal 7-bit length */
    C_LENGTH,        /* string: the length prefix is well-formed and fits */
    C_FLAG,          /* bool8: exactly 0 or 1 */
    C_NOTSET,        /* !in { a, b } */
    C_UNIT,          /* fixed float array: Euclidean length within tolerance of 1, and not zero */
    /* JSON half */
    C_SYNTAX,        /* string: matches a value syntax (a Ragel machine) */
    C_UNIQUE,        /* array/object: no two elements share a member */
    C_KIND,          /* JSON member: the value is not of the member's type (kind, enum name) */
    C_REQUIRED,      /* JSON member: absent (the code to report it with); value: `since N` or NULL */
    /* JSON half, issue 10 (references, families, enums) */
    C_KEY,           /* the member's string identifies its object document-wide (code: a duplicate) */
    C_DANGLING,      /* ref<T>: no object has this key */
    C_MISTARGETED,   /* ref<T>: the object with this key is not a T */
    C_UNLISTED,      /* enum, value_type, discriminator: a string that is none of the names */
    C_MISPLACED,     /* a family object (or its discriminator): the named type is not accepted here */
    C_ANYCASE,       /* enum: names match in any case; one not in its declared case is reported */
    C_COERCED,       /* a value the reader converts: a numeric string for a number, a number for a bool or enum */
    C_FRACTIONAL,    /* integer: a number that is not one is reported with this code (not the json integer one) */
    /* JSON half, issue 13 (where references point) */
    C_NULL,          /* `T | null`: a null value is reported */
    C_SCOPE,         /* ref<T>: the target is within the referrer's enclosing instance of object `name` */
    C_TOPLEVEL,      /* ref<T> with scope: referrer and target are direct children of that instance */
    C_SIBLING,       /* ref<T>: the target is in the object the referrer is in */
    C_DISTINCT,      /* ref<T>: the target is not the referrer itself */
    C_ACYCLIC,       /* ref<T>: the member's references make no cycle (name: from <O>; closing) */
    C_DEPTH,         /* ref<T> with acyclic: no chain of references longer than value */
    C_NONEMPTY,      /* array: no elements is reported */
    C_MAXLENGTH,     /* string: more characters than value is reported */
    C_PRESENT,       /* JSON member: present in versions value..hi, it is reported (the last) */
} cons_kind;

typedef struct cons {
    cons_kind kind;
    loc at;
    const char *op;
    expr *value, *hi;
    vec set;          /* of expr* */
    const char *name; /* C_ENUM enum, C_NONDECREASING/C_NOREPEAT field, C_SYNTAX syntax */
    const char *code; /* "mrtk.curve.key-count" (without '@') */
    loc code_at;
    bool fatal;
    bool chain;       /* starts a new chain (`;`): checked even when an earlier constraint failed */
    expr *when;
    double tolerance; /* C_UNIT */
    struct rule_decl *rule; /* resolved */
    struct enum_decl *en;   /* resolved C_ENUM */
    struct cons *origin;    /* the template's constraint this one was instantiated from */
    bool applied;           /* a template constraint that some instantiation kept */
    bool closing;           /* C_ACYCLIC: only the edge that closes a cycle is reported */
    const char *option;     /* C_CMP `<= option NAME DEFAULT`: the format option that sets the bound (value: DEFAULT) */
} cons;

typedef enum member_kind {
    M_FIELD,
    M_LET,
    M_ASSERT,
    M_IF,
    M_SWITCH,
    M_END,
    M_HOOK,
    M_CONST,   /* name: const "bytes" @code: fixed bytes, checked and written, not in the document */
    M_PROCESS, /* process hook(args) ... { members }: the members are read from the stream the hook makes */
    M_DUMP,    /* dump name by hook: a member of the JSON dump that a hook derives from the document */
} member_kind;

typedef struct switch_arm {
    expr *cond;        /* NULL = else */
    expr *value;       /* value switch: the value this arm stands for (before expansion) */
    const char *type;  /* NULL: `else => stop @code` */
    vec targs;         /* type arguments (token*) */
    const char *stop_code;
    loc at;
    struct struct_decl *st;
    struct rule_decl *stop_rule;
} switch_arm;

typedef struct member {
    member_kind kind;
    loc at;
    const char *name;   /* field, let, hook; assert/if: the `at` field */
    tref *type;         /* field */
    vec cons;           /* field constraints (cons*) */
    expr *value;        /* let value, assert condition, if condition */
    const char *code;   /* assert, end, if-nonempty */
    loc code_at;
    bool fatal;
    const char *watch;  /* if: nonempty(<watch>) */
    vec body;           /* if: members */
    vec arms;           /* switch: switch_arm* */
    vec codes;          /* hook, process: codes it may report (token*) */
    vec else_body;      /* if: members when the condition is false */
    bool has_else;
    expr *disc;         /* value switch: the discriminator */
    vec args;           /* process: argument expressions; hook: fields whose byte spans it gets (token*) */
    expr *span;         /* process: bytes it consumes (NULL: the rest of the stream) */
    const char *segment, *what; /* process: path segment and description of the derived stream; dump: the hook */
    const char *bytes;  /* const */
    size_t bytes_len;
    struct rule_decl *rule;
    int id;             /* unique number within the format (generated names) */
    bool verbatim;      /* process: re-emission may copy the derived stream as it is (see emit.c) */
    bool optional;      /* document field `name?: type`: absent from the dump when absent from the file;
                           its default (`name: type = v`) is in `value` */
    const char *option; /* assert `value <= option NAME DEFAULT`: the format option that sets the bound */
    expr *limit;        /* ... and its DEFAULT */
    const char *each;   /* `assert each A: value`: the array whose elements value checks (A stands for one) */
    bool kept;          /* field `... kept`: a counted array of structs the validator keeps (for hooks) */
} member;

typedef struct tparam {
    const char *name;
    const char *table; /* the table its arguments come from; NULL: a struct */
    loc at;
    struct table_decl *tab;
} tparam;

typedef struct struct_decl {
    const char *name;
    loc at;
    vec members;
    vec tparams;    /* tparam*: a template, instantiated per type argument */
    vec targs;      /* an instance: the table_entry* of each parameter */
    struct struct_decl *template_of;
    bool is_root;
    /* computed */
    int min_size;  /* smallest encoding in bytes */
    bool fixed;    /* every member is a fixed-size scalar (no arrays, ifs, strings) */
    vec aggs;      /* E_AGG expressions of its lets (checker) */
    bool emitted;
} struct_decl;

typedef struct enum_item {
    const char *name;
    int64_t value;
    loc at;
} enum_item;

typedef struct enum_decl {
    const char *name;
    loc at;
    prim_kind base;
    const char *base_name;
    loc base_at;
    vec items; /* enum_item* */
    struct jtype *jenum; /* JSON: `enum Name { A, B }`, a string enum usable as a member type */
} enum_decl;

/* A value table: one declaration of the value types of a format (AnimX's
 * 40 element types): each entry's code, name and encoding. A field typed by
 * the table holds a code; a type parameter bound to it stands for an entry's
 * encoding. */
typedef enum entry_kind {
    EK_SCALAR, /* one primitive */
    EK_TUPLE,  /* n primitives, named components */
    EK_BITS,   /* one byte, bit k = component k */
    EK_STRUCT, /* not a table's: the argument of a struct parameter (`struct curve<K>`), a struct */
} entry_kind;

typedef struct table_entry {
    const char *name;
    int64_t value;
    loc at;
    entry_kind kind;
    const char *prim_name;
    prim_kind prim;
    vec comps; /* component names (char*) */
    vec cons;  /* its own constraints; the table's defaults are added where they apply */
    int index;
} table_entry;

typedef struct table_decl {
    const char *name;
    loc at;
    const char *base_name;
    loc base_at;
    const char *code; /* a value that is no entry's */
    loc code_at;
    vec entries;      /* table_entry* */
    vec defaults;     /* cons* */
    struct enum_decl *en; /* the codes as an enum (for `in`, undump names) */
    struct rule_decl *rule;
    bool from_model;  /* `from model`: the entries are the model's value types (runtime/model.c) */
} table_decl;

/* `type name = <type> <constraints>`: a named type with its checks. */
typedef struct alias_decl {
    const char *name;
    loc at;
    tref *type;
    vec cons;
} alias_decl;

/* ---- rules ------------------------------------------------------------ */

typedef struct rule_decl {
    const char *code;
    loc at;
    int compat, strict; /* 0 note, 1 warning, 2 error */
    const char *message;
    const char *rationale;
    int index;
    bool used;
} rule_decl;

/* ---- JSON schemas (resolved by check_json.c into json_schema.h) ----------- */

typedef enum jtype_kind {
    J_STRING, J_NUMBER, J_INTEGER, J_F32, J_F64, J_BOOL, J_NULL, J_ANY,
    J_NAMED,   /* an object, a type parameter or a builtin (value_type) */
    J_ARRAY,   /* [T] */
    J_MAP,     /* map<T>: an object whose member values are all T */
    J_REF,     /* ref<Object>: a UUID string naming an object of that type */
    J_ENUM,    /* enum { A, B } */
    J_BY,      /* by member { A => T, ... }: discriminated on a sibling member */
    J_UNION,   /* T | U */
} jtype_kind;

typedef struct jtype {
    jtype_kind kind;
    loc at;
    const char *name;
    vec args;   /* J_NAMED type arguments; J_UNION alternatives (jtype*) */
    struct jtype *elem;
    vec names;  /* J_ENUM (char*) */
    vec arms;   /* J_BY (jarm*) */
    vec enames; /* J_ENUM: per name, its jename (versions), parallel to names */
    vec altv;   /* J_UNION: the alternatives declared with versions, `(T since N @code)` (jaltv*) */
} jtype;

/* A union alternative with the versions it is taken in: `(bool until 5
 * @code) | (MaskMode since 6 @code)`; a value of it in another version is
 * reported with the code of the end it misses. */
typedef struct jaltv {
    size_t index; /* which alternative (J_UNION args) */
    struct jtype *term; /* the alternative */
    loc at;
    int64_t since, until; /* -1 = unbounded */
    const char *since_code, *until_code;
    loc since_at, until_at;
} jaltv;

/* One name of an enum, with the versions it exists in (`Conical since 7 @code`). */
typedef struct jename {
    const char *name;
    loc at;
    int64_t since, until; /* -1 = unbounded */
    const char *code;     /* reported when the document's version does not have the name */
    loc code_at;
} jename;

typedef struct jarm {
    const char *tag;
    jtype *type;
    loc at;
} jarm;

/* A JSON literal (a member's default): null, true/false, a number (its
 * text), a string (decoded), an object (keys: token*) or an array. */
typedef enum jlit_kind { JL_NULL, JL_BOOL, JL_NUMBER, JL_STRING, JL_OBJECT, JL_ARRAY } jlit_kind;
typedef struct jlit {
    jlit_kind kind;
    loc at;
    const char *text; /* NUMBER: the JSON number; STRING: decoded */
    size_t len;       /* STRING */
    bool truth;       /* BOOL */
    vec keys;         /* OBJECT: token* */
    vec items;        /* OBJECT: member values, ARRAY: elements (jlit*) */
} jlit;

/* One default of a member, for the versions [since, until] (-1 unbounded). */
typedef struct jdefault {
    jlit *value;
    int64_t since, until;
    loc at;
} jdefault;

typedef struct jmember {
    const char *name;
    loc at;
    bool optional;
    jtype *type;
    expr *def;        /* default literal; NULL = none */
    const char *def_string;
    vec cons;         /* cons* */
    int64_t since, until; /* -1 = unbounded */
    const char *since_code, *until_code; /* the member outside its versions (one may name both ends) */
    loc since_at, until_at;
    vec defaults;     /* jdefault*: `= <JSON literal>` or `= (<literal> until N, <literal> since M)`;
                         a number/string/name `def` is added here by the checker */
} jmember;

typedef struct jobject {
    const char *name;
    loc at;
    vec params;        /* type parameters (char*) */
    const char *base;  /* inheritance */
    const char *discriminator; /* by __type__ */
    bool abstract;
    const char *label; /* what messages call it ("keyframe"); NULL: its name */
    const char *ordered_code, *closed_code, *open_code;
    loc ordered_at, closed_at, open_at;
    int64_t since, until;
    const char *since_code, *until_code; /* an object of a version outside [since, until] */
    loc since_at, until_at;
    vec members;       /* jmember* */
    vec wheres;        /* cons* with name = array member, applied to its elements */
    vec groups;        /* jgroup*: `where oneof(a, b) @code`, `where together(a, b) @code` */
    const char *named_by; /* `by __type__ named by name`: the member that names the family's objects in diagnostics */
    loc named_by_at;
} jobject;

/* Members whose presence goes together: exactly one of them (oneof), or
 * all or none (together). */
typedef struct jgroup {
    bool oneof;
    vec names; /* token* */
    const char *code;
    loc at, code_at;
    bool nonempty; /* `where nonempty(a, b)`: at least one is a non-empty string */
} jgroup;

/* Migrations (`upgrade to N @code { ... }`, `downgrade to N @code { ... }`):
 * steps of statements `<objects>: <action>, ...` (ak_jmigrate.h). A path is
 * a member path relative to the object (`transform/auto_orient`) or, with a
 * leading '/', from the document's root; an array index is a segment of
 * digits. */
typedef struct jpath {
    bool absolute;
    vec segs; /* token* */
    loc at;
} jpath;

typedef enum jaction_op { JM_ADD, JM_COPY, JM_MOVE, JM_RETYPE, JM_MAP, JM_DROP, JM_WARN, JM_WRAP, JM_HOOK } jaction_op;

typedef struct jaction {
    jaction_op op;
    loc at;
    jpath *path;       /* the place it acts on (copy, move: the source) */
    jpath *to;         /* copy, move: the target; wrap: the new object's member */
    token *type;       /* retype, wrap: the object; hook: its name */
    jlit *value;       /* add (NULL: a new object of the member's type), drop's `unless`, warn's value */
    const char *text;  /* drop's `loss "..."`, warn's message */
    vec pairs;         /* map: from, to, from, to, ... (jlit*; a NULL from: `*`) */
    int object;        /* set by the checker: add without a value, retype: the object made or named */
} jaction;

typedef struct jstatement {
    vec objects; /* token* */
    vec actions; /* jaction* */
} jstatement;

typedef struct jstep {
    bool down;
    int64_t version;
    const char *code; /* losses and warnings; NULL */
    loc at, code_at;
    vec statements; /* jstatement* */
} jstep;

typedef struct syntax_decl {
    const char *name;
    const char *machine; /* Ragel machine in grammars/ */
    loc at;
    bool canonical; /* `canonical`: the completion rewrites values into the machine's canonical spelling */
} syntax_decl;

/* ---- the model section: what a document means in the common model ------ */

/* `from => to` of a map; from NULL: `*` (every other value). */
typedef struct mpair {
    token *from, *to;
} mpair;

typedef enum mmap_kind { MM_INFINITY, MM_INTERP, MM_KIND } mmap_kind;

/* `infinity E { a => cycle, * => constant }`: the values of enum E and the
 * model's infinity modes (interpolations, track kinds). Reading, a value
 * goes to its pair's model word (`*`: the rest); writing, a model word
 * goes to the first value that names it. */
typedef struct mmap {
    mmap_kind kind;
    loc at;
    token *enum_name;
    vec pairs; /* mpair* */
    enum_decl *en;
} mmap;

/* `native => property[.component] [quaternion|euler]` of `names { }`. */
typedef struct mname {
    token *native, *property, *component; /* component NULL: the whole value */
    int quaternion;                        /* 1, 0, or -1: any track */
} mname;

/* A track's keys: `keys F { time T; value V; interp I; ... }` or `keys F by H`. */
typedef struct mkeys {
    loc at;
    token *array;         /* the array of key structs */
    token *time;          /* the time field of a key (seconds; `* N` or `/ N` scales) */
    const char *time_op;  /* "*", "/" or NULL */
    token *time_scale;
    token *value;         /* the value field */
    token *threshold;     /* `value V > N`: a bool track of a number field */
    token *interp;        /* a model interpolation (hold, linear, ...) or a field with an interpolation map */
    token *interp_shared; /* `interp A | S`: per key in array A, else one for all in S */
    token *tangents;      /* `tangents A { in L, out R }`: per key, parallel to the keys */
    token *tan_in, *tan_out;
    token *hook;          /* `by H`: a typed hook fills each key but its time, both ways */
    vec parts;            /* `by H with tangents weights flags`: what its keys carry (token*) */
    token *time_member;   /* JSON: `time T / M`: divided by member M of the innermost object around that has it */
    bool tangents_inline; /* JSON: `tangents { in L, out R }`: members of each key */
    /* resolved */
    struct_decl *key_st;  /* the key struct */
    member *array_m, *time_m, *value_m, *interp_m, *shared_m, *tangents_m, *in_m, *out_m;
    mmap *interp_map;
} mkeys;

/* `track S<args> <value type> <kind> { ... }`: every instance of struct S in
 * the document is one track; `tracks A { ... }`: each element of the root
 * array A is one; `body T { ... }` of a `tracks` block: the part of the
 * element's body switch whose arm is (an instance of) template T. */
typedef struct mtrack {
    loc at;
    bool list;
    token *name;                    /* track: the struct; tracks: the array; body: the template */
    vec targs;                      /* track: type arguments (token*) */
    token *vtype, *kind;            /* track: constants (a value type name, raw|discrete|curve) */
    token *pre, *post;              /* fields typed by an enum with an infinity map */
    token *node, *property;         /* tracks: string fields of the element */
    token *type_field, *kind_field; /* tracks: the element's value type (a table field or let) and kind */
    token *type_write, *kind_write; /* tracks: the fields a new file has them in (`type vt writes value_type`) */
    mkeys *keys;
    token *interval, *values;       /* body: Raw samples */
    token *after;                   /* a typed hook on the track once its keys are in */
    vec bodies;                     /* tracks: mtrack* (body) */
    vec also;                       /* JSON: `track A, B, ... <type> <kind>`: more objects with these parts (token*) */
    vec excepts;                    /* JSON: `type T except a, b`: value types a new file cannot hold (token*) */
    /* resolved */
    struct_decl *st;                /* track: the struct; tracks: the element; body: the template */
    member *array_m, *pre_m, *post_m, *node_m, *property_m, *type_m, *kind_m, *interval_m, *values_m;
    member *type_write_m, *kind_write_m;
    mmap *pre_map, *post_map, *kind_map;
    int vt;                         /* track: the model value type (AK_VT_*) */
    int kind_value;                 /* track: AK_TRACK_* */
} mtrack;

/* `attribute "<id>.<field>" F [hex] [unless E]`: the model attribute of an
 * integer field (text: decimal, or 0x and upper-case hex digits of the
 * field's width), absent when E holds; writing, the field from the
 * attribute's number, and an animation without one makes E hold. */
typedef struct mattr {
    token *name;     /* STRING: "<format id>.<field>" */
    token *field;
    bool hex;
    expr *unless;
} mattr;

/* `in S, T { looping E  attribute ... }`: animation items over the fields of
 * the root's switch arms S and T; a document that took another arm has none
 * of them (reading: unknown, absent; writing: a loss). */
typedef struct marm {
    loc at;
    vec arms;      /* token* */
    expr *looping;
    vec attrs;     /* mattr* */
    vec structs;   /* resolved: struct_decl* of arms */
} marm;

/* `option O => F { word => value, ... }`: a new file's root field F from the
 * format option O (the first pair when the option is not given). */
typedef struct mopt {
    token *option, *field;
    vec pairs; /* mpair*: from the option's word, to an INT */
} mopt;

typedef struct model_decl {
    loc at;
    token *name;           /* a string field of the root */
    expr *start, *end;     /* seconds, over the root's fields */
    expr *looping;         /* a condition over the root's fields */
    const char *loss_code, *refused_code;
    loc loss_at, refused_at;
    struct rule_decl *loss_rule, *refused_rule;
    vec names;             /* mname* */
    vec maps;              /* mmap* */
    vec tracks;            /* mtrack* */
    token *anim_hook;      /* `animation by H` */
    token *tracks_hook;    /* `tracks by H`: tracks made by a typed hook */
    /* JSON schemas (check_model_json.c, emit_model_json.c) */
    vec mains;             /* `main "/p", "/q"`: JSON Pointers of the main object, the first that is there (token*) */
    token *node_name;      /* `node F [writes O in A]`: the nodes of object paths are named by their member F */
    token *node_object, *node_array;
    vec node_objects;      /* `objects O, P, ... in A`: what a new file's path elements may be, in order (token*) */
    token *node_objects_array; /* A: the array of an element's elements below */
    vec json_options;      /* `json indent 2, numbers ecmascript`: the layout a new file is written in (token* pairs) */
    vec lost;              /* `loss O, P "what"`: objects whose animated instances are no tracks (token*) */
    token *lost_what;
    void *json;            /* the resolved JSON half */
    vec attrs;             /* mattr*: `attribute` over the root's fields */
    vec arms;              /* marm*: `in S, T { ... }` */
    vec options;           /* mopt*: `option O => F { ... }` */
    token *objects;        /* `objects "P"`: the hook's objects are P<n> (STRING) */
    vec headers_except;    /* `headers except A, B`: arrays the hook does not read for headers (token*) */
    loc headers_except_at;
} model_decl;

/* ---- the format ------------------------------------------------------- */

/* The categories of undump problems, in `undump` declaration order. The old
 * three-code form `undump @syntax @shape @value` fills UD_SYNTAX, UD_SHAPE
 * and UD_VALUE; every other category falls back to one of those. */
enum {
    UD_SYNTAX, UD_SHAPE, UD_VALUE,
    UD_TYPE, UD_UNKNOWN, UD_MISSING, UD_DUPLICATE, UD_ORDER, UD_NAME, UD_RANGE, UD_COUNT, UD_RESULT,
    UD_COUNT_ALL
};

/* The JSON front end's own problems by category (`json { <category> @code, ... }`
 * in a JSON format): the format's rule each is reported with. */
enum {
    JR_SYNTAX, JR_ENCODING, JR_DEPTH, JR_BOM, JR_DUPLICATE, JR_RANGE, JR_INTEGER,
    JR_COUNT
};
extern const char *const cc_json_category_names[JR_COUNT];

typedef struct format_decl {
    const char *id;
    const char *title;
    loc at;
    bool json;
    endian end;
    vec extensions; /* char* */
    prim_kind magic_prim;
    const char *magic_text;
    uint64_t magic_value;
    const char *magic_bytes; /* magic "bytes": the file starts with these */
    size_t magic_bytes_len;
    int64_t magic_min_size;
    loc magic_at;
    int64_t size_limit;
    const char *size_option; /* `limit size N option NAME @code`: the format option that sets it */
    const char *size_code, *trunc_code;
    loc size_at, trunc_at;
    /* undump categories (UD_*): the codes its problems are reported with */
    const char *undump_codes[UD_COUNT_ALL];
    loc undump_at[UD_COUNT_ALL];
    rule_decl *undump_rules[UD_COUNT_ALL];
    const char *version_pointer; /* JSON: where the format version is */
    const char *json_codes[JR_COUNT]; /* JSON: `json { ... }` */
    loc json_at[JR_COUNT];
    int64_t max_depth;           /* JSON: `limit depth N` (0: none) */
    loc max_depth_at;
    const char *block;           /* the `name { ... }` block being parsed (undump, json) */
    vec writes;                  /* binary: versions from_model writes, the default first, char* */
    loc writes_at;
    bool writes_by_reemit;       /* `writes ... by reemit` */
    vec version_fields;          /* binary: root fields that make the version ("major.minor"), token* */
    const char *root_code;       /* JSON: `root <object> @code`: the top-level value is not that object */
    loc root_code_at;
    const char *values_codes[5]; /* JSON: `values @shape @int-literal @range @component-unknown @component-missing` */
    loc values_at[5];
    const char *root;
    loc root_at;
    vec rules, structs, enums, objects, syntaxes, tables, aliases;
    vec hooks; /* format-level hooks: hand-written code and the rules it reports */
    rule_decl *size_rule, *trunc_rule;
    jmember *jm_pending; /* the JSON member being parsed (its since/until come first) */
    loc version_at;
    struct_decl *root_st;
    /* text formats (`format <id> "<title>" text`): rules only; the checks are
       hand-written grammar actions in the files of `checks in` (check_text.c) */
    bool text;
    vec checks_in; /* token* (STRING): paths relative to the declaration's folder */
    /* JSON: `version "<pointer>" since N @code ["note"]`: the version gate */
    int64_t gate_since;
    const char *gate_code, *gate_note;
    loc gate_at;
    /* JSON: the version member has `fractional`: its reader takes nothing of
       a number that is not an integer, which is then no version (set by
       check_json.c) */
    bool version_fractional;
    /* JSON: `exists A, B [since N] @code`: the document has an object that is an A or a B */
    vec exists;    /* token* */
    int64_t exists_since; /* 0: every version */
    const char *exists_code;
    loc exists_at, exists_code_at;
    /* JSON: `upgrade to N { ... }`, `downgrade to N { ... }` (jstep*) */
    vec steps;
    /* JSON: `limit values N @code`: the JSON values (scalars, objects,
       arrays) a document may hold (0: no cap) */
    int64_t value_cap;
    const char *value_cap_code;
    loc value_cap_at;
    /* JSON: `numbers finite @code`: a number literal of the document that
       overflows a double is reported */
    const char *finite_code;
    loc finite_at;
    /* `model { ... }`: what the document means in the common model */
    model_decl *model;
    mtrack *mt_pending;   /* the track block being parsed */
    mkeys *mk_pending;    /* the keys block being parsed */
    mtrack *mt_outer;     /* the tracks block a body is in */
    /* binary: `option NAME { word => N, ... }`: format options that take one
       of these words (mopt*, field NULL), read by <id>_option_<NAME> */
    vec format_options;
} format_decl;

/* ---- the compiler ----------------------------------------------------- */

typedef struct compiler {
    ak_arena arena;
    const char *path;      /* as given on the command line */
    const char *src;       /* the whole file, NUL-terminated */
    size_t src_len;
    int errors;
    format_decl *format;
    int next_id;
    const char *outdir; /* where the outputs go (the JSON Schema export is written there too) */
    struct jem *json;   /* JSON: the resolved schema (check_json.c) */
    struct member *each; /* checking `assert each A: e`: the array whose name stands for its element in e */
    vec option_limits;   /* `<= option NAME DEFAULT` seen so far: NAME (char *), DEFAULT (expr *), ... */
} compiler;

void *cc_alloc(compiler *cc, size_t n);
char *cc_strdup(compiler *cc, const char *s, size_t n);
void vec_push(compiler *cc, vec *v, void *item);
/* file:line:col: error: message, then the source line and a caret. */
void cc_error(compiler *cc, loc at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

bool cc_parse(compiler *cc);  /* scanner + grammar: fills cc->format */
/* Binary layouts: tables, aliases, template instances and value switches
 * become plain structs (expand.c). Runs before cc_check. */
bool cc_expand(compiler *cc);
/* A primitive type name ("u32", "f32be", "leb128") and its byte order. */
bool cc_parse_prim(const char *name, prim_kind *p, endian *e);
bool cc_check(compiler *cc);  /* names, types, rules, sizes */
/* Text formats: refuses what a text declaration cannot hold and marks the
 * rules the files of `checks in` report (check_text.c). */
void cc_check_text(compiler *cc);
/* A whole file, NUL-terminated (malloc'd; NULL on failure). */
char *cc_read_file(const char *path, size_t *len);
bool cc_emit_c(compiler *cc, FILE *h, FILE *c, const char *header_name);
bool cc_emit_rules_md(compiler *cc, FILE *md);
/* JSON schemas: the validator tables, the entry point and the JSON Schema export (emit_json.c). */
bool cc_emit_json(compiler *cc, FILE *h, FILE *c, const char *outdir);
/* The model section of a binary layout: names, types and maps resolved
   (check_model.c); to_model and from_model (emit_model.c). */
void cc_check_model(compiler *cc);
void cc_emit_model(compiler *cc, FILE *h, FILE *c);
/* A text format's document is read into the model one entry at a time
   (its `tracks by` hook called on each completed entry, no `animation by`
   hook): it has a model of headers too. */
bool cc_model_document_streams(const model_decl *md);
/* What a headers-only decode (to_model_headers: `--list`) keeps of array
 * member m of struct s: CC_SKIM_KEYS for a model track's key array (three
 * elements: the earliest and the latest key by the model's time, then the
 * one being read; *keys the declaration), CC_SKIM_PARALLEL for the other
 * per-key arrays (Raw values, tangents, interpolations: the one being
 * read), CC_SKIM_NONE for every other array (held whole). */
typedef enum cc_skim { CC_SKIM_NONE, CC_SKIM_KEYS, CC_SKIM_PARALLEL } cc_skim;
cc_skim cc_model_skim(compiler *cc, const struct_decl *s, const member *m, const mkeys **keys);
/* Is string member m of struct s a track's node or property name (`tracks`
 * node, property)? A headers-only decode copies those out of the input, whose
 * pages it releases as it reads: the model reads them after the decode. */
bool cc_model_track_name(compiler *cc, const struct_decl *s, const member *m);
/* An expression over struct cur's fields as C (o-> this struct, r_-> the
   root), and its check (names, numbers). */
void cc_emit_expr(compiler *cc, FILE *fp, struct_decl *cur, const expr *e);
void cc_check_expr(compiler *cc, struct_decl *cur, expr *e);
/* A map of the model section for an enum (NULL: the first of its kind). */
struct mmap *cc_model_map_for(compiler *cc, mmap_kind kind, const enum_decl *en);

const char *prim_name(prim_kind p);
int prim_size(prim_kind p); /* fixed size in bytes; 0 for variable */
bool prim_is_float(prim_kind p);
bool prim_is_int(prim_kind p);
const char *prim_ctype(prim_kind p);

#endif

/* ---- shared by the checker and the emitter ----------------------------- */

/* A field, let or nested if-body member of s (not inside switch arms) by
 * name; *index is its position in the flattened member order. */
member *find_member_named(struct_decl *s, const char *name, int *index);
/* Resolves a dotted name used in an expression inside struct `cur`: writes
 * the C lvalue (o->a.b or r_->a) into out. Returns the member the last
 * component names (NULL when unknown). */
member *resolve_name(compiler *cc, struct_decl *cur, const char *dotted, char *out, size_t out_size);
struct_decl *find_struct(compiler *cc, const char *name);
/* Hooks of the format itself, by name: what its registry entry calls
 * (sniff, dump, reemit, to_model, from_model, and for a JSON format whose
 * check is more than the generated one, validate) and `state` (the JSON
 * hooks' per-document state); every other format-level hook is a
 * validation hook. */
bool cc_is_format_hook(const char *name);
bool cc_has_hook(const format_decl *f, const char *name);
enum_decl *find_enum(compiler *cc, const char *name);
rule_decl *find_rule(compiler *cc, const char *code);
/* The declared rule of a code, marked used; an error when it is not declared. */
rule_decl *use_rule(compiler *cc, const char *code, loc at);
/* `T[remaining]`: an array that takes the rest of the stream. */
bool rest_of_stream(const expr *count);
/* The scalar type a field's value has (P_NONE for structs and arrays). */
prim_kind member_prim(const member *m);

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
} expr_kind;

typedef struct expr {
    expr_kind kind;
    loc at;
    const char *text;  /* literal text or dotted name */
    const char *op;    /* E_BINARY: "==", "&&", "+" ... */
    struct expr *lhs, *rhs;
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
    struct tref *elem;      /* T_ARRAY */
    expr *count;            /* T_ARRAY */
    /* resolved */
    struct struct_decl *st;
    struct enum_decl *en;
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
    /* JSON half */
    C_SYNTAX,        /* string: matches a value syntax (a Ragel machine) */
    C_UNIQUE,        /* array/object: no two elements share a member */
    C_KIND,          /* JSON member: the value is not of the member's type (kind, enum name) */
    C_REQUIRED,      /* JSON member: absent (the code to report it with) */
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
    expr *when;
    struct rule_decl *rule; /* resolved */
    struct enum_decl *en;   /* resolved C_ENUM */
} cons;

typedef enum member_kind {
    M_FIELD,
    M_LET,
    M_ASSERT,
    M_IF,
    M_SWITCH,
    M_END,
    M_HOOK,
} member_kind;

typedef struct switch_arm {
    expr *cond; /* NULL = else */
    const char *type;
    loc at;
    struct struct_decl *st;
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
    vec codes;          /* hook: codes it may report (char*) */
    struct rule_decl *rule;
    int id;             /* unique number within the format (generated names) */
} member;

typedef struct struct_decl {
    const char *name;
    loc at;
    vec members;
    bool is_root;
    /* computed */
    int min_size;  /* smallest encoding in bytes */
    bool fixed;    /* every member is a fixed-size scalar (no arrays, ifs, strings) */
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
} enum_decl;

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

/* ---- JSON schemas (parsed and checked now; code generation comes with AnimJ) */

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
} jtype;

typedef struct jarm {
    const char *tag;
    jtype *type;
    loc at;
} jarm;

typedef struct jmember {
    const char *name;
    loc at;
    bool optional;
    jtype *type;
    expr *def;        /* default literal; NULL = none */
    const char *def_string;
    vec cons;         /* cons* */
    int64_t since, until; /* -1 = unbounded */
} jmember;

typedef struct jobject {
    const char *name;
    loc at;
    vec params;        /* type parameters (char*) */
    const char *base;  /* inheritance */
    const char *discriminator; /* by __type__ */
    bool abstract;
    const char *ordered_code, *closed_code, *open_code;
    loc ordered_at, closed_at, open_at;
    int64_t since, until;
    vec members;       /* jmember* */
    vec wheres;        /* cons* with name = array member, applied to its elements */
} jobject;

typedef struct syntax_decl {
    const char *name;
    const char *machine; /* Ragel machine in grammars/ */
    loc at;
} syntax_decl;

/* ---- the format ------------------------------------------------------- */

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
    int64_t magic_min_size;
    loc magic_at;
    int64_t size_limit;
    const char *size_code, *trunc_code;
    loc size_at, trunc_at;
    const char *undump_codes[3]; /* JSON syntax, shape (members), value */
    loc undump_at[3];
    rule_decl *undump_rules[3];
    const char *version_pointer; /* JSON: where the format version is */
    const char *root_code;       /* JSON: `root <object> @code`: the top-level value is not that object */
    loc root_code_at;
    const char *values_codes[5]; /* JSON: `values @shape @int-literal @range @component-unknown @component-missing` */
    loc values_at[5];
    const char *root;
    loc root_at;
    vec rules, structs, enums, objects, syntaxes;
    vec hooks; /* format-level hooks: hand-written code and the rules it reports */
    rule_decl *size_rule, *trunc_rule;
    jmember *jm_pending; /* the JSON member being parsed (its since/until come first) */
    struct_decl *root_st;
    /* text formats (`format <id> "<title>" text`): rules only; the checks are
       hand-written grammar actions in the files of `checks in` (check_text.c) */
    bool text;
    vec checks_in; /* token* (STRING): paths relative to the declaration's folder */
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
enum_decl *find_enum(compiler *cc, const char *name);
rule_decl *find_rule(compiler *cc, const char *code);
/* The scalar type a field's value has (P_NONE for structs and arrays). */
prim_kind member_prim(const member *m);

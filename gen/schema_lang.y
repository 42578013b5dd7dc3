/* animgen: the grammar of the schema language (Lemon 3.40).
 *
 * One %syntax_error path reports like a compiler (file:line:col, caret) and
 * the driver stops feeding tokens: there is no error recovery. Every value
 * lives in the compiler's arena, so no symbol owns memory and no
 * %destructor is needed. Keywords fall back to IDENT where they cannot be
 * keywords, so that `size`, `length` or `version` remain usable as names. */

%name schema_parser
%token_prefix TK_
%token_type {token *}
%extra_context {compiler *cc}
%start_symbol file

%include {
#include "ast.h"
#include "parser.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static format_decl *F(compiler *cc) { return cc->format; }

static expr *mk_expr(compiler *cc, expr_kind k, loc at, const char *text)
{
    expr *e = cc_alloc(cc, sizeof *e);
    e->kind = k;
    e->at = at;
    e->text = text;
    return e;
}

static expr *mk_bin(compiler *cc, const char *op, expr *a, expr *b)
{
    expr *e = mk_expr(cc, E_BINARY, a->at, NULL);
    e->op = op;
    e->lhs = a;
    e->rhs = b;
    return e;
}

/* A word of `option NAME { word => N, ... }` (the last option declared). */
static void fo_push(compiler *cc, token *word, token *value)
{
    mpair *p = cc_alloc(cc, sizeof *p);
    p->from = word;
    p->to = value;
    mopt *o = F(cc)->format_options.items[F(cc)->format_options.n - 1];
    vec_push(cc, &o->pairs, p);
}

static cons *mk_cons(compiler *cc, cons_kind k, loc at)
{
    cons *c = cc_alloc(cc, sizeof *c);
    c->kind = k;
    c->at = at;
    return c;
}

static member *mk_member(compiler *cc, member_kind k, loc at)
{
    member *m = cc_alloc(cc, sizeof *m);
    m->kind = k;
    m->at = at;
    m->id = cc->next_id++;
    return m;
}

static jmember *jm_pending(compiler *cc)
{
    if (!cc->format->jm_pending) {
        jmember *m = cc_alloc(cc, sizeof *m);
        m->since = -1;
        m->until = -1;
        cc->format->jm_pending = m;
    }
    return cc->format->jm_pending;
}

static jlit *mk_lit(compiler *cc, jlit_kind k, loc at)
{
    jlit *l = cc_alloc(cc, sizeof *l);
    l->kind = k;
    l->at = at;
    return l;
}

static const char *neg_text(compiler *cc, const token *t)
{
    size_t n = strlen(t->text);
    char *s = cc_alloc(cc, n + 2);
    s[0] = '-';
    memcpy(s + 1, t->text, n + 1);
    return s;
}

static void add_default(compiler *cc, jlit *value, int64_t since, int64_t until, loc at)
{
    jdefault *d = cc_alloc(cc, sizeof *d);
    d->value = value;
    d->since = since;
    d->until = until;
    d->at = at;
    vec_push(cc, &jm_pending(cc)->defaults, d);
}

static int64_t int_of(const token *t)
{
    return (int64_t)strtoull(t->text, NULL, 0);
}

/* An enum type from its names (jename*): names and their versions. */
static jtype *mk_enum(compiler *cc, loc at, vec *names)
{
    jtype *t = cc_alloc(cc, sizeof *t);
    t->kind = J_ENUM;
    t->at = at;
    for (size_t i = 0; i < names->n; i++) {
        jename *n = names->items[i];
        vec_push(cc, &t->names, (void *)n->name);
        vec_push(cc, &t->enames, n);
    }
    return t;
}

/* `since N [@code]`, `until N [@code]` of the object or member being parsed. */
static void set_version(int64_t *bound, const char **code, loc *code_at, const token *v, const token *c)
{
    *bound = int_of(v);
    if (c) {
        *code = c->text;
        *code_at = c->at;
    }
}

/* What only a document (a text format's `root`) declares: refused elsewhere. */
static void document_only(compiler *cc, loc at, const char *what)
{
    if (!cc->format->text)
        cc_error(cc, at, "%s is a document's: only a text format declares one", what);
}

/* `(T since N @code ...)`: a union alternative with versions; the term
 * rides in the jaltv until the union takes it. */
static jaltv *mk_altv(compiler *cc, const token *paren, jtype *term)
{
    jaltv *a = cc_alloc(cc, sizeof *a);
    a->at = paren->at;
    a->since = a->until = -1;
    a->term = term;
    return a;
}
}

%syntax_error {
    (void)yymajor;
    cc_error(cc, TOKEN->at, "unexpected %s%s%s", yymajor == 0 ? "" : "'",
             TOKEN->text, yymajor == 0 ? "" : "'");
}
%stack_overflow {
    cc_error(cc, (loc){0, 0}, "declaration nested too deeply");
}

%fallback IDENT PRESENT.
%fallback IDENT EACH KEPT.
%fallback IDENT FORMAT BINARY JSON ENDIAN LITTLE BIG EXTENSION MAGIC SIZE LIMIT TRUNCATED
    RULE STRUCT ENUM IF ELSE SWITCH LET ASSERT AT FATAL FINITE IN FITS UTF8 MINIMAL LENGTH
    FLAG NONDECREASING NOREPEAT NONEMPTY WHEN END HOOK ROOT OBJECT ORDERED CLOSED OPEN
    ABSTRACT BY SINCE UNTIL REF MAP NOTE WARNING ERROR WHERE SYNTAX MACHINE VERSION UNIQUE
    REPORTS KIND REQUIRED VALUES TABLE DEFAULT BITS TYPE CONST PROCESS SPAN AS STOP UNIT SIZEOF WRITES SUM FIRST
    KEY DANGLING MISTARGETED UNLISTED MISPLACED ANYCASE COERCED FRACTIONAL ONEOF TOGETHER DUMP VERBATIM CANONICAL
    SCOPE TOPLEVEL SIBLING DISTINCT ACYCLIC FROM CLOSING DEPTH EXISTS
    UPGRADE DOWNGRADE TO ADD COPY MOVE RETYPE DROP UNLESS LOSS WARN WRAP
    MODEL TRACK TRACKS KEYS NAMES INFINITY INTERPOLATION MKIND START LOOPING REFUSED ANIMATION PRE POST
    AFTER NODE PROPERTY INTERVAL INTERP TANGENTS TIME VALUE OUT BODY WITH QUATERNION EULER MNAME MAIN EXCEPT
    ATTRIBUTE OPTION OBJECTS HEX HEADERS.

/* EMPTY: the precedence of two reductions that meet a token that could also
 * continue them: `type ::= name` before `<` (type arguments win: write a
 * `< e` constraint as `<= e - 1` or `in lo..hi` right after a type name) and
 * an empty constraint list before `syntax` (a `type` alias without
 * constraints cannot be followed by a `syntax` item). */
%nonassoc EMPTY.
%nonassoc SYNTAX.
%right QUESTION.
%left OROR.
%left ANDAND.
%left AMP.
%nonassoc EQ NE.
%nonassoc LT LE GT GE.
%left PLUS MINUS.
%left STAR SLASH PERCENT.
%right NOT.

%type name {token *}
%type expr {expr *}
%type dotted {token *}
%type type {tref *}
%type members {vec *}
%type member {member *}
%type conslist {vec *}
%type cons {cons *}
%type cbody {cons *}
%type jcbody {cons *}
%type jxbody {cons *}
%type jconslist {vec *}
%type jcons {cons *}
%type exprlist {vec *}
%type severity {int}
%type rationale {const char *}
%type gate_note {const char *}
%type at_opt {const char *}
%type dvalue {expr *}
%type fatal_opt {bool}
%type when_opt {expr *}
%type arms {vec *}
%type arm {switch_arm *}
%type codes {vec *}
%type jtype {jtype *}
%type jterm {jtype *}
%type jtypelist {vec *}
%type targs {vec *}
%type jarms {vec *}
%type jarm {jarm *}
%type namelist {vec *}
%type jmember {jmember *}
%type jname {token *}
%type jdefault {expr *}
%type jlit {jlit *}
%type jcompound {jlit *}
%type jpairs {jlit *}
%type jitems {jlit *}
%type object_head {jobject *}
%type targlist {vec *}
%type targ {token *}
%type varms {vec *}
%type varm {switch_arm *}
%type arm_target {switch_arm *}
%type tparams_opt {vec *}
%type tparamlist {vec *}
%type entry_cons {vec *}
%type pclauses {member *}
%type enames {vec *}
%type ename {jename *}
%type vcode {token *}
%type jvalt {jaltv *}
%type mstep {jstep *}
%type mstatements {vec *}
%type mstatement {jstatement *}
%type mactions {jstatement *}
%type maction {jaction *}
%type mpath {jpath *}
%type mrel {jpath *}
%type mseg {token *}
%type mpairs {jaction *}
%type mdrop {jaction *}
%type mlit {jlit *}

file ::= format_head LBRACE items RBRACE.

format_head ::= FORMAT name(I) STRING(T) BINARY. {
    format_decl *f = cc_alloc(cc, sizeof *f);
    f->id = I->text; f->at = I->at; f->title = T->text; f->json = false;
    f->end = END_LITTLE; f->magic_min_size = -1;
    cc->format = f;
}
format_head ::= FORMAT name(I) STRING(T) JSON. {
    format_decl *f = cc_alloc(cc, sizeof *f);
    f->id = I->text; f->at = I->at; f->title = T->text; f->json = true;
    f->end = END_LITTLE; f->magic_min_size = -1;
    cc->format = f;
}

/* A text format (`format maya "..." text`): its parser is a grammar of its own
   (grammars/); the declaration gives its rule table (check_text.c). `text`
   is no keyword, so that the word stays usable as a name. */
format_head ::= FORMAT name(I) STRING(T) name(K). {
    if (strcmp(K->text, "text") != 0)
        cc_error(cc, K->at, "unknown format kind '%s' (binary, json or text)", K->text);
    format_decl *f = cc_alloc(cc, sizeof *f);
    f->id = I->text; f->at = I->at; f->title = T->text; f->text = true;
    f->end = END_LITTLE; f->magic_min_size = -1;
    cc->format = f;
}

name(A) ::= IDENT(B). { A = B; }

items ::= items item.
items ::= .

item ::= ENDIAN LITTLE. { F(cc)->end = END_LITTLE; }
item ::= ENDIAN BIG. { F(cc)->end = END_BIG; }
item ::= EXTENSION STRING(S). { vec_push(cc, &F(cc)->extensions, (void *)S->text); }
item ::= MAGIC(M) name(P) INT(V). {
    F(cc)->magic_text = P->text; F(cc)->magic_value = (uint64_t)int_of(V); F(cc)->magic_at = M->at;
}
item ::= MAGIC(M) name(P) INT(V) SIZE GE INT(N). {
    F(cc)->magic_text = P->text; F(cc)->magic_value = (uint64_t)int_of(V); F(cc)->magic_at = M->at;
    F(cc)->magic_min_size = int_of(N);
}
item ::= MAGIC(M) STRING(B). {
    F(cc)->magic_bytes = B->text; F(cc)->magic_bytes_len = B->len; F(cc)->magic_at = M->at;
}
item ::= MAGIC(M) STRING(B) SIZE GE INT(N). {
    F(cc)->magic_bytes = B->text; F(cc)->magic_bytes_len = B->len; F(cc)->magic_at = M->at;
    F(cc)->magic_min_size = int_of(N);
}
item ::= LIMIT SIZE INT(N) CODE(C). {
    F(cc)->size_limit = int_of(N); F(cc)->size_code = C->text; F(cc)->size_at = C->at;
}
/* limit size N option NAME @code: the caller may set the limit (format option NAME=bytes) */
item ::= LIMIT SIZE INT(N) name(K) name(O) CODE(C). {
    if (strcmp(K->text, "option") != 0)
        cc_error(cc, K->at, "unexpected '%s' (limit size <bytes> [option <name>] @code)", K->text);
    F(cc)->size_limit = int_of(N); F(cc)->size_code = C->text; F(cc)->size_at = C->at;
    F(cc)->size_option = O->text;
}
/* JSON: `limit depth N`: the nesting the validator allows unless asked for less */
item ::= LIMIT name(K) INT(V). {
    if (strcmp(K->text, "depth") != 0)
        cc_error(cc, K->at, "unknown limit '%s' (size N @code, depth N, values N @code)", K->text);
    F(cc)->max_depth = int_of(V); F(cc)->max_depth_at = K->at;
}
/* JSON: `limit values N @code`: the JSON values a document may hold */
item ::= LIMIT name(K) INT(V) CODE(C). {
    if (strcmp(K->text, "values") != 0)
        cc_error(cc, K->at, "unknown limit '%s' (size N @code, depth N, values N @code)", K->text);
    else if (F(cc)->value_cap_code)
        cc_error(cc, K->at, "limit values is given twice");
    F(cc)->value_cap = int_of(V); F(cc)->value_cap_code = C->text; F(cc)->value_cap_at = K->at;
}
/* JSON: `numbers finite @code`: every number literal of the document is a finite double */
item ::= name(K) FINITE CODE(C). {
    if (strcmp(K->text, "numbers") != 0)
        cc_error(cc, K->at, "unknown declaration '%s' (numbers finite @code)", K->text);
    else if (F(cc)->finite_code)
        cc_error(cc, K->at, "numbers finite is given twice");
    F(cc)->finite_code = C->text; F(cc)->finite_at = K->at;
}
item ::= name(N) CODE(A) CODE(B) CODE(C). {
    if (strcmp(N->text, "undump") != 0)
        cc_error(cc, N->at, "unknown declaration '%s'", N->text);
    F(cc)->undump_codes[0] = A->text; F(cc)->undump_codes[1] = B->text; F(cc)->undump_codes[2] = C->text;
    F(cc)->undump_at[0] = A->at; F(cc)->undump_at[1] = B->at; F(cc)->undump_at[2] = C->at;
}
/* undump { <category> @code, ... }: the codes of undump problems by category;
 * json { <category> @code, ... }: the rules a JSON format reports the JSON
 * front end's own problems with */
item ::= block_head ucats RBRACE. { F(cc)->block = NULL; }
block_head ::= name(N) LBRACE. {
    F(cc)->block = N->text;
    if (strcmp(N->text, "undump") != 0 && strcmp(N->text, "json") != 0)
        cc_error(cc, N->at, "unknown declaration '%s'", N->text);
}
ucats ::= ucat.
ucats ::= ucats COMMA ucat.
ucat ::= name(K) CODE(C). {
    if (F(cc)->block && strcmp(F(cc)->block, "json") == 0) {
        int i = 0;
        while (i < JR_COUNT && strcmp(cc_json_category_names[i], K->text) != 0)
            i++;
        if (i == JR_COUNT)
            cc_error(cc, K->at, "unknown json category '%s' (syntax, encoding, depth, bom, duplicate, range, "
                     "integer)", K->text);
        else {
            F(cc)->json_codes[i] = C->text; F(cc)->json_at[i] = C->at;
        }
    } else {
        static const char *const names[UD_COUNT_ALL] = {"syntax", "shape", "value", "type", "unknown", "missing",
                                                        "duplicate", "order", "name", "range", "count", "result"};
        int i = 0;
        while (i < UD_COUNT_ALL && strcmp(names[i], K->text) != 0)
            i++;
        if (i == UD_COUNT_ALL) {
            cc_error(cc, K->at, "unknown undump category '%s' (syntax, shape, value, type, unknown, missing, "
                     "duplicate, order, name, range, count, result)", K->text);
        } else {
            F(cc)->undump_codes[i] = C->text; F(cc)->undump_at[i] = C->at;
        }
    }
}
/* `checks in "file" ...`: where a text format's checks report its rules. */
item ::= name(N) IN checks_files. {
    if (strcmp(N->text, "checks") != 0)
        cc_error(cc, N->at, "unknown declaration '%s'", N->text);
}
checks_files ::= checks_file.
checks_files ::= checks_files checks_file.
checks_file ::= STRING(S). { vec_push(cc, &F(cc)->checks_in, S); }
item ::= TRUNCATED CODE(C). { F(cc)->trunc_code = C->text; F(cc)->trunc_at = C->at; }
item ::= ROOT name(N). { F(cc)->root = N->text; F(cc)->root_at = N->at; }
item ::= ROOT name(N) CODE(C). {
    F(cc)->root = N->text; F(cc)->root_at = N->at; F(cc)->root_code = C->text; F(cc)->root_code_at = C->at;
}
item ::= VALUES CODE(A) CODE(B) CODE(C) CODE(D) CODE(E). {
    const token *t[5] = {A, B, C, D, E};
    for (int i = 0; i < 5; i++) { F(cc)->values_codes[i] = t[i]->text; F(cc)->values_at[i] = t[i]->at; }
}
item ::= VERSION(V) STRING(P). { F(cc)->version_pointer = P->text; F(cc)->version_at = V->at; }
/* JSON: the version gate: a document below version N is checked no further
   than @code (the version member's `in N..` reports it); the note is added
   to that rule's messages */
item ::= VERSION(V) STRING(P) SINCE INT(N) CODE(C) gate_note(M). {
    F(cc)->version_pointer = P->text; F(cc)->version_at = V->at;
    F(cc)->gate_since = int_of(N); F(cc)->gate_code = C->text; F(cc)->gate_at = C->at; F(cc)->gate_note = M;
}
gate_note(A) ::= . { A = NULL; }
gate_note(A) ::= STRING(S). { A = S->text; }
/* JSON: the document must hold an object of one of these types */
item ::= EXISTS(T) namelist(L) CODE(C). {
    if (F(cc)->exists.n) cc_error(cc, T->at, "'exists' is given twice");
    F(cc)->exists = *L; F(cc)->exists_at = T->at; F(cc)->exists_code = C->text; F(cc)->exists_code_at = C->at;
}
item ::= EXISTS(T) namelist(L) SINCE INT(V) CODE(C). {
    if (F(cc)->exists.n) cc_error(cc, T->at, "'exists' is given twice");
    F(cc)->exists = *L; F(cc)->exists_at = T->at; F(cc)->exists_code = C->text; F(cc)->exists_code_at = C->at;
    F(cc)->exists_since = int_of(V);
}
/* binary: the root fields whose values, joined by dots, are the file's version in reports */
item ::= VERSION vnames.
vnames ::= name(N). { vec_push(cc, &F(cc)->version_fields, N); }
vnames ::= vnames COMMA name(N). { vec_push(cc, &F(cc)->version_fields, N); }
/* binary: the versions from_model can write, the default first (convert --format-version) */
item ::= WRITES(W) wversions. { F(cc)->writes_at = W->at; }
/* ... `by reemit`: the format's own re-emission writes them (a whole-file upgrade), not from_model */
item ::= WRITES(W) wversions BY name(N). {
    F(cc)->writes_at = W->at; F(cc)->writes_by_reemit = true;
    if (strcmp(N->text, "reemit") != 0)
        cc_error(cc, N->at, "writes ... by '%s': only `by reemit` (from_model is the default)", N->text);
}
wversions ::= STRING(S). { vec_push(cc, &F(cc)->writes, (void *)S->text); }
wversions ::= wversions COMMA STRING(S). { vec_push(cc, &F(cc)->writes, (void *)S->text); }
item ::= RULE CODE(C) severity(A) SLASH severity(B) STRING(M) rationale(R). {
    rule_decl *r = cc_alloc(cc, sizeof *r);
    r->code = C->text; r->at = C->at; r->compat = A; r->strict = B; r->message = M->text;
    r->rationale = R;
    vec_push(cc, &F(cc)->rules, r);
}
/* JSON: a named string enum, usable as a member type. */
item ::= ENUM name(N) LBRACE enames(L) RBRACE. {
    enum_decl *e = cc_alloc(cc, sizeof *e);
    e->name = N->text; e->at = N->at; e->jenum = mk_enum(cc, N->at, L);
    vec_push(cc, &F(cc)->enums, e);
}
item ::= ENUM name(N) COLON name(B) LBRACE enum_items RBRACE. {
    enum_decl *e = F(cc)->enums.items[F(cc)->enums.n - 1];
    e->name = N->text; e->at = N->at; e->base_name = B->text; e->base_at = B->at;
}
enum_start ::= . {
    enum_decl *e = cc_alloc(cc, sizeof *e);
    vec_push(cc, &F(cc)->enums, e);
}
enum_items ::= enum_start enum_list.
enum_items ::= enum_start enum_list COMMA.
enum_list ::= enum_item.
enum_list ::= enum_list COMMA enum_item.
enum_item ::= name(N) ASSIGN INT(V). {
    enum_decl *e = F(cc)->enums.items[F(cc)->enums.n - 1];
    enum_item *it = cc_alloc(cc, sizeof *it);
    it->name = N->text; it->at = N->at; it->value = int_of(V);
    vec_push(cc, &e->items, it);
}
enum_item ::= name(N) ASSIGN MINUS INT(V). {
    enum_decl *e = F(cc)->enums.items[F(cc)->enums.n - 1];
    enum_item *it = cc_alloc(cc, sizeof *it);
    it->name = N->text; it->at = N->at; it->value = -int_of(V);
    vec_push(cc, &e->items, it);
}
item ::= STRUCT name(N) tparams_opt(P) LBRACE members(M) RBRACE. {
    struct_decl *s = cc_alloc(cc, sizeof *s);
    s->name = N->text; s->at = N->at; s->members = *M;
    if (P) s->tparams = *P;
    vec_push(cc, &F(cc)->structs, s);
}
tparams_opt(A) ::= . { A = NULL; }
tparams_opt(A) ::= LT tparamlist(L) GT. { A = L; }
tparamlist(A) ::= name(N) COLON name(T). {
    A = cc_alloc(cc, sizeof *A);
    tparam *p = cc_alloc(cc, sizeof *p); p->name = N->text; p->table = T->text; p->at = N->at;
    vec_push(cc, A, p);
}
tparamlist(A) ::= name(N). {
    A = cc_alloc(cc, sizeof *A);
    tparam *p = cc_alloc(cc, sizeof *p); p->name = N->text; p->at = N->at;
    vec_push(cc, A, p);
}
tparamlist(A) ::= tparamlist(B) COMMA name(N). {
    A = B;
    tparam *p = cc_alloc(cc, sizeof *p); p->name = N->text; p->at = N->at;
    vec_push(cc, A, p);
}
tparamlist(A) ::= tparamlist(B) COMMA name(N) COLON name(T). {
    A = B;
    tparam *p = cc_alloc(cc, sizeof *p); p->name = N->text; p->table = T->text; p->at = N->at;
    vec_push(cc, A, p);
}

/* table <name> : <int type> @code { entries }: a format's value types */
item ::= TABLE name(N) COLON name(B) CODE(C) LBRACE table_items RBRACE. {
    table_decl *t = F(cc)->tables.items[F(cc)->tables.n - 1];
    t->name = N->text; t->at = N->at; t->base_name = B->text; t->base_at = B->at;
    t->code = C->text; t->code_at = C->at;
}
/* table <name> : <int type> from model @code { defaults, entries that differ }:
   the model's value types, each with the encoding its kind has */
item ::= TABLE name(N) COLON name(B) FROM MODEL CODE(C) LBRACE table_items RBRACE. {
    table_decl *t = F(cc)->tables.items[F(cc)->tables.n - 1];
    t->name = N->text; t->at = N->at; t->base_name = B->text; t->base_at = B->at;
    t->code = C->text; t->code_at = C->at;
    t->from_model = true;
}
table_items ::= table_start.
table_items ::= table_items table_item.
table_start ::= . {
    table_decl *t = cc_alloc(cc, sizeof *t);
    vec_push(cc, &F(cc)->tables, t);
}
table_item ::= DEFAULT conslist(C). {
    table_decl *t = F(cc)->tables.items[F(cc)->tables.n - 1];
    for (size_t i = 0; i < C->n; i++) vec_push(cc, &t->defaults, C->items[i]);
}
table_item ::= name(N) ASSIGN INT(V) COLON name(P) entry_cons(C). {
    table_decl *t = F(cc)->tables.items[F(cc)->tables.n - 1];
    table_entry *e = cc_alloc(cc, sizeof *e);
    e->name = N->text; e->at = N->at; e->value = int_of(V); e->kind = EK_SCALAR; e->prim_name = P->text;
    e->cons = *C;
    vec_push(cc, &t->entries, e);
}
table_item ::= name(N) ASSIGN INT(V) COLON name(P) LPAREN namelist(L) RPAREN entry_cons(C). {
    table_decl *t = F(cc)->tables.items[F(cc)->tables.n - 1];
    table_entry *e = cc_alloc(cc, sizeof *e);
    e->name = N->text; e->at = N->at; e->value = int_of(V); e->kind = EK_TUPLE; e->prim_name = P->text;
    for (size_t i = 0; i < L->n; i++) vec_push(cc, &e->comps, (void *)((token *)L->items[i])->text);
    e->cons = *C;
    vec_push(cc, &t->entries, e);
}
table_item ::= name(N) ASSIGN INT(V) COLON BITS LPAREN namelist(L) RPAREN entry_cons(C). {
    table_decl *t = F(cc)->tables.items[F(cc)->tables.n - 1];
    table_entry *e = cc_alloc(cc, sizeof *e);
    e->name = N->text; e->at = N->at; e->value = int_of(V); e->kind = EK_BITS; e->prim_name = "bool8";
    for (size_t i = 0; i < L->n; i++) vec_push(cc, &e->comps, (void *)((token *)L->items[i])->text);
    e->cons = *C;
    vec_push(cc, &t->entries, e);
}
/* an entry's constraints (the next entry starts with a name, which no constraint does) */
entry_cons(A) ::= conslist(C). { A = C; }

/* type <name> = <type> <constraints> */
item ::= TYPE name(N) ASSIGN type(T) conslist(C). {
    alias_decl *a = cc_alloc(cc, sizeof *a);
    a->name = N->text; a->at = N->at; a->type = T; a->cons = *C;
    vec_push(cc, &F(cc)->aliases, a);
}
/* Rules that hand-written code of the format reports (outside any walk). */
item ::= HOOK name(N). {
    member *m = mk_member(cc, M_HOOK, N->at); m->name = N->text;
    vec_push(cc, &F(cc)->hooks, m);
}
item ::= HOOK name(N) REPORTS codes(C). {
    member *m = mk_member(cc, M_HOOK, N->at); m->name = N->text; m->codes = *C;
    vec_push(cc, &F(cc)->hooks, m);
}
item ::= SYNTAX name(N) ASSIGN MACHINE name(M). {
    syntax_decl *s = cc_alloc(cc, sizeof *s);
    s->name = N->text; s->machine = M->text; s->at = N->at;
    vec_push(cc, &F(cc)->syntaxes, s);
}
/* the completion (gen/rt/ak_jcomplete.h) rewrites a value into the machine's canonical spelling */
item ::= SYNTAX name(N) ASSIGN MACHINE name(M) CANONICAL. {
    syntax_decl *s = cc_alloc(cc, sizeof *s);
    s->name = N->text; s->machine = M->text; s->at = N->at; s->canonical = true;
    vec_push(cc, &F(cc)->syntaxes, s);
}
item ::= object_head(O) LBRACE jmembers RBRACE wheres. { (void)O; }

severity(A) ::= NOTE. { A = 0; }
severity(A) ::= WARNING. { A = 1; }
severity(A) ::= ERROR. { A = 2; }
rationale(A) ::= . { A = NULL; }
rationale(A) ::= STRING(S). { A = S->text; }

/* ---- binary members ---------------------------------------------------- */

members(A) ::= . { A = cc_alloc(cc, sizeof *A); }
members(A) ::= members(B) member(M). { A = B; vec_push(cc, A, M); }

member(A) ::= name(N) COLON type(T) conslist(C). {
    A = mk_member(cc, M_FIELD, N->at); A->name = N->text; A->type = T; A->cons = *C;
}
/* A document's fields (a text format, docs/schema-language.md "Documents"):
   `name?: type` is absent from the dump when absent from the file, `name:
   type = v` takes v when a dump leaves it out. */
member(A) ::= name(N) QUESTION COLON type(T) conslist(C). {
    A = mk_member(cc, M_FIELD, N->at); A->name = N->text; A->type = T; A->cons = *C; A->optional = true;
    document_only(cc, N->at, "an optional field (`name?:`)");
}
member(A) ::= name(N) COLON type(T) ASSIGN dvalue(V) conslist(C). {
    A = mk_member(cc, M_FIELD, N->at); A->name = N->text; A->type = T; A->cons = *C; A->value = V;
    document_only(cc, V->at, "a default value");
}
dvalue(A) ::= INT(T). { A = mk_expr(cc, E_INT, T->at, T->text); }
dvalue(A) ::= FLOAT(T). { A = mk_expr(cc, E_FLOAT, T->at, T->text); }
dvalue(A) ::= MINUS(M) INT(T). {
    A = mk_expr(cc, E_NEG, M->at, NULL); A->lhs = mk_expr(cc, E_INT, T->at, T->text);
}
dvalue(A) ::= MINUS(M) FLOAT(T). {
    A = mk_expr(cc, E_NEG, M->at, NULL); A->lhs = mk_expr(cc, E_FLOAT, T->at, T->text);
}
dvalue(A) ::= name(T). { A = mk_expr(cc, E_NAME, T->at, T->text); }
member(A) ::= LET(L) name(N) ASSIGN expr(E). {
    A = mk_member(cc, M_LET, L->at); A->name = N->text; A->value = E;
}
member(A) ::= ASSERT(K) expr(E) CODE(C) at_opt(W) fatal_opt(X). {
    A = mk_member(cc, M_ASSERT, K->at); A->value = E; A->code = C->text; A->code_at = C->at;
    A->name = W; A->fatal = X;
}
member(A) ::= IF(K) expr(E) LBRACE members(M) RBRACE. {
    A = mk_member(cc, M_IF, K->at); A->value = E; A->body = *M;
}
member(A) ::= IF(K) expr(E) NONEMPTY LPAREN name(W) RPAREN CODE(C) at_opt(T) LBRACE members(M) RBRACE. {
    A = mk_member(cc, M_IF, K->at); A->value = E; A->body = *M; A->watch = W->text;
    A->code = C->text; A->code_at = C->at; A->name = T;
}
member(A) ::= IF(K) expr(E) LBRACE members(M) RBRACE ELSE LBRACE members(N) RBRACE. {
    A = mk_member(cc, M_IF, K->at); A->value = E; A->body = *M; A->else_body = *N; A->has_else = true;
}
/* switch [name] (expr) { value => struct<args>, ..., else => struct | stop @code } */
member(A) ::= SWITCH(K) LPAREN expr(D) RPAREN LBRACE varms(R) RBRACE. {
    A = mk_member(cc, M_SWITCH, K->at); A->arms = *R; A->disc = D;
}
member(A) ::= SWITCH(K) name(N) LPAREN expr(D) RPAREN LBRACE varms(R) RBRACE. {
    A = mk_member(cc, M_SWITCH, K->at); A->arms = *R; A->disc = D; A->name = N->text;
}
member(A) ::= name(N) COLON CONST STRING(B) CODE(C) fatal_opt(X). {
    A = mk_member(cc, M_CONST, N->at); A->name = N->text; A->bytes = B->text; A->bytes_len = B->len;
    A->code = C->text; A->code_at = C->at; A->fatal = X;
}
/* process hook(args) [when e] [span e] [as segment "what"] [verbatim] reports @a, @b { members } */
member(A) ::= PROCESS(K) name(N) LPAREN RPAREN pclauses(P) LBRACE members(M) RBRACE. {
    A = P; A->at = K->at; A->name = N->text; A->body = *M;
}
member(A) ::= PROCESS(K) name(N) LPAREN exprlist(L) RPAREN pclauses(P) LBRACE members(M) RBRACE. {
    A = P; A->at = K->at; A->name = N->text; A->body = *M; A->args = *L;
}
pclauses(A) ::= . { A = mk_member(cc, M_PROCESS, (loc){0, 0}); }
pclauses(A) ::= pclauses(B) WHEN expr(E). { A = B; A->value = E; }
pclauses(A) ::= pclauses(B) SPAN expr(E). { A = B; A->span = E; }
pclauses(A) ::= pclauses(B) AS name(S) STRING(W). { A = B; A->segment = S->text; A->what = W->text; }
pclauses(A) ::= pclauses(B) REPORTS codes(C). { A = B; A->codes = *C; }
pclauses(A) ::= pclauses(B) VERBATIM. { A = B; A->verbatim = true; }
/* dump <member> by <hook>[(fields)]: a member of the JSON dump only, written by the hook as the
   streamed dump reaches it (with the byte spans of the fields, as a hook gets them) */
member(A) ::= DUMP(K) name(N) BY name(H). {
    A = mk_member(cc, M_DUMP, K->at); A->name = N->text; A->segment = H->text;
}
member(A) ::= DUMP(K) name(N) BY name(H) LPAREN namelist(L) RPAREN. {
    A = mk_member(cc, M_DUMP, K->at); A->name = N->text; A->segment = H->text; A->args = *L;
}
member(A) ::= HOOK(K) name(N) LPAREN namelist(L) RPAREN. {
    A = mk_member(cc, M_HOOK, K->at); A->name = N->text; A->args = *L;
}
member(A) ::= HOOK(K) name(N) LPAREN namelist(L) RPAREN REPORTS codes(C). {
    A = mk_member(cc, M_HOOK, K->at); A->name = N->text; A->args = *L; A->codes = *C;
}

varms(A) ::= varm(R). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, R); }
varms(A) ::= varms(B) COMMA varm(R). { A = B; vec_push(cc, A, R); }
varms(A) ::= varms(B) COMMA. { A = B; }
varm(A) ::= expr(E) ARROW arm_target(T). { A = T; A->value = E; }
varm(A) ::= ELSE ARROW arm_target(T). { A = T; }
varm(A) ::= ELSE ARROW(K) STOP CODE(C). {
    A = cc_alloc(cc, sizeof *A); A->stop_code = C->text; A->at = K->at;
}
arm_target(A) ::= name(N). { A = cc_alloc(cc, sizeof *A); A->type = N->text; A->at = N->at; }
arm_target(A) ::= name(N) LT targlist(L) GT. {
    A = cc_alloc(cc, sizeof *A); A->type = N->text; A->at = N->at; A->targs = *L;
}
targlist(A) ::= targ(T). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, T); }
targlist(A) ::= targlist(B) COMMA targ(T). { A = B; vec_push(cc, A, T); }
targ(A) ::= name(N). { A = N; }

member(A) ::= SWITCH(K) LBRACE arms(R) RBRACE. {
    A = mk_member(cc, M_SWITCH, K->at); A->arms = *R;
}
member(A) ::= SWITCH(K) name(N) LBRACE arms(R) RBRACE. {
    A = mk_member(cc, M_SWITCH, K->at); A->arms = *R; A->name = N->text;
}
member(A) ::= END(K) CODE(C). {
    A = mk_member(cc, M_END, K->at); A->code = C->text; A->code_at = C->at;
}
member(A) ::= HOOK(K) name(N). {
    A = mk_member(cc, M_HOOK, K->at); A->name = N->text;
}
member(A) ::= HOOK(K) name(N) REPORTS codes(C). {
    A = mk_member(cc, M_HOOK, K->at); A->name = N->text; A->codes = *C;
}

codes(A) ::= CODE(C). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, C); }
codes(A) ::= codes(B) COMMA CODE(C). { A = B; vec_push(cc, A, C); }

at_opt(A) ::= . { A = NULL; }
at_opt(A) ::= AT name(N). { A = N->text; }
fatal_opt(A) ::= . { A = false; }
fatal_opt(A) ::= FATAL. { A = true; }
when_opt(A) ::= . { A = NULL; }
when_opt(A) ::= WHEN expr(E). { A = E; }

arms(A) ::= arm(R). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, R); }
arms(A) ::= arms(B) COMMA arm(R). { A = B; vec_push(cc, A, R); }
arm(A) ::= expr(E) ARROW name(N). {
    A = cc_alloc(cc, sizeof *A); A->cond = E; A->type = N->text; A->at = N->at;
}
arm(A) ::= ELSE ARROW name(N). {
    A = cc_alloc(cc, sizeof *A); A->cond = NULL; A->type = N->text; A->at = N->at;
}

type(A) ::= name(N). [EMPTY] {
    A = cc_alloc(cc, sizeof *A); A->kind = T_NAMED; A->at = N->at; A->name = N->text;
}
type(A) ::= name(N) LT targlist(L) GT. {
    A = cc_alloc(cc, sizeof *A); A->kind = T_NAMED; A->at = N->at; A->name = N->text; A->targs = *L;
}
type(A) ::= type(E) LBRACKET expr(C) RBRACKET. {
    A = cc_alloc(cc, sizeof *A); A->kind = T_ARRAY; A->at = E->at; A->elem = E; A->count = C;
}
/* documents: an array of any length, or of at most n elements; an enum or any other word */
type(A) ::= type(E) LBRACKET RBRACKET. {
    A = cc_alloc(cc, sizeof *A); A->kind = T_ARRAY; A->at = E->at; A->elem = E;
    document_only(cc, E->at, "an array without a count (`T[]`)");
}
type(A) ::= type(E) LBRACKET LE expr(C) RBRACKET. {
    A = cc_alloc(cc, sizeof *A); A->kind = T_ARRAY; A->at = E->at; A->elem = E; A->max_count = C;
    document_only(cc, E->at, "an array of at most n elements (`T[<= n]`)");
}
type(A) ::= type(E) PIPE name(W). {
    A = E; A->or_word = true;
    if (strcmp(W->text, "word") != 0)
        cc_error(cc, W->at, "'| %s': only `| word` follows a type (a word that is none of the enum's)", W->text);
    document_only(cc, W->at, "`| word`");
}

conslist(A) ::= . [EMPTY] { A = cc_alloc(cc, sizeof *A); }
conslist(A) ::= cons(C). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, C); }
conslist(A) ::= conslist(B) COMMA cons(C). { A = B; vec_push(cc, A, C); }
conslist(A) ::= conslist(B) SEMI cons(C). { A = B; C->chain = true; vec_push(cc, A, C); }

cons(A) ::= cbody(B) CODE(C) fatal_opt(X) when_opt(W). {
    A = B; A->code = C->text; A->code_at = C->at; A->fatal = X; A->when = W;
}
cbody(A) ::= jcbody(B). { A = B; }
cbody(A) ::= LT(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = "<"; A->value = E; }
cbody(A) ::= GT(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = ">"; A->value = E; }
cbody(A) ::= LE(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = "<="; A->value = E; }
cbody(A) ::= GE(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = ">="; A->value = E; }
cbody(A) ::= NOT(T) IN LBRACE exprlist(L) RBRACE. { A = mk_cons(cc, C_NOTSET, T->at); A->set = *L; }
cbody(A) ::= UNIT(T). { A = mk_cons(cc, C_UNIT, T->at); A->tolerance = 1e-3; }
cbody(A) ::= UNIT(T) LPAREN FLOAT(V) RPAREN. { A = mk_cons(cc, C_UNIT, T->at); A->tolerance = strtod(V->text, NULL); }
cbody(A) ::= NONDECREASING(T). { A = mk_cons(cc, C_NONDECREASING, T->at); }
cbody(A) ::= NOREPEAT(T). { A = mk_cons(cc, C_NOREPEAT, T->at); }

/* Bounds a format option sets (`<= option NAME DEFAULT`) and checks of each
   element of an array (`assert each A: e`): see "Limits set by format
   options" and "`assert each`" in docs/schema-language.md. */
cbody(A) ::= LE(T) OPTION name(N) INT(D). {
    A = mk_cons(cc, C_CMP, T->at); A->op = "<="; A->option = N->text; A->value = mk_expr(cc, E_INT, D->at, D->text);
}
member(A) ::= ASSERT(K) expr(E) LE OPTION name(N) INT(D) CODE(C) at_opt(W) fatal_opt(X). {
    A = mk_member(cc, M_ASSERT, K->at); A->value = E; A->code = C->text; A->code_at = C->at;
    A->name = W; A->fatal = X; A->option = N->text; A->limit = mk_expr(cc, E_INT, D->at, D->text);
}
member(A) ::= ASSERT(K) EACH name(N) COLON expr(E) CODE(C) fatal_opt(X). {
    A = mk_member(cc, M_ASSERT, K->at); A->value = E; A->code = C->text; A->code_at = C->at;
    A->fatal = X; A->each = N->text;
}
/* name: T[count] <constraints> kept: the validator keeps the array too (see "`kept`") */
member(A) ::= name(N) COLON type(T) conslist(C) KEPT. {
    A = mk_member(cc, M_FIELD, N->at); A->name = N->text; A->type = T; A->cons = *C; A->kept = true;
}
/* option NAME { word => N, ... }: a format option's words (see "Format options
   with words" in docs/schema-language.md) */
item ::= fo_head fo_words RBRACE.
item ::= fo_head fo_words COMMA RBRACE.
fo_head ::= OPTION name(N) LBRACE. {
    mopt *o = cc_alloc(cc, sizeof *o);
    o->option = N;
    vec_push(cc, &F(cc)->format_options, o);
}
fo_words ::= fo_word.
fo_words ::= fo_words COMMA fo_word.
fo_word ::= name(W) ARROW INT(V). { fo_push(cc, W, V); }
fo_word ::= STRING(W) ARROW INT(V). { fo_push(cc, W, V); }

/* Constraints shared by JSON members (no < or >: those start type arguments). */
jcbody(A) ::= EQ(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = "=="; A->value = E; }
jcbody(A) ::= NE(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = "!="; A->value = E; }
jcbody(A) ::= IN(T) expr(L) DOTDOT expr(H). {
    A = mk_cons(cc, C_RANGE, T->at); A->value = L; A->hi = H;
}
jcbody(A) ::= IN(T) LBRACE exprlist(L) RBRACE. { A = mk_cons(cc, C_SET, T->at); A->set = *L; }
jcbody(A) ::= IN(T) name(N). { A = mk_cons(cc, C_ENUM, T->at); A->name = N->text; }
jcbody(A) ::= FINITE(T). { A = mk_cons(cc, C_FINITE, T->at); }
jcbody(A) ::= FITS(T). { A = mk_cons(cc, C_FITS, T->at); }
jcbody(A) ::= UTF8(T). { A = mk_cons(cc, C_UTF8, T->at); }
jcbody(A) ::= MINIMAL(T). { A = mk_cons(cc, C_MINIMAL, T->at); }
jcbody(A) ::= LENGTH(T). { A = mk_cons(cc, C_LENGTH, T->at); }
jcbody(A) ::= FLAG(T). { A = mk_cons(cc, C_FLAG, T->at); }
jcbody(A) ::= NONDECREASING(T) LPAREN name(N) RPAREN. {
    A = mk_cons(cc, C_NONDECREASING, T->at); A->name = N->text;
}
jcbody(A) ::= NOREPEAT(T) LPAREN name(N) RPAREN. {
    A = mk_cons(cc, C_NOREPEAT, T->at); A->name = N->text;
}
jcbody(A) ::= SYNTAX(T) name(N). { A = mk_cons(cc, C_SYNTAX, T->at); A->name = N->text; }
jcbody(A) ::= UNIQUE(T) LPAREN name(N) RPAREN. { A = mk_cons(cc, C_UNIQUE, T->at); A->name = N->text; }
jcbody(A) ::= KIND(T). { A = mk_cons(cc, C_KIND, T->at); }
jcbody(A) ::= REQUIRED(T). { A = mk_cons(cc, C_REQUIRED, T->at); }
/* JSON half, issue 10: versions, references, families, enums. The words
 * only JSON members take are not constraints of binary fields at all, so a
 * field may still be named `key` (newlines are whitespace: after a field's
 * type, a constraint word would continue its constraint list). */
jcbody(A) ::= REQUIRED(T) SINCE INT(V). {
    A = mk_cons(cc, C_REQUIRED, T->at); A->value = mk_expr(cc, E_INT, V->at, V->text);
}
jcbody(A) ::= UNIQUE(T). { A = mk_cons(cc, C_UNIQUE, T->at); }
jxbody(A) ::= KEY(T). { A = mk_cons(cc, C_KEY, T->at); }
/* `key uuid`: keys (and the references to them) compare as parsed UUIDs */
jxbody(A) ::= KEY(T) name(N). { A = mk_cons(cc, C_KEY, T->at); A->name = N->text; }
jxbody(A) ::= DANGLING(T). { A = mk_cons(cc, C_DANGLING, T->at); }
jxbody(A) ::= MISTARGETED(T). { A = mk_cons(cc, C_MISTARGETED, T->at); }
jxbody(A) ::= UNLISTED(T). { A = mk_cons(cc, C_UNLISTED, T->at); }
jxbody(A) ::= MISPLACED(T). { A = mk_cons(cc, C_MISPLACED, T->at); }
jxbody(A) ::= ANYCASE(T). { A = mk_cons(cc, C_ANYCASE, T->at); }
jxbody(A) ::= COERCED(T). { A = mk_cons(cc, C_COERCED, T->at); }
/* `fractional @code`: an integer member's number that is not an integer,
   for a reader that does not truncate it (Glaxnimate's format_version) */
jxbody(A) ::= FRACTIONAL(T). { A = mk_cons(cc, C_FRACTIONAL, T->at); }
/* `null @code`: a null value of a `T | null` member is reported */
jxbody(A) ::= NULLKW(T). { A = mk_cons(cc, C_NULL, T->at); }
/* where a reference's target may be, and the graph the references make */
jxbody(A) ::= SCOPE(T) name(N). { A = mk_cons(cc, C_SCOPE, T->at); A->name = N->text; }
jxbody(A) ::= TOPLEVEL(T). { A = mk_cons(cc, C_TOPLEVEL, T->at); }
jxbody(A) ::= SIBLING(T). { A = mk_cons(cc, C_SIBLING, T->at); }
jxbody(A) ::= DISTINCT(T). { A = mk_cons(cc, C_DISTINCT, T->at); }
jxbody(A) ::= ACYCLIC(T). { A = mk_cons(cc, C_ACYCLIC, T->at); }
jxbody(A) ::= ACYCLIC(T) CLOSING. { A = mk_cons(cc, C_ACYCLIC, T->at); A->closing = true; }
jxbody(A) ::= ACYCLIC(T) FROM name(N). { A = mk_cons(cc, C_ACYCLIC, T->at); A->name = N->text; }
jxbody(A) ::= ACYCLIC(T) FROM name(N) CLOSING. {
    A = mk_cons(cc, C_ACYCLIC, T->at); A->name = N->text; A->closing = true;
}
jxbody(A) ::= DEPTH(T) LE INT(V). { A = mk_cons(cc, C_DEPTH, T->at); A->value = mk_expr(cc, E_INT, V->at, V->text); }
/* bounds of a number (`> 0`, `>= 1`, `<= 9`; not `<`, which starts type
   arguments: write `<= v` or `in lo..hi`), of an array (`nonempty`) and of
   a string's length in characters (`length <= N`) */
jxbody(A) ::= GT(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = ">"; A->value = E; }
jxbody(A) ::= GE(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = ">="; A->value = E; }
jxbody(A) ::= LE(T) expr(E). { A = mk_cons(cc, C_CMP, T->at); A->op = "<="; A->value = E; }
jxbody(A) ::= NONEMPTY(T). { A = mk_cons(cc, C_NONEMPTY, T->at); }
/* `present in 8 @code`, `present in 8..9 @code`: the member present in a document of those versions */
jcbody(A) ::= PRESENT(T) IN INT(V). {
    A = mk_cons(cc, C_PRESENT, T->at); A->value = mk_expr(cc, E_INT, V->at, V->text); A->hi = A->value;
}
jcbody(A) ::= PRESENT(T) IN INT(V) DOTDOT INT(H). {
    A = mk_cons(cc, C_PRESENT, T->at); A->value = mk_expr(cc, E_INT, V->at, V->text);
    A->hi = mk_expr(cc, E_INT, H->at, H->text);
}
jxbody(A) ::= LENGTH(T) LE INT(V). { A = mk_cons(cc, C_MAXLENGTH, T->at); A->value = mk_expr(cc, E_INT, V->at, V->text); }

exprlist(A) ::= expr(E). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, E); }
exprlist(A) ::= exprlist(B) COMMA expr(E). { A = B; vec_push(cc, A, E); }

/* ---- expressions ------------------------------------------------------ */

expr(A) ::= INT(T). { A = mk_expr(cc, E_INT, T->at, T->text); }
expr(A) ::= FLOAT(T). { A = mk_expr(cc, E_FLOAT, T->at, T->text); }
expr(A) ::= dotted(T). { A = mk_expr(cc, E_NAME, T->at, T->text); }
expr(A) ::= LPAREN expr(E) RPAREN. { A = E; }
expr(A) ::= NOT(T) expr(E). { A = mk_expr(cc, E_NOT, T->at, NULL); A->lhs = E; }
expr(A) ::= MINUS(T) expr(E). [NOT] { A = mk_expr(cc, E_NEG, T->at, NULL); A->lhs = E; }
expr(A) ::= expr(L) OROR expr(R). { A = mk_bin(cc, "||", L, R); }
expr(A) ::= expr(L) ANDAND expr(R). { A = mk_bin(cc, "&&", L, R); }
expr(A) ::= expr(L) EQ expr(R). { A = mk_bin(cc, "==", L, R); }
expr(A) ::= expr(L) NE expr(R). { A = mk_bin(cc, "!=", L, R); }
expr(A) ::= expr(L) LT expr(R). { A = mk_bin(cc, "<", L, R); }
expr(A) ::= expr(L) LE expr(R). { A = mk_bin(cc, "<=", L, R); }
expr(A) ::= expr(L) GT expr(R). { A = mk_bin(cc, ">", L, R); }
expr(A) ::= expr(L) GE expr(R). { A = mk_bin(cc, ">=", L, R); }
expr(A) ::= expr(L) PLUS expr(R). { A = mk_bin(cc, "+", L, R); }
expr(A) ::= expr(L) MINUS expr(R). { A = mk_bin(cc, "-", L, R); }
expr(A) ::= expr(L) STAR expr(R). { A = mk_bin(cc, "*", L, R); }
expr(A) ::= expr(L) SLASH expr(R). { A = mk_bin(cc, "/", L, R); }
expr(A) ::= expr(L) PERCENT expr(R). { A = mk_bin(cc, "%", L, R); }
expr(A) ::= expr(L) AMP expr(R). { A = mk_bin(cc, "&", L, R); }
expr(A) ::= expr(C) QUESTION expr(T) COLON expr(E). [QUESTION] {
    A = mk_expr(cc, E_COND, C->at, NULL); A->lhs = C; A->rhs = T; A->alt = E;
}
expr(A) ::= SIZEOF(K) LPAREN name(N) RPAREN. { A = mk_expr(cc, E_SIZEOF, K->at, N->text); }
/* sum(array, e) / first(array, e): e evaluated on each element of an array
   of structs (only as the whole value of a `let` after the array) */
expr(A) ::= SUM(K) LPAREN name(N) COMMA expr(E) RPAREN. {
    A = mk_expr(cc, E_AGG, K->at, N->text); A->op = "sum"; A->lhs = E;
}
expr(A) ::= FIRST(K) LPAREN name(N) COMMA expr(E) RPAREN. {
    A = mk_expr(cc, E_AGG, K->at, N->text); A->op = "first"; A->lhs = E;
}

dotted(A) ::= name(N). { A = N; }
dotted(A) ::= dotted(B) DOT name(N). {
    A = cc_alloc(cc, sizeof *A); *A = *B;
    size_t n = strlen(B->text) + 1 + strlen(N->text);
    char *s = cc_alloc(cc, n + 1);
    strcpy(s, B->text); strcat(s, "."); strcat(s, N->text);
    A->text = s; A->len = n;
}

/* ---- JSON objects ------------------------------------------------------ */

object_head(A) ::= OBJECT name(N) tparams base_opt by_opt oflags. {
    A = F(cc)->objects.items[F(cc)->objects.n - 1];
    A->name = N->text; A->at = N->at;
}
tparams ::= object_start.
tparams ::= object_start LT namelist(L) GT. {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1]; o->params = *L;
}
object_start ::= . {
    jobject *o = cc_alloc(cc, sizeof *o);
    o->since = -1; o->until = -1;
    vec_push(cc, &F(cc)->objects, o);
}
base_opt ::= .
base_opt ::= COLON name(B). { ((jobject *)F(cc)->objects.items[F(cc)->objects.n - 1])->base = B->text; }
by_opt ::= .
by_opt ::= BY name(D). {
    ((jobject *)F(cc)->objects.items[F(cc)->objects.n - 1])->discriminator = D->text;
}
oflags ::= .
oflags ::= oflags oflag.
/* what messages call the object ("keyframe"), when its name is the schema's own */
oflag ::= STRING(S). { ((jobject *)F(cc)->objects.items[F(cc)->objects.n - 1])->label = S->text; }
/* `named by <member>` (a family's root): diagnostics name the family's objects */
oflag ::= name(K) BY name(N). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    if (strcmp(K->text, "named") != 0)
        cc_error(cc, K->at, "unexpected '%s' (an object's flags: a label, abstract, ordered, closed, open, since, "
                            "until, named by <member>)", K->text);
    o->named_by = N->text; o->named_by_at = N->at;
}
oflag ::= ABSTRACT. { ((jobject *)F(cc)->objects.items[F(cc)->objects.n - 1])->abstract = true; }
oflag ::= ORDERED CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1]; o->ordered_code = C->text; o->ordered_at = C->at;
}
oflag ::= CLOSED CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1]; o->closed_code = C->text; o->closed_at = C->at;
}
oflag ::= OPEN CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1]; o->open_code = C->text; o->open_at = C->at;
}
oflag ::= SINCE INT(V) vcode(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    set_version(&o->since, &o->since_code, &o->since_at, V, C);
}
oflag ::= UNTIL INT(V) vcode(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    set_version(&o->until, &o->until_code, &o->until_at, V, C);
}
vcode(A) ::= . { A = NULL; }
vcode(A) ::= CODE(C). { A = C; }

jmembers ::= .
jmembers ::= jmembers jmember(M). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1]; vec_push(cc, &o->members, M);
}
jmember(A) ::= jname(N) COLON jtype(T) jdefault(D) jconslist(C) versions. {
    A = F(cc)->jm_pending; F(cc)->jm_pending = NULL;
    if (!A) { A = cc_alloc(cc, sizeof *A); A->since = -1; A->until = -1; }
    A->name = N->text; A->at = N->at; A->optional = false; A->type = T; A->def = D; A->cons = *C;
}
jmember(A) ::= jname(N) QUESTION COLON jtype(T) jdefault(D) jconslist(C) versions. {
    A = F(cc)->jm_pending; F(cc)->jm_pending = NULL;
    if (!A) { A = cc_alloc(cc, sizeof *A); A->since = -1; A->until = -1; }
    A->name = N->text; A->at = N->at; A->optional = true; A->type = T; A->def = D; A->cons = *C;
}
jname(A) ::= name(N). { A = N; }
jname(A) ::= STRING(S). { A = S; }
jdefault(A) ::= . { A = NULL; }
jdefault(A) ::= ASSIGN INT(T). { A = mk_expr(cc, E_INT, T->at, T->text); }
jdefault(A) ::= ASSIGN FLOAT(T). { A = mk_expr(cc, E_FLOAT, T->at, T->text); }
jdefault(A) ::= ASSIGN MINUS(M) INT(T). {
    A = mk_expr(cc, E_NEG, M->at, NULL); A->lhs = mk_expr(cc, E_INT, T->at, T->text);
}
jdefault(A) ::= ASSIGN MINUS(M) FLOAT(T). {
    A = mk_expr(cc, E_NEG, M->at, NULL); A->lhs = mk_expr(cc, E_FLOAT, T->at, T->text);
}
jdefault(A) ::= ASSIGN name(T). { A = mk_expr(cc, E_NAME, T->at, T->text); }
jdefault(A) ::= ASSIGN NULLKW(T). { A = mk_expr(cc, E_NAME, T->at, "null"); }
jdefault(A) ::= ASSIGN STRING(S). { A = mk_expr(cc, E_NAME, S->at, S->text); A->op = "string"; }
/* a JSON object or array, or defaults by version: `= (false until 5, "NoMask" since 6)` */
jdefault(A) ::= ASSIGN jcompound(L). { A = NULL; add_default(cc, L, -1, -1, L->at); }
jdefault(A) ::= ASSIGN LPAREN vdefaults RPAREN. { A = NULL; }
vdefaults ::= vdefault.
vdefaults ::= vdefaults COMMA vdefault.
vdefault ::= jlit(L) SINCE INT(S). { add_default(cc, L, int_of(S), -1, L->at); }
vdefault ::= jlit(L) UNTIL INT(U). { add_default(cc, L, -1, int_of(U), L->at); }
vdefault ::= jlit(L) SINCE INT(S) UNTIL INT(U). { add_default(cc, L, int_of(S), int_of(U), L->at); }
jlit(A) ::= jcompound(L). { A = L; }
jlit(A) ::= INT(T). { A = mk_lit(cc, JL_NUMBER, T->at); A->text = T->text; }
jlit(A) ::= FLOAT(T). { A = mk_lit(cc, JL_NUMBER, T->at); A->text = T->text; }
jlit(A) ::= MINUS(M) INT(T). { A = mk_lit(cc, JL_NUMBER, M->at); A->text = neg_text(cc, T); }
jlit(A) ::= MINUS(M) FLOAT(T). { A = mk_lit(cc, JL_NUMBER, M->at); A->text = neg_text(cc, T); }
jlit(A) ::= STRING(S). { A = mk_lit(cc, JL_STRING, S->at); A->text = S->text; A->len = S->len; }
jlit(A) ::= NULLKW(T). { A = mk_lit(cc, JL_NULL, T->at); }
jlit(A) ::= name(T). {
    A = mk_lit(cc, JL_BOOL, T->at); A->truth = strcmp(T->text, "true") == 0;
    if (!A->truth && strcmp(T->text, "false") != 0)
        cc_error(cc, T->at, "'%s' is no JSON literal (null, true, false, a number, a \"string\", {...}, [...])", T->text);
}
jcompound(A) ::= LBRACE(B) RBRACE. { A = mk_lit(cc, JL_OBJECT, B->at); }
jcompound(A) ::= LBRACE(B) jpairs(P) RBRACE. { A = P; A->at = B->at; }
jcompound(A) ::= LBRACKET(B) RBRACKET. { A = mk_lit(cc, JL_ARRAY, B->at); }
jcompound(A) ::= LBRACKET(B) jitems(P) RBRACKET. { A = P; A->at = B->at; }
jpairs(A) ::= STRING(K) COLON jlit(V). { A = mk_lit(cc, JL_OBJECT, K->at); vec_push(cc, &A->keys, K); vec_push(cc, &A->items, V); }
jpairs(A) ::= jpairs(B) COMMA STRING(K) COLON jlit(V). { A = B; vec_push(cc, &A->keys, K); vec_push(cc, &A->items, V); }
jitems(A) ::= jlit(V). { A = mk_lit(cc, JL_ARRAY, V->at); vec_push(cc, &A->items, V); }
jitems(A) ::= jitems(B) COMMA jlit(V). { A = B; vec_push(cc, &A->items, V); }
jconslist(A) ::= . [EMPTY] { A = cc_alloc(cc, sizeof *A); }
jconslist(A) ::= jcons(C). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, C); }
jconslist(A) ::= jconslist(B) COMMA jcons(C). { A = B; vec_push(cc, A, C); }
jcons(A) ::= jcbody(B) CODE(C) fatal_opt(X). { A = B; A->code = C->text; A->code_at = C->at; A->fatal = X; }
jcons(A) ::= jxbody(B) CODE(C) fatal_opt(X). { A = B; A->code = C->text; A->code_at = C->at; A->fatal = X; }
/* A hook of the format reports the member's values of the wrong type. */
jcons(A) ::= KIND(T) BY name(N). { A = mk_cons(cc, C_KIND, T->at); A->name = N->text; }
versions ::= .
versions ::= versions SINCE INT(V) vcode(C). {
    jmember *m = jm_pending(cc);
    set_version(&m->since, &m->since_code, &m->since_at, V, C);
}
versions ::= versions UNTIL INT(V) vcode(C). {
    jmember *m = jm_pending(cc);
    set_version(&m->until, &m->until_code, &m->until_at, V, C);
}

wheres ::= .
wheres ::= wheres WHERE name(N) COLON jcbody(B) CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    B->code = C->text; B->code_at = C->at; B->value = mk_expr(cc, E_NAME, N->at, N->text);
    vec_push(cc, &o->wheres, B);
}

wheres ::= wheres WHERE ONEOF(T) LPAREN namelist(L) RPAREN CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    jgroup *g = cc_alloc(cc, sizeof *g);
    g->oneof = true; g->names = *L; g->code = C->text; g->code_at = C->at; g->at = T->at;
    vec_push(cc, &o->groups, g);
}
/* at least one of the members is a non-empty string */
wheres ::= wheres WHERE NONEMPTY(T) LPAREN namelist(L) RPAREN CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    jgroup *g = cc_alloc(cc, sizeof *g);
    g->oneof = false; g->nonempty = true; g->names = *L; g->code = C->text; g->code_at = C->at; g->at = T->at;
    vec_push(cc, &o->groups, g);
}
wheres ::= wheres WHERE TOGETHER(T) LPAREN namelist(L) RPAREN CODE(C). {
    jobject *o = F(cc)->objects.items[F(cc)->objects.n - 1];
    jgroup *g = cc_alloc(cc, sizeof *g);
    g->oneof = false; g->names = *L; g->code = C->text; g->code_at = C->at; g->at = T->at;
    vec_push(cc, &o->groups, g);
}

namelist(A) ::= name(N). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, N); }
namelist(A) ::= STRING(N). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, N); }
namelist(A) ::= namelist(B) COMMA name(N). { A = B; vec_push(cc, A, N); }
namelist(A) ::= namelist(B) COMMA STRING(N). { A = B; vec_push(cc, A, N); }

jtype(A) ::= jterm(T). { A = T; }
jtype(A) ::= jtype(L) PIPE jterm(R). {
    if (L->kind == J_UNION) { A = L; }
    else { A = cc_alloc(cc, sizeof *A); A->kind = J_UNION; A->at = L->at; vec_push(cc, &A->args, L); }
    vec_push(cc, &A->args, R);
}
/* a union alternative with versions: `(bool until 5 @code) | (MaskMode since 6 @code)`
   (a lone one is a union of one alternative, which the checker refuses) */
jtype(A) ::= jvalt(R). {
    A = cc_alloc(cc, sizeof *A); A->kind = J_UNION; A->at = R->at;
    vec_push(cc, &A->args, (void *)R->term); R->index = 0; vec_push(cc, &A->altv, R);
}
jtype(A) ::= jtype(L) PIPE jvalt(R). {
    if (L->kind == J_UNION) { A = L; }
    else { A = cc_alloc(cc, sizeof *A); A->kind = J_UNION; A->at = L->at; vec_push(cc, &A->args, L); }
    R->index = A->args.n; vec_push(cc, &A->args, (void *)R->term); vec_push(cc, &A->altv, R);
}
jvalt(A) ::= LPAREN(P) jterm(T) SINCE INT(S) vcode(C) RPAREN. {
    A = mk_altv(cc, P, T); set_version(&A->since, &A->since_code, &A->since_at, S, C);
}
jvalt(A) ::= LPAREN(P) jterm(T) UNTIL INT(U) vcode(C) RPAREN. {
    A = mk_altv(cc, P, T); set_version(&A->until, &A->until_code, &A->until_at, U, C);
}
jvalt(A) ::= LPAREN(P) jterm(T) SINCE INT(S) vcode(C) UNTIL INT(U) vcode(D) RPAREN. {
    A = mk_altv(cc, P, T); set_version(&A->since, &A->since_code, &A->since_at, S, C);
    set_version(&A->until, &A->until_code, &A->until_at, U, D);
}
jterm(A) ::= name(N) targs(G). {
    A = cc_alloc(cc, sizeof *A); A->kind = J_NAMED; A->at = N->at; A->name = N->text;
    if (G) A->args = *G;
}
jterm(A) ::= NULLKW(T). { A = cc_alloc(cc, sizeof *A); A->kind = J_NULL; A->at = T->at; A->name = "null"; }
jterm(A) ::= LBRACKET(T) jtype(E) RBRACKET. {
    A = cc_alloc(cc, sizeof *A); A->kind = J_ARRAY; A->at = T->at; A->elem = E;
}
jterm(A) ::= MAP(T) LT jtype(E) GT. {
    A = cc_alloc(cc, sizeof *A); A->kind = J_MAP; A->at = T->at; A->elem = E;
}
jterm(A) ::= REF(T) LT name(N) GT. {
    A = cc_alloc(cc, sizeof *A); A->kind = J_REF; A->at = T->at; A->name = N->text;
}
jterm(A) ::= ENUM(T) LBRACE enames(L) RBRACE. { A = mk_enum(cc, T->at, L); }
enames(A) ::= ename(N). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, N); }
enames(A) ::= enames(B) COMMA ename(N). { A = B; vec_push(cc, A, N); }
ename(A) ::= name(N). {
    A = cc_alloc(cc, sizeof *A); A->name = N->text; A->at = N->at; A->since = -1; A->until = -1;
}
ename(A) ::= STRING(N). {
    A = cc_alloc(cc, sizeof *A); A->name = N->text; A->at = N->at; A->since = -1; A->until = -1;
}
ename(A) ::= ename(B) SINCE INT(V). { A = B; A->since = int_of(V); }
ename(A) ::= ename(B) UNTIL INT(V). { A = B; A->until = int_of(V); }
ename(A) ::= ename(B) CODE(C). { A = B; A->code = C->text; A->code_at = C->at; }
jterm(A) ::= BY(T) name(N) LBRACE jarms(R) RBRACE. {
    A = cc_alloc(cc, sizeof *A); A->kind = J_BY; A->at = T->at; A->name = N->text; A->arms = *R;
}
targs(A) ::= . { A = NULL; }
targs(A) ::= LT jtypelist(L) GT. { A = L; }
jtypelist(A) ::= jtype(T). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, T); }
jtypelist(A) ::= jtypelist(B) COMMA jtype(T). { A = B; vec_push(cc, A, T); }
jarms(A) ::= jarm(R). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, R); }
jarms(A) ::= jarms(B) COMMA jarm(R). { A = B; vec_push(cc, A, R); }
jarm(A) ::= name(N) ARROW jtype(T). { A = cc_alloc(cc, sizeof *A); A->tag = N->text; A->type = T; A->at = N->at; }
jarm(A) ::= STRING(N) ARROW jtype(T). { A = cc_alloc(cc, sizeof *A); A->tag = N->text; A->type = T; A->at = N->at; }

/* JSON: migrations between versions (gen/rt/ak_jmigrate.h): a step is a
   list of statements `<objects>: <action>, ...`, run in order */
item ::= mstep(S) LBRACE mstatements(L) RBRACE. { S->statements = *L; vec_push(cc, &F(cc)->steps, S); }
mstep(A) ::= UPGRADE(U) TO INT(N) vcode(C). {
    A = cc_alloc(cc, sizeof *A); A->version = int_of(N); A->at = U->at;
    if (C) A->code = C->text, A->code_at = C->at;
}
mstep(A) ::= DOWNGRADE(U) TO INT(N) vcode(C). {
    A = cc_alloc(cc, sizeof *A); A->version = int_of(N); A->at = U->at; A->down = true;
    if (C) A->code = C->text, A->code_at = C->at;
}
mstatements(A) ::= mstatement(T). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, T); }
mstatements(A) ::= mstatements(B) mstatement(T). { A = B; vec_push(cc, A, T); }
mstatement(A) ::= namelist(L) COLON mactions(T). { A = T; A->objects = *L; }
mactions(A) ::= maction(X). { A = cc_alloc(cc, sizeof *A); vec_push(cc, &A->actions, X); }
mactions(A) ::= mactions(B) COMMA maction(X). { A = B; vec_push(cc, &A->actions, X); }
maction(A) ::= ADD(V) mpath(P). { A = cc_alloc(cc, sizeof *A); A->op = JM_ADD; A->at = V->at; A->path = P; }
maction(A) ::= ADD(V) mpath(P) ASSIGN mlit(L). {
    A = cc_alloc(cc, sizeof *A); A->op = JM_ADD; A->at = V->at; A->path = P; A->value = L;
}
maction(A) ::= COPY(V) mpath(P) ARROW mpath(T). {
    A = cc_alloc(cc, sizeof *A); A->op = JM_COPY; A->at = V->at; A->path = P; A->to = T;
}
maction(A) ::= MOVE(V) mpath(P) ARROW mpath(T). {
    A = cc_alloc(cc, sizeof *A); A->op = JM_MOVE; A->at = V->at; A->path = P; A->to = T;
}
maction(A) ::= RETYPE(V) name(N). { A = cc_alloc(cc, sizeof *A); A->op = JM_RETYPE; A->at = V->at; A->type = N; }
maction(A) ::= WRAP(V) mpath(P) ARROW name(N) SLASH mseg(M). {
    A = cc_alloc(cc, sizeof *A); A->op = JM_WRAP; A->at = V->at; A->path = P; A->type = N;
    A->to = cc_alloc(cc, sizeof *A->to); A->to->at = M->at; vec_push(cc, &A->to->segs, M);
}
maction(A) ::= HOOK(V) name(N). { A = cc_alloc(cc, sizeof *A); A->op = JM_HOOK; A->at = V->at; A->type = N; }
maction(A) ::= MAP(V) mpath(P) LBRACE mpairs(M) RBRACE. { A = M; A->op = JM_MAP; A->at = V->at; A->path = P; }
maction(A) ::= DROP(V) mpath(P) mdrop(D). { A = D; A->op = JM_DROP; A->at = V->at; A->path = P; }
maction(A) ::= WARN(V) mpath(P) EQ mlit(L) STRING(S). {
    A = cc_alloc(cc, sizeof *A); A->op = JM_WARN; A->at = V->at; A->path = P; A->value = L; A->text = S->text;
}
mdrop(A) ::= . { A = cc_alloc(cc, sizeof *A); }
mdrop(A) ::= UNLESS mlit(L). { A = cc_alloc(cc, sizeof *A); A->value = L; }
mdrop(A) ::= LOSS STRING(S). { A = cc_alloc(cc, sizeof *A); A->text = S->text; }
mdrop(A) ::= UNLESS mlit(L) LOSS STRING(S). { A = cc_alloc(cc, sizeof *A); A->value = L; A->text = S->text; }
mpairs(A) ::= mlit(F) ARROW mlit(T). { A = cc_alloc(cc, sizeof *A); vec_push(cc, &A->pairs, F); vec_push(cc, &A->pairs, T); }
mpairs(A) ::= STAR ARROW mlit(T). { A = cc_alloc(cc, sizeof *A); vec_push(cc, &A->pairs, NULL); vec_push(cc, &A->pairs, T); }
mpairs(A) ::= mpairs(B) COMMA mlit(F) ARROW mlit(T). { A = B; vec_push(cc, &A->pairs, F); vec_push(cc, &A->pairs, T); }
mpairs(A) ::= mpairs(B) COMMA STAR ARROW mlit(T). { A = B; vec_push(cc, &A->pairs, NULL); vec_push(cc, &A->pairs, T); }
mlit(A) ::= jlit(L). { A = L; }
mpath(A) ::= mrel(P). { A = P; }
mpath(A) ::= SLASH(S) mrel(P). { A = P; A->absolute = true; A->at = S->at; }
mrel(A) ::= mseg(S). { A = cc_alloc(cc, sizeof *A); A->at = S->at; vec_push(cc, &A->segs, S); }
mrel(A) ::= mrel(B) SLASH mseg(S). { A = B; vec_push(cc, &A->segs, S); }
mseg(A) ::= name(N). { A = N; }
mseg(A) ::= INT(N). { A = N; }

/* ---- the model section (binary layouts): check_model.c, emit_model.c ------ */

%type md_quat {int}
%type md_pair {mpair *}
%type md_namelist {vec *}
%type md_number {token *}

%include {
static model_decl *MD(compiler *cc) { return cc->format->model; }

static mkeys *mk_keys(compiler *cc, token *array)
{
    mkeys *k = cc_alloc(cc, sizeof *k);
    k->at = array->at;
    k->array = array;
    return k;
}

/* The track or body being declared: where its parts go. */
static mtrack *MT(compiler *cc) { return cc->format->mt_pending; }

static mmap *mk_map(compiler *cc, mmap_kind kind, token *en)
{
    mmap *m = cc_alloc(cc, sizeof *m);
    m->kind = kind;
    m->at = en->at;
    m->enum_name = en;
    vec_push(cc, &MD(cc)->maps, m);
    return m;
}

static mmap *map_pending(compiler *cc)
{
    vec *v = &MD(cc)->maps;
    return v->items[v->n - 1];
}

/* A part given twice is an error: the second would silently win. */
static void set_once(compiler *cc, token **slot, token *value, const char *what)
{
    if (*slot)
        cc_error(cc, value->at, "%s is given twice", what);
    *slot = value;
}
}

item ::= md_model_head md_items RBRACE.
md_model_head ::= MODEL(M) LBRACE. {
    if (F(cc)->model)
        cc_error(cc, M->at, "a format has one model section");
    F(cc)->model = cc_alloc(cc, sizeof *F(cc)->model);
    F(cc)->model->at = M->at;
}
md_items ::= .
md_items ::= md_items md_item.
md_item ::= MNAME dotted(X). { set_once(cc, &MD(cc)->name, X, "name"); }
md_item ::= START expr(E). { MD(cc)->start = E; }
md_item ::= END expr(E). { MD(cc)->end = E; }
md_item ::= LOOPING expr(E). { MD(cc)->looping = E; }
md_item ::= LOSS CODE(C). { MD(cc)->loss_code = C->text; MD(cc)->loss_at = C->at; }
md_item ::= REFUSED CODE(C). { MD(cc)->refused_code = C->text; MD(cc)->refused_at = C->at; }
md_item ::= ANIMATION BY name(H). { set_once(cc, &MD(cc)->anim_hook, H, "animation by"); }
md_item ::= TRACKS BY name(H). { set_once(cc, &MD(cc)->tracks_hook, H, "tracks by"); }
md_item ::= NAMES LBRACE md_names RBRACE.
md_item ::= NAMES LBRACE md_names COMMA RBRACE.
md_names ::= md_name.
md_names ::= md_names COMMA md_name.
md_name ::= dotted(N) ARROW name(P) md_quat(Q). {
    mname *m = cc_alloc(cc, sizeof *m);
    *m = (mname){N, P, NULL, Q};
    vec_push(cc, &MD(cc)->names, m);
}
md_name ::= dotted(N) ARROW name(P) DOT name(C) md_quat(Q). {
    mname *m = cc_alloc(cc, sizeof *m);
    *m = (mname){N, P, C, Q};
    vec_push(cc, &MD(cc)->names, m);
}
md_quat(A) ::= . { A = -1; }
md_quat(A) ::= QUATERNION. { A = 1; }
md_quat(A) ::= EULER. { A = 0; }
md_item ::= md_map_head md_pairs RBRACE.
md_item ::= md_map_head md_pairs COMMA RBRACE.
md_map_head ::= INFINITY name(E) LBRACE. { mk_map(cc, MM_INFINITY, E); }
md_map_head ::= INTERPOLATION name(E) LBRACE. { mk_map(cc, MM_INTERP, E); }
md_map_head ::= MKIND name(E) LBRACE. { mk_map(cc, MM_KIND, E); }
md_pairs ::= md_pair(P). { vec_push(cc, &map_pending(cc)->pairs, P); }
md_pairs ::= md_pairs COMMA md_pair(P). { vec_push(cc, &map_pending(cc)->pairs, P); }
md_pair(A) ::= name(X) ARROW name(T). { A = cc_alloc(cc, sizeof *A); A->from = X; A->to = T; }
md_pair(A) ::= STAR ARROW name(T). { A = cc_alloc(cc, sizeof *A); A->to = T; }

/* track S<args> <value type> <kind> { parts } */
md_item ::= md_track_head md_tparts RBRACE. { F(cc)->mt_pending = NULL; }
md_track_head ::= TRACK(K) name(S) name(V) name(D) LBRACE. {
    mtrack *t = cc_alloc(cc, sizeof *t);
    t->at = K->at;
    t->name = S;
    t->vtype = V;
    t->kind = D;
    vec_push(cc, &MD(cc)->tracks, t);
    F(cc)->mt_pending = t;
}
md_track_head ::= TRACK(K) name(S) LT targlist(L) GT name(V) name(D) LBRACE. {
    mtrack *t = cc_alloc(cc, sizeof *t);
    t->at = K->at;
    t->name = S;
    t->targs = *L;
    t->vtype = V;
    t->kind = D;
    vec_push(cc, &MD(cc)->tracks, t);
    F(cc)->mt_pending = t;
}
/* tracks A { parts, body T { parts } } */
md_item ::= md_tracks_head md_tparts RBRACE. { F(cc)->mt_pending = NULL; F(cc)->mt_outer = NULL; }
md_tracks_head ::= TRACKS(K) dotted(A) LBRACE. {
    mtrack *t = cc_alloc(cc, sizeof *t);
    t->at = K->at;
    t->list = true;
    t->name = A;
    vec_push(cc, &MD(cc)->tracks, t);
    F(cc)->mt_pending = F(cc)->mt_outer = t;
}
md_tparts ::= .
md_tparts ::= md_tparts md_tpart.
md_tpart ::= PRE dotted(X). { set_once(cc, &MT(cc)->pre, X, "pre"); }
md_tpart ::= POST dotted(X). { set_once(cc, &MT(cc)->post, X, "post"); }
md_tpart ::= AFTER name(H). { set_once(cc, &MT(cc)->after, H, "after"); }
md_tpart ::= NODE dotted(X). { set_once(cc, &MT(cc)->node, X, "node"); }
md_tpart ::= PROPERTY dotted(X). { set_once(cc, &MT(cc)->property, X, "property"); }
md_tpart ::= TYPE dotted(X) WRITES dotted(W). {
    set_once(cc, &MT(cc)->type_field, X, "type");
    MT(cc)->type_write = W;
}
md_tpart ::= MKIND dotted(X) WRITES dotted(W). {
    set_once(cc, &MT(cc)->kind_field, X, "kind");
    MT(cc)->kind_write = W;
}
md_tpart ::= INTERVAL dotted(X). { set_once(cc, &MT(cc)->interval, X, "interval"); }
md_tpart ::= VALUES dotted(X). { set_once(cc, &MT(cc)->values, X, "values"); }
md_tpart ::= md_body_head md_tparts RBRACE. { F(cc)->mt_pending = F(cc)->mt_outer; }
md_body_head ::= BODY(K) name(T) LBRACE. {
    mtrack *b = cc_alloc(cc, sizeof *b);
    b->at = K->at;
    b->name = T;
    if (!F(cc)->mt_outer || F(cc)->mt_pending != F(cc)->mt_outer)
        cc_error(cc, K->at, "body is a part of a `tracks` block");
    else
        vec_push(cc, &F(cc)->mt_outer->bodies, b);
    F(cc)->mt_pending = b;
}
md_namelist(A) ::= name(N). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, N); }
md_namelist(A) ::= md_namelist(B) name(N). { A = B; vec_push(cc, A, N); }
md_tpart ::= md_keys_head md_kparts RBRACE. { F(cc)->mk_pending = NULL; }
md_keys_head ::= KEYS dotted(A) LBRACE. {
    mkeys *k = mk_keys(cc, A);
    if (MT(cc)->keys)
        cc_error(cc, A->at, "keys are given twice");
    MT(cc)->keys = k;
    F(cc)->mk_pending = k;
}
md_kparts ::= .
md_kparts ::= md_kparts md_kpart.
md_kpart ::= TIME dotted(X). { set_once(cc, &F(cc)->mk_pending->time, X, "time"); }
md_kpart ::= TIME dotted(X) STAR md_number(N). {
    set_once(cc, &F(cc)->mk_pending->time, X, "time");
    F(cc)->mk_pending->time_op = "*";
    F(cc)->mk_pending->time_scale = N;
}
md_kpart ::= TIME dotted(X) SLASH md_number(N). {
    set_once(cc, &F(cc)->mk_pending->time, X, "time");
    F(cc)->mk_pending->time_op = "/";
    F(cc)->mk_pending->time_scale = N;
}
md_kpart ::= BY name(H). { set_once(cc, &F(cc)->mk_pending->hook, H, "by"); }
md_kpart ::= BY name(H) WITH md_namelist(P). {
    set_once(cc, &F(cc)->mk_pending->hook, H, "by");
    F(cc)->mk_pending->parts = *P;
}
md_kpart ::= VALUE dotted(X). { set_once(cc, &F(cc)->mk_pending->value, X, "value"); }
md_kpart ::= VALUE dotted(X) GT md_number(N). {
    set_once(cc, &F(cc)->mk_pending->value, X, "value");
    F(cc)->mk_pending->threshold = N;
}
md_kpart ::= INTERP dotted(X). { set_once(cc, &F(cc)->mk_pending->interp, X, "interp"); }
md_kpart ::= INTERP dotted(X) PIPE dotted(S). {
    set_once(cc, &F(cc)->mk_pending->interp, X, "interp");
    F(cc)->mk_pending->interp_shared = S;
}
md_kpart ::= TANGENTS dotted(A) LBRACE IN name(L) COMMA OUT name(R) RBRACE. {
    set_once(cc, &F(cc)->mk_pending->tangents, A, "tangents");
    F(cc)->mk_pending->tan_in = L;
    F(cc)->mk_pending->tan_out = R;
}
/* attribute "<id>.<field>" F [hex] [unless E], at the top or in an `in` block */
%type md_attribute {mattr *}
%type md_hex {bool}
%type md_unless {expr *}
md_item ::= md_attribute(X). { vec_push(cc, &MD(cc)->attrs, X); }
md_attribute(A) ::= ATTRIBUTE STRING(N) dotted(F) md_hex(H) md_unless(U). {
    A = cc_alloc(cc, sizeof *A);
    *A = (mattr){N, F, H, U};
}
md_hex(A) ::= . { A = false; }
md_hex(A) ::= HEX. { A = true; }
md_unless(A) ::= . { A = NULL; }
md_unless(A) ::= UNLESS expr(E). { A = E; }
/* in S, T { looping E  attribute ... }: over the fields of the root's switch arms */
md_item ::= md_in_head md_aitems RBRACE.
md_in_head ::= IN(K) targlist(L) LBRACE. {
    marm *a = cc_alloc(cc, sizeof *a);
    a->at = K->at;
    a->arms = *L;
    vec_push(cc, &MD(cc)->arms, a);
}
md_aitems ::= .
md_aitems ::= md_aitems md_aitem.
md_aitem ::= LOOPING(K) expr(E). {
    marm *a = MD(cc)->arms.items[MD(cc)->arms.n - 1];
    if (a->looping)
        cc_error(cc, K->at, "looping is given twice");
    a->looping = E;
}
md_aitem ::= md_attribute(X). {
    marm *a = MD(cc)->arms.items[MD(cc)->arms.n - 1];
    vec_push(cc, &a->attrs, X);
}
/* option O => F { word => value, ... } */
md_item ::= md_option_head md_opairs RBRACE.
md_item ::= md_option_head md_opairs COMMA RBRACE.
md_option_head ::= OPTION name(O) ARROW dotted(F) LBRACE. {
    mopt *o = cc_alloc(cc, sizeof *o);
    o->option = O;
    o->field = F;
    vec_push(cc, &MD(cc)->options, o);
}
md_opairs ::= md_opair.
md_opairs ::= md_opairs COMMA md_opair.
md_opair ::= name(W) ARROW INT(V). {
    mpair *p = cc_alloc(cc, sizeof *p);
    p->from = W;
    p->to = V;
    mopt *o = MD(cc)->options.items[MD(cc)->options.n - 1];
    vec_push(cc, &o->pairs, p);
}
md_item ::= OBJECTS STRING(P). { set_once(cc, &MD(cc)->objects, P, "objects"); }
/* headers except bitstream: arrays a `tracks by` hook does not read for a model of headers (--list) */
md_item ::= HEADERS(K) EXCEPT namelist(L). {
    if (MD(cc)->headers_except.n)
        cc_error(cc, K->at, "headers except is given twice");
    MD(cc)->headers_except = *L;
    MD(cc)->headers_except_at = K->at;
}
md_number(A) ::= INT(N). { A = N; }
md_number(A) ::= FLOAT(N). { A = N; }

/* ---- the JSON half of the model section (check_model_json.c, emit_model_json.c) ---- */

%type md_tlist {vec *}
%type md_vtlist {vec *}

/* main "/animation", "/assets/compositions/values/0": the main object, the first that is there */
md_item ::= MAIN md_mains.
md_mains ::= STRING(S). { vec_push(cc, &MD(cc)->mains, S); }
md_mains ::= md_mains COMMA STRING(S). { vec_push(cc, &MD(cc)->mains, S); }
/* node name [writes Layer in shapes]: object paths are the names of nodes; a new file's nodes */
md_item ::= NODE dotted(N). { set_once(cc, &MD(cc)->node_name, N, "node"); }
md_item ::= NODE dotted(N) WRITES name(O) IN dotted(A). {
    set_once(cc, &MD(cc)->node_name, N, "node");
    MD(cc)->node_object = O;
    MD(cc)->node_array = A;
}
/* objects Group, Ellipse, ... in shapes: what a new file's path elements may be, by their animated properties */
md_item ::= OBJECTS(K) md_vtlist(L) IN dotted(A). {
    if (MD(cc)->node_objects.n)
        cc_error(cc, K->at, "objects is given twice");
    MD(cc)->node_objects = *L;
    MD(cc)->node_objects_array = A;
}
/* loss anim_bezier, anim_stops "animated beziers": instances with keys are no tracks (said once) */
md_item ::= LOSS md_vtlist(L) STRING(S). { MD(cc)->lost = *L; set_once(cc, &MD(cc)->lost_what, S, "loss ... \"what\""); }
/* json indent 2, numbers ecmascript: the layout of a new file */
md_item ::= JSON md_jopts.
md_jopts ::= md_jopt.
md_jopts ::= md_jopts COMMA md_jopt.
md_jopt ::= name(K) INT(V). { vec_push(cc, &MD(cc)->json_options, K); vec_push(cc, &MD(cc)->json_options, V); }
md_jopt ::= name(K) name(V). { vec_push(cc, &MD(cc)->json_options, K); vec_push(cc, &MD(cc)->json_options, V); }
/* track a, b, c <value type> <kind> { parts }: the same parts for several objects */
md_track_head ::= TRACK(K) md_tlist(L) name(V) name(D) LBRACE. {
    mtrack *t = cc_alloc(cc, sizeof *t);
    t->at = K->at;
    t->name = L->items[0];
    for (size_t i = 1; i < L->n; i++)
        vec_push(cc, &t->also, L->items[i]);
    t->vtype = V;
    t->kind = D;
    vec_push(cc, &MD(cc)->tracks, t);
    F(cc)->mt_pending = t;
}
md_tlist(A) ::= name(X) COMMA name(Y). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, X); vec_push(cc, A, Y); }
md_tlist(A) ::= md_tlist(B) COMMA name(Y). { A = B; vec_push(cc, A, Y); }
/* type valueType [except float2x2, ...], kind trackType: read and written in the same member */
md_tpart ::= TYPE dotted(X). { set_once(cc, &MT(cc)->type_field, X, "type"); }
md_tpart ::= TYPE dotted(X) EXCEPT md_vtlist(L). {
    set_once(cc, &MT(cc)->type_field, X, "type");
    MT(cc)->excepts = *L;
}
md_vtlist(A) ::= name(X). { A = cc_alloc(cc, sizeof *A); vec_push(cc, A, X); }
md_vtlist(A) ::= md_vtlist(B) COMMA name(X). { A = B; vec_push(cc, A, X); }
md_tpart ::= MKIND dotted(X). { set_once(cc, &MT(cc)->kind_field, X, "kind"); }
/* time time / fps: frames of the innermost object around that has `fps` */
md_kpart ::= TIME dotted(X) SLASH dotted(M). {
    set_once(cc, &F(cc)->mk_pending->time, X, "time");
    F(cc)->mk_pending->time_member = M;
}
/* tangents { in leftTangent, out rightTangent }: members of each key */
md_kpart ::= TANGENTS(T) LBRACE IN name(L) COMMA OUT name(R) RBRACE. {
    if (F(cc)->mk_pending->tangents_inline)
        cc_error(cc, T->at, "tangents is given twice");
    F(cc)->mk_pending->tangents_inline = true;
    F(cc)->mk_pending->tan_in = L;
    F(cc)->mk_pending->tan_out = R;
}

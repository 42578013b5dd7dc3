/* What the language server (lsp/, `animkit lsp`) knows of a format beyond
 * its ak_format entry: which rules have a mechanical fix, which name another
 * place of the document, what the document's outline is, and where the keys
 * of its curves are. All of it is declarative: the outline and the keys are
 * patterns over a JSON text's values, or over a text format's declared
 * document (read by its generated front end, with the byte spans its
 * grammar's actions record). A format declares it in formats/<id>/<id>_editor.c
 * (ak_add_editor in CMakeLists.txt puts it in ak_builtin_editors); the
 * server reads it and names no format itself. Internal: not installed.
 *
 * The fixes and outlines are generic mechanisms the server implements over
 * the text, the format's JSON Schema (ak_format.json_schema) and its
 * validator; a table entry only says which mechanism a rule's diagnostics
 * take. Every fix is checked by validating the changed text before it is
 * offered: it must remove a diagnostic of its rule at that place and add no
 * error. */
#ifndef AK_RUNTIME_EDITOR_H
#define AK_RUNTIME_EDITOR_H

#include <animkit/animkit.h>

#include <stdbool.h>
#include <stddef.h>

typedef enum ak_edit_fix {
    AK_FIX_NONE = 0,
    /* the JSON string at the diagnostic: to the spelling, differing only in
       ASCII case, of a name of the format's JSON Schema (an enum or const
       string) or of `arg` ("Hold|Linear": names the schema does not list) */
    AK_FIX_CASE,
    /* the ',' at the diagnostic, before a '}' or ']': removed */
    AK_FIX_TRAILING_COMMA,
    /* the JSON string at the diagnostic that holds a JSON number: that
       number, unquoted */
    AK_FIX_UNQUOTE,
    /* the JSON object at the diagnostic: the members its type requires and
       that it lacks, added with the default the JSON Schema declares; the
       type is $defs/<value of member `arg`> */
    AK_FIX_DEFAULTS,
    /* `arg` inserted right after the diagnostic's range (Maya's ';') */
    AK_FIX_APPEND,
} ak_edit_fix;

typedef enum ak_edit_related {
    AK_RELATED_NONE = 0,
    /* the diagnostic is at a repeated member name: the first member of
       that name in the object */
    AK_RELATED_FIRST_MEMBER,
    /* the diagnostic is at a string (a UUID, a reference): every other
       place where the same string stands, the object that declares it
       under member `arg` first */
    AK_RELATED_SAME_STRING,
} ak_edit_related;

/* What the server does for the diagnostics of one rule. */
typedef struct ak_edit_rule {
    const char *code;
    ak_edit_fix fix;
    const char *fix_arg;     /* AK_FIX_CASE, AK_FIX_DEFAULTS, AK_FIX_APPEND: see above */
    const char *fix_title;   /* the code action's title; NULL: the server's */
    ak_edit_related related;
    const char *related_arg; /* AK_RELATED_SAME_STRING: see above */
} ak_edit_rule;

/* LSP's SymbolKind values the outlines use. */
enum {
    AK_SYMBOL_MODULE = 2, AK_SYMBOL_NAMESPACE = 3, AK_SYMBOL_CLASS = 5, AK_SYMBOL_PROPERTY = 7,
    AK_SYMBOL_FIELD = 8, AK_SYMBOL_FUNCTION = 12, AK_SYMBOL_OBJECT = 19, AK_SYMBOL_EVENT = 24,
};

/* An outline entry is every object whose JSON Pointer matches `pattern`
 * (segments; "*" any one segment, "**" any number of them), when member
 * `when` (NULL: always) is the string `when_is`. Its name and detail are
 * templates: "{a/b}" is the value of the member at relative pointer a/b
 * (strings as they are, numbers as written), "{#}" the last segment of the
 * object's pointer, "{%}" how many entries the rule made before this one;
 * other text is kept; "A|B": the first alternative whose members all exist.
 * An entry inside another is its child in the outline; with `parent` (a
 * template, NULL: none) it is also the child of the last earlier entry of a
 * rule without `parent` when that entry's name is what `parent` gives
 * (Maya: a curve under the placeholder of its node), which then reaches to
 * its children's end.
 *
 * A JSON format's objects are its text's; a text format's (ak_editor.
 * document) are those of its document's dump, placed where its `span`
 * fields say: the first is the object's bytes, a second what names it. */
typedef struct ak_edit_symbol_rule {
    const char *pattern;
    const char *when, *when_is;
    const char *name, *detail;
    int kind;
    const char *parent;
} ak_edit_symbol_rule;

struct ak_ldocument;

typedef struct ak_editor {
    const char *format; /* ak_format.id */
    const ak_edit_rule *rules;
    size_t rule_count;
    /* the outline */
    const ak_edit_symbol_rule *symbols;
    size_t symbol_count;
    /* The JSON Pointer pattern of key K of the common model's track T
       (to_model), "#" standing for T, then for K
       ("/tracks/#/data/keyframes/#"); "%" for T counts only the elements
       that have the pattern's next member (Maya's "/entries/%/anim_data/
       keys/#": track T is the T-th curve, placeholders have no animData).
       NULL: none. */
    const char *key_pattern;
    /* Text formats: their declared document (generated: <id>_document),
       which the outline and key_pattern read; its decoder keeps what it
       read of a file with errors, so that the outline follows a file
       being typed. NULL: a JSON format (its text is the tree). */
    const struct ak_ldocument *document;
} ak_editor;

/* The built-in editors (generated by CMakeLists.txt, NULL-terminated). */
extern const ak_editor *const ak_builtin_editors[];

/* The editor of a format, NULL when it has none. */
const ak_editor *ak_editor_of(const ak_format *f);
/* The entry for a rule's code in e, NULL when there is none. */
const ak_edit_rule *ak_editor_rule(const ak_editor *e, const char *code);

#endif

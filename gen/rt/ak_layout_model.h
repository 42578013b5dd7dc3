/* Generic access to documents that animgen-generated decoders built (and
 * that model mappings build for the generated encoders), through the field
 * metadata: scalar fields by kind, and values of table entries as values of
 * the common model (runtime/model.h). Knows no format. */
#ifndef AK_LAYOUT_MODEL_H
#define AK_LAYOUT_MODEL_H

#include "ak_layout.h"
#include "model.h"

/* A scalar field (any integer kind, bool, f32, f64) of holder, as a number. */
double ak_lget_f64(const ak_lfield *f, const void *holder);
uint64_t ak_lget_u64(const ak_lfield *f, const void *holder);
/* Sets a scalar field (integers are truncated to the field's width). */
void ak_lset_f64(const ak_lfield *f, void *holder, double v);
void ak_lset_u64(const ak_lfield *f, void *holder, uint64_t v);
/* A string field (or element) at p. */
ak_lstr ak_lget_str(const void *p);

/* The value at p (a field, or an element of an array) of table entry e, as
 * a model value: components by kind (bool b[], unsigned u[], signed i[], f32
 * f[], f64 d[], nullable string s). Strings point into the document. */
void ak_lvalue_get(const ak_lentry *e, const void *p, ak_value *out);
/* The model value v written at p as entry e stores it. */
void ak_lvalue_set(const ak_lentry *e, void *p, const ak_value *v);
/* The smallest encoded size of entry e's values (a byte for bits, the null
   flag for a nullable string). */
size_t ak_lentry_size(const ak_lentry *e);

#endif

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-model-json.h — typed JSON getters for the model loader
 *
 * Each getter fails with a GError that names the model file, the JSON path
 * and what was expected ("intel-core2.json: metrics[3].unit: expected a
 * string, found a number"). Private to data/cs-model-*.c.
 */
#pragma once

#include <json.h>

#include "cs-model-private.h"

G_BEGIN_DECLS

typedef struct
{
  CsModel *model;   /* for its display name in messages */
} CsModelLoader;

/* Always returns FALSE, so that `return cs_json_fail (…);` reads well.
 * @path may be NULL or "" for the top level. */
gboolean    cs_json_fail             (CsModelLoader       *l,
                                      GError             **error,
                                      int                  code,
                                      const char          *path,
                                      const char          *format,
                                      ...) G_GNUC_PRINTF (5, 6);
const char *cs_json_type_name        (json_object         *obj);
char       *cs_json_join_path        (const char          *path,
                                      const char          *key);
/* Fails on a key of @obj that is not in @allowed. */
gboolean    cs_json_check_keys       (CsModelLoader       *l,
                                      json_object         *obj,
                                      const char          *path,
                                      const char * const  *allowed,
                                      GError             **error);
/* @out is NULL (and TRUE returned) when an optional key is absent or null. */
gboolean    cs_json_get_typed        (CsModelLoader       *l,
                                      json_object         *obj,
                                      const char          *path,
                                      const char          *key,
                                      json_type            type,
                                      const char          *expected,
                                      gboolean             required,
                                      json_object        **out,
                                      GError             **error);
gboolean    cs_json_get_string       (CsModelLoader       *l,
                                      json_object         *obj,
                                      const char          *path,
                                      const char          *key,
                                      gboolean             required,
                                      char               **out,
                                      GError             **error);
gboolean    cs_json_get_number       (CsModelLoader       *l,
                                      json_object         *obj,
                                      const char          *path,
                                      const char          *key,
                                      gboolean             required,
                                      double              *out,
                                      GError             **error);
gboolean    cs_json_get_bool         (CsModelLoader       *l,
                                      json_object         *obj,
                                      const char          *path,
                                      const char          *key,
                                      gboolean            *out,
                                      GError             **error);
gboolean    cs_json_get_string_array (CsModelLoader       *l,
                                      json_object         *obj,
                                      const char          *path,
                                      const char          *key,
                                      gboolean             required,
                                      char              ***out,
                                      GError             **error);
/* A top-level array. */
gboolean    cs_json_get_array        (CsModelLoader       *l,
                                      json_object         *root,
                                      const char          *key,
                                      gboolean             required,
                                      json_object        **array,
                                      GError             **error);
/* Item @i of @array, which must be an object. */
gboolean    cs_json_get_object_item  (CsModelLoader       *l,
                                      json_object         *array,
                                      gsize                i,
                                      const char          *path,
                                      json_object        **item,
                                      GError             **error);

G_END_DECLS

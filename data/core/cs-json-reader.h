/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-json-reader.h — reading JSON with the path of every member at hand
 *
 * The one typed getter layer over json-c for the files people write or
 * hand around (session.json, the model files): errors name the file, the
 * JSON path ("runs[2].counts[0].value") and what was expected. The reader
 * keeps the path of the member being read in a GString; each cs_jr_*()
 * getter pushes the member's key, checks it, and pops it again on success,
 * so on failure the path still points at the culprit. Not installed.
 */
#pragma once

#include <json-c/json.h>

#include "cs-error.h"

G_BEGIN_DECLS

typedef struct
{
  const char *filename;
  GString    *path;     /* JSON path of the member being read */
  GError    **error;
} CsJsonReader;

/* Parses @text (UTF-8, strict JSON, one value); syntax errors name the file,
 * line and column in characters (CS_DATA_ERROR_PARSE). Sessions and models
 * both read through it. */
json_object *cs_jr_parse       (const char    *text,
                                gssize         len,
                                const char    *filename,
                                GError       **error);

/* Sets the error "FILE: PATH: message"; always returns FALSE. */
gboolean     cs_jr_fail        (CsJsonReader  *r,
                                CsDataError    code,
                                const char    *format,
                                ...) G_GNUC_PRINTF (3, 4);
/* The same at the member @key of the object the path is on. */
gboolean     cs_jr_fail_at     (CsJsonReader  *r,
                                const char    *key,
                                CsDataError    code,
                                const char    *format,
                                ...) G_GNUC_PRINTF (4, 5);
/* "expected WHAT, found a string" */
gboolean     cs_jr_expected    (CsJsonReader  *r,
                                const char    *what,
                                json_object   *found);
gsize        cs_jr_push_key    (CsJsonReader  *r,
                                const char    *key);
gsize        cs_jr_push_index  (CsJsonReader  *r,
                                gsize          i);
void         cs_jr_pop         (CsJsonReader  *r,
                                gsize          len);

/* Looks @key up; missing is an error only when @what is given. Leaves the
 * path on the member (pop with *@saved). */
gboolean     cs_jr_member      (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                const char    *what,
                                json_object  **out,
                                gsize         *saved);
/* Arrays and objects; leaves the path on the member (pop with *@saved). */
gboolean     cs_jr_container   (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                json_type      type,
                                gboolean       required,
                                json_object  **out,
                                gsize         *saved);

/* Item @i of @array, which must be an object; leaves the path on the item
 * (pop with *@saved). */
gboolean     cs_jr_object_at   (CsJsonReader  *r,
                                json_object   *array,
                                gsize          i,
                                json_object  **out,
                                gsize         *saved);
/* Fails on a member of @obj whose key is not in @allowed (a misspelt
 * "formla" would otherwise be ignored). */
gboolean     cs_jr_check_keys  (CsJsonReader       *r,
                                json_object        *obj,
                                const char * const *allowed);

/* Scalars: an absent optional member leaves *@out unchanged (the default). */
gboolean     cs_jr_string      (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                gboolean       required,
                                gboolean       nullable,
                                char         **out);
/* 0 … G_MAXUINT64 - 1, plain integers only (no fraction, exponent, sign). */
gboolean     cs_jr_uint64      (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                gboolean       required,
                                guint64       *out);
gboolean     cs_jr_int         (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                gint64         min,
                                gint64         max,
                                gint64        *out);
/* A non-negative number; null reads as "not measured" (unchanged). */
gboolean     cs_jr_seconds     (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                double        *out);
/* Any number, integer or not; null only where optional. */
gboolean     cs_jr_number      (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                gboolean       required,
                                double        *out);
gboolean     cs_jr_bool        (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                gboolean      *out);
gboolean     cs_jr_string_list (CsJsonReader  *r,
                                json_object   *obj,
                                const char    *key,
                                gboolean       required,
                                GPtrArray     *out);

G_END_DECLS

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-json-writer.h — JSON appended to a string as it is produced
 *
 * The counting report of a session with 20 000 regions is 150 MB of JSON:
 * built as a json-c tree first it took 1.4 GB and seconds. The writer
 * appends each member as it comes, laid out and escaped byte for byte as
 * json-c prints a tree with JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED
 * | JSON_C_TO_STRING_NOSLASHESCAPE (what cs_cli_append_json() gives), so
 * the two can be mixed in one document and scripts see no difference.
 * Numbers that are not finite are written as null (JSON has no NaN).
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  GString    *out;
  GByteArray *open;       /* per open container: 1 once it has a member */
  gboolean    after_key;  /* the next value is a member's, not an item */
} CsJsonWriter;

/* Appends to @out, whose text so far ends where the document starts. */
void cs_json_writer_init  (CsJsonWriter *w,
                           GString      *out);
void cs_json_writer_clear (CsJsonWriter *w);

void cs_json_begin_object (CsJsonWriter *w);
void cs_json_end_object   (CsJsonWriter *w);
void cs_json_begin_array  (CsJsonWriter *w);
void cs_json_end_array    (CsJsonWriter *w);
/* The name of the next member of the open object; its value follows. */
void cs_json_key          (CsJsonWriter *w,
                           const char   *key);

/* Values: an item of the open array, or the value after cs_json_key(). */
void cs_json_string       (CsJsonWriter *w,
                           const char   *text);  /* NULL: null */
void cs_json_number       (CsJsonWriter *w,
                           double        value); /* NaN, ±inf: null */
void cs_json_int          (CsJsonWriter *w,
                           gint64        value);
void cs_json_uint         (CsJsonWriter *w,
                           guint64       value);
void cs_json_bool         (CsJsonWriter *w,
                           gboolean      value);
void cs_json_null         (CsJsonWriter *w);

/* cs_json_key() and a value in one call. */
void cs_json_member_string (CsJsonWriter *w,
                            const char   *key,
                            const char   *text);
void cs_json_member_number (CsJsonWriter *w,
                            const char   *key,
                            double        value);
void cs_json_member_int    (CsJsonWriter *w,
                            const char   *key,
                            gint64        value);
void cs_json_member_uint   (CsJsonWriter *w,
                            const char   *key,
                            guint64       value);
void cs_json_member_bool   (CsJsonWriter *w,
                            const char   *key,
                            gboolean      value);

G_END_DECLS

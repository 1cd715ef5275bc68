/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-json.h — reading the JSON reports in tests (header only) */
#pragma once

#include <glib.h>
#include <json-c/json.h>

/* Member @key of @o, which must be there. */
static inline json_object *
cs_test_json_field (json_object *o,
                    const char  *key)
{
  json_object *v = NULL;

  g_assert_true (json_object_object_get_ex (o, key, &v));
  return v;
}

/* A "0x…" string member as a number. */
static inline guint64
cs_test_json_hex (json_object *o,
                  const char  *key)
{
  return g_ascii_strtoull (json_object_get_string (cs_test_json_field (o, key)), NULL, 16);
}

/* @text parsed as a whole, with the reports' nesting depth: json-c's
 * json_tokener_parse() stops at 32 levels, and a call-graph report nests a
 * level per frame, so how deep it goes depends on the stacks a recording
 * caught. Fails the test with json-c's reason otherwise. */
static inline json_object *
cs_test_json_parse (const char *text)
{
  json_tokener *tok = json_tokener_new_ex (4096);
  json_object *root;

  g_assert_nonnull (text);
  root = json_tokener_parse_ex (tok, text, -1);
  if (root == NULL || json_tokener_get_error (tok) != json_tokener_success)
    g_error ("not JSON: %s", json_tokener_error_desc (json_tokener_get_error (tok)));
  json_tokener_free (tok);
  return root;
}

/* The band ("low", "medium", "high") of chart @id of the first scope of a
 * `cyclescope report -f json` (@root), as a user reads the verdict; the
 * chart must be there. Newly allocated. */
static inline char *
cs_test_json_chart_band (json_object *root,
                         const char  *id)
{
  json_object *charts = cs_test_json_field (json_object_array_get_idx (cs_test_json_field (root, "scopes"), 0),
                                            "charts");

  for (gsize i = 0; i < json_object_array_length (charts); i++)
    {
      json_object *chart = json_object_array_get_idx (charts, i);

      if (g_strcmp0 (json_object_get_string (cs_test_json_field (chart, "id")), id) == 0)
        return g_strdup (json_object_get_string (cs_test_json_field (chart, "band")));
    }
  g_error ("no chart %s in the report", id);
}

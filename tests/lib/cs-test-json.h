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

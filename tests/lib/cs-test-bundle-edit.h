/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-bundle-edit.h — copies of a recorded bundle with its session.json edited (header only) */
#pragma once

#include <stdlib.h>

#include <glib.h>
#include <json-c/json.h>

/* A copy of the bundle @source, as @name in @tmpdir, whose session.json's
 * first sampling run is edited by @edit. */
static inline char *
cs_test_copy_bundle (const char *source,
                     const char *tmpdir,
                     const char *name,
                     void      (*edit) (json_object *run))
{
  g_autofree char *dest = g_build_filename (tmpdir, name, NULL);
  g_autofree char *json_path = g_build_filename (dest, "session.json", NULL);
  g_autofree char *cmd = g_strdup_printf ("cp -a '%s' '%s'", source, dest);
  json_object *root;
  json_object *runs;

  g_assert_cmpint (system (cmd), ==, 0);
  root = json_object_from_file (json_path);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "sampling_runs", &runs));
  edit (json_object_array_get_idx (runs, 0));
  g_assert_cmpint (json_object_to_file (json_path, root), ==, 0);
  json_object_put (root);
  return g_steal_pointer (&dest);
}

/* The run was recorded on another boot. */
static inline void
cs_test_edit_other_boot (json_object *run)
{
  json_object *k;

  g_assert_true (json_object_object_get_ex (run, "kallsyms", &k));
  json_object_object_add (k, "boot_id", json_object_new_string ("00000000-0000-0000-0000-000000000000"));
}

/* A session.json from before the kallsyms field. */
static inline void
cs_test_edit_drop_kallsyms (json_object *run)
{
  json_object_object_del (run, "kallsyms");
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-models.c — `cyclescope models`, run as a program
 *
 * argv[1]: the cyclescope binary. What a listing must show is read from the
 * bundled model files themselves with json-c (ids, PMUs, event strings,
 * formulas), not from the code under test. Every run gets a fresh
 * $XDG_DATA_HOME so that the user's own models never leak in.
 */
#include "config.h"

#include <json-c/json.h>
#include <string.h>

#include "cs-test-util.h"

static const char *cyclescope;

/* The ids of the eight models the issue asks for, one file each. */
static const char *bundled[] = {
  "amd-zen4-pipeline", "generic", "gooda-tree", "intel-core2", "intel-nehalem",
  "intel-tma-skl", "intel-topdown-metrics", "software", NULL
};

/* Runs `cyclescope models ARGS…` with XDG_DATA_HOME=@data_home. */
static CsTestOutput
run_models (const char *data_home,
            const char *arg)
{
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", data_home, TRUE);
  const char *argv[] = { cyclescope, "models", arg, NULL };

  envp = g_environ_unsetenv (envp, "CYCLESCOPE_MODEL_PATH");
  return cs_test_output (argv, (const char * const *) envp);
}

static json_object *
load_model_file (const char *id)
{
  g_autofree char *file = g_strconcat ("data/models/", id, ".json", NULL);
  g_autofree char *path = cs_test_source_path (file);
  json_object *model = json_object_from_file (path);

  g_assert_nonnull (model);
  return model;
}

static const char *
member_string (json_object *object,
               const char  *key)
{
  json_object *value = NULL;

  g_assert_true (json_object_object_get_ex (object, key, &value));
  return json_object_get_string (value);
}

static json_object *
member_array (json_object *object,
              const char  *key)
{
  json_object *value = NULL;

  g_assert_true (json_object_object_get_ex (object, key, &value));
  g_assert_true (json_object_is_type (value, json_type_array));
  return value;
}

/* The listing line of @id, or NULL. */
static char *
listing_line (const char *out,
              const char *id)
{
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_autofree char *prefix = g_strconcat (id, " ", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i]);
  return NULL;
}

/* Each bundled model is listed on its own line with the PMUs its file names. */
static void
assert_lists_bundled (const char *out)
{
  for (guint i = 0; bundled[i] != NULL; i++)
    {
      json_object *model = load_model_file (bundled[i]);
      json_object *pmus = member_array (model, "pmus");
      g_autofree char *line = listing_line (out, bundled[i]);
      g_autoptr(GString) joined = g_string_new (NULL);

      g_assert_cmpstr (member_string (model, "id"), ==, bundled[i]);
      g_assert_nonnull (line);
      for (size_t p = 0; p < json_object_array_length (pmus); p++)
        g_string_append_printf (joined, "%s%s", p ? ", " : "",
                                json_object_get_string (json_object_array_get_idx (pmus, p)));
      g_assert_nonnull (strstr (line, joined->str));
      json_object_put (model);
    }
}

static void
test_list (void)
{
  g_autofree char *home = cs_test_mkdtemp ();
  g_auto(CsTestOutput) r = run_models (home, NULL);
  g_auto(GStrv) lines = NULL;
  guint rows = 0;

  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  assert_lists_bundled (r.out);
  /* Exactly the eight: a header, one row each, then the hint. */
  lines = g_strsplit (r.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    for (guint b = 0; bundled[b] != NULL; b++)
      if (g_str_has_prefix (lines[i], bundled[b]) && lines[i][strlen (bundled[b])] == ' ')
        rows++;
  g_assert_cmpuint (rows, ==, g_strv_length ((char **) bundled));
  g_assert_null (strstr (r.out, "could not be loaded"));
  cs_test_rmdir (home);
}

/* `models intel-core2` prints the events of Kruse, CMSSW Performance
 * Monitoring, 2011, §6.1 (17 and more) as "alias = libpfm4 string" and every
 * metric's formula. */
static void
test_show_core2 (void)
{
  g_autofree char *home = cs_test_mkdtemp ();
  g_auto(CsTestOutput) r = run_models (home, "intel-core2");
  json_object *model = load_model_file ("intel-core2");
  json_object *events = member_array (model, "events");
  json_object *metrics = member_array (model, "metrics");

  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  g_assert_cmpuint (json_object_array_length (events), >=, 17);
  for (size_t i = 0; i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      g_autofree char *line = g_strdup_printf ("  %s = %s\n", member_string (e, "alias"),
                                               member_string (e, "event"));

      g_assert_nonnull (strstr (r.out, line));
    }
  g_assert_cmpuint (json_object_array_length (metrics), >, 0);
  for (size_t i = 0; i < json_object_array_length (metrics); i++)
    {
      json_object *m = json_object_array_get_idx (metrics, i);
      g_autofree char *tail = g_strdup_printf ("] = %s\n", member_string (m, "formula"));
      g_autofree char *head = g_strdup_printf ("  %s [", member_string (m, "name"));

      g_assert_nonnull (strstr (r.out, head));
      g_assert_nonnull (strstr (r.out, tail));
    }
  /* Kruse's spelling traps are shown as libpfm4 spells them on core. */
  g_assert_nonnull (strstr (r.out, "RS_UOPS_DISPATCHED:c=1:i=1"));
  json_object_put (model);
  cs_test_rmdir (home);
}

/* A broken file among the user's models is reported by name; the bundled
 * models and the user's good model are still listed, and the exit is 0. */
static void
test_broken_user_model (void)
{
  g_autofree char *home = cs_test_mkdtemp ();
  g_autofree char *dir = g_build_filename (home, "cyclescope", "models", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken-model.json", NULL);
  g_autofree char *good = g_build_filename (dir, "my-software.json", NULL);
  g_autofree char *software = cs_test_source_path ("data/models/software.json");
  json_object *copy = json_object_from_file (software);
  g_auto(CsTestOutput) r = { NULL, };

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  g_assert_true (g_file_set_contents (broken, "{ \"format\": 1, \"id\": \"broken\", ", -1, NULL));
  /* A user model that loads: the software model under another id. */
  g_assert_nonnull (copy);
  json_object_object_add (copy, "id", json_object_new_string ("my-software"));
  g_assert_cmpint (json_object_to_file (good, copy), ==, 0);
  json_object_put (copy);

  r = run_models (home, NULL);
  g_test_message ("%s", r.out);
  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  g_assert_nonnull (strstr (r.out, "could not be loaded"));
  g_assert_nonnull (strstr (r.out, broken));
  assert_lists_bundled (r.out);
  g_assert_nonnull (strstr (r.out, "\nmy-software "));
  g_assert_null (listing_line (r.out, "broken"));
  cs_test_rmdir (home);
}

static void
test_unknown_model (void)
{
  g_autofree char *home = cs_test_mkdtemp ();
  g_auto(CsTestOutput) r = run_models (home, "no-such-model");

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, "no-such-model"));
  /* The error names the models there are. */
  g_assert_nonnull (strstr (r.err, "intel-core2"));
  cs_test_rmdir (home);
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);

  g_test_add_func ("/cli-models/list", test_list);
  g_test_add_func ("/cli-models/show-core2", test_show_core2);
  g_test_add_func ("/cli-models/broken-user-model", test_broken_user_model);
  g_test_add_func ("/cli-models/unknown", test_unknown_model);

  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-deep-models.c — giant models in the user's model directory
 *
 * argv[1]: the cyclescope binary. A chain of 100 000 metrics, each using the
 * next, and a formula of 200 000 terms overflowed the stack of `cyclescope
 * models` and of `report` for a session recorded with such a model. Now the
 * valid chain lists and evaluates (its first metric is the chain's length,
 * worked out by hand), the broken ones are named with file, metric and
 * column, and the bundled models stay listed.
 */
#include "config.h"

#include <json-c/json.h>
#include <string.h>

#include "cs-test-deep-model.h"
#include "cs-test-util.h"
#include "cs-test-json.h"

#define N_CHAIN 100000
#define N_TERMS 200000

static const char *cyclescope;

static void
write_file (const char *path,
            char       *contents)
{
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  g_free (contents);
}

static void
test_deep_models (void)
{
  g_autofree char *home = cs_test_mkdtemp ();
  g_autofree char *dir = g_build_filename (home, "cyclescope", "models", NULL);
  g_autofree char *chain = g_build_filename (dir, "chain.json", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.json", NULL);
  g_autofree char *sum = g_build_filename (dir, "sum.json", NULL);
  g_autofree char *bundle = g_build_filename (home, "s.cyclescope", NULL);
  g_autofree char *json = g_build_filename (bundle, "session.json", NULL);
  g_autofree char *fixture = g_build_filename (CS_TEST_SRCDIR, "fixtures", "software-counts.cyclescope",
                                               "session.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *sum_error = g_strdup_printf ("metrics[0].formula: column %u: ", 2 * N_TERMS + 1);
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "XDG_DATA_HOME", home, TRUE);
  const char *models[] = { cyclescope, "models", NULL };
  const char *report[] = { cyclescope, "report", "--format", "json", bundle, NULL };
  g_auto(CsTestOutput) listed = { NULL, };
  g_auto(CsTestOutput) reported = { NULL, };
  json_object *root, *scopes, *metrics, *m;
  gboolean found = FALSE;
  GString *session;

  envp = g_environ_unsetenv (envp, "CYCLESCOPE_MODEL_PATH");
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  write_file (chain, cs_test_chain_model ("chain", N_CHAIN, "task_clock / task_clock"));
  write_file (loop, cs_test_chain_model ("loop", N_CHAIN, "m0 * 2"));
  /* A syntax error at its very end. */
  g_free (text);
  text = cs_test_long_sum (N_TERMS, "+", "+");
  write_file (sum, cs_test_formula_model ("sum", text));
  g_clear_pointer (&text, g_free);

  listed = cs_test_output (models, (const char * const *) envp);
  g_assert_cmpint (cs_test_output_exit_code (&listed), ==, 0);
  g_assert_nonnull (strstr (listed.out, "chain "));
  g_assert_nonnull (strstr (listed.out, "intel-core2"));
  g_assert_nonnull (strstr (listed.out, "software"));
  g_assert_nonnull (strstr (listed.out, loop));
  g_assert_nonnull (strstr (listed.out, "metrics refer to each other in a loop: m0 → m1 → "));
  g_assert_nonnull (strstr (listed.out, sum));
  g_assert_nonnull (strstr (listed.out, sum_error));

  /* A session recorded with the chain model. */
  g_assert_true (g_file_get_contents (fixture, &text, NULL, NULL));
  session = g_string_new (text);
  g_assert_cmpuint (g_string_replace (session, "\"model\": \"software\"", "\"model\": \"chain\"", 1), ==, 1);
  g_assert_cmpint (g_mkdir (bundle, 0755), ==, 0);
  g_assert_true (g_file_set_contents (json, session->str, session->len, NULL));
  g_string_free (session, TRUE);
  reported = cs_test_output (report, (const char * const *) envp);
  g_assert_cmpint (cs_test_output_exit_code (&reported), ==, 0);
  root = cs_test_json_parse (reported.out);
  g_assert_nonnull (root);
  g_assert_true (json_object_object_get_ex (root, "scopes", &scopes));
  g_assert_true (json_object_object_get_ex (json_object_array_get_idx (scopes, 0), "metrics", &metrics));
  for (size_t i = 0; i < json_object_array_length (metrics) && !found; i++)
    {
      json_object *name, *value;

      m = json_object_array_get_idx (metrics, i);
      g_assert_true (json_object_object_get_ex (m, "name", &name));
      if (strcmp (json_object_get_string (name), "m0") != 0)
        continue;
      g_assert_true (json_object_object_get_ex (m, "value", &value));
      g_assert_cmpfloat (json_object_get_double (value), ==, N_CHAIN);
      found = TRUE;
    }
  g_assert_true (found);
  json_object_put (root);
  cs_test_rmdir (home);
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);
  g_test_add_func ("/cli-deep-models/user-directory", test_deep_models);
  return g_test_run ();
}

/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-escape.c — text from a recording never reaches the terminal raw
 *
 * argv[1]: the cyclescope binary, argv[2]: the cs-test-workload program.
 * The workload is copied to a file whose name carries an ESC sequence and
 * a 0xFF byte (not UTF-8), and names its thread likewise; its recording
 * then puts them in the command, the module name, the comm and the
 * warnings. The text reports must show them escaped (ESC as \x1b, the byte
 * as \xff) and hold no raw control character but newline and tab; the JSON
 * reports must be valid UTF-8 that json-c parses, with ESC as a JSON escape
 * and the byte as the text \xff (docs/cli.md).
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-c/json.h>
#include <string.h>

#include "cs-test-watchdog.h"
#include "cs-test-json.h"

#define EVIL_FILE   "evil\x1b[31m\xff"
#define EVIL_THREAD "t\x1b]0;pwn\x07\xff"

static const char *cyclescope;
static const char *workload;
static char *tmpdir;
static char *bundle;

/* No byte a terminal would act on, and nothing that is not UTF-8. */
static void
assert_terminal_safe (const char *what,
                      const char *text)
{
  g_test_message ("%s: %zu bytes", what, strlen (text));
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const guchar *p = (const guchar *) text; *p; p++)
    if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)
      g_error ("%s holds the raw control byte 0x%02x at %zu", what, *p, (gsize) (p - (const guchar *) text));
}

static CsTestOutput
run (const char *a1,
     const char *a2,
     const char *a3,
     const char *a4,
     const char *a5)
{
  const char *argv[] = { cyclescope, a1, a2, a3, a4, a5, NULL };

  return cs_test_output_watched (argv, NULL);
}

static void
record_evil (void)
{
  g_autofree char *program = g_build_filename (tmpdir, EVIL_FILE, NULL);
  g_autofree char *contents = NULL;
  gsize len;
  const char *argv[] = { cyclescope, "record", "--no-counting", "-o", NULL, "--", program, "named",
                         EVIL_THREAD, "0.3", NULL };
  g_auto(CsTestOutput) r = { NULL, };

  g_assert_true (g_file_get_contents (workload, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (program, contents, len, NULL));
  g_assert_cmpint (g_chmod (program, 0755), ==, 0);
  bundle = g_build_filename (tmpdir, "evil.cyclescope", NULL);
  argv[4] = bundle;
  r = cs_test_output_watched (argv, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  /* The progress lines name the program too. */
  assert_terminal_safe ("record's standard error", r.err);
}

static void
test_text (void)
{
  g_auto(CsTestOutput) report = run ("report", bundle, NULL, NULL, NULL);
  g_auto(CsTestOutput) csv = run ("report", "--format", "csv", bundle, NULL);
  g_auto(CsTestOutput) annotate = run ("annotate", bundle, "workload_burn", NULL, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&report), ==, 0);
  assert_terminal_safe ("report", report.out);
  assert_terminal_safe ("report's standard error", report.err);
  /* The command and the module, escaped where they were. */
  g_assert_nonnull (strstr (report.out, "evil\\x1b[31m\\xff"));

  g_assert_cmpint (cs_test_output_exit_code (&csv), ==, 0);
  assert_terminal_safe ("report --format csv", csv.out);
  g_assert_nonnull (strstr (csv.out, "evil\\x1b[31m\\xff"));

  g_assert_cmpint (cs_test_output_exit_code (&annotate), ==, 0);
  assert_terminal_safe ("annotate", annotate.out);
  g_assert_nonnull (strstr (annotate.out, "evil\\x1b[31m\\xff"));
}

/* Some string member of @o (searched throughout) equal to @want. */
static gboolean
json_has_string (json_object *o,
                 const char  *want)
{
  switch (json_object_get_type (o))
    {
    case json_type_string:
      return strcmp (json_object_get_string (o), want) == 0;
    case json_type_array:
      for (size_t i = 0; i < json_object_array_length (o); i++)
        if (json_has_string (json_object_array_get_idx (o, i), want))
          return TRUE;
      return FALSE;
    case json_type_object:
      {
        json_object_object_foreach (o, key, value)
          {
            (void) key;
            if (json_has_string (value, want))
              return TRUE;
          }
        return FALSE;
      }
    case json_type_null:
    case json_type_boolean:
    case json_type_double:
    case json_type_int:
    default:
      return FALSE;
    }
}

static void
test_json (void)
{
  g_auto(CsTestOutput) report = run ("report", "--format", "json", bundle, NULL);
  g_auto(CsTestOutput) annotate = run ("annotate", "--format", "json", bundle, "workload_burn");
  json_object *root;

  g_assert_cmpint (cs_test_output_exit_code (&report), ==, 0);
  assert_terminal_safe ("report --format json", report.out);
  root = cs_test_json_parse (report.out);
  g_assert_nonnull (root);
  /* ESC is a JSON escape of itself; the byte that is not UTF-8 the text \xff. */
  g_assert_true (json_has_string (root, "evil\x1b[31m\\xff"));
  json_object_put (root);

  g_assert_cmpint (cs_test_output_exit_code (&annotate), ==, 0);
  assert_terminal_safe ("annotate --format json", annotate.out);
  root = cs_test_json_parse (annotate.out);
  g_assert_nonnull (root);
  json_object_put (root);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 3);
  cyclescope = argv[1];
  workload = argv[2];
  tmpdir = cs_test_mkdtemp ();
  record_evil ();
  g_test_add_func ("/cli-escape/text", test_text);
  g_test_add_func ("/cli-escape/json", test_json);
  status = g_test_run ();
  cs_test_rmdir (tmpdir);
  g_free (bundle);
  return status;
}

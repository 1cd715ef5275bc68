/* test-cli-help.c — `cyclescope --help` and every verb's --help
 *
 * argv[1]: the cyclescope binary. The options each verb must offer are the
 * ones the project's issues and docs/cli.md promise (record: -m -e --mode
 * --repeat -F -c -g --regs -o; report: --sort --event --limit --format; …).
 */
#include "config.h"

#include <string.h>

#include "cs-test-util.h"

static const char *cyclescope;

typedef struct
{
  const char *verb;
  int         usage_exit;   /* exit status of a usage error (docs/cli.md) */
  const char *options[16];
} VerbOptions;

static const VerbOptions verbs[] = {
  { "annotate", 1, { "--event", "--format", NULL } },
  { "events", 1, { "--pmu", "--long", "--plan", "--mode", "--repeat", NULL } },
  { "export", 2, { "--chart", "--png", "--svg", "--pdf", "--size", "--scale", "--dark", NULL } },
  { "models", 1, { NULL } },
  { "record", 2, { "-m, --model", "-e, --event", "--mode", "--repeat", "-F, --freq", "-c, --count",
                   "-g, --call-graph", "--regs", "--no-sampling", "--no-counting", "--dry-run",
                   "-o, --output", NULL } },
  { "report", 1, { "--format", "--sort", "--event", "--limit", "--region", NULL } },
};

/* Standard output of `cyclescope ARG1 ARG2`, which must succeed silently
 * on standard error. */
static char *
run_ok (const char *arg1,
        const char *arg2)
{
  const char *argv[] = { cyclescope, arg1, arg2, NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  return g_steal_pointer (&r.out);
}

static void
test_main_help (void)
{
  g_autofree char *out = run_ok ("--help", NULL);
  g_autofree char *version = run_ok ("--version", NULL);

  g_assert_true (g_str_has_prefix (out, "Usage: cyclescope "));
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      g_autofree char *line = g_strdup_printf ("\n  %s ", verbs[i].verb);
      g_assert_nonnull (strstr (out, line));
    }
  g_assert_nonnull (strstr (out, "cyclescope VERB --help"));
  g_assert_true (g_str_has_prefix (version, "cyclescope "));
}

static void
test_verb_help (gconstpointer data)
{
  const VerbOptions *v = data;
  g_autofree char *out = run_ok (v->verb, "--help");
  g_autofree char *usage = g_strdup_printf ("cyclescope %s [OPTION…]", v->verb);

  g_assert_nonnull (strstr (out, "Usage:"));
  /* The usage line names the verb, so it can be copied as it stands. */
  g_assert_nonnull (strstr (out, usage));
  g_assert_nonnull (strstr (out, "--help"));
  for (guint i = 0; v->options[i] != NULL; i++)
    {
      g_test_message ("%s: %s", v->verb, v->options[i]);
      g_assert_nonnull (strstr (out, v->options[i]));
    }
}

/* A mistyped option is an error naming the option: exit 1, or 2 for the
 * verbs that tell usage errors apart (record, export). */
static void
test_bad_option (gconstpointer data)
{
  const VerbOptions *v = data;
  const char *argv[] = { cyclescope, v->verb, "--no-such-option", NULL };
  g_auto(CsTestOutput) r = cs_test_output (argv, NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, v->usage_exit);
  g_assert_nonnull (strstr (r.err, "--no-such-option"));
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);

  g_test_add_func ("/cli-help/main", test_main_help);
  for (guint i = 0; i < G_N_ELEMENTS (verbs); i++)
    {
      g_autofree char *help = g_strdup_printf ("/cli-help/%s", verbs[i].verb);
      g_autofree char *bad = g_strdup_printf ("/cli-help/%s/bad-option", verbs[i].verb);

      g_test_add_data_func (help, &verbs[i], test_verb_help);
      g_test_add_data_func (bad, &verbs[i], test_bad_option);
    }

  return g_test_run ();
}

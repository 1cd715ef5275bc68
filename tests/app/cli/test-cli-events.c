/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-cli-events.c — `cyclescope events`, run as a program
 *
 * argv[1]: the cyclescope binary. Expected values come from outside the
 * code under test: whether this host has a PMU from the kernel itself
 * (perf_event_open of a hardware cycles event, /sys/bus/event_source), Core 2
 * unit masks and counter counts from Intel's event tables (SDM vol. 3B,
 * Core 2: MEM_LOAD_RETIRED umasks L1D_MISS, L1D_LINE_MISS, L2_MISS,
 * L2_LINE_MISS, DTLB_MISS; 2 general-purpose counters; INST_RETIRED.ANY and
 * CPU_CLK_UNHALTED.CORE on fixed counters), the model's events from its
 * JSON file.
 */
#include "config.h"

#include <json-c/json.h>
#include <string.h>

#include "cs-test-util.h"

static const char *cyclescope;

/* Runs `cyclescope events ARGS…` (NULL-terminated) with LIBPFM_FORCE_PMU set
 * to @pmu, or unset when @pmu is NULL. */
static CsTestOutput
run_events (const char *pmu,
            ...)
{
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *arg;
  va_list args;

  envp = pmu != NULL ? g_environ_setenv (envp, "LIBPFM_FORCE_PMU", pmu, TRUE)
                     : g_environ_unsetenv (envp, "LIBPFM_FORCE_PMU");
  g_ptr_array_add (argv, (gpointer) cyclescope);
  g_ptr_array_add (argv, (gpointer) "events");
  va_start (args, pmu);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  return cs_test_output ((const char * const *) argv->pdata, (const char * const *) envp);
}

/* The host line, and on a host without counters the reason why. */
static void
test_host (void)
{
  g_auto(CsTestOutput) r = run_events (NULL, NULL);
  gboolean cpu_pmu = g_file_test ("/sys/bus/event_source/devices/cpu", G_FILE_TEST_IS_DIR)
                     || g_file_test ("/sys/bus/event_source/devices/cpu_core", G_FILE_TEST_IS_DIR);

  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  g_assert_true (g_str_has_prefix (r.out, "Host PMU: "));
  g_test_message ("%.*s", (int) (strchr (r.out, '\n') - r.out), r.out);
  if (!cs_test_kernel_opens (PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, TRUE, NULL))
    {
      g_assert_nonnull (strstr (r.out, "\nHardware counting is not available here: "));
      if (!cpu_pmu)
        {
          g_assert_nonnull (strstr (r.out, "No hardware PMU"));
          /* And what still works. */
          g_assert_nonnull (strstr (r.out, "Software events"));
        }
    }
  else
    g_assert_null (strstr (r.out, "Hardware counting is not available here"));
}

static void
test_core_umasks (void)
{
  const char *umasks[] = { "L1D_MISS", "L1D_LINE_MISS", "L2_MISS", "L2_LINE_MISS", "DTLB_MISS", NULL };
  g_auto(CsTestOutput) r = run_events ("core", "--pmu", "core", "MEM_LOAD_RETIRED", NULL);

  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  g_assert_true (g_str_has_prefix (r.out, "Host PMU: core "));
  g_assert_nonnull (strstr (r.out, "forced by LIBPFM_FORCE_PMU"));
  g_assert_nonnull (strstr (r.out, "2 general-purpose + 3 fixed counters"));
  g_assert_nonnull (strstr (r.out, "\nMEM_LOAD_RETIRED "));
  for (guint i = 0; umasks[i] != NULL; i++)
    {
      g_autofree char *line = g_strdup_printf ("\n    :%s ", umasks[i]);
      g_assert_nonnull (strstr (r.out, line));
    }
  cs_test_output_clear (&r);

  /* --long adds the event code: MEM_LOAD_RETIRED is event 0xCB. */
  r = run_events ("core", "--pmu", "core", "--long", "MEM_LOAD_RETIRED", NULL);
  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  g_assert_nonnull (strstr (r.out, "core::MEM_LOAD_RETIRED  (code 0xcb)"));
  g_assert_nonnull (strstr (r.out, "Unit masks:"));
  g_assert_nonnull (strstr (r.out, "Modifiers:"));
}

static gboolean
is_fixed_event (const char *event)
{
  /* Core 2's fixed counters: INST_RETIRED.ANY, CPU_CLK_UNHALTED.CORE/.REF. */
  return g_str_equal (event, "INSTRUCTIONS_RETIRED") || g_str_equal (event, "UNHALTED_CORE_CYCLES")
      || g_str_equal (event, "UNHALTED_REFERENCE_CYCLES");
}

/* --plan prints groups that fit Core 2's two general-purpose counters, each
 * with the cycles event, and every event of the model somewhere. */
static void
test_core2_plan (void)
{
  g_autofree char *path = cs_test_source_path ("data/models/intel-core2.json");
  json_object *model = json_object_from_file (path);
  json_object *events = NULL;
  g_auto(CsTestOutput) r = run_events ("core", "--plan", "intel-core2", NULL);
  g_auto(GStrv) blocks = NULL;
  guint n_generic_events = 0, n_groups = 0;

  g_assert_nonnull (model);
  g_assert_true (json_object_object_get_ex (model, "events", &events));
  g_assert_true (g_spawn_check_wait_status (r.status, NULL));
  g_test_message ("%s", r.out);

  for (size_t i = 0; i < json_object_array_length (events); i++)
    {
      json_object *e = json_object_array_get_idx (events, i);
      json_object *alias = NULL, *event = NULL;
      g_autofree char *listed = NULL;

      g_assert_true (json_object_object_get_ex (e, "alias", &alias));
      g_assert_true (json_object_object_get_ex (e, "event", &event));
      listed = g_strdup_printf ("  %s ", json_object_get_string (alias));
      g_assert_nonnull (strstr (r.out, listed));
      if (!is_fixed_event (json_object_get_string (event)))
        n_generic_events++;
    }

  /* Blocks are separated by blank lines; groups start with "group N". */
  blocks = g_strsplit (r.out, "\n\n", -1);
  for (guint b = 0; blocks[b] != NULL; b++)
    {
      g_auto(GStrv) lines = NULL;
      guint generic = 0;

      if (!g_str_has_prefix (blocks[b], "group "))
        continue;
      n_groups++;
      g_assert_nonnull (strstr (blocks[b], "\n  UNHALTED_CORE_CYCLES "));
      lines = g_strsplit (blocks[b], "\n", -1);
      for (guint l = 1; lines[l] != NULL; l++)
        if (strstr (lines[l], " generic ") != NULL)
          generic++;
      g_assert_cmpuint (generic, <=, 2);
    }
  g_test_message ("%u events on general-purpose counters, %u groups", n_generic_events, n_groups);
  g_assert_cmpuint (n_groups, >=, (n_generic_events + 1) / 2);
  json_object_put (model);
}

static void
test_unknown_pmu (void)
{
  g_auto(CsTestOutput) r = run_events (NULL, "--pmu", "no_such_pmu", NULL);

  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, "no_such_pmu"));
  g_assert_cmpstr (r.out, ==, "");
  cs_test_output_clear (&r);
  r = run_events ("core", "--plan", "no-such-model", NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 1);
  g_assert_nonnull (strstr (r.err, "no-such-model"));
}

int
main (int    argc,
      char **argv)
{
  cyclescope = cs_test_init_cli (&argc, &argv);

  g_test_add_func ("/cli-events/host", test_host);
  g_test_add_func ("/cli-events/core-umasks", test_core_umasks);
  g_test_add_func ("/cli-events/core2-plan", test_core2_plan);
  g_test_add_func ("/cli-events/unknown-pmu", test_unknown_pmu);

  return g_test_run ();
}

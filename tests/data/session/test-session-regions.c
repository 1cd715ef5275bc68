/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-regions.c — every region's values in one pass over the runs
 *
 * cs_session_build_all_region_counts() must give each region exactly what
 * cs_session_build_counts() gives it alone, and what the hand-worked
 * normalisation says: here each run counts region k with task_clock (the
 * cycles alias) 1000 + k and page_faults k + run, so that, the region's
 * cycles being equal in every run, page_faults is the mean of k + run over
 * the runs that count. Runs that do not count (not-run) and regions missing
 * from some runs are in the mix.
 */
#include "config.h"

#include "cs-session.h"
#include "cs-test-util.h"

#define N_REGIONS 2000

static void
add_count (CsRun      *run,
           CsRegion   *region,
           const char *name,
           guint64     value)
{
  if (region != NULL)
    cs_region_add_count (region, name, name, NULL, value, 1000, 1000);
  else
    cs_run_add_count (run, name, name, NULL, value, 1000, 1000);
}

/* Four runs: 0 and 1 count every region, 2 every even one, 3 is not-run. */
static CsSession *
make_session (void)
{
  CsSession *session = cs_session_new ();

  cs_session_set_cycles_alias (session, "task_clock");
  for (guint r = 0; r < 4; r++)
    {
      CsRun *run = cs_session_add_run (session);

      run->status = r == 3 ? CS_RUN_NOT_RUN : CS_RUN_OK;
      add_count (run, NULL, "task_clock", 1000000);
      for (guint k = 0; k < N_REGIONS; k++)
        {
          g_autofree char *name = g_strdup_printf ("R%u", k);
          CsRegion *region;

          if (r == 2 && k % 2 == 1)
            continue;
          region = cs_run_add_region (run, name);
          region->calls = k + 1 + r;
          add_count (run, region, "task_clock", 1000 + k);
          add_count (run, region, "page_faults", k + r);
        }
    }
  return session;
}

static void
test_one_pass (void)
{
  g_autoptr(CsSession) session = make_session ();
  g_autoptr(GPtrArray) names = cs_session_list_regions (session);
  g_autoptr(GPtrArray) regions = cs_session_build_all_region_counts (session);

  g_assert_cmpuint (regions->len, ==, N_REGIONS);
  g_assert_cmpuint (names->len, ==, N_REGIONS);
  for (guint k = 0; k < regions->len; k++)
    {
      const CsRegionCounts *rc = g_ptr_array_index (regions, k);
      g_autoptr(CsCounts) alone = cs_session_build_counts (session, rc->name);
      /* Runs 0, 1 and, for even k, 2: the mean of k + run. */
      double want = k % 2 == 0 ? k + 1.0 : k + 0.5;
      double value = 0, value_alone = 0;
      guint n = 0, n_alone = 0;
      const char **got_names = cs_counts_get_names (rc->counts, &n);
      const char **alone_names = cs_counts_get_names (alone, &n_alone);

      g_assert_cmpstr (rc->name, ==, g_ptr_array_index (names, k));
      /* The calls of the first run that has it. */
      g_assert_cmpuint (rc->calls, ==, k + 1);
      g_assert_true (cs_counts_lookup (rc->counts, "page_faults", &value, NULL));
      g_assert_cmpfloat_with_epsilon (value, want, 1e-9);
      g_assert_true (cs_counts_lookup (alone, "page_faults", &value_alone, NULL));
      g_assert_cmpfloat (value, ==, value_alone);
      g_assert_cmpuint (n, ==, n_alone);
      for (guint i = 0; i < n; i++)
        g_assert_cmpstr (got_names[i], ==, alone_names[i]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session-regions/one-pass", test_one_pass);
  return g_test_run ();
}

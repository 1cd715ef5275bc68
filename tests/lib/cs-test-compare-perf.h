/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-compare-perf.h — perf as the oracle of a comparison (header
 * only): what `perf report` says of a recording's perf.data, for the
 * tests that compare two recordings of cmp-work (cs-test-compare.h). */
#pragma once

#include "cs-analysis.h"
#include "cs-test-util.h"

/* The perf.data of @bundle's first sampling run. */
static inline char *
cs_test_compare_perf_data (const char *bundle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CsAnalysis) analysis = cs_analysis_load (bundle, NULL, NULL, NULL, NULL, &error);
  CsSession *session;

  g_assert_no_error (error);
  session = cs_analysis_get_session (analysis);
  return cs_session_get_perf_data_path (session, cs_session_get_sampling_run (session, 0));
}

/* `perf report` of @bundle with @args; the output's lines. */
static inline GStrv
cs_test_compare_perf_report (const char         *perf,
                             const char         *bundle,
                             const char * const *args)
{
  g_autofree char *data = cs_test_compare_perf_data (bundle);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(CsTestOutput) r = { NULL, };

  g_ptr_array_add (argv, (char *) perf);
  g_ptr_array_add (argv, (char *) "report");
  g_ptr_array_add (argv, (char *) "-i");
  g_ptr_array_add (argv, data);
  g_ptr_array_add (argv, (char *) "--stdio");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);
  r = cs_test_output ((const char * const *) argv->pdata, NULL);
  g_assert_cmpint (cs_test_output_exit_code (&r), ==, 0);
  return g_strsplit (r.out, "\n", -1);
}

/* @symbol's "Children" in percent: `perf report --children --sort sym`. */
static inline double
cs_test_compare_perf_children (const char *perf,
                               const char *bundle,
                               const char *symbol)
{
  const char *args[] = { "--children", "--sort", "sym", "-g", "none", "--percent-limit", "0", NULL };
  g_auto(GStrv) lines = cs_test_compare_perf_report (perf, bundle, args);
  g_autofree char *suffix = g_strconcat ("] ", symbol, NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strchomp (lines[i]);
      if (lines[i][0] != '#' && g_str_has_suffix (lines[i], suffix))
        return g_ascii_strtod (lines[i], NULL);
    }
  g_error ("perf report --children of %s has no row for %s", bundle, symbol);
  return 0;
}

/* @symbol's share of the period ("Overhead") in `perf report --no-children
 * --sort sym`; 0 when perf lists no such row. */
static inline double
cs_test_compare_perf_sym (const char *perf,
                          const char *bundle,
                          const char *symbol)
{
  const char *args[] = { "--no-children", "--sort", "sym", "-g", "none", "--percent-limit", "0", NULL };
  g_auto(GStrv) lines = cs_test_compare_perf_report (perf, bundle, args);
  g_autofree char *suffix = g_strconcat ("] ", symbol, NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strchomp (lines[i]);
      if (lines[i][0] != '#' && g_str_has_suffix (lines[i], suffix))
        return g_ascii_strtod (lines[i], NULL);
    }
  return 0;
}

/* @dso's share of the samples (not of the period): `perf report --sort dso -n`;
 * *@n_samples: all the samples. */
static inline double
cs_test_compare_perf_dso (const char *perf,
                          const char *bundle,
                          const char *dso,
                          double     *n_samples)
{
  const char *args[] = { "--no-children", "--sort", "dso", "-n", "-g", "none", "--percent-limit", "0", NULL };
  g_auto(GStrv) lines = cs_test_compare_perf_report (perf, bundle, args);
  double samples = 0, total = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;

      g_strstrip (lines[i]);
      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit_set (lines[i], " ", -1);
      {
        /* "99.87%  4987  cmp-work" with runs of spaces */
        GPtrArray *fields = g_ptr_array_new ();

        for (guint k = 0; f[k] != NULL; k++)
          if (f[k][0] != '\0')
            g_ptr_array_add (fields, f[k]);
        if (fields->len >= 3)
          {
            double n = g_ascii_strtod (g_ptr_array_index (fields, 1), NULL);

            total += n;
            if (g_str_equal (g_ptr_array_index (fields, 2), dso))
              samples += n;
          }
        g_ptr_array_unref (fields);
      }
    }
  g_assert_cmpfloat (total, >, 0);
  if (n_samples != NULL)
    *n_samples = total;
  return 100.0 * samples / total;
}

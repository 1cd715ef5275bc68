/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-test-perf-dso.h — perf's samples per module, the module table checked against them (header only) */
#pragma once

#include <math.h>

#include "cs-modules-page.h"
#include "cs-perf-test-util.h"
#include "cs-test-viewer.h"

/* `perf report -n --sort dso [OPTION VALUE [-x]]` as dso → samples. */
static inline GHashTable *
cs_test_perf_dso_counts (const char *perf,
                         const char *data,
                         const char *option,
                         const char *value,
                         gboolean    exclude_other,
                         guint64    *total)
{
  const char *args[] = { "report", "-i", data, "-n", "--stdio", "--no-children", "-g", "none", "-t", ";",
                         "--sort", "dso", option, value, exclude_other ? "-x" : NULL, NULL };
  g_autofree char *out = cs_perf_test_run (perf, args);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  GHashTable *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  *total = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = NULL;
      guint64 n;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      f = g_strsplit (lines[i], ";", -1);
      if (g_strv_length (f) < 3)
        continue;
      n = g_ascii_strtoull (g_strstrip (f[1]), NULL, 10);
      g_hash_table_insert (counts, g_strdup (g_strstrip (f[2])), GSIZE_TO_POINTER ((gsize) n));
      *total += n;
    }
  g_assert_cmpuint (g_hash_table_size (counts), >, 0);
  return counts;
}

/* Over the time range @time (perf's --time START,STOP), or all of it when NULL. */
static inline GHashTable *
cs_test_perf_dso_counts_in (const char *perf,
                            const char *data,
                            const char *time,
                            guint64    *total)
{
  return cs_test_perf_dso_counts (perf, data, time != NULL ? "--time" : NULL, time, FALSE, total);
}

/* The samples with @function anywhere on their stack: perf's --parent
 * (a regex searched through the call chain) with -x (only the matches). */
static inline GHashTable *
cs_test_perf_dso_counts_on_stack (const char *perf,
                                  const char *data,
                                  const char *function,
                                  guint64    *total)
{
  g_autofree char *regex = g_strdup_printf ("^%s$", function);

  return cs_test_perf_dso_counts (perf, data, "--parent", regex, TRUE, total);
}

/* The module table's rows agree with perf's counts: perf's 10 largest
 * modules are ours within 1 %, and we show no module perf does not. */
static inline void
cs_test_check_modules (CsWindow   *window,
                       GHashTable *expected,
                       guint64     expected_total)
{
  CsModuleTable *table = cs_modules_page_get_module_table (CS_MODULES_PAGE (gtk_stack_get_child_by_name (cs_test_window_pages (window), "modules")));
  GListModel *rows = G_LIST_MODEL (cs_module_table_get_selection (table));
  g_autoptr(GList) dsos = g_hash_table_get_keys (expected);
  guint checked = 0;

  for (GList *l = dsos; l != NULL; l = l->next)
    {
      guint64 want = GPOINTER_TO_SIZE (g_hash_table_lookup (expected, l->data));
      gboolean found = FALSE;

      /* perf's smallest rows fall below the table's limits; the top 10 count */
      if (want * 100 < expected_total)
        continue;
      for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
        {
          g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);

          if (cs_module_row_get_kind (row) != CS_SCOPE_MODULE ||
              g_strcmp0 (cs_module_row_get_name (row), l->data) != 0)
            continue;
          found = TRUE;
          g_test_message ("module %s: %" G_GUINT64_FORMAT " samples, perf %" G_GUINT64_FORMAT,
                          (char *) l->data, cs_module_row_get_n_samples (row), want);
          g_assert_cmpfloat (fabs ((double) cs_module_row_get_n_samples (row) - (double) want), <=,
                             MAX (want * 0.01, 0.5));
        }
      if (!found)
        g_error ("perf's module %s (%" G_GUINT64_FORMAT " samples) is not in the table", (char *) l->data, want);
      checked++;
    }
  g_assert_cmpuint (checked, >, 0);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr(CsModuleRow) row = g_list_model_get_item (rows, i);

      if (cs_module_row_get_kind (row) == CS_SCOPE_MODULE && cs_module_row_get_n_samples (row) > 0 &&
          !g_hash_table_contains (expected, cs_module_row_get_name (row)))
        g_error ("our module %s is not perf's", cs_module_row_get_name (row));
    }
}

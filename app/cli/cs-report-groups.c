/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cs-report-groups.c — `report --sort` with perf's thread and CPU keys
 *
 * Any list of pid, comm, cpu, dso, sym and srcline, in the order given,
 * as perf report prints it: one column per key, a thread as "tid:comm",
 * a CPU with three digits, a symbol after "[.]" or "[k]".
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cs-cli-util.h"
#include "cs-report-samples-private.h"

static GArray *
rows_for (CsAnalysis                  *analysis,
          const CsProfileEvent        *e,
          const CsReportSampleOptions *options)
{
  return cs_profile_dup_group_table (cs_analysis_get_profile (analysis), e->index, options->keys,
                                     options->n_keys, options->limit);
}

static const char *
key_title (CsSortKey key)
{
  switch (key)
    {
    case CS_SORT_PID:
      return _("Pid:Command");
    case CS_SORT_COMM:
      return _("Command");
    case CS_SORT_CPU:
      return _("CPU");
    case CS_SORT_DSO:
      return _("Shared Object");
    case CS_SORT_SYM:
      return _("Symbol");
    case CS_SORT_SRCLINE:
    default:
      return _("Source line");
    }
}

/* A key's value as perf prints it. */
static char *
key_text (const CsProfileGroupRow *r,
          CsSortKey                key)
{
  switch (key)
    {
    case CS_SORT_PID:
      return g_strdup_printf ("%d:%s", r->task->tid, r->task->comm);
    case CS_SORT_COMM:
      return g_strdup (r->comm);
    case CS_SORT_CPU:
      /* perf's "%*.*d" with the column's width: 000, 001, -001 (none) */
      return g_strdup_printf ("%3.3d", r->cpu == CS_PROFILE_NO_CPU ? -1 : (int) r->cpu);
    case CS_SORT_DSO:
      return g_strdup (r->module->name);
    case CS_SORT_SYM:
      return g_strdup_printf ("%s %s", r->symbol->module->kind == CS_MODULE_KERNEL ? "[k]" : "[.]",
                              r->symbol->display_name);
    case CS_SORT_SRCLINE:
    default:
      if (r->file == NULL)
        return g_strdup ("??:0");
      return g_strdup_printf ("%s:%u", r->file, r->line);
    }
}

void
_cs_report_groups_text (CsAnalysis                  *analysis,
                        const CsProfileEvent        *e,
                        const CsReportSampleOptions *options,
                        GString                     *out)
{
  g_autoptr(GArray) rows = rows_for (analysis, e, options);
  guint widths[CS_SORT_MAX_KEYS];

  for (guint k = 0; k < options->n_keys; k++)
    {
      widths[k] = g_utf8_strlen (key_title (options->keys[k]), -1);
      for (guint i = 0; i < rows->len; i++)
        {
          g_autofree char *t = key_text (&g_array_index (rows, CsProfileGroupRow, i), options->keys[k]);

          widths[k] = MAX (widths[k], g_utf8_strlen (t, -1));
        }
    }
  g_string_append_printf (out, "# %9s %12s  ", _("Overhead"), _("Samples"));
  for (guint k = 0; k < options->n_keys; k++)
    {
      cs_cli_append_padded (out, key_title (options->keys[k]), k + 1 < options->n_keys ? widths[k] : 0);
      g_string_append_c (out, k + 1 < options->n_keys ? ' ' : '\n');
    }
  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileGroupRow *r = &g_array_index (rows, CsProfileGroupRow, i);
      g_autofree char *n = cs_cli_grouped (r->samples);

      g_string_append_printf (out, "  %8.2f%% %12s  ", r->percent, n);
      for (guint k = 0; k < options->n_keys; k++)
        {
          g_autofree char *t = key_text (r, options->keys[k]);

          cs_cli_append_padded (out, t, k + 1 < options->n_keys ? widths[k] : 0);
          g_string_append_c (out, k + 1 < options->n_keys ? ' ' : '\n');
        }
    }
}

json_object *
_cs_report_groups_json (CsAnalysis                  *analysis,
                        const CsProfileEvent        *e,
                        const CsReportSampleOptions *options)
{
  g_autoptr(GArray) rows = rows_for (analysis, e, options);
  json_object *arr = json_object_new_array ();

  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileGroupRow *r = &g_array_index (rows, CsProfileGroupRow, i);
      json_object *o = json_object_new_object ();

      json_object_object_add (o, "percent", json_object_new_double (r->percent));
      json_object_object_add (o, "samples", json_object_new_int64 ((gint64) r->samples));
      json_object_object_add (o, "period", json_object_new_int64 ((gint64) r->period));
      for (guint k = 0; k < options->n_keys; k++)
        switch (options->keys[k])
          {
          case CS_SORT_PID:
            json_object_object_add (o, "pid", json_object_new_int (r->task->pid));
            json_object_object_add (o, "tid", json_object_new_int (r->task->tid));
            json_object_object_add (o, "thread", json_object_new_string (r->task->comm));
            break;
          case CS_SORT_COMM:
            json_object_object_add (o, "comm", json_object_new_string (r->comm));
            break;
          case CS_SORT_CPU:
            json_object_object_add (o, "cpu", r->cpu == CS_PROFILE_NO_CPU ? NULL : json_object_new_int ((int) r->cpu));
            break;
          case CS_SORT_DSO:
            json_object_object_add (o, "dso", json_object_new_string (r->module->name));
            break;
          case CS_SORT_SYM:
            json_object_object_add (o, "symbol", json_object_new_string (r->symbol->display_name));
            if (json_object_object_get (o, "dso") == NULL)
              json_object_object_add (o, "symbol_dso", json_object_new_string (r->symbol->module->name));
            break;
          case CS_SORT_SRCLINE:
            {
              g_autofree char *t = key_text (r, CS_SORT_SRCLINE);

              json_object_object_add (o, "srcline", json_object_new_string (t));
            }
            break;
          default:
            break;
          }
      json_object_array_add (arr, o);
    }
  return arr;
}

void
_cs_report_groups_csv_header (const CsReportSampleOptions *options,
                              GString                     *out)
{
  static const char * const head[] = { "event", "percent", "samples", "period" };

  for (guint i = 0; i < G_N_ELEMENTS (head); i++)
    cs_cli_csv_field (out, head[i], FALSE);
  for (guint k = 0; k < options->n_keys; k++)
    {
      gboolean last = k + 1 == options->n_keys;

      if (options->keys[k] == CS_SORT_PID)
        {
          cs_cli_csv_field (out, "pid", FALSE);
          cs_cli_csv_field (out, "tid", FALSE);
          cs_cli_csv_field (out, "thread", last);
        }
      else
        cs_cli_csv_field (out, options->keys[k] == CS_SORT_SYM ? "symbol" : cs_sort_key_to_string (options->keys[k]),
                          last);
    }
}

void
_cs_report_groups_csv (CsAnalysis                  *analysis,
                       const CsProfileEvent        *e,
                       const CsReportSampleOptions *options,
                       GString                     *out)
{
  g_autoptr(GArray) rows = rows_for (analysis, e, options);

  for (guint i = 0; i < rows->len; i++)
    {
      const CsProfileGroupRow *r = &g_array_index (rows, CsProfileGroupRow, i);

      _cs_report_samples_csv_numbers (out, e->name, r->percent, r->samples, r->period);
      for (guint k = 0; k < options->n_keys; k++)
        {
          gboolean last = k + 1 == options->n_keys;
          g_autofree char *t = NULL;

          switch (options->keys[k])
            {
            case CS_SORT_PID:
              {
                g_autofree char *pid = g_strdup_printf ("%d", r->task->pid);
                g_autofree char *tid = g_strdup_printf ("%d", r->task->tid);

                cs_cli_csv_field (out, pid, FALSE);
                cs_cli_csv_field (out, tid, FALSE);
                cs_cli_csv_field (out, r->task->comm, last);
              }
              continue;
            case CS_SORT_CPU:
              t = r->cpu == CS_PROFILE_NO_CPU ? g_strdup ("") : g_strdup_printf ("%u", r->cpu);
              break;
            case CS_SORT_SYM:
              t = g_strdup (r->symbol->display_name);
              break;
            default:
              t = key_text (r, options->keys[k]);
              break;
            }
          cs_cli_csv_field (out, t, last);
        }
    }
}
